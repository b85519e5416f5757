// Unit tests of the studio page's pure logic: `node --test Sources/CurveStudio/Assets/studio/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_KEY_ORDER, HISTORY_LIMIT, RECONNECT, canonicalJSON, checkpoint, clamp, dropCheckpoint, frameMaps,
  insideFrame, nearestHandle, newHistory, nextDelay, redo, undo,
} from './core.mjs';

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

test('hit testing finds the nearest handle within a 44 px target, the top one on ties', () => {
  const handles = [{ x: 100, y: 100 }, { x: 130, y: 100 }, { x: 130, y: 100 }];
  assert.equal(nearestHandle(handles, 101, 99), 0);
  assert.equal(nearestHandle(handles, 128, 100), 2);
  assert.equal(nearestHandle(handles, 100, 121), 0);
  assert.equal(nearestHandle(handles, 100, 123), -1);
  assert.equal(nearestHandle([], 0, 0), -1);
  assert.equal(nearestHandle(handles, 100, 110, 5), -1);
});

test('clamp', () => {
  assert.equal(clamp(2, 0, 1), 1);
  assert.equal(clamp(-1, 0, 1), 0);
  assert.equal(clamp(0.5, 0, 1), 0.5);
});
