// The documents over the fake DOM and a fake server (harness.mjs): Save, Save as…, conflicts,
// watching the file, tabs and Compare, share links, broken files, and the server's conversions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeServer, openPage, settle } from './harness.mjs';

const SPEC = { name: 'Habit', points: [[0.25, 0.8], [0.5, 0.5], [0.75, 0.2]], degree: 3 };
const spec = (extra) => Object.assign(JSON.parse(JSON.stringify(SPEC)), extra || {});
const two = () => fakeServer([{ name: 'habit.curve.json', spec: spec() }, { name: 'other.curve.json', spec: spec({ name: 'Other' }) }]);

test('Save writes the file with its ETag; a conflict shows the banner; keep mine, or load theirs', async () => {
  const server = two();
  const h = await openPage(server);
  h.$('name').value = 'Saved';
  await h.$('name').fire('change');
  await h.$('save').click();
  await settle();
  assert.equal(server.files[0].spec.name, 'Saved');
  assert.match(h.$('status').textContent, /^Saved /);
  assert.doesNotMatch(h.document.title, /^●/);
  // Someone else writes the file: the next save is refused and the banner offers both.
  server.files[0].etag = '"elsewhere"';
  server.files[0].spec = spec({ name: 'Theirs' });
  h.$('name').value = 'Mine';
  await h.$('name').fire('change');
  await h.document.fire('keydown', { key: 's', ctrlKey: true, target: h.document.body });
  await settle();
  assert.equal(h.$('banner').hidden, false);
  assert.match(h.$('banner-text').textContent, /changed on disk since you loaded it/);
  assert.equal(h.$('status').textContent, 'Not saved: conflict');
  await h.$('banner-mine').click();
  await settle();
  assert.equal(h.$('banner').hidden, true);
  await h.$('save').click();
  await settle();
  assert.equal(server.files[0].spec.name, 'Mine');
  server.files[0].etag = '"again"';
  server.files[0].spec = spec({ name: 'Theirs' });
  h.$('name').value = 'Mine again';
  await h.$('name').fire('change');
  await h.runTimers(1000);
  assert.match(h.$('banner-text').textContent, /changed on disk while you were editing/);
  await h.$('banner-theirs').click();
  await settle();
  assert.equal(h.doc().spec.name, 'Theirs');
  assert.equal(h.$('status').textContent, 'Loaded the file from disk');
  h.$('name').value = 'Refused';
  await h.$('name').fire('change');
  await h.$('save').click();
  await settle();
  assert.equal(h.$('status').textContent, 'Not saved: this name is refused');
});

test('watching the file: an unedited tab reloads, a deleted file says so', async () => {
  const server = two();
  const h = await openPage(server);
  server.files[0].etag = '"new"';
  server.files[0].spec = spec({ name: 'From disk' });
  await h.runTimers(1000);
  await h.runFrames();
  assert.equal(h.doc().spec.name, 'From disk');
  assert.equal(h.$('status').textContent, 'Reloaded: the file changed on disk');
  await h.$('undo').click();
  assert.equal(h.doc().spec.name, 'Habit', 'the reload is one undo step');
  server.files[0].missing = true;
  await h.runTimers(1000);
  assert.equal(h.$('status').textContent, 'The file was deleted on disk; Save writes it again');
  await h.document.fire('visibilitychange');
  await settle();
});

test('tabs: switching loads and fits the other file; Compare overlays the others', async () => {
  const h = await openPage(two());
  await h.document.querySelectorAll('#tabs [role=tab]')[1].click();
  await h.runFrames();
  assert.equal(h.hook.active, 1);
  assert.equal(h.$('name').value, 'Other');
  h.$('compare').checked = true;
  await h.$('compare').fire('change');
  await settle();
  assert.equal(h.$('legend').hidden, false);
  assert.deepEqual(h.$('legend').children.map((c) => c.textContent), ['Other', 'Habit']);
  assert.equal(h.document.querySelectorAll('.compare-curve').length, 2);
  h.$('compare').checked = false;
  await h.$('compare').fire('change');
  assert.equal(h.$('legend').hidden, true);
});

test('new curves and share links open unsaved tabs; Save as names the file, and a taken name is said', async () => {
  const server = two();
  const h = await openPage(server);
  await h.$('new-curve').click();
  await h.runFrames();
  assert.equal(h.hook.docs.length, 3);
  assert.equal(h.doc().unsaved, true);
  assert.equal(h.$('save').title, 'Save (Ctrl/⌘ S): asks for a file name');
  const saving = h.$('save').click();
  await settle();
  assert.equal(h.$('ask').open, true);
  assert.equal(h.$('ask-input').value, 'untitled.curve.json', 'suggested from the curve name');
  h.$('ask-input').value = 'taken.curve.json';
  await h.$('ask-form').fire('submit');
  assert.equal(h.$('ask-error').textContent, 'exists (the name)');
  h.$('ask-input').value = 'mine.curve.json';
  await h.$('ask-form').fire('submit');
  await saving;
  assert.equal(h.$('ask').open, false);
  assert.equal(h.doc().name, 'mine.curve.json');
  assert.equal(h.doc().unsaved, false);
  assert.equal(h.$('status').textContent, 'Saved as mine.curve.json');
  // Save as… on a saved tab, cancelled.
  const cancelled = h.$('save-as').click();
  await settle();
  await h.$('ask-cancel').click();
  await cancelled;
  assert.equal(h.$('ask').open, false);
  // A pasted link opens a tab; a bad one says why, and text fields keep their paste.
  const paste = (text, target = h.document.body) => h.document.fire('paste',
    { target, clipboardData: { getData: () => text } });
  await paste('see http://127.0.0.1/#spec=GOOD !');
  await h.runFrames();
  assert.equal(h.doc().name, 'Shared');
  await paste('http://127.0.0.1/#spec=BAD');
  assert.equal(h.$('status').textContent, 'Link not opened: not a link');
  const count = h.hook.docs.length;
  await paste('http://127.0.0.1/#spec=GOOD', h.$('name'));
  await paste('no link here');
  assert.equal(h.hook.docs.length, count);
  const opening = h.$('open-link').click();
  await settle();
  h.$('ask-input').value = 'junk';
  await h.$('ask-form').fire('submit');
  assert.equal(h.$('ask-error').textContent, 'not a link');
  h.$('ask-input').value = 'GOOD';
  await h.$('ask-form').fire('submit');
  await opening;
  assert.equal(h.hook.docs.length, count + 1);
});

