#!/usr/bin/env bash
# End-to-end tests of `curvekit design` in a real browser (issue 11): Debian's Chromium,
# driven by Playwright from PyPI in a virtualenv under .build/, using the system browser
# through its executable path (`playwright install` is never run: nothing is downloaded but
# the pip package). Installs what is missing, idempotently (apt-get update once, only when
# an apt package is missing), then runs scripts/studio/browser_test.py, which prints one
# line per test, the latency figures and "studio: N passed, N failed, N skipped".
#
#   scripts/check-studio.sh                      builds curvekit (release) and runs the tests
#   scripts/check-studio.sh --curvekit PATH      tests that binary instead (scripts/test.sh passes the
#                                                release binary scripts/bench.sh built)
#   scripts/check-studio.sh --gallery            also writes docs/gallery/studio.png and studio-dark.png
#
# Screenshots and browser-report.json (the latency figures) go to .studio/.
set -euo pipefail
cd "$(dirname "$0")/.."

curvekit=""
gallery=()
while [ $# -gt 0 ]; do
  case "$1" in
    --curvekit) curvekit="$2"; shift 2 ;;
    --gallery) gallery=(--gallery docs/gallery); shift ;;
    *) echo "error: unknown argument '$1' (usage: scripts/check-studio.sh [--curvekit PATH] [--gallery])" >&2; exit 2 ;;
  esac
done

# shellcheck source=scripts/studio/browser-env.sh
source scripts/studio/browser-env.sh

mkdir -p .studio
exec "$venv/bin/python" scripts/studio/browser_test.py --curvekit "$curvekit" --out .studio ${gallery[@]+"${gallery[@]}"}
