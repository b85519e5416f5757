// The preview: the level bar draining over the period as the widget shows it, a scrubber and
// play/pause, and the marker on the plot at the previewed time. The level and the app's
// percentage are the server's (words.mjs previewView).
import { frameMaps } from './core.mjs';
import { $ } from './dom.mjs';
import { previewView } from './words.mjs';

/** How long the whole period takes to play at 1×, in milliseconds. */
export const PLAY_MS = 6000;

/** The next preview after `elapsed` ms of play at `speed`: it stops at the end of the period. */
export function advance(preview, elapsed) {
  const t = Math.min(1, preview.t + elapsed * preview.speed / PLAY_MS);
  return Object.assign({}, preview, { t, playing: preview.playing && t < 1 });
}

/** The preview of the page `ctx` (see app.mjs): its state is `ctx.view.preview` {t, playing, speed, last}. */
export function createPreview(ctx) {
  const preview = () => ctx.view.preview;

  function render() {
    const doc = ctx.doc();
    const p = preview();
    const shown = previewView(doc, p.t);
    $('widget-fill').style.width = shown.fill + '%';
    $('widget-percent').textContent = shown.percent + ' %';
    $('widget-time').textContent = shown.time;
    $('scrub').value = String(Math.round(p.t * 1000));
    $('scrub').setAttribute('aria-valuetext', shown.time + ', ' + shown.percent + ' %');
    const f = ctx.view.frames;
    const nodes = ctx.plot.nodes;
    if (f) {
      const x = frameMaps(f.main).x(p.t);
      for (const [line, frame] of [[nodes.marker, f.main], [nodes.slopeMarker, f.slope]]) {
        line.setAttribute('x1', x);
        line.setAttribute('x2', x);
        line.setAttribute('y1', frame.top);
        line.setAttribute('y2', frame.top + frame.height);
      }
      nodes.markerDot.setAttribute('cx', x);
      nodes.markerDot.setAttribute('cy', frameMaps(f.main).y(shown.level));
      const visible = p.playing || p.t > 0 ? 'visible' : 'hidden';
      for (const node of [nodes.marker, nodes.slopeMarker, nodes.markerDot]) node.setAttribute('visibility', visible);
    }
    $('play').textContent = p.playing ? '❚❚' : '▶';
    $('play').setAttribute('aria-label', p.playing ? 'Pause the preview' : 'Play the preview');
  }

  function frame(now) {
    if (!preview().playing) return;
    ctx.view.preview = Object.assign(advance(preview(), now - preview().last), { last: now });
    render();
    if (preview().playing) ctx.nextFrame(frame);
  }

  function toggle() {
    const p = Object.assign({}, preview(), { playing: !preview().playing });
    if (p.playing) {
      if (p.t >= 1) p.t = 0;
      p.last = ctx.now();
    }
    ctx.view.preview = p;
    if (p.playing) ctx.nextFrame(frame);
    render();
  }

  /** Shows time t (0…1) of the period, paused. */
  function scrub(t) {
    ctx.view.preview = Object.assign({}, preview(), { t, playing: false });
    render();
  }

  function setSpeed(speed) { ctx.view.preview = Object.assign({}, preview(), { speed }); }

  return { render, toggle, scrub, setSpeed };
}
