// The web host: the page served by any static file server (GitHub Pages, python3 -m http.server,
// a folder), with CurveKit's engine compiled to WebAssembly running in the page. It implements
// the transport's methods (see transport.mjs) on `engine.call(route, body)`, whose answers have
// the local server's shapes ({status, data}), so the page cannot tell the hosts apart. Every
// number and every byte comes from the engine; this module only keeps the tabs, their files and
// the browser's storage. Files come from the browser: a `#spec=` link, a dropped or picked file,
// pasted JSON; Save downloads the spec's canonical bytes, or writes in place to a file the
// designer picked where the browser offers it (the File System Access API). Unit-tested by
// tests/host-web.test.mjs with a fake engine.
import { canonicalJSON } from './core.mjs';
import { MAX_TEXT, webFileName } from './links.mjs';
import { forgetKept, readKept, writeKept } from './persistence.mjs';

/** Where the engine is, relative to this module: the module the web build writes, and its wasm. */
export const ENGINE = { module: '../studio-engine.mjs', wasm: '../curvekit-core.wasm' };

/** What went wrong, in words, from a thrown value. */
const told = (error) => (error && error.message ? error.message : String(error));

/**
 * The engine (`loadEngine` of ENGINE.module); null where there is none (the local server's page:
 * no engine beside it, which `exists(url)` says); or `{problem}`, the words for an engine that is
 * there but did not load (its module failed, its WebAssembly is missing or refused).
 */
export async function loadWebEngine(importer = (url) => import(url),
  exists = async (url) => (await fetch(url, { method: 'HEAD', cache: 'no-store' })).ok) {
  const moduleURL = new URL(ENGINE.module, import.meta.url).href;
  const wasmURL = new URL(ENGINE.wasm, import.meta.url).href;
  let module;
  try {
    module = await importer(moduleURL);
  } catch (error) {
    let there = false;
    try { there = await exists(moduleURL); } catch (probe) { there = false; }
    return there ? { problem: moduleURL + ' did not run: ' + told(error) } : null;
  }
  if (!module || typeof module.loadEngine !== 'function') return { problem: moduleURL + ' has no loadEngine' };
  try {
    const engine = await module.loadEngine(wasmURL);
    return engine && typeof engine.call === 'function' ? engine : { problem: wasmURL + ' gave no engine' };
  } catch (error) {
    // studio-engine.mjs says "the engine did not load: …" itself; the page says it once.
    return { problem: told(error).replace(/^the engine did not load:\s*/i, '') };
  }
}

/** Why a file name typed in Save as… cannot be a download's name, or null. */
export function fileNameProblem(name) {
  if (typeof name !== 'string' || !name.trim()) return 'give a name';
  if (/[/\\]/.test(name)) return 'a bare name, without folders';
  if (/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(name)) return 'no control characters';
  if (name.startsWith('.')) return 'not a hidden name';
  if (!/\.json$/i.test(name)) return 'a name ending in .curve.json';
  return null;
}

/** The browser's file routes: downloads, and the save picker where the browser has one. */
export function browserFiles(window) {
  const document = window.document;
  return {
    canPick: typeof window.showSaveFilePicker === 'function',
    /** A file the designer picks; rejects with an AbortError when they cancel. */
    pick: (suggestedName) => window.showSaveFilePicker({ suggestedName,
      types: [{ description: 'CurveKit spec', accept: { 'application/json': ['.json'] } }] }),
    /** Writes `text` to `handle`; its modification time after the write. */
    async write(handle, text) {
      const writable = await handle.createWritable();
      await writable.write(text);
      await writable.close();
      return (await handle.getFile()).lastModified;
    },
    modified: async (handle) => (await handle.getFile()).lastModified,
    /** Hands `text` to the browser as a download named `name`. */
    download(name, text) {
      const url = window.URL.createObjectURL(new window.Blob([text], { type: 'application/json' }));
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = name;
      anchor.hidden = true;
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
      window.setTimeout(() => window.URL.revokeObjectURL(url), 60000);
    },
  };
}

const answer = (status, data) => ({ status, data, etag: null });
const failed = (status, error) => answer(status, { error, field: null });
const cancelled = (error) => !!error && (error.name === 'AbortError' || error.name === 'NotAllowedError');

/**
 * The web host's transport: the methods of `createTransport` on `engine`. `storage` keeps the
 * tabs across reloads (localStorage, or null); `files` is `browserFiles(window)` (or a test's);
 * `link` the payload of the address's `#spec=` (opened first, as the current tab);
 * `onKept(kept, count)` hears whether the browser kept the tabs after each write.
 */
