// node --test examples/style-dictionary/: the transforms on the token shapes `curvekit export
// --format tokens` writes (no Style Dictionary needed: the transforms are plain functions).
import test from 'node:test';
import assert from 'node:assert/strict';
import { curveKitTransforms, cubicBezierToCss, durationToCss } from './curvekit-transforms.mjs';

const [duration, bezier] = curveKitTransforms;

test('a DTCG 2025.10 duration object becomes CSS time, its number unchanged', () => {
  const token = { path: ['weekly-habit', 'duration'], $type: 'duration', $value: { value: 604800000, unit: 'ms' } };
  assert.equal(duration.filter(token), true);
  assert.equal(duration.transform(token), '604800000ms');
  assert.equal(durationToCss({ value: 2.5, unit: 's' }, 'x'), '2.5s');
  assert.equal(durationToCss({ value: 0.1 + 0.2, unit: 'ms' }, 'x'), '0.30000000000000004ms');
});

test('a string (old token files, unresolved references) passes through', () => {
  assert.equal(durationToCss('200ms', 'x'), '200ms');
  assert.equal(durationToCss('{motion.base}', 'x'), '{motion.base}');
});

test('a malformed duration names the token', () => {
  assert.throws(() => durationToCss({ value: 7, unit: 'days' }, 'a.b'), /a\.b: duration unit "days"/);
  assert.throws(() => durationToCss({ value: -1, unit: 'ms' }, 'a.b'), /a\.b: duration value -1/);
  assert.throws(() => durationToCss(42, 'a.b'), /a\.b: a duration token/);
});

test('a cubicBezier array becomes cubic-bezier(), y handles outside [0, 1] kept', () => {
  const token = { path: ['weekly-habit', 'easing'], $type: 'cubicBezier', $value: [1 / 3, -0.25, 2 / 3, 1.5] };
  assert.equal(bezier.filter(token), true);
  assert.equal(duration.filter(token), false);
  assert.equal(bezier.transform(token), `cubic-bezier(${1 / 3}, -0.25, ${2 / 3}, 1.5)`);
  assert.throws(() => cubicBezierToCss([1.5, 0, 0.5, 1], 'e'), /x1 and x2/);
  assert.throws(() => cubicBezierToCss([0, 0, 1], 'e'), /four finite numbers/);
});

test('legacy type/value spelling is read too', () => {
  assert.equal(duration.transform({ path: ['d'], type: 'duration', value: { value: 300, unit: 'ms' } }), '300ms');
});
