// The web host (host-web.mjs, host-web-start.mjs) on a fake engine with canned answers in the
// local server's shapes (no curve is computed here): the transport's methods, files saved as
// downloads or in place, the tabs kept across a reload, share links (good and broken), and the
// page itself over the fake DOM: a broken link shows the reader's error and the text and offers
// nothing to copy; files dropped, picked or pasted open in tabs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_KEY_ORDER } from '../core.mjs';
import { ENGINE, browserFiles, createWebTransport, fileNameProblem, loadWebEngine } from '../host-web.mjs';
import { share, startWebHost, wireFiles } from '../host-web-start.mjs';
import { shareLink } from '../links.mjs';
import { KEPT_KEY, readKept } from '../persistence.mjs';
import { createTransport } from '../transport.mjs';
import { fitAnswer, openPage, settle } from './harness.mjs';

const SHARED = { name: 'Weekly Habit', points: [[0.25, 0.8], [0.5, 0.5], [0.75, 0.2]], degree: 3 };
const BLANK = { name: 'Untitled', levelUnit: 'percent', points: [[0.25, 75], [0.75, 25]] };
const BAD_LINK = "the share link's payload has '!' at position 3; base64url allows only A-Z, a-z, 0-9, '-' and '_'";
const BAD_JSON = "<pasted text>:1:2: expected a string key";

/** Canonical bytes as the fake engine has them: a stand-in for the reader's house style. */
const bytesOf = (spec) => JSON.stringify(spec, null, 2) + '\n';

/** An engine with canned answers, recording each call; `throwOn` names a route that throws. */
function fakeEngine({ session = true, throwOn = null } = {}) {
  const calls = [];
  async function call(route, body) {
    calls.push([route, body]);
    if (route === throwOn) throw new Error('unreachable executed');
    switch (route) {
      case 'session':
        return session ? { status: 200, data: { keyOrder: DEFAULT_KEY_ORDER, features: { units: true, milestones: true },
          presets: [{ id: 'linear', name: 'Linear', spec: { points: [[0.5, 0.5]], degree: 1 } }] } }
          : { status: 404, data: { error: 'no such route: session' } };
      case 'new': return { status: 201, data: { spec: BLANK } };
      case 'share-decode':
        return body.payload === 'GOOD' ? { status: 200, data: { spec: SHARED, text: bytesOf(SHARED) } }
          : body.payload === 'NOTJSON' ? { status: 422, data: { error: BAD_JSON, field: null, text: '{x' } }
            : { status: 422, data: { error: BAD_LINK, field: null } };
      case 'open':
        if (body.text.includes('"points"')) return { status: 200, data: { spec: JSON.parse(body.text) } };
        return { status: 400, data: { error: BAD_JSON.replace('<pasted text>', body.sourceName), field: null } };
      case 'canonical':
        return Array.isArray(body.spec.points) ? { status: 200, data: { text: bytesOf(body.spec) } }
          : { status: 422, data: { error: 'points: expected an array', field: 'points' } };
      case 'fit': {
        const answer = fitAnswer(body.spec);
        return { status: answer.status, data: answer.body };
      }
      case 'generate':
        return { status: 200, data: { swift: '// swift of ' + body.spec.name, kotlin: '// kotlin', typescript: '// ts' } };
      case 'export': return { status: 200, data: { css: 'cubic-bezier(0.1, 0.2, 0.3, 0.4)', swiftui: '// swiftui', notes: [] } };
      case 'share-encode': return { status: 200, data: { payload: 'P_' + body.spec.name.replace(/ /g, '_'), text: bytesOf(body.spec) } };
      case 'convert': return { status: 200, data: { spec: Object.assign({}, body.spec, { timeUnit: body.timeUnit }), units: null } };
      default: return { status: 404, data: { error: 'no such route: ' + route } };
    }
  }
  return { call, calls };
}

