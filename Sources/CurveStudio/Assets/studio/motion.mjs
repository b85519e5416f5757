// The animation preview: the curve as motion, a ball crossing its lane over a duration in
// milliseconds (progress = 1 − level), racing a second easing (linear, a library entry or another
// tab) in the lane below; both loop and can be scrubbed. Where each ball is comes from the
// server's answers (the plot's knots, words.mjs curveLevel), as the level preview does.
import { $, html } from './dom.mjs';
import { curveLevel } from './words.mjs';

/** The animation's time, 0…1, after `elapsed` ms of a `ms`-long animation (wrapping when `loop`). */
export function motionT(elapsed, ms, loop) {
  if (!(ms > 0) || !(elapsed > 0)) return 0;
  if (!loop) return Math.min(1, elapsed / ms);
  return (elapsed % ms) / ms;
}

/** The racers to choose from: linear, the library's entries, and the other tabs. */
export function racerOptions(state) {
  const options = [{ value: 'linear', label: 'linear' }];
  for (const preset of state.presets || []) {
    options.push({ value: 'preset:' + preset.id, label: (preset.group ? preset.group + ' ' : '') + preset.name });
  }
  state.docs.forEach((doc, position) => {
    if (position !== state.active) options.push({ value: 'tab:' + doc.index, label: 'tab: ' + doc.name });
  });
  return options;
}

/** A ball's place along its lane, as a percentage of the lane (overshoot shows past the ends). */
export function ballPercent(progress) {
  return Number.isFinite(progress) ? Math.round(progress * 10000) / 100 : 0;
}

/** The animation preview of page `ctx`. */
export function createMotion(ctx) {
  const view = { playing: false, start: 0, t: 0, racer: 'linear', answer: null, asked: null };

  const ms = () => {
    const value = Number($('motion-ms').value);
    return Number.isFinite(value) && value > 0 ? value : 600;
  };

  function progressOf(answer, t) { return answer ? 1 - curveLevel(answer, t) : NaN; }

  function racerProgress(t) {
    if (view.racer === 'linear') return t;
    return progressOf(view.answer, t);
  }

  function render() {
    if (!$('ball-main')) return;
    const doc = ctx.doc();
    const main = doc && doc.fit ? progressOf(doc.fit, view.t) : NaN;
    const racer = racerProgress(view.t);
    for (const [id, progress] of [['ball-main', main], ['ball-racer', racer]]) {
      const node = $(id);
      node.style.left = ballPercent(progress) + '%';
      node.hidden = !Number.isFinite(progress);
    }
    $('motion-scrub').value = String(Math.round(view.t * 1000));
    $('motion-scrub').setAttribute('aria-valuetext', Math.round(view.t * ms()) + ' ms of ' + ms());
    $('motion-time').textContent = Math.round(view.t * ms()) + ' ms';
    $('motion-play').textContent = view.playing ? '❚❚' : '▶';
    $('motion-play').setAttribute('aria-label', view.playing ? 'Pause the animation' : 'Play the animation');
  }

  function frame(now) {
    if (!view.playing) return;
    view.t = motionT(now - view.start, ms(), $('motion-loop').checked);
    if (!$('motion-loop').checked && view.t >= 1) view.playing = false;
    render();
    if (view.playing) ctx.nextFrame(frame);
  }

  function toggle() {
    view.playing = !view.playing;
    if (view.playing) {
      if (view.t >= 1) view.t = 0;
      view.start = ctx.now() - view.t * ms();
      ctx.nextFrame(frame);
    }
    render();
  }

  function scrub(t) {
    view.playing = false;
    view.t = Math.min(1, Math.max(0, t));
    render();
  }

  /** Fills the racer menu (the library and the other tabs change with the session and the tabs). */
  function fillRacers() {
    const select = $('racer');
    const chosen = view.racer;
    for (const node of Array.from(select.children)) select.removeChild(node);
    for (const option of racerOptions(ctx.state())) select.appendChild(html('option', { value: option.value }, option.label));
    select.value = chosen;
  }

  /** The racer's curve: the server's fit of the library entry's spec, or the other tab's. */
  async function chooseRacer(value) {
    view.racer = value;
    view.answer = null;
    const doc = ctx.doc();
    let spec = null;
    let index = doc ? doc.index : 0;
    if (value.startsWith('preset:')) {
      const preset = (ctx.state().presets || []).find((p) => 'preset:' + p.id === value);
      spec = preset ? preset.spec : null;
    } else if (value.startsWith('tab:')) {
      const other = ctx.state().docs.find((d) => 'tab:' + d.index === value);
      if (other && other.fit) view.answer = other.fit;
      else if (other) { spec = other.spec; index = other.index; }
    }
    if (spec) {
      const result = await ctx.transport.fit(index, spec);
      if (view.racer === value && result && result.status === 200) view.answer = result.data;
    }
    render();
  }

  function wire() {
    $('motion-play').addEventListener('click', toggle);
    $('motion-scrub').addEventListener('input', () => scrub(Number($('motion-scrub').value) / 1000));
    $('racer').addEventListener('focus', fillRacers);
    $('racer').addEventListener('change', () => chooseRacer($('racer').value));
    $('motion-ms').addEventListener('change', render);
    fillRacers();
  }

  return { wire, render, toggle, scrub, chooseRacer, fillRacers, get t() { return view.t; }, get playing() { return view.playing; } };
}
