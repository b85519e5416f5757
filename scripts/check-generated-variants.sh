#!/usr/bin/env bash
# Compiles, links and RUNS every variant of curvekit-generated code with plain swiftc, the way an
# app target that drops the file in would build it, and checks what it prints against the library
# (through the curvekit CLI, which runs CurveKit itself):
#   variants: a cubic (the article's curve) with each --inverse (auto, table, newton, cardano,
#             bisection) and a degree-5 curve (auto, newton, bisection), each with and without
#             --with-schedule, at each access level (public, internal, package): 48 files;
#   builds:   each variant in four configurations that pair every value of every setting
#             (-O / -Onone, -swift-version 5 / 6, with / without -enable-library-evolution):
#               -O     Swift 6                       executable, -warnings-as-errors
#               -Onone Swift 5                       executable, -warnings-as-errors
#               -O     Swift 5 library evolution     public: a resilient library + a client
#               -Onone Swift 6 library evolution     executable; others: one evolution module
#             (--full builds all eight combinations);
#   runs:     every binary prints levels, inverses and, with the schedule, every widget
#             percentage change of a full depletion, each checked exact at its date and 1 ms
#             before; the output must equal `curvekit eval`, `curvekit invert` and
#             `curvekit timeline --json` for the same curve and method.
# With library evolution, files that import Foundation get one warning on Linux, where Foundation
# is not built for library evolution (module_not_compiled_with_library_evolution); that warning is
# allowed there, and every other warning fails the build.
#   scripts/check-generated-variants.sh            the pairwise matrix (192 builds, ~2-4 min on 2 cores)
#   scripts/check-generated-variants.sh --full     every combination (384 builds)
# JOBS=N sets the number of parallel swiftc builds (default: the number of cores, at most 2);
# ONLY=REGEX keeps the variants whose name (curve-method-access-schedule, e.g. cubic-cardano-public-1)
# matches, to iterate on one.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

full=false
case "${1:-}" in
  "") ;;
  --full) full=true ;;
  *) echo "usage: scripts/check-generated-variants.sh [--full]" >&2; exit 2 ;;
esac

swift build --product curvekit >/dev/null 2>&1 || swift build --product curvekit
curvekit="$repo/.build/debug/curvekit"
work="$(mktemp -d "${TMPDIR:-/tmp}/curvekit-variants.XXXXXX")"
trap 'rm -rf "$work"' EXIT

cubic="-0.131963982801121,-0.0930282018562079,-0.775007815342671,1"
# The degree-5 fit of the S-curve spec, as coefficients (the spec's own codegen options would
# force the schedule helpers on).
quintic="$("$curvekit" check "$repo/Tests/Fixtures/specs/s-curve.curve.json" | sed -n 's/^coefficients: //p')"
[ -n "$quintic" ] || { echo "error: cannot fit Tests/Fixtures/specs/s-curve.curve.json" >&2; exit 1; }
times=(0 0.125 0.25 0.5 0.75 0.999 1 -0.5 1.5)
levels=(1.5 1 0.999 0.9 0.6 0.5 0.25 0.005 0.000001 0 -0.5)
refill_unix=1767600000
refill_iso=2026-01-05T08:00:00Z

# The curve sources and the methods each supports.
source_args() { if [ "$1" = cubic ]; then echo "--coefficients=$cubic"; else echo "--coefficients=$quintic"; fi; }
methods() { if [ "$1" = cubic ]; then echo auto table newton cardano bisection; else echo auto newton bisection; fi; }

# What the library prints for each (curve, method): the reference every binary must reproduce.
for curve in cubic quintic; do
  src="$(source_args "$curve")"
  for method in $(methods "$curve"); do
    expected="$work/expected-$curve-$method"
    {
      echo "# levels"
      "$curvekit" eval "$src" -- "${times[@]}"
      echo "# inverses"
      "$curvekit" invert "$src" --method "$method" -- "${levels[@]}"
    } > "$expected.plain"
    cp "$expected.plain" "$expected.schedule"
    {
      echo "# changes"
      "$curvekit" timeline "$src" --refill "$refill_iso" --days 7 --json \
        | grep -o '"unix":[^,]*,"percentage":[0-9]*' | sed 's/"unix":\(.*\),"percentage":\(.*\)/\1 \2/'
      echo "exact"
    } >> "$expected.schedule"
  done
done
[ "$(grep -c . "$work/expected-cubic-auto.schedule")" -gt 100 ] || { echo "error: no timeline from curvekit" >&2; exit 1; }

# The program each variant runs: it uses only the generated API.
write_main() { # $1 file, $2 with schedule (0/1), $3 module prefix ("" or "CurveLib.")
  local file="$1" schedule="$2" prefix="$3"
  {
    if [ -n "$prefix" ]; then echo "import CurveLib"; fi
    if [ "$schedule" = 1 ]; then echo "import Foundation"; fi
    echo 'print("# levels")'
    echo "for t in [$(IFS=,; echo "${times[*]}")] as [Double] { print(${prefix}Curve.level(forNormalizedElapsed: t)) }"
    echo 'print("# inverses")'
    echo "for level in [$(IFS=,; echo "${levels[*]}")] as [Double] { print(${prefix}Curve.normalizedElapsed(forLevel: level)) }"
    if [ "$schedule" = 1 ]; then
      cat <<SWIFT
print("# changes")
/// The Unix seconds of a date, rounded up as curvekit timeline --json prints them.
func unix(_ date: Date) -> Double {
  var value = date.timeIntervalSince1970
  while Date(timeIntervalSince1970: value) < date { value = value.nextUp }
  return value
}
let refill = Date(timeIntervalSince1970: $refill_unix)
let changes = ${prefix}Curve.percentageChanges(lastRefillDate: refill, depletionDays: 7, from: refill)
var previous = ${prefix}Curve.widgetPercentage(lastRefillDate: refill, depletionDays: 7, at: refill)
var exact = changes.count == 100
for change in changes {
  print(unix(change.date), change.percentage)
  let now = ${prefix}Curve.widgetPercentage(lastRefillDate: refill, depletionDays: 7, at: change.date)
  let before = ${prefix}Curve.widgetPercentage(lastRefillDate: refill, depletionDays: 7, at: change.date.addingTimeInterval(-0.001))
  if now != change.percentage || before != previous { exact = false }
  previous = change.percentage
}
let next = ${prefix}Curve.nextPercentageChange(lastRefillDate: refill, depletionDays: 7, after: refill)
if next?.date != changes.first?.date { exact = false }
print(exact ? "exact" : "NOT EXACT")
SWIFT
    fi
  } > "$file"
}

