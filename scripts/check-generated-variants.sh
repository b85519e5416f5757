#!/usr/bin/env bash
# Compiles, links and RUNS every variant of curvekit-generated code with plain swiftc, the way an
# app target that drops the file in would build it, and checks what it prints against the library
# (through the curvekit CLI, which runs CurveKit itself):
#   variants: a cubic (the article's curve) with each --inverse (auto, table, newton, cardano,
#             bisection) and a degree-5 curve (auto, newton, bisection), each with and without
#             --with-schedule, at each access level (public, internal, package): 48 files;
#   builds:   every variant in four configurations that pair every value of every setting
#             (-O / -Onone, -swift-version 5 / 6, with / without -enable-library-evolution):
#               -O     Swift 6                       executable, -warnings-as-errors
#               -Onone Swift 5                       executable, -warnings-as-errors
#               -O     Swift 5 library evolution     public: a resilient library + a client
#               -Onone Swift 6 library evolution     others: one evolution executable
#             (--full builds all eight combinations). Each variant has its own type name, so a
#             configuration compiles all of them as one module (8 swiftc runs for the four
#             configurations, not 192); each file's imports stay its own, member lookups too
#             (-enable-upcoming-feature MemberImportVisibility), so a variant that relies on an
#             import it lacks still fails, as it would alone;
#   runs:     every binary prints, for each variant under a "## name" line, levels, inverses and,
#             with the schedule, every widget percentage change of a full depletion, each checked
#             exact at its date and 1 ms before; the output must equal `curvekit eval`,
#             `curvekit invert` and `curvekit timeline --json` for the same curve and method.
# With library evolution, files that import Foundation get one warning on Linux, where Foundation
# is not built for library evolution (module_not_compiled_with_library_evolution); that warning is
# allowed there, and every other warning fails the build.
#   scripts/check-generated-variants.sh            the pairwise matrix (four configurations)
#   scripts/check-generated-variants.sh --full     every combination (eight)
#   --curvekit PATH   use that curvekit (scripts/test.sh passes the one its build made, so
#                     this script does not rebuild the package with other flags)
# JOBS=N sets the number of configurations built at once (default: the number of cores, at most 2);
# ONLY=REGEX keeps the variants whose name (curve-method-access-schedule, e.g. cubic-cardano-public-1)
# matches, to iterate on one.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

full=false
curvekit=""
while (($#)); do
  case "$1" in
    --full) full=true ;;
    --curvekit) curvekit="${2:-}"; shift ;;
    *) echo "usage: scripts/check-generated-variants.sh [--full] [--curvekit PATH]" >&2; exit 2 ;;
  esac
  shift
done

if [ -z "$curvekit" ]; then
  swift build --product curvekit >/dev/null 2>&1 || swift build --product curvekit
  curvekit="$repo/.build/debug/curvekit"
fi
[ -x "$curvekit" ] || { echo "error: no curvekit at $curvekit" >&2; exit 2; }
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

# The code each variant runs: it uses only the generated API, through the variant's own type
# (named after the variant, so that every variant of a build shares one module).
# $1 type name, $2 with schedule (0/1), $3 module prefix ("" or "CurveLib.").
write_run() {
  local type="$1" schedule="$2" prefix="$3"
  echo "func run_$type() {"
  echo '  print("# levels")'
  echo "  for t in [$(IFS=,; echo "${times[*]}")] as [Double] { print(${prefix}$type.level(forNormalizedElapsed: t)) }"
  echo '  print("# inverses")'
  echo "  for level in [$(IFS=,; echo "${levels[*]}")] as [Double] { print(${prefix}$type.normalizedElapsed(forLevel: level)) }"
  if [ "$schedule" = 1 ]; then
    cat <<SWIFT
  print("# changes")
  let refill = Date(timeIntervalSince1970: $refill_unix)
  let changes = ${prefix}$type.percentageChanges(lastRefillDate: refill, depletionDays: 7, from: refill)
  var previous = ${prefix}$type.widgetPercentage(lastRefillDate: refill, depletionDays: 7, at: refill)
  var exact = changes.count == 100
  for change in changes {
    print(unix(change.date), change.percentage)
    let now = ${prefix}$type.widgetPercentage(lastRefillDate: refill, depletionDays: 7, at: change.date)
    let before = ${prefix}$type.widgetPercentage(lastRefillDate: refill, depletionDays: 7, at: change.date.addingTimeInterval(-0.001))
    if now != change.percentage || before != previous { exact = false }
    previous = change.percentage
  }
  let next = ${prefix}$type.nextPercentageChange(lastRefillDate: refill, depletionDays: 7, after: refill)
  if next?.date != changes.first?.date { exact = false }
  print(exact ? "exact" : "NOT EXACT")
SWIFT
  fi
  echo "}"
}

