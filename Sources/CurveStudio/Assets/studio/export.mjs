// The export card: the curve as Swift, CSS, SwiftUI, Kotlin and TypeScript, as the server
// generates it (POST /api/generate and /api/export; the rounded easing is the server's too), and
// the Copy button, enabled only when the store's `exportable` rule says the panel shows the current
// tab's current curve and it ships.
import { $, clear, html, setRoving } from './dom.mjs';
import { canon, exportable } from './store.mjs';
import { ONE_LINERS, notShipped, shipped } from './words.mjs';

/** The export card of the page `ctx` (see app.mjs); what it shows is the store's `exported`. */
export function createExport(ctx) {
  let timer = 0;

  function schedule() {
    ctx.cancelLater(timer);
    timer = ctx.later(refresh, 250);
  }

  async function refresh() {
    const doc = ctx.doc();
    if (!doc || !doc.loaded || doc.broken) {
      render();
      return;
    }
    const asked = canon(ctx.state(), doc.spec);
    if (doc.error) {
      // Nothing ships from a spec that does not fit: no stale code to copy.
      ctx.dispatch({ type: 'exported', doc: doc.index, asked, code: notShipped(doc.error) });
      render();
      return;
    }
    const precision = $('precision').value;
    const [generated, exported] = await Promise.all([ctx.transport.generate(doc.index, doc.spec),
      ctx.transport.exportCode(doc.index, doc.spec, precision, animationMs())]);
    ctx.dispatch({ type: 'exported', doc: doc.index, asked, code: shipped(generated, exported) });
    render();
  }

  /** The animation duration the one-liners are written for, in ms (350 when the field is empty or invalid). */
  function animationMs() {
    const value = Number($('anim-ms') ? $('anim-ms').value : '');
    return Number.isFinite(value) && value > 0 && value <= 3600000 ? value : 350;
  }

  /** The one-liners: one row per platform, each with its own Copy, enabled by the same `exportable` rule. */
  function renderLines(mine, shown, verdict) {
    const list = $('one-liner-list');
    if (!list) return;
    clear(list);
    const lines = mine && verdict.ok ? shown.lines : null;
    for (const [key, label] of ONE_LINERS) {
      const text = lines ? lines[key] || '' : '';
      const button = html('button', { class: 'small', 'data-line': key,
        title: text ? 'Copy the ' + label + ' line' : 'Nothing to copy: ' + (verdict.why || 'no easing') }, 'Copy');
      button.disabled = !text;
      button.addEventListener('click', () => copyText(text, button));
      const row = html('li', { class: 'one-liner' });
      row.appendChild(html('span', { class: 'one-liner-label' }, label));
      row.appendChild(html('code', { class: 'one-liner-code' }, text || '—'));
      row.appendChild(button);
      list.appendChild(row);
    }
    $('one-liner-note').textContent = lines ? lines.rounding : '';
  }

  /** The panel as the store has it: code only when it is the current tab's, Copy only when `exportable`. */
  function render() {
    const format = ctx.view.format;
    const state = ctx.state();
    const doc = ctx.doc();
    const shown = state.exported;
    const mine = !!shown && !!doc && shown.doc === doc.index && !doc.broken;
    const verdict = exportable(state, format);
    for (const tab of document.querySelectorAll('[data-format]')) {
      tab.setAttribute('aria-selected', String(tab.dataset.format === format));
    }
    setRoving(document.querySelectorAll('[data-format]'), (tab) => tab.dataset.format === format);
    const comment = (text) => (format === 'css' ? '/* ' + text + ' */' : '// ' + text);
    $('code').textContent = mine ? shown.text[format] || '' : comment('not shipped: ' + verdict.why);
    $('code').classList.toggle('stale', !verdict.ok && mine && !doc.error);
    $('precision-label').hidden = !(format === 'css' || format === 'swiftui');
    $('code-notes').textContent = mine ? shown.notes.join(' ') : '';
    $('copy').disabled = !verdict.ok;
    $('copy').title = verdict.ok ? 'Copy to the clipboard' : 'Nothing to copy: ' + verdict.why;
    renderLines(mine, shown, exportable(state, 'css'));
    if (ctx.bezier) ctx.bezier.render();  // the handles follow the easing exported for this curve
    if (ctx.codeOptions) ctx.codeOptions.render();
  }

  function show(format) {
    ctx.view.format = format;
    render();
  }

  async function copy() {
    if (!exportable(ctx.state(), ctx.view.format).ok) return;
    await copyText(ctx.state().exported.text[ctx.view.format] || '', $('copy'));
  }

  async function copyText(text, button) {
    if (!text) return;
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
    ctx.view.copied = text;
    button.textContent = 'Copied ✓';
    ctx.later(() => { button.textContent = 'Copy'; }, 1200);
  }

  return { schedule, refresh, render, show, copy, animationMs };
}
