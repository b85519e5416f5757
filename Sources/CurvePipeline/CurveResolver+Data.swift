import CurveCore
import CurveFitting
import CurveSpec

extension CurveResolver {
  /// A data file (`--data FILE|-`), read once.
  ///
  /// Up to ``inMemoryPointLimit`` points it is fitted in memory exactly like `--point`.
  /// Beyond, it streams: a Givens-accumulated factor (O(degree²) memory) whose basis
  /// interval is [0, 1] for depletion fits and the range of the first block otherwise; then,
  /// for a file, a second pass recomputes RSS from the residuals and finds the largest
  /// |residual|. Standard input is read once, so there the RSS comes from the factor and the
  /// largest |residual| is NaN (not computed).
  static func fittedData(
    path: String, request: CurveRequest, standardInput: () throws(SpecError) -> LineReader
  ) throws(CurveSourceError) -> FittedCurve {
    let displayName = request.displayName
    let units = request.valueUnits(spec: nil)
    let shape = try problem(points: [], request: request, pointUnits: units)
    let depletion = request.endpoints ?? true
    let ranges = UnitRanges(
      units: units, endpoints: depletion, generalFitHint: request.vocabulary.generalFit,
      percentHint: request.vocabulary.percent)
    let weights = shape.weights
    var buffered: [DataPoint] = []
    var stream: StreamingLeastSquares?
    var count = 0
    do {
      let reader = path == "-" ? try standardInput() : try LineReader(path: path)
      try DataFileReader.forEachPoint(reader: reader) { (point, line) throws(SpecError) in
        let location = SourceLocation(line: line, column: 1)
        // The same rule as a spec's and --point's points: a little past full or empty is data.
        if let problem = ranges.timeProblem(point.t) ?? ranges.pointLevelProblem(point.y) {
          throw SpecError(problem, source: reader.sourceName, location: location)
        }
        let point = units.normalized(point)
        if let weights, count >= weights.count {
          throw SpecError(
            "more points than the \(weights.count) \(request.vocabulary.weights); give one weight per point or none",
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
          let low = depletion ? 0 : buffered.map { $0.t }.min() ?? 0
          let high = depletion ? 1 : buffered.map { $0.t }.max() ?? 1
          var started = try StreamingLeastSquares(
            degree: shape.degree, constraints: shape.constraints, interval: low...high)
          for (index, held) in buffered.enumerated() { try started.add(held, weight: weights?[index] ?? 1) }
          buffered = []
          stream = started
        } catch {
          throw SpecError(error.description, source: reader.sourceName, location: location)
        }
      }
    } catch {
      throw .spec(error)
    }
    guard let stream else {
      // Held in memory: fitted exactly like --point (milestones included).
      var problem = shape
      problem.points = buffered
      return try fitted(problem: problem, request: request, displayName: displayName)
    }
    if !shape.milestones.isEmpty {
      throw .milestonesOnStreamedData(pointLimit: inMemoryPointLimit)
    }
    if let weights, weights.count != count {
      throw .fit(.fit(FitError.weightCountMismatch(weights: weights.count, points: count)))
    }
    let policy = request.policy ?? defaultPolicy(for: shape)
    let minSlope = request.minSlope.map(units.normalized(slope:)) ?? 0
    var result: PolicyFitResult
    do { result = try stream.fit(policy: policy, minSlope: minSlope) } catch {
      throw .fit(
        error.located(in: displayName, context: FitFailureContext(units: units, vocabulary: request.vocabulary)))
    }
    func finished(_ result: PolicyFitResult) -> FittedCurve {
      curve(
        from: result, displayName: displayName, problem: shape, pointCount: count, isStreamed: true, units: units,
        facts: ResolvedFacts(endpointsRequired: depletion, vocabulary: request.vocabulary))
    }
    guard path != "-" else { return finished(result) }
    if result.monotone == nil, !result.report.rounding.isCorrectlyRounded {
      // The first read could not certify the rounding: a file can be read again, in exact
      // arithmetic, so its coefficients are correctly rounded too. The polynomial changes, so
      // the verdict is decided again, on it.
      var exact = StreamingLeastSquares.ExactPass(degree: shape.degree)
      do {
        try DataFileReader.forEachPoint(reader: try LineReader(path: path)) { point, _ in
          exact.add(units.normalized(point), weight: weights?[exact.count] ?? 1)
        }
      } catch {
        throw .spec(error)
      }
      result = PolicyFitResult.checked(
        stream.correctlyRounded(result.report, with: exact), policy: result.policy, minSlope: result.minSlope)
    }
    var pass = StreamingResidualPass(result.report)
    do {
      try DataFileReader.forEachPoint(reader: try LineReader(path: path)) { point, _ in
        pass.add(units.normalized(point), weight: weights?[pass.count] ?? 1)
      }
    } catch {
      throw .spec(error)
    }
    return finished(result.replacingReport(stream.complete(result.report, with: pass)))
  }
}
