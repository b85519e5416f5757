// The page's side of issue 32 under node --test: no stale or stand-in code to copy, keys that act
// only on what has focus, one Tab stop per radio group, and the small ones (Cancel of the duration
// question, Save as of a bare name, no polling of a file not created yet).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeServer, openPage, settle } from './harness.mjs';

const SPEC = { name: 'Habit', points: [[0.25, 0.8], [0.5, 0.5], [0.75, 0.2]], degree: 3 };
const spec = (extra) => Object.assign(JSON.parse(JSON.stringify(SPEC)), extra || {});
const two = () => fakeServer([{ name: 'habit.curve.json', spec: spec() },
  { name: 'other.curve.json', spec: spec({ name: 'Other', degree: 2 }) }]);

test('Copy is off while the panel shows another tab\'s code, and back once this tab\'s arrives', async () => {
  const h = await openPage(two());
  await h.runTimers(250);
  assert.equal(h.$('copy').disabled, false);
  assert.equal(h.$('code').textContent, '// swift');
  await h.document.querySelectorAll('#tabs [role=tab]')[1].click();
  assert.equal(h.$('copy').disabled, true, 'right after the switch: the code shown is the first tab\'s');
  assert.match(h.$('code').textContent, /^\/\/ not shipped: the (curve is being fitted|code is being generated)/);
  await h.$('copy').click();
  assert.deepEqual(h.copied, [], 'nothing copied');
  await h.runFrames();
  assert.equal(h.$('copy').disabled, true, 'fitted, the code still on its way');
  await h.runTimers(250);
  assert.equal(h.$('copy').disabled, false);
  await h.$('copy').click();
  assert.deepEqual(h.copied, ['// swift']);
  // An edit: the code shown is the spec's before it, until the refit and the new code.
  h.$('degree').value = '5';
  await h.$('degree').fire('change');
  assert.equal(h.$('copy').disabled, true);
  assert.equal(h.$('code').classList.contains('stale'), true);
  await h.runFrames();
  await h.runTimers(250);
  assert.equal(h.$('copy').disabled, false);
  assert.equal(h.$('code').classList.contains('stale'), false);
});

test('a file that did not load offers no code for its stand-in', async () => {
  const server = fakeServer([{ name: 'broken.curve.json', text: '{"points": [[0.5, 0.5]],' }]);
  const h = await openPage(server);
  await h.runTimers(250);
  await h.runFrames();
  await h.runTimers(250);
  assert.equal(h.$('broken').hidden, false);
  assert.equal(h.$('copy').disabled, true);
  assert.equal(h.$('code').textContent, '// not shipped: the file did not load: fix it first');
  assert.equal(h.$('copy').title, 'Nothing to copy: the file did not load: fix it first');
  await h.document.querySelector('[data-format=css]').click();
  assert.equal(h.$('code').textContent, '/* not shipped: the file did not load: fix it first */');
  assert.equal(h.$('copy').disabled, true);
});

test('Backspace deletes the selected point only when nothing else has focus', async () => {
  const h = await openPage(two());
  h.ctx.input.select(1, false);
  await h.document.fire('keydown', { key: 'Backspace', target: h.$('save-as') });
  assert.equal(h.doc().spec.points.length, 3, 'a button has focus: nothing deleted');
  await h.document.fire('keydown', { key: 'Delete', target: h.document.querySelector('#points input') });
  assert.equal(h.doc().spec.points.length, 3, 'a field has focus');
  const body = await h.document.fire('keydown', { key: 'Backspace', target: h.document.body });
  assert.equal(body.defaultPrevented, true);
  assert.equal(h.doc().spec.points.length, 2);
});

test('Space on a point\'s exact box keeps the focus on that point, both ways', async () => {
  const h = await openPage(two());
  const box = h.document.querySelectorAll('#points [data-part=exact]')[0];
  box.focus();
  box.checked = true;
  await box.fire('change');
  const focused = h.document.activeElement;
  assert.equal(focused.getAttribute('aria-label'), 'Exact point 1 exact', 'the box of the point made exact');
  assert.deepEqual(h.doc().spec.constraints, [{ t: 0.25, value: 0.8 }]);
  focused.checked = false;
  await focused.fire('change');
  assert.equal(h.document.activeElement.getAttribute('aria-label'), 'Point 1 exact', 'back in the points, at its time');
  assert.deepEqual(h.doc().spec.points[0], [0.25, 0.8]);
});

test('the skip link goes to the first point; radio groups and tab lists have one Tab stop', async () => {
  const h = await openPage(two());
  const event = await h.$('skip').fire('click');
  assert.equal(event.defaultPrevented, true);
  assert.equal(h.document.activeElement, h.document.querySelector('.handle'));
  for (const group of ['#policy', '#time-unit', '#level-unit', '#tabs', '#formats']) {
    const stops = h.document.querySelectorAll(group + ' [tabindex="0"]');
    assert.equal(stops.length, 1, group);
  }
  const formats = h.document.querySelectorAll('[data-format]');
  await h.$('formats').fire('keydown', { key: 'End', target: formats[0] });
  assert.equal(h.document.querySelector('[data-format=typescript]').getAttribute('aria-selected'), 'true');
  assert.equal(h.document.activeElement, h.document.querySelector('[data-format=typescript]'));
  const ignored = await h.$('formats').fire('keydown', { key: 'ArrowRight', target: h.$('copy') });
  assert.equal(ignored.defaultPrevented, false, 'not one of the group\'s items');
});

test('Cancel of the duration question changes nothing; a refusal clears with the next edit', async () => {
  const server = fakeServer([{ name: 'habit.curve.json', spec: spec({ timeUnit: 'hours', duration: 24,
    points: [[6, 0.8], [12, 0.5], [18, 0.2]] }) }]);
  const h = await openPage(server, { confirm: false });
  h.$('duration').value = '10';
  await h.$('duration').fire('change');
  assert.equal(h.doc().spec.duration, 24, 'the period as it was');
  assert.equal(h.$('duration').value, '24', 'the field shows it again');
  assert.deepEqual(h.doc().spec.points, [[6, 0.8], [12, 0.5], [18, 0.2]]);
  await h.document.querySelector('#time-unit [data-unit=weeks]').click();
  assert.equal(h.$('status').textContent, 'Units not changed: weeks are refused here');
  h.$('degree').value = '2';
  await h.$('degree').fire('change');
  assert.equal(h.$('status').textContent, '', 'the refusal is stale after an edit');
});

test('Save as of a bare name adds .curve.json; a file not created yet is not polled', async () => {
  const server = fakeServer([{ name: 'new.curve.json', missing: true }]);
  const h = await openPage(server);
  assert.equal(h.doc().exists, false);
  const before = server.log.filter((line) => line.startsWith('GET /api/spec')).length;
  await h.runTimers(1000);
  await h.runTimers(1000);
  assert.equal(server.log.filter((line) => line.startsWith('GET /api/spec')).length, before, 'no 404s');
  const saving = h.$('save-as').click();
  await settle();
  h.$('ask-input').value = 'habit';
  await h.$('ask-form').fire('submit');
  await saving;
  assert.equal(h.doc().name, 'habit.curve.json');
  assert.equal(server.files[0].name, 'habit.curve.json');
});
