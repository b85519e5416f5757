#!/usr/bin/env python3
"""numpy peer for the CurveKit fitting benchmarks.

Times numpy.polyfit(t, y, 3) (an unconstrained cubic; numpy has no equality constraints)
on the same data the Swift harness fits. Each FILE holds 2n little-endian float64 values:
the n abscissas t, then the n observations y, written by curvekit-benchmarks.

Output, one line per FILE:
    n=<points> coef=<c3>,<c2>,<c1>,<c0> ns=<ns per fit, one per sample, comma-separated>

Timing mirrors the Swift harness: a warm-up, then an adaptive number of calls per sample
(each sample lasts about --sample-ms), --samples samples, read from the process CPU-time
clock (time.process_time_ns, all threads) as the harness does for its in-process fits, so
other load on a shared machine does not count. scripts/bench.sh sets
OPENBLAS_NUM_THREADS=1 for both sides. Exit 3 when numpy is missing.
"""
import argparse
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--samples", type=int, default=15)
    parser.add_argument("--sample-ms", type=float, default=20.0)
    parser.add_argument("--warmup-ms", type=float, default=100.0)
    args = parser.parse_args()
    try:
        import numpy as np
    except ImportError:
        print("numpy is not installed", file=sys.stderr)
        return 3

    clock = time.process_time_ns
    for path in args.files:
        data = np.fromfile(path, dtype="<f8")
        n = data.size // 2
        t, y = data[:n], data[n:]
        coefficients = np.polyfit(t, y, 3)

        # Warm up and find how many calls fill one sample.
        calls = 1
        start = clock()
        while True:
            begin = clock()
            for _ in range(calls):
                np.polyfit(t, y, 3)
            elapsed = clock() - begin
            if clock() - start >= args.warmup_ms * 1e6:
                break
            if elapsed < args.sample_ms * 1e6 / 8:
                calls *= 2
        per_call = max(elapsed, 1) / calls
        per_sample = max(1, int(args.sample_ms * 1e6 / per_call + 0.999))

        samples = []
        for _ in range(args.samples):
            begin = clock()
            for _ in range(per_sample):
                np.polyfit(t, y, 3)
            samples.append((clock() - begin) / per_sample)
        print(
            "n=%d coef=%s ns=%s"
            % (n, ",".join(repr(float(c)) for c in coefficients), ",".join(repr(s) for s in samples))
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
