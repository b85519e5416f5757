// Unit tests of words.mjs, layout.mjs, metrics.mjs and preview.mjs's pure part: what the page
// says and where the plot puts things, from hand-made server answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GEOMETRY, axes, axesKey, computeFrames, milestoneShapes, plotGeometry, showsEnforce, timeTicks } from '../layout.mjs';
import { METRICS_LIMIT, createMetrics, ring, snapshot } from '../metrics.mjs';
import { PLAY_MS, advance } from '../preview.mjs';
import { newDoc } from '../store.mjs';
import {
  curveLevel, errorText, fieldInput, fieldWords, fixed, fmt, invalidCells, levelGap, levelLabel, notShipped, percentPoints,
  previewView, settingsWords, shipped, shortNumber, timeLabel, verdictView,
} from '../words.mjs';

const DAYS = { spec: { timeScale: 7, levelScale: 100 }, display: { timeUnit: 'days', duration: 7, percent: true } };
// The straight line 1 − t as two Hermite knots; slope −1 throughout.
const LINE = [[0, 1, -1], [1, 0, -1]];

function doc(spec, extra) {
  return Object.assign(newDoc({ index: 0, name: 'a.curve.json', loaded: true, spec }), extra || {});
}
function fit(extra) {
  return Object.assign({
    coefficients: [-1, 1], rmse: 0.012, maxAbsResidual: 0.03, maxAbsResidualT: 0.5, maxAbsResidualIndex: 1,
    rSquared: 0.98765, conditionNumber: 12.3456,
    monotonic: { decreasing: true, policy: 'require', verdict: 'non-increasing' },
    plot: { curve: LINE, slopeCurve: [[0, -1, 0], [1, -1, 0]], levelRange: [0, 1], slopeRange: [-1, -1],
      timeTicks: [{ t: 0, label: '0' }, { t: 1, label: '7' }], percentages: [[0, 100], [0.5, 50], [1, 0]] },
  }, extra || {});
}

test('numbers: significant digits, decimals, percentage points, inputs', () => {
  assert.equal(fmt(1 / 3), '0.3333');
  assert.equal(fmt(1234.5678, 3), '1230');
  assert.equal(fmt(null), '—');
  assert.equal(fmt(Infinity), '—');
  assert.equal(fixed(2.345678, 2), '2.35');
  assert.equal(fixed(NaN, 2), '—');
  assert.equal(percentPoints(0.0123456), '1.235');
  assert.equal(percentPoints(1e-8), '1.0e-6');
  assert.equal(percentPoints(0), '0');
  assert.equal(percentPoints(NaN), '—');
  assert.equal(shortNumber(0.1234567891), '0.123457');
  assert.equal(shortNumber('x'), 'x');
});

test('times and levels speak the spec units', () => {
  const plain = doc({ points: [] });
  assert.equal(timeLabel(plain, 0.25), 't 0.25');
  assert.equal(levelLabel(plain, 0.8), '0.8');
  assert.equal(levelGap(plain, 0.0123), '0.0123');
  const days = doc({ points: [] }, { units: DAYS });
  assert.equal(timeLabel(days, 0.5), 'day 3.5');
  assert.equal(levelLabel(days, 0.8), '80 %');
  assert.equal(levelGap(days, 0.0123), '1.23 pp');
  assert.equal(levelGap(days, 0.0123, true), '1.23 percentage points');
});

test('the verdict of a curve that never rises, with its statistics in words', () => {
  const view = verdictView(doc({ points: [[0.5, 0.5]] }, { fit: fit() }));
  assert.equal(view.className, 'verdict good');
  assert.equal(view.text, '✓ Never rises');
  assert.equal(view.detail, 'Proven by an exact check on the whole period');
  assert.equal(view.summary, 'Worst miss 0.03 at t 0.5 (point 2).');
  assert.deepEqual(view.stats.map((s) => [s.label, s.value]), [['Typical miss', '0.012'], ['Worst miss', '0.03'],
    ['Explained', '98.77 %'], ['Sensitivity', '12.3']]);
  assert.equal(view.overlay, null);
  assert.equal(verdictView(doc({ points: [] })), null, 'nothing before an answer');
  const server = verdictView(doc({ points: [] }, { fit: fit({ summary: 'From Swift.', rSquared: null }) }));
  assert.equal(server.summary, 'From Swift.');
  assert.equal(server.stats[2].value, '—');
});

