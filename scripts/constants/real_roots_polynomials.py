#!/usr/bin/env python3
"""Prints the polynomial constants of the real-root fast path (Sources/CurveCore/Roots/RealRootSolver+Fast.swift).

They only shape the seeds of a certified Newton step, so their accuracy decides how often the
fast path succeeds, never the accuracy of a returned root. Needs numpy.

- trisectionCosine:       cos((2/3)*acos(s)) on s in [0, 1], Chebyshev interpolant, degree 12.
- trisectionSineFactor:   sin((2/3)*acos(s)) / sin(acos(s)) on [0, 1], degree 12.
- reciprocalCubeRoot:     (1 - e)^(-1/3) on |e| <= 0.1025, degree 7; and the bit-pattern
                          constant K minimizing max |1 - z*r0^3| for r0 = bits(K - bits(z)/3).
"""
import random
import struct

import numpy as np
from numpy.polynomial import chebyshev as C
from numpy.polynomial import polynomial as P


def monomial_fit(f, lo, hi, degree, nodes=400):
    """Chebyshev interpolant of f on [lo, hi] (at `nodes` Chebyshev points), as monomial coefficients."""
    u = np.cos(np.pi * (np.arange(nodes) + 0.5) / nodes)
    x = lo + (u + 1) * (hi - lo) / 2
    in_u = C.cheb2poly(C.chebfit(u, f(x), degree))
    # u = (2x - lo - hi) / (hi - lo), composed by Horner's rule on polynomials.
    line = [-(lo + hi) / (hi - lo), 2 / (hi - lo)]
    result = np.zeros(1)
    for coefficient in in_u[::-1]:
        result = P.polyadd(P.polymul(result, line), [coefficient])
    grid = np.linspace(lo, hi, 200001)
    return result, grid


def sine_factor(s):
    phi = np.arccos(s)
    with np.errstate(all="ignore"):
        value = np.sin(2 * phi / 3) / np.sin(phi)
    return np.where(phi < 1e-6, 2 / 3 + 0 * s, value)


def report(name, coefficients, grid, error):
    print(f"{name}: max error {error:.3g}")
    print("  " + ", ".join(repr(float(c)) for c in coefficients))


cosine, grid = monomial_fit(lambda s: np.cos(2 * np.arccos(s) / 3), 0, 1, 12)
report("trisectionCosine", cosine, grid, np.max(np.abs(P.polyval(grid, cosine) - np.cos(2 * np.arccos(grid) / 3))))
sine, grid = monomial_fit(sine_factor, 0, 1, 12)
report("trisectionSineFactor", sine, grid, np.max(np.abs(P.polyval(grid, sine) - sine_factor(grid))))


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def double(i):
    return struct.unpack("<d", struct.pack("<Q", i))[0]


random.seed(3)
samples = [random.uniform(1, 8) * 2.0 ** (3 * random.randint(-100, 100)) for _ in range(3000)]


def worst(constant):
    return max(abs(1 - z * double(constant - bits(z) // 3) ** 3) for z in samples)


constant, step = 0x553F000000000000, 0x0000400000000000
best = worst(constant)
while step > 0x100000:
    for candidate in (constant - step, constant + step):
        value = worst(candidate)
        if value < best:
            best, constant = value, candidate
    step //= 2
print(f"reciprocalCubeRoot bit constant: {constant:#x}, max |1 - z*r0^3| = {best:.4g}")
reciprocal, grid = monomial_fit(lambda e: (1 - e) ** (-1 / 3), -0.1025, 0.1025, 7)
report("reciprocalCubeRoot", reciprocal, grid,
       np.max(np.abs(P.polyval(grid, reciprocal) * (1 - grid) ** (1 / 3) - 1)))
