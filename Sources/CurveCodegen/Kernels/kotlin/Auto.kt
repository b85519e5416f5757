// ported from CurveCore/Kernels/CubicInverseKernel+Auto.swift sha256 12e1da71aa2c940b8ca6abde9ddf2172b8e16da26e6faeb9d1d05cf56d3d9cdb
//
// The cubic's one-off full-precision inverse (`auto`).
// The lines between the embed markers are copied verbatim into every generated Kotlin `object`
// that needs them (KotlinCodeGenerator); kotlinc -Werror compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
    // f(t) - level by compensated Horner of a*t^3 + b*t^2 + c*t + (d - level), for a t with at
    // most 26 significant bits (CurveKit's `shortCompensatedResidual`).
    private fun shortCompensatedResidual(
        a: Double, b: Double, c: Double, d: Double, t: Double, level: Double
    ): Double {
        val offset = d + -level
        val offsetError = twoSumError(d, -level, offset)
        var sum = a
        var correction = 0.0
        for (step in 1..3) {
            val coefficient = if (step == 1) b else if (step == 2) c else offset
            val product = sum * t
            val sumHi = splitHigh(sum)
            val productError = (sumHi * t - product) + (sum - sumHi) * t
            val next = product + coefficient
            correction = correction * t + (productError + twoSumError(product, coefficient, next))
            sum = next
        }
        return sum + (correction + offsetError)
    }

    private class Seed(val t: Double, val isHermite: Boolean)

    private fun oneOffSeed(a: Double, b: Double, c: Double, d: Double, level: Double, residualAtOne: Double): Seed {
        val rise = ((a + b) + c)
        val endSlope = (3.0 * a + 2.0 * b) + c
        val middle = c + b
        val floor = 0.4 * abs(rise)
        val steep = c * rise > 0 && middle * rise > 0 && endSlope * rise > 0 &&
            abs(c) >= floor && abs(middle) >= floor && abs(endSlope) >= floor
        if (!steep) {
            val high = 1.2 * abs(rise)
            val flatEnd = endSlope == 0.0 && (3.0 * a + b) * rise < 0 && c * rise > 0 && middle * rise > 0 &&
                abs(c) >= high && abs(middle) >= high
            val flatStart = c == 0.0 && b * rise > 0 && endSlope * rise > 0 && middle * rise > 0 &&
                abs(endSlope) >= high && abs(middle) >= high
            if (!(flatEnd || flatStart)) return Seed(taylorSeed(a, b, c, d, level, residualAtOne), false)
            return Seed(flatEndSeed(a, b, c, d, level, residualAtOne), true)
        }
        val y = (level - d) * (1 / rise)
        val startSlope = rise / c
        val finalSlope = rise / endSlope
        val rest = 1 - y
        return Seed(y * y * (3 - 2 * y) + y * rest * (startSlope * rest - finalSlope * y), true)
    }

    private fun flatEndSeed(
        a: Double, b: Double, c: Double, d: Double, level: Double, residualAtOne: Double
    ): Double {
        val rise = ((a + b) + c)
        val endSlope = (3.0 * a + 2.0 * b) + c
        val flatAtOne = endSlope == 0.0
        val fraction = if (flatAtOne) residualAtOne / rise else (level - d) / rise
        val w = sqrt(swiftMax(0.0, swiftMin(1.0, fraction)))
        val halfCurvature = if (flatAtOne) 3.0 * a + b else b
        val startSlope = sqrt(abs(rise) / abs(halfCurvature))
        val finalSlope = 2.0 * abs(rise) / abs(if (flatAtOne) c else endSlope)
        val rest = 1 - w
        val x = w * w * (3 - 2 * w) + w * rest * (startSlope * rest - finalSlope * w)
        return if (flatAtOne) 1 - x else x
    }

    private fun taylorSeed(a: Double, b: Double, c: Double, d: Double, level: Double, residualAtOne: Double): Double {
        val startOffset = d - level
        val startRoot = sqrt(swiftMax(0.0, c * c - 4.0 * b * startOffset))
        val fromStart = 2.0 * abs(startOffset) / (abs(c) + startRoot)
        val endSlope = (3.0 * a + 2.0 * b) + c
        val endRoot = sqrt(swiftMax(0.0, endSlope * endSlope - 4.0 * (3.0 * a + b) * residualAtOne))
        val fromEnd = 2.0 * abs(residualAtOne) / (abs(endSlope) + endRoot)
        return if (abs(startOffset) <= abs(residualAtOne)) fromStart else 1 - fromEnd
    }

    // CurveKit's one-off full-precision inverse (`auto`): a seed, one compensated residual,
    // plain steps on the exact expansion about the seed, else safeguarded Newton.
    private fun oneOffInverse(a: Double, b: Double, c: Double, d: Double, level: Double): Double {
        val bracket = bracket(a, b, c, d, level)
        if (bracket.isAnswer) return bracket.answer
        val residualAtOne = bracket.residualAtOne
        if (a == 0.0 && b == 0.0) {
            val t = (level - d) / c
            return if (t > 0) (if (t < 1) t else 1.0) else 0.0
        }
        val seed = oneOffSeed(a, b, c, d, level, residualAtOne)
        val t0 = splitHigh(if (seed.t > 0) (if (seed.t < 1) seed.t else 1.0) else 0.0)
        val r0 = shortCompensatedResidual(a, b, c, d, t0, level)
        val s1 = slope(a, b, c, t0)
        val s2 = 3.0 * a * t0 + b
        val inverseSlope = 1 / s1
        val p = s2 * inverseSlope
        val q = a * inverseSlope
        val third = 2.0 * p * p - q
        val fourth = 5.0 * p * (q - p * p)
        val u = -(r0 * inverseSlope)
        val uSquared = u * u
        var delta = u + uSquared * ((third * u - p) + uSquared * fourth)
        if (!seed.isHermite) {
            val value = r0 + delta * (s1 + delta * (s2 + delta * a))
            val derivative = s1 + delta * (2.0 * s2 + 3.0 * a * delta)
            val halfCurvature = s2 + 3.0 * a * delta
            delta -= if (value == 0.0) 0.0 else value * derivative / (derivative * derivative - value * halfCurvature)
        }
        val value = r0 + delta * (s1 + delta * (s2 + delta * a))
        val derivative = s1 + delta * (2.0 * s2 + 3.0 * a * delta)
        val step = if (value == 0.0) 0.0 else value / derivative
        delta -= step
        val t = t0 + delta
        val halfCurvature = abs(s2 + 3.0 * a * delta)
        val slopeTerms = ((3.0 * abs(a)) * t0 + 2.0 * abs(b)) * t0 + abs(c)
        val final = step * step * halfCurvature <= TWO_TO_MINUS_55 * abs(derivative) && abs(step) <= TWO_TO_MINUS_26
        val sharp = abs(delta) * slopeTerms <= 0.25 * abs(derivative)
        if (final && sharp && t >= 0 && t <= 1) return t
        return newton(a, b, c, d, level)
    }
// curvekit:embed-end
