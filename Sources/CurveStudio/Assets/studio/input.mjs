// Pointer and keyboard on the plot: dragging points, exact points and milestones, the keys that
// move a focused handle, and the page's shortcuts. Every change is an action on the store
// (store.mjs); this module turns events into them.
import { frameMaps, insideFrame, keyMove, snapDrag } from './core.mjs';
import { $ } from './dom.mjs';
import { milestoneAt, normPoints, unitsOf } from './store.mjs';

const TEXT_FIELD = /^(INPUT|SELECT|TEXTAREA)$/;

/** The input handlers of the page `ctx` (see app.mjs). */
export function createInput(ctx) {
  const svg = () => ctx.plot.nodes.svg;

  function svgPoint(event) {
    const matrix = svg().getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  }

  /**
   * Selects point `index` (-1: none), in the plot and the table; focuses its handle when asked,
   * without scrolling: the handle is where the designer pressed or just was.
   */
  function select(index, focus) {
    ctx.dispatch({ type: 'select', index });
    const handles = ctx.plot.nodes.handles;
    if (focus && handles.children[index]) handles.children[index].focus({ preventScroll: true });
    for (const [i, g] of Array.from(handles.children).entries()) g.classList.toggle('selected', i === index);
    for (const [i, row] of Array.from($('points').children).entries()) row.classList.toggle('selected', i === index);
  }

  /** Starts a drag: the edit is one undo step (dropped if the pointer never moves), the frame frozen. */
  function startDrag(event, drag) {
    event.preventDefault();
    event.stopPropagation();
    ctx.dispatch({ type: 'checkpoint' });
    ctx.view.drag = Object.assign({ pointer: event.pointerId, moved: false }, drag);
    ctx.view.frozen = ctx.view.frames;
    svg().setPointerCapture(event.pointerId);
  }

  function onHandlePointerDown(event) {
    const index = Number(event.currentTarget.dataset.index);
    const [t, y] = normPoints(ctx.doc())[index];
    startDrag(event, { kind: 'point', index, start: { t, y } });
    select(index, true);
    svg().classList.add('dragging');
  }

  /** Starts dragging the exact point (value constraint) under the pointer. */
  function onExactPointerDown(event) {
    const index = Number(event.currentTarget.dataset.exact);
    const doc = ctx.doc();
    const constraint = (doc.spec.constraints || [])[index];
    if (!constraint) return;
    const u = unitsOf(doc);
    startDrag(event, { kind: 'exact', index, start: { t: constraint.t / u.tScale, y: constraint.value / u.yScale } });
    svg().classList.add('dragging');
  }

  function startMilestoneDrag(event, index, part) {
    startDrag(event, { kind: 'milestone', index, part });
  }

  function onPlotPointerDown(event) {
    if (event.target === svg() || event.target.classList.contains('panel-bg')) select(-1, false);
  }

  function onPointerMove(event) {
    const drag = ctx.view.drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    const map = frameMaps(ctx.view.frames.main);
    const p = svgPoint(event);
    drag.moved = true;
    const doc = ctx.doc();
    if (drag.kind === 'point' || drag.kind === 'exact') {
      // Shift locks the axis the drag started along; Ctrl/⌘ snaps the axis being dragged (half units,
      // whole percents); levels stick to milestone lines (core.mjs snapDrag).
      const u = unitsOf(doc);
      const milestoneLevels = (Array.isArray(doc.spec.milestones) ? doc.spec.milestones : [])
        .map((m) => milestoneAt(doc, m).level);
      const next = snapDrag({
        t: map.t(p.x), y: map.v(p.y), start: drag.start, axisLock: event.shiftKey,
        snap: event.ctrlKey || event.metaKey, timeScale: u.duration || 1, milestoneLevels,
      });
      ctx.dispatch({ type: drag.kind === 'point' ? 'movePoint' : 'moveExact', index: drag.index, t: next.t, y: next.y,
        checkpoint: false });
      ctx.pendingMoves.push(event.timeStamp);
      ctx.metrics.dispatch.push(ctx.now() - event.timeStamp);
    } else {
      ctx.dispatch({ type: 'setMilestone', index: drag.index, part: drag.part, t: map.t(p.x), y: map.v(p.y),
        checkpoint: false });
    }
    const moved = ctx.doc();
    ctx.plot.renderPoints(moved, ctx.view.frames);
    ctx.plot.renderMilestones(moved, ctx.view.frames);
    ctx.fitting.request();
  }

  function onPointerUp(event) {
    const drag = ctx.view.drag;
    if (!drag || event.pointerId !== drag.pointer) return;
    if (!drag.moved) ctx.dispatch({ type: 'dropCheckpoint' });
    ctx.view.drag = null;
    ctx.view.frozen = null;
    svg().classList.remove('dragging');
    ctx.changed();
  }

  function onPlotDoubleClick(event) {
    if (event.target.closest && event.target.closest('.handle')) return;
    const f = ctx.view.frames.main;
    const p = svgPoint(event);
    if (!insideFrame(f, p.x, p.y)) return;
    const map = frameMaps(f);
    ctx.edit({ type: 'addPoint', t: map.t(p.x), y: map.v(p.y) });
  }

  function deletePoint(index) {
    ctx.edit({ type: 'deletePoint', index });
  }

  function onHandleKey(event) {
    const index = Number(event.currentTarget.dataset.index);
    const [t, y] = normPoints(ctx.doc())[index];
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      deletePoint(index);
      ctx.nextFrame(() => select(ctx.state().selected, true));
      return;
    }
    const next = keyMove(event.key, event.shiftKey, t, y);
    if (!next) return;
    event.preventDefault();
    ctx.edit({ type: 'movePoint', index, t: next[0], y: next[1] });
  }

  function milestoneKey(event, index, part) {
    const step = (event.shiftKey ? 10 : 1) * 0.005;
    const moves = { ArrowUp: [0, step], ArrowDown: [0, -step], ArrowRight: [step, 0], ArrowLeft: [-step, 0] };
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      ctx.edit({ type: 'deleteMilestone', index });
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    ctx.edit({ type: 'nudgeMilestone', index, part, dt: move[0], dy: move[1] });
  }

  function onGlobalKey(event) {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (mod && key === 'z') {
      event.preventDefault();
      ctx.history(event.shiftKey ? 'redo' : 'undo');
    } else if (mod && key === 'y') {
      event.preventDefault();
      ctx.history('redo');
    } else if (mod && key === 's') {
      event.preventDefault();
      ctx.documents.save();
    } else if (!mod && (event.key === 'Delete' || event.key === 'Backspace') && ctx.state().selected >= 0 &&
      (event.target === document.body || event.target.id === 'plot')) {
      // Only when nothing else has focus: a button, a field or a handle acts on its own keys.
      event.preventDefault();
      deletePoint(ctx.state().selected);
    } else if (!mod && key === 'p' && !TEXT_FIELD.test(event.target.tagName)) {
      ctx.preview.toggle();
    }
  }

  return {
    select, deletePoint, startMilestoneDrag, milestoneKey, onHandlePointerDown, onExactPointerDown, onPlotPointerDown,
    onPointerMove, onPointerUp, onPlotDoubleClick, onHandleKey, onGlobalKey,
  };
}
