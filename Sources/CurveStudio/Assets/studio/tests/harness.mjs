// The page under node --test: page.mjs over the fake DOM (fake-dom.mjs), a transport to a fake
// server that keeps files in memory and answers with hand-made (not computed) fits, and a clock,
// frames and timers the test runs by hand.
import { fileURLToPath } from 'node:url';
import { createPage } from '../page.mjs';
import { createTransport } from '../transport.mjs';
import { fakeDocument } from './fake-dom.mjs';

/** The straight line 1 − t as Hermite knots, and its slope −1. */
export const LINE = [[0, 1, -1], [1, 0, -1]];
const SLOPE = [[0, -1, 0], [1, -1, 0]];

/** The units answer of a spec in a time unit over `duration` of them; null for normalized time. */
export function unitsFor(spec) {
  if (!spec.timeUnit || spec.timeUnit === 'normalized') return null;
  return { spec: { timeScale: spec.duration, levelScale: spec.levelUnit === 'percent' ? 100 : 1 },
    display: { timeUnit: spec.timeUnit, duration: spec.duration, percent: spec.levelUnit === 'percent' } };
}

/**
 * A made-up fit answer with the shape of the server's: degree 4 "rises" unless enforced, degree 9
 * is refused on points[1][1], a spec without points is refused.
 */
export function fitAnswer(spec) {
  if (!Array.isArray(spec.points) || spec.points.length === 0) {
    return { status: 422, body: { error: 'a spec needs at least one point', field: 'points' } };
  }
  if (spec.degree === 9) return { status: 422, body: { error: 'level out of range', field: 'points[1][1]' } };
  const rises = spec.degree === 4 && spec.monotonic !== 'enforce';
  return { status: 200, body: {
    coefficients: [-1, 1], rmse: 0.01, maxAbsResidual: 0.02, maxAbsResidualT: 0.5, maxAbsResidualIndex: 0, rSquared: 0.99,
    conditionNumber: 10,
    monotonic: { decreasing: !rises, policy: spec.monotonic || 'require', verdict: rises ? 'rises' : 'non-increasing',
      enforceAvailable: true, wasAlreadyMonotone: !rises },
    monotonicity: rises ? { witness: { t: 0.3, slope: 0.1, text: 'f′(3/10) = 1/10' } } : {},
    slopeBands: { rising: rises ? [[0.2, 0.4]] : [], flat: [[0.9, 1]] },
    milestones: (spec.milestones || []).map((m) => ({ holds: m.atLeast === undefined })),
    plot: { curve: LINE, slopeCurve: SLOPE, levelRange: [0, 1], slopeRange: [-1, -1], units: unitsFor(spec),
      timeTicks: [{ t: 0, label: '0' }, { t: 0.5, label: '0.5' }, { t: 1, label: '1' }],
      percentages: [[0, 100], [0.5, 50], [1, 0]] },
  } };
}

/**
 * A server holding `files` ({name, spec} or {name, text} for a file that is not a valid spec, or
 * {name, missing: true}); `answer(method, path, body, headers)` as the local server would.
 */
