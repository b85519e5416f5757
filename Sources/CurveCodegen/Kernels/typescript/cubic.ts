// ported from CurveCore/Kernels/CubicInverseKernel+Residual.swift sha256 30639ca9438db235d0956ef908c60ac593c7ccdde0800d191c4ca7e714eade4b
// ported from CurveCore/Kernels/CubicInverseKernel+Newton.swift sha256 b800e2674e7e8302f334975daf6158ce18e9d7300577344bf361ddb492107d40
//
// The cubic's compensated residual, slope, bracket, seed and safeguarded Newton (`newton`).
// The lines between the embed markers are copied verbatim into every generated TypeScript
// module that needs them (TypeScriptCodeGenerator); tsc --strict compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
// f(t) - level by compensated Horner (twice the working precision).
function residual(a: number, b: number, c: number, d: number, t: number, level: number): number {
  let sum = a;
  let correction = 0.0;
  for (let step = 1; step <= 3; step++) {
    const coefficient = step === 1 ? b : step === 2 ? c : d;
    const product = sum * t;
    const next = product + coefficient;
    correction = correction * t + (twoProductError(sum, t, product) + twoSumError(product, coefficient, next));
    sum = next;
  }
  const difference = sum + -level;
  return difference + (twoSumError(sum, -level, difference) + correction);
}

function slope(a: number, b: number, c: number, t: number): number {
  return (3.0 * a * t + 2.0 * b) * t + c;
}

function curvature(a: number, b: number, t: number): number {
  return 6.0 * a * t + 2.0 * b;
}

function bracket(a: number, b: number, c: number, d: number, level: number): Bracket {
  if (Number.isNaN(level)) return { isAnswer: true, answer: NaN, orientation: 0, residualAtOne: 0 };
  const plainAtOne = (((a + b) + c) + d) - level;
  const noise = 4.0 * TWO_TO_MINUS_53 * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(d) + Math.abs(level));
  const atOne = Math.abs(plainAtOne) > noise ? plainAtOne : residual(a, b, c, d, 1.0, level);
  return bracketFromEnds(level, d, atOne, a + b + c);
}

// The smallest root >= 0 of q*x^2 + l*x + k without cancellation, or NaN.
function smallestNonNegativeRoot(q: number, l: number, k: number): number {
  if (k === 0) return 0.0;
  if (q === 0) {
    const x = -k / l;
    return Number.isFinite(x) && x >= 0 ? x : NaN;
  }
  const discriminant = l * l - 4.0 * q * k;
  if (!(discriminant >= 0)) return NaN;
  const root = Math.sqrt(discriminant);
  const big = -0.5 * (l + (l >= 0 ? root : -root));
  const first = big / q;
  const second = big !== 0 ? k / big : NaN;
  let best = Infinity;
  if (Number.isFinite(first) && first >= 0) best = first;
  if (Number.isFinite(second) && second >= 0 && second < best) best = second;
  return Number.isFinite(best) ? best : NaN;
}

function seed(a: number, b: number, c: number, d: number, level: number, residualAtOne: number): number {
  const startValue = d;
  const endValue = ((a + b) + c) + d;
  const chord = (startValue - level) / (startValue - endValue);
  const fraction = Number.isFinite(chord) ? swiftMax(0.0, swiftMin(1.0, chord)) : 0.5;
  if (fraction <= 0.5) {
    const t = smallestNonNegativeRoot(b, c, startValue - level);
    if (t <= 1) return t;
  } else {
    const s = smallestNonNegativeRoot(3.0 * a + b, -slope(a, b, c, 1.0), residualAtOne);
    if (s <= 1) return 1 - s;
  }
  return fraction;
}

// Safeguarded Newton-bisection with compensated residuals (CurveKit's `newton`).
function newton(a: number, b: number, c: number, d: number, level: number): number {
  const bounds = bracket(a, b, c, d, level);
  if (bounds.isAnswer) return bounds.answer;
  const orientation = bounds.orientation;
  let lower = 0.0;
  let upper = 1.0;
  let t = seed(a, b, c, d, level, bounds.residualAtOne);
  if (!(t > lower && t < upper)) t = 0.5;
  const noise = 4.0 * TWO_TO_MINUS_53;
  for (let iteration = 0; iteration < 200; iteration++) {
    const value = orientation * ((((a * t + b) * t + c) * t + d) - level);
    const magnitude = ((Math.abs(a) * t + Math.abs(b)) * t + Math.abs(c)) * t + Math.abs(d) + Math.abs(level);
    if (Math.abs(value) <= noise * magnitude) break;
    if (value < 0) lower = t; else upper = t;
    const slopeHere = orientation * slope(a, b, c, t);
    const step = value * slopeHere / (slopeHere * slopeHere - 0.5 * value * orientation * curvature(a, b, t));
    const next = guardedStep(t, Number.isFinite(step) ? step : value / slopeHere, lower, upper);
    if (Number.isNaN(next) || next === t) break;
    t = next;
  }
  let bestT = t;
  let bestResidual = Infinity;
  for (let iteration = 0; iteration < 200; iteration++) {
    const value = orientation * residual(a, b, c, d, t, level);
    if (Math.abs(value) < bestResidual) {
      bestT = t;
      bestResidual = Math.abs(value);
    }
    if (value === 0) return t;
    if (value < 0) lower = t; else upper = t;
    const slopeHere = slope(a, b, c, t);
    const next = t - value / (orientation * slopeHere);
    const slopeNoise = noise * (((3.0 * Math.abs(a)) * t + 2.0 * Math.abs(b)) * t + Math.abs(c));
    if (next === t) {
      if (!(Math.abs(slopeHere) < TWO_TO_20 * slopeNoise)) return t;
      return nearerNeighbour(a, b, c, d, t, value, orientation, level);
    }
    const change = next - t;
    if (
      Math.abs(slopeHere) >= TWO_TO_20 * slopeNoise && next >= lower && next <= upper &&
      change * change * Math.abs(curvature(a, b, t)) <=
        TWO_TO_MINUS_60 * Math.abs(slopeHere) * swiftMax(Math.abs(next), TWO_TO_MINUS_60)
    ) {
      return next;
    }
    const stepped = guardedStep(t, value / (orientation * slopeHere), lower, upper);
    if (Number.isNaN(stepped)) break;
    t = stepped;
  }
  const lowerResidual = Math.abs(residual(a, b, c, d, lower, level));
  if (lowerResidual < bestResidual) {
    bestT = lower;
    bestResidual = lowerResidual;
  }
  const upperResidual = Math.abs(residual(a, b, c, d, upper, level));
  if (upperResidual < bestResidual) bestT = upper;
  return bestT;
}

function nearerNeighbour(
  a: number, b: number, c: number, d: number, t: number, value: number, orientation: number, level: number,
): number {
  const neighbour = value > 0 ? nextDown(t) : nextUp(t);
  if (!(neighbour >= 0 && neighbour <= 1)) return t;
  const other = orientation * residual(a, b, c, d, neighbour, level);
  const straddles = other === 0 || (other > 0) !== (value > 0);
  return straddles && Math.abs(other) < Math.abs(value) ? neighbour : t;
}
// curvekit:embed-end
