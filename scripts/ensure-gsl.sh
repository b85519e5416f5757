#!/usr/bin/env bash
# Installs GSL (libgsl-dev) when it is missing, so the benchmarks always compare
# Cubic.realRoots() with gsl_poly_solve_cubic. Debian/Ubuntu only; uses sudo only when not
# already root. Safe to run repeatedly. scripts/bench.sh runs it; the library never needs GSL
# (the benchmarks load it with dlopen).
set -euo pipefail

if dpkg-query -W -f='${Status}' libgsl-dev 2>/dev/null | grep -q "install ok installed"; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: libgsl-dev is missing and apt-get is not available; install GSL by hand (the GSL comparison needs libgsl.so)" >&2
  exit 2
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "error: need root or sudo to install libgsl-dev" >&2
    exit 2
  fi
fi
echo "Installing libgsl-dev with apt-get…" >&2
# Non-interactive through env: sudo would drop an exported DEBIAN_FRONTEND.
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libgsl-dev >/dev/null
dpkg-query -W -f='${Status}' libgsl-dev 2>/dev/null | grep -q "install ok installed" \
  || { echo "error: libgsl-dev is still not installed after apt-get" >&2; exit 2; }
