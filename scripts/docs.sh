#!/usr/bin/env bash
# DocC documentation for the runtime an app imports (CurveCore and CurveSchedule, the modules
# of the CurveKit library product), built with the toolchain alone: no swift-docc-plugin.
#   1. swift build emits both modules' symbol graphs (public symbols only) into its own
#      scratch directory, .build/docs-build, so the extra compiler flags never invalidate
#      the ordinary .build;
#   2. docc convert combines the catalog Sources/CurveCore/CurveCore.docc with both graphs
#      into one archive, .build/docs/CurveKit.doccarchive, with warnings as errors: an
#      unresolved ``link`` or an undocumented parameter fails the script.
#   scripts/docs.sh            build the archive; quiet on success but for a summary
#   scripts/docs.sh --preview  build it, then serve it with docc preview (Ctrl-C stops it)
# Set DOCC=/path/to/docc to choose the docc binary.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(CurveCore CurveSchedule)
catalog=Sources/CurveCore/CurveCore.docc
scratch=.build/docs-build
emitted=$scratch/symbol-graphs
graphs=.build/docs/symbol-graphs
archive=.build/docs/CurveKit.doccarchive
# With two modules in one archive, docc files the catalog's articles under the display name,
# so it must be CurveCore: the articles then sit under CurveCore's page and resolve their
# ``Symbol`` links in CurveCore (CurveSchedule's symbols as ``CurveSchedule/…``).
docc_options=(
  --fallback-display-name CurveCore
  --fallback-bundle-identifier CurveKit
  --additional-symbol-graph-dir "$graphs"
)

preview=false
case "${1:-}" in
  "") ;;
  --preview) preview=true ;;
  *) echo "usage: scripts/docs.sh [--preview]" >&2; exit 2 ;;
esac

# docc: $DOCC, else xcrun's (macOS), else the one on PATH, else the one next to swift.
find_docc() {
  if [ -n "${DOCC:-}" ]; then echo "$DOCC"; return; fi
  if command -v xcrun >/dev/null 2>&1 && xcrun --find docc 2>/dev/null; then return; fi
  if command -v docc >/dev/null 2>&1; then command -v docc; return; fi
  local swift
  swift=$(command -v swift) || return 1
  local candidate
  candidate="$(dirname "$(readlink -f "$swift")")/docc"
  if [ -x "$candidate" ]; then echo "$candidate"; return; fi
  return 1
}
docc=$(find_docc) || { echo "error: docc not found (set DOCC, or put the toolchain's docc on PATH)" >&2; exit 1; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Building CurveSchedule builds CurveCore too; each module's graph is written when it compiles.
# -symbol-graph-minimum-access-level public is the compiler's default, stated so that internal
# and package symbols stay out whatever the default becomes.
build_graphs() {
  mkdir -p "$emitted"
  swift build --scratch-path "$scratch" --target CurveSchedule \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$emitted" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >"$log" 2>&1 || {
    cat "$log" >&2
    echo "error: swift build failed (log above)" >&2
    exit 1
  }
  grep -E "(warning|error):" "$log" >&2 || true
}

graphs_present() {
  local module
  for module in "${modules[@]}"; do [ -f "$emitted/$module.symbols.json" ] || return 1; done
}

build_graphs
if ! graphs_present; then
  # An up-to-date build compiles nothing and so writes no graph: rebuild from scratch once.
  rm -rf "$scratch"
  build_graphs
  graphs_present || { echo "error: swift build wrote no symbol graphs to $emitted" >&2; exit 1; }
fi

# Only our modules' graphs (and their extension graphs, Module@Other), never a dependency's.
rm -rf "$graphs"
mkdir -p "$graphs"
for module in "${modules[@]}"; do
  for file in "$emitted/$module.symbols.json" "$emitted/$module"@*.symbols.json; do
    if [ -f "$file" ]; then cp "$file" "$graphs/"; fi
  done
done

if $preview; then
  echo "docs: serving $catalog with ${modules[*]}; open http://localhost:8080/documentation/curvecore"
  exec "$docc" preview "$catalog" "${docc_options[@]}" --output-path "$scratch/preview.doccarchive"
fi

# SWIFT_DETERMINISTIC_HASHING: docc then writes its JSON keys in a stable order, so an unchanged
# input gives a byte-identical archive.
rm -rf "$archive"
if ! SWIFT_DETERMINISTIC_HASHING=1 "$docc" convert "$catalog" "${docc_options[@]}" \
  --output-path "$archive" --warnings-as-errors >"$log" 2>&1; then
  cat "$log" >&2
  echo "error: docc convert failed (diagnostics above; warnings are errors)" >&2
  exit 1
fi

echo "docs: $archive (${modules[*]}, $(find "$graphs" -name '*.symbols.json' | wc -l | tr -d ' ') symbol graphs)"
echo "docs: preview with scripts/docs.sh --preview, or serve the static archive:" \
  "python3 -m http.server -d $archive 8000, then open http://localhost:8000/documentation/curvecore/"
