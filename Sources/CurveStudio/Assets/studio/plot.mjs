// The plot: an SVG of the level against time with the slope below, drawn from the current
// document and the server's answers (curves as Hermite knots, slope bands, milestone states);
// layout.mjs decides where things go, this module only makes and updates the elements.
import { exactPoints, frameMaps, knotPath, touchRadiusFor } from './core.mjs';
import { $, clear, el, html } from './dom.mjs';
import { GEOMETRY, axes, axesKey, computeFrames, milestoneShapes, plotGeometry, showsEnforce } from './layout.mjs';
import { current, normalizedMinSlope, normPoints, unitsOf } from './store.mjs';
import { curveLevel, fixed, levelLabel, timeLabel } from './words.mjs';

const PALETTE = ['#0f766e', '#7c3aed', '#c2410c', '#be185d', '#475569'];

/** The SVG path of a curve the server sent as Hermite knots, on [a, b] (default all of [0, 1]). */
function path(knots, frame, a, b) { return knotPath(knots, frameMaps(frame), a, b); }

/**
 * The plot of the page `ctx` (see app.mjs): `build(svg)` makes its layers once; `render()` draws
 * the current document; `renderPoints` and `renderMilestones` redraw only the handles (during a drag).
 */
export function createPlot(ctx) {
  const nodes = {};
  const on = (name) => (event) => ctx.input[name](event);

  /**
   * The radius of a touch target in SVG units: TOUCH_RADIUS CSS pixels (a 44 px target) at the
   * plot's current scale, never smaller than that many SVG units.
   */
  function touchRadius() {
    return touchRadiusFor(plotScale());
  }

  // The plot's scale (CSS pixels per SVG unit), read from the layout again only after the plot's
  // size changed (a ResizeObserver, where there is one): reading it forces a layout, and a drag
  // renders on every move (issue 31: that layout, once per handle, was most of a move's time).
  let scale = null;
  let observed = false;
  function plotScale() {
    if (scale !== null && observed) return scale;
    const matrix = nodes.svg && nodes.svg.getScreenCTM ? nodes.svg.getScreenCTM() : null;
    if (!matrix) return 1;
    scale = Math.hypot(matrix.a, matrix.b);
    return scale;
  }

  function build(svg) {
    nodes.svg = svg;
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => { scale = null; }).observe(svg);
      observed = true;
    }
    const defs = el('defs', {}, svg);
    nodes.clips = [['clip-main', 'main'], ['clip-slope', 'slope']].map(([id, part]) => {
      const clip = el('clipPath', { id }, defs);
      return { part, rect: el('rect', {}, clip) };
    });
    nodes.mainBg = el('rect', { class: 'panel-bg', rx: 4 }, svg);
    nodes.slopeBg = el('rect', { class: 'panel-bg', rx: 4 }, svg);
    nodes.grid = el('g', { class: 'grid' }, svg);
    nodes.rising = el('g', { class: 'rising' }, svg);
    nodes.flat = el('g', { class: 'flat' }, svg);
    nodes.axes = el('g', { class: 'axis' }, svg);
    nodes.ticks = el('g', {}, svg);
    const main = el('g', { 'clip-path': 'url(#clip-main)' }, svg);
    nodes.milestoneZones = el('g', {}, main);
    nodes.linear = el('line', { class: 'linear-ref' }, main);
    nodes.compare = el('g', {}, main);
    nodes.halos = el('g', {}, main);
    nodes.enforce = el('path', { class: 'enforce-curve', d: '' }, main);
    nodes.curve = el('path', { class: 'curve', d: '', 'data-testid': 'curve' }, main);
    nodes.whiskers = el('g', {}, main);
    nodes.exact = el('g', { class: 'exact-points' }, main);
    nodes.marker = el('line', { class: 'marker' }, main);
    nodes.markerDot = el('circle', { class: 'marker-dot', r: 4 }, main);
    const slope = el('g', { 'clip-path': 'url(#clip-slope)' }, svg);
    nodes.zero = el('line', { class: 'zero' }, slope);
    nodes.minSlope = el('line', { class: 'min-slope' }, slope);
    nodes.slopeCompare = el('g', {}, slope);
    nodes.slopeCurve = el('path', { class: 'slope-curve', d: '' }, slope);
    nodes.slopeMarker = el('line', { class: 'marker' }, slope);
    nodes.milestones = el('g', {}, svg);
    nodes.handles = el('g', { class: 'handles' }, svg);
    nodes.tip = el('text', { class: 'readout-tip', 'text-anchor': 'middle' }, svg);
    const title = (text) => {
      const node = el('text', { class: 'axis-title', 'text-anchor': 'middle' }, svg);
      node.textContent = text;
      return node;
    };
    nodes.levelTitle = title('level');
    // The slope panel is short: its title runs above it, level, so it never crosses the tick labels
    // (at a phone's scale the rotated title was longer than the panel).
    nodes.slopeTitle = title('slope');
    nodes.slopeTitle.setAttribute('text-anchor', 'start');
    nodes.timeTitle = title('time');
    layOut(GEOMETRY);
    svg.addEventListener('dblclick', on('onPlotDoubleClick'));
    svg.addEventListener('pointerdown', on('onPlotPointerDown'));
    // pointerrawupdate (Chromium, secure contexts) arrives as soon as the pointer moves, not at the next
    // frame as pointermove does; a drag listens to whichever the browser has.
    svg.addEventListener(ctx.rawPointerEvents ? 'pointerrawupdate' : 'pointermove', on('onPointerMove'));
    svg.addEventListener('pointerup', on('onPointerUp'));
    svg.addEventListener('pointercancel', on('onPointerUp'));
  }

  /** Sizes the viewBox, the panels and the titles to `geometry` (layout.mjs plotGeometry). */
  function layOut(geometry) {
    nodes.geometry = geometry;
    nodes.svg.setAttribute('viewBox', '0 0 ' + geometry.width + ' ' + geometry.height);
    const rect = (node, f) => {
      for (const [key, value] of [['x', f.left], ['y', f.top], ['width', f.width], ['height', f.height]]) node.setAttribute(key, value);
    };
    for (const clip of nodes.clips) rect(clip.rect, geometry[clip.part]);
    rect(nodes.mainBg, geometry.main);
    rect(nodes.slopeBg, geometry.slope);
    const m = geometry.main;
    const s = geometry.slope;
    const at = (node, x, y) => { node.setAttribute('x', x); node.setAttribute('y', y); };
    at(nodes.levelTitle, 16, m.top + m.height / 2);
    nodes.levelTitle.setAttribute('transform', 'rotate(-90 16 ' + (m.top + m.height / 2) + ')');
    at(nodes.slopeTitle, s.left, s.top - 9);
    at(nodes.timeTitle, m.left + m.width / 2, s.top + s.height + 40);
  }

  /** The layout for the plot's drawn width (a phone gets its own, in CSS pixels): re-laid out when it changes. */
  function fitGeometry() {
    const box = nodes.svg.getBoundingClientRect ? nodes.svg.getBoundingClientRect() : null;
    const geometry = plotGeometry(box ? box.width : 720);
    if (geometry.width !== nodes.geometry.width) layOut(geometry);
  }

  function bands(group, list, frame) {
    clear(group);
    const map = frameMaps(frame);
    for (const [a, b] of list) {
      el('rect', { x: map.x(a), y: frame.top, width: Math.max(map.x(b) - map.x(a), 1.5), height: frame.height }, group);
    }
  }

  function line(node, x1, y1, x2, y2) {
    node.setAttribute('x1', x1);
    node.setAttribute('y1', y1);
    node.setAttribute('x2', x2);
    node.setAttribute('y2', y2);
  }

  function drawAxes(doc, frames) {
    const m = frames.main;
    const s = frames.slope;
    // The axes change only with the frame and the time unit: during a drag the frame is frozen.
    const key = axesKey(doc, frames);
    if (key === nodes.axesKey) return;
    nodes.axesKey = key;
    const shown = axes(doc, frames);
    clear(nodes.grid);
    clear(nodes.axes);
    clear(nodes.ticks);
    for (const f of [m, s]) {
      const map = frameMaps(f);
      for (const tick of shown.times) el('line', { x1: map.x(tick.t), x2: map.x(tick.t), y1: f.top, y2: f.top + f.height }, nodes.grid);
      el('line', { x1: f.left, x2: f.left, y1: f.top, y2: f.top + f.height }, nodes.axes);
      el('line', { x1: f.left, x2: f.left + f.width, y1: f.top + f.height, y2: f.top + f.height }, nodes.axes);
    }
    for (const [f, ticks] of [[m, shown.levels], [s, shown.slopes]]) {
      const map = frameMaps(f);
      for (const tick of ticks) {
        el('line', { x1: f.left, x2: f.left + f.width, y1: map.y(tick.v), y2: map.y(tick.v) }, nodes.grid);
        const label = el('text', { class: 'tick', x: f.left - 8, y: map.y(tick.v) + 4, 'text-anchor': 'end' }, nodes.ticks);
        label.textContent = tick.label;
      }
    }
    nodes.slopeTitle.textContent = shown.slopeTitle;
    const slopeMap = frameMaps(s);
    for (const tick of shown.times) {
      const label = el('text', { class: 'tick', x: slopeMap.x(tick.t), y: s.top + s.height + 18, 'text-anchor': 'middle' },
        nodes.ticks);
      label.textContent = tick.label;
    }
    nodes.timeTitle.textContent = shown.timeTitle;
  }

  /** The plot's text scale: its labels never render under their CSS size, however narrow the plot. */
  function textScale() {
    const factor = plotScale();
    nodes.svg.style.setProperty('--text-scale', String(factor > 0 && factor < 1 ? 1 / factor : 1));
  }

  function render() {
    const doc = ctx.doc();
    if (!doc) return;
    if (nodes.svg) {
      fitGeometry();
      textScale();
    }
    const frames = ctx.view.frozen || computeFrames(doc, nodes.geometry || GEOMETRY);
    ctx.view.frames = frames;
    const m = frames.main;
    const s = frames.slope;
    const mm = frameMaps(m);
    const sm = frameMaps(s);
    drawAxes(doc, frames);
    line(nodes.linear, mm.x(0), mm.y(1), mm.x(1), mm.y(0));
    line(nodes.zero, s.left, sm.y(0), s.left + s.width, sm.y(0));
    const minSlope = normalizedMinSlope(doc);
    nodes.minSlope.setAttribute('visibility', minSlope > 0 ? 'visible' : 'hidden');
    line(nodes.minSlope, s.left, sm.y(-minSlope), s.left + s.width, sm.y(-minSlope));
    const fit = doc.fit;
    clear(nodes.halos);
    if (fit && fit.coefficients) {
      // Swift's bands (fit --json "slopeBands"): the rising ones always hold the exact witness.
      const found = fit.slopeBands || { rising: [], flat: [] };
      bands(nodes.rising, found.rising, m);
      const slopeBands = el('g', {}, nodes.rising);
      for (const [a, b] of found.rising) {
        el('rect', { x: sm.x(a), y: s.top, width: Math.max(sm.x(b) - sm.x(a), 1.5), height: s.height }, slopeBands);
        el('path', { class: 'halo', d: path(fit.plot.curve, m, a, b) }, nodes.halos);
      }
      bands(nodes.flat, found.flat, s);
      nodes.curve.setAttribute('d', path(fit.plot.curve, m));
      nodes.slopeCurve.setAttribute('d', path(fit.plot.slopeCurve, s));
    } else {
      clear(nodes.rising);
      clear(nodes.flat);
    }
    nodes.curve.classList.toggle('failed', !!doc.error);
    nodes.enforce.setAttribute('d', showsEnforce(doc) && doc.enforce.plot ? path(doc.enforce.plot.curve, m) : '');
    renderCompare(frames);
    renderPoints(doc, frames);
    renderMilestones(doc, frames);
    ctx.preview.render();
    ctx.metrics.redraws++;
  }

  function renderCompare(frames) {
    const state = ctx.state();
    const own = current(state);
    clear(nodes.compare);
    clear(nodes.slopeCompare);
    const legend = $('legend');
    clear(legend);
    const others = state.compare ? state.docs.filter((d) => d !== own && d.fit) : [];
    legend.hidden = others.length === 0;
    if (others.length) {
      const chip = html('span', {}, own.spec.name || own.name);
      chip.style.setProperty('--chip', 'var(--curve)');
      legend.appendChild(chip);
    }
    others.forEach((doc, i) => {
      const colour = PALETTE[i % PALETTE.length];
      el('path', { class: 'compare-curve', d: path(doc.fit.plot.curve, frames.main), stroke: colour }, nodes.compare);
      el('path', { class: 'compare-curve', d: path(doc.fit.plot.slopeCurve, frames.slope), stroke: colour },
        nodes.slopeCompare);
      const chip = html('span', {}, doc.spec.name || doc.name);
      chip.style.setProperty('--chip', colour);
      legend.appendChild(chip);
    });
  }

  function renderPoints(doc, frames) {
    const m = frames.main;
    const map = frameMaps(m);
    const points = normPoints(doc);
    clear(nodes.whiskers);
    if (doc.fit && doc.fit.coefficients) {
      for (const [t, y] of points) {
        el('line', { class: 'whisker', x1: map.x(t), x2: map.x(t), y1: map.y(y), y2: map.y(curveLevel(doc.fit, t)) },
          nodes.whiskers);
      }
    }
    // Exact points (value constraints): diamonds the curve passes through, edited in the table.
    clear(nodes.exact);
    const u = unitsOf(doc);
    for (const exact of exactPoints(doc.spec)) {
      const x = map.x(exact.t / u.tScale);
      const y = map.y(exact.value / u.yScale);
      const diamond = el('path', { class: 'exact-marker', d: 'M ' + x.toFixed(2) + ' ' + (y - 8).toFixed(2) +
        ' l 8 8 l -8 8 l -8 -8 z', 'data-exact': String(exact.index) }, nodes.exact);
      const title = el('title', {}, diamond);
      title.textContent = 'Exact point: ' + timeLabel(doc, exact.t / u.tScale) + ', level ' +
        levelLabel(doc, exact.value / u.yScale) + ' (drag to move it)';
      // Dragged like a point (same snapping and axis lock), through a touch-sized transparent target.
      const hit = el('circle', { class: 'exact-hit', cx: x, cy: y, r: touchRadius(), 'data-exact': String(exact.index) },
        nodes.exact);
      hit.addEventListener('pointerdown', on('onExactPointerDown'));
    }
    const handles = nodes.handles;
    while (handles.children.length > points.length) handles.removeChild(handles.lastChild);
    while (handles.children.length < points.length) {
      const g = el('g', { class: 'handle', tabindex: '0', role: 'slider', 'aria-valuemin': '0', 'aria-valuemax': '100' },
        handles);
      el('circle', { class: 'hit', r: touchRadius() }, g);
      el('circle', { class: 'ring', r: 12 }, g);
      el('circle', { class: 'dot', r: 6 }, g);
      g.addEventListener('pointerdown', on('onHandlePointerDown'));
      g.addEventListener('keydown', on('onHandleKey'));
      g.addEventListener('focus', () => ctx.input.select(Number(g.dataset.index), false));
    }
    const selected = ctx.state().selected;
    points.forEach(([t, y], i) => {
      const g = handles.children[i];
      g.dataset.index = String(i);
      g.setAttribute('transform', 'translate(' + map.x(t).toFixed(2) + ' ' + map.y(y).toFixed(2) + ')');
      g.setAttribute('aria-label', 'Point ' + (i + 1));
      g.setAttribute('aria-valuenow', fixed(y * 100, 1));
      g.setAttribute('aria-valuetext', timeLabel(doc, t) + ', level ' + levelLabel(doc, y));
      g.classList.toggle('selected', i === selected);
      g.classList.toggle('invalid', doc.errorPoint === i);
    });
    const drag = ctx.view.drag;
    const tipIndex = drag && drag.kind === 'point' ? drag.index : -1;
    if (tipIndex >= 0 && points[tipIndex]) {
      const [t, y] = points[tipIndex];
      nodes.tip.setAttribute('x', map.x(t));
      nodes.tip.setAttribute('y', map.y(y) - 16);
      nodes.tip.textContent = timeLabel(doc, t) + ' · ' + levelLabel(doc, y);
      nodes.tip.setAttribute('visibility', 'visible');
    } else {
      nodes.tip.setAttribute('visibility', 'hidden');
    }
  }

  // Milestones: the designer-units fields {"until": T, "atLeast": L} and {"from": T, "atMost": L}.
  function renderMilestones(doc, frames) {
    clear(nodes.milestones);
    clear(nodes.milestoneZones);
    const reach = touchRadius();
    milestoneShapes(doc, frames.main).forEach((shape, i) => {
      const zoneClass = 'milestone ' + (shape.met ? 'met' : 'missed');
      const zone = el('g', { class: zoneClass }, nodes.milestoneZones);
      el('rect', { class: 'zone', x: shape.x0, y: shape.zoneTop, width: shape.x1 - shape.x0, height: shape.zoneHeight },
        zone);
      const g = el('g', { class: zoneClass, 'data-milestone': String(i) }, nodes.milestones);
      el('line', { class: 'guide', x1: shape.x0, x2: shape.x1, y1: shape.y, y2: shape.y }, g);
      const grip = el('rect', { class: 'grip', x: shape.x0, y: shape.y - reach, width: shape.x1 - shape.x0,
        height: 2 * reach, tabindex: '0', role: 'slider', 'aria-label': 'Milestone ' + (i + 1) + ' level',
        'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': fixed(shape.level * 100, 1) }, g);
      const endHit = el('circle', { class: 'end-hit', cx: shape.xEnd, cy: shape.y, r: reach }, g);
      const end = el('circle', { class: 'end', cx: shape.xEnd, cy: shape.y, r: 6, tabindex: '0', role: 'slider',
        'aria-label': 'Milestone ' + (i + 1) + ' time', 'aria-valuemin': '0', 'aria-valuemax': String(shape.timeMax),
        'aria-valuenow': String(shape.time) }, g);
      const label = el('text', { class: 'milestone-label', x: shape.labelX, y: shape.labelY, 'text-anchor': shape.labelAnchor }, g);
      label.textContent = shape.label;
      // Where the guide is shorter than its label, the label runs past the time the curve crosses the
      // level: the short one (level and state) then, the time being on the handle and in the list.
      if (label.getComputedTextLength && label.getComputedTextLength() > shape.labelRoom) label.textContent = shape.shortLabel;
      grip.addEventListener('pointerdown', (e) => ctx.input.startMilestoneDrag(e, i, 'level'));
      end.addEventListener('pointerdown', (e) => ctx.input.startMilestoneDrag(e, i, 'time'));
      endHit.addEventListener('pointerdown', (e) => ctx.input.startMilestoneDrag(e, i, 'time'));
      grip.addEventListener('keydown', (e) => ctx.input.milestoneKey(e, i, 'level'));
      end.addEventListener('keydown', (e) => ctx.input.milestoneKey(e, i, 'time'));
    });
  }

  return { nodes, build, render, renderPoints, renderMilestones, touchRadius };
}
