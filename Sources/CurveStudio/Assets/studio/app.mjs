// The studio page's application: state, drawing, input and transport. Curve facts (verdicts,
// rising stretches, slope bands, milestone states, diagnostics) come from the server's
// answers; the pure logic is in core.mjs. Served as /studio/app.mjs, an ES module.
import {
  DEFAULT_KEY_ORDER, RECONNECT, canonicalJSON, checkpoint as historyCheckpoint, dropCheckpoint, frameMaps, knotPath,
  clamp, insideFrame, keyMove, nextDelay, niceStep, percentageAt, snapDrag, touchRadiusFor, redo as historyRedo, undo as historyUndo, unitScales, valueAt,
} from './core.mjs';
import { slopeUnits, tokenFromFragment } from './core.mjs';
import { exactPoints, makeExact, makeWeighted, sharePayload, suggestFileName } from './core.mjs';

const SVGNS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
const PALETTE = ['#0f766e', '#7c3aed', '#c2410c', '#be185d', '#475569'];
const GEOMETRY = {
  main: { left: 64, top: 18, width: 628, height: 300 },
  slope: { left: 64, top: 352, width: 628, height: 96 },
};
const state = {
  docs: [], active: 0, presets: [], features: {}, compare: false, drag: null, selected: -1, frozen: null,
  format: 'swift', exportText: { swift: '', css: '', swiftui: '' }, exportNotes: [],
  exportOK: { swift: false, css: false, swiftui: false },
  preview: { t: 0, playing: false, speed: 1, last: 0 },
  metrics: { moves: [], fits: [], dispatch: [], renders: [], redraws: 0, fitsDone: 0, transport: 'fetch' },
  ready: false, keyOrder: DEFAULT_KEY_ORDER,
};
window.studio = state;

// MARK: - The session token: from the link's #fragment (never sent to the server), kept in this
// page and this tab's sessionStorage (scoped to this origin, port included; no cookie), and sent
// as `Authorization: Bearer` on every request.

const auth = { token: null };
(function readToken() {
  const fromLink = tokenFromFragment(location.hash);
  let stored = null;
  try { stored = sessionStorage.getItem('curvekit-studio-token'); } catch (error) { stored = null; }
  auth.token = fromLink || tokenFromFragment('#token=' + (stored || ''));
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  try {
    if (fromLink) sessionStorage.setItem('curvekit-studio-token', fromLink);
  } catch (error) { /* storage disabled: the token lives in memory only, a reload needs the link again */ }
})();

// MARK: - Small helpers

function el(name, attributes, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const key in attributes || {}) node.setAttribute(key, attributes[key]);
  if (parent) parent.appendChild(node);
  return node;
}
function html(name, attributes, text) {
  const node = document.createElement(name);
  for (const key in attributes || {}) node.setAttribute(key, attributes[key]);
  if (text !== undefined) node.textContent = text;
  return node;
}
/** The spec as canonical JSON, keys in the server's house order (see core.mjs). */
function canon(spec) { return canonicalJSON(spec, state.keyOrder); }
function clone(value) { return JSON.parse(JSON.stringify(value)); }
function fmt(value, digits) {
  if (value === null || value === undefined || !isFinite(value)) return '—';
  const d = digits === undefined ? 4 : digits;
  const text = Number(value).toPrecision(d);
  return String(Number(text));
}
function fixed(value, decimals) {
  return isFinite(value) ? (Math.round(value * Math.pow(10, decimals)) / Math.pow(10, decimals)).toString() : '—';
}
/** A level difference in percentage points, readable at any size. */
function percentPoints(value) {
  if (!isFinite(value)) return '—';
  const v = value * 100;
  if (v !== 0 && Math.abs(v) < 0.001) return v.toExponential(1);
  return fixed(v, 3);
}
// MARK: - Units: the spec's own (normalized/days, fraction/percent) and the plot's [0, 1] frame

/** The spec's unit scales, as the server last said for its document (load, fit and convert answers). */
function units(spec) {
  const doc = state.docs.find((d) => d.spec === spec) || current();
  return unitScales(doc && doc.units);
}
function normPoints(spec) {
  const u = units(spec);
  return (spec.points || []).map((p) => [p[0] / u.tScale, p[1] / u.yScale]);
}
function timeLabel(spec, t) {
  const u = units(spec);
  return u.duration ? u.unit + ' ' + fmt(t * u.duration, 3) : 't ' + fmt(t, 3);
}
/** A level (plot frame 0…1) in the spec's own level unit: `80 %` for percent specs, `0.8` for fractions. */
function levelLabel(y, spec) {
  return units(spec || current().spec).percent ? fixed(y * 100, 1) + ' %' : fmt(y, 3);
}
/**
 * A level difference (a miss, an RMSE) in the spec's level unit: percentage points for percent
 * specs (`pp`, or in words with `long`), a plain fraction for fraction specs.
 */
function levelGap(value, spec, long) {
  if (!units(spec || current().spec).percent) return fmt(value, 3);
  // Tiles are narrow: three significant digits there; the sentences keep percentPoints' form.
  return long ? percentPoints(value) + ' percentage points' : fmt(value * 100, 3) + ' pp';
}
function specT(spec, t) { return roundTo(t * units(spec).tScale, 6); }
function specY(spec, y) { return roundTo(y * units(spec).yScale, units(spec).percent ? 4 : 6); }
function roundTo(value, decimals) {
  const scale = Math.pow(10, decimals);
  return Math.round(value * scale) / scale;
}
/** With the depletion endpoints (the default) times stay in the span and levels in 0…100 %. */
function endpointsHold(spec) { return spec.endpoints !== false; }
/** The spec's minSlope (level units per time unit) as fraction per period, as the plot's slope panel shows f′. */
function normalizedMinSlope(spec) {
  const u = units(spec);
  return (spec.minSlope || 0) * u.tScale / u.yScale;
}
// MARK: - Frames: data to SVG coordinates

function computeFrames(doc) {
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
  for (const p of normPoints(doc.spec)) {
    lo = Math.min(lo, p[1] - 0.05);
    hi = Math.max(hi, p[1] + 0.05);
  }
  lo = Math.max(-1, lo);
  hi = Math.min(2, hi);
  slo = Math.max(-1e6, slo);
  shi = Math.min(1e6, shi);
  const pad = 0.12 * (shi - slo || 1);
  return {
    main: Object.assign({ lo, hi }, GEOMETRY.main),
    slope: Object.assign({ lo: slo - pad, hi: shi + pad }, GEOMETRY.slope),
  };
}
function X(frame, t) { return frame.left + t * frame.width; }
function Y(frame, v) { return frame.top + (frame.hi - v) / (frame.hi - frame.lo) * frame.height; }
function fromX(frame, x) { return (x - frame.left) / frame.width; }
function fromY(frame, y) { return frame.hi - (y - frame.top) / frame.height * (frame.hi - frame.lo); }
/** The time axis' ticks: the server's (in the designer's unit), quarters before any answer. */
function timeTicks(doc) {
  const plotted = doc.fit && doc.fit.plot;
  return plotted ? plotted.timeTicks : [0, 0.25, 0.5, 0.75, 1].map((t) => ({ t, label: String(t) }));
}

/** The SVG path of a curve the server sent as Hermite knots, on [a, b] (default all of [0, 1]). */
function path(knots, frame, a, b) { return knotPath(knots, frameMaps(frame), a, b); }

/**
 * The radius of a touch target in SVG units: TOUCH_RADIUS CSS pixels (a 44 px target) at the
 * plot's current scale, never smaller than that many SVG units.
 */
function touchRadius() {
  const matrix = plot.svg && plot.svg.getScreenCTM ? plot.svg.getScreenCTM() : null;
  return touchRadiusFor(matrix ? Math.hypot(matrix.a, matrix.b) : 1);
}

/** The level of the drawn (server's) curve at t. */
function curveLevel(answer, t) { return answer && answer.plot ? valueAt(answer.plot.curve, t) : NaN; }


// MARK: - The plot

const plot = {};
function buildPlot() {
  const svg = $('plot');
  plot.svg = svg;
  const defs = el('defs', {}, svg);
  for (const [id, f] of [['clip-main', GEOMETRY.main], ['clip-slope', GEOMETRY.slope]]) {
    const clip = el('clipPath', { id }, defs);
    el('rect', { x: f.left, y: f.top, width: f.width, height: f.height }, clip);
  }
  const m = GEOMETRY.main;
  const s = GEOMETRY.slope;
  plot.mainBg = el('rect', { class: 'panel-bg', x: m.left, y: m.top, width: m.width, height: m.height, rx: 4 }, svg);
  plot.slopeBg = el('rect', { class: 'panel-bg', x: s.left, y: s.top, width: s.width, height: s.height, rx: 4 }, svg);
  plot.grid = el('g', { class: 'grid' }, svg);
  plot.rising = el('g', { class: 'rising' }, svg);
  plot.flat = el('g', { class: 'flat' }, svg);
  plot.axes = el('g', { class: 'axis' }, svg);
  plot.ticks = el('g', {}, svg);
  const main = el('g', { 'clip-path': 'url(#clip-main)' }, svg);
  plot.milestoneZones = el('g', {}, main);
  plot.linear = el('line', { class: 'linear-ref' }, main);
  plot.compare = el('g', {}, main);
  plot.halos = el('g', {}, main);
  plot.enforce = el('path', { class: 'enforce-curve', d: '' }, main);
  plot.curve = el('path', { class: 'curve', d: '', 'data-testid': 'curve' }, main);
  plot.whiskers = el('g', {}, main);
  plot.exact = el('g', { class: 'exact-points' }, main);
  plot.marker = el('line', { class: 'marker' }, main);
  plot.markerDot = el('circle', { class: 'marker-dot', r: 4 }, main);
  const slope = el('g', { 'clip-path': 'url(#clip-slope)' }, svg);
  plot.zero = el('line', { class: 'zero' }, slope);
  plot.minSlope = el('line', { class: 'min-slope' }, slope);
  plot.slopeCompare = el('g', {}, slope);
  plot.slopeCurve = el('path', { class: 'slope-curve', d: '' }, slope);
  plot.slopeMarker = el('line', { class: 'marker' }, slope);
  plot.milestones = el('g', {}, svg);
  plot.handles = el('g', { class: 'handles' }, svg);
  plot.tip = el('text', { class: 'readout-tip', 'text-anchor': 'middle' }, svg);
  const title = (x, y, text, rotate) => {
    const node = el('text', { class: 'axis-title', x, y, 'text-anchor': 'middle' }, svg);
    if (rotate) node.setAttribute('transform', 'rotate(-90 ' + x + ' ' + y + ')');
    node.textContent = text;
    return node;
  };
  title(16, m.top + m.height / 2, 'level', true);
  plot.slopeTitle = title(16, s.top + s.height / 2, 'slope', true);
  plot.timeTitle = title(m.left + m.width / 2, s.top + s.height + 40, 'time');
  svg.addEventListener('dblclick', onPlotDoubleClick);
  svg.addEventListener('pointerdown', onPlotPointerDown);
  // pointerrawupdate (Chromium, secure contexts) arrives as soon as the pointer moves, not at the next
  // frame as pointermove does; a drag listens to whichever the browser has.
  svg.addEventListener('onpointerrawupdate' in window ? 'pointerrawupdate' : 'pointermove', onPointerMove);
  svg.addEventListener('pointerup', onPointerUp);
  svg.addEventListener('pointercancel', onPointerUp);
}

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

