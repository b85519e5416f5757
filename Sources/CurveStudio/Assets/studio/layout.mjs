// The plot's geometry: its two frames (level above, slope below) and what goes on their axes,
// from a document and the server's answers (the curves' own ranges and the time ticks come from
// the server's "plot"). Pure: plot.mjs draws what these return. Unit-tested by layout.test.mjs.
import { frameMaps, niceStep, slopeUnits } from './core.mjs';
import { milestoneAt, normPoints, unitsOf } from './store.mjs';
import { fmt, levelLabel, timeLabel } from './words.mjs';

/**
 * The plot's viewBox and its two panels' rectangles, for a plot drawn `pixels` CSS pixels wide.
 * From 720 px up, the 720 × 500 desktop layout, scaled up. Narrower (a phone), one SVG unit is one
 * CSS pixel (down to 320): the labels render at their CSS size and keep the margins they are laid
 * out in, instead of shrinking with the drawing (and growing back, by a text scale, out of the
 * margins: "100 %" was cut to "00 %" at 390 px). The panels are taller for their width there.
 */
export function plotGeometry(pixels) {
  const width = Math.round(Math.min(720, Math.max(320, Number.isFinite(pixels) && pixels > 0 ? pixels : 720)));
  const right = width >= 720 ? 28 : 16;
  const mainHeight = Math.min(300, Math.round(width * 0.62));
  const slopeHeight = Math.min(96, Math.round(width * 0.24));
  const main = { left: 64, top: 18, width: width - 64 - right, height: mainHeight };
  const slope = { left: 64, top: main.top + mainHeight + 34, width: main.width, height: slopeHeight };
  return { width, height: slope.top + slopeHeight + 52, main, slope };
}

/** The desktop layout: the plot's viewBox is 720 × 500. */
export const GEOMETRY = plotGeometry(720);

/** The document's frames: the data ranges the level and slope panels show, in `geometry`'s panels. */
export function computeFrames(doc, geometry = GEOMETRY) {
  let lo = -0.05;
  let hi = 1.05;
  let slo = -0.25;
  let shi = 0;
  // The curves' own ranges come from the server (the "plot" of each fit answer).
  for (const answer of [doc.fit, doc.enforce]) {
    if (!answer || !answer.plot) continue;
    lo = Math.min(lo, answer.plot.levelRange[0] - 0.03);
    hi = Math.max(hi, answer.plot.levelRange[1] + 0.03);
    slo = Math.min(slo, answer.plot.slopeRange[0]);
    shi = Math.max(shi, answer.plot.slopeRange[1]);
  }
  for (const p of normPoints(doc)) {
    lo = Math.min(lo, p[1] - 0.05);
    hi = Math.max(hi, p[1] + 0.05);
  }
  lo = Math.max(-1, lo);
  hi = Math.min(2, hi);
  slo = Math.max(-1e6, slo);
  shi = Math.min(1e6, shi);
  const pad = 0.12 * (shi - slo || 1);
  return {
    main: Object.assign({ lo, hi }, geometry.main),
    slope: Object.assign({ lo: slo - pad, hi: shi + pad }, geometry.slope),
  };
}

/** The time axis' ticks: the server's (in the designer's unit), quarters before any answer. */
export function timeTicks(doc) {
  const plotted = doc.fit && doc.fit.plot;
  return plotted ? plotted.timeTicks : [0, 0.25, 0.5, 0.75, 1].map((t) => ({ t, label: String(t) }));
}

/**
 * What the axes depend on: the frames' ranges and rectangles and the time unit (during a drag the
 * frame is frozen).
 */
export function axesKey(doc, frames) {
  const m = frames.main;
  const s = frames.slope;
  return [m.lo, m.hi, s.lo, s.hi, m.width, m.height, s.top, s.height, doc.spec.durationDays, doc.spec.duration,
    doc.spec.timeUnit].join(' ');
}

