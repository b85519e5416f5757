// The page's modules together (page.mjs and every view) over the fake DOM and a fake server
// (harness.mjs): what the controls send and what the page draws from the answers, as the browser
// suite (scripts/studio/browser_test.py) checks in Chromium. The files: documents.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { frameMaps, knotPath } from '../core.mjs';
import { LINE, fakeServer, openPage } from './harness.mjs';

const SPEC = { name: 'Habit', points: [[0.25, 0.8], [0.5, 0.5], [0.75, 0.2]], degree: 3 };
const spec = (extra) => Object.assign(JSON.parse(JSON.stringify(SPEC)), extra || {});
const two = () => fakeServer([{ name: 'habit.curve.json', spec: spec() }, { name: 'other.curve.json', spec: spec({ name: 'Other' }) }]);

test('start: the session, the first file loaded, fitted and drawn from the answer', async () => {
  const h = await openPage(two());
  assert.equal(h.hook.ready, true);
  assert.equal(h.hook.active, 0);
  assert.equal(h.hook.docs.length, 2);
  assert.equal(h.hook.metrics.fitsDone >= 1, true);
  assert.equal(h.hook.pendingMoves.length, 0);
  assert.equal(h.document.querySelectorAll('.handle').length, 3);
  const d = h.document.querySelector('[data-testid=curve]').getAttribute('d');
  assert.equal(d, knotPath(LINE, frameMaps(h.hook.frames.main)));
  assert.equal(h.$('verdict').textContent, '✓ Never rises');
  assert.equal(h.document.querySelectorAll('#tabs [role=tab]').length, 2);
  assert.equal(h.$('compare-toggle').hidden, false);
  assert.equal(h.$('name').value, 'Habit');
  assert.equal(h.$('degree').value, '3');
  assert.equal(h.$('preset').querySelectorAll('option').length, 2);
  assert.equal(h.$('stats').children.length, 4);
  assert.equal(h.document.querySelectorAll('#points tr').length, 3);
  assert.equal(h.document.title, 'habit.curve.json — CurveKit Studio');
  assert.equal(h.$('undo').disabled, true);
  // The level axis in quarters, the time ticks the server sent.
  assert.deepEqual(h.document.querySelectorAll('.tick').slice(0, 5).map((t) => t.textContent), ['0', '0.25', '0.5', '0.75', '1']);
  await h.runTimers(250);
  assert.equal(h.$('code').textContent, '// swift', 'the export follows the fit');
});

test('without a token the page says how to get one, and starts nothing else', async () => {
  const server = fakeServer([], { session: 401 });
  const h = await openPage(server);
  assert.match(h.$('status').textContent, /^Not authorized/);
  assert.equal(h.hook.docs.length, 0);
});

test('without a spec: a new unsaved curve, or a scratch pad when the server makes none', async () => {
  const fresh = await openPage(fakeServer([]));
  assert.equal(fresh.doc().unsaved, true);
  assert.equal(fresh.$('status').textContent, 'Not saved yet: Save asks for a file name');
  assert.match(fresh.$('tabs').textContent, /unsaved/);
  const scratch = await openPage(fakeServer([], { blank: 500 }));
  assert.equal(scratch.doc().scratch, true);
  assert.equal(scratch.$('save').disabled, true);
  assert.equal(scratch.$('status').textContent, 'Scratch pad: nothing is saved');
});

