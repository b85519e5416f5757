// What an Android app's widget code does with the generated curve: the level at fixed dates,
// the whole percentage the widget shows, and the exact dates at which that percentage changes
// (to schedule updates). WeeklyHabit.kt is generated from examples/curves/weekly-habit.curve.json:
//   curvekit generate examples/curves/weekly-habit.curve.json --language kotlin \
//     --package com.example.habit --with-schedule --compose -o WeeklyHabit.kt
// Every date is fixed, so the output is the same on every machine (and equal to
// examples/HabitWeb's, line for line).
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
    val refill = 1767600000000L // 2026-01-05T08:00:00Z
    val day = 86400000L
    val duration = WeeklyHabit.DEFAULT_DURATION_MILLIS
    println("WeeklyHabit: refilled ${stamp(refill)}, lasts ${duration / day} days")
    println("day  level          widget")
    for (index in 0..7) {
        val level = WeeklyHabit.currentLevel(refill, duration, refill + index * day)
        println("$index    ${percent(level).padEnd(15)}${WeeklyHabit.widgetPercentage(level)} %")
    }
    val changes = WeeklyHabit.percentageChanges(refill, duration)
    println("widget changes: ${changes.size}, the first and the last three:")
    for (change in changes.take(3) + changes.takeLast(3)) {
        println("  ${stamp(change.epochMillis)}  ${change.percentage} %")
    }
    val half = WeeklyHabit.normalizedElapsed(0.5)
    println("level 50 % at t = ${percent(half)} of the week")
    println("easing at 0.5 (Compose): ${percent(WeeklyHabit.easing.transform(0.5f).toDouble())}")
}
