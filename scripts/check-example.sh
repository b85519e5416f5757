#!/usr/bin/env bash
# Builds and runs examples/HabitTracker from a clean state, the way a fresh clone would:
#   1. copies the example to a temporary directory (pointing its CurveKit dependency at
#      this checkout) and builds it with an empty scratch path, so the build-tool plugin
#      generates DepletionCurve.swift from DepletionCurve.curve.json;
#   2. checks the build printed no warnings and no error lines, compiled neither the studio nor
#      its HTTP server (the plugin's tool is curvekit-codegen), and the program's output equals
#      examples/HabitTracker/expected-output.txt;
#   3. runs the GenerateCurves command plugin in the copy: it refuses (--target) or skips the
#      target that applies the build plugin, with a one-line reason; with the build plugin
#      dropped from that target it writes the same DepletionCurve.swift next to the spec as the
#      build plugin generated, and its --check mode passes, then fails after an edit;
#   3b. adds a target whose folder holds only a spec and checks generate-curves says what to
#      add (SwiftPM drops such a target before any plugin runs);
#   4. drops that generated DepletionCurve.swift alone into an empty package and builds it
#      with -warnings-as-errors in Swift 6 mode (no dependency on CurveKit);
#   5. edits the copy's DepletionCurve.curve.json, rebuilds incrementally, and checks the
#      output changed (the plugin regenerates when the spec changes);
#   6. replaces the spec with a rising curve: the build fails with an error line that starts
#      with the spec's absolute path and line (for the IDE) and names the spec field
#      "monotonic": "ignore", not a flag.
# Set CURVEKIT_RECORD_EXAMPLE=1 to re-record expected-output.txt instead of comparing.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
example="$repo/examples/HabitTracker"
expected="$example/expected-output.txt"
work="$(mktemp -d "${TMPDIR:-/tmp}/habit-tracker.XXXXXX")"
trap 'rm -rf "$work"' EXIT

cp -R "$example" "$work/HabitTracker"
rm -rf "$work/HabitTracker/.build" "$work/HabitTracker/.swiftpm"
# The example names its dependency "../.."; the copy needs this checkout's absolute path.
sed -i.orig "s|path: \"../..\"|path: \"$repo\"|" "$work/HabitTracker/Package.swift"
rm -f "$work/HabitTracker/Package.swift.orig"
grep -q "path: \"$repo\"" "$work/HabitTracker/Package.swift" || { echo "error: could not repoint the CurveKit dependency" >&2; exit 1; }

build() {
  swift build --package-path "$work/HabitTracker" --scratch-path "$work/scratch" 2>&1 | tee "$work/build.log" >/dev/null \
    || { cat "$work/build.log" >&2; echo "error: examples/HabitTracker does not build" >&2; exit 1; }
}

echo "==> building examples/HabitTracker from a clean scratch directory"
build
if grep -E "warning:|unhandled|error:" "$work/build.log" >&2; then
  echo "error: the example's clean build printed warnings or error lines" >&2
  exit 1
fi
# The build plugin's tool (curvekit-codegen) links neither the studio nor its HTTP server.
if grep -E "Compiling CurveStudio(Server|CLI)? " "$work/build.log" >&2; then
  echo "error: applying the build plugin compiled the studio" >&2
  exit 1
fi
grep -q "Generating DepletionCurve.swift from DepletionCurve.curve.json" "$work/build.log" \
  || { echo "error: the build did not run the CurveCodegenPlugin" >&2; exit 1; }
"$work/scratch/debug/habit-tracker" > "$work/output.txt"

if [[ "${CURVEKIT_RECORD_EXAMPLE:-}" == 1 ]]; then
  cp "$work/output.txt" "$expected"
  echo "recorded $expected"
elif ! diff -u "$expected" "$work/output.txt"; then
  echo "error: habit-tracker's output differs from examples/HabitTracker/expected-output.txt (diff above)" >&2
  exit 1
fi

echo "==> swift package generate-curves (the command plugin)"
package() {
  swift package --package-path "$work/HabitTracker" --scratch-path "$work/scratch" \
    --allow-writing-to-package-directory generate-curves "$@" >"$work/package.log" 2>&1
}
checked_in="$work/HabitTracker/Sources/DepletionCurveModel/DepletionCurve.swift"
manifest="$work/HabitTracker/Package.swift"
cp "$manifest" "$work/Package.swift.saved"
# The two plugins never collide silently: a target that applies the build plugin is refused by
# name (one line saying why), skipped otherwise, and nothing is written next to its spec.
if package --target DepletionCurveModel; then
  echo "error: generate-curves accepted a target that applies the build plugin" >&2
  exit 1
fi
grep -q "target 'DepletionCurveModel' applies CurveCodegenPlugin" "$work/package.log" \
  || { cat "$work/package.log" >&2; echo "error: generate-curves did not say why it refused the target" >&2; exit 1; }
package || { cat "$work/package.log" >&2; echo "error: generate-curves failed" >&2; exit 1; }
grep -q "skipped: target 'DepletionCurveModel' applies CurveCodegenPlugin" "$work/package.log" \
  || { cat "$work/package.log" >&2; echo "error: generate-curves skipped the target silently" >&2; exit 1; }