test('the side panel edits the spec, one undo step each', async () => {
  const h = await openPage(two());
  const set = async (id, value, event = 'change') => {
    h.$(id).value = value;
    await h.$(id).fire(event);
    await h.runFrames();
  };
  await set('name', 'Renamed');
  await set('degree', '2');
  await set('min-slope', '0.5');
  await set('min-slope', ' ');
  h.$('endpoints').checked = false;
  await h.$('endpoints').fire('change');
  await h.document.querySelector('#policy [data-policy=ignore]').click();
  // Roving tabindex: the arrows pick within the group (the event reaches the group's listener).
  const policyKey = (from, key) => h.$('policy').fire('keydown', { key,
    target: h.document.querySelector('#policy [data-policy=' + from + ']') });
  await policyKey('ignore', 'ArrowRight');
  assert.equal(h.doc().spec.monotonic, undefined, 'ignore → require (wrapping)');
  assert.equal(h.document.querySelector('#policy [data-policy=require]').getAttribute('tabindex'), '0');
  assert.equal(h.document.querySelector('#policy [data-policy=ignore]').getAttribute('tabindex'), '-1');
  assert.equal(h.document.activeElement, h.document.querySelector('#policy [data-policy=require]'));
  await policyKey('require', 'ArrowLeft');
  await policyKey('ignore', 'x');
  await h.runFrames();
  let s = h.doc().spec;
  assert.deepEqual([s.name, s.degree, s.minSlope, s.endpoints, s.monotonic], ['Renamed', 2, undefined, false, 'ignore']);
  assert.equal(h.$('constraints').textContent, 'No endpoint constraints: the curve may start and end anywhere.');
  assert.match(h.document.title, /^● /, 'dirty');
  assert.equal(h.document.querySelectorAll('#policy [aria-checked=true]')[0].dataset.policy, 'ignore');
  // Table cells: a time, a weight, and a weight back to 1.
  const cells = h.document.querySelectorAll('#points input');
  cells[0].value = '0.3';
  await cells[0].fire('change');
  cells[2].value = '2';
  await cells[2].fire('change');
  assert.deepEqual(h.doc().spec.weights, [2, 1, 1]);
  cells[2].value = '';
  await cells[2].fire('change');
  assert.equal(h.doc().spec.weights, undefined);
  assert.equal(h.doc().spec.points[0][0], 0.3);
  const steps = h.doc().past.length;
  await h.$('undo').click();
  await h.$('undo').click();
  await h.$('redo').click();
  assert.equal(h.doc().past.length, steps - 1);
  await h.document.fire('keydown', { key: 'z', ctrlKey: true, shiftKey: false, target: h.document.body });
  await h.document.fire('keydown', { key: 'y', ctrlKey: true, target: h.document.body });
  await h.document.fire('keydown', { key: 'Z', metaKey: true, shiftKey: true, target: h.document.body });
  assert.equal(h.doc().past.length, steps, 'Shift-⌘Z redid the step undone first');
  // The × of a row deletes its point; Delete deletes the selected one outside text fields.
  await h.document.querySelectorAll('#points button')[2].click();
  assert.equal(h.doc().spec.points.length, 2);
  await h.document.querySelectorAll('#points input')[1].fire('focus');
  assert.equal(h.hook.selected, 0);
  await h.document.fire('keydown', { key: 'Delete', target: h.$('plot') });
  assert.equal(h.doc().spec.points.length, 1);
  await h.document.fire('keydown', { key: 'Delete', target: h.$('plot') });
  assert.equal(h.doc().spec.points.length, 1, 'the last point stays');
});

test('exact points: made exact from the table, edited, dragged, made weighted again, deleted', async () => {
  const h = await openPage(two());
  const toggle = () => h.document.querySelectorAll('#points input[data-part=exact]');
  toggle()[1].checked = true;
  await toggle()[1].fire('change');
  assert.deepEqual(h.doc().spec.constraints, [{ t: 0.5, value: 0.5 }]);
  assert.equal(h.document.querySelectorAll('.exact-marker').length, 1);
  const row = () => h.document.querySelectorAll('#exact-points input');
  row()[0].value = '0.6';
  await row()[0].fire('change');
  row()[1].value = 'x';
  await row()[1].fire('change');
  assert.deepEqual(h.doc().spec.constraints, [{ t: 0.6, value: 0.5 }]);
  const hit = h.document.querySelector('.exact-hit');
  const map = frameMaps(h.hook.frames.main);
  await hit.fire('pointerdown', { pointerId: 3 });
  await h.$('plot').fire('pointermove', { pointerId: 3, clientX: map.x(0.7), clientY: map.y(0.4), timeStamp: 990 });
  await h.$('plot').fire('pointerup', { pointerId: 3 });
  await h.runFrames();
  assert.deepEqual(h.doc().spec.constraints, [{ t: 0.7, value: 0.4 }]);
  await row()[2].fire('change');
  assert.equal(h.doc().spec.constraints, undefined);
  assert.equal(h.doc().spec.points.length, 3);
  toggle()[0].checked = true;
  await toggle()[0].fire('change');
  await h.document.querySelector('#exact-points button').click();
  assert.equal(h.doc().spec.constraints, undefined);
  assert.equal(h.doc().spec.points.length, 2);
  await toggle()[0].fire('change');
  await toggle()[0].fire('change');
  assert.equal(h.doc().spec.points.length, 1);
  await toggle()[0].fire('change');
  assert.match(h.$('status').textContent, /at least one weighted point/);
});

