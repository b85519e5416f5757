import CurveCore
import CurveEasing
import CurvePipeline
import CurveSpec

/// Emits the self-contained Kotlin file for one curve (`curvekit generate --language kotlin`).
///
/// The file holds an `object` named by the type name with the coefficients, `level`,
/// `normalizedElapsed` and `widgetPercentage`; with the schedule, `currentLevel` and
/// `percentageChanges` on epoch milliseconds (and a nested `PercentageChange`); with
/// `composeEasing`, an `androidx.compose.animation.core.Easing` (`curvekit export --format
/// compose`'s `CubicBezierEasing`). The kernels are CurveKit's,
/// ported operation for operation (``KotlinKernels``), so every result is the Swift
/// library's bit for bit. It needs only the Kotlin standard library (`kotlin.math`) and
/// compiles with Kotlin 1.3 to 2.x on the JVM and Android. Deterministic: no timestamp, no path.
public enum KotlinCodeGenerator {
  /// The Kotlin source text for `curve` with `options`.
  /// - Throws: ``CodegenError`` for an invalid type or package name, a non-finite
  ///   coefficient, or an inverse method without a Kotlin kernel (`cardano`, `table`).
  /// - Complexity: O(degree).
  public static func generate(_ curve: FittedCurve, options: GenerationOptions) throws(CodegenError) -> String {
    let parts = try ForeignCurveParts(curve, options: options, language: .kotlin)
    let visibility = options.access == .public ? "" : "internal "
    var out = GeneratedHeader.text(
      curve, inverseSummary: parts.inverseSummary, toolLines: ["// ktlint-disable"], extraLines: parts.ruleLines)
    out += "@file:Suppress(\"unused\", \"MemberVisibilityCanBePrivate\", \"NOTHING_TO_INLINE\")\n\n"
    if let package = options.packageName { out += "package \(package)\n\n" }
    let imports = ["abs", "ceil", "floor", "nextDown", "nextUp", "round", "sqrt", "truncate"]
    out += imports.map { "import kotlin.math.\($0)\n" }.joined() + "\n"
    out += "/**\n" + parts.documentation.map { $0.isEmpty ? " *\n" : " * \(kdoc($0))\n" }.joined() + " */\n"
    out += "\(visibility)object \(options.typeName) {\n"
    out += coefficientMembers(parts)
    out += levelMembers(parts)
    if options.withSchedule { out += scheduleMembers(parts) }
    if !parts.progressTables.isEmpty { out += progressMembers(parts.progressTables) }
    if options.composeEasing { out += composeMembers(curve) }
    out += constants
    out += "\n" + KotlinKernels.common + "\n"
    switch parts.inverse {
    case .bisection: out += "\n" + KotlinKernels.bisection + "\n"
    case .auto where parts.isCubic: out += "\n" + KotlinKernels.cubic + "\n\n" + KotlinKernels.auto + "\n"
    default: out += "\n" + (parts.isCubic ? KotlinKernels.cubic : KotlinKernels.polynomial) + "\n"
    }
    if options.withSchedule { out += "\n" + KotlinKernels.schedule + "\n" }
    out += "}\n"
    return out
  }

  /// Text safe inside a KDoc block: no `*/` that would end it early.
  static func kdoc(_ text: String) -> String {
    text.replacingText("*/", with: "* /")
  }

  /// The coefficient constants and the `coefficients` array.
  static func coefficientMembers(_ parts: ForeignCurveParts) -> String {
    guard parts.isCubic else {
      // One per line, no trailing comma (Kotlin 1.3 has none).
      let list = parts.literals.map { "        \($0)" }.joined(separator: ",\n") + "\n"
      return """
            // The coefficients, highest power first.
            private val COEFFICIENTS = doubleArrayOf(
        \(list)    )

            /** The coefficients, highest power first (a new array on every read). */
            val coefficients: DoubleArray get() = COEFFICIENTS.copyOf()

        """
    }
    let names = ["a", "b", "c", "d"]
    let docs = ["The t³ coefficient.", "The t² coefficient.", "The t coefficient.", "The level at t = 0."]
    var out = ""
    for index in 0..<4 {
      out += "    /** \(docs[index]) */\n    const val \(names[index]): Double = \(parts.literals[index])\n"
    }
    return out + """

          /** The coefficients, highest power first (a new array on every read). */
          val coefficients: DoubleArray get() = doubleArrayOf(a, b, c, d)

      """
  }

