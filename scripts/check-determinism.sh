#!/usr/bin/env bash
# One answer on every machine: runs the tests whose results go through BLAS/LAPACK and are
# checked byte for byte (the golden files, the generator's properties, the correctly rounded
# fits) and compares the bytes of `curvekit fit --json`, the fit report,
# `generate` (Swift, Kotlin, TypeScript) and `timeline` for every example spec, under several BLAS/LAPACK configurations:
#   - OpenBLAS with OPENBLAS_CORETYPE=Prescott (SSE3 kernels),
#   - OpenBLAS with OPENBLAS_CORETYPE=Haswell (when the CPU has AVX2),
#   - OpenBLAS with OPENBLAS_CORETYPE=SkylakeX (when the CPU has AVX-512),
#   - Debian's reference LAPACK and BLAS (LD_LIBRARY_PATH at their folders, which
#     `update-alternatives --list` names; they come with liblapack-dev).
# The rest of the test suite runs once, with the machine's own configuration (scripts/test.sh):
# suites that never reach LAPACK give the same answer under every configuration, so they are not
# rerun here (GeneratedCodeTests links CurveCore and CurveSchedule only; the swiftc, socket and
# fuzz suites have their own targets). The configurations run two at a time (JOBS=1 for one).
# Usage: scripts/check-determinism.sh [--curvekit PATH]   (needs `swift build --build-tests` first)
set -euo pipefail
cd "$(dirname "$0")/.."

curvekit=""
if [[ "${1:-}" == "--curvekit" ]]; then curvekit="$2"; fi
if [[ -z "$curvekit" ]]; then curvekit="$(swift build --show-bin-path)/curvekit"; fi
[[ -x "$curvekit" ]] || { echo "error: no curvekit at $curvekit (run swift build first)" >&2; exit 2; }

reference_dir() {  # the folder of Debian's reference implementation of $1 (liblapack or libblas)
  update-alternatives --list "$1.so.3-x86_64-linux-gnu" 2>/dev/null | grep -v -e openblas -e atlas -e blis -e mkl |
    head -n 1 | xargs -r dirname
}

configs=("Prescott")
grep -qw avx2 /proc/cpuinfo && configs+=("Haswell")
grep -qw avx512f /proc/cpuinfo && configs+=("SkylakeX")
lapack_dir="$(reference_dir liblapack || true)"
blas_dir="$(reference_dir libblas || true)"
if [[ -n "$lapack_dir" && -n "$blas_dir" && -f "$lapack_dir/liblapack.so.3" && -f "$blas_dir/libblas.so.3" ]]; then
  configs+=("reference")
else
  echo "error: Debian's reference LAPACK/BLAS not found (install liblapack3 and libblas3)" >&2
  exit 2
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# The examples, plus the fixtures: a degree-5 curve and a degree-7 enforce fit (the exchange method).
specs=(examples/curves/*.curve.json Tests/Fixtures/specs/*.curve.json)

run_config() {  # $1 = config name; runs its tests and writes its outputs under $out/$1
  local name="$1"
  local -a env_args=(env -u OPENBLAS_CORETYPE)
  if [[ "$name" == "reference" ]]; then
    env_args+=("LD_LIBRARY_PATH=$lapack_dir:$blas_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
  else
    env_args+=("OPENBLAS_CORETYPE=$name")
  fi
  mkdir -p "$out/$name"
  echo "==> determinism: $name"
  "${env_args[@]}" swift test --skip-build \
    --filter "$lapack_tests" >"$out/$name/tests.log" 2>&1 || {
    tail -n 40 "$out/$name/tests.log"
    echo "error: golden/generated-code tests failed under $name" >&2
    return 1
  }
  grep -E '^(✔|✘) Test run' "$out/$name/tests.log" || tail -n 1 "$out/$name/tests.log"
  for spec in "${specs[@]}"; do
    local base
    base="$(basename "$spec" .curve.json)"
    "${env_args[@]}" "$curvekit" fit "$spec" --json >"$out/$name/$base.fit.json" 2>&1 || true
    "${env_args[@]}" "$curvekit" fit "$spec" >"$out/$name/$base.fit.txt" 2>&1 || true
    "${env_args[@]}" "$curvekit" generate "$spec" -o "$out/$name/$base.swift" >/dev/null 2>&1 || true
    "${env_args[@]}" "$curvekit" generate "$spec" --with-schedule -o "$out/$name/$base.kt" >/dev/null 2>&1 || true
    "${env_args[@]}" "$curvekit" generate "$spec" --with-schedule -o "$out/$name/$base.ts" >/dev/null 2>&1 || true
    "${env_args[@]}" "$curvekit" timeline "$spec" --refill 2026-01-01T00:00:00Z >"$out/$name/$base.timeline.txt" 2>&1 ||
      true
  done
  # A streamed fit from a pipe (more points than the in-memory limit), which is read once.
  awk 'BEGIN { srand(7); for (i = 1; i <= 70000; i++) { t = i / 70001; printf "%.17g %.17g\n", t, 1 - t * t * (3 - 2 * t) + (rand() - 0.5) / 50 } }' |
    "${env_args[@]}" "$curvekit" fit --data - --json >"$out/$name/stream.fit.json" 2>&1 || true
  # A streamed enforce fit at degree 6 (the exchange method, from the power sums) of data that
  # rises near both ends.
  awk 'BEGIN { srand(11); for (i = 1; i <= 70000; i++) { t = i / 70001; printf "%.17g %.17g\n", t, 1 - t + 2.4 * t * (1 - t) * (1 - 2 * t) + (rand() - 0.5) / 20 } }' |
    "${env_args[@]}" "$curvekit" fit --data - --degree 6 --monotonic enforce --min-slope 0.05 --json \
      >"$out/$name/stream-enforce.fit.json" 2>&1 || true
}

# The suites that fit through LAPACK and compare the result with checked-in bytes.
lapack_tests='CurveCodegenTests|CorrectlyRoundedFitTests'
jobs="${JOBS:-2}"
for config in "${configs[@]}"; do
  # Each configuration's report and status go to files, printed in order once all have ended.
  {
    if run_config "$config"; then result=0; else result=1; fi
    echo "$result" >"$out/$config.status"
  } >"$out/$config.report" 2>&1 &
  while (($(jobs -rp | wc -l) >= jobs)); do sleep 1; done
done
wait
failed=0
for config in "${configs[@]}"; do
  cat "$out/$config.report"
  [[ "$(cat "$out/$config.status" 2>/dev/null)" == 0 ]] || failed=1
done
[[ $failed == 0 ]] || exit 1

first="${configs[0]}"
status=0
for config in "${configs[@]:1}"; do
  for file in "$out/$first"/*; do
    base="$(basename "$file")"
    [[ "$base" == tests.log ]] && continue
    if ! cmp -s "$file" "$out/$config/$base"; then
      echo "error: $base differs between $first and $config:" >&2
      diff -u "$file" "$out/$config/$base" | head -n 20 >&2 || true
      status=1
    fi
  done
done
[[ $status == 0 ]] || exit 1
count=$(find "$out/$first" -type f ! -name tests.log | wc -l)
echo "determinism: $count outputs byte-identical under ${configs[*]}"
