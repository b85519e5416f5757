// The checks' one seeded generator (mulberry32, 32-bit state): the same inputs on every run.
// It makes test inputs only; no compared number comes from it.

/** A generator of doubles in [0, 1) from `seed`. */
export function seededRandom(seed) {
  let state = seed | 0;
  return function next() {
    state = (state + 0x6d2b79f5) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}
