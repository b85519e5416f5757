#!/usr/bin/env bash
# Generated Kotlin and TypeScript against the Swift library, bit for bit (issue 21):
#   scripts/check-generated-languages.sh [--curvekit PATH]
# For every curve below (degrees 1, 3, 5 and 10; the inverse methods auto, newton, bisection):
#   1. `curvekit generate --language kotlin|typescript --with-schedule` writes the files; Kotlin
#      compiles with Debian's kotlinc (-Werror, on the installed JDK) and runs on the JVM,
#      TypeScript compiles with Debian's tsc (--strict --target es2020) and runs under node;
#   2. the Swift library answers through the CLI: `curvekit eval --bits` on >= 10^4 times
#      (0, -0, 1, NaN, ±Infinity, subnormals, out of range, seeded values), `curvekit invert
#      --bits` on >= 10^3 levels, and `curvekit timeline --json` for four refills and periods;
#   3. scripts/languages/compare.mjs compares every level and inverse bit pattern and every
#      timeline date to the millisecond (whole timelines, from/through windows against
#      `curvekit timeline --from --through`, and nextPercentageChange against the first change
#      after --from), and fails on any difference;
#   4. epochMillisWhenLevelReaches, refillEpochMillis and the timeline from that refill (no CLI
#      prints them) against the generated Swift (DepletionScheduleKernel, the code
#      DepletionSchedule runs), compiled with swiftc: the same millisecond, the refill's bits;
#   5. the examples print their expected output, and their widget timeline is the Swift
#      example's (examples/HabitTracker) to the millisecond.
# Installs kotlin and node-typescript with apt when missing (scripts/apt-ensure.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

curvekit=""
while [ $# -gt 0 ]; do
  case "$1" in
    --curvekit) curvekit="${2:?--curvekit needs a path}"; shift 2 ;;
    *) echo "error: unknown option '$1' (usage: scripts/check-generated-languages.sh [--curvekit PATH])" >&2; exit 2 ;;
  esac
done
scripts/apt-ensure.sh kotlin node-typescript default-jre-headless
if [ -z "$curvekit" ]; then
  swift build --product curvekit >/dev/null
  curvekit="$(swift build --show-bin-path)/curvekit"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/kotlin" "$work/typescript" "$work/swift" "$work/kt-src" "$work/ts-src/out" "$work/swift-src"
node scripts/languages/inputs.mjs "$work"

# name | source | inverse
curves=(
  "WeeklyHabit|examples/curves/weekly-habit.curve.json|auto"
  "Depletion|examples/curves/depletion.curve.json|auto"
  "SteepStart|examples/curves/steep-start.curve.json|auto"
  "SteepEnd|examples/curves/steep-end.curve.json|auto"
  "Linear|examples/curves/linear.curve.json|auto"
  "DepletionNewton|examples/curves/depletion.curve.json|newton"
  "DepletionBisection|examples/curves/depletion.curve.json|bisection"
  "QuinticShoulder|Tests/Fixtures/languages/quintic.curve.json|auto"
  "DecicCliff|Tests/Fixtures/languages/decic.curve.json|auto"
  "DecicBisection|Tests/Fixtures/languages/decic.curve.json|bisection"
)
# refill (ISO 8601) | days
schedules=(
  "2026-01-05T08:00:00Z|7"
  "2026-03-29T01:30:00Z|0.5"
  "2025-12-31T23:59:59Z|30"
  "2026-07-01T00:00:00.250Z|0.25"
)

# The window of a schedule: from 30 % to 60 % of its period, whole milliseconds, as ISO 8601.
window_of() {
  node -e 'const r=Date.parse(process.argv[1]), d=Math.round(Number(process.argv[2])*86400000);
    console.log(new Date(r+Math.floor(0.3*d)).toISOString()+"|"+new Date(r+Math.floor(0.6*d)).toISOString())' "$1" "$2"
}

