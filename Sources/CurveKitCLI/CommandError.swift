import CurveCodegen
import CurveCore
import CurveDesign
import CurveEasing
import CurveFitting
import CurvePipeline
import CurveSchedule
import CurveSpec

/// Everything a `curvekit` command can fail with, as one typed error: a failed check (exit 1)
/// or one of the library's errors (exit 2, its description as the `error:` line).
///
/// Commands throw this one type (`throws(CommandError)`), so the dispatcher knows every case
/// without casting, and the same code compiles where untyped errors and dynamic casts do not
/// exist (Embedded Swift, the WebAssembly build). ``attempt(_:)`` lifts a library call's
/// typed error into it.
package enum CommandError: Error, Sendable, CustomStringConvertible {
  case usage(UsageError)
  case check(CheckFailure)
  case spec(SpecError)
  case source(CurveSourceError)
  case codegen(CodegenError)
  case design(DesignError)
  case write(FileWriteError)
  case share(ShareLinkError)
  case conversion(ConversionError)
  case easing(EasingError)
  case curveFit(CurveFitError)
  case fit(FitError)
  case monotoneFit(MonotoneFitError)
  case schedule(ScheduleError)
  case inverse(CubicInverseError)
  case roots(RealRootsError)
  case core(CurveCoreError)
  case json(JSONSyntaxError)
  /// An error of a command outside this library (the studio's `design`), by its description.
  case described(String)

  /// The one-line message (a check's first finding).
  package var description: String {
    switch self {
    case .usage(let error): return error.description
    case .check(let error): return error.description
    case .spec(let error): return error.description
    case .source(let error): return error.description
    case .codegen(let error): return error.description
    case .design(let error): return error.description
    case .write(let error): return error.description
    case .share(let error): return error.description
    case .conversion(let error): return error.description
    case .easing(let error): return error.description
    case .curveFit(let error): return error.description
    case .fit(let error): return error.description
    case .monotoneFit(let error): return error.description
    case .schedule(let error): return error.description
    case .inverse(let error): return error.description
    case .roots(let error): return error.description
    case .core(let error): return error.description
    case .json(let error): return error.description
    case .described(let message): return message
    }
  }
}

/// An error a command may throw, and the ``CommandError`` case that carries it.
package protocol CommandFailure: Error {
  /// This error as a ``CommandError``.
  var commandError: CommandError { get }
}

extension CommandError: CommandFailure { package var commandError: CommandError { self } }
extension UsageError: CommandFailure { package var commandError: CommandError { .usage(self) } }
extension CheckFailure: CommandFailure { package var commandError: CommandError { .check(self) } }
extension SpecError: CommandFailure { package var commandError: CommandError { .spec(self) } }
extension CurveSourceError: CommandFailure { package var commandError: CommandError { .source(self) } }
extension CodegenError: CommandFailure { package var commandError: CommandError { .codegen(self) } }
extension DesignError: CommandFailure { package var commandError: CommandError { .design(self) } }
extension FileWriteError: CommandFailure { package var commandError: CommandError { .write(self) } }
extension ShareLinkError: CommandFailure { package var commandError: CommandError { .share(self) } }
extension ConversionError: CommandFailure { package var commandError: CommandError { .conversion(self) } }
extension EasingError: CommandFailure { package var commandError: CommandError { .easing(self) } }
extension CurveFitError: CommandFailure { package var commandError: CommandError { .curveFit(self) } }
extension FitError: CommandFailure { package var commandError: CommandError { .fit(self) } }
extension MonotoneFitError: CommandFailure { package var commandError: CommandError { .monotoneFit(self) } }
extension ScheduleError: CommandFailure { package var commandError: CommandError { .schedule(self) } }
extension CubicInverseError: CommandFailure { package var commandError: CommandError { .inverse(self) } }
extension RealRootsError: CommandFailure { package var commandError: CommandError { .roots(self) } }
extension CurveCoreError: CommandFailure { package var commandError: CommandError { .core(self) } }
extension JSONSyntaxError: CommandFailure { package var commandError: CommandError { .json(self) } }

/// Runs `body`, a library call with a typed error, and rethrows its error as a ``CommandError``.
@inline(__always)
package func attempt<Value, Failure: CommandFailure>(_ body: () throws(Failure) -> Value) throws(CommandError) -> Value
{
  do {
    return try body()
  } catch {
    throw error.commandError
  }
}