export function fakeServer(files, { presets, session = 200, blank = 201 } = {}) {
  const server = { files: files.map((f, index) => Object.assign({ index, etag: '"' + index + '-1"' }, f)), log: [] };
  let next = 10;
  const file = (path) => server.files.find((f) => f.index === Number(/spec=(-?\d+)/.exec(path)[1]));
  const unsaved = (name) => {
    const index = next++;
    server.files.push({ index, name, missing: true, unsaved: true, etag: null });
    return { status: 201, body: { index, name } };
  };
  server.answer = (method, path, body, headers) => {
    server.log.push(method + ' ' + path);
    if (path === '/api/session') {
      return session !== 200 ? { status: session, body: { error: 'no token' } } : { status: 200, body: {
        presets: presets || [{ id: 'linear', name: 'Linear', spec: { points: [[0.5, 0.5]], degree: 1 } }],
        features: { units: true, milestones: true }, specs: files.map((f, index) => ({ index, name: f.name })) } };
    }
    if (path === '/api/ws-ticket') return { status: 401, body: { error: 'no live channel here' } };
    if (path === '/api/new') return blank === 201 ? unsaved('untitled.curve.json') : { status: blank, body: { error: 'full' } };
    if (path === '/api/open') return body.payload === 'GOOD' ? unsaved('Shared') : { status: 400, body: { error: 'not a link' } };
    const f = file(path);
    if (path.startsWith('/api/spec') && method === 'GET') {
      if (f.missing) return { status: 404, body: { error: 'no file' } };
      if (headers['If-None-Match'] === f.etag) return { status: 304, body: '' };
      if (f.text !== undefined) return { status: 200, body: { etag: f.etag, invalid: { error: 'not JSON', field: null }, text: f.text } };
      return { status: 200, body: { spec: f.spec, etag: f.etag, units: unitsFor(f.spec) } };
    }
    if (path.startsWith('/api/spec') && method === 'PUT') {
      if ((headers['If-Match'] || null) !== (f.missing ? null : f.etag)) return { status: 412, body: { error: 'changed on disk' } };
      if (body.text !== undefined) {
        // The text as typed, read as the file loader reads it (a hand-made verdict with line:column).
        try {
          body = { spec: JSON.parse(body.text) };
        } catch (error) {
          return { status: 422, body: { error: 'unexpected end of input (' + f.name + ':1:26)', field: null, line: 1, column: 26 } };
        }
      }
      if (!Array.isArray(body.spec.points)) return { status: 422, body: { error: 'points: expected an array', field: 'points' } };
      if (body.spec.name === 'Refused') return { status: 422, body: { error: 'this name is refused', field: 'name' } };
      Object.assign(f, { spec: body.spec, missing: false, text: undefined, etag: '"' + f.index + '-' + next++ + '"' });
      return { status: 200, body: { etag: f.etag, spec: f.spec } };
    }
    if (path.startsWith('/api/save-as')) {
      if (body.name === 'taken.curve.json') return { status: 409, body: { error: 'exists', field: 'name' } };
      Object.assign(f, { spec: body.spec, name: body.name, missing: false, unsaved: false, etag: '"s' + next++ + '"' });
      return { status: 201, body: { etag: f.etag, spec: f.spec, name: f.name } };
    }
    if (path.startsWith('/api/fit')) return fitAnswer(body.spec);
    if (path.startsWith('/api/convert')) {
      if (body.timeUnit === 'weeks') return { status: 422, body: { error: 'weeks are refused here' } };
      const spec = Object.assign({}, body.spec, { timeUnit: body.timeUnit, levelUnit: body.levelUnit,
        duration: body.duration || body.spec.duration || 1 });
      const scale = spec.duration / (body.spec.duration || 1);
      spec.points = body.spec.points.map(([t, y]) => [t * scale, y]);
      return { status: 200, body: { spec, units: unitsFor(spec) } };
    }
    if (path.startsWith('/api/shape')) {
      // Hand-made answers: 'ease-in-out' and the preset 'linear' apply; anything else is refused.
      if (body.easing !== undefined && body.easing.trim() !== 'ease-in-out') {
        return { status: 422, body: { error: "'steps()' is not a cubic Bézier", field: null } };
      }
      if (body.preset !== undefined && body.preset !== 'linear') return { status: 422, body: { error: 'no such preset' } };
      // The points in the spec's units, as the server puts them (times over its period).
      const scale = body.spec.timeUnit && body.spec.timeUnit !== 'normalized' ? body.spec.duration : 1;
      const spec = Object.assign({}, body.spec,
        { points: [[0.1, 0.98], [0.5, 0.5], [0.9, 0.02]].map(([t, y]) => [t * scale, y]) });
      return { status: 200, body: { spec, units: unitsFor(spec), keeps: [], replaces: 'replaces the points',
        summary: body.preset ? 'Linear as a degree-3 curve.' : 'cubic-bezier(0.42, 0.0, 0.58, 1.0) as a degree-3 curve: at most 1.5 pp',
        distance: 1.5, lowestDegree: 5 } };
    }
    if (path.startsWith('/api/generate')) {
      return fitAnswer(body.spec).status !== 200 ? { status: 422, body: { error: 'does not ship' } }
        : { status: 200, body: { swift: '// swift', kotlin: '// kotlin', typescript: '// not generated: no', failed: ['typescript'], notes: ['n'] } };
    }
    if (path.startsWith('/api/export')) {
      return { status: 200, body: { css: 'cubic-bezier(' + (path.includes('precision') ? 'rounded' : 'exact') + ')',
        swiftui: '// swiftui', notes: [],
        oneLiners: { css: 'cubic-bezier(0.3, 0, 0.7, 1)', compose: 'CubicBezierEasing(0.3f, 0f, 0.7f, 1f)',
          swiftui: 'Animation.timingCurve(0.3, 0, 0.7, 1, duration: ' + ((/durationMs=(\d+)/.exec(path) || [0, 350])[1] / 1000) + ')',
          waapi: "{ duration: 350, easing: 'cubic-bezier(0.3, 0, 0.7, 1)' }", rounding: 'rounded to 1 decimals: within 0.09 pp' } } };
    }
    return { status: 404, body: { error: 'no such resource' } };
  };
  server.fetch = async (url, init) => {
    const reply = server.answer(init.method, url, init.body === undefined ? undefined : JSON.parse(init.body), init.headers);
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return { status: reply.status, text: async () => text, headers: { get: () => null } };
  };
  return server;
}

