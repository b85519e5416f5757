// ported from CurveCore/Kernels/CubicInverseKernel+Polynomial.swift sha256 c8704f932c507134b65c40dd8f5079982879efd1568926fa89e2196d9178d529
//
// The polynomial kernels of degree 4 to 10: residual, bracket and safeguarded Newton.
// The lines between the embed markers are copied verbatim into every generated TypeScript
// module that needs them (TypeScriptCodeGenerator); tsc --strict compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
// f(t) - level by compensated Horner for any degree (CurveKit's polynomial `residual`).
function residual(coefficients: readonly number[], t: number, level: number): number {
  let sum = coefficients[0];
  let correction = 0.0;
  for (let index = 1; index < coefficients.length; index++) {
    const coefficient = coefficients[index];
    const product = sum * t;
    const next = product + coefficient;
    correction = correction * t + (twoProductError(sum, t, product) + twoSumError(product, coefficient, next));
    sum = next;
  }
  const difference = sum + -level;
  return difference + (twoSumError(sum, -level, difference) + correction);
}

// f(t), f'(t) by plain Horner and the scale of their rounding errors.
function valueAndSlope(coefficients: readonly number[], t: number): [number, number, number] {
  let value = coefficients[0];
  let slope = 0.0;
  let scale = Math.abs(value);
  for (let index = 1; index < coefficients.length; index++) {
    slope = slope * t + value;
    value = value * t + coefficients[index];
    scale = scale * t + Math.abs(coefficients[index]);
  }
  return [value, slope, scale];
}

function bracket(coefficients: readonly number[], level: number): Bracket {
  if (Number.isNaN(level)) return { isAnswer: true, answer: NaN, orientation: 0, residualAtOne: 0 };
  const count = coefficients.length;
  const startValue = coefficients[count - 1];
  let sum = 0.0;
  let magnitude = Math.abs(level);
  let rise = 0.0;
  for (let index = 0; index < count; index++) {
    sum += coefficients[index];
    magnitude += Math.abs(coefficients[index]);
    if (index < count - 1) rise += coefficients[index];
  }
  const plainAtOne = sum - level;
  const noise = (2 * count) * TWO_TO_MINUS_53 * magnitude;
  const atOne = Math.abs(plainAtOne) > noise ? plainAtOne : residual(coefficients, 1.0, level);
  return bracketFromEnds(level, startValue, atOne, rise);
}

// Safeguarded Newton-bisection with compensated residuals for any degree (CurveKit's
// polynomial `newton`, which `auto` is above degree 3).
function newton(coefficients: readonly number[], level: number): number {
  const bounds = bracket(coefficients, level);
  if (bounds.isAnswer) return bounds.answer;
  const orientation = bounds.orientation;
  const startGap = coefficients[coefficients.length - 1] - level;
  const chord = startGap / (startGap - bounds.residualAtOne);
  let lower = 0.0;
  let upper = 1.0;
  let t = chord > 0 && chord < 1 ? chord : 0.5;
  const noise = (2 * coefficients.length) * TWO_TO_MINUS_53;
  for (let iteration = 0; iteration < 200; iteration++) {
    const [value, slope, scale] = valueAndSlope(coefficients, t);
    const signed = orientation * (value - level);
    if (Math.abs(signed) <= noise * (scale + Math.abs(level))) break;
    if (signed < 0) lower = t; else upper = t;
    const next = guardedStep(t, signed / (orientation * slope), lower, upper);
    if (Number.isNaN(next) || next === t) break;
    t = next;
  }
  for (let iteration = 0; iteration < 200; iteration++) {
    const value = orientation * residual(coefficients, t, level);
    if (value === 0) return t;
    if (value < 0) lower = t; else upper = t;
    if (nextUp(lower) >= upper) break;
    const step = value / (orientation * valueAndSlope(coefficients, t)[1]);
    if (t - step === t) break;
    const next = guardedStep(t, step, lower, upper);
    if (Number.isNaN(next)) break;
    t = next;
  }
  let bestT = t;
  let bestResidual = Math.abs(residual(coefficients, t, level));
  for (const candidate of [nextDown(t), nextUp(t), lower, upper]) {
    if (!(candidate >= 0 && candidate <= 1)) continue;
    const candidateResidual = Math.abs(residual(coefficients, candidate, level));
    if (candidateResidual < bestResidual) {
      bestT = candidate;
      bestResidual = candidateResidual;
    }
  }
  return bestT;
}
// curvekit:embed-end