function bands(group, list, frame) {
  clear(group);
  for (const [a, b] of list) {
    const x0 = X(frame, a);
    el('rect', { x: x0, y: frame.top, width: Math.max(X(frame, b) - x0, 1.5), height: frame.height }, group);
  }
}

function drawAxes(doc, frames) {
  const m = frames.main;
  const s = frames.slope;
  // The axes change only with the frame and the time unit: during a drag the frame is frozen.
  const key = [m.lo, m.hi, s.lo, s.hi, doc.spec.durationDays, doc.spec.duration, doc.spec.timeUnit].join(' ');
  if (key === plot.axesKey) return;
  plot.axesKey = key;
  clear(plot.grid);
  clear(plot.axes);
  clear(plot.ticks);
  const tt = timeTicks(doc);
  for (const f of [m, s]) {
    for (const tick of tt) el('line', { x1: X(f, tick.t), x2: X(f, tick.t), y1: f.top, y2: f.top + f.height }, plot.grid);
    el('line', { x1: f.left, x2: f.left, y1: f.top, y2: f.top + f.height }, plot.axes);
    el('line', { x1: f.left, x2: f.left + f.width, y1: f.top + f.height, y2: f.top + f.height }, plot.axes);
  }
  const shownLevels = units(doc.spec);
  for (let v = Math.ceil(m.lo * 4) / 4; v <= m.hi + 1e-9; v += 0.25) {
    el('line', { x1: m.left, x2: m.left + m.width, y1: Y(m, v), y2: Y(m, v) }, plot.grid);
    const label = el('text', { class: 'tick', x: m.left - 8, y: Y(m, v) + 4, 'text-anchor': 'end' }, plot.ticks);
    // The level axis speaks the spec's level unit, as the summary does: 80 % or 0.8.
    label.textContent = shownLevels.percent ? Math.round(v * 100) + ' %' : fmt(v, 2);
  }
  // The slope in the designer's units: % (or level) per day, hour, … (per period without a duration).
  const shown = slopeUnits(units(doc.spec));
  const step = niceStep((s.hi - s.lo) * shown.scale / 3);  // axis geometry of the visible frame (core.mjs)
  for (let d = Math.ceil(s.lo * shown.scale / step) * step, k = 0; d <= s.hi * shown.scale + 1e-12 && k < 20; d += step, k++) {
    const v = d / shown.scale;
    el('line', { x1: s.left, x2: s.left + s.width, y1: Y(s, v), y2: Y(s, v) }, plot.grid);
    const label = el('text', { class: 'tick', x: s.left - 8, y: Y(s, v) + 4, 'text-anchor': 'end' }, plot.ticks);
    label.textContent = fmt(Math.abs(d) < step * 1e-9 ? 0 : d, 3);
  }
  plot.slopeTitle.textContent = 'slope (' + shown.label + ')';
  for (const tick of tt) {
    const label = el('text', { class: 'tick', x: X(s, tick.t), y: s.top + s.height + 18, 'text-anchor': 'middle' },
      plot.ticks);
    label.textContent = tick.label;
  }
  const timeUnits = units(doc.spec);
  plot.timeTitle.textContent = timeUnits.duration ? 'time (' + timeUnits.units + ')' : 'time (fraction of the period)';
}

function render() {
  const doc = current();
  if (!doc) return;
  const frames = state.frozen || computeFrames(doc);
  state.frames = frames;
  const m = frames.main;
  const s = frames.slope;
  drawAxes(doc, frames);
  plot.linear.setAttribute('x1', X(m, 0));
  plot.linear.setAttribute('y1', Y(m, 1));
  plot.linear.setAttribute('x2', X(m, 1));
  plot.linear.setAttribute('y2', Y(m, 0));
  plot.zero.setAttribute('x1', s.left);
  plot.zero.setAttribute('x2', s.left + s.width);
  plot.zero.setAttribute('y1', Y(s, 0));
  plot.zero.setAttribute('y2', Y(s, 0));
  const minSlope = normalizedMinSlope(doc.spec);
  plot.minSlope.setAttribute('visibility', minSlope > 0 ? 'visible' : 'hidden');
  plot.minSlope.setAttribute('x1', s.left);
  plot.minSlope.setAttribute('x2', s.left + s.width);
  plot.minSlope.setAttribute('y1', Y(s, -minSlope));
  plot.minSlope.setAttribute('y2', Y(s, -minSlope));
  const fit = doc.fit;
  const c = fit ? fit.coefficients : null;
  clear(plot.halos);
  if (c) {
    // Swift's bands (fit --json "slopeBands"): the rising ones always hold the exact witness.
    const bandsAnswer = fit.slopeBands || { rising: [], flat: [] };
    const profile = { rising: bandsAnswer.rising, flat: bandsAnswer.flat, threshold: bandsAnswer.flatThreshold };
    doc.profile = profile;
    bands(plot.rising, profile.rising.map((r) => r), m);
    const slopeBands = el('g', {}, plot.rising);
    for (const [a, b] of profile.rising) {
      el('rect', { x: X(s, a), y: s.top, width: Math.max(X(s, b) - X(s, a), 1.5), height: s.height }, slopeBands);
      el('path', { class: 'halo', d: path(fit.plot.curve, m, a, b) }, plot.halos);
    }
    bands(plot.flat, profile.flat, s);
    plot.curve.setAttribute('d', path(fit.plot.curve, m));
    plot.slopeCurve.setAttribute('d', path(fit.plot.slopeCurve, s));
  } else {
    clear(plot.rising);
    clear(plot.flat);
  }
  plot.curve.classList.toggle('failed', !!doc.error);
  const showEnforce = doc.enforce && fit && !fit.monotonic.decreasing && doc.spec.monotonic !== 'enforce';
  plot.enforce.setAttribute('d', showEnforce && doc.enforce.plot ? path(doc.enforce.plot.curve, m) : '');
  renderCompare(frames);
  renderPoints(doc, frames);
  renderMilestones(doc, frames);
  renderPreview();
  state.metrics.redraws++;
}

function renderCompare(frames) {
  clear(plot.compare);
  clear(plot.slopeCompare);
  const legend = $('legend');
  clear(legend);
  const others = state.compare ? state.docs.filter((d) => d !== current() && d.fit) : [];
  legend.hidden = others.length === 0;
  if (others.length) {
    const own = html('span', {}, current().spec.name || current().name);
    own.style.setProperty('--chip', 'var(--curve)');
    legend.appendChild(own);
  }
  others.forEach((doc, i) => {
    const colour = PALETTE[i % PALETTE.length];
    el('path', { class: 'compare-curve', d: path(doc.fit.plot.curve, frames.main), stroke: colour }, plot.compare);
    el('path', { class: 'compare-curve', d: path(doc.fit.plot.slopeCurve, frames.slope), stroke: colour },
      plot.slopeCompare);
    const chip = html('span', {}, doc.spec.name || doc.name);
    chip.style.setProperty('--chip', colour);
    legend.appendChild(chip);
  });
}

function renderPoints(doc, frames) {
  const m = frames.main;
  const points = normPoints(doc.spec);
  const c = doc.fit ? doc.fit.coefficients : null;
  clear(plot.whiskers);
  if (c) {
    for (const [t, y] of points) {
      el('line', { class: 'whisker', x1: X(m, t), x2: X(m, t), y1: Y(m, y), y2: Y(m, curveLevel(doc.fit, t)) },
        plot.whiskers);
    }
  }
  // Exact points (value constraints): diamonds the curve passes through, edited in the table.
  clear(plot.exact);
  const u = units(doc.spec);
  for (const exact of exactPoints(doc.spec)) {
    const x = X(m, exact.t / u.tScale);
    const y = Y(m, exact.value / u.yScale);
    const diamond = el('path', { class: 'exact-marker', d: 'M ' + x.toFixed(2) + ' ' + (y - 8).toFixed(2) + ' l 8 8 l -8 8 l -8 -8 z',
      'data-exact': String(exact.index) }, plot.exact);
    const title = el('title', {}, diamond);
    title.textContent = 'Exact point: ' + timeLabel(doc.spec, exact.t / u.tScale) + ', level ' +
      levelLabel(exact.value / u.yScale, doc.spec) + ' (drag to move it)';
    // Dragged like a point (same snapping and axis lock), through a touch-sized transparent target.
    const hit = el('circle', { class: 'exact-hit', cx: x, cy: y, r: touchRadius(), 'data-exact': String(exact.index) },
      plot.exact);
    hit.addEventListener('pointerdown', onExactPointerDown);
  }
  const handles = plot.handles;
  while (handles.children.length > points.length) handles.removeChild(handles.lastChild);
  while (handles.children.length < points.length) {
    const g = el('g', { class: 'handle', tabindex: '0', role: 'slider', 'aria-valuemin': '0', 'aria-valuemax': '100' },
      handles);
    el('circle', { class: 'hit', r: touchRadius() }, g);
    el('circle', { class: 'ring', r: 12 }, g);
    el('circle', { class: 'dot', r: 6 }, g);
    g.addEventListener('pointerdown', onHandlePointerDown);
    g.addEventListener('keydown', onHandleKey);
    g.addEventListener('focus', () => select(Number(g.dataset.index), false));
  }
  points.forEach(([t, y], i) => {
    const g = handles.children[i];
    g.dataset.index = String(i);
    g.setAttribute('transform', 'translate(' + X(m, t).toFixed(2) + ' ' + Y(m, y).toFixed(2) + ')');
    g.setAttribute('aria-label', 'Point ' + (i + 1));
    g.setAttribute('aria-valuenow', fixed(y * 100, 1));
    g.setAttribute('aria-valuetext', timeLabel(doc.spec, t) + ', level ' + levelLabel(y, doc.spec));
    g.classList.toggle('selected', i === state.selected);
    g.classList.toggle('invalid', doc.errorPoint === i);
  });
  const tipIndex = state.drag && state.drag.kind === 'point' ? state.drag.index : -1;
  if (tipIndex >= 0 && points[tipIndex]) {
    const [t, y] = points[tipIndex];
    plot.tip.setAttribute('x', X(m, t));
    plot.tip.setAttribute('y', Y(m, y) - 16);
    plot.tip.textContent = timeLabel(doc.spec, t) + ' · ' + levelLabel(y, doc.spec);
    plot.tip.setAttribute('visibility', 'visible');
  } else {
    plot.tip.setAttribute('visibility', 'hidden');
  }
}

// MARK: - Milestones (the designer-units fields: {"until": T, "atLeast": L} and {"from": T, "atMost": L})


