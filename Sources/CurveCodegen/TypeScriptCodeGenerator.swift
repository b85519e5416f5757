import CurveCore
import CurvePipeline
import CurveSpec

/// Emits the self-contained TypeScript module for one curve (`curvekit generate --language
/// typescript`).
///
/// The module exports one frozen object named by the type name with the coefficients,
/// `level`, `normalizedElapsed` and `widgetPercentage`; with the schedule, `currentLevel` and
/// `percentageChanges` on epoch milliseconds (and the `PercentageChange` interface). The
/// kernels are CurveKit's, ported operation for operation (``TypeScriptKernels``), so every
/// result is the Swift library's bit for bit. It compiles under `tsc --strict --target
/// es2020` (TypeScript 4.8 to 5.x), has no runtime dependency, and runs in browsers and node.
public enum TypeScriptCodeGenerator {
  /// The TypeScript source text for `curve` with `options`.
  /// - Throws: ``CodegenError`` for an invalid type name, a non-finite coefficient, or an
  ///   inverse method without a TypeScript kernel (`cardano`, `table`).
  /// - Complexity: O(degree).
  public static func generate(_ curve: FittedCurve, options: GenerationOptions) throws(CodegenError) -> String {
    let parts = try ForeignCurveParts(curve, options: options, language: .typescript)
    var out = GeneratedHeader.text(
      curve, inverseSummary: parts.inverseSummary, toolLines: ["/* eslint-disable */"], extraLines: parts.ruleLines)
    if options.withSchedule {
      out += """
        /** One change of the widget's percentage: from `epochMillis` on, the widget shows `percentage`. */
        export interface PercentageChange {
          readonly epochMillis: number;
          readonly percentage: number;
        }


        """
    }
    if !parts.progressTables.isEmpty { out += progressDeclarations(parts.progressTables) }
    out += coefficientDeclarations(parts) + functions(parts, withSchedule: options.withSchedule)
    out += "/**\n" + parts.documentation.map { $0.isEmpty ? " *\n" : " * \(jsdoc($0))\n" }.joined() + " */\n"
    out += "export const \(options.typeName) = Object.freeze({\n" + cssMembers(options)
    out += members(parts, withSchedule: options.withSchedule)
    if !parts.progressTables.isEmpty { out += progressMembers(parts.progressTables) }
    out += "});\n\n" + kernels(parts, withSchedule: options.withSchedule)
    return out
  }

  /// `cssEasing` and `cssLinearEasing`: the texts `curvekit export` prints, as CurveDesign made
  /// them (given in the options), for WAAPI's `easing` and CSS-in-JS.
  static func cssMembers(_ options: GenerationOptions) -> String {
    var out = ""
    if let css = options.cssEasing {
      out += """
          /**
           * The curve's CSS easing (progress = 1 − level), exactly what `curvekit export` prints:
           * ready for WAAPI's `easing` and CSS-in-JS.
           */
          cssEasing: \(stringLiteral(css)),


        """
    }
    if let linear = options.cssLinearEasing {
      out += """
          /** The certified CSS `linear()` easing, exactly what `curvekit export --format css-linear` prints. */
          cssLinearEasing: \(stringLiteral(linear)),


        """
    }
    return out
  }

  /// A single-quoted TypeScript string literal of `text`.
  static func stringLiteral(_ text: String) -> String {
    var out = "'"
    for character in text.unicodeScalars {
      switch character {
      case "\\": out += "\\\\"
      case "'": out += "\\'"
      case "\n": out += "\\n"
      default: out.unicodeScalars.append(character)
      }
    }
    return out + "'"
  }

  /// Text safe inside a JSDoc block: no `*/` that would end it early.
  static func jsdoc(_ text: String) -> String {
    text.replacingText("*/", with: "* /")
  }

  /// The module-private coefficient constants.
  static func coefficientDeclarations(_ parts: ForeignCurveParts) -> String {
    guard parts.isCubic else {
      return "const COEFFICIENTS: readonly number[] = Object.freeze([\n"
        + parts.literals.map { "  \($0),\n" }.joined() + "]);\n\n"
    }
    return zip(["A", "B", "C", "D"], parts.literals).map { "const \($0) = \($1);\n" }.joined() + "\n"
  }

