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
import sys

import peer_timing


def main() -> int:
    args = peer_timing.arguments(__doc__.splitlines()[0])
    try:
        import numpy as np
    except ImportError:
        print("numpy is not installed", file=sys.stderr)
        return 3

    for path in args.files:
        data = np.fromfile(path, dtype="<f8")
        n = data.size // 2
        t, y = data[:n], data[n:]
        coefficients = np.polyfit(t, y, 3)
        samples = peer_timing.samples(lambda: np.polyfit(t, y, 3), args)
        print(
            "n=%d coef=%s ns=%s"
            % (n, ",".join(repr(float(c)) for c in coefficients), ",".join(repr(s) for s in samples))
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
