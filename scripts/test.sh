#!/usr/bin/env bash
# The README's test command, and what CI runs (.ci/run). On a fresh machine it installs
# what is missing, then:
#   1. lints every Swift file with the toolchain's swift-format (strict) and every JavaScript
#      file with node --check, then runs the studio page's unit tests (node --test) and fails
#      when they run less than 70 % of the page's lines (scripts/studio/page-coverage.mjs);
#   2. checks the module graph: the CurveKit product is the runtime alone;
#   3. builds the DocC archive of the runtime (scripts/docs.sh, warnings are errors);
#   4. builds the package and its tests with warnings as errors;
#   5. runs the golden, generated-code and correctly-rounded-fit tests and compares fit, report,
#      generate and timeline output byte for byte under OpenBLAS Prescott, Haswell (AVX2),
#      SkylakeX (AVX-512) and Debian's reference LAPACK (scripts/check-determinism.sh);
#   5b. builds and runs examples/HabitTracker through the build-tool and command plugins;
#   6. compiles, links and runs every variant of generated code with plain swiftc
#      (scripts/check-generated-variants.sh: each inverse, schedule or not, each access level;
#      -O/-Onone, Swift 5/6, library evolution);
#   6b. generates Kotlin and TypeScript for ten curves, compiles them with Debian's kotlinc and
#      tsc (installed when missing) and compares them with the Swift library bit for bit, and
#      builds and runs examples/HabitAndroid and examples/HabitWeb
#      (scripts/check-generated-languages.sh);
#   7. runs the benchmarks' --quick smoke run (fails on an accuracy regression, never on time);
#   8. runs the studio's end-to-end browser tests (scripts/check-studio.sh: Chromium and
#      Playwright, installed when missing) on the release curvekit the benchmarks built;
#   9. runs every test (swift test), last, so its summary closes the output.
#
# scripts/test.sh --quick is the developers' tier: lint, the page's unit tests, a build with
# warnings as errors and swift test without the slow tier, under 4 minutes on 2 cores from a
# warm build. The slow tier is the test targets that open sockets, run swiftc or fuzz
# (slow_targets below); the full run, what CI runs, has every target.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh

# The slow tier's test targets (Package.swift), skipped by --quick.
slow_targets='CurveStudioServerSocketTests|CurveCodegenCompileTests|CurveKitFuzzTests'

if [[ "${1:-}" == "--quick" ]]; then
  echo "==> swift format lint --strict (house style: .swift-format), node --check"
  scripts/lint.sh
  echo "==> the studio page's unit tests and their coverage (node --test, at least 70 % of the page's lines)"
  node scripts/studio/page-coverage.mjs
  echo "==> swift build --build-tests (warnings are errors)"
  swift build --build-tests -Xswiftc -warnings-as-errors
  echo "==> swift test, without the slow tier ($slow_targets)"
  exec swift test --skip-build --skip "$slow_targets"
elif [[ $# -gt 0 ]]; then
  echo "error: unknown option '$1' (usage: scripts/test.sh [--quick])" >&2
  exit 2
fi

# Every stage prints its title and, when it ends, how long it took; the times are summed up
# before the last stage (swift test), so that its summary still closes the output.
stage_names=()
stage_seconds=()
stage() {  # stage TITLE COMMAND…
  local title="$1" started=$SECONDS
  shift
  echo "==> $title"
  "$@"
  stage_names+=("$title")
  stage_seconds+=($((SECONDS - started)))
  echo "    ($((SECONDS - started)) s)"
}
quietly() { "$@" >/dev/null; }  # a stage whose own output is not wanted (its errors still are)
stage_summary() {
  echo "==> stage times (wall clock, seconds)"
  local i
  for i in "${!stage_names[@]}"; do printf '%6d  %s\n' "${stage_seconds[$i]}" "${stage_names[$i]}"; done
  printf '%6d  %s\n' "$SECONDS" "total so far"
}

stage "swift format lint --strict (house style: .swift-format), node --check" scripts/lint.sh

stage "the studio page's unit tests and their coverage (node --test, at least 70 % of the page's lines)" node scripts/studio/page-coverage.mjs

stage "module graph (the CurveKit product is the runtime alone)" scripts/check-module-graph.sh

stage "DocC: the runtime documentation, warnings (broken links) are errors" scripts/docs.sh

stage "swift build --build-tests (warnings are errors)" swift build --build-tests -Xswiftc -warnings-as-errors

stage "the command reference (DocC) matches curvekit's own help" scripts/cli-reference.sh --check --binary "$(swift build --show-bin-path)/curvekit"

stage "examples/style-dictionary: the DTCG token transforms (node --test)" node --test examples/style-dictionary/

stage "determinism: the same coefficients, reports and generated files under several BLAS/LAPACK builds" scripts/check-determinism.sh

stage "examples/HabitTracker (build plugin, command plugin, standalone generated file)" scripts/check-example.sh

stage "generated code: every variant compiled, linked and run with plain swiftc" scripts/check-generated-variants.sh --curvekit "$(swift build --show-bin-path)/curvekit"

stage "generated Kotlin and TypeScript against the Swift library, bit for bit" scripts/check-generated-languages.sh --curvekit "$(swift build --show-bin-path)/curvekit"

stage "the packaged curvekit: static, runs without Swift or LAPACK, the same bytes" scripts/check-package.sh --curvekit "$(swift build --show-bin-path)/curvekit"

stage "the engine on the web: the same Swift built for wasm32, compared byte for byte with the native CLI under node" scripts/check-web.sh --curvekit "$(swift build --show-bin-path)/curvekit"

stage "benchmarks smoke run (accuracy checked, timing never asserted)" quietly scripts/bench.sh --quick

stage "curvekit design: end-to-end browser tests (Chromium + Playwright)" scripts/check-studio.sh --curvekit "$(swift build -c release --package-path Benchmarks --show-bin-path)/curvekit"

stage "the studio on a static host (.build/web, no curvekit process): browser tests" scripts/check-studio-web.sh --curvekit "$(swift build -c release --package-path Benchmarks --show-bin-path)/curvekit"

stage_summary
echo "==> swift test"
swift test --skip-build