  /// `level`, `normalizedElapsed` and `widgetPercentage`.
  static func levelMembers(_ parts: ForeignCurveParts) -> String {
    let horner =
      parts.isCubic
      ? "        return ((a * t + b) * t + c) * t + d\n"
      : """
              var result = COEFFICIENTS[0]
              for (index in 1 until COEFFICIENTS.size) result = result * t + COEFFICIENTS[index]
              return result

      """
    let call: String
    switch parts.inverse {
    case .bisection: call = "bisection(level, 32)"
    case .auto where parts.isCubic: call = "oneOffInverse(a, b, c, d, level)"
    default: call = parts.isCubic ? "newton(a, b, c, d, level)" : "newton(COEFFICIENTS, level)"
    }
    return """

          /**
           * The level at [normalizedElapsed], clamped to [0, 1] first (NaN clamps to 1), by
           * Horner's rule with separate multiply and add: bit-identical to CurveKit's Swift.
           */
          fun level(normalizedElapsed: Double): Double {
              val atLeastZero = if (0.0 > normalizedElapsed) 0.0 else normalizedElapsed
              val t = if (atLeastZero < 1.0) atLeastZero else 1.0
      \(horner)    }

          /**
      \(parts.inverseDocumentation.map { "     * \(kdoc($0))\n" }.joined())     */
          fun normalizedElapsed(level: Double): Double = \(call)

          /**
           * The widget's whole percentage for [level]: level·100 rounded half away from zero and
           * clamped to 0…100; a NaN level gives 0. CurveKit's `widgetPercentage(forLevel:)`.
           */
          fun widgetPercentage(level: Double): Int {
              val scaled = level * 100
              val whole = truncate(scaled)
              val percent = if (abs(scaled - whole) >= 0.5) (if (scaled > 0) whole + 1 else whole - 1) else whole
              if (percent.isNaN()) return 0
              return swiftMin(100.0, swiftMax(0.0, percent)).toInt()
          }

      """
  }