function renderMilestones(doc, frames) {
  clear(plot.milestones);
  clear(plot.milestoneZones);
  const list = Array.isArray(doc.spec.milestones) ? doc.spec.milestones : [];
  const m = frames.main;
  const u = units(doc.spec);
  const c = doc.fit ? doc.fit.coefficients : null;
  list.forEach((ms, i) => {
    const lower = ms.atLeast !== undefined;
    const level = (lower ? ms.atLeast : ms.atMost) / u.yScale;
    const from = ms.until !== undefined ? 0 : (ms.from || 0) / u.tScale;
    const to = ms.until !== undefined ? ms.until / u.tScale : 1;
    const reported = doc.fit && Array.isArray(doc.fit.milestones) ? doc.fit.milestones[i] : null;
    // Swift's milestone states (fit --json "milestones"); unknown while the fit fails.
    const met = reported && !doc.error ? reported.holds : true;
    const zoneClass = 'milestone ' + (met ? 'met' : 'missed');
    const zone = el('g', { class: zoneClass }, plot.milestoneZones);
    const yTop = lower ? Y(m, m.hi) : Y(m, level);
    const yBottom = lower ? Y(m, level) : Y(m, m.lo);
    el('rect', { class: 'zone', x: X(m, from), y: Math.min(yTop, yBottom), width: X(m, to) - X(m, from),
      height: Math.abs(yBottom - yTop) }, zone);
    const g = el('g', { class: zoneClass, 'data-milestone': String(i) }, plot.milestones);
    el('line', { class: 'guide', x1: X(m, from), x2: X(m, to), y1: Y(m, level), y2: Y(m, level) }, g);
    const reach = touchRadius();
    const grip = el('rect', { class: 'grip', x: X(m, from), y: Y(m, level) - reach, width: X(m, to) - X(m, from),
      height: 2 * reach, tabindex: '0', role: 'slider', 'aria-label': 'Milestone ' + (i + 1) + ' level',
      'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': fixed(level * 100, 1) }, g);
    const endT = ms.until !== undefined ? to : from;
    const endHit = el('circle', { class: 'end-hit', cx: X(m, endT), cy: Y(m, level), r: reach }, g);
    const end = el('circle', { class: 'end', cx: X(m, endT), cy: Y(m, level), r: 6, tabindex: '0', role: 'slider',
      'aria-label': 'Milestone ' + (i + 1) + ' time', 'aria-valuemin': '0', 'aria-valuemax': String(u.tScale),
      'aria-valuenow': String(ms.until !== undefined ? ms.until : ms.from) }, g);
    const label = el('text', { x: X(m, (from + to) / 2), y: Y(m, level) + (lower ? 16 : -8), 'text-anchor': 'middle' },
      g);
    const when = ms.until !== undefined ? 'until ' + timeLabel(doc.spec, to) : 'from ' + timeLabel(doc.spec, from);
    label.textContent = (lower ? '≥ ' : '≤ ') + levelLabel(level, doc.spec) + ' ' + when + (met ? ' ✓' : ' ✗');
    grip.addEventListener('pointerdown', (e) => startMilestoneDrag(e, i, 'level'));
    end.addEventListener('pointerdown', (e) => startMilestoneDrag(e, i, 'time'));
    endHit.addEventListener('pointerdown', (e) => startMilestoneDrag(e, i, 'time'));
    grip.addEventListener('keydown', (e) => milestoneKey(e, i, 'level'));
    end.addEventListener('keydown', (e) => milestoneKey(e, i, 'time'));
  });
}

function setMilestone(doc, i, kind, tNorm, yNorm) {
  const ms = doc.spec.milestones[i];
  const u = units(doc.spec);
  if (kind === 'level') {
    const value = specY(doc.spec, Math.min(1, Math.max(0, yNorm)));
    if (ms.atLeast !== undefined) ms.atLeast = value; else ms.atMost = value;
  } else {
    const value = specT(doc.spec, Math.min(1, Math.max(0, tNorm)));
    if (ms.until !== undefined) ms.until = value; else ms.from = value;
  }
  void u;
}

function startMilestoneDrag(event, index, kind) {
  event.preventDefault();
  event.stopPropagation();
  const doc = current();
  checkpoint(doc);
  state.drag = { kind: 'milestone', index, part: kind, pointer: event.pointerId, moved: false };
  state.frozen = state.frames;
  plot.svg.setPointerCapture(event.pointerId);
}

function milestoneKey(event, index, kind) {
  const step = (event.shiftKey ? 10 : 1) * 0.005;
  const doc = current();
  const ms = doc.spec.milestones[index];
  const u = units(doc.spec);
  let dt = 0;
  let dy = 0;
  if (event.key === 'ArrowUp') dy = step;
  else if (event.key === 'ArrowDown') dy = -step;
  else if (event.key === 'ArrowRight') dt = step;
  else if (event.key === 'ArrowLeft') dt = -step;
  else if (event.key === 'Delete' || event.key === 'Backspace') {
    event.preventDefault();
    checkpoint(doc);
    doc.spec.milestones.splice(index, 1);
    changed();
    return;
  } else return;
  event.preventDefault();
  checkpoint(doc);
  const level = (ms.atLeast !== undefined ? ms.atLeast : ms.atMost) / u.yScale;
  const time = (ms.until !== undefined ? ms.until : ms.from) / u.tScale;
  setMilestone(doc, index, kind === 'level' ? 'level' : 'time', time + dt, level + dy);
  changed();
}

function addMilestone() {
  const doc = current();
  checkpoint(doc);
  const u = units(doc.spec);
  if (!Array.isArray(doc.spec.milestones)) doc.spec.milestones = [];
  doc.spec.milestones.push({ until: roundTo(0.25 * u.tScale, 4), atLeast: roundTo(0.8 * u.yScale, 4) });
  changed();
}

// MARK: - The preview: the level bar draining over the duration, as the widget shows it

function renderPreview() {
  const doc = current();
  const t = state.preview.t;
  // The level on the drawn curve and the app's own percentage, both from the server's answer.
  const answer = doc && doc.fit && doc.fit.plot ? doc.fit : null;
  const level = answer ? curveLevel(answer, Math.min(1, Math.max(0, t))) : 1 - t;
  const shown = answer ? percentageAt(answer.plot.percentages, t) : null;
  const percent = shown === null ? Math.round(Math.min(1, Math.max(0, 1 - t)) * 100) : shown;
  $('widget-fill').style.width = Math.min(100, Math.max(0, level * 100)) + '%';
  $('widget-percent').textContent = percent + ' %';
  const u = units(doc.spec);
  $('widget-time').textContent = u.duration ? u.unit + ' ' + fixed(t * u.duration, 2) + ' of ' + fmt(u.duration, 4)
    : 't ' + fixed(t, 3);
  $('scrub').value = String(Math.round(t * 1000));
  $('scrub').setAttribute('aria-valuetext', $('widget-time').textContent + ', ' + percent + ' %');
  const f = state.frames;
  if (f) {
    const x = X(f.main, t);
    for (const line of [plot.marker]) {
      line.setAttribute('x1', x);
      line.setAttribute('x2', x);
      line.setAttribute('y1', f.main.top);
      line.setAttribute('y2', f.main.top + f.main.height);
    }
    plot.slopeMarker.setAttribute('x1', x);
    plot.slopeMarker.setAttribute('x2', x);
    plot.slopeMarker.setAttribute('y1', f.slope.top);
    plot.slopeMarker.setAttribute('y2', f.slope.top + f.slope.height);
    plot.markerDot.setAttribute('cx', x);
    plot.markerDot.setAttribute('cy', Y(f.main, level));
    const visible = state.preview.playing || t > 0 ? 'visible' : 'hidden';
    for (const node of [plot.marker, plot.slopeMarker, plot.markerDot]) node.setAttribute('visibility', visible);
  }
  $('play').textContent = state.preview.playing ? '❚❚' : '▶';
  $('play').setAttribute('aria-label', state.preview.playing ? 'Pause the preview' : 'Play the preview');
}

function previewFrame(now) {
  if (!state.preview.playing) return;
  const elapsed = now - state.preview.last;
  state.preview.last = now;
  state.preview.t = Math.min(1, state.preview.t + elapsed * state.preview.speed / 6000);
  if (state.preview.t >= 1) state.preview.playing = false;
  renderPreview();
  if (state.preview.playing) requestAnimationFrame(previewFrame);
}

function togglePlay() {
  const p = state.preview;
  p.playing = !p.playing;
  if (p.playing) {
    if (p.t >= 1) p.t = 0;
    p.last = performance.now();
    requestAnimationFrame(previewFrame);
  }
  renderPreview();
}

// MARK: - The verdict card

function renderVerdict() {
  const doc = current();
  const verdict = $('verdict');
  const detail = $('verdict-detail');
  const summary = $('summary');
  const stats = $('stats');
  clear(stats);
  $('overlay-note').hidden = true;
  if (doc.broken) {
    // The curve behind the error panel is a stand-in, not the file: say so, and judge nothing.
    verdict.className = 'verdict error';
    verdict.textContent = '⚠ Placeholder: “' + doc.name + '” did not load';
    detail.textContent = 'The curve shown is a preset standing in for your file; fix the file\'s text beside it, ' +
      'or start over from a preset.';
    summary.textContent = '';
    return;
  }
  if (doc.error) {
    verdict.className = 'verdict error';
    verdict.textContent = '⚠ Cannot fit';
    detail.textContent = doc.error.error + (doc.error.field ? ' (' + doc.error.field + ')' : '');
    summary.textContent = '';
    return;
  }
  const fit = doc.fit;
  if (!fit) return;
  const mono = fit.monotonic;
  const rising = doc.profile ? doc.profile.rising : [];
  const spec = doc.spec;
  if (mono.decreasing) {
    verdict.className = 'verdict good';
    verdict.textContent = '✓ Never rises' + (mono.policy === 'enforce' && !mono.wasAlreadyMonotone ? ' (enforced)' : '');
  } else {
    verdict.className = 'verdict bad';
    const scale = units(spec).duration || 1;
    const where = rising.map(([a, b]) => fmt(a * scale, 3) + '–' + fmt(b * scale, 3)).join(', ');
    verdict.textContent = '✗ Rises' + (where ? ': ' + (units(spec).duration ? units(spec).units + ' ' : 't ') + where : '');
  }
  // Words in the designer's units first; the exact witness and the statistics on hover.
  const witness = fit.monotonicity && fit.monotonicity.witness;
  const slopeWords = slopeUnits(units(spec));
  detail.textContent = witness
    ? 'Proven: the level goes up by ' + fmt(witness.slope * slopeWords.scale, 3) + ' ' + slopeWords.label +
      ' at ' + timeLabel(spec, witness.t)
    : mono.decreasing ? 'Proven by an exact check on the whole period' : 'Exact verdict: ' + mono.verdict;
  detail.title = witness ? 'Exact witness: ' + witness.text + ' > 0' : 'Exact verdict: ' + mono.verdict;
  if (mono.policy === 'ignore') detail.textContent += ' · rising allowed (monotonic: ignore)';
  if (mono.policy === 'enforce' && mono.wasAlreadyMonotone === false && mono.active) {
    detail.textContent += ' · made to never rise: held flat where it would go up, missing your points by ' +
      levelGap(mono.rmseRise, spec, true) + ' more';
    detail.title += ' · active constraints: ' + mono.active.join(', ') + ' · RMSE +' + fmt(mono.rmseRise, 3);
  }
  const worst = fit.maxAbsResidual;
  const worstT = fit.maxAbsResidualT;
  let text = fit.summary ? String(fit.summary) : '';
  if (!text) {
    text = 'Worst miss ' + levelGap(worst, spec, true) + ' at ' + timeLabel(spec, worstT / 1) +
      ' (point ' + (fit.maxAbsResidualIndex + 1) + ').';
    const list = Array.isArray(spec.milestones) ? spec.milestones : [];
    if (list.length) {
      const met = (Array.isArray(fit.milestones) ? fit.milestones : []).filter((state) => state.holds).length;
      text += ' Milestones met: ' + met + ' of ' + list.length + '.';
    }
    if (!mono.decreasing) text += ' The level goes up where the plot is red.';
  }
  summary.textContent = text;
  // Words first; the statistic's own name is one hover away.
  const add = (label, value, statistic) => {
    const box = html('div', statistic ? { title: statistic } : {});
    box.appendChild(html('dt', {}, label));
    box.appendChild(html('dd', {}, value));
    stats.appendChild(box);
  };
  const gapUnit = units(spec).percent ? ', in percentage points (pp)' : ', as a fraction of the level';
  add('Typical miss', levelGap(fit.rmse, spec), 'RMSE: root-mean-square residual' + gapUnit);
  add('Worst miss', levelGap(worst, spec), 'max |r|: the largest residual' + gapUnit);
  add('Explained', fit.rSquared === null ? '—' : fixed(fit.rSquared * 100, 2) + ' %', 'R²: the share of variance explained');
  add('Sensitivity', fmt(fit.conditionNumber, 3), 'condition number of the column-scaled design (lower is steadier)');
  if (doc.enforce && !mono.decreasing && spec.monotonic !== 'enforce') {
    $('overlay-note').hidden = false;
    $('overlay-text').textContent = 'Best curve that never rises (enforce): typical miss ' +
      levelGap(doc.enforce.rmse, spec, true);
  }
}