/** Lets every pending promise settle (the fake server answers in microtasks). */
export async function settle(rounds = 20) {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A started page over `server`: {page, ctx, hook, document, runFrames(), runTimers(ms?), copied}.
 * `confirm` answers the page's questions; `transport` replaces the server's (the web host's).
 */
export async function openPage(server, { confirm = true, start = true, transport = null } = {}) {
  const document = fakeDocument(fileURLToPath(new URL('../../index.html', import.meta.url)));
  document.screenMatrix = { a: 1, b: 0, inverse() { return this; } };
  globalThis.document = document;
  globalThis.DOMPoint = class { constructor(x, y) { this.x = x; this.y = y; } matrixTransform() { return this; } };
  const copied = [];
  Object.defineProperty(globalThis, 'navigator', { configurable: true,
    value: { clipboard: { writeText: async (text) => { copied.push(text); } } } });
  let frame = 0;
  let frames = [];
  const timers = new Map();
  let timerId = 0;
  let clock = 1000;
  const page = createPage({
    transport: transport || createTransport({ fetch: server.fetch, token: 'abcdefghijklmnop', schedule: () => {} }),
    onTransport: () => {}, now: () => clock, frameTime: () => frame, confirm: () => confirm, rawPointerEvents: false,
    nextFrame: (callback) => { frames.push(callback); return frames.length; },
    later: (callback, ms) => { timers.set(++timerId, { callback, ms }); return timerId; },
    cancelLater: (id) => timers.delete(id),
  });
  const harness = {
    page, ctx: page.ctx, hook: page.debugHook(), document, copied, server,
    tick(ms) { clock += ms; },
    async runFrames(count = 5) {
      for (let i = 0; i < count; i++) {
        frame++;
        clock += 16;
        const due = frames;
        frames = [];
        for (const callback of due) callback(clock);
        await settle();
      }
    },
    /** Runs the timers due now (those of `ms` only, when given), once each. */
    async runTimers(ms) {
      for (const [id, timer] of Array.from(timers.entries())) {
        if (ms !== undefined && timer.ms !== ms) continue;
        timers.delete(id);
        timer.callback();
      }
      await settle();
    },
    $: (id) => document.getElementById(id),
    doc: () => page.ctx.doc(),
  };
  if (start) {
    await page.start();
    await settle();
    await harness.runFrames();
  }
  return harness;
}