test('the verdict of a rising curve: where, the witness in the designer units, and the enforce overlay', () => {
  const rising = fit({
    monotonic: { decreasing: false, policy: 'require', verdict: 'rises', enforceAvailable: true },
    monotonicity: { witness: { t: 0.5, slope: 0.2, text: 'f′(1/2) = 1/5' } },
    slopeBands: { rising: [[0.25, 0.5]], flat: [] }, milestones: [{ holds: true }, { holds: false }],
  });
  const d = doc({ points: [], milestones: [{ until: 1, atLeast: 50 }, { from: 6, atMost: 10 }] },
    { units: DAYS, fit: rising, enforce: { rmse: 0.05 } });
  const view = verdictView(d);
  assert.equal(view.className, 'verdict bad');
  assert.equal(view.text, '✗ Rises: days 1.75–3.5');
  assert.equal(view.detail, 'Proven: the level goes up by 2.86 % per day at day 3.5');
  assert.equal(view.title, 'Exact witness: f′(1/2) = 1/5 > 0');
  assert.match(view.summary, /Milestones met: 1 of 2\. The level goes up where the plot is red\.$/);
  assert.equal(view.overlay, 'Best curve that never rises (enforce): typical miss 5 percentage points');
  assert.equal(verdictView(Object.assign({}, d, { spec: { monotonic: 'enforce' } })).overlay, null);
});

test('the verdict under enforce and ignore says what the policy did', () => {
  const enforced = fit({ monotonic: { decreasing: true, policy: 'enforce', wasAlreadyMonotone: false, active: ['f′(0.5) ≤ 0'],
    rmseRise: 0.004, verdict: 'non-increasing' } });
  const view = verdictView(doc({ points: [] }, { fit: enforced }));
  assert.equal(view.text, '✓ Never rises (enforced)');
  assert.match(view.detail, /held flat where it would go up, missing your points by 0.004 more$/);
  assert.match(view.title, /active constraints: f′\(0.5\) ≤ 0 · RMSE \+0.004$/);
  const ignored = fit({ monotonic: { decreasing: false, policy: 'ignore', verdict: 'rises' } });
  const words = verdictView(doc({ points: [] }, { fit: ignored }));
  assert.equal(words.text, '✗ Rises');
  assert.equal(words.detail, 'Exact verdict: rises · rising allowed (monotonic: ignore)');
});

test('the verdict of a broken file or a refused spec judges nothing', () => {
  const broken = verdictView(doc({ points: [] }, { broken: { error: 'bad' }, fit: fit() }));
  assert.equal(broken.text, '⚠ Placeholder: “a.curve.json” did not load');
  assert.deepEqual(broken.stats, []);
  const refused = verdictView(doc({ points: [] }, { error: { error: 'degree must be 1…10', field: 'degree' } }));
  assert.equal(refused.text, '⚠ Cannot fit');
  assert.equal(refused.detail, 'degree must be 1…10 (the degree)');
  assert.equal(verdictView(doc({ points: [] }, { error: { error: 'no' } })).detail, 'no');
});

test('the settings speak the units, the endpoints and the constraints', () => {
  const plain = settingsWords(doc({ points: [] }));
  assert.equal(plain.duration, 'Duration (days)');
  assert.equal(plain.endpoints, 'starts at 1, ends at 0');
  assert.equal(plain.constraints, 'Full (1) at the start, empty (0) at the end: f(0) = 1, f(1) = 0.');
  assert.equal(plain.minSlope, 'Min slope');
  assert.deepEqual([plain.tHead, plain.yHead], ['t', 'level']);
  const days = settingsWords(doc({ points: [], timeUnit: 'days', endpoints: false }, { units: DAYS }));
  assert.equal(days.constraints, 'No endpoint constraints: the curve may start and end anywhere.');
  assert.equal(days.minSlope, 'Min slope (%/day)');
  assert.deepEqual([days.tHead, days.yHead], ['day', 'level %']);
  const explicit = settingsWords(doc({ points: [], constraints: [{ t: 0, value: 1 }, { t: 1, slope: 0 }] }));
  assert.equal(explicit.constraints, 'Constraints: f(0) = 1, f′(1) = 0');
  assert.equal(settingsWords(doc({ points: [], constraints: [] })).constraints, 'Constraints: none (unconstrained)');
});

