// DepletionCurveModel holds DepletionCurve.curve.json. CurveKit's build-tool plugin
// generates `public enum DepletionCurve` from it on every build (see Package.swift), so
// this target has no hand-written curve code; HabitModel and HabitWidget both import it.

/// The one place the depletion period is chosen for the whole app: the spec's
/// `durationDays`, as generated.
public let habitDepletionDays = DepletionCurve.defaultDepletionDays