/** The browser's files as a test sees them: downloads, and a save picker when `canPick`. */
function fakeFiles({ canPick = false } = {}) {
  const files = { canPick, downloads: [], written: [], disk: new Map(), clock: 100, cancel: false, failWrite: false };
  files.pick = async (name) => {
    if (files.cancel) throw Object.assign(new Error('The user aborted a request.'), { name: 'AbortError' });
    return { name: 'picked-' + name };
  };
  files.write = async (handle, text) => {
    if (files.failWrite) throw new Error('disk full');
    files.written.push([handle.name, text]);
    files.disk.set(handle.name, ++files.clock);
    return files.clock;
  };
  files.modified = async (handle) => files.disk.get(handle.name);
  files.download = (name, text) => files.downloads.push([name, text]);
  return files;
}

function memoryStorage() {
  const items = new Map();
  return { items, getItem: (k) => (items.has(k) ? items.get(k) : null), setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k) };
}

/** A transport whose timers run when the test says (`run()`). */
function webTransport(options) {
  const due = [];
  const transport = createWebTransport(Object.assign({ schedule: (f) => { due.push(f); return due.length; },
    cancel: () => {} }, options));
  transport.runTimers = () => { for (const f of due.splice(0)) f(); };
  return transport;
}

test('the web host answers the transport\'s methods from the engine, in the server\'s shapes', async () => {
  const engine = fakeEngine();
  const t = webTransport({ engine, files: fakeFiles(), storage: memoryStorage() });
  assert.equal(t.host, 'web');
  const session = await t.session();
  assert.equal(session.status, 200);
  assert.deepEqual(session.data.specs, [], 'nothing kept, no link: the page asks for a new curve');
  assert.equal(session.data.presets[0].id, 'linear');
  const blank = await t.newCurve();
  assert.deepEqual(blank.data, { index: 0, name: 'untitled.curve.json', unsaved: true, broken: false });
  const loaded = await t.load(0);
  assert.deepEqual(loaded.data.spec, BLANK);
  assert.equal((await t.load(0, loaded.data.etag)).status, 304, 'unchanged: the poll finds nothing new');
  assert.equal((await t.load(7)).status, 404);
  const fit = await t.fit(0, BLANK);
  assert.deepEqual(fit.data.coefficients, [-1, 1]);
  assert.equal((await t.generate(0, BLANK)).data.swift, '// swift of Untitled');
  await t.exportCode(0, BLANK, '3');
  await t.exportCode(0, BLANK, '');
  await t.convert(0, { spec: BLANK, timeUnit: 'days' });
  const routes = engine.calls.map(([route, body]) => [route, body.sourceName, body.precision]);
  assert.deepEqual(routes.slice(-5), [['fit', 'untitled.curve.json', undefined], ['generate', 'untitled.curve.json', undefined],
    ['export', 'untitled.curve.json', 3], ['export', 'untitled.curve.json', undefined], ['convert', 'untitled.curve.json', undefined]]);
  assert.equal(t.connectLive(), undefined, 'no live channel: every fit is in the page');
});

test('an engine that throws or has no session route still answers, with the failure in words', async () => {
  const t = webTransport({ engine: fakeEngine({ session: false, throwOn: 'fit' }) });
  const session = await t.session();
  assert.deepEqual([session.status, session.data.presets, session.data.features.units], [200, [], true]);
  await t.newCurve();
  const fit = await t.fit(0, BLANK);
  assert.equal(fit.status, 500);
  assert.match(fit.data.error, /^the engine failed on fit: unreachable executed/);
  const silent = webTransport({ engine: { call: async () => undefined } });
  assert.match((await silent.newCurve()).data.error, /gave no answer to new/);
});

