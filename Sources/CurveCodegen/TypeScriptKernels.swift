/// The TypeScript text of CurveKit's kernels, ported from `Sources/CurveCore/CubicInverseKernel*.swift`
/// and `Sources/CurveSchedule/DepletionScheduleKernel.swift` operation for operation (the same
/// IEEE 754 operations in the same order; JavaScript never fuses a multiply and an add), so a
/// generated module computes what the Swift library computes, bit for bit. Each text is a run
/// of module-private declarations. The powers of two are written by ``TypeScriptCodeGenerator``
/// (the `…_LITERAL` placeholders) from Swift's own shortest round-trip spelling.
///
/// When a Swift kernel changes, change its port here: `scripts/check-generated-languages.sh`
/// compares the two on every CI run.
enum TypeScriptKernels {
  /// The powers of two, Swift's min and max, TwoSum, Veltkamp's split, TwoProduct, nextUp, the
  /// guarded step and the bracket.
  static let common = #"""
    // CurveKit's inverse kernels (Sources/CurveCore/CubicInverseKernel*.swift), ported operation
    // for operation: the same IEEE 754 double operations in the same order (JavaScript never fuses
    // a multiply and an add), so the results are those of the Swift library bit for bit.

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
    """#

  /// The cubic's compensated residual, slope, bracket, seed and safeguarded Newton (`newton`).
  static let cubic = #"""
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
    """#

  /// The cubic's one-off full-precision inverse (`auto`).
  static let auto = #"""
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
    """#

  /// The polynomial kernels of degree 4 to 10: residual, bracket and safeguarded Newton.
  static let polynomial = #"""
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
    """#

  /// The article's 32-step bisection on a level function.
  static let bisection = #"""
    // The originating article's bisection (CurveKit's `bisection`, 32 halvings) on `level`.
    function bisection(level: (t: number) => number, targetLevel: number, iterations: number): number {
      const clampedLevel = swiftMax(0.0, swiftMin(1.0, targetLevel));
      if (clampedLevel >= 0.999999) return 0.0;
      if (clampedLevel <= 0.000001) return 1.0;
      let lower = 0.0;
      let upper = 1.0;
      let remaining = iterations;
      while (remaining > 0) {
        const mid = (lower + upper) * 0.5;
        if (level(mid) > clampedLevel) lower = mid; else upper = mid;
        remaining -= 1;
      }
      return (lower + upper) * 0.5;
    }
    """#

  /// The widget timeline: Foundation's date arithmetic, the change search and the CLI's milliseconds.
  static let schedule = #"""
    // CurveKit's schedule kernel (Sources/CurveSchedule/DepletionScheduleKernel.swift) and the
    // CLI's millisecond rounding, ported operation for operation. Dates are Foundation's: seconds
    // since 2001-01-01 as doubles, so every date is the one the Swift library computes.

    // Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
    const REFERENCE_DATE_UNIX_SECONDS = 978307200.0;

    function referenceSeconds(epochMillis: number): number {
      return epochMillis / 1000.0 - REFERENCE_DATE_UNIX_SECONDS;
    }

    function elapsedFraction(date: number, refill: number, duration: number): number {
      const elapsed = swiftMax(0.0, date - refill);
      return swiftMin(1.0, elapsed / duration);
    }

    function endOfPeriod(refill: number, duration: number): number {
      let end = refill + duration;
      let remaining = 8;
      while (remaining > 0 && elapsedFraction(end, refill, duration) < 1) {
        end = nextUp(end);
        remaining -= 1;
      }
      return end;
    }

    // The first date after start and at most end at which isReached holds, to one ulp.
    function firstDate(start: number, end: number, probe: number, isReached: (date: number) => boolean): number {
      let lower = start;
      let upper = end;
      if (probe > lower && probe < upper) {
        let step = 0.001;
        if (isReached(probe)) {
          upper = probe;
          while (probe - step > lower) {
            if (!isReached(probe - step)) {
              lower = probe - step;
              break;
            }
            upper = probe - step;
            step *= 2;
          }
        } else {
          lower = probe;
          while (probe + step < upper) {
            if (isReached(probe + step)) {
              upper = probe + step;
              break;
            }
            lower = probe + step;
            step *= 2;
          }
        }
      }
      for (;;) {
        const middle = lower + (upper - lower) * 0.5;
        if (!(middle > lower && middle < upper)) break;
        if (isReached(middle)) upper = middle; else lower = middle;
      }
      return upper;
    }

    // The first change after date as [date, percentage], or null when it no longer changes.
    function nextChange(
      date: number, refill: number, duration: number, shown: (date: number) => number,
      inverse: (level: number) => number,
    ): [number, number] | null {
      if (!(duration > 0 && Number.isFinite(duration) && Number.isFinite(date))) return null;
      const end = endOfPeriod(refill, duration);
      const start = date < refill ? refill : date;
      if (!(start < end)) return null;
      const current = shown(start);
      const final = shown(end);
      if (final === current) return null;
      const threshold = (current + (final < current ? -0.5 : 0.5)) / 100;
      const t = swiftMax(0.0, swiftMin(1.0, inverse(threshold)));
      const guess = refill + t * duration;
      const found = firstDate(start, end, guess, (candidate) => shown(candidate) !== current);
      return [found, shown(found)];
    }

    // Unix milliseconds as `curvekit timeline` prints them: the least double u with
    // u - 978307200 >= date, then its shortest round-trip decimal rounded up to the millisecond.
    function epochMillis(date: number): number {
      let unix = date + REFERENCE_DATE_UNIX_SECONDS;
      let remaining = 4;
      while (remaining > 0 && unix - REFERENCE_DATE_UNIX_SECONDS < date) {
        unix = nextUp(unix);
        remaining -= 1;
      }
      const product = unix * 1000.0;
      const nearest = Math.round(product);
      for (const candidate of [nearest - 1, nearest, nearest + 1]) {
        if (candidate / 1000.0 === unix) return candidate;
      }
      const below = Math.floor(product);
      if (product !== below) return Math.ceil(product);
      return twoProductError(unix, 1000.0, product) > 0 ? below + 1 : below;
    }
    """#
}