# The main file of one build: runs each variant it is given, each under a "## name" line.
# $1 file, $2 module prefix, then the variants.
write_main() {
  local file="$1" prefix="$2" name
  shift 2
  {
    if [ -n "$prefix" ]; then echo "import CurveLib"; fi
    echo "import Foundation"
    cat <<'SWIFT'
/// The Unix seconds of a date, rounded up as curvekit timeline --json prints them.
func unix(_ date: Date) -> Double {
  var value = date.timeIntervalSince1970
  while Date(timeIntervalSince1970: value) < date { value = value.nextUp }
  return value
}
SWIFT
    for name in "$@"; do
      IFS=- read -r _ _ _ schedule <<<"$name"
      write_run "$(type_name "$name")" "$schedule" "$prefix"
      echo "print(\"## $name\")"
      echo "run_$(type_name "$name")()"
    done
  } > "$file"
}

# The Swift type of a variant: cubic-cardano-public-1 → Cubic_cardano_public_1.
type_name() { local name="${1//-/_}"; echo "${name^}"; }

# Generate every variant.
variants=()
for curve in cubic quintic; do
  for method in $(methods "$curve"); do
    for access in public internal package; do
      for schedule in 0 1; do
        name="$curve-$method-$access-$schedule"
        if [ -n "${ONLY:-}" ] && ! [[ "$name" =~ $ONLY ]]; then continue; fi
        flags=(--type-name "$(type_name "$name")" --access "$access" --inverse "$method")
        if [ "$schedule" = 1 ]; then flags+=(--with-schedule); fi
        "$curvekit" generate "$(source_args "$curve")" "${flags[@]}" -o "$work/$name.swift"
        variants+=("$name")
      done
    done
  done
done

if $full; then
  configs=("-O 6 plain" "-O 5 plain" "-Onone 6 plain" "-Onone 5 plain" "-O 6 evolution" "-O 5 evolution" "-Onone 6 evolution" "-Onone 5 evolution")
else
  configs=("-O 6 plain" "-Onone 5 plain" "-O 5 evolution" "-Onone 6 evolution")
fi

# What one build's binary must print: each variant's reference, under its "## name" line.
expected_for() { # the variants
  local name curve method schedule
  for name in "$@"; do
    IFS=- read -r curve method _ schedule <<<"$name"
    echo "## $name"
    if [ "$schedule" = 1 ]; then cat "$work/expected-$curve-$method.schedule"; else cat "$work/expected-$curve-$method.plain"; fi
  done
}

