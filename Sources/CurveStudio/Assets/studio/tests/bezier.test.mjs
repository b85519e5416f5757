// bezier.mjs: the handles' numbers as the server words them, the switches and the CSS rule on
// times, and the view over the fake DOM: typing a number, a switch, a drag (one undo step) and
// the arrow keys each send a cubic-bezier() to the server, which refits the curve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bezierText, constrained, fromView, parseBezier, toView } from '../bezier.mjs';
import { fakeServer, openPage, settle } from './harness.mjs';

test('the server\'s cubic-bezier() text is read as four numbers; anything else is not', () => {
  assert.deepEqual(parseBezier('cubic-bezier(0.42, 0.0, 0.58, 1.0)'), [0.42, 0, 0.58, 1]);
  assert.deepEqual(parseBezier(' CUBIC-BEZIER(.2,-0.5,0,1.5) '), [0.2, -0.5, 0, 1.5]);
  for (const text of [null, '', 'ease', 'cubic-bezier(1, 2, 3)', 'cubic-bezier(a, 0, 1, 1)', 'linear(0, 1)']) {
    assert.equal(parseBezier(text), null, String(text));
  }
  assert.equal(bezierText([0.42, 0, 0.58, 1]), 'cubic-bezier(0.42, 0, 0.58, 1)');
  assert.equal(bezierText([1 / 3, 0.123456, 2 / 3, 1]), 'cubic-bezier(0.3333, 0.1235, 0.6667, 1)');
});

test('times stay in [0, 1]; flat start holds y1 at 0, flat end y2 at 1; values keep overshoot room', () => {
  assert.deepEqual(constrained([-0.2, 0.3, 1.4, 0.9]), [0, 0.3, 1, 0.9]);
  assert.deepEqual(constrained([0.3, 0.3, 0.6, 0.9], { flatStart: true, flatEnd: true }), [0.3, 0, 0.6, 1]);
  assert.deepEqual(constrained([0.5, -3, 0.5, 3]), [0.5, -0.5, 0.5, 1.5]);
  assert.deepEqual(constrained([0.12345, 0.5, 0.5, 0.5]), [0.123, 0.5, 0.5, 0.5]);
  for (const point of [[0, 0], [1, 1], [0.25, -0.5], [0.75, 1.5]]) {
    const back = fromView(toView(point));
    assert.ok(Math.abs(back[0] - point[0]) < 1e-12 && Math.abs(back[1] - point[1]) < 1e-12, String(point));
  }
  assert.deepEqual(toView([0, 1.5]), [0, 0]);
});

const SPEC = { name: 'Habit', points: [[0.25, 0.8], [0.5, 0.5], [0.75, 0.2]], degree: 3 };

test('numbers, switches, a drag and the arrow keys each reshape the curve through the server', async () => {
  const server = fakeServer([{ name: 'habit.curve.json', spec: JSON.parse(JSON.stringify(SPEC)) }]);
  server.shapes = [];
  const answer = server.answer;
  server.answer = (method, path, body, headers) => {
    if (path.startsWith('/api/shape')) {
      server.shapes.push(body.easing);
      const spec = Object.assign({}, body.spec, { points: [[0.5, 0.4 + server.shapes.length / 100]] });
      return { status: 200, body: { spec, units: null, summary: body.easing + ' as a degree-3 curve.' } };
    }
    return answer(method, path, body, headers);
  };
  const h = await openPage(server);
  await h.runTimers(250);
  assert.equal(h.$('bezier-x1').value, '0.42', 'before any export easing: the default handles');
  assert.ok(h.$('bezier-plot').querySelector('path').getAttribute('d').startsWith('M0,300 C'));
  h.$('bezier-x1').value = '0.5';
  await h.$('bezier-x1').fire('change');
  await settle();
  assert.deepEqual(server.shapes, ['cubic-bezier(0.5, 0, 0.58, 1)']);
  assert.equal(h.$('bezier-x1').value, '0.5', 'the handles sent stay shown for the curve they made');
  h.$('bezier-flat-end').checked = true;
  h.$('bezier-y2').value = '0.8';
  await h.$('bezier-y2').fire('change');
  await settle();
  assert.equal(server.shapes.at(-1), 'cubic-bezier(0.5, 0, 0.58, 1)', 'flat end holds y2 at 1');
  assert.equal(h.$('bezier-y2').disabled, true);
  // A drag of the first handle: every move refits, and the whole drag is one undo step.
  const pastBefore = h.doc().past.length;
  const handle = h.$('bezier-plot').querySelectorAll('.bezier-handle')[0];
  await handle.fire('pointerdown', { pointerId: 1, clientX: 100, clientY: 200 });
  await h.$('bezier-plot').fire('pointermove', { clientX: 60, clientY: 200 });
  await settle();
  await h.$('bezier-plot').fire('pointermove', { clientX: 40, clientY: 300 });
  await settle();
  await h.$('bezier-plot').fire('pointerup', {});
  assert.deepEqual(server.shapes.slice(-2), ['cubic-bezier(0.3, 0.5, 0.58, 1)', 'cubic-bezier(0.2, 0, 0.58, 1)']);
  assert.equal(h.doc().past.length, pastBefore + 1);
  await h.$('bezier-plot').fire('pointermove', { clientX: 10, clientY: 10 });
  assert.equal(server.shapes.length, 4, 'no drag, no request');
  // The arrow keys on a focused handle.
  await h.$('bezier-plot').querySelectorAll('.bezier-handle')[1].fire('keydown', { key: 'ArrowLeft', stopPropagation() {} });
  await settle();
  assert.equal(server.shapes.at(-1), 'cubic-bezier(0.2, 0, 0.57, 1)');
  await h.$('bezier-plot').querySelectorAll('.bezier-handle')[1].fire('keydown', { key: 'x' });
  assert.equal(server.shapes.length, 5);
  // A switch that moves a handle is a request and an undo step; one that moves none is neither.
  const steps = h.doc().past.length;
  h.$('bezier-flat-start').checked = true;
  await h.$('bezier-flat-start').fire('change');
  await settle();
  assert.deepEqual([server.shapes.length, h.doc().past.length], [5, steps], 'y1 is already 0: nothing moves');
  h.$('bezier-flat-end').checked = false;
  await h.$('bezier-flat-end').fire('change');
  await settle();
  assert.deepEqual([server.shapes.length, h.doc().past.length], [5, steps], 'y2 stays at 1 when flat end is off');
  h.$('bezier-flat-start').checked = false;
  h.$('bezier-y1').value = '0.3';
  await h.$('bezier-y1').fire('change');
  await settle();
  h.$('bezier-flat-start').checked = true;
  await h.$('bezier-flat-start').fire('change');
  await settle();
  assert.equal(server.shapes.at(-1), 'cubic-bezier(0.2, 0, 0.57, 1)', 'flat start pulls y1 back to 0');
  assert.equal(h.doc().past.length, steps + 2);
});
