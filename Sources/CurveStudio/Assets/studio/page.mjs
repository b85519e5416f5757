// The page put together: the store, the transport and the view modules share one context `ctx`,
// through which they call each other; `wire()` connects the header and side panel's controls and
// `start()` asks the host for the session. The host's clock, frames and timers come in `env`
// (app.mjs passes the browser's; a test passes its own).
import { $, html, wireRoving } from './dom.mjs';
import { createDocuments } from './documents.mjs';
import { createExport } from './export.mjs';
import { createFitting } from './fitting.mjs';
import { createInput } from './input.mjs';
import { createMetrics, snapshot } from './metrics.mjs';
import { createPanels } from './panels.mjs';
import { createPlot } from './plot.mjs';
import { createPreview } from './preview.mjs';
import { createShapes } from './shapes.mjs';
import { createBezier } from './bezier.mjs';
import { createMotion } from './motion.mjs';
import { createCodegenOptions } from './codegen.mjs';
import { DEFAULT_DURATIONS, createStore, current, isDirty, newDoc, normPoints, starter } from './store.mjs';
import { curveLevel } from './words.mjs';

/**
 * The page over `env`: {transport, onTransport, now, nextFrame, later, cancelLater, frameTime,
 * confirm, rawPointerEvents}; `onTransport(listener)` registers the page's listener for the
 * transport's kind ('websocket' or 'fetch', a figure of the debug hook). Returns its context,
 * `start`, `anyDirty` and `debugHook`.
 */
