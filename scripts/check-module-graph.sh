#!/usr/bin/env bash
# The runtime/tooling split, checked on the package graph itself (`swift package describe`):
# the dependency closure of the `CurveKit` library product, the runtime an app links, must hold
# none of the tooling modules, and CurveSpec must not pull in LAPACK just to parse a file.
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
     {"CLAPACK", "CurveFitting", "CurveSpec", "CurveCodegen", "CurveDesign", "CurveEasing", "CurvePipeline", "CurveKitCLI"}),
    ("CurveSpec", ["CurveSpec"], {"CLAPACK", "CurveFitting"}),
    ("CurveCore", ["CurveCore"], set(targets) - {"CurveCore"}),
]
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
