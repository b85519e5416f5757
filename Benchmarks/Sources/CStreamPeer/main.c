// The C peer of `curvekit eval` on standard input: one number per line read with fgets and
// strtod, the clamped Horner level f(clamp(t)) computed as the article writes it (separate
// multiply and add), printed with printf("%.17g") (which round-trips, but is not the
// shortest form curvekit prints). Built like CReference: -O3, -ffp-contract=off, no -march.
//
//   curvekit-c-stream-peer A B C D < times.txt      (f(t) = ((A t + B) t + C) t + D)
//
// Lines strtod cannot read at all are skipped; anything after the number is ignored. This
// is the plain loop the issue names, with none of curvekit's checking.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: %s A B C D < times\n", argv[0]);
    return 2;
  }
  const double a = strtod(argv[1], NULL), b = strtod(argv[2], NULL);
  const double c = strtod(argv[3], NULL), d = strtod(argv[4], NULL);
  char line[512];
  while (fgets(line, sizeof line, stdin)) {
    char *end;
    double t = strtod(line, &end);
    if (end == line) continue;
    // Swift's max(0, min(1, t)): NaN becomes 1.
    t = t < 1 ? t : 1;
    t = t > 0 ? t : 0;
    printf("%.17g\n", ((a * t + b) * t + c) * t + d);
  }
  return 0;
}