// MARK: - The side panel

function renderSettings() {
  const doc = current();
  const spec = doc.spec;
  const u = units(spec);
  if (document.activeElement !== $('name') || state.forceInputs) $('name').value = spec.name || '';
  for (const button of document.querySelectorAll('#policy button')) {
    button.setAttribute('aria-checked', String(button.dataset.policy === (spec.monotonic || 'require')));
  }
  $('degree').value = String(spec.degree || 3);
  setInput($('min-slope'), spec.minSlope);
  setInput($('duration'), spec.duration !== undefined ? spec.duration : spec.durationDays);
  $('duration-label').textContent = 'Duration (' + durationUnit(spec) + ')';
  $('endpoints-field').hidden = !state.features.units;
  $('units-row').hidden = !state.features.units;
  for (const button of document.querySelectorAll('#time-unit button')) {
    button.setAttribute('aria-checked', String(button.dataset.unit === (spec.timeUnit || 'normalized')));
  }
  for (const button of document.querySelectorAll('#level-unit button')) {
    button.setAttribute('aria-checked', String(button.dataset.unit === (spec.levelUnit || 'fraction')));
  }
  $('endpoints').checked = spec.endpoints !== false;
  // The endpoints in the designer's words and units: full at the start, empty at the end.
  const full = levelLabel(1, spec);
  const empty = levelLabel(0, spec);
  $('endpoints-text').textContent = 'starts at ' + full + ', ends at ' + empty;
  const explicit = Array.isArray(spec.constraints) ? spec.constraints : null;
  $('constraints').textContent = explicit
    ? 'Constraints: ' + (explicit.length ? explicit.map((k) => k.value !== undefined ? 'f(' + k.t + ') = ' + k.value
      : 'f′(' + k.t + ') = ' + k.slope).join(', ') : 'none (unconstrained)')
    : (spec.endpoints === false ? 'No endpoint constraints: the curve may start and end anywhere.'
      : 'Full (' + full + ') at the start, empty (' + empty + ') at the end: f(0) = 1, f(1) = 0.');
  $('min-slope-label').textContent = 'Min slope' + (u.days || u.percent ? ' (' + (u.percent ? '%' : 'level') + '/' +
    (u.days ? u.unit : 'period') + ')' : '');
  $('t-head').textContent = u.days ? u.unit : 't';
  $('y-head').textContent = u.percent ? 'level %' : 'level';
  for (const id of ['min-slope', 'duration', 'degree', 'name']) $(id).classList.remove('invalid');
  const field = doc.error && doc.error.field;
  const fieldInput = { minSlope: 'min-slope', durationDays: 'duration', duration: 'duration', degree: 'degree',
    name: 'name' }[field];
  if (fieldInput) $(fieldInput).classList.add('invalid');
  renderTable();
  renderMilestoneList();
  $('add-milestone').hidden = !state.features.milestones;
}

/** A value for an input: six significant digits (the spec keeps every digit until edited). */
function shortNumber(value) { return typeof value === 'number' ? String(Number(value.toPrecision(6))) : value; }
function setInput(input, value) {
  if (document.activeElement === input && !state.forceInputs) return;
  input.value = value === undefined || value === null ? '' : String(value);
}

function renderTable() {
  const doc = current();
  const spec = doc.spec;
  const body = $('points');
  const points = spec.points || [];
  while (body.children.length > points.length) body.removeChild(body.lastChild);
  while (body.children.length < points.length) {
    const row = html('tr');
    row.appendChild(html('td'));
    for (const part of ['t', 'y', 'w']) {
      const cell = html('td');
      const input = html('input', { type: 'number', step: 'any', 'data-part': part });
      input.addEventListener('change', onCellChange);
      input.addEventListener('focus', () => select(Number(row.dataset.index), false));
      cell.appendChild(input);
      row.appendChild(cell);
    }
    const exactCell = html('td');
    const exact = html('input', { type: 'checkbox', 'data-part': 'exact' });
    exact.addEventListener('change', () => toggleExact(Number(row.dataset.index)));
    exactCell.appendChild(exact);
    row.appendChild(exactCell);
    const cell = html('td');
    const remove = html('button', { title: 'Delete this point' }, '×');
    remove.addEventListener('click', () => deletePoint(Number(row.dataset.index)));
    cell.appendChild(remove);
    row.appendChild(cell);
    body.appendChild(row);
  }
  points.forEach((p, i) => {
    const row = body.children[i];
    row.dataset.index = String(i);
    row.classList.toggle('selected', i === state.selected);
    row.children[0].textContent = String(i + 1);
    const inputs = row.querySelectorAll('input');
    inputs[3].checked = false;
    inputs[3].setAttribute('aria-label', 'Point ' + (i + 1) + ' exact');
    inputs[3].title = 'Make point ' + (i + 1) + ' exact: the curve passes through it';
    inputs[0].setAttribute('aria-label', 'Point ' + (i + 1) + ' time');
    inputs[1].setAttribute('aria-label', 'Point ' + (i + 1) + ' level');
    inputs[2].setAttribute('aria-label', 'Point ' + (i + 1) + ' weight');
    setInput(inputs[0], shortNumber(p[0]));
    setInput(inputs[1], shortNumber(p[1]));
    setInput(inputs[2], spec.weights ? spec.weights[i] : '');
    inputs[2].placeholder = '1';
    const field = doc.error && doc.error.field;
    inputs[0].classList.toggle('invalid', field === 'points[' + i + '][0]' || field === 'points[' + i + ']');
    inputs[1].classList.toggle('invalid', field === 'points[' + i + '][1]');
    inputs[2].classList.toggle('invalid', field === 'weights[' + i + ']' || (field === 'weights' && i === 0));
  });
  renderExactTable(doc);
}

/** The exact points' rows, under the weighted points: time and level editable, the toggle checked. */
function renderExactTable(doc) {
  const body = $('exact-points');
  clear(body);
  const field = doc.error && doc.error.field;
  exactPoints(doc.spec).forEach((exact, k) => {
    const row = html('tr', { class: 'exact-row', 'data-constraint': String(exact.index) });
    row.appendChild(html('td', { title: 'Exact point' }, '◆'));
    for (const [part, value, label] of [['t', exact.t, 'time'], ['value', exact.value, 'level']]) {
      const cell = html('td');
      const input = html('input', { type: 'number', step: 'any', 'aria-label': 'Exact point ' + (k + 1) + ' ' + label });
      input.value = String(shortNumber(value));
      input.classList.toggle('invalid', field !== null && field !== undefined &&
        field.startsWith('constraints[' + exact.index + ']'));
      input.addEventListener('change', () => {
        const number = Number(input.value);
        if (input.value.trim() === '' || !isFinite(number)) return;
        checkpoint(doc);
        doc.spec.constraints[exact.index][part] = number;
        changed();
      });
      cell.appendChild(input);
      row.appendChild(cell);
    }
    row.appendChild(html('td', { class: 'muted small' }, '—'));
    const toggleCell = html('td');
    const toggle = html('input', { type: 'checkbox', 'aria-label': 'Exact point ' + (k + 1) + ' exact',
      title: 'Make it a weighted point again' });
    toggle.checked = true;
    toggle.addEventListener('change', () => toggleWeighted(exact.index));
    toggleCell.appendChild(toggle);
    row.appendChild(toggleCell);
    const removeCell = html('td');
    const remove = html('button', { title: 'Delete this exact point' }, '×');
    remove.addEventListener('click', () => {
      checkpoint(doc);
      doc.spec.constraints.splice(exact.index, 1);
      if (!doc.spec.constraints.length) delete doc.spec.constraints;
      changed();
    });
    removeCell.appendChild(remove);
    row.appendChild(removeCell);
    body.appendChild(row);
  });
}

/** Makes point `index` exact: a value constraint in the spec's units, which the fit meets exactly. */
function toggleExact(index) {
  const doc = current();
  const next = makeExact(doc.spec, index);
  if (!next) {
    setStatus('A curve needs at least one weighted point; add another before making this one exact', 'bad');
    renderTable();
    return;
  }
  // Remembered, so that toggling back restores the point's weight too.
  const [t, value] = doc.spec.points[index];
  doc.exactWeights = doc.exactWeights || new Map();
  doc.exactWeights.set(t + ',' + value, doc.spec.weights ? doc.spec.weights[index] : 1);
  checkpoint(doc);
  doc.spec = next;
  state.selected = -1;
  changed(true);
}
/** Makes the exact point (value constraint `index`) a weighted point again. */
function toggleWeighted(index) {
  const doc = current();
  const constraint = doc.spec.constraints[index];
  const remembered = doc.exactWeights && constraint ? doc.exactWeights.get(constraint.t + ',' + constraint.value) : 1;
  const next = makeWeighted(doc.spec, index, remembered === undefined ? 1 : remembered);
  if (!next) return;
  checkpoint(doc);
  doc.spec = next;
  changed(true);
}

function onCellChange(event) {
  const input = event.target;
  const index = Number(input.closest('tr').dataset.index);
  const doc = current();
  const value = input.value.trim() === '' ? null : Number(input.value);
  checkpoint(doc);
  if (input.dataset.part === 'w') {
    if (value === null) {
      if (doc.spec.weights) doc.spec.weights[index] = 1;
    } else {
      if (!doc.spec.weights) doc.spec.weights = doc.spec.points.map(() => 1);
      doc.spec.weights[index] = value;
    }
    if (doc.spec.weights && doc.spec.weights.every((w) => w === 1)) delete doc.spec.weights;
  } else if (value !== null && isFinite(value)) {
    doc.spec.points[index][input.dataset.part === 't' ? 0 : 1] = value;
  }
  changed();
}

