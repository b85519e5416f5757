// The entry app.mjs in a fake browser: it takes the token from the link (and out of the address
// bar), starts the page against the server, and installs the test hook `window.studio` only when
// the page was opened with ?debug.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { fakeDocument } from './fake-dom.mjs';
import { fakeServer, settle } from './harness.mjs';

const TOKEN = 'abcdefghijklmnop0123';

/** Loads a fresh app.mjs with `search` in the address; returns the fake window, address and server. */
async function boot(search, hash = '#token=' + TOKEN) {
  const server = fakeServer([{ name: 'a.curve.json', spec: { name: 'A', points: [[0.5, 0.5]], degree: 1 } }]);
  const seen = { requests: [], address: null, timers: 0 };
  const stored = new Map();
  const saved = { setTimeout: globalThis.setTimeout };
  globalThis.document = fakeDocument(fileURLToPath(new URL('../../index.html', import.meta.url)));
  globalThis.window = { listeners: {}, addEventListener(type, f) { this.listeners[type] = f; }, confirm: () => true };
  globalThis.location = { hash, search, pathname: '/', host: '127.0.0.1:9' };
  globalThis.history = { replaceState: (a, b, url) => { seen.address = url; } };
  Object.defineProperty(globalThis, 'sessionStorage', { configurable: true,
    value: { getItem: (k) => stored.get(k) || null, setItem: (k, v) => stored.set(k, v) } });
  globalThis.requestAnimationFrame = (callback) => setImmediate(() => callback(performance.now()));
  // The page polls its file every second: recorded here, never run.
  globalThis.setTimeout = () => ++seen.timers;
  globalThis.fetch = (url, init) => {
    seen.requests.push([url, init.headers.Authorization]);
    return server.fetch(url, init);
  };
  try {
    await import('../app.mjs?' + encodeURIComponent(search + hash));
    await settle(40);
  } finally {
    globalThis.setTimeout = saved.setTimeout;
  }
  return { window: globalThis.window, seen, stored };
}

test('the page opened with its link starts, takes the token out of the address, and ships no hook', async () => {
  const { window, seen, stored } = await boot('');
  assert.equal(window.studio, undefined);
  assert.equal(seen.address, '/');
  assert.equal(stored.get('curvekit-studio-token'), TOKEN);
  assert.ok(seen.requests.length >= 3);
  for (const [, authorization] of seen.requests) assert.equal(authorization, 'Bearer ' + TOKEN);
  assert.equal(document.querySelectorAll('.handle').length, 1, 'started: the point is drawn');
  assert.equal(typeof window.listeners.beforeunload, 'function');
  const event = { preventDefault() { this.prevented = true; } };
  window.listeners.beforeunload(event);
  assert.equal(event.prevented, undefined, 'nothing edited: leaving is not questioned');
});

test('with ?debug the hook reads the live state', async () => {
  const { window, seen } = await boot('?debug');
  assert.equal(seen.address, '/?debug');
  assert.equal(window.studio.ready, true);
  assert.equal(window.studio.docs[0].spec.name, 'A');
  assert.ok(window.studio.metrics.fitsDone >= 1);
  document.getElementById('name').value = 'B';
  await document.getElementById('name').fire('change');
  assert.equal(window.studio.docs[0].spec.name, 'B');
  const event = { preventDefault() { this.prevented = true; } };
  window.listeners.beforeunload(event);
  assert.equal(event.prevented, true, 'an unsaved edit: the browser asks before leaving');
});

// The web host (issue 31): without a token the page looks for the web build's engine next to it;
// where there is none (the local server's page), it stays on the local server, sending no token.
test('without a token and without an engine the page stays on the local host', async () => {
  const { seen } = await boot('?debug', '');
  assert.ok(seen.requests.length >= 2);
  for (const [, authorization] of seen.requests) assert.equal(authorization, undefined);
  assert.equal(document.getElementById('web-note').hidden, true, 'no note about the browser keeping curves');
});
