#!/usr/bin/env bash
# The README's demo: installs what is missing, builds curvekit, and fits the article's curve.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
swift build -c release --product curvekit >&2
tool=.build/release/curvekit
echo "\$ curvekit fit examples/curves/depletion.curve.json"
"$tool" fit examples/curves/depletion.curve.json --preview