function renderMilestoneList() {
  const doc = current();
  const list = Array.isArray(doc.spec.milestones) ? doc.spec.milestones : [];
  const card = $('milestones-card');
  card.hidden = !state.features.milestones && list.length === 0;
  const box = $('milestones');
  clear(box);
  if (!list.length) {
    box.appendChild(html('p', { class: 'muted small' }, 'None. + Milestone adds a guide the curve must meet.'));
  }
  list.forEach((ms, i) => {
    const row = html('div', { class: 'milestone-row' });
    const kind = html('select', { 'aria-label': 'Milestone ' + (i + 1) + ' kind' });
    kind.appendChild(html('option', { value: 'until' }, 'at least, until'));
    kind.appendChild(html('option', { value: 'from' }, 'at most, from'));
    kind.value = ms.until !== undefined ? 'until' : 'from';
    const level = html('input', { type: 'number', step: 'any', 'aria-label': 'Milestone ' + (i + 1) + ' level' });
    level.value = String(ms.atLeast !== undefined ? ms.atLeast : ms.atMost);
    const time = html('input', { type: 'number', step: 'any', 'aria-label': 'Milestone ' + (i + 1) + ' time' });
    time.value = String(ms.until !== undefined ? ms.until : ms.from);
    const remove = html('button', { title: 'Delete this milestone' }, '×');
    const update = () => {
      checkpoint(doc);
      const l = Number(level.value);
      const t = Number(time.value);
      doc.spec.milestones[i] = kind.value === 'until' ? { until: t, atLeast: l } : { from: t, atMost: l };
      changed();
    };
    kind.addEventListener('change', update);
    level.addEventListener('change', update);
    time.addEventListener('change', update);
    remove.addEventListener('click', () => {
      checkpoint(doc);
      doc.spec.milestones.splice(i, 1);
      changed();
    });
    for (const node of [kind, level, time, remove]) row.appendChild(node);
    box.appendChild(row);
  });
}

function renderTabs() {
  const tabs = $('tabs');
  clear(tabs);
  if (state.docs.length < 2) {
    $('compare-toggle').hidden = true;
  } else {
    $('compare-toggle').hidden = false;
  }
  state.docs.forEach((doc, i) => {
    const tab = html('button', { role: 'tab', 'aria-selected': String(i === state.active) }, doc.name);
    if (doc.unsaved) tab.appendChild(html('span', { class: 'unsaved-tag', title: 'no file yet: Save asks for a name' },
      'unsaved'));
    else if (isDirty(doc)) tab.appendChild(html('span', { class: 'dirty', title: 'unsaved edits' }, '●'));
    tab.addEventListener('click', () => switchTo(i));
    tabs.appendChild(tab);
  });
  const doc = current();
  $('save').disabled = !doc || doc.scratch || !!doc.broken;
  $('save-as').disabled = !doc || doc.scratch || !!doc.broken;
  renderBroken();
  $('save').title = doc && doc.scratch ? 'Scratch pad: start curvekit design NAME.curve.json to save'
    : doc && doc.unsaved ? 'Save (Ctrl/⌘ S): asks for a file name' : 'Save (Ctrl/⌘ S)';
  $('undo').disabled = !doc || doc.past.length === 0;
  $('redo').disabled = !doc || doc.future.length === 0;
  document.title = (doc && isDirty(doc) ? '● ' : '') + (doc ? doc.name + ' — ' : '') + 'CurveKit Studio';
}

/** A document's status line ("Saved 10:37", "Reloaded", …): kept per tab, shown for the current one. */
function setStatus(text, tone, doc) {
  const owner = doc || current();
  if (owner) owner.status = { text, tone };
  if (!owner || owner === current()) showStatus(owner);
}
function showStatus(doc) {
  const status = $('status');
  const shown = (doc && doc.status) || { text: '', tone: '' };
  status.textContent = shown.text;
  status.title = shown.text;
  status.className = 'status' + (shown.tone ? ' ' + shown.tone : '');
}

// MARK: - Export

let exportTimer = 0;
function scheduleExport() {
  clearTimeout(exportTimer);
  exportTimer = setTimeout(refreshExport, 250);
}
async function refreshExport() {
  const doc = current();
  if (doc.error) {
    // Nothing ships from a spec that does not fit: no stale code to copy.
    const why = 'not shipped: the spec does not fit: ' + doc.error.error;
    state.exportText = { swift: '// ' + why, css: '/* ' + why + ' */', swiftui: '// ' + why, kotlin: '// ' + why, typescript: '// ' + why };
    state.exportOK = { swift: false, css: false, swiftui: false, kotlin: false, typescript: false };
    state.exportNotes = [];
    renderExport();
    return;
  }
  const body = { spec: doc.spec };
  // The rounded easing is the server's (curvekit export --precision), never rounded here.
  const precision = $('precision').value;
  const exportPath = '/api/export?spec=' + doc.index + (precision ? '&precision=' + precision : '');
  const [generated, exported] = await Promise.all([api('POST', '/api/generate?spec=' + doc.index, body), api('POST', exportPath, body)]);
  if (doc !== current()) return;
  state.exportText.swift = generated.status === 200 ? generated.data.swift : '// ' + generated.data.error;
  state.exportText.kotlin = generated.status === 200 ? generated.data.kotlin : '// ' + generated.data.error;
  state.exportText.typescript = generated.status === 200 ? generated.data.typescript : '// ' + generated.data.error;
  state.exportText.css = exported.status === 200 ? exported.data.css : '/* ' + exported.data.error + ' */';
  state.exportText.swiftui = exported.status === 200 ? exported.data.swiftui : '// ' + exported.data.error;
  // The ship rule's answer: a refused curve (422, with its diagnostics) has nothing to copy.
  const generatedOK = generated.status === 200;
  state.exportOK = {
    swift: generatedOK, css: exported.status === 200, swiftui: exported.status === 200,
    kotlin: generatedOK && !generated.data.kotlin.startsWith('// not generated'),
    typescript: generatedOK && !generated.data.typescript.startsWith('// not generated'),
  };
  state.exportNotes = [].concat(generated.status === 200 ? generated.data.notes : [],
    exported.status === 200 ? exported.data.notes : []);
  renderExport();
}
function renderExport() {
  for (const tab of document.querySelectorAll('[data-format]')) {
    tab.setAttribute('aria-selected', String(tab.dataset.format === state.format));
  }
  $('code').textContent = state.exportText[state.format] || '';
  $('precision-label').hidden = !(state.format === 'css' || state.format === 'swiftui');
  $('code-notes').textContent = state.exportNotes.join(' ');
  const shippable = !!(state.exportOK && state.exportOK[state.format]);
  $('copy').disabled = !shippable;
  $('copy').title = shippable ? 'Copy to the clipboard' : 'Nothing to copy: this curve does not ship (see the comment)';
}
async function copyCode() {
  if (!(state.exportOK && state.exportOK[state.format])) return;
  const text = state.exportText[state.format] || '';
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    const range = document.createRange();
    range.selectNodeContents($('code'));
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    document.execCommand('copy');
  }
  state.copied = text;
  $('copy').textContent = 'Copied ✓';
  setTimeout(() => { $('copy').textContent = 'Copy'; }, 1200);
}

// MARK: - Editing, undo and redo

function current() { return state.docs[state.active]; }
function isDirty(doc) { return !doc.scratch && doc.loaded && (doc.unsaved || canon(doc.spec) !== doc.baseline); }
function checkpoint(doc) { historyCheckpoint(doc, canon(doc.spec)); }
function undo() {
  const doc = current();
  const previous = historyUndo(doc, canon(doc.spec));
  if (previous === null) return;
  doc.spec = JSON.parse(previous);
  state.selected = Math.min(state.selected, doc.spec.points.length - 1);
  changed(true);
}
function redo() {
  const doc = current();
  const next = historyRedo(doc, canon(doc.spec));
  if (next === null) return;
  doc.spec = JSON.parse(next);
  changed(true);
}
/**
 * After any edit: refit (at most once per frame), redraw the side panel, mark the tab. `replaced`: the
 * whole spec changed (undo, redo, a reload), so even the focused field shows the new value.
 */
function changed(replaced) {
  state.forceInputs = !!replaced;
  renderSettings();
  state.forceInputs = false;
  renderTabs();
  render();
  requestFit();
}
function select(index, focus) {
  state.selected = index;
  if (focus && plot.handles.children[index]) plot.handles.children[index].focus();
  for (const [i, g] of Array.from(plot.handles.children).entries()) g.classList.toggle('selected', i === index);
  for (const [i, row] of Array.from($('points').children).entries()) row.classList.toggle('selected', i === index);
}
function deletePoint(index) {
  const doc = current();
  if (doc.spec.points.length <= 1 || index < 0) return;
  checkpoint(doc);
  doc.spec.points.splice(index, 1);
  if (doc.spec.weights) doc.spec.weights.splice(index, 1);
  state.selected = Math.min(index, doc.spec.points.length - 1);
  changed();
}
function addPoint(tNorm, yNorm) {
  const doc = current();
  checkpoint(doc);
  const spec = doc.spec;
  const t = specT(spec, tNorm);
  const y = specY(spec, yNorm);
  let index = spec.points.findIndex((p) => p[0] > t);
  if (index < 0) index = spec.points.length;
  spec.points.splice(index, 0, [t, y]);
  if (spec.weights) spec.weights.splice(index, 0, 1);
  state.selected = index;
  changed();
}
function addPointInGap() {
  const doc = current();
  const ts = [0].concat(normPoints(doc.spec).map((p) => p[0]).sort((a, b) => a - b), [1]);
  let best = 0;
  for (let i = 1; i < ts.length; i++) if (ts[i] - ts[i - 1] > ts[best + 1] - ts[best]) best = i - 1;
  const t = (ts[best] + ts[best + 1]) / 2;
  const level = curveLevel(doc.fit, t);
  addPoint(t, Number.isFinite(level) ? level : 1 - t);
}
function movePoint(doc, index, tNorm, yNorm) {
  const spec = doc.spec;
  const inside = endpointsHold(spec);
  const t = inside ? clamp(tNorm, 0, 1) : tNorm;
  const y = inside ? clamp(yNorm, 0, 1) : clamp(yNorm, -1, 2);
  spec.points[index] = [specT(spec, t), specY(spec, y)];
}

/** Moves the exact point (value constraint `index`) to (t, y) in the plot's frame. */
function moveExact(doc, index, tNorm, yNorm) {
  const spec = doc.spec;
  const constraint = (spec.constraints || [])[index];
  if (!constraint) return;
  const inside = endpointsHold(spec);
  constraint.t = specT(spec, inside ? clamp(tNorm, 0, 1) : tNorm);
  constraint.value = specY(spec, inside ? clamp(yNorm, 0, 1) : clamp(yNorm, -1, 2));
}

// MARK: - Pointer and keyboard

