// The web host's memory across reloads: the open curves, kept in the browser's localStorage
// (this origin only; nothing leaves the machine). What is kept is each tab's name and its spec as
// last edited (or, for a link or file that did not load, its error and text), in tab order.
// Reading never throws: storage that is missing, full, disabled or holds something else is
// treated as empty, and a write says whether it was kept. Unit-tested by tests/persistence.test.mjs.

/** The storage key, and the most tabs kept (the oldest are dropped first). */
export const KEPT_KEY = 'curvekit-studio-tabs';
export const MAX_KEPT = 24;

/** One kept tab from a stored entry, or null when the entry is not one. */
function keptTab(entry) {
  if (!entry || typeof entry !== 'object' || typeof entry.name !== 'string' || !entry.name) return null;
  if (entry.broken && typeof entry.broken === 'object' && typeof entry.broken.error === 'string') {
    const text = typeof entry.broken.text === 'string' ? entry.broken.text : '';
    const field = typeof entry.broken.field === 'string' ? entry.broken.field : null;
    return { name: entry.name, broken: { error: entry.broken.error, field, text } };
  }
  if (entry.spec && typeof entry.spec === 'object' && !Array.isArray(entry.spec)) {
    return { name: entry.name, spec: entry.spec };
  }
  return null;
}

/** The tabs kept in `storage` (a Storage, or null): [{name, spec} | {name, broken}], in tab order. */
export function readKept(storage) {
  let text = null;
  try { text = storage ? storage.getItem(KEPT_KEY) : null; } catch (error) { text = null; }
  if (!text) return [];
  let value;
  try { value = JSON.parse(text); } catch (error) { return []; }
  if (!value || value.version !== 1 || !Array.isArray(value.tabs)) return [];
  return value.tabs.map(keptTab).filter(Boolean).slice(-MAX_KEPT);
}

/**
 * Keeps `tabs` ([{name, spec} | {name, broken}]; the last MAX_KEPT) in `storage`. True when the
 * browser took them; false when there is no storage, or it refused (full, disabled).
 */
export function writeKept(storage, tabs) {
  if (!storage) return false;
  const kept = tabs.map(keptTab).filter(Boolean).slice(-MAX_KEPT);
  try {
    storage.setItem(KEPT_KEY, JSON.stringify({ version: 1, tabs: kept }));
    return true;
  } catch (error) {
    return false;
  }
}

/** Forgets every kept tab. True when the storage took it. */
export function forgetKept(storage) {
  if (!storage) return false;
  try {
    storage.removeItem(KEPT_KEY);
    return true;
  } catch (error) {
    return false;
  }
}

/**
 * The sentence the page shows about what is kept: `kept` true when the last write was taken,
 * false when the browser refused it, null before any write.
 */
export function keptNote(kept, count) {
  if (kept === false) {
    return 'This browser is not keeping your curves (storage is off or full): download them with Save.';
  }
  const what = count === 1 ? 'your curve' : 'your ' + (count || 0) + ' open curves';
  return 'Kept in this browser only: ' + what + ' come' + (count === 1 ? 's' : '') +
    ' back after a reload. Save downloads a .curve.json file.';
}
