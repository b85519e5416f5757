// The transport: everything the page asks of its host, behind one small interface. This host is
// `curvekit design`, a local server: JSON over HTTP with the session token as `Authorization:
// Bearer`, and a WebSocket for fits while dragging (one message each way). A second host (a
// static page on a WebAssembly engine, host-web.mjs) implements the same methods. Every method
// resolves to the server's answer {status, data, etag}; none throws for an HTTP error. `host` says
// which host answers ('local' or 'web').
//
// The transport's methods, by what they do:
//   session()                      GET  /api/session: presets, features, key order, the documents
//   load(index, etag?)             GET  /api/spec (with If-None-Match: a 304 when unchanged)
//   save(index, spec, etag)        PUT  /api/spec (If-Match the ETag, or If-None-Match * for a new file)
//   saveText(index, text, etag)    PUT  /api/spec with the text as typed: the file reader's verdict
//   saveAs(index, spec, name)      POST /api/save-as: a new file, never overwriting
//   newCurve() / open(payload)     POST /api/new, /api/open: an unsaved tab
//   openText(text, name)           a spec's text (a dropped file, a paste), sent to /api/open as a payload
//   convert(index, request)        POST /api/convert: the spec in other units
//   shape(index, request)          POST /api/shape: a pasted easing or a library preset, in the spec's units
//   fit(index, spec)               the live channel when open, else POST /api/fit
//   generate(index, spec)          POST /api/generate: Swift, Kotlin, TypeScript
//   exportCode(index, spec, p, ms) POST /api/export: CSS and SwiftUI easings (p decimals, or exact), one-liners over ms
//   share(index, spec)             POST /api/share: the share link's payload (`curvekit share`'s) and the canonical bytes
//   connectLive()                  opens the live channel (and reopens it when it drops)
import { RECONNECT, nextDelay, tokenFromFragment } from './core.mjs';
import { MAX_TEXT, base64url } from './links.mjs';

export { createWebTransport } from './host-web.mjs';

const TOKEN_KEY = 'curvekit-studio-token';

/**
 * The session token: from the link's #fragment (never sent to the server), kept in this tab's
 * sessionStorage (scoped to this origin, port included; no cookie); the fragment leaves the
 * address bar. Null without a valid token.
 */
export function readToken(location, storage, history) {
  const fromLink = tokenFromFragment(location.hash);
  let stored = null;
  try { stored = storage.getItem(TOKEN_KEY); } catch (error) { stored = null; }
  const token = fromLink || tokenFromFragment('#token=' + (stored || ''));
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  try {
    if (fromLink) storage.setItem(TOKEN_KEY, fromLink);
  } catch (error) { /* storage disabled: the token lives in memory only, a reload needs the link again */ }
  return token;
}

/**
 * Why the session did not start, in words, for a local server's answer `status` (`token`: the
 * tab's token, or null; `host`: the address bar's host): how to open the studio with its token.
 */
export function sessionProblem(status, token, host) {
  const link = 'http://' + (host || '127.0.0.1:PORT') + '/#token=…';
  if (status === 401 && !token) {
    return 'Not authorized: this tab has no session token. Open the studio with the link curvekit design printed ' +
      '(' + link + '); the token is in its #token= part, which never leaves the browser.';
  }
  if (status === 401) {
    return 'Not authorized: this tab\'s token is not this studio\'s (was curvekit design restarted?). ' +
      'Open the link it printed this time (' + link + ').';
  }
  if (!token) {
    return 'No studio answered here (HTTP ' + status + '): open the link curvekit design printed (' + link + '), ' +
      'or serve the web build (scripts/build-web.sh, then python3 -m http.server -d .build/web).';
  }
  return 'The studio did not start the session (HTTP ' + status + '): is curvekit design still running?';
}

/**
 * The local server's transport. `fetch`, `WebSocket` (or null), `host` (for the live channel's
 * address), `token`, `schedule` (setTimeout) and `onTransport(kind)` (told 'websocket' or 'fetch'
 * when the live channel opens or drops) come from the page, or from a test. `link` is the payload
 * of the address's `#spec=` (a link from Share): the session opens it first, as the current tab.
 */
