#!/usr/bin/env bash
# Compares the WebAssembly build (scripts/build-web.sh) with the native `curvekit`, byte for
# byte, under node, where the engine runs on wasm32 (Int is 32 bits: this is the 32-bit test):
#   - the core: levels, inverses and exact verdicts of a seeded corpus of curves of degree
#     1…10 (Web/check-core.mjs), printing `web: N passed, 0 failed`;
#   - the command line: `node .build/web/curvekit.mjs` against `curvekit` on every example,
#     seeded specs and the bad-input corpus through every command but `design`
#     (Web/check-cli.mjs), printing `web cli: N passed, 0 failed`.
# Exits 1 on any difference.
#   scripts/check-web.sh [--curvekit PATH] [CURVES_PER_DEGREE [SEEDED_SPECS]]
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
node Web/check-cli.mjs "$curvekit" .build/web "${2:-220}"
