// codegen.mjs: the code options are the spec's `codegen` (a default removes its key), edited from
// the Export card, one undo step each; the inverse methods offered are the server's list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withOption } from '../codegen.mjs';
import { fakeServer, openPage } from './harness.mjs';

test('an option set, a default removing its key, an empty codegen removed', () => {
  assert.deepEqual(withOption(undefined, 'typeName', 'Water'), { typeName: 'Water' });
  assert.deepEqual(withOption({ typeName: 'Water', package: 'a.b' }, 'package', ''), { typeName: 'Water' });
  assert.equal(withOption({ withSchedule: true }, 'withSchedule', false), undefined);
  const before = { inverse: 'table' };
  assert.deepEqual(withOption(before, 'inverse', 'newton'), { inverse: 'newton' });
  assert.deepEqual(before, { inverse: 'table' }, 'the spec given is not changed');
});

test('the Export card edits the spec\'s code options, which /api/generate reads with the spec', async () => {
  const spec = { name: 'Habit', points: [[0.25, 0.8], [0.5, 0.5], [0.75, 0.2]], degree: 3, codegen: { typeName: 'Old' } };
  const server = fakeServer([{ name: 'habit.curve.json', spec }]);
  const answer = server.answer;
  server.answer = (method, path, body, headers) => {
    const reply = answer(method, path, body, headers);
    if (path === '/api/session') reply.body.features.inverseMethods = ['auto', 'table', 'newton'];
    return reply;
  };
  const h = await openPage(server);
  assert.deepEqual(h.$('opt-inverse').querySelectorAll('option').map((o) => o.getAttribute('value')), ['', 'auto', 'table', 'newton']);
  assert.equal(h.$('opt-type-name').value, 'Old');
  h.$('opt-type-name').value = ' Water ';
  await h.$('opt-type-name').fire('change');
  h.$('opt-package').value = 'com.example.water';
  await h.$('opt-package').fire('change');
  h.$('opt-inverse').value = 'table';
  await h.$('opt-inverse').fire('change');
  h.$('opt-schedule').checked = true;
  await h.$('opt-schedule').fire('change');
  assert.deepEqual(h.doc().spec.codegen, { typeName: 'Water', package: 'com.example.water', inverse: 'table', withSchedule: true });
  await h.$('undo').click();
  assert.equal(h.doc().spec.codegen.withSchedule, undefined);
  assert.equal(h.$('opt-schedule').checked, false);
  await h.runFrames();
  await h.runTimers(250);
  assert.ok(server.log.some((line) => line.startsWith('POST /api/generate')));
});
