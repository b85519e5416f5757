// Unit tests of transport.mjs against a recording fetch and a scripted WebSocket: the requests
// each method sends (method, path, headers, body), and the live channel's fallbacks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RECONNECT } from '../core.mjs';
import { createTransport, readToken } from '../transport.mjs';

const TOKEN = 'abcdefghijklmnop0123';

/** A fetch that records each request and answers from `answer(url, init)` ({status, body, etag}). */
function recordingFetch(answer) {
  const sent = [];
  const fetch = async (url, init) => {
    sent.push({ url, init, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    const reply = answer(url, init) || { status: 200, body: {} };
    const text = typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
    return { status: reply.status, text: async () => text, headers: { get: (name) => (name === 'ETag' ? reply.etag || null : null) } };
  };
  return { fetch, sent };
}

/** A WebSocket the test opens, answers and closes by hand. */
function scriptedSockets() {
  const made = [];
  class Socket {
    constructor(url) {
      this.url = url;
      this.sent = [];
      made.push(this);
    }
    send(text) { this.sent.push(JSON.parse(text)); }
  }
  return { Socket, made };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('every request carries the token, omits credentials and is never cached', async () => {
  const { fetch, sent } = recordingFetch(() => ({ status: 200, body: { ok: true }, etag: '"e"' }));
  const transport = createTransport({ fetch, token: TOKEN });
  const answer = await transport.session();
  assert.deepEqual(answer, { status: 200, data: { ok: true }, etag: '"e"' });
  assert.equal(sent[0].url, '/api/session');
  assert.equal(sent[0].init.method, 'GET');
  assert.equal(sent[0].init.headers.Authorization, 'Bearer ' + TOKEN);
  assert.equal(sent[0].init.credentials, 'omit');
  assert.equal(sent[0].init.cache, 'no-store');
  assert.equal(sent[0].init.body, undefined);
  const anonymous = recordingFetch(() => ({ status: 401, body: '' }));
  const refused = await createTransport({ fetch: anonymous.fetch, host: '127.0.0.1:8123' }).session();
  assert.equal(refused.status, 401);
  assert.equal(anonymous.sent[0].init.headers.Authorization, undefined);
  // A refusal says how to open the studio with its token, at this server's address.
  assert.match(refused.data.error, /^Not authorized: this tab has no session token\. Open the studio with the link curvekit design printed \(http:\/\/127\.0\.0\.1:8123\/#token=…\)/);
  const stale = await createTransport({ fetch: anonymous.fetch, token: TOKEN, host: '127.0.0.1:8123' }).session();
  assert.match(stale.data.error, /^Not authorized: this tab's token is not this studio's/);
  const nothing = recordingFetch(() => ({ status: 404, body: '<html>404</html>' }));
  const static404 = await createTransport({ fetch: nothing.fetch, host: 'example.org' }).session();
  assert.match(static404.data.error, /^No studio answered here \(HTTP 404\).*scripts\/build-web\.sh/);
});

test('share asks the server for the payload of the spec on screen', async () => {
  const { fetch, sent } = recordingFetch(() => ({ status: 200, body: { payload: 'eyJ9', text: '{}\n' } }));
  const answer = await createTransport({ fetch, token: TOKEN }).share(3, { name: 'A' });
  assert.deepEqual(answer.data, { payload: 'eyJ9', text: '{}\n' });
  assert.deepEqual([sent[0].url, sent[0].init.method, sent[0].body], ['/api/share?spec=3', 'POST', { spec: { name: 'A' } }]);
});

test('each method asks its route with its body and conditional headers', async () => {
  const { fetch, sent } = recordingFetch(() => ({ status: 200, body: 'not json' }));
  const t = createTransport({ fetch, token: TOKEN });
  const spec = { points: [[0.5, 0.5]] };
  const answer = await t.load(2);
  assert.deepEqual(answer.data, { error: 'not json' }, 'a text answer becomes an error');
  await t.load(2, '"e1"');
  await t.save(2, spec, '"e1"');
  await t.save(2, spec, null);
  await t.saveAs(2, spec, 'x.curve.json');
  await t.newCurve();
  await t.open('PAYLOAD');
  await t.convert(2, { spec, timeUnit: 'days' });
  await t.generate(2, spec);
  await t.exportCode(2, spec, '3');
  await t.exportCode(2, spec, '');
  await t.fit(2, spec);
  const shown = sent.map((s) => [s.init.method, s.url, s.init.headers['If-Match'] || s.init.headers['If-None-Match'] || '']);
  assert.deepEqual(shown, [
    ['GET', '/api/spec?spec=2', ''], ['GET', '/api/spec?spec=2', '"e1"'], ['PUT', '/api/spec?spec=2', '"e1"'],
    ['PUT', '/api/spec?spec=2', '*'], ['POST', '/api/save-as?spec=2', ''], ['POST', '/api/new', ''],
    ['POST', '/api/open', ''], ['POST', '/api/convert?spec=2', ''], ['POST', '/api/generate?spec=2', ''],
    ['POST', '/api/export?spec=2&precision=3', ''], ['POST', '/api/export?spec=2', ''], ['POST', '/api/fit?spec=2', ''],
  ]);
  assert.deepEqual(sent[4].body, { spec, name: 'x.curve.json' });
  assert.deepEqual(sent[6].body, { payload: 'PAYLOAD' });
  assert.deepEqual(sent[7].body, { spec, timeUnit: 'days' });
  assert.equal(sent[11].init.priority, 'high');
  assert.equal(sent[11].init.headers['Content-Type'], 'application/json');
});

test('the live channel: a ticket, fits as messages, and POST again when it drops', async () => {
  const { fetch, sent } = recordingFetch((url) => (url === '/api/ws-ticket' ? { status: 200, body: { ticket: 't/1' } }
    : { status: 200, body: { via: 'post' } }));
  const { Socket, made } = scriptedSockets();
  const kinds = [];
  const timers = [];
  const t = createTransport({ fetch, WebSocket: Socket, host: '127.0.0.1:9', token: TOKEN,
    schedule: (f, ms) => timers.push([f, ms]), onTransport: (kind) => kinds.push(kind) });
  await t.connectLive();
  const socket = made[0];
  assert.equal(socket.url, 'ws://127.0.0.1:9/api/live?ticket=t%2F1');
  socket.onopen();
  assert.deepEqual(kinds, ['websocket']);
  const spec = { points: [] };
  const answer = t.fit(4, spec);
  assert.deepEqual(socket.sent[0], { id: 1, op: 'fit', index: 4, spec });
  socket.onmessage({ data: 'garbage' });
  socket.onmessage({ data: JSON.stringify({ id: 99, status: 200, body: {} }) });
  socket.onmessage({ data: JSON.stringify({ id: 1, status: 200, body: { via: 'socket' } }) });
  assert.deepEqual(await answer, { status: 200, data: { via: 'socket' } });
  const pending = t.fit(4, spec);
  socket.onclose();
  assert.deepEqual((await pending).data, { via: 'post' }, 'a fit in flight when the channel drops is posted');
  assert.deepEqual(kinds, ['websocket', 'fetch']);
  assert.deepEqual(timers.map((x) => x[1]), [RECONNECT.first], 'reconnects after the first delay');
  assert.equal(sent.filter((s) => s.url === '/api/fit?spec=4').length, 1);
});

test('the live channel retries with growing delays, and never without a token', async () => {
  let status = 503;
  const { fetch } = recordingFetch(() => ({ status, body: {} }));
  const timers = [];
  const { Socket, made } = scriptedSockets();
  const t = createTransport({ fetch, WebSocket: Socket, schedule: (f, ms) => timers.push(ms) });
  await t.connectLive();
  await t.connectLive();
  assert.deepEqual(timers, [RECONNECT.first, RECONNECT.first * 2]);
  status = 401;
  await t.connectLive();
  assert.equal(timers.length, 2, 'a 401 is final');
  assert.equal(made.length, 0);
  const throwing = createTransport({ fetch: async () => { throw new Error('down'); }, WebSocket: Socket,
    schedule: (f, ms) => timers.push(ms) });
  await throwing.connectLive();
  assert.equal(timers.length, 3);
  await createTransport({ fetch }).connectLive();
  await settle();
});

test('the token: from the fragment (then stored and removed from the address), else from storage', () => {
  const stored = new Map();
  const storage = { getItem: (k) => stored.get(k) || null, setItem: (k, v) => stored.set(k, v) };
  const replaced = [];
  const history = { replaceState: (a, b, url) => replaced.push(url) };
  assert.equal(readToken({ hash: '#token=' + TOKEN, pathname: '/', search: '?debug' }, storage, history), TOKEN);
  assert.deepEqual(replaced, ['/?debug']);
  assert.equal(readToken({ hash: '', pathname: '/', search: '' }, storage, history), TOKEN, 'a reload keeps it');
  assert.equal(replaced.length, 1);
  assert.equal(readToken({ hash: '#token=short', pathname: '/', search: '' }, { getItem: () => null, setItem() {} },
    history), null);
  const broken = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); } };
  assert.equal(readToken({ hash: '#token=' + TOKEN, pathname: '/', search: '' }, broken, history), TOKEN);
  assert.equal(readToken({ hash: '', pathname: '/', search: '' }, broken, history), null);
});
