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

scripts/apt-ensure.sh chromium fonts-dejavu-core python3-venv

venv=.build/studio-venv
playwright_version=1.65.2
if ! "$venv/bin/python" -c "import playwright, sys; from importlib.metadata import version; sys.exit(version('playwright') != '$playwright_version')" 2>/dev/null; then
  echo "Installing playwright==$playwright_version into $venv…" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "playwright==$playwright_version"
fi

if [ -z "$curvekit" ]; then
  swift build -c release --product curvekit >&2
  curvekit="$(swift build -c release --show-bin-path)/curvekit"
fi
[ -x "$curvekit" ] || { echo "error: no curvekit executable at '$curvekit'" >&2; exit 2; }

mkdir -p .studio
exec "$venv/bin/python" scripts/studio/browser_test.py --curvekit "$curvekit" --out .studio ${gallery[@]+"${gallery[@]}"}
