import CurveCore
import CurveKitTestSupport
import CurvePipeline
import CurveSchedule
import CurveSpec
import Foundation
import Testing

/// What the studio page draws comes from here (issue 19: no curve math in the page).
@Suite("Plot data for the page, and unit conversion")
struct PlotDataTests {
  static func plot(_ curve: FittedCurve) throws -> [(key: String, value: JSONValue)] {
    guard case .object(let members) = PlotData(curve).json else { throw PlotDataError() }
    return members
  }

  struct PlotDataError: Error {}

  static func member(_ members: [(key: String, value: JSONValue)], _ key: String) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  @Test("percentage steps: from 100 to 0, each at the first double that shows its percentage")
  func percentageSteps() throws {
    let curve = try CurveResolver.resolve(CurveRequest(.coefficients(ArticleCurve.current.cubic.coefficients)))
    guard case .array(let items)? = Self.member(try Self.plot(curve), "percentages") else { throw PlotDataError() }
    let steps = items.compactMap { item -> (Double, Int)? in
      guard case .array(let pair) = item, case .number(let t) = pair[0], case .integer(let p) = pair[1] else {
        return nil
      }
      return (t, p)
    }
    #expect(steps.count == 101)
    #expect(steps.first?.1 == 100 && steps.last?.1 == 0)
    func shown(_ t: Double) -> Int { DepletionSchedule.widgetPercentage(forLevel: curve.polynomial.value(at: t)) }
    for (index, (t, percentage)) in steps.enumerated() {
      #expect(shown(t) == percentage)
      if index > 0 {
        #expect(shown(t.nextDown) == steps[index - 1].1, "step \(index) is the first double showing \(percentage)")
        #expect(percentage == steps[index - 1].1 - 1)
      }
    }
  }

  @Test("knots: a cubic is its two end knots (value and slope); higher degrees get 65")
  func knots() throws {
    let cubic = ArticleCurve.steepStart.cubic
    let curve = try CurveResolver.resolve(CurveRequest(.coefficients(cubic.coefficients)))
    guard case .array(let knots)? = Self.member(try Self.plot(curve), "curve") else { throw PlotDataError() }
    #expect(knots.count == 2)
    let quintic = try CurveResolver.resolve(CurveRequest(.coefficients([1, -2, 0, 0, -0.5, 1.5])))
    guard case .array(let many)? = Self.member(try Self.plot(quintic), "curve") else { throw PlotDataError() }
    #expect(many.count == PlotData.segments + 1)
  }

  @Test("converting a spec's units keeps the fit: days and percent to normalized and back")
  func conversion() throws {
    let path = Fixtures.repositoryRoot + "/examples/curves/weekly-habit.curve.json"
    let spec = try CurveSpec.load(path: path)
    #expect(spec.timeUnit == .days && spec.levelUnit == .percent)
    let normalized = spec.converted(timeUnit: .normalized, levelUnit: .fraction)
    #expect(normalized.timeUnit == .normalized && normalized.levelUnit == .fraction)
    let back = normalized.converted(timeUnit: .days, levelUnit: .percent)
    #expect(back.points == spec.points, "15 significant digits give the designer's numbers back")
    #expect(back.milestones == spec.milestones)
    let original = try CurveResolver.resolve(CurveRequest(.spec(spec)))
    let converted = try CurveResolver.resolve(CurveRequest(.spec(normalized)))
    for (a, b) in zip(original.polynomial.coefficients, converted.polynomial.coefficients) {
      #expect(abs(a - b) <= 1e-12 * max(1, abs(a)), "\(a) vs \(b)")
    }
  }
}