export function createPage(env) {
  const store = createStore();
  const ctx = Object.assign({}, env, {
    state: store.getState,
    doc: () => current(store.getState()),
    dispatch: store.dispatch,
    metrics: createMetrics(),
    pendingMoves: [],
    defaultDurations: DEFAULT_DURATIONS,
    view: {
      frames: null, frozen: null, drag: null, preview: { t: 0, playing: false, speed: 1, last: 0 }, format: 'swift',
      copied: undefined,
    },
  });
  env.onTransport((kind) => { ctx.metrics.transport = kind; });

  /**
   * After any edit: refit (at most once per frame), redraw the side panel, mark the tab. `replaced`: the
   * whole spec changed (undo, redo, a reload), so even the focused field shows the new value.
   */
  ctx.changed = (replaced) => {
    ctx.shapes.showNote(null);  // the import's figures are about the curve as imported
    ctx.panels.showStatus(ctx.doc());
    ctx.panels.renderSettings(!!replaced);
    ctx.panels.renderTabs();
    ctx.plot.render();
    ctx.fitting.request();
    ctx.exporter.render();
    ctx.bezier.render();
    ctx.motion.render();
    ctx.codeOptions.render();
  };
  /** An edit of the current spec: the action, then `changed` when the spec did change. True when it did. */
  ctx.edit = (action, replaced) => {
    const before = current(store.getState()).spec;
    store.dispatch(action);
    if (current(store.getState()).spec === before) return false;
    ctx.changed(replaced);
    return true;
  };
  ctx.history = (step) => ctx.edit({ type: step }, true);
  ctx.setField = (key, value) => ctx.edit({ type: 'setField', key, value });
  ctx.setNumber = (key, text) => {
    const trimmed = String(text).trim();
    ctx.setField(key, trimmed === '' ? undefined : Number(trimmed));
  };
  ctx.plot = createPlot(ctx);
  ctx.input = createInput(ctx);
  ctx.panels = createPanels(ctx);
  ctx.preview = createPreview(ctx);
  ctx.exporter = createExport(ctx);
  ctx.documents = createDocuments(ctx);
  ctx.fitting = createFitting(ctx);
  ctx.shapes = createShapes(ctx);
  ctx.bezier = createBezier(ctx);
  ctx.motion = createMotion(ctx);
  ctx.codeOptions = createCodegenOptions(ctx);

  function wire() {
    const documents = ctx.documents;
    const click = (id, action) => $(id).addEventListener('click', action);
    click('undo', () => ctx.history('undo'));
    click('redo', () => ctx.history('redo'));
    click('save', documents.save);
    click('save-as', documents.saveAs);
    click('new-curve', documents.newCurve);
    click('open-link', documents.openLinkDialog);
    ctx.shapes.wire();  // first: a pasted easing never reaches the share-link handler
    document.addEventListener('paste', documents.onPaste);
    click('broken-use', documents.useFixedText);
    click('broken-reset', documents.startOver);
    click('banner-theirs', documents.takeTheirs);
    click('banner-mine', documents.keepMine);
    click('add-point', addPointInGap);
    click('add-milestone', () => ctx.edit({ type: 'addMilestone' }));
    click('use-enforce', () => ctx.setField('monotonic', 'enforce'));
    click('play', ctx.preview.toggle);
    click('copy', ctx.exporter.copy);
    $('precision').addEventListener('change', ctx.exporter.refresh);
    $('anim-ms').addEventListener('change', ctx.exporter.refresh);
    $('speed').addEventListener('change', () => ctx.preview.setSpeed(Number($('speed').value)));
    $('scrub').addEventListener('input', () => ctx.preview.scrub(Number($('scrub').value) / 1000));
    $('compare').addEventListener('change', () => {
      ctx.dispatch({ type: 'compare', on: $('compare').checked });
      if (ctx.state().compare) documents.fitOthers(); else ctx.plot.render();
    });
    $('name').addEventListener('change', () => ctx.setField('name', $('name').value));
    $('degree').addEventListener('change', () => ctx.setField('degree', Number($('degree').value)));
    $('min-slope').addEventListener('change', () => ctx.setNumber('minSlope', $('min-slope').value));
    $('duration').addEventListener('change', () => documents.changeDuration($('duration').value));
    $('endpoints').addEventListener('change', () => ctx.setField('endpoints', $('endpoints').checked ? undefined : false));
    const policy = (name) => (name === 'require' ? undefined : name);
    for (const button of document.querySelectorAll('#policy button')) {
      button.addEventListener('click', () => ctx.setField('monotonic', policy(button.dataset.policy)));
    }
    for (const button of document.querySelectorAll('#time-unit button, #level-unit button')) {
      button.addEventListener('click', () => {
        const spec = ctx.doc().spec;
        const time = button.closest('#time-unit') ? button.dataset.unit : (spec.timeUnit || 'normalized');
        const level = button.closest('#level-unit') ? button.dataset.unit : (spec.levelUnit || 'fraction');
        return documents.changeUnits(time, level);
      });
    }
    for (const tab of document.querySelectorAll('[data-format]')) {
      tab.addEventListener('click', () => ctx.exporter.show(tab.dataset.format));
    }
    // One Tab stop per radio group and tab list; arrows move within it.
    for (const id of ['policy', 'time-unit', 'level-unit']) wireRoving($(id), 'button');
    wireRoving($('tabs'), '[role=tab]');
    wireRoving($('formats'), '[data-format]');
    click('skip', (event) => {
      event.preventDefault();
      const first = document.querySelector('.handle');
      (first || $('plot')).focus();
    });
    document.addEventListener('keydown', ctx.input.onGlobalKey);
    document.addEventListener('visibilitychange', () => { if (!document.hidden) documents.poll(); });
    const degree = $('degree');
    for (let d = 1; d <= 10; d++) degree.appendChild(html('option', { value: String(d) }, String(d)));
  }

  /** + Point: a point on the curve in the widest gap between points. */
  function addPointInGap() {
    const doc = ctx.doc();
    const ts = [0].concat(normPoints(doc).map((p) => p[0]).sort((a, b) => a - b), [1]);
    let best = 0;
    for (let i = 1; i < ts.length; i++) if (ts[i] - ts[i - 1] > ts[best + 1] - ts[best]) best = i - 1;
    const t = (ts[best] + ts[best + 1]) / 2;
    const level = curveLevel(doc.fit, t);
    ctx.edit({ type: 'addPoint', t, y: Number.isFinite(level) ? level : 1 - t });
  }

  /** True while any document has edits its file does not have (the page then asks before closing). */
  const anyDirty = () => store.getState().docs.some((doc) => isDirty(store.getState(), doc));

  async function start() {
    ctx.plot.build($('plot'));
    ctx.bezier.build();
    wire();
    ctx.transport.connectLive();
    const session = await ctx.transport.session();
    if (session.status !== 200) {
      // The host says why in words (the engine did not load; how to open the studio with its token).
      ctx.panels.setStatus((session.data && session.data.error) || 'The studio did not start (HTTP ' + session.status + ')', 'bad');
      return;
    }
    ctx.dispatch(Object.assign({ type: 'session' }, session.data));
    ctx.shapes.fillLibrary(ctx.state().presets);
    ctx.motion.wire();
    ctx.codeOptions.wire(ctx.state().features.inverseMethods);
    if (!ctx.state().docs.length) {
      // No spec named: a new blank curve, which Save creates under a name the designer gives.
      const blank = await ctx.transport.newCurve();
      if (blank.status === 201) {
        ctx.dispatch({ type: 'addDoc', doc: newDoc({ index: blank.data.index, name: blank.data.name, unsaved: true }) });
      } else {
        ctx.dispatch({ type: 'addDoc', doc: newDoc({ index: -1, name: 'Scratch pad', loaded: true, scratch: true,
          spec: starter(ctx.state().presets, 'Scratch') }) });
        ctx.dispatch({ type: 'status', text: 'Scratch pad: nothing is saved' });
      }
    }
    ctx.dispatch({ type: 'activate', position: -1 });
    await ctx.documents.switchTo(0);
    if (ctx.doc().unsaved) ctx.panels.setStatus('Not saved yet: Save asks for a file name', '', ctx.doc().index);
    ctx.dispatch({ type: 'ready' });
  }

  /**
   * The test hook (the page opened with ?debug only): the state, the view and the figures, read
   * live; `resetMetrics()` empties the figures.
   */
  function debugHook() {
    const read = (key) => () => store.getState()[key];
    const hook = { resetMetrics: () => { for (const key of ['moves', 'fits', 'dispatch', 'renders']) ctx.metrics[key].clear(); } };
    for (const key of ['docs', 'active', 'ready', 'features', 'presets', 'selected']) {
      Object.defineProperty(hook, key, { get: read(key), enumerable: true });
    }
    for (const key of ['frames', 'preview', 'copied']) {
      Object.defineProperty(hook, key, { get: () => ctx.view[key], enumerable: true });
    }
    Object.defineProperty(hook, 'metrics', { get: () => snapshot(ctx.metrics), enumerable: true });
    Object.defineProperty(hook, 'pendingMoves', { get: () => ctx.pendingMoves.slice(), enumerable: true });
    return hook;
  }

  return { ctx, start, anyDirty, debugHook };
}