  /// The schedule on epoch milliseconds.
  static func scheduleMembers(_ parts: ForeignCurveParts) -> String {
    """

        /** One change of the widget's percentage: from [epochMillis] on, the widget shows [percentage]. */
        data class PercentageChange(val epochMillis: Long, val percentage: Int)

        /** The spec's period in milliseconds (\(parts.durationText)). */
        const val DEFAULT_DURATION_MILLIS: Long = \(parts.durationMillis)L

        /**
         * The level at [nowEpochMillis] for a fill refilled at [refillEpochMillis] and lasting
         * [durationMillis]: the article's `currentLevel(at:)`, CurveKit's `DepletionSchedule`
         * bit for bit (dates before the refill give f(0), after the period f(1)).
         */
        fun currentLevel(refillEpochMillis: Double, durationMillis: Long, nowEpochMillis: Long): Double {
            val refill = referenceSeconds(refillEpochMillis)
            return level(normalizedElapsed(referenceSeconds(nowEpochMillis), refill, durationMillis.toDouble() / 1000.0))
        }

        /**
         * The percentage the widget shows at [nowEpochMillis] (0 to 100): CurveKit's
         * `DepletionSchedule.widgetPercentage(at:)`, from [currentLevel].
         */
        fun currentWidgetPercentage(refillEpochMillis: Double, durationMillis: Long, nowEpochMillis: Long): Int =
            widgetPercentage(currentLevel(refillEpochMillis, durationMillis, nowEpochMillis))

        /**
         * The refill moment at which a fill lasting [durationMillis] shows [level] at
         * [nowEpochMillis]: the article's `setCurrentFill`, CurveKit's
         * `DepletionSchedule.refillDate(forLevel:at:)` through this file's inverse, as epoch
         * milliseconds with their fraction (the Swift `Date`'s `timeIntervalSince1970 * 1000`, not
         * rounded; within one ulp, ≈ 0.1 µs, of the `Date`): a timeline from it is Swift's from that
         * stored value. Store and pass it back as it is (every refill parameter is a `Double`; a whole-millisecond
         * `Long` converts exactly with `toDouble()`). Levels outside [0, 1] are clamped.
         */
        fun refillEpochMillis(level: Double, nowEpochMillis: Long, durationMillis: Long = DEFAULT_DURATION_MILLIS): Double =
            unixMillis(refillDate(level, referenceSeconds(nowEpochMillis), durationMillis.toDouble() / 1000.0))

        /**
         * The first change of the widget's percentage after [afterEpochMillis], or null when it
         * no longer changes in the period: CurveKit's `DepletionSchedule.nextPercentageChange(after:)`,
         * the first entry of `curvekit timeline --from`.
         */
        fun nextPercentageChange(refillEpochMillis: Double, durationMillis: Long, afterEpochMillis: Long): PercentageChange? {
            val refill = referenceSeconds(refillEpochMillis)
            val next = nextChange(referenceSeconds(afterEpochMillis), refill, durationMillis.toDouble() / 1000.0)
                ?: return null
            return PercentageChange(epochMillis(next.first), next.second)
        }

        /**
         * The first moment the level reaches [level] (at or below it on a falling curve), or null
         * when it does not within the period: CurveKit's `DepletionSchedule.date(whenLevelReaches:)`
         * as epoch milliseconds rounded like `curvekit timeline`.
         */
        fun epochMillisWhenLevelReaches(level: Double, refillEpochMillis: Double, durationMillis: Long): Long? {
            val refill = referenceSeconds(refillEpochMillis)
            val date = dateWhenLevelReaches(level, refill, durationMillis.toDouble() / 1000.0) ?: return null
            return epochMillis(date)
        }

        /**
         * Every change of the widget's percentage after [fromEpochMillis] (default: the refill) up
         * to [throughEpochMillis] (default: the end), in time order: at each
         * [PercentageChange.epochMillis] the widget already shows the new percentage, and 1 ms
         * earlier the previous one. Exactly the dates of `curvekit timeline --from --through` and
         * CurveKit's `DepletionSchedule.percentageChanges(from:through:)`, to the millisecond. A
         * full depletion has 100.
         */
        fun percentageChanges(
            refillEpochMillis: Double, durationMillis: Long = DEFAULT_DURATION_MILLIS, fromEpochMillis: Long? = null,
            throughEpochMillis: Long? = null
        ): List<PercentageChange> {
            val refill = referenceSeconds(refillEpochMillis)
            val duration = durationMillis.toDouble() / 1000.0
            val end = if (throughEpochMillis == null) null else referenceSeconds(throughEpochMillis)
            val changes = ArrayList<PercentageChange>()
            var date = if (fromEpochMillis == null) refill else referenceSeconds(fromEpochMillis)
            while (changes.size < 10000) {
                val next = nextChange(date, refill, duration) ?: break
                if (end != null && next.first > end) break
                changes.add(PercentageChange(epochMillis(next.first), next.second))
                date = next.first
            }
            return changes
        }

    """
  }

