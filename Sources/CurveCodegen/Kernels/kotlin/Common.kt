// ported from CurveCore/Kernels/CubicInverseKernel+Residual.swift sha256 30639ca9438db235d0956ef908c60ac593c7ccdde0800d191c4ca7e714eade4b
// ported from CurveCore/Kernels/CubicInverseKernel+Newton.swift sha256 b800e2674e7e8302f334975daf6158ce18e9d7300577344bf361ddb492107d40
//
// Swift's min and max, TwoSum, Veltkamp's split, TwoProduct, the guarded step and the bracket.
// The lines between the embed markers are copied verbatim into every generated Kotlin `object`
// that needs them (KotlinCodeGenerator); kotlinc -Werror compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
    // CurveKit's inverse kernels (Sources/CurveCore/Kernels/CubicInverseKernel*.swift), ported
    // operation for operation: the same IEEE 754 double operations in the same order, no fused
    // multiply-add, so the results are those of the Swift library bit for bit.

    // Swift's min and max: the second argument only when it compares below (above or equal).
    private fun swiftMin(x: Double, y: Double): Double = if (y < x) y else x

    private fun swiftMax(x: Double, y: Double): Double = if (y >= x) y else x

    // The rounding error of sum = x + y (Knuth's TwoSum).
    private fun twoSumError(x: Double, y: Double, sum: Double): Double {
        val yVirtual = sum - x
        val xVirtual = sum - yVirtual
        return (x - xVirtual) + (y - yVirtual)
    }

    // The high part of Veltkamp's split (26 significant bits).
    private fun splitHigh(x: Double): Double {
        val scaled = 134217729.0 * x
        return scaled - (scaled - x)
    }

    // The rounding error of product = x * y (Dekker's TwoProduct, no fma).
    private fun twoProductError(x: Double, y: Double, product: Double): Double {
        val xHi = splitHigh(x)
        val xLo = x - xHi
        val yHi = splitHigh(y)
        val yLo = y - yHi
        return xLo * yLo - (((product - xHi * yHi) - xLo * yHi) - xHi * yLo)
    }

    // t - step when that stays in [lower, upper], else the bracket's midpoint; NaN when the
    // bracket holds no double strictly inside.
    private fun guardedStep(t: Double, step: Double, lower: Double, upper: Double): Double {
        val next = t - step
        if (next >= lower && next <= upper) return next
        val mid = lower + (upper - lower) * 0.5
        return if (mid > lower && mid < upper) mid else Double.NaN
    }

    // Where a level sits relative to f(0) and f(1): an answer at an end (or NaN), or inside.
    private class Bracket(
        val isAnswer: Boolean, val answer: Double, val orientation: Double, val residualAtOne: Double
    )

    private fun bracketFromEnds(level: Double, startValue: Double, atOne: Double, rise: Double): Bracket {
        val increasing = (atOne + level) - startValue > 0 || (rise > 0 && atOne + level == startValue)
        if (increasing) {
            if (level <= startValue) return Bracket(true, 0.0, 0.0, 0.0)
            if (atOne <= 0) return Bracket(true, 1.0, 0.0, 0.0)
            return Bracket(false, 0.0, 1.0, atOne)
        }
        if (level >= startValue) return Bracket(true, 0.0, 0.0, 0.0)
        if (atOne >= 0) return Bracket(true, 1.0, 0.0, 0.0)
        return Bracket(false, 0.0, -1.0, atOne)
    }
// curvekit:embed-end