test('Save downloads the canonical bytes; it never says saved for a download, nor when nothing was written', async () => {
  const files = fakeFiles();
  const t = webTransport({ engine: fakeEngine(), files, storage: memoryStorage() });
  await t.session();
  await t.newCurve();
  const etag = (await t.load(0)).data.etag;
  const edited = Object.assign({}, BLANK, { name: 'Edited' });
  const saved = await t.save(0, edited, etag);
  assert.equal(saved.status, 200);
  assert.deepEqual(files.downloads, [['untitled.curve.json', bytesOf(edited)]]);
  assert.match(saved.data.said, /^Downloaded untitled\.curve\.json/);
  assert.doesNotMatch(saved.data.said, /Saved/);
  assert.notEqual(saved.data.etag, etag);
  assert.equal((await t.save(0, edited, etag)).status, 412, 'an old ETag: nothing is written');
  const refused = await t.save(0, { name: 'No points' }, saved.data.etag);
  assert.deepEqual([refused.status, refused.data.field], [422, 'points']);
  assert.equal(files.downloads.length, 1, 'a refused spec is not downloaded');
  const named = await t.saveAs(0, edited, 'habit.curve.json');
  assert.deepEqual([named.status, named.data.name], [201, 'habit.curve.json']);
  assert.equal(files.downloads[1][0], 'habit.curve.json');
  for (const bad of ['../x.curve.json', 'x.txt', '.hidden.json', 'a\u202Eb.json', '']) {
    const answer = await t.saveAs(0, edited, bad);
    assert.equal(answer.status, 400, bad);
    assert.match(answer.data.error, /refused/);
  }
  assert.equal(fileNameProblem('ok.curve.json'), null);
  assert.equal((await t.save(9, edited)).status, 404);
  assert.equal((await t.saveAs(9, edited, 'a.json')).status, 404);
  files.download = () => { throw new Error('blocked'); };
  const blocked = await t.save(0, edited, named.data.etag);
  assert.deepEqual([blocked.status, blocked.data.error], [500, 'the download of “habit.curve.json” failed: blocked']);
  const nowhere = webTransport({ engine: fakeEngine() });
  await nowhere.newCurve();
  assert.equal((await nowhere.save(0, BLANK)).status, 501);
});

test('the editor\'s routes on the web host: a pasted easing, a one-liner duration, and Check and save', async () => {
  const files = fakeFiles();
  const engine = fakeEngine();
  const t = webTransport({ engine, files, storage: memoryStorage() });
  await t.session();
  await t.newCurve();
  await t.shape(0, { spec: BLANK, easing: 'ease-in' });
  await t.exportCode(0, BLANK, '', 500);
  const shaped = engine.calls.slice(-2);
  assert.deepEqual(shaped.map(([route, body]) => [route, body.sourceName, body.easing, body.durationMs]),
    [['shape', 'untitled.curve.json', 'ease-in', undefined], ['export', 'untitled.curve.json', undefined, 500]]);
  const refused = await t.saveText(0, '{x');
  assert.deepEqual([refused.status, refused.data.error], [400, BAD_JSON.replace('<pasted text>', 'untitled.curve.json')]);
  assert.equal(files.downloads.length, 0, 'text the reader refuses is never written');
  const typed = '{"points": [[0.5, 0.5]],   "name": "Typed"}';
  const saved = await t.saveText(0, typed);
  assert.equal(saved.status, 200);
  assert.deepEqual(files.downloads, [['untitled.curve.json', typed]], 'the text as typed, once the reader accepts it');
  assert.equal(saved.data.spec.name, 'Typed');
  assert.equal((await t.saveText(5, typed)).status, 404);
});

