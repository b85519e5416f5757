// ported from CurveCore/Kernels/CubicInverseKernel+Auto.swift sha256 12e1da71aa2c940b8ca6abde9ddf2172b8e16da26e6faeb9d1d05cf56d3d9cdb
//
// The cubic's one-off full-precision inverse (`auto`).
// The lines between the embed markers are copied verbatim into every generated TypeScript
// module that needs them (TypeScriptCodeGenerator); tsc --strict compiles them there and
// scripts/check-generated-languages.sh compares every result with the Swift library's, bit
// for bit. The sha256 above is of the Swift file as ported: when that file changes,
// CurveCodegenTests fails until this port follows it and the hash is updated.
// curvekit:embed-begin
// f(t) - level by compensated Horner of a*t^3 + b*t^2 + c*t + (d - level), for a t with at
// most 26 significant bits (CurveKit's `shortCompensatedResidual`).
function shortCompensatedResidual(a: number, b: number, c: number, d: number, t: number, level: number): number {
  const offset = d + -level;
  const offsetError = twoSumError(d, -level, offset);
  let sum = a;
  let correction = 0.0;
  for (let step = 1; step <= 3; step++) {
    const coefficient = step === 1 ? b : step === 2 ? c : offset;
    const product = sum * t;
    const sumHi = splitHigh(sum);
    const productError = (sumHi * t - product) + (sum - sumHi) * t;
    const next = product + coefficient;
    correction = correction * t + (productError + twoSumError(product, coefficient, next));
    sum = next;
  }
  return sum + (correction + offsetError);
}

function oneOffSeed(
  a: number, b: number, c: number, d: number, level: number, residualAtOne: number,
): [number, boolean] {
  const rise = ((a + b) + c);
  const endSlope = (3.0 * a + 2.0 * b) + c;
  const middle = c + b;
  const floor = 0.4 * Math.abs(rise);
  const steep = c * rise > 0 && middle * rise > 0 && endSlope * rise > 0 &&
    Math.abs(c) >= floor && Math.abs(middle) >= floor && Math.abs(endSlope) >= floor;
  if (!steep) {
    const high = 1.2 * Math.abs(rise);
    const flatEnd = endSlope === 0 && (3.0 * a + b) * rise < 0 && c * rise > 0 && middle * rise > 0 &&
      Math.abs(c) >= high && Math.abs(middle) >= high;
    const flatStart = c === 0 && b * rise > 0 && endSlope * rise > 0 && middle * rise > 0 &&
      Math.abs(endSlope) >= high && Math.abs(middle) >= high;
    if (!(flatEnd || flatStart)) return [taylorSeed(a, b, c, d, level, residualAtOne), false];
    return [flatEndSeed(a, b, c, d, level, residualAtOne), true];
  }
  const y = (level - d) * (1 / rise);
  const startSlope = rise / c;
  const finalSlope = rise / endSlope;
  const rest = 1 - y;
  return [y * y * (3 - 2 * y) + y * rest * (startSlope * rest - finalSlope * y), true];
}

function flatEndSeed(a: number, b: number, c: number, d: number, level: number, residualAtOne: number): number {
  const rise = ((a + b) + c);
  const endSlope = (3.0 * a + 2.0 * b) + c;
  const flatAtOne = endSlope === 0;
  const fraction = flatAtOne ? residualAtOne / rise : (level - d) / rise;
  const w = Math.sqrt(swiftMax(0.0, swiftMin(1.0, fraction)));
  const halfCurvature = flatAtOne ? 3.0 * a + b : b;
  const startSlope = Math.sqrt(Math.abs(rise) / Math.abs(halfCurvature));
  const finalSlope = 2.0 * Math.abs(rise) / Math.abs(flatAtOne ? c : endSlope);
  const rest = 1 - w;
  const x = w * w * (3 - 2 * w) + w * rest * (startSlope * rest - finalSlope * w);
  return flatAtOne ? 1 - x : x;
}

function taylorSeed(a: number, b: number, c: number, d: number, level: number, residualAtOne: number): number {
  const startOffset = d - level;
  const startRoot = Math.sqrt(swiftMax(0.0, c * c - 4.0 * b * startOffset));
  const fromStart = 2.0 * Math.abs(startOffset) / (Math.abs(c) + startRoot);
  const endSlope = (3.0 * a + 2.0 * b) + c;
  const endRoot = Math.sqrt(swiftMax(0.0, endSlope * endSlope - 4.0 * (3.0 * a + b) * residualAtOne));
  const fromEnd = 2.0 * Math.abs(residualAtOne) / (Math.abs(endSlope) + endRoot);
  return Math.abs(startOffset) <= Math.abs(residualAtOne) ? fromStart : 1 - fromEnd;
}

// CurveKit's one-off full-precision inverse (`auto`): a seed, one compensated residual,
// plain steps on the exact expansion about the seed, else safeguarded Newton.
function oneOffInverse(a: number, b: number, c: number, d: number, level: number): number {
  const bounds = bracket(a, b, c, d, level);
  if (bounds.isAnswer) return bounds.answer;
  const residualAtOne = bounds.residualAtOne;
  if (a === 0 && b === 0) {
    const t = (level - d) / c;
    return t > 0 ? (t < 1 ? t : 1.0) : 0.0;
  }
  const [seedValue, isHermite] = oneOffSeed(a, b, c, d, level, residualAtOne);
  const t0 = splitHigh(seedValue > 0 ? (seedValue < 1 ? seedValue : 1.0) : 0.0);
  const r0 = shortCompensatedResidual(a, b, c, d, t0, level);
  const s1 = slope(a, b, c, t0);
  const s2 = 3.0 * a * t0 + b;
  const inverseSlope = 1 / s1;
  const p = s2 * inverseSlope;
  const q = a * inverseSlope;
  const third = 2.0 * p * p - q;
  const fourth = 5.0 * p * (q - p * p);
  const u = -(r0 * inverseSlope);
  const uSquared = u * u;
  let delta = u + uSquared * ((third * u - p) + uSquared * fourth);
  if (!isHermite) {
    const value = r0 + delta * (s1 + delta * (s2 + delta * a));
    const derivative = s1 + delta * (2.0 * s2 + 3.0 * a * delta);
    const halfCurvature = s2 + 3.0 * a * delta;
    delta -= value === 0 ? 0.0 : value * derivative / (derivative * derivative - value * halfCurvature);
  }
  const value = r0 + delta * (s1 + delta * (s2 + delta * a));
  const derivative = s1 + delta * (2.0 * s2 + 3.0 * a * delta);
  const step = value === 0 ? 0.0 : value / derivative;
  delta -= step;
  const t = t0 + delta;
  const halfCurvature = Math.abs(s2 + 3.0 * a * delta);
  const slopeTerms = ((3.0 * Math.abs(a)) * t0 + 2.0 * Math.abs(b)) * t0 + Math.abs(c);
  const final =
  step * step * halfCurvature <= TWO_TO_MINUS_55 * Math.abs(derivative) && Math.abs(step) <= TWO_TO_MINUS_26;
  const sharp = Math.abs(delta) * slopeTerms <= 0.25 * Math.abs(derivative);
  if (final && sharp && t >= 0 && t <= 1) return t;
  return newton(a, b, c, d, level);
}
// curvekit:embed-end
