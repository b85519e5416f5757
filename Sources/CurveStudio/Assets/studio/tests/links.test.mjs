// Unit tests of links.mjs and persistence.mjs: link payloads in an address, pasted text meant as
// a spec, base64url of a text, the web host's file names, and the tabs kept in storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TEXT, base64url, linkPayload, looksLikeSpecText, webFileName } from '../links.mjs';
import { KEPT_KEY, MAX_KEPT, forgetKept, keptNote, readKept, writeKept } from '../persistence.mjs';

test('the payload of an address fragment, and only of a fragment', () => {
  assert.equal(linkPayload('#spec=eyJu-_9'), 'eyJu-_9');
  assert.equal(linkPayload(''), null);
  assert.equal(linkPayload('#token=abcdefghijklmnop'), null);
  assert.equal(linkPayload('spec=abc'), null, 'not a fragment');
  assert.equal(linkPayload(undefined), null);
});

test('pasted text is meant as a spec when it starts with {', () => {
  assert.equal(looksLikeSpecText('{"name": "A"}'), true);
  assert.equal(looksLikeSpecText('\n  {\n'), true);
  assert.equal(looksLikeSpecText('see {this}'), false);
  assert.equal(looksLikeSpecText('[1, 2]'), false);
  assert.equal(looksLikeSpecText(null), false);
});

test('base64url of a text is RFC 4648 §5 without padding, of its UTF-8 bytes', () => {
  // RFC 4648's test vectors, in the URL alphabet and without '='.
  const vectors = [['', ''], ['f', 'Zg'], ['fo', 'Zm8'], ['foo', 'Zm9v'], ['foob', 'Zm9vYg'], ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy']];
  for (const [text, encoded] of vectors) assert.equal(base64url(text), encoded, text);
  // Bytes 0xfb 0xff give '+' and '/' in the standard alphabet: '-' and '_' here.
  assert.equal(base64url('\u00fb\u00ff'.normalize()), Buffer.from('ûÿ', 'utf8').toString('base64url'));
  assert.equal(base64url('é→𝑡'), Buffer.from('é→𝑡', 'utf8').toString('base64url'));
  const long = '{"points": [' + '[0.5, 0.5], '.repeat(8000) + '[1, 0]]}';
  assert.equal(base64url(long), Buffer.from(long, 'utf8').toString('base64url'), 'past one 32 KiB chunk');
  assert.ok(MAX_TEXT >= 256 * 1024);
});

test('a file keeps its own name; anything else is named after its spec', () => {
  assert.equal(webFileName('habit.curve.json', { name: 'Other' }), 'habit.curve.json');
  assert.equal(webFileName('C:\\specs\\habit.curve.json', null), 'habit.curve.json');
  assert.equal(webFileName('pasted text', { name: 'Weekly Habit' }), 'weekly-habit.curve.json');
  assert.equal(webFileName(null, null), 'untitled.curve.json');
});

/** A Storage in memory; `refuse` makes every write throw, as a full or disabled one does. */
function memoryStorage({ refuse = false } = {}) {
  const items = new Map();
  return {
    items,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem(key, value) {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, String(value));
    },
    removeItem: (key) => items.delete(key),
  };
}

test('tabs are kept in order and read back; broken ones keep their error and text', () => {
  const storage = memoryStorage();
  const tabs = [{ name: 'a.curve.json', spec: { name: 'A', points: [[0.5, 0.5]] } },
    { name: 'link.curve.json', broken: { error: 'bad JSON at 1:2', field: null, text: '{x' } }];
  assert.equal(writeKept(storage, tabs), true);
  assert.deepEqual(readKept(storage), tabs);
  assert.equal(forgetKept(storage), true);
  assert.deepEqual(readKept(storage), []);
});

test('what is not a kept tab is dropped; the oldest go past MAX_KEPT; a refusing storage says so', () => {
  const storage = memoryStorage();
  storage.setItem(KEPT_KEY, 'not json');
  assert.deepEqual(readKept(storage), []);
  storage.setItem(KEPT_KEY, JSON.stringify({ version: 2, tabs: [] }));
  assert.deepEqual(readKept(storage), []);
  storage.setItem(KEPT_KEY, JSON.stringify({ version: 1, tabs: [null, { name: '' }, { name: 'x', spec: [1] },
    { name: 'b', broken: { error: 'e', field: 3 } }, { name: 'ok', spec: {} }] }));
  assert.deepEqual(readKept(storage), [{ name: 'b', broken: { error: 'e', field: null, text: '' } }, { name: 'ok', spec: {} }]);
  const many = Array.from({ length: MAX_KEPT + 3 }, (_, i) => ({ name: 'n' + i, spec: { name: String(i) } }));
  assert.equal(writeKept(storage, many), true);
  const kept = readKept(storage);
  assert.equal(kept.length, MAX_KEPT);
  assert.equal(kept[0].name, 'n3', 'the oldest tabs go first');
  assert.equal(writeKept(memoryStorage({ refuse: true }), many), false);
  assert.equal(writeKept(null, many), false);
  assert.deepEqual(readKept(null), []);
  assert.deepEqual(readKept({ getItem() { throw new Error('SecurityError'); } }), []);
  assert.equal(forgetKept(null), false);
  assert.equal(forgetKept({ removeItem() { throw new Error('SecurityError'); } }), false);
});

test('the note says what the browser keeps, and when it keeps nothing', () => {
  assert.match(keptNote(true, 1), /^Kept in this browser only: your curve comes back after a reload/);
  assert.match(keptNote(true, 3), /your 3 open curves come back/);
  assert.match(keptNote(null, 0), /Kept in this browser/);
  assert.match(keptNote(false, 2), /not keeping your curves/);
});