test('where the browser has a save picker, Save as writes to the file picked, and Save writes there again', async () => {
  const files = fakeFiles({ canPick: true });
  const t = webTransport({ engine: fakeEngine(), files });
  await t.newCurve();
  files.cancel = true;
  const cancelled = await t.saveAs(0, BLANK, 'a.curve.json');
  assert.deepEqual([cancelled.status, cancelled.data.error], [409, 'nothing was saved: no file was chosen']);
  assert.deepEqual([files.written, files.downloads], [[], []]);
  files.cancel = false;
  const saved = await t.saveAs(0, BLANK, 'a.curve.json');
  assert.deepEqual([saved.status, saved.data.name, saved.data.said], [201, 'picked-a.curve.json', 'Saved as picked-a.curve.json']);
  const edited = Object.assign({}, BLANK, { name: 'Again' });
  const again = await t.save(0, edited, saved.data.etag);
  assert.equal(again.data.said, 'Saved to picked-a.curve.json');
  assert.deepEqual(files.written[1], ['picked-a.curve.json', bytesOf(edited)]);
  // Someone else wrote the file: the save is refused, nothing is written.
  files.disk.set('picked-a.curve.json', 9999);
  const conflict = await t.save(0, edited, again.data.etag);
  assert.equal(conflict.status, 412);
  assert.match(conflict.data.error, /changed on disk since it was saved here; nothing was written/);
  assert.equal(files.written.length, 2);
  const other = webTransport({ engine: fakeEngine(), files });
  await other.newCurve();
  files.failWrite = true;
  const failed = await other.saveAs(0, BLANK, 'b.curve.json');
  assert.deepEqual([failed.status, failed.data.error], [500, '“picked-b.curve.json” was not written: disk full']);
  files.failWrite = false;
  files.pick = async () => { throw new Error('picker broke'); };
  assert.equal((await other.saveAs(0, BLANK, 'b.curve.json')).data.error, 'nothing was saved: picker broke');
});

test('the tabs are kept in storage and come back after a reload; a link opens first, once', async () => {
  const storage = memoryStorage();
  const kept = [];
  const first = webTransport({ engine: fakeEngine(), storage, files: fakeFiles(), onKept: (ok, n) => kept.push([ok, n]) });
  await first.session();
  await first.newCurve();
  const edited = Object.assign({}, BLANK, { points: [[0.25, 70], [0.75, 25]] });
  await first.fit(0, edited);
  await first.fit(0, edited);
  assert.deepEqual(readKept(storage)[0].spec, BLANK, 'kept soon, not on every move of a drag');
  first.runTimers();
  assert.deepEqual(readKept(storage)[0].spec, edited);
  assert.deepEqual(kept.at(-1), [true, 1]);
  await first.fit(0, Object.assign({}, edited, { name: 'Flushed' }));
  first.flush();
  assert.equal(readKept(storage)[0].spec.name, 'Flushed');
  first.flush();
  // A reload with a share link: the link's curve first, then the kept ones.
  const second = webTransport({ engine: fakeEngine(), storage, link: 'GOOD' });
  const session = await second.session();
  assert.deepEqual(session.data.specs.map((s) => s.name), ['weekly-habit.curve.json', 'untitled.curve.json']);
  assert.deepEqual((await second.load(session.data.specs[0].index)).data.spec, SHARED);
  assert.equal((await second.load(session.data.specs[1].index)).data.spec.name, 'Flushed');
  // The same link again (another reload): its tab, not a second one.
  const third = webTransport({ engine: fakeEngine(), storage, link: 'GOOD' });
  assert.equal((await third.session()).data.specs.length, 2);
});

test('a broken link opens as a tab with the reader\'s error and the text; Open link refuses it as locally', async () => {
  const storage = memoryStorage();
  const t = webTransport({ engine: fakeEngine(), storage, link: 'Zm!x' });
  const session = await t.session();
  const loaded = await t.load(session.data.specs[0].index);
  assert.deepEqual([loaded.status, loaded.data.spec, loaded.data.invalid, loaded.data.text],
    [200, null, { error: BAD_LINK, field: null }, 'Zm!x']);
  assert.equal(readKept(storage)[0].broken.error, BAD_LINK, 'kept too, with its text');
  const notJSON = webTransport({ engine: fakeEngine(), link: 'NOTJSON' });
  const s = await notJSON.session();
  assert.equal((await notJSON.load(s.data.specs[0].index)).data.text, '{x', 'the decoded text, when the engine gives it');
  const refused = await t.open('Zm!x');
  assert.deepEqual([refused.status, refused.data.error], [422, BAD_LINK]);
  const opened = await t.open('GOOD');
  assert.equal(opened.status, 201);
  // Fixing the text is a save: the fixed spec is downloaded, and the tab is no longer broken.
  const files = fakeFiles();
  const fixable = webTransport({ engine: fakeEngine(), files, link: 'NOTJSON' });
  const f = await fixable.session();
  const index = f.data.specs[0].index;
  const fixed = await fixable.save(index, SHARED, (await fixable.load(index)).data.etag);
  assert.equal(fixed.status, 200);
  assert.deepEqual(files.downloads, [['shared-link.curve.json', bytesOf(SHARED)]]);
  assert.deepEqual((await fixable.load(index)).data.spec, SHARED);
});