test('the plot: a drag moves a point (one undo step, timed), keys nudge it, a double-click adds one', async () => {
  const h = await openPage(two());
  const handle = h.document.querySelectorAll('.handle')[1];
  const map = frameMaps(h.hook.frames.main);
  await handle.fire('pointerdown', { pointerId: 1 });
  assert.equal(h.document.activeElement, handle);
  for (const [t, y] of [[0.5, 0.6], [0.55, 0.65]]) {
    await h.$('plot').fire('pointermove', { pointerId: 1, clientX: map.x(t), clientY: map.y(y), timeStamp: 995 });
  }
  await h.$('plot').fire('pointermove', { pointerId: 2, clientX: 0, clientY: 0 });
  assert.equal(h.$('plot').querySelector('.readout-tip').getAttribute('visibility'), 'visible');
  await h.$('plot').fire('pointerup', { pointerId: 1 });
  await h.runFrames();
  assert.deepEqual(h.doc().spec.points[1], [0.55, 0.65]);
  assert.equal(h.doc().past.length, 1);
  assert.ok(h.hook.metrics.moves.length >= 2, 'each move timed to its redraw');
  assert.ok(h.hook.metrics.dispatch.length === 2);
  // A click without a move changes nothing, not even the history.
  await handle.fire('pointerdown', { pointerId: 4 });
  await h.$('plot').fire('pointerup', { pointerId: 4 });
  assert.equal(h.doc().past.length, 1);
  await handle.fire('keydown', { key: 'ArrowUp', shiftKey: true });
  assert.deepEqual(h.doc().spec.points[1], [0.55, 0.7]);
  await handle.fire('keydown', { key: 'q' });
  await handle.fire('keydown', { key: 'Delete' });
  await h.runFrames();
  assert.equal(h.doc().spec.points.length, 2);
  await h.$('plot').fire('dblclick', { clientX: map.x(0.9), clientY: map.y(0.1), target: h.$('plot') });
  await h.$('plot').fire('dblclick', { clientX: 2, clientY: 2, target: h.$('plot') });
  await h.$('plot').fire('dblclick', { target: handle });
  assert.deepEqual(h.doc().spec.points.map((p) => p[0]), [0.25, 0.75, 0.9]);
  await h.$('add-point').click();
  assert.deepEqual(h.doc().spec.points.map((p) => p[0]), [0.25, 0.5, 0.75, 0.9], 'in the widest gap, on the curve');
  assert.equal(h.doc().spec.points[1][1], 0.5);
  await h.$('plot').fire('pointerdown', { target: h.$('plot') });
  assert.equal(h.hook.selected, -1);
});

test('milestones: added, dragged, nudged by keys, edited in the list, deleted', async () => {
  const h = await openPage(two());
  await h.$('add-milestone').click();
  await h.runFrames();
  assert.deepEqual(h.doc().spec.milestones, [{ until: 0.25, atLeast: 0.8 }]);
  assert.match(h.document.querySelector('[data-milestone="0"] text').textContent, /^≥ 0.8 until t 0.25 ✗$/);
  const grip = () => h.document.querySelector('.grip');
  const map = frameMaps(h.hook.frames.main);
  await grip().fire('pointerdown', { pointerId: 7 });
  await h.$('plot').fire('pointermove', { pointerId: 7, clientX: map.x(0.1), clientY: map.y(0.9) });
  await h.$('plot').fire('pointerup', { pointerId: 7 });
  assert.equal(h.doc().spec.milestones[0].atLeast, 0.9);
  await h.document.querySelector('.end').fire('pointerdown', { pointerId: 8 });
  await h.$('plot').fire('pointermove', { pointerId: 8, clientX: map.x(0.5), clientY: 0 });
  await h.$('plot').fire('pointerup', { pointerId: 8 });
  assert.equal(h.doc().spec.milestones[0].until, 0.5);
  await grip().fire('keydown', { key: 'ArrowDown' });
  await h.document.querySelector('.end').fire('keydown', { key: 'ArrowRight', shiftKey: true });
  await grip().fire('keydown', { key: 'Tab' });
  assert.deepEqual(h.doc().spec.milestones[0], { until: 0.55, atLeast: 0.895 });
  // A dragged point sticks to the milestone's level.
  const handle = h.document.querySelectorAll('.handle')[0];
  await handle.fire('pointerdown', { pointerId: 9 });
  await h.$('plot').fire('pointermove', { pointerId: 9, clientX: map.x(0.25), clientY: map.y(0.89) });
  await h.$('plot').fire('pointerup', { pointerId: 9 });
  assert.equal(h.doc().spec.points[0][1], 0.895);
  const [kind, level, time] = h.document.querySelectorAll('#milestones .milestone-row select, #milestones .milestone-row input');
  kind.value = 'from';
  level.value = '0.3';
  time.value = '0.6';
  await kind.fire('change');
  assert.deepEqual(h.doc().spec.milestones[0], { from: 0.6, atMost: 0.3 });
  await h.document.querySelector('#milestones button').click();
  assert.deepEqual(h.doc().spec.milestones, []);
  assert.match(h.$('milestones').textContent, /^None\./);
  await h.$('add-milestone').click();
  await h.document.querySelector('.grip').fire('keydown', { key: 'Delete' });
  assert.deepEqual(h.doc().spec.milestones, []);
});

