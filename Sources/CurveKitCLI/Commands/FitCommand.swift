import CurveDesign
import CurvePipeline
import CurveSpec

/// `curvekit fit`: least-squares fit of a curve spec, of `--point` pairs, or of a data file.
enum FitCommand: CurveKitCommand {
  static let name = "fit"
  static let abstract = "Fit a curve spec or points by least squares."
  static let usage = [
    "fit SPEC.curve.json [--json] [--degree N] [--unconstrained | --constraint C …] [--weight W …]",
    "fit --point T:Y [--point T:Y …] [--weight W …] [--degree N] [--unconstrained | --constraint C …] [--json]",
    "fit --data FILE|- [--degree N] [--unconstrained | --constraint C …] [--json]",
    "fit --from-css \"cubic-bezier(x1, y1, x2, y2)\" [--degree N] [--json]",
  ]
  static let discussion = """
    Fits a polynomial (degree 1…10, default 3) by weighted least squares: minimizes
    Σ (wᵢ·(yᵢ − f(tᵢ)))². Constrained fits use LAPACK dgglse; unconstrained fits use QR
    with column pivoting (dgelsy) in a centred, scaled variable plus iterative refinement.
    Points come from exactly one source: a spec file, --point, or --data (a text file of
    "t y" lines, '#' comments, '-' for stdin; streamed, so millions of lines are fine),
    or --from-css: a CSS easing (cubic-bezier(…) or a keyword) sampled as the depletion
    level 1 − easing(t) at t = k/64 (x(s) = t solved by safeguarded Newton–bisection);
    the report then adds the fit's max deviation from the easing on a 4097-point grid.
    An imported easing defaults to --monotonic enforce: the best monotone depletion cubic.
    Constraints: without --constraint or --unconstrained the depletion defaults f(0)=1,
    f(1)=0 apply (from a spec: its own constraints), and then every t must be in [0, 1].
    Options given with a spec override its degree, weights and constraints.
    Output: coefficients (highest power first), RSS, RMSE, the largest |residual| and
    where, R², rank, condition number (data, column-scaled), residual SD, standard errors (unconstrained) and
    constraint residuals; --json prints them as one JSON object. Under the report, a
    braille preview of the curve and its points appears when stdout is a terminal or with
    --preview (never with --json or --no-preview).
    Monotonicity (--monotonic, or the spec's "monotonic"; default require for depletion
    curves, ignore for general fits): require fails with exit 1 and the witness when the
    curve rises (or f′ > −S with --min-slope S); enforce returns the least-squares optimum
    over curves with f′ ≤ −S on [0, 1] (any degree; exact up to degree 3, above within
    10⁻⁹ of it with the certified gap), with the active constraints, the RMSE rise and the
    KKT residual; ignore only reports the verdict.
    The exit status is the ship rule every artefact uses (see 'curvekit generate --help'):
    a curve that is not a depletion curve where the endpoints are required, rises, is
    constant, or breaks its minimum slope or milestones under require or enforce fails,
    unless --allow-non-depletion or --allow-non-monotone turns that into a warning.
    --unconstrained and the spec's "endpoints": false are the same fact, as are --monotonic
    and the spec's "monotonic".
    Exit status: 0 success; 1 the ship rule refused the curve (the report is still printed;
    each reason on stderr); 2 invalid input or usage (one line "error: …" on stderr).
    """
  static let options: [OptionSpec] =
    CurveSourceOptions.all.filter { $0.name != "--coefficients" } + [
      .flag("--json", help: "Print one JSON object instead of the report."),
      .flag("--preview", help: "Draw the curve in braille under the report (default when stdout is a terminal)."),
      .flag("--no-preview", help: "Never draw the terminal preview."),
    ] + CurveSourceOptions.shipOverrides

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 1, what: "at most one spec file") }
    let curve = try CurveSourceOptions.resolve(arguments, specPath: arguments.positionals.first, io: io)
    if arguments.has("--json") {
      guard let json = FitReportRenderer.json(curve) else { throw notFitted.commandError }
      io.write(JSONWriter.string(json) + "\n")
    } else {
      guard let text = FitReportRenderer.text(curve) else { throw notFitted.commandError }
      io.write(text)
      if !arguments.has("--no-preview"), arguments.has("--preview") || io.isOutputTerminal {
        io.write("\n" + TerminalPreview.render(curve, options: .init(terminalColumns: io.terminalColumns)))
      }
    }
    // The whole report is printed first; then the one ship rule decides (exit 1 with each
    // error). The report shows the verdict, so only the errors are repeated on stderr.
    let diagnostics = curve.diagnostics(for: .fit, overrides: CurveSourceOptions.overrides(arguments))
    try CurveSourceOptions.present(diagnostics.errors, as: .fit, io: io)
    return .success
  }

  /// `fit --coefficients`: there is nothing to fit.
  static let notFitted = UsageError(
    "fit needs points (a spec file, --point, --data or --from-css); for given coefficients use 'curvekit check'")
}
