// The one piece of C runtime the WebAssembly engine needs that neither Embedded Swift nor
// wasi-libc brings: the 128-bit multiply compiler-rt would supply (__multi3). Memory, streams
// and files come from wasi-libc. Built by scripts/build-web.sh with the toolchain's clang.
#include <stdint.h>

// The low 128 bits of a 128-bit product, as compiler-rt's __multi3 (no builtins library
// ships for wasm32 here).
__int128 __multi3(__int128 a, __int128 b) {
  unsigned __int128 x = (unsigned __int128)a, y = (unsigned __int128)b;
  uint64_t xl = (uint64_t)x, xh = (uint64_t)(x >> 64), yl = (uint64_t)y, yh = (uint64_t)(y >> 64);
  uint64_t a0 = xl & 0xffffffffu, a1 = xl >> 32, b0 = yl & 0xffffffffu, b1 = yl >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  uint64_t low = (middle << 32) | (p00 & 0xffffffffu);
  uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + xl * yh + xh * yl;
  return (__int128)(((unsigned __int128)high << 64) | low);
}

// Double(String) in Embedded Swift parses through this runtime hook, which the full runtime
// implements with the C library's strtod in the C locale: so does this one, with wasi-libc's
// strtod (musl's, correctly rounded like glibc's, so the same text gives the same double).
// Returns where parsing stopped, or NULL when nothing was parsed.
double strtod(const char *text, char **end);

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
  char *end = 0;
  *result = strtod(text, &end);
  return end == text ? 0 : end;
}
