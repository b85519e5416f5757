// The browser's side of the hosts' files: choosing the web host at startup (no session token and
// the web build's engine loads; an engine that is there but fails to load is said in words), the
// note on what the browser keeps and the control that forgets it; and, on both hosts, files
// dropped on the page or picked with Open file… (the host reads the text), and Share, which
// copies a link to the curve on screen (the host makes the payload: the engine's `share-encode`
// on the web host, POST /api/share locally; on the local host the link carries the studio's
// token, so it opens in this studio while it runs). Unit-tested by tests/host-web.test.mjs.
import { browserFiles, createWebTransport, loadWebEngine } from './host-web.mjs';
import { linkPayload, sharedNote, shareLink } from './links.mjs';
import { keptNote } from './persistence.mjs';

/** The transport's methods a page may call (see transport.mjs). */
const METHODS = ['session', 'load', 'save', 'saveAs', 'saveText', 'newCurve', 'open', 'openText', 'convert', 'shape',
  'fit', 'generate', 'exportCode', 'share'];

/**
 * The web host whose engine did not load: every call answers 503 with `words`, so the page says
 * what happened instead of offering a curve it cannot fit.
 */
export function failedWebHost(words, window) {
  const transport = { host: 'web', connectLive: () => {}, flush: () => {} };
  for (const name of METHODS) transport[name] = async () => ({ status: 503, data: { error: words, field: null }, etag: null });
  return { transport, keeps: () => false, wire: (page) => wireFiles(window.document, page) };
}

/**
 * The web host when the engine loads, else null: {transport, keeps(), wire(page)}. `hash` is the
 * address's fragment as the page was opened (a `#spec=` link opens first).
 */
export async function startWebHost(window, hash, { loadEngine = loadWebEngine, files = browserFiles(window) } = {}) {
  const engine = await loadEngine();
  if (!engine) return null;
  if (engine.problem) return failedWebHost('The engine did not load: ' + engine.problem, window);
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
      const said = document.getElementById('web-note-text') || note;
      heard = () => {
        if (!note) return;
        note.hidden = false;
        said.textContent = keptNote(kept, count);
      };
      const forget = document.getElementById('web-forget');
      if (forget) forget.addEventListener('click', () => forgetKept(window, page, transport, count));
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

/**
 * Forget them…: after the designer confirms, the browser keeps none of the open curves any more,
 * and the page starts afresh (the address without its link, so no link reopens).
 */
export function forgetKept(window, page, transport, count) {
  const what = count === 1 ? 'the curve' : 'the ' + count + ' curves';
  if (!page.ctx.confirm('Forget ' + what + ' this browser keeps? The page starts again with a blank curve; ' +
    'anything you did not save or share is lost.')) return false;
  if (!transport.forget()) {
    page.ctx.panels.setStatus('The browser did not let the page forget its curves (storage is off)', 'bad', undefined, true);
    return false;
  }
  const location = window.location;
  location.replace(location.pathname + location.search);
  return true;
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

/**
 * Wires the Share button of `page` in `document` (the page's ctx gives the transport, the current
 * doc, the status line and the test hook's `copied`); `token` is the local studio's, or null.
 */
export function wireShare(document, page, token = null) {
  const button = document.getElementById('share');
  if (button) button.addEventListener('click', () => share(page.ctx, token));
}

/**
 * Copies the link to the current curve; the status line says what happened. Resolves to the link,
 * or null. `location` and `clipboard` are the browser's unless a test gives its own.
 */
export async function share(ctx, token = null, { location = globalThis.location,
  clipboard = globalThis.navigator ? globalThis.navigator.clipboard : null } = {}) {
  const doc = ctx.doc();
  if (!doc || !doc.spec || doc.broken) {
    ctx.panels.setStatus('Nothing to share: this tab holds no curve that loaded', 'bad', undefined, true);
    return null;
  }
  const answer = await ctx.transport.share(doc.index, doc.spec);
  if (answer.status !== 200 || !answer.data || typeof answer.data.payload !== 'string') {
    const why = answer.data && answer.data.error ? answer.data.error : 'HTTP ' + answer.status;
    ctx.panels.setStatus('No link was made: ' + why, 'bad', undefined, true);
    return null;
  }
  const link = shareLink(location, answer.data.payload, token);
  let copied = !!clipboard;
  try {
    if (clipboard) await clipboard.writeText(link);
  } catch (error) {
    copied = false;
  }
  ctx.view.copied = link;
  ctx.panels.setStatus(sharedNote(copied, token, link), copied ? 'good' : '', undefined, true);
  return link;
}
