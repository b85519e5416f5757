// ported from CurveCore/Kernels/CubicInverseKernel.swift sha256 d0f2ae1eaccf7285dd200b848d51d28c5195db72c87ae6c7e83404be3cbf8b9a
//
// The article's 32-step bisection on `level`.
// The lines between the embed markers are copied verbatim into every generated Kotlin `object`
// that needs them (KotlinCodeGenerator); kotlinc -Werror compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
    // The originating article's bisection (CurveKit's `bisection`, 32 halvings).
    private fun bisection(targetLevel: Double, iterations: Int): Double {
        val clampedLevel = swiftMax(0.0, swiftMin(1.0, targetLevel))
        if (clampedLevel >= 0.999999) return 0.0
        if (clampedLevel <= 0.000001) return 1.0
        var lower = 0.0
        var upper = 1.0
        var remaining = iterations
        while (remaining > 0) {
            val mid = (lower + upper) * 0.5
            if (level(mid) > clampedLevel) lower = mid else upper = mid
            remaining -= 1
        }
        return (lower + upper) * 0.5
    }
// curvekit:embed-end
