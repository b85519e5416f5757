import CurveCodegen
import CurveCore
import CurveDesign
import CurveEasing
import CurvePipeline
import CurveSpec

/// The studio's JSON endpoints on the real pipeline: each takes `{"spec": …}`, resolves it
/// with ``CurveResolver`` exactly as the CLI does, and renders the answer with the CLI's
/// renderers, so the page shows what `curvekit fit --json`, `generate` and `export` print.
package enum StudioAPI {
  /// A refused request body: the status (400 malformed, 422 invalid spec or curve), one line,
  /// and the spec field it is about, when there is one.
  package struct Failure: Error, Sendable, Equatable {
    /// 400 or 422.
    package var status: Int
    /// One line naming the problem.
    package var message: String
    /// The spec field, e.g. `points[3][0]`.
    package var field: String?
    /// How the message names ``field`` in words (``SpecError/fieldWords``), when it does: the
    /// page then shows the message as it is.
    package var fieldWords: String?
    /// The ship rule's findings, when the curve was refused by it.
    package var diagnostics: [Diagnostic] = []
    /// Where in the text the reader stopped (a save of the text as typed), when it says.
    package var location: SourceLocation?

    /// The error object: `{"error": "…", "field": "…"}`, plus `"diagnostics"` when the ship
    /// rule refused the curve. (`StudioApp` sends it as an HTTP response.)
    package var body: JSONValue {
      var members: [(key: String, value: JSONValue)] = [
        ("error", .string(message)), ("field", field.map(JSONValue.string) ?? .null),
      ]
      if let fieldWords { members.append(("fieldWords", .string(fieldWords))) }
      if !diagnostics.isEmpty { members.append(("diagnostics", FitReportRenderer.diagnosticsJSON(diagnostics))) }
      if let location { members += [("line", .integer(location.line)), ("column", .integer(location.column))] }
      return .object(members)
    }

    /// The 422 of an invalid spec: its message (with `location`'s place when `located`), its field.
    static func invalid(_ error: SpecError, located: Bool = true) -> Failure {
      Failure(
        status: 422, message: located ? error.description : error.message, field: error.field,
        fieldWords: error.fieldWords)
    }

    /// The ship rule's refusal: 422 with its first error as the message.
    static func refused(_ diagnostics: [Diagnostic]) -> Failure {
      let first = diagnostics.errors.first
      return Failure(
        status: 422, message: first?.message ?? "refused", field: first?.field, diagnostics: diagnostics)
    }
  }

  /// A request body read as JSON, or the 400 that says why it is not.
  static func parsedBody(_ body: [UInt8]) -> Result<JSONNode, Failure> {
    do {
      return .success(try JSONParser.parse(utf8: body))
    } catch {
      return .failure(Failure(status: 400, message: "malformed JSON body: \(error.description)"))
    }
  }

  /// The spec in a request body `{"spec": {…}}`, validated as strictly as a file.
  /// - Parameter sourceName: the file name the spec belongs to (for the resolver's messages).
  package static func spec(fromBody body: [UInt8], sourceName: String) -> Result<CurveSpec, Failure> {
    parsedBody(body).flatMap { spec(in: $0, sourceName: sourceName) }
  }

  /// The spec in the `spec` member of a parsed object.
  static func spec(in root: JSONNode, sourceName: String) -> Result<CurveSpec, Failure> {
    guard case .object(let members) = root.kind, let node = members.first(where: { $0.key == "spec" })?.value else {
      return .failure(Failure(status: 400, message: "the body must be an object {\"spec\": {…}}"))
    }
    do {
      return .success(try CurveSpec.decode(node, sourceName: sourceName))
    } catch {
      return .failure(Failure.invalid(error, located: false))
    }
  }

  /// One message of the live channel (`/api/live`, a WebSocket the page drags on, so a fit
  /// costs one message each way rather than a whole HTTP request): `{"id": N, "op": "fit",
  /// "index": I, "spec": {…}}` (I the document's index) is answered `{"id": N, "status": 200,
  /// "body": …}`, where the body is
  /// exactly what `POST /api/fit` answers (and so what `curvekit fit --json` prints), or the
  /// 400/422 error object.
  package static func live(_ message: String, sourceNames: [String]) -> String {
    let root: JSONNode
    do {
      root = try JSONParser.parse(message)
    } catch {
      return reply(id: .null, Failure(status: 400, message: "malformed JSON message: \(error.description)"))
    }
    var id = JSONValue.null
    var op = ""
    var index: Int?
    if case .object(let members) = root.kind {
      for member in members {
        if member.key == "index", case .number(let value) = member.value.kind, value == value.rounded(),
          value >= 0, value < Double(sourceNames.count)
        {
          index = Int(value)
        }
        if member.key == "id", case .number(let value) = member.value.kind, value == value.rounded(),
          abs(value) < 0x1p53
        {
          id = .integer(Int(value))
        }
        if member.key == "op", case .string(let text) = member.value.kind { op = text }
      }
    }
    guard op == "fit" else { return reply(id: id, Failure(status: 400, message: "unknown op; expected \"fit\"")) }
    guard let index else {
      return reply(
        id: id,
        Failure(status: 400, message: "say which spec: \"index\": N with N from 0 to \(max(0, sourceNames.count - 1))"))
    }
    switch spec(in: root, sourceName: sourceNames[index]).flatMap(fit) {
    case .success(let text):
      return "{\"id\": \(JSONWriter.string(id, pretty: false)), \"status\": 200, \"body\": \(text)}"
    case .failure(let failure):
      return reply(id: id, failure)
    }
  }

  static func reply(id: JSONValue, _ failure: Failure) -> String {
    JSONWriter.string(
      .object([("id", id), ("status", .integer(failure.status)), ("body", failure.body)]), pretty: false)
  }

  /// The resolved curve of `spec`, as `curvekit fit SPEC` resolves it.
  static func resolve(_ spec: CurveSpec) -> Result<FittedCurve, Failure> {
    do {
      return .success(try CurveResolver.resolve(CurveRequest(.spec(spec))))
    } catch {
      if case .spec(let specError) = error { return .failure(Failure.invalid(specError)) }
      return .failure(Failure(status: 422, message: error.description))
    }
  }

  /// `POST /api/fit`: every member `curvekit fit SPEC --json` prints for the same spec, in the
  /// same order and spelling, then `"plot"` (``PlotData``): what the page draws, so that it
  /// derives nothing about the curve itself.
  package static func fit(_ spec: CurveSpec) -> Result<String, Failure> {
    resolve(spec).flatMap { curve in
      guard case .object(var members)? = FitReportRenderer.json(curve) else {
        return .failure(Failure(status: 422, message: "nothing was fitted"))
      }
      members.append(("plot", PlotData(curve).json))
      return .success(JSONWriter.string(.object(members)) + "\n")
    }
  }

  /// `POST /api/convert`: `{"spec", "timeUnit", "levelUnit", "duration"?}` answered `{"spec": …,
  /// "units": …}`, the same curve with its numbers in the other units and, with `duration`, over
  /// that period in the new unit, every point kept where it is on the plot
  /// (``CurveSpec/checkedConversion(timeUnit:levelUnit:duration:)``). A conversion that would
  /// merge points, lose a number, give a spec that does not load, or make a spec that fitted
  /// fail to fit (a milestone broken by rounding) is answered 422 with the reason in words
  /// ("this conversion would merge points 1 and 2 at hour 7.2"), never a broken spec.
  package static func convert(_ body: [UInt8], sourceName: String) -> Result<JSONValue, Failure> {
    let root: JSONNode
    switch parsedBody(body) {
    case .failure(let failure): return .failure(failure)
    case .success(let parsed): root = parsed
    }
    return spec(in: root, sourceName: sourceName).flatMap { spec in
      guard case .object(let members) = root.kind else {
        return .failure(Failure(status: 400, message: "not an object"))
      }
      func unit<U: RawRepresentable>(_ key: String, _ type: U.Type) -> U? where U.RawValue == String {
        guard let node = members.first(where: { $0.key == key })?.value, case .string(let text) = node.kind else {
          return nil
        }
        return U(rawValue: text)
      }
      guard let time = unit("timeUnit", TimeUnit.self), let level = unit("levelUnit", LevelUnit.self) else {
        let times = TimeUnit.allCases.map { $0.rawValue }.joined(separator: ", ")
        return .failure(
          Failure(status: 422, message: "timeUnit must be one of \(times); levelUnit fraction or percent"))
      }
      var duration: Double?
      if let node = members.first(where: { $0.key == "duration" })?.value {
        guard case .number(let value) = node.kind, value > 0, value.isFinite else {
          return .failure(Failure(status: 422, message: "duration must be a positive number in the new timeUnit"))
        }
        duration = value
      }
      let converted: CurveSpec
      do throws(ConversionError) {
        converted = try spec.checkedConversion(timeUnit: time, levelUnit: level, duration: duration)
      } catch {
        return .failure(Failure(status: 422, message: error.description, field: error.field))
      }
      // The fit's verdict must not change: a spec that fitted still fits after the conversion.
      if case .success = resolve(spec), case .failure(let failure) = resolve(converted) {
        return .failure(
          Failure(status: 422, message: "this conversion would break the fit: \(failure.message)", field: failure.field)
        )
      }
      return .success(
        .object([
          ("spec", converted.jsonValue),
          ("units", PlotData.unitsJSON(spec: converted.units, display: converted.displayUnits)),
        ]))
    }
  }

  /// `POST /api/generate`: `{"swift": …, "kotlin": …, "typescript": …, "failed": […],
  /// "typeName": …, "notes": […], "diagnostics": […]}`, the file `curvekit generate SPEC` writes;
  /// `failed` names, as data, each language whose text is only the comment saying why. The ship rule is the CLI's: a curve it refuses
  /// is answered 422 with the same diagnostics (the spec's own `"monotonic": "ignore"` or
  /// `"endpoints": false` are the studio's overrides).
  package static func generate(_ spec: CurveSpec) -> Result<JSONValue, Failure> {
    resolve(spec).flatMap { curve in
      let diagnostics = curve.diagnostics(for: .generate)
      guard !diagnostics.refuses else { return .failure(.refused(diagnostics)) }
      do throws(CodegenError) {
        var options = try GenerationOptions.resolved(for: curve)
        let text = try SwiftCodeGenerator.generate(curve, options: options)
        options.cssEasing = EasingExport.typeScriptEasing(for: curve)  // TypeScript carries it, as `generate` does
        // The same curve in the other languages; a spec option a language lacks (the table
        // inverse) becomes that tab's comment, never a failure of the Swift answer.
        var failed: [JSONValue] = []
        func other(_ language: TargetLanguage) -> JSONValue {
          do {
            return .string(try CodeGenerator.generate(curve, options: options, language: language))
          } catch {
            failed.append(.string(language.rawValue))
            return .string("// not generated: \(error.description)\n")
          }
        }
        let (kotlin, typescript) = (other(.kotlin), other(.typescript))
        return .success(
          .object([
            ("swift", .string(text)), ("kotlin", kotlin), ("typescript", typescript), ("failed", .array(failed)),
            ("typeName", .string(options.typeName)),
            ("notes", .array(diagnostics.map { .string($0.message) })),
            ("diagnostics", FitReportRenderer.diagnosticsJSON(diagnostics)),
          ]))
      } catch {
        return .failure(Failure(status: 422, message: error.description))
      }
    }
  }

  /// `POST /api/export[?precision=N][&durationMs=D]`: `{"css": …, "cssFunction": …, "swiftui": …, "notes": […],
  /// "diagnostics": […], "oneLiners": {…}}` (``oneLiners(_:precision:milliseconds:period:)``), what `curvekit export SPEC [--precision N]` prints in each format, by
  /// the same ship rule and the same ``EasingExport`` (rescaling included); a precision outside
  /// 1…12 is a 400.
  package static func export(
    _ spec: CurveSpec, duration: Double = 0.35, precision: Int? = nil, animationMilliseconds: Double = 350
  ) -> Result<JSONValue, Failure> {
    if let precision, !RoundedEasing.precisionRange.contains(precision) {
      return .failure(Failure(status: 400, message: EasingError.precisionOutOfRange(precision).description))
    }
    return resolve(spec).flatMap { curve in
      var diagnostics = curve.diagnostics(for: .export)
      guard !diagnostics.refuses else { return .failure(.refused(diagnostics)) }
      let export: EasingExport
      do throws(EasingError) {
        export = try EasingExport(curve)
      } catch {
        return .failure(Failure(status: 422, message: error.description))
      }
      diagnostics += export.notes(for: curve)
      let name = curve.name ?? "Depletion"
      let easing = export.easing
      // `curvekit export --precision N`: the rounded easing and its deviation, next to the exact one.
      let rounded = precision.flatMap { try? RoundedEasing(easing, level: export.polynomial, precision: $0) }
      let period: CurveUnits? = curve.periodUnits.duration == nil ? nil : curve.periodUnits
      return .success(
        .object([
          ("css", .string(easing.cssSnippet(name: name, rounded: rounded, period: period))),
          ("cssFunction", .string(easing.cssFunction)),
          ("swiftui", .string(easing.swiftUISnippet(name: name, duration: duration, rounded: rounded, period: period))),
          ("notes", .array(diagnostics.map { .string($0.message) })),
          ("diagnostics", FitReportRenderer.diagnosticsJSON(diagnostics)),
          (
            "oneLiners",
            oneLiners(export, precision: precision, milliseconds: animationMilliseconds, period: period) ?? .null
          ),
        ]))
    }
  }

  static func presetName(_ shape: ArticleCurve) -> String {
    switch shape {
    case .current: return "Current"
    case .moreLinear: return "More linear"
    case .steepEnd: return "Steep end"
    case .steepStart: return "Steep start"
    }
  }
}