function svgPoint(event) {
  const matrix = plot.svg.getScreenCTM();
  if (!matrix) return { x: 0, y: 0 };
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}
function onHandlePointerDown(event) {
  event.preventDefault();
  event.stopPropagation();
  const index = Number(event.currentTarget.dataset.index);
  const doc = current();
  checkpoint(doc);
  const [t0, y0] = normPoints(doc.spec)[index];
  state.drag = { kind: 'point', index, pointer: event.pointerId, moved: false, start: { t: t0, y: y0 } };
  state.frozen = state.frames;
  select(index, true);
  plot.svg.setPointerCapture(event.pointerId);
  plot.svg.classList.add('dragging');
}
/** Starts dragging the exact point (value constraint) under the pointer. */
function onExactPointerDown(event) {
  event.preventDefault();
  event.stopPropagation();
  const index = Number(event.currentTarget.dataset.exact);
  const doc = current();
  const constraint = (doc.spec.constraints || [])[index];
  if (!constraint) return;
  checkpoint(doc);
  const u = units(doc.spec);
  state.drag = { kind: 'exact', index, pointer: event.pointerId, moved: false,
    start: { t: constraint.t / u.tScale, y: constraint.value / u.yScale } };
  state.frozen = state.frames;
  plot.svg.setPointerCapture(event.pointerId);
  plot.svg.classList.add('dragging');
}
function onPlotPointerDown(event) {
  if (event.target === plot.svg || event.target.classList.contains('panel-bg')) select(-1, false);
}
function onPointerMove(event) {
  const drag = state.drag;
  if (!drag || event.pointerId !== drag.pointer) return;
  const doc = current();
  const f = state.frames.main;
  const p = svgPoint(event);
  drag.moved = true;
  if (drag.kind === 'point' || drag.kind === 'exact') {
    // Shift locks the axis the drag started along; Ctrl/⌘ snaps to half units and whole percents;
    // levels stick to milestone lines (core.mjs snapDrag).
    const u = units(doc.spec);
    const milestoneLevels = (Array.isArray(doc.spec.milestones) ? doc.spec.milestones : [])
      .map((m) => (m.atLeast !== undefined ? m.atLeast : m.atMost) / u.yScale);
    const next = snapDrag({
      t: fromX(f, p.x), y: fromY(f, p.y), start: drag.start, axisLock: event.shiftKey,
      snap: event.ctrlKey || event.metaKey, timeScale: u.duration || 1, milestoneLevels,
    });
    if (drag.kind === 'point') movePoint(doc, drag.index, next.t, next.y);
    else moveExact(doc, drag.index, next.t, next.y);
    state.pendingMoves.push(event.timeStamp);
    state.metrics.dispatch.push(performance.now() - event.timeStamp);
  } else {
    setMilestone(doc, drag.index, drag.part, fromX(f, p.x), fromY(f, p.y));
  }
  renderPoints(doc, state.frames);
  renderMilestones(doc, state.frames);
  requestFit();
}
function onPointerUp(event) {
  const drag = state.drag;
  if (!drag || event.pointerId !== drag.pointer) return;
  const doc = current();
  if (!drag.moved) dropCheckpoint(doc);
  state.drag = null;
  state.frozen = null;
  plot.svg.classList.remove('dragging');
  changed();
}
function onPlotDoubleClick(event) {
  if (event.target.closest && event.target.closest('.handle')) return;
  const f = state.frames.main;
  const p = svgPoint(event);
  if (!insideFrame(f, p.x, p.y)) return;
  addPoint(fromX(f, p.x), fromY(f, p.y));
}
function onHandleKey(event) {
  const index = Number(event.currentTarget.dataset.index);
  const doc = current();
  const [t, y] = normPoints(doc.spec)[index];
  const next = keyMove(event.key, event.shiftKey, t, y);
  if (event.key === 'Delete' || event.key === 'Backspace') {
    event.preventDefault();
    deletePoint(index);
    requestAnimationFrame(() => select(state.selected, true));
    return;
  }
  if (!next) return;
  event.preventDefault();
  checkpoint(doc);
  movePoint(doc, index, next[0], next[1]);
  changed();
}
function onGlobalKey(event) {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && key === 'z') {
    event.preventDefault();
    if (event.shiftKey) redo(); else undo();
  } else if (mod && key === 'y') {
    event.preventDefault();
    redo();
  } else if (mod && key === 's') {
    event.preventDefault();
    save();
  } else if (!mod && (event.key === 'Delete' || event.key === 'Backspace') && state.selected >= 0 &&
    !/^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName) && !event.target.closest('.handle, .milestone')) {
    event.preventDefault();
    deletePoint(state.selected);
  } else if (!mod && key === 'p' && !/^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)) {
    togglePlay();
  }
}

// MARK: - Fitting: at most one request in flight, the latest spec once per frame

let fitFrame = 0;
let fitBusy = false;
let fitWanted = false;
let generation = 0;
state.pendingMoves = [];
let lastFitFrame = -1;
/** The current frame's time: document.timeline advances once per frame. */
function frameTime() {
  const time = document.timeline ? document.timeline.currentTime : null;
  return time === null || time === undefined ? Math.floor(performance.now() / 16) : time;
}
/** Fits now when nothing is in flight and no fit started in this frame; otherwise on the next frame. */
function requestFit() {
  fitWanted = true;
  if (!fitBusy && lastFitFrame !== frameTime()) {
    flushFit();
  } else if (!fitFrame) {
    fitFrame = requestAnimationFrame(flushFit);
  }
}
async function flushFit() {
  fitFrame = 0;
  if (fitBusy || !fitWanted) return;
  lastFitFrame = frameTime();
  fitWanted = false;
  fitBusy = true;
  const doc = current();
  const moves = state.pendingMoves;
  state.pendingMoves = [];
  const mine = ++generation;
  const started = performance.now();
  let result;
  try {
    result = await fitRequest(doc.index, doc.spec);
  } catch (error) {
    result = { status: 0, data: { error: 'the studio server is not answering' } };
  }
  const answered = performance.now();
  state.metrics.fits.push(answered - started);
  if (result.status === 200) {
    doc.fit = result.data;
    if (result.data.plot) doc.units = result.data.plot.units;
    doc.error = null;
    doc.errorPoint = -1;
  } else {
    doc.error = result.data || { error: 'HTTP ' + result.status };
    const match = /^points\[(\d+)\]/.exec(doc.error.field || '');
    doc.errorPoint = match ? Number(match[1]) : -1;
  }
  if (doc === current()) {
    render();
    renderVerdict();
    if (result.status !== 200 || !state.drag) renderSettings();
    const done = performance.now();
    for (const stamp of moves) state.metrics.moves.push(done - stamp);
    state.metrics.renders.push(done - answered);
  }
  state.metrics.fitsDone++;
  fitBusy = false;
  if (fitWanted) {
    if (!fitFrame) fitFrame = requestAnimationFrame(flushFit);
  } else if (mine === generation) {
    afterFit(doc);
  }
}
/** When the plain fit rises, fit the same spec under enforce and overlay it; refresh the export. */
async function afterFit(doc) {
  const fit = doc.fit;
  const spec = doc.spec;
  if (fit && !doc.error && !fit.monotonic.decreasing && spec.monotonic !== 'enforce' && fit.monotonic.enforceAvailable) {
    const asked = canon(spec);
    const result = await fitRequest(doc.index, Object.assign({}, spec, { monotonic: 'enforce' }));
    if (canon(doc.spec) !== asked) return;
    doc.enforce = result.status === 200 ? result.data : null;
  } else {
    doc.enforce = null;
  }
  if (doc === current()) {
    render();
    renderVerdict();
    scheduleExport();
  }
}

// MARK: - The live channel: a WebSocket for fits while dragging (one message each way, no HTTP request)

const live = { socket: null, open: false, next: 1, waiting: new Map(), delay: RECONNECT.first };
function retryLive() {
  setTimeout(connectLive, live.delay);
  live.delay = nextDelay(live.delay);
}
/** Opens the live channel with a one-time ticket (a browser cannot send a header on a WebSocket). */
async function connectLive() {
  if (!('WebSocket' in window)) return;
  let socket;
  try {
    const ticket = await api('POST', '/api/ws-ticket');
    if (ticket.status === 401) return;  // no valid token: fetch says so, retrying cannot help
    if (ticket.status !== 200 || !ticket.data || typeof ticket.data.ticket !== 'string') return retryLive();
    socket = new WebSocket('ws://' + location.host + '/api/live?ticket=' + encodeURIComponent(ticket.data.ticket));
  } catch (error) {
    return retryLive();
  }
  live.socket = socket;
  socket.onopen = () => {
    live.open = true;
    live.delay = RECONNECT.first;
    state.metrics.transport = 'websocket';
  };
  socket.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch (error) { return; }
    const resolve = live.waiting.get(message.id);
    if (resolve) {
      live.waiting.delete(message.id);
      resolve({ status: message.status, data: message.body });
    }
  };
  socket.onclose = () => {
    live.open = false;
    live.socket = null;
    state.metrics.transport = 'fetch';
    for (const resolve of live.waiting.values()) resolve(null);
    live.waiting.clear();
    retryLive();
  };
}
/** A fit over the live channel when it is open, else (or when it drops) as POST /api/fit: the same answer. */
function fitRequest(index, spec) {
  const post = () => api('POST', '/api/fit?spec=' + index, { spec }, undefined, 'high');
  if (!live.open) return post();
  return new Promise((resolve) => {
    const id = live.next++;
    live.waiting.set(id, resolve);
    live.socket.send(JSON.stringify({ id, op: 'fit', index, spec }));
  }).then((result) => result || post());
}

// MARK: - Server calls, saving, and watching the file on disk

async function api(method, url, body, headers, priority) {
  const init = { method, headers: Object.assign({}, headers || {}), credentials: 'omit', cache: 'no-store' };
  if (auth.token) init.headers.Authorization = 'Bearer ' + auth.token;
  if (priority) init.priority = priority;
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch (error) { data = { error: text }; }
  }
  return { status: response.status, data, etag: response.headers.get('ETag') };
}

/**
 * Takes the server's answer to a save (its ETag and the spec as written) as the document's
 * file; the spec itself is replaced only when nothing was edited meanwhile (`sent` is what was
 * saved). True when it was unchanged.
 */
function acceptSaved(doc, data, sent) {
  doc.etag = data.etag;
  doc.exists = true;
  doc.baseline = canon(data.spec);
  const unchanged = canon(doc.spec) === sent;
  if (unchanged) doc.spec = data.spec;
  hideBanner();
  return unchanged;
}

async function save() {
  const doc = current();
  if (doc.scratch || doc.saving) return;
  if (doc.unsaved) return saveAs();
  if (doc.broken) {
    setStatus('Not saved: “' + doc.name + '” did not load; fix its text first', 'bad');
    return;
  }
  doc.saving = true;
  setStatus('Saving…', '', doc);
  const headers = doc.etag ? { 'If-Match': doc.etag } : { 'If-None-Match': '*' };
  const sent = canon(doc.spec);
  let result;
  try {
    result = await api('PUT', '/api/spec?spec=' + doc.index, { spec: doc.spec }, headers);
  } finally {
    doc.saving = false;
  }
  if (result.status === 200) {
    const unchanged = acceptSaved(doc, result.data, sent);
    setStatus('Saved ' + new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }), 'good', doc);
    changed(unchanged);
  } else if (result.status === 412) {
    showConflict(doc, 'changed on disk since you loaded it. Your save was not written.');
    setStatus('Not saved: conflict', 'bad', doc);
  } else {
    setStatus('Not saved: ' + (result.data && result.data.error), 'bad', doc);
  }
}

