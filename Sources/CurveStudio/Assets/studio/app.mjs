// The studio page's entry (served as /studio/app.mjs, an ES module): the browser's host for the
// page of page.mjs. It reads the session token, opens the transport to the local server, and
// starts the page; the test hook `window.studio` exists only when the page is opened with ?debug.
import { createPage } from './page.mjs';
import { createTransport, readToken } from './transport.mjs';

let storage = null;
try { storage = sessionStorage; } catch (error) { storage = null; }
const token = readToken(location, storage || { getItem: () => null, setItem: () => {} }, history);

// The transport tells which channel it uses; the page, created next, listens.
let onTransport = () => {};
const transport = createTransport({
  fetch: (url, init) => fetch(url, init), WebSocket: 'WebSocket' in window ? WebSocket : null, host: location.host, token,
  onTransport: (kind) => onTransport(kind),
});

const page = createPage({
  transport,
  onTransport: (listener) => { onTransport = listener; },
  now: () => performance.now(),
  nextFrame: (callback) => requestAnimationFrame(callback),
  later: (callback, ms) => setTimeout(callback, ms),
  cancelLater: (timer) => clearTimeout(timer),
  // The current frame's time: document.timeline advances once per frame.
  frameTime: () => {
    const time = document.timeline ? document.timeline.currentTime : null;
    return time === null || time === undefined ? Math.floor(performance.now() / 16) : time;
  },
  confirm: (text) => window.confirm(text),
  rawPointerEvents: 'onpointerrawupdate' in window,
});

if (new URLSearchParams(location.search).has('debug')) window.studio = page.debugHook();

// The plot's labels are sized to its scale (never under their CSS size): redrawn as the window resizes.
window.addEventListener('resize', () => page.ctx.plot.render());

window.addEventListener('beforeunload', (event) => {
  if (page.anyDirty()) {
    event.preventDefault();
    event.returnValue = '';
  }
});

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', page.start); else page.start();