test('a text opens as a tab: a spec, or the reader\'s error and the text; too long is refused', async () => {
  const t = webTransport({ engine: fakeEngine() });
  const good = await t.openText(bytesOf(SHARED), 'habit.curve.json');
  assert.deepEqual(good.data, { index: 0, name: 'habit.curve.json', unsaved: true, broken: false });
  const bad = await t.openText('{x', 'pasted text');
  assert.equal(bad.data.broken, true);
  const loaded = await t.load(bad.data.index);
  assert.deepEqual([loaded.data.invalid.error, loaded.data.text], [BAD_JSON.replace('<pasted text>', 'pasted text'), '{x']);
  assert.equal((await t.openText('{' + ' '.repeat(300 * 1024) + '}', 'big.json')).status, 413);
  // The local host sends a text to its one open route, as a link's payload.
  const sent = [];
  const local = createTransport({ fetch: async (url, init) => {
    sent.push([url, JSON.parse(init.body)]);
    return { status: 201, text: async () => '{"index": 3, "name": "Shared"}', headers: { get: () => null } };
  } });
  assert.equal(local.host, 'local');
  assert.equal((await local.openText('{"a": 1}', 'a.json')).status, 201);
  assert.deepEqual(sent, [['/api/open', { payload: 'eyJhIjogMX0' }]]);
  assert.equal((await local.openText('x'.repeat(300 * 1024), 'big.json')).status, 413);
});

test('the engine is looked for next to the page; without it there is no web host', async () => {
  assert.deepEqual(ENGINE, { module: '../studio-engine.mjs', wasm: '../curvekit-core.wasm' });
  const asked = [];
  const engine = fakeEngine();
  const found = await loadWebEngine(async (url) => {
    asked.push(url);
    return { loadEngine: async (wasm) => { asked.push(wasm); return engine; } };
  });
  assert.equal(found, engine);
  assert.match(asked[0], /\/studio-engine\.mjs$/);
  assert.match(asked[1], /\/curvekit-core\.wasm$/);
  // No engine beside the page (the local server's page): no web host.
  assert.equal(await loadWebEngine(async () => { throw new Error('404'); }, async () => false), null);
  assert.equal(await loadWebEngine(async () => { throw new Error('404'); }, async () => { throw new Error('offline'); }), null);
  assert.equal(await startWebHost({}, '', { loadEngine: async () => null, files: fakeFiles() }), null);
  // An engine that is there but does not load: the words say what happened.
  const broken = await loadWebEngine(async () => { throw new SyntaxError('Unexpected token'); }, async () => true);
  assert.match(broken.problem, /studio-engine\.mjs did not run: Unexpected token$/);
  assert.match((await loadWebEngine(async () => ({}), async () => true)).problem, /has no loadEngine$/);
  assert.match((await loadWebEngine(async () => ({ loadEngine: async () => ({}) }))).problem, /curvekit-core\.wasm gave no engine$/);
  const missing = await loadWebEngine(async () => ({ loadEngine: async (wasm) => {
    throw new Error('the engine did not load: ' + wasm + ' answered 404');
  } }));
  assert.match(missing.problem, /^[a-z]+:.*\/curvekit-core\.wasm answered 404$/);
});