test('a rising fit shows where, the enforce overlay, and Use enforce; a refused spec marks its field', async () => {
  const h = await openPage(two());
  h.$('degree').value = '4';
  await h.$('degree').fire('change');
  await h.runFrames();
  assert.equal(h.$('verdict').textContent, '✗ Rises: t 0.2–0.4');
  assert.equal(h.$('overlay-note').hidden, false);
  assert.notEqual(h.document.querySelector('.enforce-curve').getAttribute('d'), '');
  assert.equal(h.document.querySelectorAll('.halo').length, 1);
  await h.$('use-enforce').click();
  await h.runFrames();
  assert.equal(h.doc().spec.monotonic, 'enforce');
  assert.equal(h.$('overlay-note').hidden, true);
  h.$('degree').value = '9';
  await h.$('degree').fire('change');
  await h.runFrames();
  assert.equal(h.$('verdict').textContent, '⚠ Cannot fit');
  assert.equal(h.document.querySelectorAll('.handle')[1].classList.contains('invalid'), true);
  assert.equal(h.document.querySelectorAll('#points input')[5].classList.contains('invalid'), true);
  assert.equal(h.document.querySelector('[data-testid=curve]').classList.contains('failed'), true);
  await h.runTimers(250);
  assert.match(h.$('code').textContent, /^\/\/ not shipped: the spec does not fit/);
  assert.equal(h.$('copy').disabled, true);
  await h.$('copy').click();
  assert.deepEqual(h.copied, []);
});

test('export: the formats, the rounded easing, and Copy of what ships', async () => {
  const h = await openPage(two());
  await h.runTimers(250);
  await h.document.querySelector('[data-format=css]').click();
  assert.equal(h.$('code').textContent, 'cubic-bezier(exact)');
  assert.equal(h.$('precision-label').hidden, false);
  h.$('precision').value = '3';
  await h.$('precision').fire('change');
  assert.equal(h.$('code').textContent, 'cubic-bezier(rounded)');
  await h.$('copy').click();
  assert.deepEqual(h.copied, ['cubic-bezier(rounded)']);
  assert.equal(h.hook.copied, 'cubic-bezier(rounded)');
  assert.equal(h.$('copy').textContent, 'Copied ✓');
  await h.runTimers(1200);
  assert.equal(h.$('copy').textContent, 'Copy');
  await h.document.querySelector('[data-format=typescript]').click();
  assert.equal(h.$('copy').disabled, true, 'a language not generated is not copyable');
  assert.equal(h.$('code-notes').textContent, 'n');
});

test('the preview plays, scrubs, changes speed, and marks the plot', async () => {
  const h = await openPage(two());
  h.$('scrub').value = '500';
  await h.$('scrub').fire('input');
  assert.equal(h.hook.preview.t, 0.5);
  assert.equal(h.$('widget-percent').textContent, '50 %');
  assert.equal(h.$('widget-time').textContent, 't 0.5');
  assert.equal(h.document.querySelector('.marker-dot').getAttribute('visibility'), 'visible');
  h.$('speed').value = '4';
  await h.$('speed').fire('change');
  await h.$('play').click();
  assert.equal(h.$('play').textContent, '❚❚');
  h.tick(500);
  await h.runFrames(1);
  assert.ok(h.hook.preview.t > 0.5);
  await h.runFrames(200);
  assert.equal(h.hook.preview.t, 1);
  assert.equal(h.hook.preview.playing, false);
  await h.document.fire('keydown', { key: 'p', target: h.document.body });
  assert.equal(h.hook.preview.playing, true, 'P plays again, from the start');
  assert.ok(h.hook.preview.t < 0.1);
});

test('the debug hook reads live and resets the figures', async () => {
  const h = await openPage(two());
  assert.ok(h.hook.metrics.fits.length >= 1);
  h.hook.resetMetrics();
  assert.deepEqual(h.hook.metrics.fits, []);
  assert.deepEqual(Object.keys(h.hook.features), ['units', 'milestones']);
  assert.equal(h.page.anyDirty(), false);
  h.$('name').value = 'x';
  await h.$('name').fire('change');
  assert.equal(h.page.anyDirty(), true);
});
