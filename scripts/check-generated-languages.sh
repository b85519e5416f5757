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
#      after --from), and fails on any difference; epochMillisWhenLevelReaches and
#      refillEpochMillis (no CLI prints them) must agree between Kotlin and TypeScript.
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
mkdir -p "$work/kotlin" "$work/typescript" "$work/swift" "$work/kt-src" "$work/ts-src/out"
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
names=()
for entry in "${curves[@]}"; do
  IFS='|' read -r name spec inverse <<<"$entry"
  names+=("$name")
  "$curvekit" generate "$spec" --language kotlin --package curvekit.check --type-name "$name" \
    --inverse "$inverse" --with-schedule --compose --progress-segments "$ramp_limits" -o "$work/kt-src/$name.kt" >/dev/null
  "$curvekit" generate "$spec" --language typescript --type-name "$name" --inverse "$inverse" \
    --with-schedule --progress-segments "$ramp_limits" -o "$work/ts-src/$name.ts" >/dev/null
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
  kotlin_calls+="    check(dir, \"$name\", $name::level, $name::normalizedElapsed, { r, d -> $name.percentageChanges(r, d).map { \"\${it.epochMillis} \${it.percentage}\" } }, { r, d, p -> $name.progressSegments(r, d, p).map { \"\${it.fromEpochMillis} \${it.toEpochMillis} \${bits(it.startLevel)} \${bits(it.endLevel)}\" } }, { r, d, f, u -> $name.percentageChanges(r, d, f, u).map { \"\${it.epochMillis} \${it.percentage}\" } }, { r, d, f -> $name.nextPercentageChange(r, d, f)?.let { \"\${it.epochMillis} \${it.percentage}\" } }) { r, d, l -> \"\${$name.epochMillisWhenLevelReaches(l, r, d)} \${$name.refillEpochMillis(l, r + d / 2, d)} \${$name.currentWidgetPercentage(r, d, r + d / 2)}\" }"$'\n'
  ts_imports+="import { $name } from './$name.js';"$'\n'
  ts_calls+="check('$name', $name.level, $name.normalizedElapsed, (r, d) => $name.percentageChanges(r, d).map((c) => \`\${c.epochMillis} \${c.percentage}\`), (r, d, p) => $name.progressSegments(r, d, p).map((s) => \`\${s.fromEpochMillis} \${s.toEpochMillis} \${bits(s.startLevel)} \${bits(s.endLevel)}\`), (r, d, f, u) => $name.percentageChanges(r, d, f, u).map((c) => \`\${c.epochMillis} \${c.percentage}\`), (r, d, f) => { const c = $name.nextPercentageChange(r, d, f); return c === null ? null : \`\${c.epochMillis} \${c.percentage}\`; }, (r, d, l) => \`\${$name.epochMillisWhenLevelReaches(l, r, d)} \${$name.refillEpochMillis(l, r + Math.trunc(d / 2), d)} \${$name.currentWidgetPercentage(r, d, r + Math.trunc(d / 2))}\`);"$'\n'
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

fun readBits(path: String): List<Double> =
    File(path).readLines().filter { it.isNotBlank() }.map { java.lang.Double.longBitsToDouble(java.lang.Long.parseUnsignedLong(it.trim(), 16)) }

fun check(
    dir: String, name: String, level: (Double) -> Double, inverse: (Double) -> Double,
    changes: (Long, Long) -> List<String>, ramps: (Long, Long, Double) -> List<String>,
    window: (Long, Long, Long, Long) -> List<String>, next: (Long, Long, Long) -> String?,
    reaches: (Long, Long, Double) -> String
) {
    File("\$dir/kotlin/\$name.levels").writeText(readBits("\$dir/times.bits").joinToString("") { bits(level(it)) + "\n" })
    File("\$dir/kotlin/\$name.inverse").writeText(readBits("\$dir/levels.bits").joinToString("") { bits(inverse(it)) + "\n" })
    File("\$dir/schedules.txt").readLines().filter { it.isNotBlank() }.forEachIndexed { index, line ->
        val (refill, duration, from, through) = line.trim().split(" ").map { it.toLong() }
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

// A stand-in for Compose's Easing (a fun interface since Compose 1.0), so --compose compiles here.
interface Easing {
    fun transform(fraction: Float): Float
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

# The level-reached and refill-for-level moments (no CLI command prints them): the Kotlin and
# TypeScript ports must agree to the millisecond, and each date must be where the level is reached.
reach_status=0
for name in "${names[@]}"; do
  for file in "$work"/kotlin/"$name".reaches-*; do
    if ! cmp -s "$file" "$work/typescript/$(basename "$file")"; then
      echo "error: $(basename "$file"): Kotlin and TypeScript differ" >&2
      diff "$file" "$work/typescript/$(basename "$file")" | head -5 >&2
      reach_status=1
    fi
  done
done
[ $reach_status -eq 0 ] && echo "ok   level-reached and refill moments: Kotlin and TypeScript agree (${#names[@]} curves)"
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
# The web artefacts from one call: the generated TypeScript carries export's CSS easing.
css_export=$("$curvekit" export examples/curves/weekly-habit.curve.json | sed -n 's/^  --[a-z-]*-easing: \(.*\);$/\1/p')
if grep -qF "cssEasing: '$css_export'," "$work/web/weeklyHabit.ts"; then
  echo "ok   cssEasing is the easing curvekit export prints: $css_export"
else
  echo "error: the generated TypeScript's cssEasing is not '$css_export' (curvekit export)" >&2
  example_status=1
fi
exit $example_status
