#!/usr/bin/env bash
# Fits a generated 10^7-line data file with `curvekit fit --data` (release build) and checks
# that the peak resident memory stays bounded (default limit 64 MiB; the file itself is
# about 400 MB). Not part of `swift test`: it needs a release build and a minute or two.
#
#   scripts/check-streaming-memory.sh [LINES] [LIMIT_KIB]
#
# Needs /usr/bin/time (apt-get install time) and python3 for the data.
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-10000000}"
limit_kib="${2:-65536}"
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
swift build -c release --product curvekit >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
data="$work/data.txt"
python3 - "$lines" "$data" <<'PY'
import random, sys
n, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(10)
with open(path, "w") as f:
    f.write("# t y: a depletion curve that rises near both ends, with noise\n")
    for start in range(0, n, 100000):
        chunk = []
        for _ in range(min(100000, n - start)):
            t = rng.random()
            chunk.append("%r %r\n" % (t, 1 - t + 2.4 * t * (1 - t) * (1 - 2 * t) + 0.05 * (rng.random() - 0.5)))
        f.write("".join(chunk))
PY
echo "data: $(wc -l < "$data") lines, $(du -h "$data" | cut -f1)"
for policy in ignore enforce; do
  /usr/bin/time -v .build/release/curvekit fit --data "$data" --monotonic "$policy" --min-slope 0.01 --json \
    >"$work/out.json" 2>"$work/time.txt"
  peak=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
  elapsed=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time.txt")
  points=$(python3 -c 'import json,sys; o=json.load(open(sys.argv[1])); print(o["points"], o["streamed"], o["coefficients"], o["monotonic"]["decreasing"])' "$work/out.json")
  echo "--monotonic $policy: peak RSS ${peak} KiB, wall ${elapsed}; points, streamed, coefficients, decreasing: $points"
  if [ "$peak" -gt "$limit_kib" ]; then
    echo "FAIL: peak RSS ${peak} KiB exceeds ${limit_kib} KiB" >&2
    exit 1
  fi
done
echo "OK: streamed within ${limit_kib} KiB"