// MARK: - Unsaved tabs: share links, new curves, and Save as… (the server checks every name)

/**
 * Asks for one line of text in the dialog; `action(text)` answers an error to show (the dialog
 * stays open) or null (it closes). Resolves true when an action succeeded, false on Cancel.
 */
function ask({ title, label, hint, value, ok }, action) {
  const dialog = $('ask');
  $('ask-title').textContent = title;
  $('ask-label').textContent = label;
  $('ask-hint').textContent = hint || '';
  $('ask-ok').textContent = ok;
  $('ask-error').textContent = '';
  const input = $('ask-input');
  input.value = value || '';
  return new Promise((resolve) => {
    let busy = false;
    const finish = (result) => {
      $('ask-form').onsubmit = null;
      $('ask-cancel').onclick = null;
      dialog.oncancel = null;
      if (dialog.open) dialog.close();
      resolve(result);
    };
    $('ask-form').onsubmit = async (event) => {
      event.preventDefault();
      if (busy) return;
      busy = true;
      let error;
      try {
        error = await action(input.value);
      } catch (caught) {
        error = 'the studio server is not answering';
      }
      busy = false;
      if (error) {
        $('ask-error').textContent = error;
        input.focus();
      } else {
        finish(true);
      }
    };
    $('ask-cancel').onclick = () => finish(false);
    dialog.oncancel = () => finish(false);
    dialog.showModal();
    input.focus();
    const dot = input.value.indexOf('.curve.json');
    input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
  });
}

const NAME_HINT = 'A bare file name ending in .curve.json, created in the folder the studio was started from; ' +
  'an existing file is never overwritten.';

/** Save as… (and Save on an unsaved tab): a new file, named here, created by the server with O_EXCL. */
async function saveAs() {
  const doc = current();
  if (!doc || doc.scratch || doc.saving || doc.broken) return;
  const saved = await ask({ title: doc.unsaved ? 'Save “' + doc.name + '”' : 'Save “' + doc.name + '” as',
    label: 'File name', hint: NAME_HINT, value: suggestFileName(doc.spec && doc.spec.name), ok: 'Save' },
  async (name) => {
    const sent = canon(doc.spec);
    doc.saving = true;
    let result;
    try {
      result = await api('POST', '/api/save-as?spec=' + doc.index, { spec: doc.spec, name });
    } finally {
      doc.saving = false;
    }
    if (result.status !== 201) {
      const data = result.data || {};
      return (data.error || 'HTTP ' + result.status) + (data.field ? ' (field ' + data.field + ')' : '');
    }
    doc.unsaved = false;
    doc.name = result.data.name;
    const unchanged = acceptSaved(doc, result.data, sent);
    setStatus('Saved as ' + doc.name, 'good', doc);
    changed(unchanged);
    return null;
  });
  if (!saved) $('save').focus();
}

/** Adds the unsaved tab the server just opened ({index, name}) and shows it. */
async function addTab(data) {
  state.docs.push({
    index: data.index, name: data.name, spec: null, etag: null, exists: false, baseline: null, past: [], future: [],
    fit: null, enforce: null, error: null, loaded: false, scratch: false, unsaved: true,
  });
  await switchTo(state.docs.length - 1);
  setStatus('Not saved yet: Save asks for a file name', '', current());
}

/** A new blank curve in a new tab (the server decides what blank is). */
async function newCurve() {
  const result = await api('POST', '/api/new', {});
  if (result.status !== 201) {
    setStatus('No new curve: ' + ((result.data && result.data.error) || 'HTTP ' + result.status), 'bad');
    return;
  }
  await addTab(result.data);
}

/** Opens a share link's payload in a new tab; the server decodes and validates it. An error, or null. */
async function openPayload(payload) {
  const result = await api('POST', '/api/open', { payload });
  if (result.status !== 201) return (result.data && result.data.error) || 'HTTP ' + result.status;
  await addTab(result.data);
  return null;
}

/** Open link…: the dialog, for a link pasted or typed. */
function openLinkDialog() {
  ask({ title: 'Open a share link', label: 'Link', ok: 'Open',
    hint: 'A link from curvekit share (http://127.0.0.1/#spec=…). It opens in a new tab; nothing is written.' },
  (text) => openPayload(sharePayload(text) || text.trim()));
}

/** Ctrl/⌘-V of text holding a share link, outside a text field: opens it in a new tab. */
async function onPaste(event) {
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) || $('ask').open) return;
  const text = event.clipboardData && event.clipboardData.getData('text');
  const payload = sharePayload(text);
  if (!payload) return;
  event.preventDefault();
  const error = await openPayload(payload);
  if (error) setStatus('Link not opened: ' + error, 'bad');
}

/**
 * Loads a document. A file that exists but did not load (invalid, or unreadable) opens as an
 * error state: `doc.broken` holds the error and the file's text, the plot shows a placeholder
 * that is not dirty, and nothing can save over the file until the designer fixes the text here
 * or confirms starting over twice.
 */
async function load(doc) {
  const result = await api('GET', '/api/spec?spec=' + doc.index);
  doc.broken = null;
  if (result.status === 200 && result.data.spec) {
    doc.spec = result.data.spec;
    doc.units = result.data.units || null;
    doc.etag = result.data.etag;
    doc.exists = true;
    doc.baseline = canon(doc.spec);
  } else if (result.status === 200 || result.status !== 404) {
    const invalid = (result.data && result.data.invalid) || {};
    doc.broken = {
      error: invalid.error || (result.data && result.data.error) || 'the studio could not read the file (HTTP ' +
        result.status + ')',
      field: invalid.field || null,
      text: result.data && typeof result.data.text === 'string' ? result.data.text : null,
    };
    doc.spec = Object.assign(starter(doc.name), { name: 'Placeholder' });
    doc.etag = result.status === 200 ? result.data.etag : null;
    doc.exists = true;
    doc.baseline = canon(doc.spec);
    setStatus('Not loaded: “' + doc.name + '” is not a valid spec', 'bad');
  } else {
    doc.spec = starter(doc.name);
    doc.etag = null;
    doc.exists = false;
    doc.baseline = null;
    setStatus('New file: the first save creates ' + doc.name);
  }
  doc.loaded = true;
}

function starter(fileName) {
  const base = (fileName || 'curve').replace(/\.curve\.json$|\.json$/i, '').replace(/[-_]+/g, ' ').trim();
  const name = base ? base.replace(/\b\w/g, (ch) => ch.toUpperCase()) : 'New Curve';
  const preset = state.presets[0];
  const spec = preset ? clone(preset.spec) : { points: [[0.25, 0.8], [0.5, 0.57], [0.75, 0.31]], degree: 3 };
  spec.name = name;
  delete spec.description;
  return spec;
}

// MARK: - A file that did not load

/** Shows the error state of the current document, or hides it. */
function renderBroken() {
  const doc = current();
  const broken = doc && doc.broken;
  $('broken').hidden = !broken;
  if (!broken) return;
  $('broken-error').textContent = broken.error + (broken.field ? ' (field ' + broken.field + ')' : '');
  const area = $('broken-text');
  if (area.dataset.doc !== String(doc.index)) {
    area.value = broken.text === null ? '' : broken.text;
    area.dataset.doc = String(doc.index);
  }
  area.disabled = broken.text === null;
  $('broken-use').disabled = broken.text === null || !doc.etag;
  if (state.resetArmed !== doc) $('broken-reset').textContent = 'Start over from a preset…';
}

/** Sends the fixed text as the file's new content, if it is JSON and a valid spec. */
async function useFixedText() {
  const doc = current();
  if (!doc.broken || !doc.etag) return;
  let parsed;
  try {
    parsed = JSON.parse($('broken-text').value);
  } catch (error) {
    $('broken-error').textContent = 'Still not JSON: ' + error.message;
    return;
  }
  doc.saving = true;
  let result;
  try {
    result = await api('PUT', '/api/spec?spec=' + doc.index, { spec: parsed }, { 'If-Match': doc.etag });
  } finally {
    doc.saving = false;
  }
  if (result.status === 200) {
    doc.broken = null;
    doc.spec = result.data.spec;
    doc.etag = result.data.etag;
    doc.baseline = canon(doc.spec);
    delete $('broken-text').dataset.doc;
    setStatus('Saved the fixed file', 'good');
    changed(true);
  } else if (result.status === 412) {
    $('broken-error').textContent = 'The file changed on disk meanwhile; nothing was written. Reload to see it.';
  } else {
    const data = result.data || {};
    $('broken-error').textContent = 'Not saved: ' + (data.error || 'HTTP ' + result.status) +
      (data.field ? ' (field ' + data.field + ')' : '');
  }
}

/** Starts over from a preset, after a second click: only then may Save replace the file. */
function startOver() {
  const doc = current();
  if (!doc.broken) return;
  if (state.resetArmed !== doc) {
    state.resetArmed = doc;
    $('broken-reset').textContent = 'Click again to replace the file with a preset when you save';
    return;
  }
  state.resetArmed = null;
  doc.broken = null;
  doc.spec = starter(doc.name);
  doc.baseline = null;
  delete $('broken-text').dataset.doc;
  setStatus('Started over from a preset: Save replaces “' + doc.name + '”', 'bad');
  changed(true);
}

let pollTimer = 0;
async function poll() {
  clearTimeout(pollTimer);
  const doc = current();
  if (doc && !doc.scratch && doc.loaded && !doc.saving) {
    try {
      const headers = doc.etag ? { 'If-None-Match': doc.etag } : {};
      const result = await api('GET', '/api/spec?spec=' + doc.index, undefined, headers);
      if (doc.saving) {
        // A save started meanwhile; its answer decides.
      } else if (result.status === 200 && result.data.etag !== doc.etag) {
        if (!isDirty(doc) && result.data.spec) {
          doc.broken = null;
          checkpoint(doc);
          doc.spec = result.data.spec;
          doc.units = result.data.units || doc.units;
          doc.etag = result.data.etag;
          doc.exists = true;
          doc.baseline = canon(doc.spec);
          hideBanner();
          setStatus('Reloaded: the file changed on disk', 'good');
          changed(true);
        } else {
          doc.incoming = result.data;
          showConflict(doc, result.data.spec ? 'changed on disk while you were editing.'
            : 'changed on disk, and is not a valid spec now: ' + result.data.invalid.error);
        }
      } else if (result.status === 404 && doc.exists) {
        doc.exists = false;
        doc.etag = null;
        doc.baseline = null;
        setStatus('The file was deleted on disk; Save writes it again', 'bad');
        renderTabs();
      }
    } catch (error) {
      setStatus('The studio server is not answering', 'bad');
    }
  }
  pollTimer = setTimeout(poll, document.hidden ? 4000 : 1000);
}

