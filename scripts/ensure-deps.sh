#!/usr/bin/env bash
# Installs the C libraries CurveKit links against (LAPACK, OpenBLAS, pkg-config) when they are missing.
# Debian/Ubuntu only; uses sudo only when not already root. Safe to run repeatedly.
set -euo pipefail

packages=(liblapack-dev libopenblas-dev pkg-config)
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if [ ${#missing[@]} -eq 0 ] && pkg-config --exists lapack 2>/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: missing ${missing[*]:-lapack pkg-config entry} and apt-get is not available; install LAPACK and pkg-config by hand" >&2
  exit 2
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "error: need root or sudo to install: ${missing[*]}" >&2
    exit 2
  fi
fi
echo "Installing ${missing[*]:-${packages[*]}} with apt-get…" >&2
# Non-interactive through env: sudo would drop an exported DEBIAN_FRONTEND.
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
pkg-config --exists lapack || { echo "error: pkg-config still cannot find lapack after installing" >&2; exit 2; }
