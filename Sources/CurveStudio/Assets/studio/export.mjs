// The export card: the curve as Swift, CSS, SwiftUI, Kotlin and TypeScript, as the server
// generates it (POST /api/generate and /api/export; the rounded easing is the server's too), and
// the Copy button, enabled only when the store's `exportable` rule says the panel shows the current
// tab's current curve and it ships.
import { $, setRoving } from './dom.mjs';
import { canon, exportable } from './store.mjs';
import { notShipped, shipped } from './words.mjs';

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
      ctx.transport.exportCode(doc.index, doc.spec, precision)]);
    ctx.dispatch({ type: 'exported', doc: doc.index, asked, code: shipped(generated, exported) });
    render();
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
  }

  function show(format) {
    ctx.view.format = format;
    render();
  }

  async function copy() {
    if (!exportable(ctx.state(), ctx.view.format).ok) return;
    const text = ctx.state().exported.text[ctx.view.format] || '';
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
    $('copy').textContent = 'Copied ✓';
    ctx.later(() => { $('copy').textContent = 'Copy'; }, 1200);
  }

  return { schedule, refresh, render, show, copy };
}
