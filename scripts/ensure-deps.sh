#!/usr/bin/env bash
# Installs the C libraries CurveKit links against (LAPACK, OpenBLAS, pkg-config) when they are missing.
# Debian/Ubuntu only (scripts/apt-ensure.sh: sudo only when not already root). Safe to run repeatedly.
set -euo pipefail

"$(dirname "$0")/apt-ensure.sh" liblapack-dev libopenblas-dev pkg-config
pkg-config --exists lapack || { echo "error: pkg-config cannot find lapack although liblapack-dev is installed" >&2; exit 2; }