test('an engine that did not load: the page says so in words, and offers no curve', async () => {
  const window = { localStorage: memoryStorage(), addEventListener() {} };
  const web = await startWebHost(window, '#spec=GOOD', { loadEngine: async () => ({ problem: 'x.wasm answered 404' }),
    files: fakeFiles() });
  const h = await openPage(null, { transport: web.transport, start: false });
  window.document = h.document;
  web.wire(h.page);
  await h.page.start();
  await settle();
  assert.equal(h.$('status').textContent, 'The engine did not load: x.wasm answered 404');
  assert.equal(h.hook.docs.length, 0, 'no curve that looks like the link\'s');
  assert.equal(web.keeps(), false);
  assert.equal((await web.transport.fit(0, {})).status, 503);
});

/** The browser objects browserFiles needs, recording what it does. */
function fakeWindow() {
  const seen = { clicked: [], revoked: [], picked: null };
  const body = { children: [], appendChild(node) { this.children.push(node); } };
  const window = {
    document: { body, createElement: () => ({ click() { seen.clicked.push([this.href, this.download]); }, remove() {} }) },
    URL: { createObjectURL: (blob) => 'blob:page/' + blob.parts.join(''), revokeObjectURL: (url) => seen.revoked.push(url) },
    Blob: class { constructor(parts, options) { this.parts = parts; this.type = options.type; } },
    setTimeout: (f) => f(),
  };
  return { window, seen };
}

test('the browser\'s files: a download hands over a blob of the bytes; the picker writes and closes', async () => {
  const { window, seen } = fakeWindow();
  const files = browserFiles(window);
  assert.equal(files.canPick, false);
  files.download('a.curve.json', '{}\n');
  assert.deepEqual(seen.clicked, [['blob:page/{}\n', 'a.curve.json']]);
  assert.deepEqual(seen.revoked, ['blob:page/{}\n']);
  const written = [];
  window.showSaveFilePicker = async (options) => { seen.picked = options; return 'handle'; };
  const picking = browserFiles(window);
  assert.equal(picking.canPick, true);
  assert.equal(await picking.pick('b.curve.json'), 'handle');
  assert.equal(seen.picked.suggestedName, 'b.curve.json');
  const handle = { createWritable: async () => ({ write: async (text) => written.push(text), close: async () => written.push('closed') }),
    getFile: async () => ({ lastModified: 42 }) };
  assert.equal(await picking.write(handle, 'bytes'), 42);
  assert.deepEqual(written, ['bytes', 'closed']);
  assert.equal(await picking.modified(handle), 42);
});

/** A started page on the web host: a fake engine, fake files, and the host's own wiring. */
async function webPage({ link = null, storage = memoryStorage(), files = fakeFiles() } = {}) {
  const listeners = {};
  const replaced = [];
  const window = { localStorage: storage, addEventListener: (type, f) => { listeners[type] = f; },
    location: { pathname: '/curvekit/', search: '?debug', replace: (url) => replaced.push(url) } };
  const web = await startWebHost(window, link ? '#spec=' + link : '', { loadEngine: async () => fakeEngine(), files });
  const h = await openPage(null, { transport: web.transport, start: false });
  window.document = h.document;
  web.wire(h.page);
  await h.page.start();
  await settle();
  await h.runFrames();
  await h.ctx.exporter.refresh();
  return Object.assign(h, { web, files, storage, listeners, window, replaced });
}

test('Share on the web host: the engine\'s payload after the page\'s address, copied; nothing for a broken tab', async () => {
  const h = await webPage({ link: 'GOOD' });
  const location = { origin: 'https://example.org', pathname: '/curvekit/', search: '?debug', hash: '#spec=GOOD' };
  const copied = [];
  const clipboard = { writeText: async (text) => copied.push(text) };
  const link = await share(h.ctx, null, { location, clipboard });
  assert.equal(link, 'https://example.org/curvekit/#spec=P_Weekly_Habit');
  assert.deepEqual(copied, [link]);
  assert.equal(h.hook.copied, link);
  assert.match(h.$('status').textContent, /^Link copied: it opens this curve, as it is now/);
  // The link is made from the spec on screen now (after an edit), by the engine.
  h.ctx.setField('name', 'Edited Now');
  assert.equal(await share(h.ctx, null, { location, clipboard: null }), 'https://example.org/curvekit/#spec=P_Edited_Now');
  assert.match(h.$('status').textContent, /^Copy this link \(the browser refused the clipboard\): https:/);
  // The local studio's link carries its token, after the spec.
  assert.equal(shareLink({ origin: 'http://127.0.0.1:8123', pathname: '/' }, 'PAY', 'tok'),
    'http://127.0.0.1:8123/#spec=PAY&token=tok');
  const broken = await webPage({ link: 'Zm!x' });
  assert.equal(await share(broken.ctx, null, { location, clipboard }), null);
  assert.match(broken.$('status').textContent, /^Nothing to share/);
});

