"""Shared timing for the Python peers of the CurveKit benchmarks.

Mirrors the Swift harness: a warm-up that also finds how many calls fill one sample (about
--sample-ms), then --samples samples, read from the process CPU-time clock
(time.process_time_ns, all threads), so other load on a shared machine does not count.
"""
import argparse
import time


def arguments(description, extra=None):
    """The peers' common command line (FILE... --samples --sample-ms --warmup-ms), plus `extra`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--samples", type=int, default=15)
    parser.add_argument("--sample-ms", type=float, default=20.0)
    parser.add_argument("--warmup-ms", type=float, default=100.0)
    if extra:
        extra(parser)
    return parser.parse_args()


def samples(call, args):
    """Nanoseconds per call, one figure per sample."""
    clock = time.process_time_ns
    calls = 1
    start = clock()
    while True:
        begin = clock()
        for _ in range(calls):
            call()
        elapsed = clock() - begin
        if clock() - start >= args.warmup_ms * 1e6:
            break
        if elapsed < args.sample_ms * 1e6 / 8:
            calls *= 2
    per_call = max(elapsed, 1) / calls
    per_sample = max(1, int(args.sample_ms * 1e6 / per_call + 0.999))
    result = []
    for _ in range(args.samples):
        begin = clock()
        for _ in range(per_sample):
            call()
        result.append((clock() - begin) / per_sample)
    return result
