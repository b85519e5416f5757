/// The Kotlin text of CurveKit's kernels, ported from `Sources/CurveCore/CubicInverseKernel*.swift`
/// and `Sources/CurveSchedule/DepletionScheduleKernel.swift` operation for operation (the same
/// IEEE 754 operations in the same order; Kotlin/JVM never fuses a multiply and an add), so a
/// generated Kotlin file computes what the Swift library computes, bit for bit. Each text is
/// a run of private members of the generated `object`, indented four spaces.
///
/// When a Swift kernel changes, change its port here: `scripts/check-generated-languages.sh`
/// compares the two on every CI run.
enum KotlinKernels {
  /// Swift's min and max, TwoSum, Veltkamp's split, TwoProduct, the guarded step and the bracket.
  static let common = #"""
        // CurveKit's inverse kernels (Sources/CurveCore/CubicInverseKernel*.swift), ported
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
    """#

  /// The cubic's compensated residual, slope, bracket, seed and safeguarded Newton (`newton`).
  static let cubic = #"""
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
    """#

  /// The cubic's one-off full-precision inverse (`auto`).
  static let auto = #"""
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
    """#

  /// The polynomial kernels of degree 4 to 10: residual, bracket and safeguarded Newton.
  static let polynomial = #"""
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
    """#

  /// The article's 32-step bisection on `level`.
  static let bisection = #"""
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
    """#

  /// The widget timeline: Foundation's date arithmetic, the change search and the CLI's milliseconds.
  static let schedule = #"""
        // CurveKit's schedule kernel (Sources/CurveSchedule/DepletionScheduleKernel.swift) and the
        // CLI's millisecond rounding, ported operation for operation. Dates are Foundation's: seconds
        // since 2001-01-01 as doubles, so every date is the one the Swift library computes.

        // Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
        private const val REFERENCE_DATE_UNIX_SECONDS = 978307200.0

        private fun referenceSeconds(epochMillis: Long): Double =
            epochMillis.toDouble() / 1000.0 - REFERENCE_DATE_UNIX_SECONDS

        private fun normalizedElapsed(date: Double, refill: Double, duration: Double): Double {
            val elapsed = swiftMax(0.0, date - refill)
            return swiftMin(1.0, elapsed / duration)
        }

        private fun shown(date: Double, refill: Double, duration: Double): Int =
            widgetPercentage(level(normalizedElapsed(date, refill, duration)))

        private fun endOfPeriod(refill: Double, duration: Double): Double {
            var end = refill + duration
            var remaining = 8
            while (remaining > 0 && normalizedElapsed(end, refill, duration) < 1) {
                end = end.nextUp()
                remaining -= 1
            }
            return end
        }

        // The first date after start and at most end at which isReached holds, to one ulp.
        private inline fun firstDate(start: Double, end: Double, probe: Double, isReached: (Double) -> Boolean): Double {
            var lower = start
            var upper = end
            if (probe > lower && probe < upper) {
                var step = 0.001
                if (isReached(probe)) {
                    upper = probe
                    while (probe - step > lower) {
                        if (!isReached(probe - step)) {
                            lower = probe - step
                            break
                        }
                        upper = probe - step
                        step *= 2
                    }
                } else {
                    lower = probe
                    while (probe + step < upper) {
                        if (isReached(probe + step)) {
                            upper = probe + step
                            break
                        }
                        lower = probe + step
                        step *= 2
                    }
                }
            }
            while (true) {
                val middle = lower + (upper - lower) * 0.5
                if (!(middle > lower && middle < upper)) break
                if (isReached(middle)) upper = middle else lower = middle
            }
            return upper
        }

        // The first change after date as (date, percentage), or null when it no longer changes.
        private fun nextChange(date: Double, refill: Double, duration: Double): Pair<Double, Int>? {
            if (!(duration > 0 && duration.isFinite() && date.isFinite())) return null
            val end = endOfPeriod(refill, duration)
            val start = if (date < refill) refill else date
            if (!(start < end)) return null
            val current = shown(start, refill, duration)
            val final = shown(end, refill, duration)
            if (final == current) return null
            val threshold = (current.toDouble() + (if (final < current) -0.5 else 0.5)) / 100
            val t = swiftMax(0.0, swiftMin(1.0, normalizedElapsed(threshold)))
            val guess = refill + t * duration
            val found = firstDate(start, end, guess) { shown(it, refill, duration) != current }
            return Pair(found, shown(found, refill, duration))
        }

        // Unix milliseconds as `curvekit timeline` prints them: the least double u with
        // u - 978307200 >= date, then its shortest round-trip decimal rounded up to the millisecond.
        private fun epochMillis(date: Double): Long {
            var unix = date + REFERENCE_DATE_UNIX_SECONDS
            var remaining = 4
            while (remaining > 0 && unix - REFERENCE_DATE_UNIX_SECONDS < date) {
                unix = unix.nextUp()
                remaining -= 1
            }
            val product = unix * 1000.0
            val nearest = round(product)
            for (candidate in doubleArrayOf(nearest - 1, nearest, nearest + 1)) {
                if (candidate / 1000.0 == unix) return candidate.toLong()
            }
            val below = floor(product)
            if (product != below) return ceil(product).toLong()
            return (if (twoProductError(unix, 1000.0, product) > 0) below + 1 else below).toLong()
        }
    """#
}
