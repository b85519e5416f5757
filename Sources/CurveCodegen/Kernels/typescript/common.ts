// ported from CurveCore/Kernels/CubicInverseKernel+Residual.swift sha256 30639ca9438db235d0956ef908c60ac593c7ccdde0800d191c4ca7e714eade4b
// ported from CurveCore/Kernels/CubicInverseKernel+Newton.swift sha256 b800e2674e7e8302f334975daf6158ce18e9d7300577344bf361ddb492107d40
//
// The powers of two, Swift's min and max, TwoSum, Veltkamp's split, TwoProduct, nextUp, the
  /// guarded step and the bracket.
// The lines between the embed markers are copied verbatim into every generated TypeScript
// module that needs them (TypeScriptCodeGenerator); tsc --strict compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
// CurveKit's inverse kernels (Sources/CurveCore/Kernels/CubicInverseKernel*.swift), ported
// operation for operation: the same IEEE 754 double operations in the same order (JavaScript
// never fuses a multiply and an add), so the results are those of the Swift library bit for bit.

const TWO_TO_20 = TWO_TO_20_LITERAL;
const TWO_TO_MINUS_26 = TWO_TO_MINUS_26_LITERAL;
const TWO_TO_MINUS_53 = TWO_TO_MINUS_53_LITERAL;
const TWO_TO_MINUS_55 = TWO_TO_MINUS_55_LITERAL;
const TWO_TO_MINUS_60 = TWO_TO_MINUS_60_LITERAL;

// Swift's min and max: the second argument only when it compares below (above or equal).
function swiftMin(x: number, y: number): number {
  return y < x ? y : x;
}

function swiftMax(x: number, y: number): number {
  return y >= x ? y : x;
}

// The rounding error of sum = x + y (Knuth's TwoSum).
function twoSumError(x: number, y: number, sum: number): number {
  const yVirtual = sum - x;
  const xVirtual = sum - yVirtual;
  return (x - xVirtual) + (y - yVirtual);
}

// The high part of Veltkamp's split (26 significant bits).
function splitHigh(x: number): number {
  const scaled = 134217729.0 * x;
  return scaled - (scaled - x);
}

// The rounding error of product = x * y (Dekker's TwoProduct, no fma).
function twoProductError(x: number, y: number, product: number): number {
  const xHi = splitHigh(x);
  const xLo = x - xHi;
  const yHi = splitHigh(y);
  const yLo = y - yHi;
  return xLo * yLo - (((product - xHi * yHi) - xLo * yHi) - xHi * yLo);
}

const bits = new Float64Array(1);
const words = new BigInt64Array(bits.buffer);

// The next double towards +infinity (Swift's nextUp).
function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return 5e-324;
  bits[0] = x;
  words[0] += x > 0 ? 1n : -1n;
  return bits[0];
}

// The next double towards -infinity (Swift's nextDown).
function nextDown(x: number): number {
  return -nextUp(-x);
}

// t - step when that stays in [lower, upper], else the bracket's midpoint; NaN when the
// bracket holds no double strictly inside.
function guardedStep(t: number, step: number, lower: number, upper: number): number {
  const next = t - step;
  if (next >= lower && next <= upper) return next;
  const mid = lower + (upper - lower) * 0.5;
  return mid > lower && mid < upper ? mid : NaN;
}

// Where a level sits relative to f(0) and f(1): an answer at an end (or NaN), or inside.
interface Bracket {
  readonly isAnswer: boolean;
  readonly answer: number;
  readonly orientation: number;
  readonly residualAtOne: number;
}

function bracketFromEnds(level: number, startValue: number, atOne: number, rise: number): Bracket {
  const increasing = (atOne + level) - startValue > 0 || (rise > 0 && atOne + level === startValue);
  if (increasing) {
    if (level <= startValue) return { isAnswer: true, answer: 0, orientation: 0, residualAtOne: 0 };
    if (atOne <= 0) return { isAnswer: true, answer: 1, orientation: 0, residualAtOne: 0 };
    return { isAnswer: false, answer: 0, orientation: 1, residualAtOne: atOne };
  }
  if (level >= startValue) return { isAnswer: true, answer: 0, orientation: 0, residualAtOne: 0 };
  if (atOne >= 0) return { isAnswer: true, answer: 1, orientation: 0, residualAtOne: 0 };
  return { isAnswer: false, answer: 0, orientation: -1, residualAtOne: atOne };
}
// curvekit:embed-end
