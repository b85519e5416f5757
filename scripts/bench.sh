#!/usr/bin/env bash
# Builds the benchmarks (release) and runs them; every argument goes to the benchmark
# executable. CI runs `scripts/bench.sh --quick`: a smoke run of a few seconds that exits 1
# on an accuracy regression and never on timing.
#
#   scripts/bench.sh                       full run, markdown on stdout, progress on stderr
#   scripts/bench.sh --json results.json   also write every figure as JSON
#   scripts/bench.sh --filter inverse/auto only the matching cases
#   BENCH_TARGET_CPU=haswell scripts/bench.sh
#       builds Swift with -target-cpu and C with -march set to the same CPU level
#       (in Benchmarks/.build-haswell), e.g. to measure the FMA schemes with hardware fma.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# SwiftPM names packages after their directory: a checkout directory called "Benchmarks"
# (any case) would collide with the nested package's identity.
if [ "$(basename "$root" | tr '[:upper:]' '[:lower:]')" = "benchmarks" ]; then
  echo "error: the checkout directory is named '$(basename "$root")', which SwiftPM confuses with the nested Benchmarks package; clone CurveKit under another name" >&2
  exit 2
fi

# LAPACK for the build, GSL for the gsl_poly_solve_cubic comparison (both via apt when missing).
scripts/ensure-deps.sh
scripts/ensure-gsl.sh

flags=(-c release --package-path Benchmarks)
if [ -n "${BENCH_TARGET_CPU:-}" ]; then
  # Its own build directory, so switching CPU levels never rebuilds the default one.
  flags+=(--scratch-path "Benchmarks/.build-$BENCH_TARGET_CPU"
    -Xswiftc -target-cpu -Xswiftc "$BENCH_TARGET_CPU" -Xcc "-march=$BENCH_TARGET_CPU")
fi

echo "==> swift build ${flags[*]} (curvekit, curvekit-c-stream-peer and curvekit-benchmarks)" >&2
swift build "${flags[@]}" --product curvekit >&2
swift build "${flags[@]}" --product curvekit-c-stream-peer >&2
swift build "${flags[@]}" --product curvekit-benchmarks >&2
bin=$(swift build "${flags[@]}" --show-bin-path)

{
  echo "==> $(swift --version 2>&1 | head -1)"
  echo "==> $(uname -srm); $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //') ; load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
} >&2

# Single-threaded BLAS for CurveKit's fits and numpy's alike (both are timed in CPU time).
export OPENBLAS_NUM_THREADS="${OPENBLAS_NUM_THREADS:-1}" OMP_NUM_THREADS="${OMP_NUM_THREADS:-1}"

exec "$bin/curvekit-benchmarks" --curvekit "$bin/curvekit" "$@"
