// ported from CurveCore/Kernels/CubicInverseKernel+Polynomial.swift sha256 c8704f932c507134b65c40dd8f5079982879efd1568926fa89e2196d9178d529
//
// The polynomial kernels of degree 4 to 10: residual, bracket and safeguarded Newton.
// The lines between the embed markers are copied verbatim into every generated Kotlin `object`
// that needs them (KotlinCodeGenerator); kotlinc -Werror compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
    // f(t) - level by compensated Horner for any degree (CurveKit's polynomial `residual`).
    private fun residual(coefficients: DoubleArray, t: Double, level: Double): Double {
        var sum = coefficients[0]
        var correction = 0.0
        for (index in 1 until coefficients.size) {
            val coefficient = coefficients[index]
            val product = sum * t
            val next = product + coefficient
            correction = correction * t + (twoProductError(sum, t, product) + twoSumError(product, coefficient, next))
            sum = next
        }
        val difference = sum + -level
        return difference + (twoSumError(sum, -level, difference) + correction)
    }

    // f(t), f'(t) by plain Horner and the scale of their rounding errors.
    private fun valueAndSlope(coefficients: DoubleArray, t: Double): DoubleArray {
        var value = coefficients[0]
        var slope = 0.0
        var scale = abs(value)
        for (index in 1 until coefficients.size) {
            slope = slope * t + value
            value = value * t + coefficients[index]
            scale = scale * t + abs(coefficients[index])
        }
        return doubleArrayOf(value, slope, scale)
    }

    private fun bracket(coefficients: DoubleArray, level: Double): Bracket {
        if (level.isNaN()) return Bracket(true, Double.NaN, 0.0, 0.0)
        val count = coefficients.size
        val startValue = coefficients[count - 1]
        var sum = 0.0
        var magnitude = abs(level)
        var rise = 0.0
        for (index in 0 until count) {
            sum += coefficients[index]
            magnitude += abs(coefficients[index])
            if (index < count - 1) rise += coefficients[index]
        }
        val plainAtOne = sum - level
        val noise = (2 * count).toDouble() * TWO_TO_MINUS_53 * magnitude
        val atOne = if (abs(plainAtOne) > noise) plainAtOne else residual(coefficients, 1.0, level)
        return bracketFromEnds(level, startValue, atOne, rise)
    }

    // Safeguarded Newton-bisection with compensated residuals for any degree (CurveKit's
    // polynomial `newton`, which `auto` is above degree 3).
    private fun newton(coefficients: DoubleArray, level: Double): Double {
        val bracket = bracket(coefficients, level)
        if (bracket.isAnswer) return bracket.answer
        val orientation = bracket.orientation
        val startGap = coefficients[coefficients.size - 1] - level
        val chord = startGap / (startGap - bracket.residualAtOne)
        var lower = 0.0
        var upper = 1.0
        var t = if (chord > 0 && chord < 1) chord else 0.5
        val noise = (2 * coefficients.size).toDouble() * TWO_TO_MINUS_53
        for (iteration in 0 until 200) {
            val plain = valueAndSlope(coefficients, t)
            val signed = orientation * (plain[0] - level)
            if (abs(signed) <= noise * (plain[2] + abs(level))) break
            if (signed < 0) lower = t else upper = t
            val next = guardedStep(t, signed / (orientation * plain[1]), lower, upper)
            if (next.isNaN() || next == t) break
            t = next
        }
        for (iteration in 0 until 200) {
            val value = orientation * residual(coefficients, t, level)
            if (value == 0.0) return t
            if (value < 0) lower = t else upper = t
            if (lower.nextUp() >= upper) break
            val step = value / (orientation * valueAndSlope(coefficients, t)[1])
            if (t - step == t) break
            val next = guardedStep(t, step, lower, upper)
            if (next.isNaN()) break
            t = next
        }
        var bestT = t
        var bestResidual = abs(residual(coefficients, t, level))
        for (candidate in doubleArrayOf(t.nextDown(), t.nextUp(), lower, upper)) {
            if (!(candidate >= 0 && candidate <= 1)) continue
            val candidateResidual = abs(residual(coefficients, candidate, level))
            if (candidateResidual < bestResidual) {
                bestT = candidate
                bestResidual = candidateResidual
            }
        }
        return bestT
    }
// curvekit:embed-end
