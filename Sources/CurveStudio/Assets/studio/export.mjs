// The export card: the curve as Swift, CSS, SwiftUI, Kotlin and TypeScript, as the server
// generates it (POST /api/generate and /api/export; the rounded easing is the server's too), and
// the Copy button, enabled only for what ships.
import { $ } from './dom.mjs';
import { notShipped, shipped } from './words.mjs';

/** The export card of the page `ctx` (see app.mjs); what it shows is `ctx.view.exported`. */
export function createExport(ctx) {
  let timer = 0;

  function schedule() {
    ctx.cancelLater(timer);
    timer = ctx.later(refresh, 250);
  }

  async function refresh() {
    const doc = ctx.doc();
    if (doc.error) {
      // Nothing ships from a spec that does not fit: no stale code to copy.
      ctx.view.exported = notShipped(doc.error);
      render();
      return;
    }
    const precision = $('precision').value;
    const [generated, exported] = await Promise.all([ctx.transport.generate(doc.index, doc.spec),
      ctx.transport.exportCode(doc.index, doc.spec, precision)]);
    if (doc.index !== ctx.doc().index) return;
    ctx.view.exported = shipped(generated, exported);
    render();
  }

  function render() {
    const format = ctx.view.format;
    const shown = ctx.view.exported;
    for (const tab of document.querySelectorAll('[data-format]')) {
      tab.setAttribute('aria-selected', String(tab.dataset.format === format));
    }
    $('code').textContent = shown.text[format] || '';
    $('precision-label').hidden = !(format === 'css' || format === 'swiftui');
    $('code-notes').textContent = shown.notes.join(' ');
    const shippable = !!shown.ok[format];
    $('copy').disabled = !shippable;
    $('copy').title = shippable ? 'Copy to the clipboard' : 'Nothing to copy: this curve does not ship (see the comment)';
  }

  function show(format) {
    ctx.view.format = format;
    render();
  }

  async function copy() {
    const shown = ctx.view.exported;
    if (!shown.ok[ctx.view.format]) return;
    const text = shown.text[ctx.view.format] || '';
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
