// shapes.mjs: what the page recognizes as an easing, how it shows the library, and the paste,
// field and library paths over the fake DOM and fake server (harness.mjs): the server's answer
// replaces the spec as one undoable step and its words are shown as they are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isEasingText, libraryGroups, shapeNote } from '../shapes.mjs';
import { fakeServer, openPage, settle } from './harness.mjs';

test('an easing is recognized as a designer copies it; other text is not', () => {
  for (const text of ['cubic-bezier(0.4, 0, 0.2, 1)', ' CUBIC-BEZIER(.4,0,.2,1); ', 'ease-in-out', 'Ease',
    'linear(0, 0.5 50%, 1)', 'steps(4)', '0.4, 0, 0.2, 1', '.25,.1,.25,1', '1e-1, 0, 1, 1']) {
    assert.equal(isEasingText(text), true, text);
  }
  for (const text of ['', '   ', 'hello', 'http://127.0.0.1/#spec=abc', '0.4, 0, 0.2', '0.4, 0, x, 1',
    'ease-in-out please', 'cubic-bezier(' + '1,'.repeat(300) + ')', null, 42]) {
    assert.equal(isEasingText(text), false, String(text));
  }
});

test('the library is grouped in the server order, each entry titled with its easing and source', () => {
  const groups = libraryGroups([
    { id: 'current', name: 'Current', group: 'Article', source: 'the article' },
    { id: 'css-ease', name: 'ease', group: 'CSS', source: 'CSS', easing: 'cubic-bezier(0.25, 0.1, 0.25, 1.0)' },
    { id: 'm3', name: 'standard', group: 'Material 3', source: 'M3', easing: 'cubic-bezier(0.2, 0.0, 0.0, 1.0)' },
    { id: 'css-ease-in', name: 'ease-in', group: 'CSS', source: 'CSS' },
    { id: 'old', name: 'Old' },
  ]);
  assert.deepEqual(groups.map((g) => g.group), ['Article', 'CSS', 'Material 3', 'Shapes']);
  assert.deepEqual(groups[1].entries.map((e) => e.id), ['css-ease', 'css-ease-in']);
  assert.equal(groups[1].entries[0].title, 'cubic-bezier(0.25, 0.1, 0.25, 1.0) · CSS');
  assert.deepEqual(libraryGroups(undefined), []);
});

test("the server's words are shown as they are; a refusal says what was not done", () => {
  assert.deepEqual(shapeNote({ status: 200, data: { summary: 'ease as a degree-3 curve.' } }, 'easing'),
    { text: 'ease as a degree-3 curve.', tone: '' });
  assert.deepEqual(shapeNote({ status: 422, data: { error: 'no' } }, 'preset'), { text: 'Preset not applied: no', tone: 'bad' });
  assert.deepEqual(shapeNote({ status: 500, data: null }, 'easing'), { text: 'Easing not imported: HTTP 500', tone: 'bad' });
  assert.equal(shapeNote(null, 'easing').text, 'Easing not imported: the server is not answering');
});

const SPEC = { name: 'Habit', points: [[0.25, 0.8], [0.5, 0.5], [0.75, 0.2]], degree: 3, monotonic: 'enforce' };
const presets = [
  { id: 'linear', name: 'Linear', group: 'Article', source: 'the article', spec: { points: [[0.5, 0.5]], degree: 1 } },
  { id: 'css-ease', name: 'ease', group: 'CSS', source: 'CSS', easing: 'cubic-bezier(0.25, 0.1, 0.25, 1.0)',
    spec: { points: [[0.5, 0.2]] } },
];

