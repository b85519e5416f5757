// Unit tests of the studio page's pure logic: `node --test Sources/CurveStudio/Assets/studio/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_KEY_ORDER, HISTORY_LIMIT, RECONNECT, canonicalJSON, checkpoint, clamp, dropCheckpoint, frameMaps,
  insideFrame, newHistory, nextDelay, redo, undo,
} from '../core.mjs';
import { slopeUnits, tokenFromFragment } from '../core.mjs';

test('canonical JSON orders keys as the house style and drops null members', () => {
  const spec = { minSlope: 0.1, points: [[0.5, 0.5]], name: 'A', zeta: 1, alpha: 2, weights: null };
  assert.equal(canonicalJSON(spec), '{"name":"A","points":[[0.5,0.5]],"minSlope":0.1,"alpha":2,"zeta":1}');
  // The same members in another order are the same state.
  const shuffled = { zeta: 1, name: 'A', alpha: 2, points: [[0.5, 0.5]], minSlope: 0.1 };
  assert.equal(canonicalJSON(shuffled), canonicalJSON(spec));
  // A key order from the session wins over the default.
  assert.equal(canonicalJSON({ b: 1, a: 2 }, ['b', 'a']), '{"b":1,"a":2}');
  assert.equal(DEFAULT_KEY_ORDER[0], 'name');
});

test('undo and redo walk the history both ways and a new edit clears redo', () => {
  const history = newHistory();
  checkpoint(history, 's0');
  checkpoint(history, 's1');
  assert.equal(undo(history, 's2'), 's1');
  assert.equal(undo(history, 's1'), 's0');
  assert.equal(undo(history, 's0'), null);
  assert.equal(redo(history, 's0'), 's1');
  assert.equal(redo(history, 's1'), 's2');
  assert.equal(redo(history, 's2'), null);
  assert.equal(undo(history, 's2'), 's1');
  checkpoint(history, 's1');
  assert.deepEqual(history.future, []);
  dropCheckpoint(history);
  assert.deepEqual(history.past, ['s0']);
});

test('the history keeps at most its limit, dropping the oldest', () => {
  const history = newHistory();
  for (let k = 0; k < HISTORY_LIMIT + 5; k++) checkpoint(history, 's' + k);
  assert.equal(history.past.length, HISTORY_LIMIT);
  assert.equal(history.past[0], 's5');
  const small = newHistory();
  for (let k = 0; k < 4; k++) checkpoint(small, k, 3);
  assert.deepEqual(small.past, [1, 2, 3]);
});

