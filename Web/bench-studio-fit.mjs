// Times the studio's `fit` route in the WebAssembly engine, as the page on a static host calls
// it: a studio-sized spec (7 points, degree 5, enforce, a milestone) through
// `CurveEngine.studio('fit', …)`, whose answer is the fit report plus the plot data. Prints
// p50 / p95 / max over the samples, split into the engine's call and the page's JSON decode.
// A benchmark, not a test: it asserts nothing (issue 30's budget: p95 <= 2 ms). Usage:
//   node Web/bench-studio-fit.mjs [ENGINE.wasm] [SAMPLES]
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { instantiateEngine } from './curvekit-core.mjs';

const [wasmPath = new URL('./curvekit-core.wasm', import.meta.url), samplesText = '1000'] = process.argv.slice(2);
const samples = Number(samplesText);
const engine = await instantiateEngine(readFileSync(wasmPath));
const spec = {
  name: 'Studio-sized', timeUnit: 'days', durationDays: 7, levelUnit: 'percent', degree: 5, monotonic: 'enforce',
  points: [[0, 100], [1, 97], [2, 90], [3, 78], [4, 60], [5, 40], [7, 0]],
  milestones: [{ until: 3, atLeast: 80 }],
};

// The route's two halves, timed apart: the wasm call, then the text's decode and JSON.parse.
const exports = engine.exports;
const encoder = new TextEncoder();
const copy = (bytes) => {
  const pointer = exports.ck_alloc(Math.max(8, bytes.length));
  new Uint8Array(exports.memory.buffer, pointer, bytes.length).set(bytes);
  return pointer;
};
const route = encoder.encode('fit');
const body = encoder.encode(JSON.stringify({ spec }));
const [routePointer, bodyPointer, out] = [copy(route), copy(body), exports.ck_alloc(8)];
const calls = [], decodes = [], totals = [];
let answerBytes = 0;
for (let index = 0; index < samples + 100; index += 1) {
  const start = performance.now();
  const status = exports.ck_studio_call(routePointer, route.length, bodyPointer, body.length, out, out + 4);
  const called = performance.now();
  const [text, length] = new Int32Array(exports.memory.buffer, out, 2);
  const answer = JSON.parse(new TextDecoder().decode(new Uint8Array(exports.memory.buffer, text, length)));
  exports.ck_free(text);
  const decoded = performance.now();
  if (status !== 200 || answer.degree !== 5) throw new Error(`the fit route answered ${status}`);
  answerBytes = length;
  if (index < 100) continue;  // warm-up
  calls.push(called - start);
  decodes.push(decoded - called);
  totals.push(decoded - start);
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(q * (sorted.length - 1))].toFixed(3);
};
const row = (name, values) =>
  console.log(`${name.padEnd(24)} p50 ${quantile(values, 0.5)}  p95 ${quantile(values, 0.95)}  max ${quantile(values, 1)} ms`);
console.log(`studio fit route, ${samples} samples after 100 warm-up, answer ${answerBytes} bytes`);
console.log(`${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} CPUs, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}, node ${process.version}`);
row('whole route', totals);
row('engine call', calls);
row('decode + JSON.parse', decodes);