  /// The module-private level, inverse and percentage functions the object's members call.
  static func functions(_ parts: ForeignCurveParts, withSchedule: Bool) -> String {
    let horner =
      parts.isCubic
      ? "  return ((A * t + B) * t + C) * t + D;\n"
      : """
        let result = COEFFICIENTS[0];
        for (let index = 1; index < COEFFICIENTS.length; index++) result = result * t + COEFFICIENTS[index];
        return result;

      """
    let call: String
    switch parts.inverse {
    case .bisection: call = "bisection(levelAt, level, 32)"
    case .auto where parts.isCubic: call = "oneOffInverse(A, B, C, D, level)"
    default: call = parts.isCubic ? "newton(A, B, C, D, level)" : "newton(COEFFICIENTS, level)"
    }
    var out = """
      function levelAt(normalizedElapsed: number): number {
        const atLeastZero = 0.0 > normalizedElapsed ? 0.0 : normalizedElapsed;
        const t = atLeastZero < 1.0 ? atLeastZero : 1.0;
      \(horner)}

      function inverseAt(level: number): number {
        return \(call);
      }

      function percentageFor(level: number): number {
        const scaled = level * 100;
        const whole = Math.trunc(scaled);
        const percent = Math.abs(scaled - whole) >= 0.5 ? (scaled > 0 ? whole + 1 : whole - 1) : whole;
        if (Number.isNaN(percent)) return 0;
        return swiftMin(100.0, swiftMax(0.0, percent)) + 0;
      }


      """
    if withSchedule {
      out += """
        function shownAt(refill: number, duration: number): (date: number) => number {
          return (date) => percentageFor(levelAt(elapsedFraction(date, refill, duration)));
        }


        """
    }
    return out
  }

  /// The `ProgressSegment` interface and the ramp tables computed at generation time.
  static func progressDeclarations(_ tables: [ProgressSegmentTable]) -> String {
    let rows = tables.map { "  [" + $0.values.map { $0.description }.joined(separator: ", ") + "],\n" }.joined()
    return """
      /**
       * One straight ramp: the shown level goes linearly from `startLevel` at `fromEpochMillis` to
       * `endLevel` at `toEpochMillis` (a CSS transition or requestAnimationFrame interpolation).
       */
      export interface ProgressSegment {
        readonly fromEpochMillis: number;
        readonly toEpochMillis: number;
        readonly startLevel: number;
        readonly endLevel: number;
      }

      const PROGRESS_SEGMENT_LIMITS: readonly number[] = Object.freeze([\(tables.map { $0.limit.description }.joined(separator: ", "))]);

      // Per limit: start, end (normalized time), startLevel, endLevel of each ramp, computed and
      // certified by curvekit: \(ProgressSegmentTable.summary(tables)).
      const PROGRESS_SEGMENT_TABLES: readonly (readonly number[])[] = [
      \(rows)];


      """
  }

  /// The object's `progressSegments` members.
  static func progressMembers(_ tables: [ProgressSegmentTable]) -> String {
    """

        /** The error limits in percentage points whose ramps this module holds, increasing. */
        progressSegmentLimits: PROGRESS_SEGMENT_LIMITS,

        /**
         * The fewest straight ramps that keep the shown level within `maxErrorPercentagePoints` of the
         * curve from the refill to the end of the period: the ramps of the largest embedded limit not
         * above it, exactly those of `curvekit timeline --segments --max-error` (dates to the
         * millisecond, levels as fractions, bit for bit). Throws a RangeError below every limit.
         */
        progressSegments(refillEpochMillis: number, durationMillis: number, maxErrorPercentagePoints: number): ProgressSegment[] {
          let chosen = -1;
          PROGRESS_SEGMENT_LIMITS.forEach((limit, index) => {
            if (limit <= maxErrorPercentagePoints) chosen = index;
          });
          if (chosen < 0) {
            throw new RangeError(`no embedded ramps within ${maxErrorPercentagePoints} percentage points`);
          }
          const table = PROGRESS_SEGMENT_TABLES[chosen];
          const refill = referenceSeconds(refillEpochMillis);
          const duration = durationMillis / 1000.0;
          const segments: ProgressSegment[] = [];
          for (let index = 0; index < table.length; index += 4) {
            segments.push({
              fromEpochMillis: epochMillis(refill + table[index] * duration),
              toEpochMillis: epochMillis(refill + table[index + 1] * duration),
              startLevel: table[index + 2],
              endLevel: table[index + 3],
            });
          }
          return segments;
        },

    """
  }