  /// `progressSegments` over the tables computed at generation time (`--progress-segments`).
  static func progressMembers(_ tables: [ProgressSegmentTable]) -> String {
    let limits = tables.map { $0.limit.description }.joined(separator: ", ")
    let rows = tables.map { table in
      "        doubleArrayOf(" + table.values.map { $0.description }.joined(separator: ", ") + ")"
    }
    return """

          /**
           * One straight ramp: the shown level goes linearly from [startLevel] at [fromEpochMillis] to
           * [endLevel] at [toEpochMillis] (a widget animates it, e.g. Glance's or a web page's progress).
           */
          data class ProgressSegment(
              val fromEpochMillis: Long, val toEpochMillis: Long, val startLevel: Double, val endLevel: Double
          )

          /** The error limits in percentage points whose ramps this file holds, increasing. */
          val PROGRESS_SEGMENT_LIMITS: DoubleArray get() = doubleArrayOf(\(limits))

          // Per limit: start, end (normalized time), startLevel, endLevel of each ramp, computed and
          // certified by curvekit: \(ProgressSegmentTable.summary(tables)).
          private val PROGRESS_SEGMENT_TABLES = arrayOf(
      \(rows.joined(separator: ",\n"))
          )

          /**
           * The fewest straight ramps that keep the shown level within [maxErrorPercentagePoints] of
           * the curve from the refill to the end of the period: the ramps of the largest embedded
           * limit not above it, exactly those of `curvekit timeline --segments --max-error` (dates
           * to the millisecond, levels as fractions, bit for bit). Contiguous; the last ends at the
           * end of the period.
           * @throws IllegalArgumentException when [maxErrorPercentagePoints] is below every embedded limit.
           */
          fun progressSegments(
              refillEpochMillis: Double, durationMillis: Long, maxErrorPercentagePoints: Double
          ): List<ProgressSegment> {
              var chosen = -1
              for (index in PROGRESS_SEGMENT_TABLES.indices) {
                  if (PROGRESS_SEGMENT_LIMITS[index] <= maxErrorPercentagePoints) chosen = index
              }
              require(chosen >= 0) {
                  "no embedded ramps within $maxErrorPercentagePoints percentage points (limits: \(limits))"
              }
              val table = PROGRESS_SEGMENT_TABLES[chosen]
              val refill = referenceSeconds(refillEpochMillis)
              val duration = durationMillis.toDouble() / 1000.0
              return (0 until table.size / 4).map { index ->
                  ProgressSegment(
                      epochMillis(refill + table[4 * index] * duration),
                      epochMillis(refill + table[4 * index + 1] * duration),
                      table[4 * index + 2], table[4 * index + 3]
                  )
              }
          }

      """
  }

  /// The Compose easing (`--compose`): progress 1 − level as a Compose `CubicBezierEasing`,
  /// the very expression `curvekit export --format compose` prints (CurveEasing's
  /// ``EasingExport/composeExpression(_:)`` of ``EasingExport/pastedEasing(precision:)``), so the
  /// two agree to the digit. A curve no cubic Bézier reproduces (degree above 3) gets an adapter
  /// that evaluates the curve itself.
  static func composeMembers(_ curve: FittedCurve) -> String {
    let compose = "androidx.compose.animation.core"
    guard let export = try? EasingExport(level: curve.polynomial), let rounded = try? export.pastedEasing() else {
      return """

            /**
             * The curve as a Compose easing: progress = 1 − level(fraction), from 0 to 1 as the level
             * drains. No cubic Bézier reproduces a curve of degree \(curve.polynomial.degree), so this
             * evaluates the curve itself. Needs androidx.compose.animation.
             */
            val easing: \(compose).Easing = object : \(compose).Easing {
                override fun transform(fraction: Float): Float = (1.0 - level(fraction.toDouble())).toFloat()
            }

        """
    }
    let rescaled = export.rescaling == nil ? "" : " (of the curve rescaled to go from 1 to 0)"
    return """

          /**
           * The curve as a Compose easing: progress = 1 − level, from 0 to 1 as the level drains,
           * exactly the one-liner `curvekit export --format compose` prints\(rescaled): rounded to
           * \(rounded.precision) decimals, at most \(rounded.maxDeviation) (level units) from the curve.
           * Needs androidx.compose.animation.
           */
          val easing: \(compose).Easing = \(compose).\(EasingExport.composeExpression(rounded))

      """
  }

  /// The kernels' powers of two, as decimal literals that read back exactly.
  static var constants: String {
    let values: [(String, Double)] = [
      ("TWO_TO_20", 0x1p20), ("TWO_TO_MINUS_26", 0x1p-26), ("TWO_TO_MINUS_53", 0x1p-53),
      ("TWO_TO_MINUS_55", 0x1p-55), ("TWO_TO_MINUS_60", 0x1p-60),
    ]
    return "\n" + values.map { "    private const val \($0.0) = \($0.1.description)\n" }.joined()
  }
}
