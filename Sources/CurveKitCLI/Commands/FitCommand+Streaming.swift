import CurveFitting
import CurveSpec

/// `curvekit fit --data FILE|-`: in memory for small inputs, streamed in bounded memory
/// beyond ``FitCommand/inMemoryPointLimit`` points.
extension FitCommand {
  /// Points held in memory before the fit switches to ``StreamingLeastSquares``.
  static let inMemoryPointLimit = 65_536

  /// Reads `--data` once. Up to ``inMemoryPointLimit`` points it fits in memory exactly like
  /// `--point`. Beyond, it streams: a Givens-accumulated factor (O(degree²) memory) whose
  /// basis interval is [0, 1] for depletion fits and the range of the first block
  /// otherwise; then, for a file, a second pass recomputes RSS from the residuals and finds
  /// the largest |residual|. Standard input is read once, so there the RSS comes from the
  /// factor and the largest |residual| is not reported.
  static func runData(_ path: String, arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    let shape = try problem(from: arguments, io: io, dataPoints: [])
    let depletion = !arguments.has("--unconstrained") && arguments.values("--constraint").isEmpty
    let reader = path == "-" ? try io.inputReader() : try LineReader(path: path)
    let weights = shape.weights
    var buffered: [DataPoint] = []
    var stream: StreamingLeastSquares?
    var count = 0
    try DataFileReader.forEachPoint(reader: reader) { (point, line) throws(SpecError) in
      let location = SourceLocation(line: line, column: 1)
      if depletion, !(0...1).contains(point.t) {
        throw SpecError(
          "t = \(point.t) is outside [0, 1], which the default constraints f(0)=1, f(1)=0 require; "
            + "pass --unconstrained or --constraint for a general fit", source: reader.sourceName, location: location)
      }
      if let weights, count >= weights.count {
        throw SpecError(
          "more points than the \(weights.count) --weight values; give one weight per point or none",
          source: reader.sourceName, location: location)
      }
      count += 1
      do throws(FitError) {
        if stream != nil {
          try stream?.add(point, weight: weights?[count - 1] ?? 1)
          return
        }
        buffered.append(point)
        guard buffered.count > inMemoryPointLimit else { return }
        let low = depletion ? 0 : buffered.map(\.t).min() ?? 0
        let high = depletion ? 1 : buffered.map(\.t).max() ?? 1
        var started = try StreamingLeastSquares(
          degree: shape.degree, constraints: shape.constraints, interval: low...high)
        for (index, held) in buffered.enumerated() { try started.add(held, weight: weights?[index] ?? 1) }
        buffered = []
        stream = started
      } catch {
        throw SpecError(error.description, source: reader.sourceName, location: location)
      }
    }
    guard let stream else {
      let problem = try problem(from: arguments, io: io, dataPoints: buffered)
      let result = try fitUnderPolicy(problem, arguments: arguments)
      write(result, problem: problem, arguments: arguments, io: io)
      return .success
    }
    if let weights, weights.count != count {
      throw FitError.weightCountMismatch(weights: weights.count, points: count)
    }
    var result = try underPolicy(arguments, problem: shape) { policy, minSlope throws(CurveFitError) in
      try stream.fit(policy: policy, minSlope: minSlope)
    }
    if path != "-" {
      var pass = StreamingResidualPass(result.report)
      try DataFileReader.forEachPoint(reader: try LineReader(path: path)) { point, _ in
        pass.add(point, weight: weights?[pass.count] ?? 1)
      }
      result = result.replacingReport(stream.complete(result.report, with: pass))
    }
    write(result, problem: shape, arguments: arguments, io: io, pointCount: count)
    return .success
  }
}
