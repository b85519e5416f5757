// The studio page's entry (served as /studio/app.mjs, an ES module): the browser's host for the
// page of page.mjs. It reads the session token, opens the transport to the local server, and
// starts the page; the test hook `window.studio` exists only when the page is opened with ?debug.
// Without a token, where the web build's engine loads (a static host), the page runs on it.
import { createPage } from './page.mjs';
import { createTransport, readToken } from './transport.mjs';
// BEGIN web host (issue 31)
import { startWebHost, wireFiles, wireShare } from './host-web-start.mjs';
import { linkPayload } from './links.mjs';
// END web host

let storage = null;
try { storage = sessionStorage; } catch (error) { storage = null; }
// BEGIN web host (issue 31): the share link's payload, read before the fragment leaves the address bar
const linkHash = location.hash;
// END web host
const token = readToken(location, storage || { getItem: () => null, setItem: () => {} }, history);

// The transport tells which channel it uses; the page, created next, listens.
let onTransport = () => {};
// BEGIN web host (issue 31): no token and an engine in the page: the web host
const web = token ? null : await startWebHost(window, linkHash);
// END web host
const transport = web ? web.transport : createTransport({
  fetch: (url, init) => fetch(url, init), WebSocket: 'WebSocket' in window ? WebSocket : null, host: location.host, token,
  onTransport: (kind) => onTransport(kind), link: linkPayload(linkHash),
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

// BEGIN web host (issue 31): files dropped or picked (both hosts), the note on what the browser keeps
if (web) web.wire(page); else wireFiles(document, page);
wireShare(document, page, web ? null : token);
// END web host

window.addEventListener('beforeunload', (event) => {
  // The web host keeps every tab in the browser: a reload loses nothing, so leaving is not questioned.
  if (page.anyDirty() && !(web && web.keeps())) {
    event.preventDefault();
    event.returnValue = '';
  }
});

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', page.start); else page.start();