test('an error field names its input and table cells', () => {
  assert.equal(fieldInput('durationDays'), 'duration');
  assert.equal(fieldInput('points'), undefined);
  assert.deepEqual(invalidCells('points[2][1]', 2), [false, true, false]);
  assert.deepEqual(invalidCells('points[2]', 2), [true, false, false]);
  assert.deepEqual(invalidCells('weights', 0), [false, false, true]);
  assert.deepEqual(invalidCells('weights', 1), [false, false, false]);
});

test('the preview shows the server curve and percentage, a straight line before any answer', () => {
  const none = previewView(doc({ points: [] }), 0.25);
  assert.deepEqual([none.level, none.fill, none.percent, none.time], [0.75, 75, 75, 't 0.25']);
  const days = previewView(doc({ points: [] }, { units: DAYS, fit: fit() }), 0.5);
  assert.equal(days.percent, 50);
  assert.equal(days.time, 'day 3.5 of 7');
  assert.ok(Math.abs(days.level - 0.5) < 1e-12);
  assert.equal(previewView(doc({ points: [] }, { fit: fit() }), 1.5).fill, 0);
  assert.ok(Number.isNaN(curveLevel(null, 0.5)));
});

test('the export card: nothing ships from a refused spec; a language not generated is not copyable', () => {
  const refused = notShipped({ error: 'too few points' });
  assert.equal(refused.text.css, '/* not shipped: the spec does not fit: too few points */');
  assert.equal(Object.values(refused.ok).some(Boolean), false);
  const answer = shipped({ status: 200, data: { swift: 's', kotlin: '// not generated: x', typescript: 't', failed: ['kotlin'], notes: ['n1'] } },
    { status: 422, data: { error: 'rises', notes: [] } });
  assert.deepEqual(answer.ok, { swift: true, css: false, swiftui: false, kotlin: false, typescript: true });
  assert.equal(answer.text.swiftui, '// rises');
  assert.deepEqual(answer.notes, ['n1']);
  assert.equal(shipped({ status: 500, data: { error: 'e' } }, { status: 200, data: { css: 'c', swiftui: 'u', notes: ['m'] } })
    .text.kotlin, '// e');
  assert.equal(errorText({ status: 409, data: { error: 'exists', field: 'name' } }), 'exists (the name)');
  assert.equal(errorText({ status: 500, data: null }), 'HTTP 500');
});

test('frames: the server ranges and the points widen the default frame, within limits', () => {
  const plain = computeFrames(doc({ points: [[0.5, 0.5]] }));
  assert.deepEqual([plain.main.lo, plain.main.hi], [-0.05, 1.05]);
  assert.equal(plain.main.left, GEOMETRY.main.left);
  assert.ok(Math.abs(plain.slope.lo - (-0.25 - 0.03)) < 1e-12 && Math.abs(plain.slope.hi - 0.03) < 1e-12);
  const wide = computeFrames(doc({ points: [[0.5, 1.4], [0.6, -3]] }, { fit: fit({ plot: Object.assign({}, fit().plot,
    { levelRange: [-0.2, 1.1], slopeRange: [-3, 0.5] }) }) }));
  assert.equal(wide.main.lo, -1);
  assert.ok(Math.abs(wide.main.hi - 1.45) < 1e-12);
  assert.ok(Math.abs(wide.slope.lo - (-3 - 0.42)) < 1e-12);
  assert.deepEqual(timeTicks(doc({ points: [] })).map((t) => t.label), ['0', '0.25', '0.5', '0.75', '1']);
});

