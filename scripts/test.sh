#!/usr/bin/env bash
# The README's test command, and what CI runs: installs what is missing, builds with
# warnings as errors, and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh

echo "==> swift build (warnings are errors)"
swift build -Xswiftc -warnings-as-errors

echo "==> swift test"
swift test