test('Forget them… clears the kept curves after confirming, and starts the page afresh', async () => {
  const h = await webPage({ link: 'GOOD' });
  assert.ok(h.storage.items.has(KEPT_KEY));
  assert.equal(h.$('web-note-text').textContent.startsWith('Kept in this browser only'), true);
  assert.equal(h.$('web-forget').hidden, false);
  // Declined: nothing is forgotten.
  h.ctx.confirm = () => false;
  await h.$('web-forget').click();
  assert.ok(h.storage.items.has(KEPT_KEY));
  assert.deepEqual(h.replaced, []);
  let asked = '';
  h.ctx.confirm = (text) => { asked = text; return true; };
  await h.$('web-forget').click();
  assert.match(asked, /^Forget the curve this browser keeps\?/);
  assert.equal(h.storage.items.has(KEPT_KEY), false);
  assert.deepEqual(h.replaced, ['/curvekit/?debug'], 'the page starts again without the link');
  // Nothing is kept again as the page goes away.
  h.listeners.pagehide();
  assert.equal(h.storage.items.has(KEPT_KEY), false);
});

test('the page on the web host: a share link opens its curve, Copy gives the engine\'s code, Save downloads', async () => {
  const h = await webPage({ link: 'GOOD' });
  assert.equal(h.hook.docs.length, 1);
  assert.equal(h.doc().spec.name, 'Weekly Habit');
  assert.equal(h.$('broken').hidden, true);
  assert.equal(h.document.querySelectorAll('.handle').length, 3, 'the link\'s points are drawn');
  assert.equal(h.$('copy').disabled, false);
  await h.$('copy').click();
  assert.deepEqual(h.copied, ['// swift of Weekly Habit']);
  assert.equal(h.$('web-note').hidden, false);
  assert.match(h.$('web-note').textContent, /^Kept in this browser only: your curve comes back after a reload/);
  assert.equal(h.web.keeps(), true);
  // Save on an unsaved tab asks for a name; the file is downloaded, and the status says so.
  const saving = h.$('save').click();
  await settle();
  assert.equal(h.$('ask').open, true);
  assert.equal(h.$('ask-input').value, 'weekly-habit.curve.json');
  assert.match(h.$('ask-hint').textContent, /downloaded/);
  await h.$('ask-form').fire('submit');
  await saving;
  assert.deepEqual(h.files.downloads, [['weekly-habit.curve.json', bytesOf(SHARED)]]);
  assert.match(h.$('status').textContent, /^Downloaded weekly-habit\.curve\.json/);
  // A reload loses nothing: leaving is not questioned, and the tabs are kept when the page hides.
  h.listeners.pagehide();
  assert.ok(h.storage.items.has(KEPT_KEY));
});

test('a link pasted into the same tab (only the fragment changes) opens in a new tab; a broken one is refused', async () => {
  const h = await webPage();
  assert.equal(h.hook.docs.length, 1);
  h.window.location = { hash: '#spec=GOOD' };
  await h.listeners.hashchange();
  await settle();
  assert.equal(h.hook.docs.length, 2, 'the link opened beside the blank curve');
  assert.equal(h.doc().spec.name, 'Weekly Habit');
  h.window.location = { hash: '#spec=Zm!x' };
  await h.listeners.hashchange();
  assert.equal(h.hook.docs.length, 2, 'a broken link opens nothing');
  assert.equal(h.$('status').textContent, 'The link was not opened: ' + BAD_LINK);
  h.window.location = { hash: '#other' };
  await h.listeners.hashchange();
  assert.equal(h.hook.docs.length, 2, 'a fragment that is no link is left alone');
});

