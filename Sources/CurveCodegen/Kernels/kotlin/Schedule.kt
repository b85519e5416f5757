// ported from CurveSchedule/DepletionScheduleKernel.swift sha256 5d61a1e71fcc09f21a045e79118dde58b59d609de28895211e680cefd902009c
//
// The widget timeline: Foundation's date arithmetic, the change search and the CLI's milliseconds.
// The lines between the embed markers are copied verbatim into every generated Kotlin `object`
// that needs them (KotlinCodeGenerator); kotlinc -Werror compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
    // CurveKit's schedule kernel (Sources/CurveSchedule/DepletionScheduleKernel.swift) and the
    // CLI's millisecond rounding, ported operation for operation. Dates are Foundation's: seconds
    // since 2001-01-01 as doubles, so every date is the one the Swift library computes.

    // Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
    private const val REFERENCE_DATE_UNIX_SECONDS = 978307200.0

    private fun referenceSeconds(epochMillis: Long): Double = referenceSeconds(epochMillis.toDouble())

    private fun referenceSeconds(epochMillis: Double): Double = epochMillis / 1000.0 - REFERENCE_DATE_UNIX_SECONDS

    // A date as epoch milliseconds, not rounded: Foundation's `timeIntervalSince1970 * 1000`, the
    // one rule for a refill moment (a date the app stores and passes back, never a printed one).
    private fun unixMillis(date: Double): Double = (date + REFERENCE_DATE_UNIX_SECONDS) * 1000.0

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

    // The refill date at which a fill shows level at date (DepletionScheduleKernel.refillDate).
    private fun refillDate(level: Double, date: Double, duration: Double): Double {
        val clampedLevel = swiftMax(0.0, swiftMin(1.0, level))
        val normalized = swiftMax(0.0, swiftMin(1.0, normalizedElapsed(clampedLevel)))
        return date + -normalized * duration
    }

    private fun levelAtDate(date: Double, refill: Double, duration: Double): Double =
        level(normalizedElapsed(date, refill, duration))

    // The first date at which the level reaches target, or null when it never does in the period
    // (DepletionScheduleKernel.date(whenLevelReaches:)).
    private fun dateWhenLevelReaches(target: Double, refill: Double, duration: Double): Double? {
        if (!(duration > 0 && duration.isFinite() && !target.isNaN())) return null
        val end = endOfPeriod(refill, duration)
        val falling = levelAtDate(end, refill, duration) < levelAtDate(refill, refill, duration)
        val reached = { date: Double ->
            if (falling) levelAtDate(date, refill, duration) <= target else levelAtDate(date, refill, duration) >= target
        }
        if (reached(refill)) return refill
        if (!reached(end)) return null
        val t = swiftMax(0.0, swiftMin(1.0, normalizedElapsed(target)))
        val guess = refill + t * duration
        return firstDate(refill, end, guess, reached)
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
// curvekit:embed-end