test('a file that did not load: a placeholder that cannot be saved, fixed here, or replaced on a second ask', async () => {
  const server = fakeServer([{ name: 'broken.curve.json', text: '{"points": [[0.5, 0.5]],' },
    { name: 'other.curve.json', text: 'nope' }]);
  const h = await openPage(server);
  assert.equal(h.$('broken').hidden, false);
  assert.equal(h.$('broken-text').value, '{"points": [[0.5, 0.5]],');
  assert.match(h.$('verdict').textContent, /^⚠ Placeholder/);
  assert.equal(h.$('save').disabled, true);
  await h.document.fire('keydown', { key: 's', ctrlKey: true, target: h.document.body });
  assert.match(h.$('status').textContent, /did not load; fix its text first/);
  await h.$('broken-use').click();
  assert.equal(h.$('broken-error').textContent, 'Not saved: unexpected end of input (broken.curve.json:1:26)',
    'the server reader\'s verdict, line:column included');
  assert.deepEqual(JSON.parse(JSON.stringify(server.log)).filter((l) => l.startsWith('PUT')).length, 1);
  h.$('broken-text').value = '{"points": 3}';
  await h.$('broken-use').click();
  assert.equal(h.$('broken-error').textContent, 'Not saved: the points: expected an array');
  h.$('broken-text').value = '{"points": [[0.5, 0.4]]}';
  await h.$('broken-use').click();
  await h.runFrames();
  assert.equal(h.$('broken').hidden, true);
  assert.equal(h.$('status').textContent, 'Saved the fixed file');
  assert.deepEqual(server.files[0].spec, { points: [[0.5, 0.4]] });
  await h.document.querySelectorAll('#tabs [role=tab]')[1].click();
  await h.runFrames();
  await h.$('broken-reset').click();
  assert.match(h.$('broken-reset').textContent, /^Click again/);
  assert.equal(h.$('broken').hidden, false);
  await h.$('broken-reset').click();
  assert.equal(h.$('broken').hidden, true);
  assert.match(h.$('status').textContent, /^Started over from a preset/);
  server.files[1].etag = '"moved"';
  await h.$('save').click();
  await settle();
  assert.equal(h.$('banner').hidden, false, 'the file changed meanwhile: nothing is overwritten silently');
});

test('units, duration and presets go through the server conversion, one undo step each', async () => {
  const server = two();
  const h = await openPage(server);
  await h.document.querySelector('#time-unit [data-unit=hours]').click();
  await h.runFrames();
  assert.equal(h.doc().spec.timeUnit, 'hours');
  assert.equal(h.doc().spec.duration, 24, 'a typical period for the unit');
  assert.deepEqual(h.doc().spec.points[0], [6, 0.8]);
  assert.equal(h.$('t-head').textContent, 'hour');
  assert.equal(h.$('duration-label').textContent, 'Duration (hours)');
  await h.document.querySelector('#time-unit [data-unit=hours]').click();
  assert.equal(server.log.filter((l) => l.startsWith('POST /api/convert')).length, 1, 'the same units: no request');
  h.$('duration').value = '48';
  await h.$('duration').fire('change');
  await h.runFrames();
  assert.equal(h.doc().spec.duration, 48);
  assert.deepEqual(h.doc().spec.points[0], [12, 0.8], 'the points kept where they were on the plot');
  await h.document.querySelector('#time-unit [data-unit=weeks]').click();
  assert.equal(h.$('status').textContent, 'Units not changed: weeks are refused here');
  h.$('preset').value = 'linear';
  await h.$('preset').fire('change');
  await settle();
  assert.deepEqual(h.doc().spec.points, [[4.800000000000001, 0.98], [24, 0.5], [43.2, 0.02]],
    'the preset in the spec units (POST /api/shape)');
  assert.equal(h.doc().spec.name, 'Habit');
  h.$('preset').value = 'none';
  await h.$('preset').fire('change');
  await h.$('undo').click();
  await h.$('undo').click();
  assert.equal(h.doc().spec.duration, 24);
  const plain = await openPage(two(), { confirm: false });
  h.$('duration').value = '';
  plain.$('duration').value = '5';
  await plain.$('duration').fire('change');
  assert.equal(plain.doc().spec.durationDays, 5, 'normalized time: the period in days, points unchanged');
  plain.$('preset').value = 'linear';
  await plain.$('preset').fire('change');
  await settle();
  assert.deepEqual(plain.doc().spec.points, [[0.1, 0.98], [0.5, 0.5], [0.9, 0.02]]);
  assert.equal(plain.doc().spec.durationDays, 5, 'the period rides along');
});