  /// The exported object's members, each documented.
  static func members(_ parts: ForeignCurveParts, withSchedule: Bool) -> String {
    let coefficients = parts.isCubic ? "Object.freeze([A, B, C, D])" : "COEFFICIENTS"
    var out = """
        /** The coefficients, highest power first. */
        coefficients: \(coefficients) as readonly number[],

        /**
         * The level at `normalizedElapsed`, clamped to [0, 1] first (NaN clamps to 1), by Horner's
         * rule with separate multiply and add: bit-identical to CurveKit's Swift.
         */
        level(normalizedElapsed: number): number {
          return levelAt(normalizedElapsed);
        },

        /**
      \(parts.inverseDocumentation.map { "   * \(jsdoc($0))\n" }.joined())   */
        normalizedElapsed(level: number): number {
          return inverseAt(level);
        },

        /**
         * The widget's whole percentage for `level`: level·100 rounded half away from zero and
         * clamped to 0…100; a NaN level gives 0. CurveKit's `widgetPercentage(forLevel:)`.
         */
        widgetPercentage(level: number): number {
          return percentageFor(level);
        },

      """
    if withSchedule {
      out += """

          /** The spec's period in milliseconds (\(parts.durationText)). */
          defaultDurationMillis: \(parts.durationMillis),

          /**
           * The level at `nowEpochMillis` for a fill refilled at `refillEpochMillis` and lasting
           * `durationMillis`: the article's `currentLevel(at:)`, CurveKit's `DepletionSchedule` bit
           * for bit (dates before the refill give f(0), after the period f(1)).
           */
          currentLevel(refillEpochMillis: number, durationMillis: number, nowEpochMillis: number): number {
            const refill = referenceSeconds(refillEpochMillis);
            return levelAt(elapsedFraction(referenceSeconds(nowEpochMillis), refill, durationMillis / 1000.0));
          },

          /**
           * The percentage the widget shows at `nowEpochMillis` (0 to 100): CurveKit's
           * `DepletionSchedule.widgetPercentage(at:)`, from `currentLevel`.
           */
          currentWidgetPercentage(refillEpochMillis: number, durationMillis: number, nowEpochMillis: number): number {
            const refill = referenceSeconds(refillEpochMillis);
            return percentageFor(levelAt(elapsedFraction(referenceSeconds(nowEpochMillis), refill, durationMillis / 1000.0)));
          },

          /**
           * The refill moment at which a fill lasting `durationMillis` shows `level` at
           * `nowEpochMillis`: the article's `setCurrentFill`, CurveKit's
           * `DepletionSchedule.refillDate(forLevel:at:)` through this module's inverse, as epoch
           * milliseconds with their fraction (the Swift `Date`'s `timeIntervalSince1970 * 1000`, not
           * rounded; within one ulp, ≈ 0.1 µs, of the `Date`): a timeline from it is Swift's from that
           * stored value. Store and pass it back as it is. Levels outside [0, 1] are clamped.
           */
          refillEpochMillis(level: number, nowEpochMillis: number, durationMillis: number = \(parts.durationMillis)): number {
            return unixMillis(refillDate(level, referenceSeconds(nowEpochMillis), durationMillis / 1000.0, inverseAt));
          },

          /**
           * The first change of the widget's percentage after `afterEpochMillis`, or null when it no
           * longer changes in the period: CurveKit's `DepletionSchedule.nextPercentageChange(after:)`,
           * the first entry of `curvekit timeline --from`.
           */
          nextPercentageChange(refillEpochMillis: number, durationMillis: number, afterEpochMillis: number): PercentageChange | null {
            const refill = referenceSeconds(refillEpochMillis);
            const duration = durationMillis / 1000.0;
            const next = nextChange(referenceSeconds(afterEpochMillis), refill, duration, shownAt(refill, duration), inverseAt);
            return next === null ? null : { epochMillis: epochMillis(next[0]), percentage: next[1] };
          },

          /**
           * The first moment the level reaches `level` (at or below it on a falling curve), or null
           * when it does not within the period: CurveKit's `DepletionSchedule.date(whenLevelReaches:)`
           * as epoch milliseconds rounded like `curvekit timeline`.
           */
          epochMillisWhenLevelReaches(level: number, refillEpochMillis: number, durationMillis: number): number | null {
            const refill = referenceSeconds(refillEpochMillis);
            const duration = durationMillis / 1000.0;
            const levelOf = (date: number): number => levelAt(elapsedFraction(date, refill, duration));
            const date = dateWhenLevelReaches(level, refill, duration, levelOf, inverseAt);
            return date === null ? null : epochMillis(date);
          },

          /**
           * Every change of the widget's percentage after `fromEpochMillis` (default: the refill) up
           * to `throughEpochMillis` (default: the end), in time order: at each `epochMillis` the
           * widget already shows the new percentage, and 1 ms earlier the previous one. Exactly the
           * dates of `curvekit timeline --from --through` and CurveKit's
           * `DepletionSchedule.percentageChanges(from:through:)`, to the millisecond. A full
           * depletion has 100.
           */
          percentageChanges(
            refillEpochMillis: number, durationMillis: number = \(parts.durationMillis), fromEpochMillis?: number,
            throughEpochMillis?: number,
          ): PercentageChange[] {
            const refill = referenceSeconds(refillEpochMillis);
            const duration = durationMillis / 1000.0;
            const end = throughEpochMillis === undefined ? null : referenceSeconds(throughEpochMillis);
            const shown = shownAt(refill, duration);
            const changes: PercentageChange[] = [];
            let date = fromEpochMillis === undefined ? refill : referenceSeconds(fromEpochMillis);
            while (changes.length < 10000) {
              const next = nextChange(date, refill, duration, shown, inverseAt);
              if (next === null) break;
              if (end !== null && next[0] > end) break;
              changes.push({ epochMillis: epochMillis(next[0]), percentage: next[1] });
              date = next[0];
            }
            return changes;
          },

        """
    }
    return out
  }