# One configuration: $1 optimization, $2 language mode, $3 plain|evolution. The variants are
# compiled together, one module per build (a file's imports are its own: member lookups too,
# with MemberImportVisibility, so a variant that needs an import it lacks still fails), and
# each variant's output is compared with the library's:
#   plain      one executable of every variant, -warnings-as-errors;
#   evolution  the public variants as one resilient library and a client that imports it, and
#              the other variants as one executable, both with -enable-library-evolution.
build_config() {
  local optimization="$1" mode="$2" kind="$3"
  local out="$work/build$optimization-$mode-$kind" status=0
  mkdir -p "$out"
  local common=("$optimization" -swift-version "$mode" -debug-diagnostic-names -package-name CurveVariants
    -enable-upcoming-feature MemberImportVisibility)
  local strict=(-warnings-as-errors)
  local -a local_variants=() library_variants=()
  local name access
  local -a library_files=() local_files=()
  for name in "${variants[@]}"; do
    IFS=- read -r _ _ access _ <<<"$name"
    if [ "$kind" = evolution ] && [ "$access" = public ]; then
      library_variants+=("$name") library_files+=("$work/$name.swift")
    else
      local_variants+=("$name") local_files+=("$work/$name.swift")
    fi
  done
  if [ "$kind" = evolution ]; then
    common+=(-enable-library-evolution)
    # Linux's Foundation is not built for library evolution: that one warning is allowed.
    strict=()
  fi
  local log="$out/log" label="$optimization Swift $mode $kind"
  if ((${#library_variants[@]})); then
    # A resilient library module, and a client that imports it.
    write_main "$out/client.swift" "CurveLib." "${library_variants[@]}"
    if swiftc "${common[@]}" "${strict[@]}" -parse-as-library -emit-library -emit-module -module-name CurveLib \
      -emit-module-path "$out/CurveLib.swiftmodule" "${library_files[@]}" -o "$out/libCurveLib.so" \
      >"$log" 2>&1 && swiftc "${common[@]}" "${strict[@]}" -module-name Client -I "$out" -L "$out" -lCurveLib \
      "$out/client.swift" -o "$out/client" >>"$log" 2>&1; then
      check_run "$out/client" "$label (library and client)" "${library_variants[@]}" || status=1
    else
      echo "FAIL build $label (library and client)"; cat "$log"; status=1
    fi
  fi
  if ((${#local_variants[@]})); then
    write_main "$out/main.swift" "" "${local_variants[@]}"
    if swiftc "${common[@]}" "${strict[@]}" -module-name Variants "${local_files[@]}" "$out/main.swift" \
      -o "$out/run" >>"$log" 2>&1; then
      check_run "$out/run" "$label" "${local_variants[@]}" || status=1
    else
      echo "FAIL build $label"; cat "$log"; status=1
    fi
  fi
  if grep "warning:" "$log" | grep -v "module_not_compiled_with_library_evolution" | grep -q .; then
    echo "FAIL warnings $label"; cat "$log"; status=1
  fi
  [ "$status" = 0 ] && rm -rf "$out"
  return "$status"
}

# Runs $1 and compares its output with the library's for the variants after $2 (the label).
check_run() {
  local binary="$1" label="$2"
  shift 2
  expected_for "$@" >"$binary.expected"
  if ! LD_LIBRARY_PATH="$(dirname "$binary")" "$binary" >"$binary.output" 2>&1; then
    echo "FAIL run $label"; tail -20 "$binary.output"; return 1
  fi
  if ! diff -u "$binary.expected" "$binary.output" >"$binary.diff"; then
    echo "FAIL output $label (expected the library's values; the nearest '## ' line above names the variant)"
    head -40 "$binary.diff"; return 1
  fi
}

jobs="${JOBS:-$(nproc 2>/dev/null || echo 1)}"
if [ "$jobs" -gt 2 ]; then jobs=2; fi
echo "==> ${#variants[@]} generated variants × ${#configs[@]} configurations, each configuration one module ($jobs at a time)"
start=$SECONDS
for config in "${configs[@]}"; do
  # shellcheck disable=SC2086
  {
    if build_config $config; then result=ok; else result=FAIL; fi
    echo "$result" >"$work/status$config"
  } >"$work/report$config" 2>&1 &
  while (($(jobs -rp | wc -l) >= jobs)); do sleep 1; done
done
wait
failed=0
for config in "${configs[@]}"; do
  if [ "$(cat "$work/status$config" 2>/dev/null)" != ok ]; then failed=$((failed + 1)); cat "$work/report$config" >&2; fi
done
if [ "$failed" != 0 ]; then
  echo "error: $failed of ${#configs[@]} configurations of generated code failed (above)" >&2
  exit 1
fi
echo "ok: ${#variants[@]} variants compiled, linked, ran and matched the library in ${#configs[@]} configurations ($((SECONDS - start)) s)"