# Generate every variant.
variants=()
for curve in cubic quintic; do
  for method in $(methods "$curve"); do
    for access in public internal package; do
      for schedule in 0 1; do
        name="$curve-$method-$access-$schedule"
        if [ -n "${ONLY:-}" ] && ! [[ "$name" =~ $ONLY ]]; then continue; fi
        dir="$work/$name"
        mkdir -p "$dir"
        flags=(--type-name Curve --access "$access" --inverse "$method")
        if [ "$schedule" = 1 ]; then flags+=(--with-schedule); fi
        "$curvekit" generate "$(source_args "$curve")" "${flags[@]}" -o "$dir/Curve.swift"
        write_main "$dir/main.swift" "$schedule" ""
        write_main "$dir/client.swift" "$schedule" "CurveLib."
        variants+=("$name")
      done
    done
  done
done

if $full; then
  configs=("-O 6 plain" "-Onone 6 plain" "-O 5 plain" "-Onone 5 plain" "-O 6 evolution" "-Onone 6 evolution" "-O 5 evolution" "-Onone 5 evolution")
else
  configs=("-O 6 plain" "-Onone 5 plain" "-O 5 evolution" "-Onone 6 evolution")
fi

# One build and run: $1 variant, $2 optimization, $3 language mode, $4 plain|evolution.
build_one() {
  local name="$1" optimization="$2" mode="$3" kind="$4"
  local dir="$work/$name" curve method access schedule
  IFS=- read -r curve method access schedule <<<"$name"
  local out="$dir/build$optimization-$mode-$kind"
  mkdir -p "$out"
  local common=("$optimization" -swift-version "$mode" -debug-diagnostic-names -package-name CurveVariants)
  local strict=(-warnings-as-errors)
  if [ "$kind" = evolution ]; then
    common+=(-enable-library-evolution)
    # Linux's Foundation is not built for library evolution: that one warning is allowed.
    if [ "$schedule" = 1 ]; then strict=(); fi
  fi
  local log="$out/log"
  if [ "$kind" = evolution ] && [ "$access" = public ]; then
    # A resilient library module, and a client that imports it.
    swiftc "${common[@]}" "${strict[@]}" -parse-as-library -emit-library -emit-module -module-name CurveLib \
      -emit-module-path "$out/CurveLib.swiftmodule" "$dir/Curve.swift" -o "$out/libCurveLib.so" >"$log" 2>&1 \
      && swiftc "${common[@]}" "${strict[@]}" -module-name Client -I "$out" -L "$out" -lCurveLib \
        "$dir/client.swift" -o "$out/run" >>"$log" 2>&1 \
      || { echo "FAIL build $name $optimization Swift $mode $kind"; cat "$log"; return 1; }
  else
    swiftc "${common[@]}" "${strict[@]}" -module-name Variant "$dir/Curve.swift" "$dir/main.swift" -o "$out/run" \
      >"$log" 2>&1 || { echo "FAIL build $name $optimization Swift $mode $kind"; cat "$log"; return 1; }
  fi
  if grep "warning:" "$log" | grep -v "module_not_compiled_with_library_evolution" | grep -q .; then
    echo "FAIL warnings $name $optimization Swift $mode $kind"; cat "$log"; return 1
  fi
  local expected="$work/expected-$curve-$method.plain"
  if [ "$schedule" = 1 ]; then expected="$work/expected-$curve-$method.schedule"; fi
  if ! LD_LIBRARY_PATH="$out" "$out/run" >"$out/output" 2>&1; then
    echo "FAIL run $name $optimization Swift $mode $kind"; cat "$out/output"; return 1
  fi
  if ! diff -u "$expected" "$out/output" >"$out/diff"; then
    echo "FAIL output $name $optimization Swift $mode $kind (expected the library's values)"; head -20 "$out/diff"; return 1
  fi
  rm -rf "$out"
}
export -f build_one
export work

jobs="${JOBS:-$(nproc 2>/dev/null || echo 1)}"
if [ "$jobs" -gt 2 ]; then jobs=2; fi
list="$work/jobs"
for name in "${variants[@]}"; do
  for config in "${configs[@]}"; do echo "$name $config"; done
done > "$list"
count=$(wc -l < "$list")
echo "==> ${#variants[@]} generated variants × ${#configs[@]} configurations: $count swiftc builds, run and compared ($jobs at a time)"
start=$SECONDS
if ! xargs -P "$jobs" -L 1 bash -c 'build_one "$@"' _ < "$list" > "$work/results" 2>&1; then
  cat "$work/results" >&2
  echo "error: $(grep -c '^FAIL' "$work/results") of $count generated-code builds failed (above)" >&2
  exit 1
fi
echo "ok: $count builds of ${#variants[@]} variants compiled, linked, ran and matched the library ($((SECONDS - start)) s)"
