// Fitting: at most one request in flight, the latest spec at most once per frame, and, when the
// plain fit rises, the same spec under enforce for the overlay. The answers go to the store.
import { canon, docByIndex } from './store.mjs';

/** The fitting loop of the page `ctx` (see app.mjs). */
export function createFitting(ctx) {
  let frame = 0;
  let busy = false;
  let wanted = false;
  let generation = 0;
  let lastFrame = -1;

  /** Fits now when nothing is in flight and no fit started in this frame; otherwise on the next frame. */
  function request() {
    wanted = true;
    if (!busy && lastFrame !== ctx.frameTime()) {
      flush();
    } else if (!frame) {
      frame = ctx.nextFrame(flush);
    }
  }

  async function flush() {
    frame = 0;
    if (busy || !wanted) return;
    lastFrame = ctx.frameTime();
    wanted = false;
    busy = true;
    const doc = ctx.doc();
    const asked = canon(ctx.state(), doc.spec);
    const moves = ctx.pendingMoves.splice(0);
    const mine = ++generation;
    const started = ctx.now();
    let result;
    try {
      result = await ctx.transport.fit(doc.index, doc.spec);
    } catch (error) {
      result = { status: 0, data: { error: 'the studio server is not answering' } };
    }
    const answered = ctx.now();
    ctx.metrics.fits.push(answered - started);
    ctx.dispatch({ type: 'fitted', doc: doc.index, result, asked });
    if (doc.index === ctx.doc().index) {
      ctx.plot.render();
      ctx.panels.renderVerdict();
      ctx.exporter.render();
      if (result.status !== 200 || !ctx.view.drag) ctx.panels.renderSettings();
      const done = ctx.now();
      for (const stamp of moves) ctx.metrics.moves.push(done - stamp);
      ctx.metrics.renders.push(done - answered);
    }
    ctx.metrics.fitsDone++;
    busy = false;
    if (wanted) {
      if (!frame) frame = ctx.nextFrame(flush);
    } else if (mine === generation) {
      await afterFit(doc.index);
    }
  }

  /** When the plain fit rises, fits the same spec under enforce and overlays it; refreshes the export. */
  async function afterFit(index) {
    const doc = docByIndex(ctx.state(), index);
    const fit = doc.fit;
    const spec = doc.spec;
    if (fit && !doc.error && !fit.monotonic.decreasing && spec.monotonic !== 'enforce' && fit.monotonic.enforceAvailable) {
      const asked = canon(ctx.state(), spec);
      const result = await ctx.transport.fit(index, Object.assign({}, spec, { monotonic: 'enforce' }));
      if (canon(ctx.state(), docByIndex(ctx.state(), index).spec) !== asked) return;
      ctx.dispatch({ type: 'enforced', doc: index, asked, result });
    } else {
      ctx.dispatch({ type: 'enforced', doc: index, result: null });
    }
    if (index === ctx.doc().index) {
      ctx.plot.render();
      ctx.panels.renderVerdict();
      ctx.exporter.schedule();
    }
  }

  return { request, flush };
}
