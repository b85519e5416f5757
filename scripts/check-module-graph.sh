#!/usr/bin/env bash
# The runtime/tooling split, checked on the package graph itself (`swift package describe`):
# the dependency closure of the `CurveKit` library product, the runtime an app links, must hold
# none of the tooling modules, CurveSpec must not pull in LAPACK just to parse a file, the
# plugins' tool must not link the studio, and the product list stays the lean one.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package describe --type json 2>/dev/null | python3 -c '
import json, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
def closure(names):
    seen, stack = set(), list(names)
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        stack.extend(targets[name].get("target_dependencies", []) + targets[name].get("product_dependencies", []))
    return seen
rules = [
    ("the CurveKit product", next(p["targets"] for p in package["products"] if p["name"] == "CurveKit"),
     {"CLAPACK", "CurveFitting", "CurveSpec", "CurveCodegen", "CurveDesign", "CurveEasing", "CurvePipeline", "CurveKitCLI",
      "CurveStudio", "CurveStudioServer"}),
    ("CurveSpec", ["CurveSpec"], {"CLAPACK", "CurveFitting"}),
    ("CurveCore", ["CurveCore"], set(targets) - {"CurveCore"}),
    # The plugin tool links no studio and no HTTP server (issue 19: a lean plugin build).
    ("the plugin tool curvekit-codegen", ["curvekit-codegen"], {"CurveStudio", "CurveStudioServer", "CurveStudioCLI"}),
    ("CurvePipeline", ["CurvePipeline"], {"CurveKitCLI", "CurveStudio", "CurveStudioServer", "CurveCodegen", "CurveDesign"}),
]
# The published surface: the runtime, one tooling library, the tool and the two plugins
# (SwiftPM also lists the root package other executables, which dependents never see).
published = sorted(p["name"] for p in package["products"] if "executable" not in p["type"] or p["name"] == "curvekit")
expected = sorted(["CurveKit", "CurveCore", "CurveSchedule", "CurveKitTools", "curvekit", "CurveCodegenPlugin", "GenerateCurves"])
if published != expected:
    print("error: the products are %s, expected %s" % (", ".join(published), ", ".join(expected)), file=sys.stderr)
    sys.exit(1)
print("module graph: products " + ", ".join(published))
failed = False
for label, roots, forbidden in rules:
    found = sorted(closure(roots) & forbidden)
    if found:
        print("error: %s depends on %s" % (label, ", ".join(found)), file=sys.stderr)
        failed = True
    else:
        print("module graph: %s -> %s" % (label, ", ".join(sorted(closure(roots)))))
sys.exit(1 if failed else 0)
'