[[ ! -e "$checked_in" ]] || { echo "error: generate-curves wrote next to a build-plugin target's spec" >&2; exit 1; }
# Without the build plugin (the spec excluded, as a checked-in setup does), the command plugin
# writes what the build plugin generated.
sed -i.orig 's|plugins: \[.plugin(name: "CurveCodegenPlugin", package: "CurveKit")\]|exclude: ["DepletionCurve.curve.json"]|' "$manifest"
rm -f "$manifest.orig"
grep -q 'exclude: \["DepletionCurve.curve.json"\]' "$manifest" || { echo "error: could not drop the build plugin" >&2; exit 1; }
package || { cat "$work/package.log" >&2; echo "error: generate-curves failed" >&2; exit 1; }
built="$(find "$work/scratch/plugins/outputs" -path '*CurveCodegenPlugin/DepletionCurve.swift' | head -n 1)"
[[ -n "$built" ]] || { echo "error: the build plugin's DepletionCurve.swift is missing" >&2; exit 1; }
cmp "$built" "$checked_in" || { echo "error: the command and build plugins generated different files" >&2; exit 1; }
package --check || { cat "$work/package.log" >&2; echo "error: generate-curves --check failed on a fresh file" >&2; exit 1; }
echo "// edited by hand" >> "$checked_in"
if package --check; then echo "error: generate-curves --check missed an edited file" >&2; exit 1; fi
rm "$checked_in"  # the build plugin generates it; both in one target would clash
cp "$work/Package.swift.saved" "$manifest"

echo "==> a target whose folder holds only a spec: generate-curves says what to add"
mkdir -p "$work/HabitTracker/Sources/Curves"
sed 's/"typeName": "DepletionCurve"/"typeName": "Ease"/' \
  "$work/HabitTracker/Sources/DepletionCurveModel/DepletionCurve.curve.json" > "$work/HabitTracker/Sources/Curves/Ease.curve.json"
sed -i.orig 's|    // The app.s model|    .target(name: "Curves", plugins: [.plugin(name: "CurveCodegenPlugin", package: "CurveKit")]),\n&|' "$manifest"
rm -f "$manifest.orig"
grep -q 'name: "Curves"' "$manifest" || { echo "error: could not add the Curves target" >&2; exit 1; }
package || { cat "$work/package.log" >&2; echo "error: generate-curves failed with a spec-only target" >&2; exit 1; }
grep -q "Sources/Curves holds Ease.curve.json but no Swift file" "$work/package.log" \
  || { cat "$work/package.log" >&2; echo "error: generate-curves did not report the spec-only target" >&2; exit 1; }
rm -f "$checked_in"  # written again by the run above
rm -rf "$work/HabitTracker/Sources/Curves"
cp "$work/Package.swift.saved" "$manifest"

echo "==> the generated file alone in an empty package (swift build -warnings-as-errors)"
mkdir -p "$work/Standalone/Sources/Standalone"
cp "$built" "$work/Standalone/Sources/Standalone/DepletionCurve.swift"
cat > "$work/Standalone/Package.swift" <<'MANIFEST'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Standalone", targets: [.target(name: "Standalone")], swiftLanguageModes: [.v6])
MANIFEST
swift build --package-path "$work/Standalone" -Xswiftc -warnings-as-errors >"$work/standalone.log" 2>&1 \
  || { cat "$work/standalone.log" >&2; echo "error: the generated file does not build on its own" >&2; exit 1; }
if grep -q "warning:" "$work/standalone.log"; then cat "$work/standalone.log" >&2; exit 1; fi

echo "==> editing DepletionCurve.curve.json (the steep-end shape) and rebuilding"
cat > "$work/HabitTracker/Sources/DepletionCurveModel/DepletionCurve.curve.json" <<'SPEC'
{
  "name": "Depletion Curve",
  "points": [[0.25, 0.8671875], [0.5, 0.6875], [0.75, 0.4140625]],
  "degree": 3,
  "durationDays": 7,
  "codegen": {"typeName": "DepletionCurve", "access": "public", "inverse": "auto", "withSchedule": true}
}
SPEC
build
grep -q "Generating DepletionCurve.swift" "$work/build.log" \
  || { echo "error: editing the spec did not regenerate DepletionCurve.swift" >&2; exit 1; }
"$work/scratch/debug/habit-tracker" > "$work/edited.txt"
if cmp -s "$work/output.txt" "$work/edited.txt"; then
  echo "error: editing DepletionCurve.curve.json did not change the output" >&2
  exit 1
fi
# The steep-end cubic −0.5t³ − 0.5t + 1 is 0.6875 at day 3.5, half the period.
grep -q "the level is 0.687" "$work/edited.txt" \
  || { echo "error: the edited curve's output is not the steep-end curve's" >&2; cat "$work/edited.txt" >&2; exit 1; }
echo "==> a spec the ship rule refuses: the plugin's error names the spec's absolute path and a spec field"
spec="$work/HabitTracker/Sources/DepletionCurveModel/DepletionCurve.curve.json"
cat > "$spec" <<'SPEC'
{
  "name": "Depletion Curve",
  "points": [[0.2, 0.3], [0.5, 0.9], [0.8, 0.1]],
  "durationDays": 7,
  "codegen": {"typeName": "DepletionCurve", "access": "public"}
}
SPEC
if swift build --package-path "$work/HabitTracker" --scratch-path "$work/scratch" >"$work/refused.log" 2>&1; then
  echo "error: a rising spec built" >&2
  exit 1
fi
grep -qF "$spec:1:1: error: " "$work/refused.log" \
  || { cat "$work/refused.log" >&2; echo "error: the plugin's error does not start with the spec's absolute path" >&2; exit 1; }
grep -qF 'add "monotonic": "ignore" to the spec' "$work/refused.log" \
  || { cat "$work/refused.log" >&2; echo "error: the plugin's error does not name the spec field" >&2; exit 1; }
if grep -qE -- "--allow-non-monotone|pass --" "$work/refused.log"; then
  cat "$work/refused.log" >&2
  echo "error: the plugin's error suggests a flag a plugin user cannot pass" >&2
  exit 1
fi
echo "ok: examples/HabitTracker builds, runs, matches expected-output.txt, and follows its spec"