test('plot geometry: the desktop 720 × 500 from 720 px up; narrower, one unit per CSS pixel', () => {
  assert.deepEqual(plotGeometry(720), GEOMETRY);
  assert.deepEqual(plotGeometry(1600), GEOMETRY);
  assert.deepEqual([GEOMETRY.width, GEOMETRY.height], [720, 500]);
  assert.deepEqual(GEOMETRY.main, { left: 64, top: 18, width: 628, height: 300 });
  assert.deepEqual(GEOMETRY.slope, { left: 64, top: 352, width: 628, height: 96 });
  assert.deepEqual(plotGeometry(0), GEOMETRY, 'no size yet (a test page): the desktop layout');
  assert.deepEqual(plotGeometry(NaN), GEOMETRY);
  // A phone's plot, 352 px wide: the panels fill the width inside the 64-unit margin for the level labels.
  const phone = plotGeometry(352.4);
  assert.equal(phone.width, 352);
  assert.equal(phone.main.left + phone.main.width + 16, 352);
  assert.ok(phone.main.height > 0.6 * phone.main.width, 'taller for its width than the desktop: ' + phone.main.height);
  assert.equal(phone.slope.top, phone.main.top + phone.main.height + 34);
  assert.equal(phone.height, phone.slope.top + phone.slope.height + 52);
  assert.equal(plotGeometry(100).width, 320, 'never narrower than 320 units');
  // The frames take the geometry's rectangles, and the axes are redrawn when it changes.
  const d = doc({ points: [[0.5, 0.5]] });
  const frames = computeFrames(d, phone);
  assert.deepEqual([frames.main.left, frames.main.width, frames.slope.top], [64, phone.main.width, phone.slope.top]);
  assert.notEqual(axesKey(d, frames), axesKey(d, computeFrames(d)));
});

test('axes: quarter levels in the level unit, nice slope steps in the designer units', () => {
  const d = doc({ points: [[3.5, 50]], timeUnit: 'days', duration: 7 }, { units: DAYS, fit: fit() });
  const frames = computeFrames(d);
  const shown = axes(d, frames);
  assert.deepEqual(shown.levels.map((l) => l.label), ['0 %', '25 %', '50 %', '75 %', '100 %']);
  assert.equal(shown.slopeTitle, 'slope (% per day)');
  assert.equal(shown.timeTitle, 'time (days)');
  assert.deepEqual(shown.times.map((t) => t.label), ['0', '7']);
  // The slope frame spans −1.12…0.12 per period: −16…1.7 % per day, in steps of 10 (niceStep of 5.9).
  assert.deepEqual(shown.slopes.map((s) => s.label), ['-10', '0']);
  assert.ok(Math.abs(shown.slopes[0].v - (-0.7)) < 1e-12, 'ticks are placed in f′ per period');
  const plain = axes(doc({ points: [] }), computeFrames(doc({ points: [] })));
  assert.equal(plain.timeTitle, 'time (fraction of the period)');
  assert.equal(plain.levels[0].label, '0');
  assert.notEqual(plain.key, shown.key);
});