export function createTransport({ fetch, WebSocket = null, host = '', token = null, schedule = setTimeout,
  onTransport = () => {}, link = null }) {
  const live = { socket: null, open: false, next: 1, waiting: new Map(), delay: RECONNECT.first };

  async function api(method, url, body, headers, priority) {
    const init = { method, headers: Object.assign({}, headers || {}), credentials: 'omit', cache: 'no-store' };
    if (token) init.headers.Authorization = 'Bearer ' + token;
    if (priority) init.priority = priority;
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(url, init);
    const text = await response.text();
    let data = null;
    if (text) {
      try { data = JSON.parse(text); } catch (error) { data = { error: text }; }
    }
    return { status: response.status, data, etag: response.headers.get('ETag') };
  }

  function retryLive() {
    schedule(connectLive, live.delay);
    live.delay = nextDelay(live.delay);
  }

  /** Opens the live channel with a one-time ticket (a browser cannot send a header on a WebSocket). */
  async function connectLive() {
    if (!WebSocket) return;
    let socket;
    try {
      const ticket = await api('POST', '/api/ws-ticket');
      if (ticket.status === 401) return;  // no valid token: fetch says so, retrying cannot help
      if (ticket.status !== 200 || !ticket.data || typeof ticket.data.ticket !== 'string') return retryLive();
      socket = new WebSocket('ws://' + host + '/api/live?ticket=' + encodeURIComponent(ticket.data.ticket));
    } catch (error) {
      return retryLive();
    }
    live.socket = socket;
    socket.onopen = () => {
      live.open = true;
      live.delay = RECONNECT.first;
      onTransport('websocket');
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      const resolve = live.waiting.get(message.id);
      if (resolve) {
        live.waiting.delete(message.id);
        resolve({ status: message.status, data: message.body });
      }
    };
    socket.onclose = () => {
      live.open = false;
      live.socket = null;
      onTransport('fetch');
      for (const resolve of live.waiting.values()) resolve(null);
      live.waiting.clear();
      retryLive();
    };
  }

  /** A fit over the live channel when it is open, else (or when it drops) as POST /api/fit: the same answer. */
  function fit(index, spec) {
    const post = () => api('POST', '/api/fit?spec=' + index, { spec }, undefined, 'high');
    if (!live.open) return post();
    return new Promise((resolve) => {
      const id = live.next++;
      live.waiting.set(id, resolve);
      live.socket.send(JSON.stringify({ id, op: 'fit', index, spec }));
    }).then((result) => result || post());
  }

  return {
    host: 'local', connectLive, fit,
    /** The session; refused, `data.error` says how to open the studio with its token. */
    session: async () => {
      const result = await api('GET', '/api/session');
      if (result.status !== 200) {
        result.data = { error: sessionProblem(result.status, token, host) };
        return result;
      }
      if (link && result.data && Array.isArray(result.data.specs)) {
        const opened = await api('POST', '/api/open', { payload: link });
        if (opened.status === 201 && opened.data) {
          const first = { index: opened.data.index, name: opened.data.name, unsaved: true };
          result.data.specs = [first].concat(result.data.specs.filter((spec) => spec.index !== first.index));
        }
      }
      return result;
    },
    load: (index, etag) => api('GET', '/api/spec?spec=' + index, undefined, etag ? { 'If-None-Match': etag } : undefined),
    save: (index, spec, etag) => api('PUT', '/api/spec?spec=' + index, { spec },
      etag ? { 'If-Match': etag } : { 'If-None-Match': '*' }),
    saveText: (index, text, etag) => api('PUT', '/api/spec?spec=' + index, { text }, { 'If-Match': etag }),
    saveAs: (index, spec, name) => api('POST', '/api/save-as?spec=' + index, { spec, name }),
    newCurve: () => api('POST', '/api/new', {}),
    open: (payload) => api('POST', '/api/open', { payload }),
    // The text's bytes as a share payload: the server's one open route reads them as it reads a link.
    openText: async (text, name) => (typeof text === 'string' && text.length <= MAX_TEXT
      ? api('POST', '/api/open', { payload: base64url(text) })
      : { status: 413, data: { error: '“' + name + '” is more than ' + MAX_TEXT + ' characters; not opened' }, etag: null }),
    convert: (index, request) => api('POST', '/api/convert?spec=' + index, request),
    shape: (index, request) => api('POST', '/api/shape?spec=' + index, request),
    generate: (index, spec) => api('POST', '/api/generate?spec=' + index, { spec }),
    share: (index, spec) => api('POST', '/api/share?spec=' + index, { spec }),
    exportCode: (index, spec, precision, durationMs) => api('POST', '/api/export?spec=' + index +
      (precision ? '&precision=' + precision : '') + (durationMs ? '&durationMs=' + durationMs : ''), { spec }),
  };
}