test('reconnect delays double up to the cap and restart from a bad value', () => {
  const delays = [];
  let delay = RECONNECT.first;
  for (let k = 0; k < 8; k++) {
    delays.push(delay);
    delay = nextDelay(delay);
  }
  assert.deepEqual(delays, [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  assert.equal(nextDelay(0), RECONNECT.first);
  assert.equal(nextDelay(NaN), RECONNECT.first);
});

test('frame maps are inverse to each other and put hi at the top', () => {
  const frame = { left: 64, top: 18, width: 628, height: 300, lo: -0.05, hi: 1.05 };
  const map = frameMaps(frame);
  assert.equal(map.x(0), 64);
  assert.equal(map.x(1), 692);
  assert.equal(map.y(1.05), 18);
  assert.ok(Math.abs(map.y(-0.05) - 318) < 1e-12);
  for (const t of [0, 0.25, 0.7, 1]) assert.ok(Math.abs(map.t(map.x(t)) - t) < 1e-15);
  for (const v of [-0.05, 0.3, 1.05]) assert.ok(Math.abs(map.v(map.y(v)) - v) < 1e-13);
  assert.ok(insideFrame(frame, 64, 18) && insideFrame(frame, 692, 318));
  assert.ok(!insideFrame(frame, 63.9, 100) && !insideFrame(frame, 100, 318.1));
  // A degenerate range does not divide by zero.
  assert.ok(Number.isFinite(frameMaps({ ...frame, lo: 1, hi: 1 }).y(0.5)));
});

test('touch targets stay 44 CSS pixels at any plot scale', async () => {
  const { TOUCH_RADIUS, touchRadiusFor } = await import('../core.mjs');
  assert.equal(TOUCH_RADIUS, 22);
  // A phone draws the 720-unit plot in about 370 px: 0.514 px per unit, so 42.8 units.
  const phone = touchRadiusFor(370 / 720);
  assert.ok(Math.abs(phone * (370 / 720) - 22) < 1e-12 && phone > 42);
  // A desktop at 2 px per unit keeps 22 units (44 px across is then 88 px: generous).
  assert.equal(touchRadiusFor(2), 22);
  assert.equal(touchRadiusFor(0), 22);
  assert.equal(touchRadiusFor(NaN), 22);
});

test('clamp', () => {
  assert.equal(clamp(2, 0, 1), 1);
  assert.equal(clamp(-1, 0, 1), 0);
  assert.equal(clamp(0.5, 0, 1), 0.5);
});

test('Hermite knots of a cubic reproduce it exactly, values and slopes', async () => {
  const { hermite, valueAt } = await import('../core.mjs');
  // f = 2t³ − 3t² + 1 (f(0) = 1, f′(0) = 0, f(1) = 0, f′(1) = 0).
  const knots = [[0, 1, 0], [1, 0, 0]];
  for (const t of [0, 0.1, 0.25, 0.5, 0.9, 1]) {
    const exact = (2 * t - 3) * t * t + 1;
    assert.ok(Math.abs(valueAt(knots, t) - exact) < 1e-15, 'value at ' + t);
    assert.ok(Math.abs(hermite(knots[0], knots[1], t).slope - (6 * t * t - 6 * t)) < 1e-14, 'slope at ' + t);
  }
  // Clamped outside the span; NaN without knots.
  assert.equal(valueAt(knots, -1), 1);
  assert.equal(valueAt(knots, 2), 0);
  assert.ok(Number.isNaN(valueAt([], 0.5)));
  // Several segments: the knot values are hit exactly.
  const many = [[0, 1, -1], [0.5, 0.5, -1], [1, 0, -1]];
  assert.equal(valueAt(many, 0.5), 0.5);
  assert.ok(Math.abs(valueAt(many, 0.75) - 0.25) < 1e-15);
});

test('knot paths start and end on the curve and cover a sub-range', async () => {
  const { frameMaps, knotPath } = await import('../core.mjs');
  const map = frameMaps({ left: 0, top: 0, width: 100, height: 100, lo: 0, hi: 1 });
  const knots = [[0, 1, -1], [1, 0, -1]];  // the straight line 1 − t
  assert.equal(knotPath(knots, map), 'M 0.00 0.00 C 33.33 33.33 66.67 66.67 100.00 100.00');
  assert.equal(knotPath(knots, map, 0.25, 0.5), 'M 25.00 25.00 C 33.33 33.33 41.67 41.67 50.00 50.00');
  assert.equal(knotPath([], map), '');
});

test('the preview percentage is the last step at or before t', async () => {
  const { percentageAt } = await import('../core.mjs');
  const steps = [[0, 100], [0.01, 99], [0.5, 50], [1, 0]];
  assert.equal(percentageAt(steps, 0), 100);
  assert.equal(percentageAt(steps, 0.009), 100);
  assert.equal(percentageAt(steps, 0.01), 99);
  assert.equal(percentageAt(steps, 0.75), 50);
  assert.equal(percentageAt(steps, 1), 0);
  assert.equal(percentageAt([], 0.5), null);
});

test('unit scales come from the server, identity before an answer', async () => {
  const { unitScales } = await import('../core.mjs');
  assert.deepEqual(unitScales(null),
    { tScale: 1, yScale: 1, duration: null, percent: false, days: false, unit: 't', units: 't' });
  const days = unitScales({ spec: { timeScale: 7, levelScale: 100 }, display: { durationDays: 7, percent: true } });
  assert.equal(days.tScale, 7);
  assert.equal(days.yScale, 100);
  assert.equal(days.duration, 7);
  assert.ok(days.percent && days.days);
  const shown = unitScales({ spec: { timeScale: 1, levelScale: 1 }, display: { durationDays: 10, percent: false } });
  assert.ok(!shown.days && shown.duration === 10);
  const hours = unitScales({ spec: { timeScale: 10, levelScale: 100 },
    display: { timeUnit: 'hours', duration: 10, durationDays: null, percent: true } });
  assert.equal(hours.tScale, 10);
  assert.equal(hours.duration, 10);
  assert.ok(hours.days && hours.unit === 'hour' && hours.units === 'hours');
});

test('axis steps are 1, 2, 2.5 or 5 × 10ᵏ, at least the rough step', async () => {
  const { niceStep } = await import('../core.mjs');
  assert.equal(niceStep(0.3), 0.5);
  assert.equal(niceStep(1), 1);
  assert.equal(niceStep(1.5), 2);
  assert.equal(niceStep(2.2), 2.5);
  assert.equal(niceStep(37), 50);
  assert.equal(niceStep(0), 1);
  assert.equal(niceStep(NaN), 1);
});

test('Ctrl snaps time to half days and levels to whole percents', async () => {
  const { snapDrag } = await import('../core.mjs');
  // A 7-day spec: t = 0.3 is day 2.1 → day 2 (t = 2/7); level 0.5437 → 54 %.
  const snapped = snapDrag({ t: 0.3, y: 0.5437, snap: true, timeScale: 7 });
  assert.ok(Math.abs(snapped.t * 7 - 2) < 1e-12, String(snapped.t * 7));
  assert.equal(snapped.y, 0.54);
  // Day 2.3 → day 2.5 (halves).
  assert.ok(Math.abs(snapDrag({ t: 2.3 / 7, y: 0.5, snap: true, timeScale: 7 }).t * 7 - 2.5) < 1e-12);
  // Without a duration: tenths of the period.
  assert.equal(snapDrag({ t: 0.437, y: 0.5, snap: true, timeScale: 1 }).t, 0.4);
  // No modifier: untouched.
  assert.deepEqual(snapDrag({ t: 0.437, y: 0.5437 }), { t: 0.437, y: 0.5437 });
});

test('Ctrl snaps only the axis being dragged', async () => {
  const { snapDrag } = await import('../core.mjs');
  const start = { t: 0.5, y: 0.5 };
  // Mostly vertical: the level snaps to a whole percent, the time is not pulled to a half day.
  assert.deepEqual(snapDrag({ t: 0.5137, y: 0.3004, start, snap: true, timeScale: 7 }), { t: 0.5137, y: 0.3 });
  // Mostly horizontal: the time snaps (day 3.6 → 3.5), the level follows the pointer.
  const across = snapDrag({ t: 3.6 / 7, y: 0.4937, start, snap: true, timeScale: 7 });
  assert.ok(Math.abs(across.t * 7 - 3.5) < 1e-12, String(across.t * 7));
  assert.equal(across.y, 0.4937);
});

test('Shift locks the axis the drag started along', async () => {
  const { snapDrag } = await import('../core.mjs');
  const start = { t: 0.5, y: 0.5 };
  // Mostly vertical: the time stays (the bug: a vertical drag moved a point to day 1.99937).
  assert.deepEqual(snapDrag({ t: 0.51, y: 0.3, start, axisLock: true }), { t: 0.5, y: 0.3 });
  // Mostly horizontal: the level stays.
  assert.deepEqual(snapDrag({ t: 0.7, y: 0.49, start, axisLock: true }), { t: 0.7, y: 0.5 });
  // Lock and snap together: the locked coordinate is not rounded away from where it started.
  assert.deepEqual(snapDrag({ t: 0.503, y: 0.3004, start, axisLock: true, snap: true, timeScale: 1 }),
    { t: 0.5, y: 0.3 });
});

test('levels stick to milestone lines nearby', async () => {
  const { MILESTONE_SNAP, snapDrag } = await import('../core.mjs');
  assert.equal(snapDrag({ t: 0.3, y: 0.81, milestoneLevels: [0.8] }).y, 0.8);
  assert.equal(snapDrag({ t: 0.3, y: 0.8 + MILESTONE_SNAP * 2, milestoneLevels: [0.8] }).y, 0.8 + MILESTONE_SNAP * 2);
});

test('keyboard moves: arrows, Shift, Home, End, PageUp, PageDown', async () => {
  const { keyMove } = await import('../core.mjs');
  assert.deepEqual(keyMove('ArrowUp', false, 0.5, 0.5), [0.5, 0.505]);
  assert.deepEqual(keyMove('ArrowLeft', true, 0.5, 0.5), [0.45, 0.5]);
  assert.deepEqual(keyMove('Home', false, 0.5, 0.4), [0, 0.4]);
  assert.deepEqual(keyMove('End', false, 0.5, 0.4), [1, 0.4]);
  assert.deepEqual(keyMove('PageUp', false, 0.5, 0.4), [0.5, 0.5]);
  assert.ok(Math.abs(keyMove('PageDown', false, 0.5, 0.4)[1] - 0.3) < 1e-15);
  assert.equal(keyMove('a', false, 0.5, 0.4), null);
});

test('the token comes only from the link fragment, and only as a plain token', () => {
  const token = 'ab'.repeat(32);
  assert.equal(tokenFromFragment('#token=' + token), token);
  assert.equal(tokenFromFragment('#x=1&token=' + token), token);
  assert.equal(tokenFromFragment(''), null);
  assert.equal(tokenFromFragment('#'), null);
  assert.equal(tokenFromFragment('?token=' + token), null);
  assert.equal(tokenFromFragment('#token=short'), null);
  assert.equal(tokenFromFragment('#token=' + token + '%0d%0aX-Evil:%201'), null);
  assert.equal(tokenFromFragment('#token=' + 'a'.repeat(257)), null);
  assert.equal(tokenFromFragment(undefined), null);
});

test('slopeUnits: the slope panel speaks % per day, per hour, or per period', () => {
  const days = slopeUnits({ percent: true, duration: 7, unit: 'day' });
  assert.equal(days.label, '% per day');
  assert.equal(-1.4 * days.scale, -20);  // f′ = −1.4 per week is −20 % per day
  const hours = slopeUnits({ percent: false, duration: 10, unit: 'hour' });
  assert.equal(hours.label, 'per hour');
  assert.equal(hours.scale, 0.1);
  const plain = slopeUnits({ percent: false, duration: null, unit: 't' });
  assert.equal(plain.label, 'per period');
  assert.equal(plain.scale, 1);
});

import { exactPoints, makeExact, makeWeighted, sharePayload, suggestFileName } from '../core.mjs';

test('a share link is found in pasted text; only the payload is taken, and the server judges it', () => {
  assert.equal(sharePayload('http://127.0.0.1/#spec=eyJu-_9'), 'eyJu-_9');
  assert.equal(sharePayload('look: http://127.0.0.1/#spec=abc def'), 'abc');
  assert.equal(sharePayload('#spec=abc&token=x'), 'abc');
  assert.equal(sharePayload('"http://127.0.0.1/#spec=abc"'), 'abc');
  assert.equal(sharePayload('<http://127.0.0.1/#spec=abc>'), 'abc');
  // Junk inside the payload is passed on for Swift to refuse with its position.
  assert.equal(sharePayload('#spec=ab!c'), 'ab!c');
  assert.equal(sharePayload('#spec='), null);
  assert.equal(sharePayload('http://127.0.0.1/#token=abc'), null);
  assert.equal(sharePayload('plain text'), null);
  assert.equal(sharePayload(null), null);
});

test('the suggested file name is the curve name as a bare *.curve.json', () => {
  assert.equal(suggestFileName('Weekly Habit'), 'weekly-habit.curve.json');
  assert.equal(suggestFileName('Füllstand 2'), 'fullstand-2.curve.json');
  assert.equal(suggestFileName('../../etc/passwd'), 'etc-passwd.curve.json');
  assert.equal(suggestFileName('.hidden'), 'hidden.curve.json');
  assert.equal(suggestFileName(''), 'untitled.curve.json');
  assert.equal(suggestFileName(undefined), 'untitled.curve.json');
  assert.ok(suggestFileName('x'.repeat(500)).length <= 80 + '.curve.json'.length);
});

test('exact toggles a point into a value constraint and back, in the spec\'s units', () => {
  const spec = { name: 'A', levelUnit: 'percent', points: [[1, 95], [3.5, 50], [6, 14]], weights: [1, 2, 1],
    constraints: [{ t: 7, slope: 0 }] };
  const exact = makeExact(spec, 1);
  assert.deepEqual(exact.points, [[1, 95], [6, 14]]);
  assert.equal(exact.weights, undefined, 'the remaining weights are all 1');
  assert.deepEqual(exact.constraints, [{ t: 7, slope: 0 }, { t: 3.5, value: 50 }]);
  assert.deepEqual(exactPoints(exact), [{ index: 1, t: 3.5, value: 50 }]);
  assert.deepEqual(spec.points.length, 3, 'the original is untouched');
  const back = makeWeighted(exact, 1);
  assert.deepEqual(back.points, [[1, 95], [3.5, 50], [6, 14]]);
  assert.deepEqual(back.constraints, [{ t: 7, slope: 0 }]);
  assert.equal(makeWeighted(exact, 0), null, 'a slope constraint is not a point');
  // The last constraint gone, the member goes too; a spec keeps at least one weighted point.
  const plain = { name: 'B', points: [[0.25, 0.8], [0.5, 0.5]] };
  const one = makeExact(plain, 0);
  assert.deepEqual(one, { name: 'B', points: [[0.5, 0.5]], constraints: [{ t: 0.25, value: 0.8 }] });
  assert.equal(makeExact(one, 0), null);
  assert.deepEqual(makeWeighted(one, 0), plain);
  assert.equal(makeExact(plain, 5), null);
  // The weight a point had comes back with it, when the page passes it.
  const weighted = makeWeighted(exact, 1, 2);
  assert.deepEqual(weighted.points, spec.points);
  assert.deepEqual(weighted.weights, [1, 2, 1]);
  assert.deepEqual(makeWeighted(one, 0, 3).weights, [3, 1]);
  assert.equal(makeWeighted(one, 0, -1).weights, undefined, 'a bad weight is 1');
});

test('Save as adds .curve.json to a bare name', async () => {
  const { withCurveExtension } = await import('../core.mjs');
  assert.equal(withCurveExtension('habit'), 'habit.curve.json');
  assert.equal(withCurveExtension('  habit.curve '), 'habit.curve.json');
  assert.equal(withCurveExtension('habit.curve.json'), 'habit.curve.json');
  assert.equal(withCurveExtension('habit.JSON'), 'habit.JSON');
  assert.equal(withCurveExtension('my.habit'), 'my.habit.curve.json');
  assert.equal(withCurveExtension(''), '');
});

test('roving tabindex: arrows move and wrap, Home and End go to the ends, other keys do nothing', async () => {
  const { rovingTarget } = await import('../dom.mjs');
  assert.equal(rovingTarget(3, 0, 'ArrowRight'), 1);
  assert.equal(rovingTarget(3, 2, 'ArrowDown'), 0);
  assert.equal(rovingTarget(3, 0, 'ArrowLeft'), 2);
  assert.equal(rovingTarget(3, 1, 'ArrowUp'), 0);
  assert.equal(rovingTarget(3, 1, 'Home'), 0);
  assert.equal(rovingTarget(3, 1, 'End'), 2);
  assert.equal(rovingTarget(3, 1, ' '), -1);
  assert.equal(rovingTarget(0, 0, 'ArrowRight'), -1);
});
