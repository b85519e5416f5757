// The studio page's pure logic: no DOM, no network, no curve math. Unit-tested by
// tests/core.test.mjs under `node --test` (scripts/test.sh runs it); the page's modules use it.
//
// Everything about the curve itself (verdicts, rising stretches, milestone states) comes from
// the server's answers; this module only orders keys, keeps undo history, paces reconnects,
// maps between data and plot coordinates, sizes touch targets, snaps drags and draws the
// server's knots.

/** The spec's keys in the house order (CurveSpec's), used when the session has not said. */
export const DEFAULT_KEY_ORDER = ['name', 'description', 'timeUnit', 'levelUnit', 'points', 'weights', 'degree',
  'duration', 'durationDays', 'endpoints', 'constraints', 'milestones', 'monotonic', 'minSlope', 'codegen'];

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
 * The session token in a launch link's fragment (`#token=…`, which the browser never sends to
 * the server), or null when there is none or it is not a plain token (16–256 letters, digits,
 * `-` or `_`): only such a value may become an `Authorization` header.
 */
export function tokenFromFragment(hash) {
  if (typeof hash !== 'string' || !hash.startsWith('#')) return null;
  const token = new URLSearchParams(hash.slice(1)).get('token');
  return token !== null && /^[A-Za-z0-9_-]{16,256}$/.test(token) ? token : null;
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
 * The radius of a touch target in SVG units, for a plot drawn at `pixelsPerUnit` CSS pixels per
 * SVG unit: TOUCH_RADIUS pixels (a 44 px target) whatever the scale, and never smaller than
 * TOUCH_RADIUS units (a large screen keeps the generous targets of the desktop layout).
 */
export function touchRadiusFor(pixelsPerUnit) {
  const scale = pixelsPerUnit > 0 && Number.isFinite(pixelsPerUnit) ? pixelsPerUnit : 1;
  return Math.max(TOUCH_RADIUS, TOUCH_RADIUS / scale);
}

/** `value` limited to [lo, hi]. */
export function clamp(value, lo, hi) { return Math.min(hi, Math.max(lo, value)); }

// MARK: - Drawing the server's knots

/**
 * The cubic Hermite interpolant of two knots [t, value, slope] at `t`: value and slope. The
 * server sends knots whose Hermite segments are the curve itself for a cubic (two knots) and its
 * quadratic slope, and a drawing-precise version above (64 segments), so this is geometry of
 * the drawn path, not curve math.
 */
export function hermite(k0, k1, t) {
  const h = k1[0] - k0[0];
  if (!(h > 0)) return { value: k0[1], slope: k0[2] };
  const s = (t - k0[0]) / h;
  const s2 = s * s;
  const s3 = s2 * s;
  const value = (2 * s3 - 3 * s2 + 1) * k0[1] + (s3 - 2 * s2 + s) * h * k0[2] + (-2 * s3 + 3 * s2) * k1[1] +
    (s3 - s2) * h * k1[2];
  const slope = ((6 * s2 - 6 * s) * k0[1] + (3 * s2 - 4 * s + 1) * h * k0[2] + (-6 * s2 + 6 * s) * k1[1] +
    (3 * s2 - 2 * s) * h * k1[2]) / h;
  return { value, slope };
}

/** The segment of `knots` holding t (clamped to the knots' span), as its two knots. */
function segmentAt(knots, t) {
  let i = 0;
  while (i < knots.length - 2 && t > knots[i + 1][0]) i++;
  return [knots[i], knots[Math.min(i + 1, knots.length - 1)]];
}

/** The drawn curve's value at t (clamped to the knots' span); NaN without knots. */
export function valueAt(knots, t) {
  if (!Array.isArray(knots) || knots.length === 0) return NaN;
  const first = knots[0][0];
  const last = knots[knots.length - 1][0];
  const clamped = Math.min(last, Math.max(first, t));
  const [k0, k1] = segmentAt(knots, clamped);
  return hermite(k0, k1, clamped).value;
}

/**
 * The SVG path of the knots' curve on [from, to] (default the whole span) as cubic Bézier
 * segments, through `map` (frameMaps). Sub-ranges start and end exactly on the drawn curve.
 */
export function knotPath(knots, map, from, to) {
  if (!Array.isArray(knots) || knots.length < 2) return '';
  const a = from === undefined ? knots[0][0] : from;
  const b = to === undefined ? knots[knots.length - 1][0] : to;
  const P = (t, v) => map.x(t).toFixed(2) + ' ' + map.y(v).toFixed(2);
  let text = '';
  for (let i = 0; i + 1 < knots.length; i++) {
    const t0 = Math.max(a, knots[i][0]);
    const t1 = Math.min(b, knots[i + 1][0]);
    if (!(t1 > t0)) continue;
    const start = hermite(knots[i], knots[i + 1], t0);
    const end = hermite(knots[i], knots[i + 1], t1);
    const h = t1 - t0;
    if (text === '') text = 'M ' + P(t0, start.value);
    text += ' C ' + P(t0 + h / 3, start.value + h * start.slope / 3) + ' ' + P(t1 - h / 3, end.value - h * end.slope / 3) +
      ' ' + P(t1, end.value);
  }
  return text;
}

/** The widget percentage the server's steps [[t, percentage], …] give at t (the last step at or before t). */
export function percentageAt(steps, t) {
  if (!Array.isArray(steps) || steps.length === 0) return null;
  let shown = steps[0][1];
  for (const [at, percentage] of steps) {
    if (at > t) break;
    shown = percentage;
  }
  return shown;
}

/**
 * The server's unit scales ({spec: {timeScale, levelScale}, display: {timeUnit, duration,
 * durationDays, percent}}) in the page's shape; the identity before any answer has arrived.
 * `days` is true when the spec's times are in a unit (days, hours, …), named by `unit`
 * ("hour") and `units` ("hours").
 */
export function unitScales(answer) {
  const spec = (answer && answer.spec) || { timeScale: 1, levelScale: 1 };
  const display = (answer && answer.display) || { durationDays: null, percent: false };
  const duration = display.duration !== undefined ? display.duration : display.durationDays;
  const unit = { seconds: 'second', minutes: 'minute', hours: 'hour', weeks: 'week' }[display.timeUnit] || 'day';
  return {
    tScale: spec.timeScale, yScale: spec.levelScale, duration, percent: display.percent,
    days: spec.timeScale !== 1 || duration !== null && spec.timeScale === duration,
    unit: duration ? unit : 't', units: duration ? unit + 's' : 't',
  };
}

/**
 * How the slope panel speaks: f′ (level fraction per period) times `scale` is the slope in the
 * designer's units, named by `label`: "% per day", "% per hour", "per week", "% per period".
 */
export function slopeUnits(u) {
  const perLevel = u.percent ? 100 : 1;
  const duration = u.duration || null;
  return {
    scale: perLevel / (duration || 1),
    label: (u.percent ? '% ' : '') + 'per ' + (duration ? u.unit : 'period'),
  };
}

/** The smallest of 1, 2, 2.5, 5 × 10ᵏ at least `rough`: the step of a visible axis' ticks. */
export function niceStep(rough) {
  if (!(rough > 0) || !isFinite(rough)) return 1;
  const power = Math.pow(10, Math.floor(Math.log10(rough)));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * power >= rough * 0.999999) return factor * power;
  return 10 * power;
}

