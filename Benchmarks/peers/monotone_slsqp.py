#!/usr/bin/env python3
"""scipy SLSQP peer for CurveKit's monotone (depletion) fits.

What a competent scipy user would write for "fit a degree-D polynomial that decreases from 1 to
0": the dense-grid approach. scipy.optimize.minimize(method="SLSQP") minimizes the least squares
sum_i (y_i - f(t_i))^2 subject to the equality constraints f(0) = 1, f(1) = 0 and the inequality
constraints f'(t) <= 0 on a 201-point grid of [0, 1] (a documented choice: monotonicity is only
imposed at the grid points, so f' may be slightly positive between them; `maxslope` reports the
max of f' on a 100001-point grid). To make it a fair peer: f is written in the Chebyshev basis in
x = 2t - 1 (well conditioned, unlike monomials at degree 10), the start point is the unconstrained
least-squares fit, and the analytic gradient and constraint Jacobians are supplied; the
data-independent 201 x (D+1) derivative matrix is built once per degree, outside the timing.

Each FILE holds 2n little-endian float64 values: the n abscissas t, then the n observations y,
written by curvekit-benchmarks.

Output, one line per FILE:
    n=<points> objective=<sum of squares> maxslope=<max f' on a 100001-point grid>
    coef=<c_D>,...,<c_0> (power coefficients in t, highest first) ns=<ns per fit, per sample>

Timing mirrors Benchmarks/peers/numpy_fit.py: a warm-up, then an adaptive number of calls per
sample (each sample lasts about --sample-ms), --samples samples, on the process CPU-time clock
(time.process_time_ns). Exit 3 when numpy or scipy is missing. A line on stderr reports an SLSQP
failure (status != 0).
"""
import sys
import warnings

import peer_timing

GRID_POINTS = 201


def main() -> int:
    args = peer_timing.arguments(
        __doc__.splitlines()[0], lambda parser: parser.add_argument("--degree", type=int, default=10))
    try:
        import numpy as np
        from numpy.polynomial import chebyshev as C
        from numpy.polynomial import Chebyshev, Polynomial
        from scipy.optimize import minimize
    except ImportError:
        print("numpy/scipy is not installed", file=sys.stderr)
        return 3

    degree = args.degree
    n = degree + 1
    # Data-independent pieces: rows of f'(t) on the grid, and of f(0), f(1).
    deriv = np.zeros((n, n))
    for j in range(1, n):
        e = np.zeros(n)
        e[j] = 1.0
        dc = 2.0 * C.chebder(e)        # d/dt = 2 d/dx
        deriv[: len(dc), j] = dc
    grid_x = 2.0 * np.linspace(0.0, 1.0, GRID_POINTS) - 1.0
    slope_rows = C.chebvander(grid_x, degree) @ deriv
    ends = C.chebvander(np.array([-1.0, 1.0]), degree)
    ends_rhs = np.array([1.0, 0.0])
    eq = {"type": "eq", "fun": lambda a: ends @ a - ends_rhs, "jac": lambda a: ends}
    ineq = {"type": "ineq", "fun": lambda a: -(slope_rows @ a), "jac": lambda a: -slope_rows}

    def fit(t, y):
        V = C.chebvander(2.0 * t - 1.0, degree)
        a0 = np.linalg.lstsq(V, y, rcond=None)[0]

        def objective(a):
            r = V @ a - y
            return float(r @ r)

        def gradient(a):
            return 2.0 * (V.T @ (V @ a - y))

        return minimize(objective, a0, jac=gradient, method="SLSQP", constraints=[eq, ineq],
                        options={"ftol": 1e-12, "maxiter": 500})

    dense = 2.0 * np.linspace(0.0, 1.0, 100001) - 1.0
    for path in args.files:
        data = np.fromfile(path, dtype="<f8")
        m = data.size // 2
        t, y = data[:m], data[m:]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = fit(t, y)
            if res.status != 0:
                print("%s: SLSQP status %d: %s" % (path, res.status, res.message), file=sys.stderr)
            a = res.x
            objective = float(np.sum((y - C.chebval(2.0 * t - 1.0, a)) ** 2))
            maxslope = float(np.max(C.chebval(dense, 2.0 * C.chebder(a))))
            power = Chebyshev(a, domain=[0.0, 1.0]).convert(kind=Polynomial).coef[::-1]

            samples = peer_timing.samples(lambda: fit(t, y), args)
        print(
            "n=%d objective=%r maxslope=%r coef=%s ns=%s"
            % (m, objective, maxslope, ",".join(repr(float(c)) for c in power), ",".join(repr(s) for s in samples))
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
