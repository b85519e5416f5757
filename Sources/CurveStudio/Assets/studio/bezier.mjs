// The Bézier-handles view: the easing of the curve as cubic-bezier.com and Figma show it (progress
// = 1 − level, up), two draggable handles and the four numbers, and "flat start" / "flat end".
// Every move is sent to the server as a `cubic-bezier()` (POST /api/shape), which refits the curve
// in the spec's units; the SVG only places the handles and lets the browser draw the Bézier path
// from them (no curve math here).
import { touchRadiusFor } from './core.mjs';
import { $, el } from './dom.mjs';
import { canon, roundTo } from './store.mjs';

const SIZE = 200;  // the view's unit square, in SVG units
const Y_LOW = -0.5;
const Y_HIGH = 1.5;  // overshoot room below and above

/** The four numbers of a `cubic-bezier(x1, y1, x2, y2)` text (the server's words), or null. */
export function parseBezier(text) {
  const match = /^\s*cubic-bezier\(([^)]*)\)\s*$/i.exec(String(text || ''));
  if (!match) return null;
  const values = match[1].split(',').map((part) => Number(part.trim()));
  return values.length === 4 && values.every(Number.isFinite) ? values : null;
}

/** The CSS text of four handle numbers. */
export function bezierText(values) {
  return 'cubic-bezier(' + values.map((v) => String(roundTo(v, 4))).join(', ') + ')';
}

/**
 * The handles after the switches and a move: times held in [0, 1] (CSS's rule), values in the
 * view's room; "flat start" holds y1 at 0 and "flat end" y2 at 1 (a level that leaves full, or
 * reaches empty, with zero slope).
 */
export function constrained(values, { flatStart = false, flatEnd = false } = {}) {
  const [x1, y1, x2, y2] = values;
  const clampY = (y) => Math.min(Y_HIGH, Math.max(Y_LOW, y));
  return [Math.min(1, Math.max(0, x1)), flatStart ? 0 : clampY(y1), Math.min(1, Math.max(0, x2)), flatEnd ? 1 : clampY(y2)]
    .map((v) => roundTo(v, 3));
}

/** True when two handle lists are the same four numbers. */
export const sameHandles = (a, b) => a.length === b.length && a.every((value, i) => value === b[i]);

/** SVG coordinates of an easing point (x time, y progress) and back. */
export const toView = ([x, y]) => [x * SIZE, (Y_HIGH - y) / (Y_HIGH - Y_LOW) * SIZE * 2];
export const fromView = ([vx, vy]) => [vx / SIZE, Y_HIGH - vy / (SIZE * 2) * (Y_HIGH - Y_LOW)];