export function createWebTransport({ engine, storage = null, files = null, link = null, schedule = setTimeout,
  cancel = clearTimeout, onKept = () => {} }) {
  const docs = new Map();
  let next = 0;
  let version = 0;
  let keyOrder;
  let timer = 0;

  async function call(route, body) {
    try {
      const result = await engine.call(route, body);
      if (!result || typeof result.status !== 'number') return failed(500, 'the engine gave no answer to ' + route);
      return answer(result.status, result.data === undefined ? null : result.data);
    } catch (error) {
      return failed(500, 'the engine failed on ' + route + ': ' + (error && error.message ? error.message : String(error)));
    }
  }

  function add(tab) {
    const doc = Object.assign({ index: next++, etag: '"w' + ++version + '"', handle: null, written: undefined }, tab);
    docs.set(doc.index, doc);
    return doc;
  }

  function persist() {
    cancel(timer);
    timer = 0;
    const tabs = Array.from(docs.values(), (d) => (d.broken ? { name: d.name, broken: d.broken } : { name: d.name, spec: d.spec }));
    onKept(writeKept(storage, tabs), tabs.length);
  }
  /** Keeps the tabs soon (at most every 300 ms while dragging); `flush` keeps them now. */
  function persistSoon() {
    if (!timer) timer = schedule(persist, 300);
  }

  /**
   * A tab for an engine's answer to 'open' or 'share-decode': the spec, or the error and the text
   * (named `sourceName` when that is a file's name, else after the spec, or `brokenName`).
   */
  function tabFor(result, sourceName, text, brokenName) {
    if (result.status >= 200 && result.status < 300 && result.data && result.data.spec) {
      return { name: webFileName(sourceName, result.data.spec), spec: result.data.spec, broken: null };
    }
    const data = result.data || {};
    return { name: /\.json$/i.test(sourceName) ? webFileName(sourceName, null) : brokenName, spec: null, broken: {
      error: data.error || 'not opened (HTTP ' + result.status + ')', field: data.field || null,
      text: typeof data.text === 'string' ? data.text : text } };
  }

  /** The spec's canonical bytes (what `curvekit share --decode` prints), or the engine's refusal. */
  const canonical = (spec, doc) => call('canonical', { spec, sourceName: doc.name });

  /**
   * Writes `text` for `doc`: to the file it was saved to (after checking nobody changed it), to a
   * file the designer picks now (`pickNew`, where the browser can), or as a download. The answer
   * says what happened in `said`; nothing is claimed that did not happen.
   */
  async function writeOut(doc, name, text, pickNew, status) {
    let target = name;
    let handle = doc.handle;
    if (pickNew && files && files.canPick) {
      try {
        handle = await files.pick(name);
      } catch (error) {
        if (cancelled(error)) return failed(409, 'nothing was saved: no file was chosen');
        return failed(500, 'nothing was saved: ' + (error && error.message ? error.message : String(error)));
      }
      target = handle.name || name;
    }
    let said;
    if (handle) {
      try {
        if (handle === doc.handle && doc.written !== undefined && await files.modified(handle) !== doc.written) {
          return failed(412, '“' + target + '” changed on disk since it was saved here; nothing was written');
        }
        doc.written = await files.write(handle, text);
      } catch (error) {
        return failed(500, '“' + target + '” was not written: ' + (error && error.message ? error.message : String(error)));
      }
      doc.handle = handle;
      said = (pickNew ? 'Saved as ' : 'Saved to ') + target;
    } else {
      if (!files) return failed(501, 'this browser offers no way to save a file');
      try {
        files.download(target, text);
      } catch (error) {
        return failed(500, 'the download of “' + target + '” failed: ' + (error && error.message ? error.message : String(error)));
      }
      said = 'Downloaded ' + target + ' (see your browser’s downloads)';
    }
    Object.assign(doc, { name: target, spec: JSON.parse(text), broken: null, etag: '"w' + ++version + '"' });
    persist();
    return answer(status, { index: doc.index, name: target, etag: doc.etag, spec: doc.spec, said });
  }

  async function session() {
    const settings = await call('session', {});
    const known = settings.status === 200 && settings.data ? settings.data : {};
    keyOrder = Array.isArray(known.keyOrder) ? known.keyOrder : undefined;
    for (const tab of readKept(storage)) add(tab.broken ? { name: tab.name, spec: null, broken: tab.broken } : tab);
    let first = null;
    if (link) {
      const tab = tabFor(await call('share-decode', { payload: link }), 'share link', link, 'shared-link.curve.json');
      // The same link opened again (a reload, a second click) finds its tab rather than adding one.
      const same = tab.spec && Array.from(docs.values()).find((d) => d.spec &&
        canonicalJSON(d.spec, keyOrder) === canonicalJSON(tab.spec, keyOrder));
      first = same || add(tab);
    }
    const order = Array.from(docs.values()).filter((d) => d !== first);
    if (first) order.unshift(first);
    if (docs.size) persist();
    return answer(200, {
      specs: order.map((d) => ({ index: d.index, name: d.name, unsaved: true })),
      presets: Array.isArray(known.presets) ? known.presets : [],
      features: known.features || { units: true, milestones: true },
      keyOrder,
    });
  }

  /**
   * A tab's spec, as GET /api/spec answers it: with its units (the scales the plot draws in), which
   * the engine's fit gives; a tab that did not load answers its error and text.
   */
  async function load(index, etag) {
    const doc = docs.get(index);
    if (!doc) return failed(404, 'no tab ' + index);
    if (etag && etag === doc.etag) return answer(304, null);
    if (doc.broken) {
      return answer(200, { spec: null, etag: doc.etag, text: doc.broken.text,
        invalid: { error: doc.broken.error, field: doc.broken.field } });
    }
    const fit = await call('fit', { spec: doc.spec, sourceName: doc.name });
    const units = fit.status === 200 && fit.data && fit.data.plot ? fit.data.plot.units : null;
    return answer(200, { spec: doc.spec, etag: doc.etag, units, unsaved: true });
  }

  async function save(index, spec, etag) {
    const doc = docs.get(index);
    if (!doc) return failed(404, 'no tab ' + index);
    if (etag && etag !== doc.etag) return failed(412, '“' + doc.name + '” changed since it was loaded; nothing was written');
    const bytes = await canonical(spec, doc);
    if (bytes.status !== 200) return bytes;
    return writeOut(doc, doc.name, bytes.data.text, false, 200);
  }

  async function saveAs(index, spec, name) {
    const doc = docs.get(index);
    if (!doc) return failed(404, 'no tab ' + index);
    const problem = fileNameProblem(name);
    if (problem) return failed(400, 'file name “' + name + '” refused: ' + problem);
    const bytes = await canonical(spec, doc);
    if (bytes.status !== 200) return bytes;
    return writeOut(doc, name, bytes.data.text, true, 201);
  }

  async function opened(result, sourceName, text, refuseBroken) {
    const tab = tabFor(result, sourceName, text, 'pasted.curve.json');
    if (tab.broken && refuseBroken) return answer(result.status === 200 ? 422 : result.status, result.data);
    const doc = add(tab);
    persist();
    return answer(201, { index: doc.index, name: doc.name, unsaved: true, broken: !!doc.broken });
  }

  /** A spec's text (a dropped or picked file, a paste): a tab, or a tab showing the reader's error and the text. */
  async function openText(text, sourceName) {
    if (typeof text !== 'string' || text.length > MAX_TEXT) {
      return failed(413, '“' + sourceName + '” is more than ' + MAX_TEXT + ' characters; not opened');
    }
    return opened(await call('open', { text, sourceName }), sourceName, text, false);
  }

  function remember(index, spec) {
    const doc = docs.get(index);
    if (doc && !doc.broken && spec && doc.spec !== spec) {
      doc.spec = spec;
      persistSoon();
    }
  }

  const named = (index, body) => Object.assign({ sourceName: docs.has(index) ? docs.get(index).name : 'curve' }, body);

  return {
    host: 'web',
    session, load, save, saveAs, openText,
    /** Share-link payloads opened later (Open link…, a paste) are refused with the reader's words, as locally. */
    open: async (payload) => opened(await call('share-decode', { payload }), 'share link', payload, true),
    newCurve: async () => {
      const result = await call('new', {});
      if (result.status !== 200 && result.status !== 201) return result;
      return opened(result, 'untitled.curve.json', '', true);
    },
    convert: (index, request) => call('convert', named(index, request)),
    shape: (index, request) => call('shape', named(index, request)),
    /**
     * Check and save this text: the file reader reads it as typed (line and column in a refusal);
     * only text it accepts is written, as typed.
     */
    saveText: async (index, text) => {
      const doc = docs.get(index);
      if (!doc) return failed(404, 'no tab ' + index);
      const read = await call('open', { text, sourceName: doc.name });
      if (read.status !== 200) return read;
      return writeOut(doc, doc.name, text, false, 200);
    },
    fit: (index, spec) => {
      remember(index, spec);
      return call('fit', named(index, { spec }));
    },
    generate: (index, spec) => call('generate', named(index, { spec })),
    /** The share link's payload (what `curvekit share` puts after `#spec=`) and the canonical bytes. */
    share: (index, spec) => call('share-encode', named(index, { spec })),
    /**
     * Forgets the tabs this browser keeps, and keeps nothing more until the page reloads (the
     * page then starts afresh). True when the storage took it.
     */
    forget: () => {
      cancel(timer);
      timer = 0;
      docs.clear();
      return forgetKept(storage);
    },
    exportCode: (index, spec, precision, durationMs) => call('export', named(index, Object.assign({ spec },
      precision ? { precision: Number(precision) } : {}, durationMs ? { durationMs: Number(durationMs) } : {}))),
    connectLive: () => {},
    /** Keeps the tabs now (the page is being hidden or closed). */
    flush: () => { if (timer) persist(); },
  };
}
