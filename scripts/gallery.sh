#!/usr/bin/env bash
# Renders the gallery: the article's four curves (examples/curves) one per SVG, all four
# overlaid for comparison, and a designer sketch that rises (docs/gallery/specs), into
# docs/gallery/*.svg. The SVGs are deterministic; files are rewritten only when they change.
#   scripts/gallery.sh          SVGs only
#   scripts/gallery.sh --png    also PNGs next to them (needs rsvg-convert: apt-get install librsvg2-bin)
set -euo pipefail
cd "$(dirname "$0")/.."
png=()
if [[ "${1:-}" == "--png" ]]; then png=(--png); fi
swift build --product curvekit >&2
tool="$(swift build --show-bin-path)/curvekit"
out=docs/gallery
mkdir -p "$out"
for spec in examples/curves/*.curve.json docs/gallery/specs/*.curve.json; do
  name="$(basename "$spec" .curve.json)"
  "$tool" plot "$spec" -o "$out/$name.svg" ${png[@]+"${png[@]}"}
done
"$tool" plot examples/curves/depletion.curve.json examples/curves/linear.curve.json \
  examples/curves/steep-end.curve.json examples/curves/steep-start.curve.json \
  --title "The article's four shapes" -o "$out/comparison.svg" ${png[@]+"${png[@]}"}
