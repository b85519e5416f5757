#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet, and
# only those: `scripts/apt-ensure.sh PACKAGE…`. Runs `apt-get update` once, and only when
# something is missing; uses sudo only when not already root; non-interactive. Exits 0 when
# every package is installed afterwards, 2 (with one `error: …` line) when it cannot install
# them. Shared by scripts/ensure-deps.sh, scripts/ensure-gsl.sh and scripts/check-studio.sh.
set -euo pipefail

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

missing=()
for package in "$@"; do
  installed "$package" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: missing ${missing[*]} and apt-get is not available; install them by hand" >&2
  exit 2
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "error: need root or sudo to install: ${missing[*]}" >&2
    exit 2
  fi
fi
echo "Installing ${missing[*]} with apt-get…" >&2
# Non-interactive through env: sudo would drop an exported DEBIAN_FRONTEND.
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
  || { echo "error: apt-get update failed (needed to install ${missing[*]})" >&2; exit 2; }
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
  || { echo "error: apt-get could not install ${missing[*]}" >&2; exit 2; }
for package in "${missing[@]}"; do
  installed "$package" || { echo "error: $package is still not installed after apt-get" >&2; exit 2; }
done
