#!/usr/bin/env bash
# Installs GSL (libgsl-dev) when it is missing, so the benchmarks always compare
# Cubic.realRoots() with gsl_poly_solve_cubic. Debian/Ubuntu only (scripts/apt-ensure.sh).
# Safe to run repeatedly. scripts/bench.sh runs it; the library never needs GSL (the
# benchmarks load it with dlopen).
set -euo pipefail
exec "$(dirname "$0")/apt-ensure.sh" libgsl-dev