// MARK: - Snapping while dragging

/** How close (in normalized units) a level must come to a milestone line to stick to it. */
export const MILESTONE_SNAP = 0.015;

/**
 * Where a dragged point goes, in normalized t and level.
 * - `axisLock` (Shift): the axis the drag started along stays fixed: once the pointer has moved
 *   more across than up, the level is held; otherwise the time.
 * - `snap` (Ctrl/⌘): the axis being dragged only (the one moved along more since `start`): time
 *   to whole and half units (days, or tenths of the period without a duration), levels to whole
 *   percents; the other axis follows the pointer as it is.
 * - Levels stick to a milestone line within MILESTONE_SNAP (always, as guides do).
 * `start` is where the drag began; `timeScale` the units per period (e.g. 7 days).
 */
export function snapDrag({ t, y, start, axisLock, snap, timeScale, milestoneLevels }) {
  let nextT = t;
  let nextY = y;
  if (axisLock && start) {
    if (Math.abs(t - start.t) >= Math.abs(y - start.y)) nextY = start.y;
    else nextT = start.t;
  }
  if (snap) {
    // Only the axis being dragged snaps (the one moved along more since the start); both without a start.
    const along = start ? (Math.abs(t - start.t) >= Math.abs(y - start.y) ? 't' : 'y') : null;
    const perPeriod = timeScale > 1 ? timeScale * 2 : 10;  // halves of a unit, or tenths
    if (along !== 'y' && !(axisLock && start && nextT === start.t)) nextT = Math.round(nextT * perPeriod) / perPeriod;
    if (along !== 't' && !(axisLock && start && nextY === start.y)) nextY = Math.round(nextY * 100) / 100;
  }
  for (const level of milestoneLevels || []) {
    if (Math.abs(nextY - level) <= MILESTONE_SNAP && !(axisLock && start && nextY === start.y)) nextY = level;
  }
  return { t: nextT, y: nextY };
}