function showConflict(doc, text) {
  $('banner-text').textContent = '“' + doc.name + '” ' + text;
  $('banner').hidden = false;
  state.conflict = doc;
  setStatus('Changed on disk: choose in the banner', 'bad', doc);
}
function hideBanner() {
  $('banner').hidden = true;
  state.conflict = null;
}
async function takeTheirs() {
  const doc = state.conflict || current();
  checkpoint(doc);
  await load(doc);
  hideBanner();
  setStatus('Loaded the file from disk', 'good');
  changed(true);
}
async function keepMine() {
  const doc = state.conflict || current();
  const result = await api('GET', '/api/spec?spec=' + doc.index);
  if (result.status === 200) {
    doc.etag = result.data.etag;
    doc.exists = true;
  } else if (result.status === 404) {
    doc.etag = null;
    doc.exists = false;
  }
  doc.baseline = null;
  hideBanner();
  setStatus('Keeping your edits: Save overwrites the file');
  renderTabs();
}

// MARK: - Documents and start-up

async function switchTo(index) {
  if (index === state.active && current().loaded) return;
  state.active = index;
  state.selected = -1;
  const doc = current();
  if (!doc.loaded) await load(doc);
  hideBanner();
  showStatus(doc);
  state.forceInputs = true;
  renderSettings();
  state.forceInputs = false;
  renderTabs();
  render();
  renderVerdict();
  requestFit();
  poll();
}

async function fitOthers() {
  for (const doc of state.docs) {
    if (doc === current()) continue;
    if (!doc.loaded) await load(doc);
    const result = await fitRequest(doc.index, doc.spec);
    doc.fit = result.status === 200 ? result.data : null;
    if (doc.fit && doc.fit.plot) doc.units = doc.fit.plot.units;
  }
  render();
}

/** A period for a spec that switches to a unit without one. */
const DEFAULT_DURATIONS = { seconds: 60, minutes: 60, hours: 24, days: 7, weeks: 4 };

/** The unit the duration field is in: the time unit, or days for normalized time (durationDays). */
function durationUnit(spec) {
  const unit = spec.timeUnit || 'normalized';
  return unit === 'normalized' ? 'days' : unit;
}

/**
 * Sets the period from the duration field. With points in a time unit, offers to keep them
 * where they are on the plot: the server's /api/convert rescales every number to the new
 * duration (the one conversion); otherwise the numbers stay and the curve stretches.
 */
async function changeDuration(text) {
  const doc = current();
  const key = durationUnit(doc.spec) === 'days' ? 'durationDays' : 'duration';
  const value = Number(text);
  const old = doc.spec[key];
  const timed = (doc.spec.timeUnit || 'normalized') !== 'normalized';
  if (!timed || !(old > 0) || !(value > 0) || value === old || !(doc.spec.points || []).length
    || !window.confirm('Keep the points where they are on the plot (rescale them to ' + value + ' '
      + durationUnit(doc.spec) + ')?')) {
    setNumber(key, text);
    return;
  }
  await convertSpec(doc, { timeUnit: doc.spec.timeUnit, levelUnit: doc.spec.levelUnit || 'fraction', duration: value },
    'Duration not changed');
}

/**
 * The server's one conversion (POST /api/convert, CurveSpec.converted) applied to `doc` as one
 * undoable step; a refusal leaves the spec as it was and says why after `failure`.
 */
async function convertSpec(doc, request, failure) {
  const result = await api('POST', '/api/convert?spec=' + doc.index, Object.assign({ spec: doc.spec }, request));
  if (result.status !== 200) {
    setStatus(failure + ': ' + ((result.data && result.data.error) || 'HTTP ' + result.status), 'bad');
    return;
  }
  checkpoint(doc);
  doc.spec = result.data.spec;
  doc.units = result.data.units;
  changed(true);
}

/**
 * Replaces the curve by a preset shape, in the current spec's units: the server converts every
 * number (points, constraints such as the steep start's flat end, minSlope) into them, and the
 * spec's own name, duration, milestones and codegen options stay.
 */
async function applyPreset(id) {
  const preset = state.presets.find((p) => p.id === id);
  if (!preset) return;
  const doc = current();
  const spec = clone(preset.spec);
  spec.name = doc.spec.name || preset.name;
  // The preset is normalized: a period in days rides along; one in another unit goes to the conversion.
  for (const key of ['description', 'durationDays', 'codegen']) {
    if (doc.spec[key] !== undefined) spec[key] = doc.spec[key];
  }
  const timeUnit = doc.spec.timeUnit || 'normalized';
  const levelUnit = doc.spec.levelUnit || 'fraction';
  let converted = spec;
  if (timeUnit !== 'normalized' || levelUnit !== 'fraction') {
    const result = await api('POST', '/api/convert?spec=' + doc.index,
      { spec, timeUnit, levelUnit, duration: doc.spec.duration });
    if (result.status !== 200) {
      setStatus('Preset not applied: ' + ((result.data && result.data.error) || 'HTTP ' + result.status), 'bad');
      return;
    }
    converted = result.data.spec;
    doc.units = result.data.units;
  }
  // The designer's milestones are in the spec's units already: they stay as they are.
  if (Array.isArray(doc.spec.milestones) && doc.spec.milestones.length) converted.milestones = clone(doc.spec.milestones);
  checkpoint(doc);
  doc.spec = converted;
  state.selected = -1;
  changed(true);
}

function wire() {
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('save').addEventListener('click', save);
  $('save-as').addEventListener('click', saveAs);
  $('new-curve').addEventListener('click', newCurve);
  $('open-link').addEventListener('click', openLinkDialog);
  document.addEventListener('paste', onPaste);
  $('broken-use').addEventListener('click', useFixedText);
  $('broken-reset').addEventListener('click', startOver);
  $('banner-theirs').addEventListener('click', takeTheirs);
  $('banner-mine').addEventListener('click', keepMine);
  $('add-point').addEventListener('click', addPointInGap);
  $('add-milestone').addEventListener('click', addMilestone);
  $('use-enforce').addEventListener('click', () => setField('monotonic', 'enforce'));
  $('play').addEventListener('click', togglePlay);
  $('copy').addEventListener('click', copyCode);
  $('precision').addEventListener('change', refreshExport);
  $('speed').addEventListener('change', () => { state.preview.speed = Number($('speed').value); });
  $('scrub').addEventListener('input', () => {
    state.preview.t = Number($('scrub').value) / 1000;
    state.preview.playing = false;
    renderPreview();
  });
  $('compare').addEventListener('change', () => {
    state.compare = $('compare').checked;
    if (state.compare) fitOthers(); else render();
  });
  $('preset').addEventListener('change', () => {
    applyPreset($('preset').value);
    $('preset').value = '';
  });
  $('name').addEventListener('change', () => setField('name', $('name').value));
  $('degree').addEventListener('change', () => setField('degree', Number($('degree').value)));
  $('min-slope').addEventListener('change', () => setNumber('minSlope', $('min-slope').value));
  $('duration').addEventListener('change', () => changeDuration($('duration').value));
  $('endpoints').addEventListener('change', () => setField('endpoints', $('endpoints').checked ? undefined : false));
  for (const button of document.querySelectorAll('#policy button')) {
    button.addEventListener('click', () => setField('monotonic', button.dataset.policy === 'require' ? undefined
      : button.dataset.policy));
    button.addEventListener('keydown', (event) => {
      const order = ['require', 'enforce', 'ignore'];
      const i = order.indexOf(button.dataset.policy);
      const next = event.key === 'ArrowRight' ? order[(i + 1) % 3] : event.key === 'ArrowLeft' ? order[(i + 2) % 3]
        : null;
      if (!next) return;
      event.preventDefault();
      setField('monotonic', next === 'require' ? undefined : next);
      document.querySelector('#policy [data-policy=' + next + ']').focus();
    });
  }
  for (const button of document.querySelectorAll('#time-unit button, #level-unit button')) {
    button.addEventListener('click', async () => {
      const doc = current();
      const time = button.closest('#time-unit') ? button.dataset.unit : (doc.spec.timeUnit || 'normalized');
      const level = button.closest('#level-unit') ? button.dataset.unit : (doc.spec.levelUnit || 'fraction');
      if (time === (doc.spec.timeUnit || 'normalized') && level === (doc.spec.levelUnit || 'fraction')) return;
      // A unit needs a period: without one, a typical one for the unit (the field then edits it).
      const hasPeriod = doc.spec.duration > 0 || doc.spec.durationDays > 0;
      const duration = hasPeriod ? undefined : DEFAULT_DURATIONS[time];
      // The server rewrites every number (points, milestones, constraints, minSlope) so the curve stays.
      await convertSpec(doc, { timeUnit: time, levelUnit: level, duration }, 'Units not changed');
    });
  }
  for (const tab of document.querySelectorAll('[data-format]')) {
    tab.addEventListener('click', () => {
      state.format = tab.dataset.format;
      renderExport();
    });
  }
  document.addEventListener('keydown', onGlobalKey);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) poll(); });
  window.addEventListener('beforeunload', (event) => {
    if (state.docs.some(isDirty)) {
      event.preventDefault();
      event.returnValue = '';
    }
  });
  const degree = $('degree');
  for (let d = 1; d <= 10; d++) degree.appendChild(html('option', { value: String(d) }, String(d)));
}

function setField(key, value) {
  const doc = current();
  checkpoint(doc);
  if (value === undefined) delete doc.spec[key]; else doc.spec[key] = value;
  changed();
}
function setNumber(key, text) {
  const trimmed = String(text).trim();
  setField(key, trimmed === '' ? undefined : Number(trimmed));
}

async function start() {
  buildPlot();
  wire();
  connectLive();
  const session = await api('GET', '/api/session');
  if (session.status !== 200) {
    setStatus('Not authorized: open the link that curvekit design printed (it carries the token)', 'bad');
    return;
  }
  state.presets = session.data.presets;
  if (Array.isArray(session.data.keyOrder)) state.keyOrder = session.data.keyOrder;
  state.features = session.data.features || {};
  for (const preset of state.presets) {
    $('preset').appendChild(html('option', { value: preset.id }, preset.name));
  }
  state.docs = session.data.specs.map((s) => ({
    index: s.index, name: s.name, spec: null, etag: null, exists: false, baseline: null, past: [], future: [],
    fit: null, enforce: null, error: null, loaded: false, scratch: false, unsaved: !!s.unsaved,
  }));
  if (!state.docs.length) {
    // No spec named: a new blank curve, which Save creates under a name the designer gives.
    const blank = await api('POST', '/api/new', {});
    if (blank.status === 201) {
      state.docs.push({ index: blank.data.index, name: blank.data.name, spec: null, etag: null, exists: false,
        baseline: null, past: [], future: [], fit: null, enforce: null, error: null, loaded: false, scratch: false,
        unsaved: true });
    } else {
      state.docs.push({ index: -1, name: 'Scratch pad', spec: null, etag: null, exists: false, baseline: null,
        past: [], future: [], fit: null, enforce: null, error: null, loaded: true, scratch: true });
      state.docs[0].spec = starter('Scratch');
      setStatus('Scratch pad: nothing is saved');
    }
  }
  state.active = -1;
  await switchTo(0);
  if (current().unsaved) setStatus('Not saved yet: Save asks for a file name', '', current());
  state.ready = true;
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