test('paste an easing anywhere: the server imports it, the spec is replaced as one undo step, its words shown', async () => {
  const server = fakeServer([{ name: 'habit.curve.json', spec: JSON.parse(JSON.stringify(SPEC)) }], { presets });
  const h = await openPage(server);
  const groups = h.$('preset').querySelectorAll('optgroup');
  assert.deepEqual(groups.map((g) => g.getAttribute('label')), ['Article', 'CSS']);
  const paste = (text, target = h.document.body) => h.document.fire('paste',
    { target, clipboardData: { getData: () => text }, stopImmediatePropagation() { this.stopped = true; } });
  const event = await paste(' ease-in-out ');
  await settle();
  assert.equal(event.defaultPrevented, true);
  assert.equal(event.stopped, true);
  const sent = JSON.parse(JSON.stringify(h.doc().spec));
  assert.deepEqual(sent.points, [[0.1, 0.98], [0.5, 0.5], [0.9, 0.02]]);
  assert.equal(sent.monotonic, 'enforce', 'what the server kept stays');
  assert.equal(h.$('shape-note').hidden, false);
  assert.match(h.$('shape-note').textContent, /at most 1.5 pp/);
  assert.equal(h.$('easing-input').value, 'ease-in-out');
  // The next edit clears the figures (they were about the curve as imported); undo brings the old points back.
  await h.$('undo').click();
  await settle();
  assert.deepEqual(h.doc().spec.points, SPEC.points);
  assert.equal(h.$('shape-note').hidden, true);
  // Text fields keep their paste; other text is left alone.
  const before = server.log.length;
  await paste('ease-in-out', h.$('name'));
  await paste('hello');
  await settle();
  assert.equal(server.log.slice(before).some((line) => line.includes('/api/shape')), false);
  // A refused easing changes nothing and says why.
  await paste('steps(4)');
  await settle();
  assert.deepEqual(h.doc().spec.points, SPEC.points);
  assert.equal(h.$('shape-note').className, 'shape-note bad');
  assert.match(h.$('shape-note').textContent, /^Easing not imported: 'steps\(\)' is not a cubic Bézier/);
});

test('type an easing and press Enter or Import; choose a library entry', async () => {
  const server = fakeServer([{ name: 'habit.curve.json', spec: JSON.parse(JSON.stringify(SPEC)) }], { presets });
  const h = await openPage(server);
  h.$('easing-input').value = 'ease-in-out';
  await h.$('easing-input').fire('keydown', { key: 'Enter' });
  await settle();
  assert.equal(h.doc().spec.points.length, 3);
  assert.equal(h.doc().spec.points[0][0], 0.1);
  await h.$('undo').click();
  await h.$('easing-apply').click();
  await settle();
  assert.equal(h.doc().spec.points[0][0], 0.1);
  h.$('preset').value = 'css-ease';
  await h.$('preset').fire('change');
  await settle();
  assert.match(h.$('shape-note').textContent, /^Preset not applied: no such preset/);
  assert.equal(h.$('preset').value, '');
  h.$('preset').value = 'linear';
  await h.$('preset').fire('change');
  await settle();
  assert.equal(h.$('shape-note').textContent, 'Linear as a degree-3 curve.');
  const shapes = server.log.filter((line) => line.startsWith('POST /api/shape'));
  assert.equal(shapes.length, 4);
});

test('one line per platform: each copied on its own, off while the curve is not the one shown, over the chosen ms', async () => {
  const server = fakeServer([{ name: 'habit.curve.json', spec: JSON.parse(JSON.stringify(SPEC)) }], { presets });
  const h = await openPage(server);
  await h.runTimers(250);
  const rows = h.document.querySelectorAll('#one-liner-list .one-liner');
  assert.deepEqual(rows.map((row) => row.querySelector('.one-liner-label').textContent),
    ['CSS', 'SwiftUI', 'Compose', 'TypeScript / WAAPI']);
  const button = (key) => h.document.querySelector('#one-liner-list [data-line=' + key + ']');
  for (const key of ['css', 'swiftui', 'compose', 'waapi']) {
    assert.equal(button(key).disabled, false, key);
    await button(key).click();
  }
  assert.deepEqual(h.copied, ['cubic-bezier(0.3, 0, 0.7, 1)', 'Animation.timingCurve(0.3, 0, 0.7, 1, duration: 0.35)',
    'CubicBezierEasing(0.3f, 0f, 0.7f, 1f)', "{ duration: 350, easing: 'cubic-bezier(0.3, 0, 0.7, 1)' }"]);
  assert.equal(h.$('one-liner-note').textContent, 'rounded to 1 decimals: within 0.09 pp');
  // The duration goes to the server, which writes it into the line.
  h.$('anim-ms').value = '600';
  await h.$('anim-ms').fire('change');
  await settle();
  assert.match(server.log.filter((line) => line.includes('/api/export')).pop(), /durationMs=600/);
  assert.match(h.document.querySelectorAll('#one-liner-list code')[1].textContent, /duration: 0\.6\)/);
  // An edit: every line is off until this curve's code is back.
  h.$('degree').value = '5';
  await h.$('degree').fire('change');
  assert.equal(button('css').disabled, true);
  assert.equal(h.document.querySelectorAll('#one-liner-list code')[0].textContent, '—');
});
