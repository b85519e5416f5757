// Compares the WebAssembly engine with the native `curvekit` bit for bit on a seeded corpus:
// levels (`eval --bits`), inverses (`invert --bits`) and the exact verdict (`check`'s
// `verdict:` line), for curves of every degree 1…10. Run by scripts/check-web.sh:
//   node Web/check-core.mjs NATIVE_CURVEKIT ENGINE.wasm [CURVES_PER_DEGREE]
// The node run is itself the 32-bit test: wasm32's Int is 32 bits, so every verdict below
// goes through DyadicRational.init(Double) with 53-bit significands, which trapped there.
// Test inputs are generated here; every compared number comes from the two builds.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { instantiateEngine } from './curvekit-core.mjs';
import { seededRandom } from './seeded-random.mjs';

const [native, wasmPath, perDegreeText = '24'] = process.argv.slice(2);
if (!native || !wasmPath) {
  console.error('usage: node Web/check-core.mjs NATIVE_CURVEKIT ENGINE.wasm [CURVES_PER_DEGREE]');
  process.exit(2);
}
const engine = await instantiateEngine(readFileSync(wasmPath));

// Seeded, so the corpus is the same on every run.
const next = seededRandom(20261203);

const bitsOf = (value) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  return view.getBigUint64(0).toString(16).padStart(16, '0');
};
const special = [0, -0, 1, 0.5, NaN, Infinity, -Infinity, 1e-300, 5e-324, 1 - 2 ** -53, -1e-9, 1.25];

function corpus(perDegree) {
  const curves = [];
  for (let degree = 1; degree <= 10; degree += 1) {
    for (let k = 0; k < perDegree; k += 1) {
      // Highest power first. Half are depletion-shaped (f(0) = 1, f(1) = 0 up to rounding:
      // the linear term absorbs the rest), half are arbitrary.
      const c = Array.from({ length: degree + 1 }, () => (next() - 0.5) * 4);
      if (k % 2 === 0) {
        c[degree] = 1;
        c[degree - 1] = -1 - c.slice(0, degree - 1).reduce((sum, value) => sum + value, 0);
      }
      curves.push(c);
    }
  }
  // Curves with flat points and touching roots, whose verdicts take the exact paths.
  curves.push([2, -3, 0, 1], [-2, 3, 0, 0], [1, -1.6, 0, 0.6, 1], [0, 0, -1, 1], [-1, 0, 1]);
  return curves;
}

const inputs = (n) => special.concat(Array.from({ length: n }, () => next()));

let passed = 0;
const failures = [];
function compare(label, expected, actual) {
  if (expected === actual) passed += 1;
  else failures.push(`${label}\n  native: ${expected.slice(0, 300)}\n  web:    ${actual.slice(0, 300)}`);
}
function run(args, input = '') {
  return spawnSync(native, args, { input, encoding: 'utf8', maxBuffer: 1 << 26 });
}

const perDegree = Number(perDegreeText);
let refusedInverses = 0;
for (const coefficients of corpus(perDegree)) {
  const list = coefficients.map(String).join(',');
  const times = inputs(48);
  const evaluated = run(['eval', '--coefficients', list, '--bits'], times.map(bitsOf).join('\n') + '\n');
  const levels = Array.from(engine.levels(coefficients, times), bitsOf).join('\n') + '\n';
  compare(`eval --coefficients ${list}`, `${evaluated.status} ${evaluated.stdout}`, `0 ${levels}`);

  const targets = inputs(48);
  const inverted = run(['invert', '--coefficients', list, '--bits'], targets.map(bitsOf).join('\n') + '\n');
  if (inverted.status === 0) {
    const found = Array.from(engine.times(coefficients, targets), bitsOf).join('\n') + '\n';
    compare(`invert --coefficients ${list}`, inverted.stdout, found);
  } else {
    refusedInverses += 1;  // The CLI refuses the inverse of a curve it cannot invert; so would the web CLI.
  }

  const checked = run(['check', '--coefficients', list]);
  const line = checked.stdout.split('\n').find((text) => text.startsWith('verdict: ')) ?? `(exit ${checked.status})`;
  compare(`check --coefficients ${list}`, line, `verdict: ${engine.verdict(coefficients)}`);
}

for (const failure of failures.slice(0, 10)) console.error(`FAIL ${failure}`);
console.log(`web: ${passed} passed, ${failures.length} failed (${refusedInverses} inverses refused natively, not compared)`);
process.exit(failures.length === 0 ? 0 : 1);
