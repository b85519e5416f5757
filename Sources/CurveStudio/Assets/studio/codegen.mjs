// The code options in the Export card: type name, Kotlin package, the schedule helpers and the
// inverse method. They are the spec's own `codegen` options (saved with it, read by /api/generate
// exactly as `curvekit generate` reads them); the inverse methods offered are the server's list.
import { $, html } from './dom.mjs';

/** `codegen` with `key` set to `value` ('' or false: the default, so the key goes); undefined when empty. */
export function withOption(codegen, key, value) {
  const next = Object.assign({}, codegen || {});
  if (value === '' || value === false || value === undefined || value === null) delete next[key]; else next[key] = value;
  return Object.keys(next).length ? next : undefined;
}

/** The code options of page `ctx`. */
export function createCodegenOptions(ctx) {
  const fields = [['opt-type-name', 'typeName'], ['opt-package', 'package'], ['opt-inverse', 'inverse']];

  function set(key, value) {
    const doc = ctx.doc();
    if (!doc || doc.broken) return;
    ctx.setField('codegen', withOption(doc.spec.codegen, key, value));
  }

  function render() {
    const doc = ctx.doc();
    const codegen = (doc && doc.spec && doc.spec.codegen) || {};
    for (const [id, key] of fields) {
      if (document.activeElement !== $(id)) $(id).value = typeof codegen[key] === 'string' ? codegen[key] : '';
    }
    $('opt-schedule').checked = codegen.withSchedule === true;
  }

  /** The inverse methods the server offers (its one list), after the default. */
  function fillMethods(methods) {
    const select = $('opt-inverse');
    for (const node of Array.from(select.children).slice(1)) select.removeChild(node);
    for (const method of methods || []) select.appendChild(html('option', { value: method }, method));
  }

  function wire(methods) {
    fillMethods(methods);
    for (const [id, key] of fields) $(id).addEventListener('change', () => set(key, $(id).value.trim()));
    $('opt-schedule').addEventListener('change', () => set('withSchedule', $('opt-schedule').checked));
    render();
  }

  return { wire, render, set };
}
