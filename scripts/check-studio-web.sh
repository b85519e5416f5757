#!/usr/bin/env bash
# End-to-end tests of the studio on the web host (issue 31): .build/web (scripts/build-web.sh)
# served by python3 -m http.server, no curvekit process behind it, in Debian's Chromium driven by
# Playwright (the same virtualenv and browser as scripts/check-studio.sh; nothing else is
# downloaded). The native curvekit is the reference the page's bytes are compared with. Prints
# one line per test, then "studio-web: N passed, N failed, N skipped". Without .build/web/index.html
# every test is skipped, saying why, and nothing is installed or built.
#
#   scripts/check-studio-web.sh                      builds curvekit (release) and runs the tests
#   scripts/check-studio-web.sh --curvekit PATH      compares with that binary instead
#   scripts/check-studio-web.sh --web DIR            tests the web build in DIR (default .build/web)
set -euo pipefail
cd "$(dirname "$0")/.."

curvekit=""
web=.build/web
while [ $# -gt 0 ]; do
  case "$1" in
    --curvekit) curvekit="$2"; shift 2 ;;
    --web) web="$2"; shift 2 ;;
    *) echo "error: unknown argument '$1' (usage: scripts/check-studio-web.sh [--curvekit PATH] [--web DIR])" >&2; exit 2 ;;
  esac
done

mkdir -p .studio
if [ ! -f "$web/index.html" ]; then
  exec python3 scripts/studio/web_test.py --curvekit "${curvekit:-curvekit}" --web "$web" --out .studio
fi

# shellcheck source=scripts/studio/browser-env.sh
source scripts/studio/browser-env.sh

exec "$venv/bin/python" scripts/studio/web_test.py --curvekit "$curvekit" --web "$web" --out .studio
