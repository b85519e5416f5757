// ported from CurveCore/Kernels/CubicInverseKernel+Residual.swift sha256 30639ca9438db235d0956ef908c60ac593c7ccdde0800d191c4ca7e714eade4b
// ported from CurveCore/Kernels/CubicInverseKernel+Newton.swift sha256 b800e2674e7e8302f334975daf6158ce18e9d7300577344bf361ddb492107d40
//
// The cubic's compensated residual, slope, bracket, seed and safeguarded Newton (`newton`).
// The lines between the embed markers are copied verbatim into every generated Kotlin `object`
// that needs them (KotlinCodeGenerator); kotlinc -Werror compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
    // f(t) - level by compensated Horner (twice the working precision).
    private fun residual(a: Double, b: Double, c: Double, d: Double, t: Double, level: Double): Double {
        var sum = a
        var correction = 0.0
        for (step in 1..3) {
            val coefficient = if (step == 1) b else if (step == 2) c else d
            val product = sum * t
            val next = product + coefficient
            correction = correction * t + (twoProductError(sum, t, product) + twoSumError(product, coefficient, next))
            sum = next
        }
        val difference = sum + -level
        return difference + (twoSumError(sum, -level, difference) + correction)
    }

    private fun slope(a: Double, b: Double, c: Double, t: Double): Double = (3.0 * a * t + 2.0 * b) * t + c

    private fun curvature(a: Double, b: Double, t: Double): Double = 6.0 * a * t + 2.0 * b

    private fun bracket(a: Double, b: Double, c: Double, d: Double, level: Double): Bracket {
        if (level.isNaN()) return Bracket(true, Double.NaN, 0.0, 0.0)
        val plainAtOne = (((a + b) + c) + d) - level
        val noise = 4.0 * TWO_TO_MINUS_53 * (abs(a) + abs(b) + abs(c) + abs(d) + abs(level))
        val atOne = if (abs(plainAtOne) > noise) plainAtOne else residual(a, b, c, d, 1.0, level)
        return bracketFromEnds(level, d, atOne, a + b + c)
    }

    // The smallest root >= 0 of q*x^2 + l*x + k without cancellation, or NaN.
    private fun smallestNonNegativeRoot(q: Double, l: Double, k: Double): Double {
        if (k == 0.0) return 0.0
        if (q == 0.0) {
            val x = -k / l
            return if (x.isFinite() && x >= 0) x else Double.NaN
        }
        val discriminant = l * l - 4.0 * q * k
        if (!(discriminant >= 0)) return Double.NaN
        val root = sqrt(discriminant)
        val big = -0.5 * (l + (if (l >= 0) root else -root))
        val first = big / q
        val second = if (big != 0.0) k / big else Double.NaN
        var best = Double.POSITIVE_INFINITY
        if (first.isFinite() && first >= 0) best = first
        if (second.isFinite() && second >= 0 && second < best) best = second
        return if (best.isFinite()) best else Double.NaN
    }

    private fun seed(a: Double, b: Double, c: Double, d: Double, level: Double, residualAtOne: Double): Double {
        val startValue = d
        val endValue = ((a + b) + c) + d
        val chord = (startValue - level) / (startValue - endValue)
        val fraction = if (chord.isFinite()) swiftMax(0.0, swiftMin(1.0, chord)) else 0.5
        if (fraction <= 0.5) {
            val t = smallestNonNegativeRoot(b, c, startValue - level)
            if (t <= 1) return t
        } else {
            val s = smallestNonNegativeRoot(3.0 * a + b, -slope(a, b, c, 1.0), residualAtOne)
            if (s <= 1) return 1 - s
        }
        return fraction
    }

    // Safeguarded Newton-bisection with compensated residuals (CurveKit's `newton`).
    private fun newton(a: Double, b: Double, c: Double, d: Double, level: Double): Double {
        val bracket = bracket(a, b, c, d, level)
        if (bracket.isAnswer) return bracket.answer
        val orientation = bracket.orientation
        var lower = 0.0
        var upper = 1.0
        var t = seed(a, b, c, d, level, bracket.residualAtOne)
        if (!(t > lower && t < upper)) t = 0.5
        val noise = 4.0 * TWO_TO_MINUS_53
        for (iteration in 0 until 200) {
            val value = orientation * ((((a * t + b) * t + c) * t + d) - level)
            val magnitude = ((abs(a) * t + abs(b)) * t + abs(c)) * t + abs(d) + abs(level)
            if (abs(value) <= noise * magnitude) break
            if (value < 0) lower = t else upper = t
            val slopeHere = orientation * slope(a, b, c, t)
            val step = value * slopeHere / (slopeHere * slopeHere - 0.5 * value * orientation * curvature(a, b, t))
            val next = guardedStep(t, if (step.isFinite()) step else value / slopeHere, lower, upper)
            if (next.isNaN() || next == t) break
            t = next
        }
        var bestT = t
        var bestResidual = Double.POSITIVE_INFINITY
        for (iteration in 0 until 200) {
            val value = orientation * residual(a, b, c, d, t, level)
            if (abs(value) < bestResidual) {
                bestT = t
                bestResidual = abs(value)
            }
            if (value == 0.0) return t
            if (value < 0) lower = t else upper = t
            val slopeHere = slope(a, b, c, t)
            val next = t - value / (orientation * slopeHere)
            val slopeNoise = noise * (((3.0 * abs(a)) * t + 2.0 * abs(b)) * t + abs(c))
            if (next == t) {
                if (!(abs(slopeHere) < TWO_TO_20 * slopeNoise)) return t
                return nearerNeighbour(a, b, c, d, t, value, orientation, level)
            }
            val change = next - t
            if (abs(slopeHere) >= TWO_TO_20 * slopeNoise && next >= lower && next <= upper &&
                change * change * abs(curvature(a, b, t)) <=
                TWO_TO_MINUS_60 * abs(slopeHere) * swiftMax(abs(next), TWO_TO_MINUS_60)
            ) {
                return next
            }
            val stepped = guardedStep(t, value / (orientation * slopeHere), lower, upper)
            if (stepped.isNaN()) break
            t = stepped
        }
        val lowerResidual = abs(residual(a, b, c, d, lower, level))
        if (lowerResidual < bestResidual) {
            bestT = lower
            bestResidual = lowerResidual
        }
        val upperResidual = abs(residual(a, b, c, d, upper, level))
        if (upperResidual < bestResidual) bestT = upper
        return bestT
    }

    private fun nearerNeighbour(
        a: Double, b: Double, c: Double, d: Double, t: Double, value: Double, orientation: Double, level: Double
    ): Double {
        val neighbour = if (value > 0) t.nextDown() else t.nextUp()
        if (!(neighbour >= 0 && neighbour <= 1)) return t
        val other = orientation * residual(a, b, c, d, neighbour, level)
        val straddles = other == 0.0 || (other > 0) != (value > 0)
        return if (straddles && abs(other) < abs(value)) neighbour else t
    }
// curvekit:embed-end
