// Shapes in: a pasted or typed easing (`cubic-bezier(…)`, a CSS keyword, four numbers) and the
// library of presets. The page only recognizes that a text looks like an easing and shows the
// server's answer: POST /api/shape reads it, fits it in the spec's units keeping the designer's
// settings, and certifies the distance (no curve math here).
import { $, html } from './dom.mjs';

const KEYWORDS = ['ease', 'ease-in', 'ease-out', 'ease-in-out', 'linear'];

/**
 * True when `text` looks like an easing a designer copied: a CSS easing function (cubic-bezier(),
 * linear(), steps()), a keyword, or four comma-separated numbers (Figma, cubic-bezier.com). The
 * server decides whether it is one it can import, and says why not.
 */
export function isEasingText(text) {
  if (typeof text !== 'string') return false;
  const trimmed = text.trim().replace(/;$/, '').trim();
  if (!trimmed || trimmed.length > 400) return false;
  if (/^(cubic-bezier|linear|steps)\s*\(.*\)$/is.test(trimmed)) return true;
  if (KEYWORDS.includes(trimmed.toLowerCase())) return true;
  const parts = trimmed.split(',');
  return parts.length === 4 && parts.every((part) => /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(part));
}

/** The library's entries by group, in the server's order: [{group, entries: [{id, name, title}]}]. */
export function libraryGroups(presets) {
  const groups = [];
  for (const preset of presets || []) {
    const name = preset.group || 'Shapes';
    let group = groups.find((g) => g.group === name);
    if (!group) groups.push(group = { group: name, entries: [] });
    group.entries.push({ id: preset.id, name: preset.name,
      title: [preset.easing, preset.source].filter(Boolean).join(' · ') });
  }
  return groups;
}

/** The words to show for the server's answer to a shape: {text, tone}. */
export function shapeNote(result, what) {
  if (result && result.status === 200 && result.data) return { text: result.data.summary || '', tone: '' };
  const error = result && result.data && result.data.error;
  const prefix = what === 'preset' ? 'Preset not applied: ' : 'Easing not imported: ';
  return { text: prefix + (error || (result ? 'HTTP ' + result.status : 'the server is not answering')), tone: 'bad' };
}

/** The shapes of page `ctx`: the library menu, the easing field and paste anywhere. */
export function createShapes(ctx) {
  let last = null;

  function showNote(note) {
    const node = $('shape-note');
    if (!node) return;
    node.textContent = note ? note.text : '';
    node.className = 'shape-note' + (note && note.tone ? ' ' + note.tone : '');
    node.hidden = !note || !note.text;
  }

  /**
   * Applies `{easing: text}` or `{preset: id}` to the current tab; the answer replaces the spec, one undo
   * step (`checkpoint: false`: part of the step before, as while a handle is dragged).
   */
  async function apply(request, { checkpoint = true } = {}) {
    const doc = ctx.doc();
    if (!doc || doc.broken) return null;
    const what = request.preset !== undefined ? 'preset' : 'easing';
    let result;
    try {
      result = await ctx.transport.shape(doc.index, Object.assign({ spec: doc.spec }, request));
    } catch (error) {
      result = null;
    }
    last = result;
    const note = shapeNote(result, what);
    if (result && result.status === 200 && ctx.doc().index === doc.index) {
      ctx.edit({ type: 'replaceSpec', doc: doc.index, spec: result.data.spec, units: result.data.units,
        deselect: true, checkpoint: checkpoint ? undefined : false }, true);
    }
    showNote(note);
    return result;
  }

  /** Ctrl/⌘-V outside a text field: an easing is imported (a share link is left to the documents). */
  function onPaste(event) {
    const target = event.target || {};
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName || '') || target.isContentEditable) return;
    if ($('ask') && $('ask').open) return;
    const text = event.clipboardData && event.clipboardData.getData('text');
    if (!isEasingText(text)) return;
    event.preventDefault();
    if (event.stopImmediatePropagation) event.stopImmediatePropagation();
    if ($('easing-input')) $('easing-input').value = text.trim();
    apply({ easing: text });
  }

  /** Fills the library menu from the session's presets, grouped. */
  function fillLibrary(presets) {
    const select = $('preset');
    for (const node of Array.from(select.children).slice(1)) select.removeChild(node);
    for (const group of libraryGroups(presets)) {
      const optgroup = html('optgroup', { label: group.group });
      for (const entry of group.entries) optgroup.appendChild(html('option', { value: entry.id, title: entry.title }, entry.name));
      select.appendChild(optgroup);
    }
  }

  function wire() {
    // Registered before the documents' paste handler: an easing never reaches it.
    document.addEventListener('paste', onPaste);
    const input = $('easing-input');
    const submit = () => { if (input.value.trim()) apply({ easing: input.value }); };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') { event.preventDefault(); submit(); }
    });
    $('easing-apply').addEventListener('click', submit);
    $('preset').addEventListener('change', () => {
      const id = $('preset').value;
      $('preset').value = '';
      if (id) apply({ preset: id });
    });
  }

  return { apply, onPaste, fillLibrary, wire, showNote, get last() { return last; } };
}