test('milestones as drawn: guide, zone above or below, the server state', () => {
  const d = doc({ points: [], milestones: [{ until: 0.5, atLeast: 0.6 }, { from: 0.75, atMost: 0.2 }] },
    { fit: fit({ milestones: [{ holds: true }, { holds: false }] }) });
  const frame = computeFrames(d).main;
  const [lower, upper] = milestoneShapes(d, frame);
  assert.equal(lower.x0, frame.left);
  assert.equal(lower.x1, frame.left + frame.width / 2);
  assert.equal(lower.xEnd, lower.x1);
  assert.equal(lower.zoneTop, frame.top, 'at least: the zone above the line');
  assert.equal(lower.label, '≥ 0.6 until t 0.5 ✓');
  assert.equal(upper.xEnd, upper.x0);
  assert.ok(Math.abs(upper.zoneTop + upper.zoneHeight - (frame.top + frame.height)) < 1e-9, 'at most: the zone below');
  assert.equal(upper.label, '≤ 0.2 from t 0.75 ✗');
  // The labels sit where a curve that meets the milestone is not: "at least … until": below the line,
  // from the period's start; "at most … from": above it, up to the period's end.
  assert.deepEqual([lower.labelX, lower.labelAnchor, lower.labelY], [frame.left + 6, 'start', lower.y + 16]);
  assert.deepEqual([upper.labelX, upper.labelAnchor, upper.labelY], [frame.left + frame.width - 6, 'end', upper.y - 8]);
  assert.equal(lower.labelRoom, frame.width / 2 - 12);
  assert.deepEqual([lower.shortLabel, upper.shortLabel], ['≥ 0.6 ✓', '≤ 0.2 ✗']);
  const failing = milestoneShapes(Object.assign({}, d, { error: { error: 'x' } }), frame);
  assert.equal(failing[1].met, true, 'unknown while the fit fails');
  assert.deepEqual(milestoneShapes(doc({ points: [] }), frame), []);
});

test('the enforce overlay shows only for a rising plain fit', () => {
  const rising = fit({ monotonic: { decreasing: false } });
  assert.equal(showsEnforce(doc({ points: [] }, { fit: rising, enforce: {} })), true);
  assert.equal(showsEnforce(doc({ monotonic: 'enforce' }, { fit: rising, enforce: {} })), false);
  assert.equal(showsEnforce(doc({ points: [] }, { fit: fit(), enforce: {} })), false);
  assert.equal(showsEnforce(doc({ points: [] }, { fit: rising })), false);
});

test('metrics are rings: the last values, oldest first, never more than the limit', () => {
  const r = ring(3);
  for (const value of [1, 2, 3, 4, 5]) r.push(value);
  assert.equal(r.length, 3);
  assert.deepEqual(r.values(), [3, 4, 5]);
  r.clear();
  assert.deepEqual(r.values(), []);
  r.push(7);
  assert.deepEqual(r.values(), [7]);
  const metrics = createMetrics();
  for (let i = 0; i < METRICS_LIMIT + 10; i++) metrics.moves.push(i);
  const shown = snapshot(metrics);
  assert.equal(shown.moves.length, METRICS_LIMIT);
  assert.equal(shown.moves[0], 10);
  assert.equal(shown.transport, 'fetch');
});

test('the preview plays the period in PLAY_MS at 1× and stops at its end', () => {
  const half = advance({ t: 0, playing: true, speed: 1 }, PLAY_MS / 2);
  assert.deepEqual([half.t, half.playing], [0.5, true]);
  const end = advance({ t: 0.9, playing: true, speed: 4 }, PLAY_MS);
  assert.deepEqual([end.t, end.playing], [1, false]);
});

test('fields in words, never as JSON paths', () => {
  assert.equal(fieldWords('points[3][0]'), 'point 4\'s time');
  assert.equal(fieldWords('points[0][1]'), 'point 1\'s level');
  assert.equal(fieldWords('points[2]'), 'point 3');
  assert.equal(fieldWords('constraints[1]'), 'exact point 2');
  assert.equal(fieldWords('milestones[0].atLeast'), 'milestone 1');
  assert.equal(fieldWords('weights[4]'), 'weight of point 5');
  assert.equal(fieldWords('codegen.typeName'), 'the code option typeName');
  assert.equal(fieldWords('degree'), 'the degree');
  assert.equal(fieldWords(null), '');
  assert.equal(errorText({ status: 422, data: { error: 'points[3][0]: must be below 10', field: 'points[3][0]' } }),
    'point 4\'s time: must be below 10');
  assert.equal(errorText({ status: 422, data: { error: 'too close', field: 'milestones[0]' } }), 'too close (milestone 1)');
  // A spec in units: the server names the field in words itself, and nothing is added.
  assert.equal(errorText({ status: 422, data: { error: 'point 3: hour 12 is outside the period, hours 0…10',
    field: 'points[2][0]', fieldWords: 'point 3' } }), 'point 3: hour 12 is outside the period, hours 0…10');
});