  /// The kernels the module needs, with the powers of two spelled by Swift.
  static func kernels(_ parts: ForeignCurveParts, withSchedule: Bool) -> String {
    var texts = [spellingPowers(TypeScriptKernels.common)]
    switch parts.inverse {
    case .bisection: texts.append(TypeScriptKernels.bisection)
    case .auto where parts.isCubic: texts += [TypeScriptKernels.cubic, TypeScriptKernels.auto]
    default: texts.append(parts.isCubic ? TypeScriptKernels.cubic : TypeScriptKernels.polynomial)
    }
    if withSchedule { texts.append(TypeScriptKernels.schedule) }
    return texts.joined(separator: "\n\n") + "\n"
  }

  /// `common` (the TypeScript port's region) with its `…_LITERAL` placeholders spelled as
  /// Swift spells the powers of two.
  static func spellingPowers(_ common: String) -> String {
    var common = common
    let powers: [(String, Double)] = [
      ("TWO_TO_20_LITERAL", 0x1p20), ("TWO_TO_MINUS_26_LITERAL", 0x1p-26), ("TWO_TO_MINUS_53_LITERAL", 0x1p-53),
      ("TWO_TO_MINUS_55_LITERAL", 0x1p-55), ("TWO_TO_MINUS_60_LITERAL", 0x1p-60),
    ]
    for (placeholder, value) in powers {
      common = common.replacingText(placeholder, with: value.description)
    }
    return common
  }
}
