#!/usr/bin/env bash
# Compares the WebAssembly engine (scripts/build-web.sh) with the native `curvekit`, bit for
# bit, on a seeded corpus of curves of degree 1…10: levels, inverses and exact verdicts (see
# Web/check-core.mjs). Under node the engine runs on wasm32, where Int is 32 bits, so this
# is also the 32-bit test. Prints `web: N passed, 0 failed`; exits 1 on any difference.
#   scripts/check-web.sh [--curvekit PATH] [CURVES_PER_DEGREE]
# Without --curvekit it builds the debug curvekit to compare with (scripts/test.sh passes the
# one it built with warnings as errors).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v node >/dev/null || {
  echo "error: node (≥ 18) is needed to run the web engine" >&2
  exit 2
}
curvekit=""
if [[ "${1:-}" == "--curvekit" ]]; then
  [[ -n "${2:-}" ]] || { echo "error: --curvekit needs a path" >&2; exit 2; }
  curvekit="$2"
  shift 2
fi
if [[ -z "$curvekit" ]]; then
  swift build --product curvekit >/dev/null
  curvekit="$(swift build --show-bin-path)/curvekit"
fi
[[ -x "$curvekit" ]] || { echo "error: no curvekit at $curvekit" >&2; exit 2; }
scripts/build-web.sh
node Web/check-core.mjs "$curvekit" .build/web/curvekit-core.wasm "${1:-24}"
