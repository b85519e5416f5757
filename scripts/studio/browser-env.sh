# Sourced by scripts/check-studio.sh and scripts/check-studio-web.sh: the one browser setup for
# the studio's tests. Installs Debian's Chromium and Playwright (pinned, in a virtualenv under
# .build/), sets $venv, and sets $curvekit to a release build when the caller gave none.
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
