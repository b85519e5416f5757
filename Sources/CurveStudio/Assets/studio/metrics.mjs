// The page's latency figures (the browser suite reads them through the ?debug hook): each one a
// fixed-size ring, so a long session keeps the last METRICS_LIMIT values and no more.

/** How many values each figure keeps. */
export const METRICS_LIMIT = 1000;

/** A ring of at most `limit` numbers: `push` drops the oldest when full; `values` is oldest first. */
export function ring(limit = METRICS_LIMIT) {
  const slots = new Array(limit);
  let start = 0;
  let count = 0;
  return {
    get length() { return count; },
    push(value) {
      slots[(start + count) % limit] = value;
      if (count < limit) count++; else start = (start + 1) % limit;
    },
    values() {
      const out = [];
      for (let i = 0; i < count; i++) out.push(slots[(start + i) % limit]);
      return out;
    },
    clear() {
      start = 0;
      count = 0;
    },
  };
}

/**
 * The page's figures: pointer move → redraw (`moves`), fit round trips (`fits`), pointer event
 * dispatch delays (`dispatch`) and render times after a fit (`renders`), in milliseconds; counts
 * of redraws and finished fits; and the transport in use.
 */
export function createMetrics(limit = METRICS_LIMIT) {
  return {
    moves: ring(limit), fits: ring(limit), dispatch: ring(limit), renders: ring(limit),
    redraws: 0, fitsDone: 0, transport: 'fetch',
  };
}

/** The figures as plain data (arrays, oldest first), as the debug hook shows them. */
export function snapshot(metrics) {
  return {
    moves: metrics.moves.values(), fits: metrics.fits.values(), dispatch: metrics.dispatch.values(),
    renders: metrics.renders.values(), redraws: metrics.redraws, fitsDone: metrics.fitsDone,
    transport: metrics.transport,
  };
}
