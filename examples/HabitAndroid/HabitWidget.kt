// What an Android app's widget code does with the generated curve: the level at fixed dates,
// the whole percentage the widget shows, and the exact dates at which that percentage changes
// (to schedule updates). WeeklyHabit.kt is generated from examples/curves/weekly-habit.curve.json:
//   curvekit generate examples/curves/weekly-habit.curve.json --language kotlin \
//     --package com.example.habit --with-schedule --compose -o WeeklyHabit.kt
// The second part is the Swift widget example's flow (examples/HabitTracker) on its own curve,
// DepletionCurve.kt, generated the same way from
// examples/HabitTracker/Sources/DepletionCurveModel/DepletionCurve.curve.json: the slider
// (refillEpochMillis, the article's setCurrentFill), the widget timeline from now, the reload
// date and the moment the level reaches one half, with the Swift example's numbers.
// Every date is fixed, so the output is the same on every machine (and equal to
// examples/HabitWeb's, line for line, but the easing line: Compose's CubicBezierEasing here,
// the CSS easing there). Refill moments are epoch milliseconds as Doubles: refillEpochMillis keeps
// the fraction of the Swift Date (its timeIntervalSince1970 * 1000), so every date below is the
// Swift example's to the millisecond.
import com.example.habit.DepletionCurve
import com.example.habit.WeeklyHabit
import java.time.Instant
import java.time.ZoneOffset
import java.time.format.DateTimeFormatter

private val iso = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC)

fun stamp(epochMillis: Long): String = iso.format(Instant.ofEpochMilli(epochMillis))

// A fraction as a percentage with six decimals, from one integer rounding (the same in every language).
fun percent(fraction: Double): String {
    val micro = Math.round(fraction * 1e8)
    val sign = if (micro < 0) "-" else ""
    val magnitude = Math.abs(micro)
    return "$sign${magnitude / 1000000}.${(magnitude % 1000000).toString().padStart(6, '0')} %"
}

fun main() {
    val start = 1767600000000L // 2026-01-05T08:00:00Z
    val refill = start.toDouble()
    val day = 86400000L
    val duration = WeeklyHabit.DEFAULT_DURATION_MILLIS
    println("WeeklyHabit: refilled ${stamp(start)}, lasts ${duration / day} days")
    println("day  level          widget")
    for (index in 0..7) {
        val level = WeeklyHabit.currentLevel(refill, duration, start + index * day)
        println("$index    ${percent(level).padEnd(15)}${WeeklyHabit.widgetPercentage(level)} %")
    }
    val changes = WeeklyHabit.percentageChanges(refill, duration)
    println("widget changes: ${changes.size}, the first and the last three:")
    for (change in changes.take(3) + changes.takeLast(3)) {
        println("  ${stamp(change.epochMillis)}  ${change.percentage} %")
    }
    val half = WeeklyHabit.normalizedElapsed(0.5)
    println("level 50 % at t = ${percent(half)} of the week")
    // WeeklyHabit.easing is `curvekit export --format compose`'s CubicBezierEasing, to the digit.
    println("easing at 0.5 (Compose CubicBezierEasing): ${percent(WeeklyHabit.easing.transform(0.5f).toDouble())}")

    habitFlow()
}

// examples/HabitTracker's flow: day 3 at noon the user drags the slider to 60 %.
fun habitFlow() {
    val start = 1767600000000L // 2026-01-05T08:00:00Z
    val refill = start.toDouble()
    val duration = DepletionCurve.DEFAULT_DURATION_MILLIS
    val now = start + 302400000L // 3.5 days later: 2026-01-08T20:00:00Z
    println()
    println("DepletionCurve (examples/HabitTracker): at ${stamp(now)} the level is ${percent(DepletionCurve.currentLevel(refill, duration, now))}")
    val moved = DepletionCurve.refillEpochMillis(0.6, now, duration)
    println("refillEpochMillis(0.6) (setCurrentFill): the refill moves to ${stamp(moved.toLong())}")
    println("level now: ${percent(DepletionCurve.currentLevel(moved, duration, now))}, widget ${DepletionCurve.currentWidgetPercentage(moved, duration, now)} %")
    val changes = DepletionCurve.percentageChanges(moved, duration, now)
    val entries = listOf(DepletionCurve.PercentageChange(now, DepletionCurve.currentWidgetPercentage(moved, duration, now))) + changes
    println("widget timeline from ${stamp(now).replace(".000Z", "Z")}: ${entries.size} entries, one per change of the percentage")
    for ((index, entry) in entries.withIndex()) {
        if (index < 6 || index >= entries.size - 3) println("  ${stamp(entry.epochMillis)}  ${String.format("%3d", entry.percentage)} %")
        if (index == 5) println("  …")
    }
    val reload = DepletionCurve.nextPercentageChange(moved, duration, now)
    println("reload after: ${reload?.let { stamp(it.epochMillis) } ?: "never"} (the first change)")
    val halfEmpty = DepletionCurve.epochMillisWhenLevelReaches(0.5, moved, duration)
    println("level 0.5 reached at: ${halfEmpty?.let { stamp(it) } ?: "never"}")
    println("the last change: ${stamp(DepletionCurve.percentageChanges(moved, duration).last().epochMillis)}")
}
