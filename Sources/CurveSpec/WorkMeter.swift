/// Where a reader reports its elementary steps: nowhere in ordinary use (``NoWorkMeter``,
/// which specialization removes), into a ``WorkCounter`` in the tests that check the JSON
/// spec reader does work linear in its input (issue 12).
///
/// The steps are the reader's own: every byte of the input it reads (each read counts,
/// so re-reading a line to find a column shows up), every key comparison and hash with the
/// bytes it covers, every byte handed to a linear-time routine (number conversion, UTF-8
/// validation), and every element the decoder visits or copies.
package protocol WorkMeter {
  /// Records `steps` more steps.
  func add(_ steps: Int)
}

/// Counts nothing: the meter of every ordinary parse.
package struct NoWorkMeter: WorkMeter {
  package init() {}

  @inline(__always)
  package func add(_ steps: Int) {}
}

/// Adds up the steps reported to it. For one reader at a time, on one thread.
package final class WorkCounter: WorkMeter {
  /// The steps so far.
  package private(set) var steps = 0

  package init() {}

  package func add(_ steps: Int) { self.steps += steps }
}
