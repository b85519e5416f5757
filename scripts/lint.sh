#!/usr/bin/env bash
# swift-format over every Swift file the project owns (the toolchain's `swift format`, house
# style in .swift-format). Generated golden files (Tests/Fixtures) are output, not source, and
# are checked byte for byte by their own tests instead. Then `node --check` over every
# JavaScript file the project owns (the studio's page modules; node is on the machine).
#   scripts/lint.sh         lint, strict: any finding fails
#   scripts/lint.sh --fix   rewrite the files in place, then lint
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.swift' | grep -v '^Tests/Fixtures/' | grep -v '/Golden/' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
if [ "${1:-}" = "--fix" ]; then swift format format --in-place "${files[@]}"; fi
swift format lint --strict "${files[@]}"
echo "swift format lint --strict: ${#files[@]} files clean"
mapfile -t scripts < <(git ls-files --cached --others --exclude-standard '*.mjs' '*.js' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
if ((${#scripts[@]})); then
  command -v node >/dev/null || { echo "error: node is needed to check ${#scripts[@]} JavaScript files" >&2; exit 1; }
  for f in "${scripts[@]}"; do node --check "$f"; done
  echo "node --check: ${#scripts[@]} JavaScript files parse"
fi