/** The handles view of page `ctx`. */
export function createBezier(ctx) {
  const view = { values: [0.42, 0, 0.58, 1], from: null, drag: null, inFlight: false, queued: null };
  const nodes = {};

  /** The handles to show: the ones last sent for this spec, else the easing the server exported for it. */
  function current() {
    const doc = ctx.doc();
    if (!doc) return view.values;
    const spec = canon(ctx.state(), doc.spec);
    if (view.from && view.from.doc === doc.index && view.from.spec === spec) return view.values;
    const exported = ctx.state().exported;
    const easing = exported && exported.doc === doc.index && exported.asked === spec ? parseBezier(exported.easing) : null;
    return easing || view.values;
  }

  function build() {
    const svg = $('bezier-plot');
    if (!svg) return;
    nodes.svg = svg;
    svg.setAttribute('viewBox', '-12 -12 ' + (SIZE + 24) + ' ' + (SIZE * 2 + 24));
    const [, top] = toView([0, 1]);
    const [, bottom] = toView([0, 0]);
    el('rect', { x: 0, y: top, width: SIZE, height: bottom - top, class: 'bezier-box' }, svg);
    nodes.arms = [el('line', { class: 'bezier-arm' }, svg), el('line', { class: 'bezier-arm' }, svg)];
    nodes.path = el('path', { class: 'bezier-path' }, svg);
    // Each handle's touch target: a transparent circle 44 px across at the view's scale, under the handle.
    nodes.hits = [0, 1].map((i) => {
      const hit = el('circle', { class: 'bezier-hit', 'data-hit': String(i) }, svg);
      hit.addEventListener('pointerdown', (event) => startDrag(event, i));
      return hit;
    });
    nodes.handles = [0, 1].map((i) => {
      const handle = el('circle', { r: 9, class: 'bezier-handle', tabindex: '0', role: 'slider',
        'aria-label': i === 0 ? 'First handle (x1, y1)' : 'Second handle (x2, y2)', 'data-handle': String(i) }, svg);
      handle.addEventListener('pointerdown', (event) => startDrag(event, i));
      handle.addEventListener('keydown', (event) => nudge(event, i));
      return handle;
    });
    svg.addEventListener('pointermove', moveDrag);
    svg.addEventListener('pointerup', endDrag);
    svg.addEventListener('pointercancel', endDrag);
    for (const [i, id] of ['bezier-x1', 'bezier-y1', 'bezier-x2', 'bezier-y2'].entries()) {
      $(id).addEventListener('change', () => {
        const values = current().slice();
        const value = Number($(id).value);
        if (!Number.isFinite(value)) return render();
        values[i] = value;
        send(values, true);
      });
    }
    // A switch that moves no handle (turning "flat start" off leaves y1 at 0) sends nothing and is no undo step.
    for (const id of ['bezier-flat-start', 'bezier-flat-end']) {
      $(id).addEventListener('change', () => {
        const values = current();
        if (sameHandles(constrained(values, switches()), values)) return render();
        send(values, true);
      });
    }
  }

  const switches = () => ({ flatStart: $('bezier-flat-start').checked, flatEnd: $('bezier-flat-end').checked });

  function render() {
    if (!nodes.path) return;
    const values = current();
    const [x1, y1, x2, y2] = values;
    const [p0, p1, p2, p3] = [[0, 0], [x1, y1], [x2, y2], [1, 1]].map(toView);
    nodes.path.setAttribute('d', 'M' + p0 + ' C' + p1 + ' ' + p2 + ' ' + p3);
    for (const [arm, from, to] of [[nodes.arms[0], p0, p1], [nodes.arms[1], p3, p2]]) {
      arm.setAttribute('x1', from[0]); arm.setAttribute('y1', from[1]);
      arm.setAttribute('x2', to[0]); arm.setAttribute('y2', to[1]);
    }
    const matrix = nodes.svg && nodes.svg.getScreenCTM ? nodes.svg.getScreenCTM() : null;
    const reach = touchRadiusFor(matrix ? Math.hypot(matrix.a, matrix.b) : 1);
    for (const [i, point] of [p1, p2].entries()) {
      nodes.hits[i].setAttribute('cx', point[0]);
      nodes.hits[i].setAttribute('cy', point[1]);
      nodes.hits[i].setAttribute('r', reach);
      nodes.handles[i].setAttribute('cx', point[0]);
      nodes.handles[i].setAttribute('cy', point[1]);
      nodes.handles[i].setAttribute('aria-valuetext', 'x ' + values[2 * i] + ', y ' + values[2 * i + 1]);
    }
    for (const [i, id] of ['bezier-x1', 'bezier-y1', 'bezier-x2', 'bezier-y2'].entries()) {
      if (document.activeElement !== $(id)) $(id).value = String(values[i]);
    }
    $('bezier-y1').disabled = $('bezier-flat-start').checked;
    $('bezier-y2').disabled = $('bezier-flat-end').checked;
  }

  /** Sends the handles to the server: one request in flight, the latest queued; `checkpoint` starts an undo step. */
  async function send(values, checkpoint) {
    const next = constrained(values, switches());
    view.values = next;
    render();
    if (view.inFlight) {
      view.queued = { values: next, checkpoint: view.queued ? view.queued.checkpoint || checkpoint : checkpoint };
      return;
    }
    view.inFlight = true;
    const doc = ctx.doc();
    const result = await ctx.shapes.apply({ easing: bezierText(next) }, { checkpoint });
    view.inFlight = false;
    if (result && result.status === 200 && ctx.doc() && ctx.doc().index === doc.index) {
      view.from = { doc: doc.index, spec: canon(ctx.state(), ctx.doc().spec) };
      view.values = next;
    }
    render();
    if (view.queued) {
      const queued = view.queued;
      view.queued = null;
      await send(queued.values, queued.checkpoint);
    }
  }

  function pointerValues(event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform($('bezier-plot').getScreenCTM().inverse());
    return fromView([point.x, point.y]);
  }

  function startDrag(event, i) {
    event.preventDefault();
    if (event.target.setPointerCapture) event.target.setPointerCapture(event.pointerId);
    view.drag = { index: i, first: true };
  }

  function moveDrag(event) {
    if (!view.drag) return;
    const [x, y] = pointerValues(event);
    const values = current().slice();
    values[2 * view.drag.index] = x;
    values[2 * view.drag.index + 1] = y;
    const first = view.drag.first;
    view.drag.first = false;
    send(values, first);  // the whole drag is one undo step
  }

  function endDrag() { view.drag = null; }

  /** Arrow keys move a focused handle by 0.01 (Shift: 0.1). */
  function nudge(event, i) {
    const step = event.shiftKey ? 0.1 : 0.01;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    event.stopPropagation();
    const values = current().slice();
    values[2 * i] += delta[0];
    values[2 * i + 1] += delta[1];
    send(values, true);
  }

  return { build, render, send, current, get values() { return view.values; } };
}