test('the page on the web host: a broken link shows the reader\'s error and the text, and nothing to copy', async () => {
  const h = await webPage({ link: 'Zm!x' });
  assert.equal(h.$('broken').hidden, false);
  assert.equal(h.$('broken-error').textContent, BAD_LINK);
  assert.equal(h.$('broken-text').value, 'Zm!x');
  assert.equal(h.$('copy').disabled, true);
  assert.match(h.$('copy').title, /did not load/);
  assert.equal(h.$('save').disabled, true);
  assert.doesNotMatch(h.$('code').textContent, /swift of/, 'no code for a curve that is not the link\'s');
});

test('files dropped or picked, and JSON pasted, open in tabs; a broken one shows its error and text', async () => {
  const h = await webPage();
  assert.equal(h.hook.docs.length, 1, 'nothing kept, no link: a new blank curve');
  const file = (name, text) => ({ name, text: async () => text });
  const types = ['Files'];
  const drop = { dataTransfer: { types, files: [file('drop.curve.json', bytesOf(SHARED))], dropEffect: '' },
    preventDefault() { this.prevented = true; } };
  await h.document.fire('dragover', drop);
  assert.equal(h.document.body.classList.contains('dropping'), true);
  assert.equal(drop.dataTransfer.dropEffect, 'copy');
  await h.document.fire('dragleave', { relatedTarget: null });
  assert.equal(h.document.body.classList.contains('dropping'), false);
  const dropped = await h.document.fire('drop', drop);
  await settle();
  assert.equal(dropped.prevented, true);
  assert.deepEqual(h.hook.docs.map((d) => d.name), ['untitled.curve.json', 'drop.curve.json']);
  assert.equal(h.doc().spec.name, 'Weekly Habit');
  await h.document.fire('drop', { dataTransfer: { types: ['text/plain'] }, preventDefault() { throw new Error('not a file drop'); } });
  await h.document.fire('dragover', { dataTransfer: null });
  // Open file…: the hidden input's files.
  const input = h.$('open-file-input');
  input.files = [file('broken.curve.json', '{x'), { name: 'gone.json', text: async () => { throw new Error('gone'); } }];
  await input.fire('change');
  await settle();
  assert.equal(h.doc().name, 'broken.curve.json');
  assert.equal(h.$('broken').hidden, false);
  assert.equal(h.$('broken-error').textContent, BAD_JSON.replace('<pasted text>', 'broken.curve.json'));
  assert.equal(h.$('broken-text').value, '{x');
  assert.equal(h.$('copy').disabled, true);
  assert.match(h.$('status').textContent, /“gone\.json” could not be read: gone/);
  // Pasted JSON outside a field.
  const paste = (text) => h.document.fire('paste', { target: h.document.body, clipboardData: { getData: () => text },
    preventDefault() {} });
  await paste(JSON.stringify(SHARED));
  await settle();
  assert.deepEqual([h.hook.docs.length, h.doc().name], [4, 'weekly-habit.curve.json']);
  await paste('just words');
  await settle();
  assert.equal(h.hook.docs.length, 4);
  // The local host refuses a text its reader refuses, with the reader's words, and opens no tab.
  h.ctx.transport.openText = async () => ({ status: 422, data: { error: 'line 1: bad' } });
  await h.ctx.documents.openText('{x', 'x.json');
  assert.match(h.$('status').textContent, /^“x\.json” not opened: line 1: bad/);
  assert.equal(h.hook.docs.length, 4);
});

test('Open file… clicks the hidden input; wireFiles works without the web host', async () => {
  const h = await webPage();
  let clicked = 0;
  h.$('open-file-input').click = () => { clicked++; };
  await h.$('open-file').click();
  assert.equal(clicked, 1);
  const bare = { getElementById: () => null, addEventListener() {} };
  assert.doesNotThrow(() => wireFiles(bare, h.page));
});
