// The C reference loops the Swift benchmarks are compared with, compiled at -O3 for the
// same target CPU as the Swift build (see Benchmarks/Package.swift). Not an API.
#ifndef CURVEKIT_BENCHMARKS_CREFERENCE_H
#define CURVEKIT_BENCHMARKS_CREFERENCE_H

#include <stddef.h>

/// The article's clamped Horner level over a buffer: out[i] = f(clamp(t[i])), with the
/// clamp written as Swift's max(0, min(1, t)) (NaN becomes 1) and separate multiply/add.
void ckref_horner_levels(const double *t, double *out, size_t count,
                         double a, double b, double c, double d);

/// Unclamped Horner over a buffer: out[i] = ((a t + b) t + c) t + d.
void ckref_horner_values(const double *t, double *out, size_t count,
                         double a, double b, double c, double d);

/// A dependent chain of `count` unclamped Horner evaluations: t = f(t), returns the last t.
double ckref_horner_chain(double t, size_t count, double a, double b, double c, double d);

/// The article's 32-step bisection (clamp, early returns at 0.999999 / 0.000001, midpoint).
double ckref_bisection32(double level, double a, double b, double c, double d);

/// The 32-step bisection over a buffer of levels.
void ckref_bisection32_batch(const double *levels, double *out, size_t count,
                             double a, double b, double c, double d);

/// 1 when libgsl could be loaded and exports gsl_poly_solve_cubic, else 0.
int ckref_gsl_available(void);

/// GSL's solver for x^3 + a x^2 + b x + c = 0 (monic). Returns the number of real roots
/// written, or -1 when GSL is unavailable.
int ckref_gsl_solve_cubic(double a, double b, double c, double *x0, double *x1, double *x2);

/// The compiler and target features this file was built with, e.g. "clang 21.0.0 -O3 SSE2".
const char *ckref_build_description(void);

#endif