# The error limits (percentage points) whose linear ramps the files embed (--progress-segments).
ramp_limits="0.5,1,2"
kotlin_calls=""
ts_imports=""
ts_calls=""
swift_calls=""
names=()
for entry in "${curves[@]}"; do
  IFS='|' read -r name spec inverse <<<"$entry"
  names+=("$name")
  "$curvekit" generate "$spec" --language kotlin --package curvekit.check --type-name "$name" \
    --inverse "$inverse" --with-schedule --compose --progress-segments "$ramp_limits" -o "$work/kt-src/$name.kt" >/dev/null
  "$curvekit" generate "$spec" --language typescript --type-name "$name" --inverse "$inverse" \
    --with-schedule --progress-segments "$ramp_limits" -o "$work/ts-src/$name.ts" >/dev/null
  "$curvekit" generate "$spec" --type-name "$name" --inverse "$inverse" --with-schedule \
    -o "$work/swift-src/$name.swift" >/dev/null
  coefficients=$("$curvekit" fit "$spec" --json | node -e \
    'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).coefficients.join(",")))')
  "$curvekit" eval --bits --coefficients "$coefficients" <"$work/times.bits" >"$work/swift/$name.levels"
  "$curvekit" invert --bits --coefficients "$coefficients" --method "$inverse" <"$work/levels.bits" \
    >"$work/swift/$name.inverse"
  index=0
  for schedule in "${schedules[@]}"; do
    IFS='|' read -r refill days <<<"$schedule"
    "$curvekit" timeline "$spec" --refill "$refill" --days "$days" --json >"$work/swift/$name.timeline-$index"
    # A window (from 30 % to 60 % of the period) and the next change after its start.
    IFS='|' read -r from_iso through_iso <<<"$(window_of "$refill" "$days")"
    "$curvekit" timeline "$spec" --refill "$refill" --days "$days" --from "$from_iso" --through "$through_iso" \
      --json >"$work/swift/$name.timeline-w$index"
    "$curvekit" timeline "$spec" --refill "$refill" --days "$days" --from "$from_iso" --json |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);j.changes=j.changes.slice(0,1);console.log(JSON.stringify(j))})' \
      >"$work/swift/$name.timeline-n$index"
    for limit in ${ramp_limits//,/ }; do
      "$curvekit" timeline --coefficients "$coefficients" --refill "$refill" --days "$days" --segments \
        --max-error "$limit" --json >"$work/swift/$name.segments-$index-$limit"
    done
    index=$((index + 1))
  done
  kotlin_calls+="    check(dir, \"$name\", $name::level, $name::normalizedElapsed, { r, d -> $name.percentageChanges(r, d).map { \"\${it.epochMillis} \${it.percentage}\" } }, { r, d, p -> $name.progressSegments(r, d, p).map { \"\${it.fromEpochMillis} \${it.toEpochMillis} \${bits(it.startLevel)} \${bits(it.endLevel)}\" } }, { r, d, f, u -> $name.percentageChanges(r, d, f, u).map { \"\${it.epochMillis} \${it.percentage}\" } }, { r, d, f -> $name.nextPercentageChange(r, d, f)?.let { \"\${it.epochMillis} \${it.percentage}\" } }) { r, d, l -> reachLine($name.epochMillisWhenLevelReaches(l, r, d), $name.refillEpochMillis(l, r.toLong() + d / 2, d), $name.currentWidgetPercentage(r, d, r.toLong() + d / 2)) { m -> $name.percentageChanges(m, d, r.toLong() + d / 2).map { it.epochMillis } } }"$'\n'
  ts_imports+="import { $name } from './$name.js';"$'\n'
  swift_calls+="check(\"$name\", reached: $name.date(lastRefillDate:depletionDays:whenLevelReaches:), refill: $name.refillDate(depletionDays:forLevel:at:), percentage: $name.widgetPercentage(lastRefillDate:depletionDays:at:), changes: $name.percentageChanges(lastRefillDate:depletionDays:from:through:))"$'\n'
  ts_calls+="check('$name', $name.level, $name.normalizedElapsed, (r, d) => $name.percentageChanges(r, d).map((c) => \`\${c.epochMillis} \${c.percentage}\`), (r, d, p) => $name.progressSegments(r, d, p).map((s) => \`\${s.fromEpochMillis} \${s.toEpochMillis} \${bits(s.startLevel)} \${bits(s.endLevel)}\`), (r, d, f, u) => $name.percentageChanges(r, d, f, u).map((c) => \`\${c.epochMillis} \${c.percentage}\`), (r, d, f) => { const c = $name.nextPercentageChange(r, d, f); return c === null ? null : \`\${c.epochMillis} \${c.percentage}\`; }, (r, d, l) => { const m = $name.refillEpochMillis(l, r + Math.trunc(d / 2), d); return reachLine($name.epochMillisWhenLevelReaches(l, r, d), m, $name.currentWidgetPercentage(r, d, r + Math.trunc(d / 2)), $name.percentageChanges(m, d, r + Math.trunc(d / 2)).map((c) => c.epochMillis)); });"$'\n'
done

: >"$work/schedules.txt"
for schedule in "${schedules[@]}"; do
  IFS='|' read -r refill days <<<"$schedule"
  refill_ms=$(date -u -d "$refill" +%s%3N)
  duration_ms=$(node -e "console.log(Math.round($days * 86400000))")
  IFS='|' read -r from_iso through_iso <<<"$(window_of "$refill" "$days")"
  echo "$refill_ms $duration_ms $(date -u -d "$from_iso" +%s%3N) $(date -u -d "$through_iso" +%s%3N)" >>"$work/schedules.txt"
done

# The Kotlin harness: every curve's level, inverse and timelines, as bit patterns and lines.
cat >"$work/kt-src/Harness.kt" <<KOTLIN
import curvekit.check.*
import java.io.File

fun bits(x: Double): String = java.lang.Long.toHexString(java.lang.Double.doubleToRawLongBits(x)).padStart(16, '0')

val REACH_LEVELS = doubleArrayOf(1.0, 0.999, 0.9, 0.5, 0.25, 0.1, 0.001, 0.0, 1.5, -0.5)

// The level-reached moment, the refill for a level at mid-period (its bits) with the percentage
// shown there, and the epoch milliseconds of the timeline from that refill, on one line.
fun reachLine(reached: Long?, refill: Double, percentage: Int, changes: (Double) -> List<Long>): String =
    "\$reached \${bits(refill)} \$percentage " + changes(refill).joinToString(",")

fun readBits(path: String): List<Double> =
    File(path).readLines().filter { it.isNotBlank() }.map { java.lang.Double.longBitsToDouble(java.lang.Long.parseUnsignedLong(it.trim(), 16)) }

fun check(
    dir: String, name: String, level: (Double) -> Double, inverse: (Double) -> Double,
    changes: (Double, Long) -> List<String>, ramps: (Double, Long, Double) -> List<String>,
    window: (Double, Long, Long, Long) -> List<String>, next: (Double, Long, Long) -> String?,
    reaches: (Double, Long, Double) -> String
) {
    File("\$dir/kotlin/\$name.levels").writeText(readBits("\$dir/times.bits").joinToString("") { bits(level(it)) + "\n" })
    File("\$dir/kotlin/\$name.inverse").writeText(readBits("\$dir/levels.bits").joinToString("") { bits(inverse(it)) + "\n" })
    File("\$dir/schedules.txt").readLines().filter { it.isNotBlank() }.forEachIndexed { index, line ->
        val (start, duration, from, through) = line.trim().split(" ").map { it.toLong() }
        val refill = start.toDouble()
        File("\$dir/kotlin/\$name.timeline-\$index").writeText(changes(refill, duration).joinToString("") { it + "\n" })
        File("\$dir/kotlin/\$name.timeline-w\$index").writeText(window(refill, duration, from, through).joinToString("") { it + "\n" })
        File("\$dir/kotlin/\$name.timeline-n\$index").writeText(next(refill, duration, from)?.let { it + "\n" } ?: "")
        File("\$dir/kotlin/\$name.reaches-\$index").writeText(REACH_LEVELS.joinToString("") { reaches(refill, duration, it) + "\n" })
        for (limit in "$ramp_limits".split(",")) {
            File("\$dir/kotlin/\$name.segments-\$index-\$limit").writeText(
                ramps(refill, duration, limit.toDouble()).joinToString("") { it + "\n" })
        }
    }
}

fun main(args: Array<String>) {
    val dir = args[0]
$kotlin_calls}
KOTLIN
cat >"$work/kt-src/Easing.kt" <<'KOTLIN'
package androidx.compose.animation.core

// Stand-ins for Compose's Easing (a fun interface since Compose 1.0) and CubicBezierEasing, so
// --compose compiles and runs here. This CubicBezierEasing solves x(s) = fraction by bisection
// in Double on the Float control values; Compose's own solver may differ in the last Float bits.
interface Easing {
    fun transform(fraction: Float): Float
}

class CubicBezierEasing(private val a: Float, private val b: Float, private val c: Float, private val d: Float) : Easing {
    private fun bezier(p1: Float, p2: Float, s: Double): Double {
        val r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    override fun transform(fraction: Float): Float {
        if (fraction <= 0f || fraction >= 1f) return fraction
        var low = 0.0
        var high = 1.0
        repeat(60) {
            val middle = (low + high) / 2
            if (bezier(a, c, middle) < fraction) low = middle else high = middle
        }
        return bezier(b, d, (low + high) / 2).toFloat()
    }
}
KOTLIN

# The TypeScript harness, the same checks under node.
cat >"$work/ts-src/harness.ts" <<TYPESCRIPT
import { readFileSync, writeFileSync } from 'fs';
$ts_imports
declare const process: { argv: string[] };
const dir = process.argv[2];
const buffer = new Float64Array(1);
const words = new BigUint64Array(buffer.buffer);
const REACH_LEVELS = [1.0, 0.999, 0.9, 0.5, 0.25, 0.1, 0.001, 0.0, 1.5, -0.5];
function readBits(path: string): number[] {
  return readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => {
    words[0] = BigInt('0x' + line.trim());
    return buffer[0];
  });
}
function bits(x: number): string {
  buffer[0] = x;
  return words[0].toString(16).padStart(16, '0');
}
// The level-reached moment, the refill for a level at mid-period (its bits) with the percentage
// shown there, and the epoch milliseconds of the timeline from that refill, on one line.
function reachLine(reached: number | null, refill: number, percentage: number, changes: number[]): string {
  return \`\${reached} \${bits(refill)} \${percentage} \${changes.join(',')}\`;
}
function check(name: string, level: (t: number) => number, inverse: (l: number) => number,
  changes: (refill: number, duration: number) => string[],
  ramps: (refill: number, duration: number, limit: number) => string[],
  window: (refill: number, duration: number, from: number, through: number) => string[],
  next: (refill: number, duration: number, from: number) => string | null,
  reaches: (refill: number, duration: number, level: number) => string): void {
  writeFileSync(\`\${dir}/typescript/\${name}.levels\`, readBits(\`\${dir}/times.bits\`).map((t) => bits(level(t)) + '\n').join(''));
  writeFileSync(\`\${dir}/typescript/\${name}.inverse\`, readBits(\`\${dir}/levels.bits\`).map((l) => bits(inverse(l)) + '\n').join(''));
  readFileSync(\`\${dir}/schedules.txt\`, 'utf8').split('\n').filter((line) => line.trim() !== '').forEach((line, index) => {
    const [refill, duration, from, through] = line.trim().split(' ').map(Number);
    writeFileSync(\`\${dir}/typescript/\${name}.timeline-\${index}\`, changes(refill, duration).map((c) => c + '\n').join(''));
    writeFileSync(\`\${dir}/typescript/\${name}.timeline-w\${index}\`, window(refill, duration, from, through).map((c) => c + '\n').join(''));
    const following = next(refill, duration, from);
    writeFileSync(\`\${dir}/typescript/\${name}.timeline-n\${index}\`, following === null ? '' : following + '\n');
    writeFileSync(\`\${dir}/typescript/\${name}.reaches-\${index}\`, REACH_LEVELS.map((l) => reaches(refill, duration, l) + '\n').join(''));
    for (const limit of '$ramp_limits'.split(',')) {
      writeFileSync(\`\${dir}/typescript/\${name}.segments-\${index}-\${limit}\`, ramps(refill, duration, Number(limit)).map((r) => r + '\n').join(''));
    }
  });
}
$ts_calls
TYPESCRIPT
printf '%s\n' "declare module 'fs' { export function readFileSync(path: string, encoding: string): string; export function writeFileSync(path: string, text: string): void; }" >"$work/ts-src/fs.d.ts"

echo "kotlinc: $(kotlinc -version 2>&1 | grep -o 'kotlinc-jvm [^ ]*') ($(ls "$work"/kt-src/*.kt | wc -l) files, -Werror)"
kotlinc -Werror "$work"/kt-src/*.kt -d "$work/kt-out" 2>&1 | grep -v 'OpenJDK 64-Bit Server VM warning' || true
[ -f "$work/kt-out/HarnessKt.class" ] || { echo "error: kotlinc did not compile the generated Kotlin" >&2; exit 1; }
kotlin -cp "$work/kt-out" HarnessKt "$work"

echo "tsc: $(tsc --version) (--strict --target es2020)"
tsc --strict --target es2020 --module es2020 --moduleResolution node --outDir "$work/ts-src/out" "$work"/ts-src/*.ts
echo '{"type": "module"}' >"$work/ts-src/out/package.json"
node "$work/ts-src/out/harness.js" "$work"

node scripts/languages/compare.mjs "$work" "${names[@]}"

# The Swift side of what no CLI command prints: the generated Swift files (whose schedule is
# DepletionScheduleKernel, the code DepletionSchedule runs) with a small harness, compiled by
# swiftc. Durations are whole days or exact fractions of one here, so days * 86 400 (Swift) and
# milliseconds / 1000 (Kotlin, TypeScript) are the same double.
cat >"$work/swift-src/main.swift" <<SWIFT
import Foundation

func bits(_ x: Double) -> String {
  let text = String(x.bitPattern, radix: 16)
  return String(repeating: "0", count: 16 - text.count) + text
}

/// A date's epoch milliseconds as \`curvekit timeline\` prints it: the least double u whose
/// Date(timeIntervalSince1970: u) is not earlier, its shortest decimal rounded up to the millisecond.
func millis(_ date: Date) -> String {
  var unix = date.timeIntervalSince1970
  var remaining = 4
  while remaining > 0 && Date(timeIntervalSince1970: unix) < date {
    unix = unix.nextUp
    remaining -= 1
  }
  let parts = unix.description.split(separator: ".", omittingEmptySubsequences: false)
  var total = Int(parts[0]) ?? -1
  let fraction = parts.count > 1 ? Array(parts[1]) : []
  for index in 0..<3 { total = total * 10 + (index < fraction.count ? Int(String(fraction[index])) ?? 0 : 0) }
  let rest = fraction.count > 3 && fraction[3...].contains { \$0 != "0" }
  return String(total + (rest ? 1 : 0))
}

func check(
  _ directory: String, _ name: String, reached: (Date, Double, Double) -> Date?, refill: (Double, Double, Date) -> Date,
  percentage: (Date, Double, Date) -> Int, changes: (Date, Double, Date, Date?) -> [(date: Date, percentage: Int)]
) {
  let levels: [Double] = [1.0, 0.999, 0.9, 0.5, 0.25, 0.1, 0.001, 0.0, 1.5, -0.5]
  let text = (try? String(contentsOfFile: directory + "/schedules.txt", encoding: .utf8)) ?? ""
  for (index, line) in text.split(separator: "\n").enumerated() {
    let fields = line.split(separator: " ").map { Int64(\$0) ?? 0 }
    let start = Date(timeIntervalSince1970: Double(fields[0]) / 1000)
    let days = Double(fields[1]) / 86_400_000
    let middle = Date(timeIntervalSince1970: Double(fields[0] + fields[1] / 2) / 1000)
    var out = ""
    for level in levels {
      let moved = refill(days, level, middle)
      // The timeline from the refill as an app stores it, in epoch milliseconds (a Date held in
      // memory may differ from it by one ulp, which moves a change by ~0.1 µs).
      let stored = Date(timeIntervalSince1970: moved.timeIntervalSince1970 * 1000 / 1000)
      let timeline = changes(stored, days, middle, nil).map { millis(\$0.date) }.joined(separator: ",")
      out += "\(reached(start, days, level).map(millis) ?? "null") \(bits(moved.timeIntervalSince1970 * 1000)) "
        + "\(percentage(start, days, middle)) \(timeline)\n"
    }
    FileManager.default.createFile(atPath: "\(directory)/swift/\(name).reaches-\(index)", contents: Data(out.utf8))
  }
}

let directory = CommandLine.arguments[1]
$(printf '%s' "$swift_calls" | sed 's/^check(/check(directory, /')
SWIFT
echo "swiftc: the generated Swift of ${#names[@]} curves and a harness (-swift-version 6)"
swiftc -swift-version 6 -o "$work/swift-harness" "$work"/swift-src/*.swift
"$work/swift-harness" "$work"

# The level-reached moments, the refill for a level (setCurrentFill) and the timeline from it,
# which no CLI command prints: each port against the generated Swift, line for line.
reach_status=0
for language in kotlin typescript; do
  for name in "${names[@]}"; do
    for file in "$work/swift/$name".reaches-*; do
      if ! cmp -s "$file" "$work/$language/$(basename "$file")"; then
        echo "error: $language $(basename "$file"): differs from Swift (< Swift, > $language)" >&2
        diff "$file" "$work/$language/$(basename "$file")" | cut -c1-200 | head -5 >&2
        reach_status=1
      fi
    done
  done
done
[ $reach_status -eq 0 ] && echo "ok   level-reached moments, refills and the timelines from them: Kotlin and TypeScript equal Swift (${#names[@]} curves, ${#schedules[@]} schedules, 10 levels)"
[ $reach_status -eq 0 ] || exit 1

# The examples: a tiny Kotlin (Android) and TypeScript (web) consumer of the weekly habit curve,
# built from a freshly generated file; both print exactly examples/*/expected-output.txt.
echo "==> examples/HabitAndroid and examples/HabitWeb"
mkdir -p "$work/android" "$work/web/out"
"$curvekit" generate examples/curves/weekly-habit.curve.json --language kotlin --package com.example.habit \
  --with-schedule --compose -o "$work/android/WeeklyHabit.kt" >/dev/null
habit_spec=examples/HabitTracker/Sources/DepletionCurveModel/DepletionCurve.curve.json
"$curvekit" generate "$habit_spec" --language kotlin --package com.example.habit --with-schedule \
  -o "$work/android/DepletionCurve.kt" >/dev/null
kotlinc -Werror examples/HabitAndroid/HabitWidget.kt "$work/android/WeeklyHabit.kt" "$work/android/DepletionCurve.kt" \
  "$work/kt-src/Easing.kt" \
  -d "$work/android/out" 2>&1 | grep -v 'OpenJDK 64-Bit Server VM warning' || true
kotlin -cp "$work/android/out" HabitWidgetKt >"$work/android/output.txt"
"$curvekit" generate examples/curves/weekly-habit.curve.json --language typescript --with-schedule \
  -o "$work/web/weeklyHabit.ts" >/dev/null
"$curvekit" generate "$habit_spec" --language typescript --with-schedule -o "$work/web/depletionCurve.ts" >/dev/null
cp examples/HabitWeb/habitWidget.ts "$work/web/"
tsc --strict --target es2020 --module es2020 --outDir "$work/web/out" "$work/web/habitWidget.ts" "$work/web/weeklyHabit.ts" \
  "$work/web/depletionCurve.ts"
echo '{"type": "module"}' >"$work/web/out/package.json"
node "$work/web/out/habitWidget.js" >"$work/web/output.txt"
example_status=0
for example in android:HabitAndroid web:HabitWeb; do
  folder="${example#*:}"
  if [ "${CURVEKIT_RECORD_EXAMPLES:-}" = 1 ]; then cp "$work/${example%%:*}/output.txt" "examples/$folder/expected-output.txt"; fi
  if diff -u "examples/$folder/expected-output.txt" "$work/${example%%:*}/output.txt"; then
    echo "ok   examples/$folder prints its expected output"
  else
    echo "error: examples/$folder printed something else (above)" >&2
    example_status=1
  fi
done
# The widget timeline of each example's second part is the Swift widget example's, to the
# millisecond: the entries, the reload date and the level-one-half date. Every line of the
# Swift example's timeline is in the port's output, in order (its first part prints other
# entries too); a line a millisecond off is missing there, and the diff shows it.
swift_timeline() { grep -E '^  [0-9-]+T[0-9:.]+Z +[0-9]+ %$|^  …$|^(reload after|level 0.5 reached at): ' "$1"; }
for folder in HabitAndroid HabitWeb; do
  swift_timeline examples/HabitTracker/expected-output.txt >"$work/swift-timeline.txt"
  if diff -u "$work/swift-timeline.txt" \
    <(swift_timeline "examples/$folder/expected-output.txt" | grep -F -x -f "$work/swift-timeline.txt"); then
    echo "ok   examples/$folder's widget timeline is examples/HabitTracker's, to the millisecond"
  else
    echo "error: examples/$folder's widget timeline differs from the Swift example's (above)" >&2
    example_status=1
  fi
done
# The web artefacts from one call: the generated TypeScript carries export's CSS easing.
css_export=$("$curvekit" export examples/curves/weekly-habit.curve.json | sed -n 's/^  --[a-z-]*-easing: \(.*\);$/\1/p')
if grep -qF "cssEasing: '$css_export'," "$work/web/weeklyHabit.ts"; then
  echo "ok   cssEasing is the easing curvekit export prints: $css_export"
else
  echo "error: the generated TypeScript's cssEasing is not '$css_export' (curvekit export)" >&2
  example_status=1
fi
exit $example_status
