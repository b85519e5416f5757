// The browser's side of the hosts' files: choosing the web host at startup (no session token and
// the web build's engine loads), the note on what the browser keeps, and files dropped on the
// page or picked with Open file… (both hosts: the host reads the text). Unit-tested by
// tests/host-web.test.mjs over the fake DOM.
import { browserFiles, createWebTransport, loadWebEngine } from './host-web.mjs';
import { linkPayload } from './links.mjs';
import { keptNote } from './persistence.mjs';

/**
 * The web host when the engine loads, else null: {transport, keeps(), wire(page)}. `hash` is the
 * address's fragment as the page was opened (a `#spec=` link opens first).
 */
export async function startWebHost(window, hash, { loadEngine = loadWebEngine, files = browserFiles(window) } = {}) {
  const engine = await loadEngine();
  if (!engine) return null;
  let storage = null;
  try { storage = window.localStorage; } catch (error) { storage = null; }
  let kept = null;
  let count = 0;
  let heard = () => {};
  const transport = createWebTransport({ engine, storage, files, link: linkPayload(hash),
    onKept: (taken, tabs) => {
      kept = taken;
      count = tabs;
      heard();
    } });
  return {
    transport,
    /** True while the browser keeps the tabs (a reload then loses nothing). */
    keeps: () => kept === true,
    /** Wires the page's files and the note saying what the browser keeps. */
    wire(page) {
      const document = window.document;
      wireFiles(document, page);
      const note = document.getElementById('web-note');
      heard = () => {
        if (!note) return;
        note.hidden = false;
        note.textContent = keptNote(kept, count);
      };
      if (kept !== null) heard();
      // A second link in the same tab (only the fragment changed, so nothing reloads) opens in a
      // new tab too; a broken one is refused with the reader's words, as Open link… refuses it.
      window.addEventListener('hashchange', async () => {
        const payload = linkPayload(window.location ? window.location.hash : '');
        if (!payload) return;
        const error = await page.ctx.documents.openPayload(payload);
        if (error) page.ctx.panels.setStatus('The link was not opened: ' + error, 'bad', undefined, true);
      });
      window.addEventListener('pagehide', transport.flush);
      document.addEventListener('visibilitychange', () => { if (document.hidden) transport.flush(); });
    },
  };
}

/** True when a drag carries files. */
const carriesFiles = (event) => !!event.dataTransfer && Array.from(event.dataTransfer.types || []).includes('Files');

/** Open file… and dropping files on the page: each file opens in a new tab (documents.openFiles). */
export function wireFiles(document, page) {
  const documents = page.ctx.documents;
  const button = document.getElementById('open-file');
  const input = document.getElementById('open-file-input');
  if (button && input) {
    button.addEventListener('click', () => input.click());
    input.addEventListener('change', () => {
      const chosen = Array.from(input.files || []);
      input.value = '';
      return documents.openFiles(chosen);
    });
  }
  document.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    document.body.classList.add('dropping');
  });
  document.addEventListener('dragleave', (event) => {
    if (!event.relatedTarget) document.body.classList.remove('dropping');
  });
  document.addEventListener('drop', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    document.body.classList.remove('dropping');
    return documents.openFiles(event.dataTransfer.files);
  });
}