/**
 * Everything on the axes of both frames: the level ticks (quarters, in the spec's level unit),
 * the slope ticks (in the designer's units: % or level per day, hour, …), the time ticks and the
 * titles; `key` (axesKey) changes exactly when any of it does.
 */
export function axes(doc, frames) {
  const m = frames.main;
  const s = frames.slope;
  const u = unitsOf(doc);
  const levels = [];
  for (let v = Math.ceil(m.lo * 4) / 4; v <= m.hi + 1e-9; v += 0.25) {
    levels.push({ v, label: u.percent ? Math.round(v * 100) + ' %' : fmt(v, 2) });
  }
  const shown = slopeUnits(u);
  const step = niceStep((s.hi - s.lo) * shown.scale / 3);
  const slopes = [];
  for (let d = Math.ceil(s.lo * shown.scale / step) * step, k = 0; d <= s.hi * shown.scale + 1e-12 && k < 20; d += step, k++) {
    slopes.push({ v: d / shown.scale, label: fmt(Math.abs(d) < step * 1e-9 ? 0 : d, 3) });
  }
  return {
    key: axesKey(doc, frames),
    times: timeTicks(doc), levels, slopes,
    slopeTitle: 'slope (' + shown.label + ')',
    timeTitle: u.duration ? 'time (' + u.units + ')' : 'time (fraction of the period)',
  };
}

/**
 * Each milestone as drawn in the main frame: its guide line from x0 to x1 at y, the end handle
 * at xEnd, the zone it keeps the curve out of (from zoneTop to zoneBottom), whether the server
 * says it holds, and its label (and a short one, without the time, for a guide too short for it).
 * The label goes where a curve that meets the milestone never is: on the far side of the line
 * from the curve ("at least": below; "at most": above), from the guide's end away from its time
 * handle, where the curve crosses the level.
 */
export function milestoneShapes(doc, frame) {
  const list = Array.isArray(doc.spec.milestones) ? doc.spec.milestones : [];
  const map = frameMaps(frame);
  const u = unitsOf(doc);
  return list.map((ms, i) => {
    const lower = ms.atLeast !== undefined;
    const level = milestoneAt(doc, ms).level;
    const from = ms.until !== undefined ? 0 : (ms.from || 0) / u.tScale;
    const to = ms.until !== undefined ? ms.until / u.tScale : 1;
    const reported = doc.fit && Array.isArray(doc.fit.milestones) ? doc.fit.milestones[i] : null;
    // Swift's milestone states (fit --json "milestones"); unknown while the fit fails.
    const met = reported && !doc.error ? reported.holds : true;
    const yTop = lower ? map.y(frame.hi) : map.y(level);
    const yBottom = lower ? map.y(level) : map.y(frame.lo);
    const when = ms.until !== undefined ? 'until ' + timeLabel(doc, to) : 'from ' + timeLabel(doc, from);
    const until = ms.until !== undefined;
    const bound = (lower ? '≥ ' : '≤ ') + levelLabel(doc, level);
    const x0 = map.x(from);
    const x1 = map.x(to);
    return {
      lower, level, met, x0, x1, y: map.y(level), xEnd: until ? x1 : x0,
      xMid: map.x((from + to) / 2), zoneTop: Math.min(yTop, yBottom), zoneHeight: Math.abs(yBottom - yTop),
      time: until ? ms.until : ms.from, timeMax: u.tScale,
      label: bound + ' ' + when + (met ? ' ✓' : ' ✗'), shortLabel: bound + (met ? ' ✓' : ' ✗'),
      labelX: until ? x0 + 6 : x1 - 6, labelAnchor: until ? 'start' : 'end', labelY: map.y(level) + (lower ? 16 : -8),
      labelRoom: Math.abs(x1 - x0) - 12,
    };
  });
}

/** The enforce curve is overlaid when the plain fit rises and the spec does not enforce already. */
export function showsEnforce(doc) {
  return !!(doc.enforce && doc.fit && !doc.fit.monotonic.decreasing && doc.spec.monotonic !== 'enforce');
}
