// motion.mjs: the animation's clock, the racers offered, and the preview over the fake DOM: the
// curve's ball and a racer's (linear, a library entry fitted by the server, another tab) looping,
// paused and scrubbed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ballPercent, motionT, racerOptions } from '../motion.mjs';
import { fakeServer, openPage, settle } from './harness.mjs';

test('the clock: 0…1 over the duration, wrapping when looping, held at the end otherwise', () => {
  assert.equal(motionT(300, 600, true), 0.5);
  assert.equal(motionT(900, 600, true), 0.5);
  assert.equal(motionT(900, 600, false), 1);
  assert.equal(motionT(-5, 600, true), 0);
  assert.equal(motionT(100, 0, true), 0);
  assert.equal(ballPercent(0.12345), 12.35);
  assert.equal(ballPercent(1.1), 110, 'an overshoot shows past the end');
  assert.equal(ballPercent(NaN), 0);
});

test('racers: linear, every library entry by group, and the other tabs', () => {
  const state = { presets: [{ id: 'css-ease', name: 'ease', group: 'CSS' }, { id: 'x', name: 'X' }], active: 0,
    docs: [{ index: 0, name: 'a', spec: { name: 'A' } }, { index: 3, name: 'b.curve.json', spec: null }] };
  assert.deepEqual(racerOptions(state), [{ value: 'linear', label: 'linear' }, { value: 'preset:css-ease', label: 'CSS ease' },
    { value: 'preset:x', label: 'X' }, { value: 'tab:3', label: 'tab: b.curve.json' }]);
});

const SPEC = { name: 'Habit', points: [[0.25, 0.8], [0.5, 0.5], [0.75, 0.2]], degree: 3 };

test('the balls: the curve and its racer over the chosen ms, looping, scrubbed, paused', async () => {
  const presets = [{ id: 'line', name: 'Line', group: 'Article', spec: { points: [[0.5, 0.5]], degree: 1 } }];
  const server = fakeServer([{ name: 'habit.curve.json', spec: JSON.parse(JSON.stringify(SPEC)) },
    { name: 'other.curve.json', spec: Object.assign({}, SPEC, { name: 'Other' }) }], { presets });
  const h = await openPage(server);
  const labels = h.$('racer').querySelectorAll('option').map((o) => o.textContent);
  assert.deepEqual(labels, ['linear', 'Article Line', 'tab: other.curve.json']);
  // Scrubbed to the middle: the fake fit is the line 1 − t, so both balls are half way.
  h.$('motion-scrub').value = '500';
  await h.$('motion-scrub').fire('input');
  assert.equal(h.$('ball-main').style.left, '50%');
  assert.equal(h.$('ball-racer').style.left, '50%');
  assert.equal(h.$('motion-time').textContent, '300 ms');
  // Played: the frames move both, and the loop wraps.
  await h.$('motion-play').click();
  assert.equal(h.$('motion-play').textContent, '❚❚');
  h.tick(450);
  await h.runFrames(1);
  assert.ok(Number(h.$('motion-scrub').value) < 500, 'wrapped past the end: ' + h.$('motion-scrub').value);
  await h.$('motion-play').click();
  assert.equal(h.$('motion-play').textContent, '▶');
  // A library entry is fitted by the server for the race; another tab too.
  h.$('racer').value = 'preset:line';
  await h.$('racer').fire('change');
  await settle();
  assert.ok(server.log.some((line) => line.startsWith('POST /api/fit')));
  h.$('motion-scrub').value = '250';
  await h.$('motion-scrub').fire('input');
  assert.equal(h.$('ball-racer').style.left, '25%');
  h.$('racer').value = 'tab:1';
  await h.$('racer').fire('change');
  await settle();
  assert.equal(h.$('ball-racer').hidden, true, 'a tab not loaded yet has no curve to race');
  await h.document.querySelectorAll('#tabs [role=tab]')[1].click();
  await h.runFrames();
  await h.document.querySelectorAll('#tabs [role=tab]')[0].click();
  await h.runFrames();
  await h.$('racer').fire('change');
  await settle();
  assert.equal(h.$('ball-racer').hidden, false, 'the other tab, loaded, races');
  // Without looping, the animation stops at its end.
  h.$('motion-loop').checked = false;
  await h.$('motion-play').click();
  h.tick(2000);
  await h.runFrames(2);
  assert.equal(h.$('motion-play').textContent, '▶');
  assert.equal(h.$('motion-scrub').value, '1000');
});
