// The studio page's pure logic: no DOM, no network, no curve math. Unit-tested by
// core.test.mjs under `node --test` (scripts/test.sh runs it); app.mjs uses it.
//
// Everything about the curve itself (verdicts, rising stretches, milestone states) comes from
// the server's answers; this module only orders keys, keeps undo history, paces reconnects,
// maps between data and plot coordinates, and finds what a pointer touches.

/** The spec's keys in the house order (CurveSpec's), used when the session has not said. */
export const DEFAULT_KEY_ORDER = ['name', 'description', 'timeUnit', 'levelUnit', 'points', 'weights', 'degree',
  'durationDays', 'endpoints', 'constraints', 'milestones', 'monotonic', 'minSlope', 'codegen'];

/**
 * The spec as one canonical JSON string: keys in `keyOrder` (unknown keys after them, by name),
 * null and undefined members dropped. Two specs are the same edit state exactly when their
 * canonical strings are equal, which is what dirtiness and undo compare.
 */
export function canonicalJSON(spec, keyOrder = DEFAULT_KEY_ORDER) {
  const rank = (key) => {
    const index = keyOrder.indexOf(key);
    return index < 0 ? keyOrder.length : index;
  };
  const keys = Object.keys(spec).filter((key) => spec[key] !== undefined && spec[key] !== null);
  keys.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const ordered = {};
  for (const key of keys) ordered[key] = spec[key];
  return JSON.stringify(ordered);
}

/** The most undo steps a document keeps. */
export const HISTORY_LIMIT = 500;

/** A fresh undo history. */
export function newHistory() { return { past: [], future: [] }; }

/** Records `snapshot` (the state before an edit) and clears the redo stack. */
export function checkpoint(history, snapshot, limit = HISTORY_LIMIT) {
  history.past.push(snapshot);
  if (history.past.length > limit) history.past.shift();
  history.future = [];
}

/** Forgets the last checkpoint (an edit that changed nothing, such as a click without a drag). */
export function dropCheckpoint(history) { history.past.pop(); }

/** The state to return to, with `current` kept for redo; null when there is nothing to undo. */
export function undo(history, current) {
  if (!history.past.length) return null;
  history.future.push(current);
  return history.past.pop();
}

/** The state undone last, with `current` kept for undo; null when there is nothing to redo. */
export function redo(history, current) {
  if (!history.future.length) return null;
  history.past.push(current);
  return history.future.pop();
}

/** The first delay before reconnecting the live channel, and the longest. */
export const RECONNECT = { first: 1000, longest: 30000 };

/** The delay after `delay` failed: doubled, at most RECONNECT.longest. */
export function nextDelay(delay) {
  if (!(delay > 0)) return RECONNECT.first;
  return Math.min(RECONNECT.longest, delay * 2);
}

/**
 * A plot frame: a rectangle in SVG units and the data range it shows, t ∈ [0, 1] across and
 * [lo, hi] up. Returns the four maps between data and SVG coordinates.
 */
export function frameMaps(frame) {
  const span = frame.hi - frame.lo || 1;
  return {
    x: (t) => frame.left + t * frame.width,
    y: (v) => frame.top + (frame.hi - v) / span * frame.height,
    t: (x) => (x - frame.left) / frame.width,
    v: (y) => frame.hi - (y - frame.top) / frame.height * span,
  };
}

/** True when the SVG point (x, y) lies inside the frame's rectangle (edges included). */
export function insideFrame(frame, x, y) {
  return x >= frame.left && x <= frame.left + frame.width && y >= frame.top && y <= frame.top + frame.height;
}

/** The radius of a touch target: 44 px across, as platform guidelines ask. */
export const TOUCH_RADIUS = 22;

/**
 * The index of the handle nearest to (x, y) within `radius` (in the same units), or -1.
 * Ties go to the later handle, which is drawn on top. `handles`: [{x, y}].
 */
export function nearestHandle(handles, x, y, radius = TOUCH_RADIUS) {
  let best = -1;
  let bestDistance = radius * radius;
  handles.forEach((handle, index) => {
    const dx = handle.x - x;
    const dy = handle.y - y;
    const distance = dx * dx + dy * dy;
    if (distance <= bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** `value` limited to [lo, hi]. */
export function clamp(value, lo, hi) { return Math.min(hi, Math.max(lo, value)); }