/**
 * The keyboard's moves for a focused point: arrows nudge (Shift ×10), Home/End go to the
 * start/end of the period, PageUp/PageDown move the level by 10 %. Null for other keys.
 */
export function keyMove(key, shift, t, y) {
  const step = (shift ? 10 : 1) * 0.005;
  switch (key) {
    case 'ArrowUp': return [t, y + step];
    case 'ArrowDown': return [t, y - step];
    case 'ArrowRight': return [t + step, y];
    case 'ArrowLeft': return [t - step, y];
    case 'Home': return [0, y];
    case 'End': return [1, y];
    case 'PageUp': return [t, y + 0.1];
    case 'PageDown': return [t, y - 0.1];
    default: return null;
  }
}

// MARK: - Share links, file names and exact points (the server decides; these only edit and find)

/**
 * The payload of a share link (`…#spec=PAYLOAD`) in pasted text, or null when there is none: the
 * characters after `#spec=` up to a space, `&`, a quote or a bracket. Finding is all this does:
 * the server decodes and validates the payload (POST /api/open), so a bad one gets Swift's error.
 */
export function sharePayload(text) {
  if (typeof text !== 'string') return null;
  const at = text.indexOf('#spec=');
  if (at < 0) return null;
  const match = /^[^\s&"'<>()[\]{}]+/.exec(text.slice(at + 6));
  return match ? match[0] : null;
}

/**
 * A file name to suggest when saving a curve: its name in lower case, letters and digits joined by
 * `-`, accents dropped, then `.curve.json` ("Weekly Habit" → `weekly-habit.curve.json`). Only a
 * suggestion: the server applies the naming rule to whatever is sent.
 */
export function suggestFileName(name) {
  const stem = String(name || '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
  return (stem || 'untitled') + '.curve.json';
}

/**
 * A file name as typed in Save as…, with `.curve.json` added to a bare name ("habit" →
 * `habit.curve.json`, "habit.curve" → `habit.curve.json`); a name ending in `.json` is left as
 * typed. The server still checks the name.
 */
export function withCurveExtension(text) {
  const name = String(text || '').trim();
  if (!name || /\.json$/i.test(name)) return name;
  return /\.curve$/i.test(name) ? name + '.json' : name + '.curve.json';
}

/** The spec's exact points: its value constraints, with their index in `constraints`. */
export function exactPoints(spec) {
  const list = spec && Array.isArray(spec.constraints) ? spec.constraints : [];
  const found = [];
  list.forEach((c, index) => {
    if (c && c.value !== undefined && c.slope === undefined) found.push({ index, t: c.t, value: c.value });
  });
  return found;
}

/**
 * A copy of the spec with point `index` made exact: removed from `points` (and `weights`) and added
 * as the value constraint {"t", "value"} in the same units, which the fit meets exactly. Null when it
 * is the only point (a spec needs one) or there is no such point.
 */
export function makeExact(spec, index) {
  if (!spec || !Array.isArray(spec.points) || !spec.points[index] || spec.points.length < 2) return null;
  const next = JSON.parse(JSON.stringify(spec));
  const [[t, value]] = next.points.splice(index, 1);
  if (Array.isArray(next.weights)) {
    next.weights.splice(index, 1);
    if (next.weights.every((w) => w === 1)) delete next.weights;
  }
  next.constraints = (Array.isArray(next.constraints) ? next.constraints : []).concat([{ t, value }]);
  return next;
}

/**
 * A copy of the spec with the value constraint `index` made a weighted point again (with `weight`,
 * 1 by default: the weight it had before it was made exact, when the page remembers it; in time
 * order among the points); `constraints` is dropped when it empties. Null for a slope constraint
 * or no such constraint.
 */
export function makeWeighted(spec, index, weight = 1) {
  const list = spec && Array.isArray(spec.constraints) ? spec.constraints : [];
  const constraint = list[index];
  if (!constraint || constraint.value === undefined || constraint.slope !== undefined) return null;
  const next = JSON.parse(JSON.stringify(spec));
  next.constraints.splice(index, 1);
  if (!next.constraints.length) delete next.constraints;
  next.points = Array.isArray(next.points) ? next.points : [];
  let at = next.points.findIndex((p) => p[0] > constraint.t);
  if (at < 0) at = next.points.length;
  next.points.splice(at, 0, [constraint.t, constraint.value]);
  const w = weight > 0 && Number.isFinite(weight) ? weight : 1;
  if (Array.isArray(next.weights)) {
    next.weights.splice(at, 0, w);
  } else if (w !== 1) {
    next.weights = next.points.map(() => 1);
    next.weights[at] = w;
  }
  return next;
}
