// C reference loops for the CurveKit benchmarks. Each mirrors the Swift code it is
// compared with operation for operation (same clamp, same multiply/add order), so the
// Swift/C ratio measures code generation, not a different algorithm.
#include "CReference.h"

#include <dlfcn.h>
#include <stdio.h>

// Swift's min(1.0, x) is `x < 1 ? x : 1` and max(0.0, m) is `m > 0 ? m : 0`.
static inline double clamp_unit(double t) {
  double m = t < 1.0 ? t : 1.0;
  return m > 0.0 ? m : 0.0;
}

static inline double horner(double t, double a, double b, double c, double d) {
  return ((a * t + b) * t + c) * t + d;
}

void ckref_horner_levels(const double *restrict t, double *restrict out, size_t count,
                         double a, double b, double c, double d) {
  for (size_t i = 0; i < count; i++) out[i] = horner(clamp_unit(t[i]), a, b, c, d);
}

void ckref_horner_values(const double *restrict t, double *restrict out, size_t count,
                         double a, double b, double c, double d) {
  for (size_t i = 0; i < count; i++) out[i] = horner(t[i], a, b, c, d);
}

double ckref_horner_chain(double t, size_t count, double a, double b, double c, double d) {
  for (size_t i = 0; i < count; i++) t = horner(t, a, b, c, d);
  return t;
}

double ckref_bisection32(double level, double a, double b, double c, double d) {
  double target = clamp_unit(level);
  if (target >= 0.999999) return 0.0;
  if (target <= 0.000001) return 1.0;
  double lower = 0.0, upper = 1.0;
  for (int i = 0; i < 32; i++) {
    double mid = (lower + upper) * 0.5;
    if (horner(clamp_unit(mid), a, b, c, d) > target) lower = mid; else upper = mid;
  }
  return (lower + upper) * 0.5;
}

void ckref_bisection32_batch(const double *levels, double *out, size_t count,
                             double a, double b, double c, double d) {
  for (size_t i = 0; i < count; i++) out[i] = ckref_bisection32(levels[i], a, b, c, d);
}

// GSL is optional: load it at run time so the package builds and runs without it.
typedef int (*gsl_cubic_fn)(double, double, double, double *, double *, double *);
static gsl_cubic_fn gsl_cubic = NULL;
static int gsl_loaded = 0;

static void load_gsl(void) {
  if (gsl_loaded) return;
  gsl_loaded = 1;
  static const char *const names[] = {"libgsl.so", "libgsl.so.28", "libgsl.so.27",
                                      "libgsl.so.25", "libgsl.so.23", "libgsl.dylib", NULL};
  for (int i = 0; names[i] != NULL; i++) {
    void *handle = dlopen(names[i], RTLD_NOW | RTLD_GLOBAL);
    if (handle == NULL) continue;
    gsl_cubic = (gsl_cubic_fn)dlsym(handle, "gsl_poly_solve_cubic");
    if (gsl_cubic != NULL) return;
  }
}

int ckref_gsl_available(void) {
  load_gsl();
  return gsl_cubic != NULL;
}

int ckref_gsl_solve_cubic(double a, double b, double c, double *x0, double *x1, double *x2) {
  load_gsl();
  if (gsl_cubic == NULL) return -1;
  return gsl_cubic(a, b, c, x0, x1, x2);
}

const char *ckref_build_description(void) {
  static char text[256];
  const char *features =
#if defined(__AVX512F__)
      "AVX-512"
#elif defined(__AVX2__)
      "AVX2"
#elif defined(__AVX__)
      "AVX"
#elif defined(__SSE2__)
      "SSE2"
#else
      "scalar"
#endif
      ;
  const char *fma =
#if defined(__FMA__)
      "+FMA";
#else
      "";
#endif
#if defined(__clang__)
  snprintf(text, sizeof text, "clang %d.%d.%d -O3 -ffp-contract=off, %s%s", __clang_major__,
           __clang_minor__, __clang_patchlevel__, features, fma);
#else
  snprintf(text, sizeof text, "%s -O3 -ffp-contract=off, %s%s", __VERSION__, features, fma);
#endif
  return text;
}
