#!/usr/bin/env bash
# Installs the C libraries CurveKit links against (LAPACK, OpenBLAS, pkg-config) when they are missing.
# Debian/Ubuntu only (scripts/apt-ensure.sh: sudo only when not already root). Safe to run repeatedly.
set -euo pipefail

# liblapack3 and libblas3 are the reference implementations scripts/check-determinism.sh
# compares OpenBLAS with (they usually come with liblapack-dev; named so they always do).
"$(dirname "$0")/apt-ensure.sh" liblapack-dev libopenblas-dev pkg-config liblapack3 libblas3
pkg-config --exists lapack || { echo "error: pkg-config cannot find lapack although liblapack-dev is installed" >&2; exit 2; }
