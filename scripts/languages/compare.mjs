// Compares what the generated Kotlin and TypeScript files computed with what the Swift library
// computed (scripts/check-generated-languages.sh wrote all three into FOLDER), bit for bit:
//   NAME.levels / NAME.inverse  one bit pattern a line (any NaN equals any NaN);
//   NAME.timeline-K             "epochMillis percentage" a line; the Swift side is
//                               `curvekit timeline --json`, whose ISO dates are milliseconds.
//   NAME.segments-K-P           "fromMillis toMillis startBits endBits" a line; the Swift side is
//                               `curvekit timeline --segments --max-error P --json`.
// Usage: node compare.mjs FOLDER NAME…  Prints a line per language and curve, then
// "languages: N passed, M failed"; exits 1 on any difference.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [folder, ...names] = process.argv.slice(2);
const lines = (path) => readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() !== '');
const isNaNBits = (bits) => {
  const value = BigInt('0x' + bits);
  return ((value >> 52n) & 0x7ffn) === 0x7ffn && (value & ((1n << 52n) - 1n)) !== 0n;
};
const sameBits = (a, b) => a === b || (isNaNBits(a) && isNaNBits(b));

const buffer = new Float64Array(1);
const words = new BigUint64Array(buffer.buffer);
const hex = (x) => {
  buffer[0] = x;
  return words[0].toString(16).padStart(16, '0');
};
function swiftRamps(path) {
  return JSON.parse(readFileSync(path, 'utf8')).segments.map(
    (s) => `${Date.parse(s.from)} ${Date.parse(s.to)} ${hex(s.startLevel)} ${hex(s.endLevel)}`);
}

function swiftTimeline(path) {
  return JSON.parse(readFileSync(path, 'utf8')).changes.map(
    (change) => `${Date.parse(change.date)} ${change.percentage}`);
}

let passed = 0;
let failed = 0;
const inputs = lines(join(folder, 'times.bits'));
const levelInputs = lines(join(folder, 'levels.bits'));
for (const language of ['kotlin', 'typescript']) {
  for (const name of names) {
    const report = [];
    let mismatches = 0;
    const check = (what, expected, actual, same, input) => {
      if (expected.length !== actual.length) {
        report.push(`${what}: ${actual.length} results, Swift has ${expected.length}`);
        mismatches += 1;
        return;
      }
      for (let i = 0; i < expected.length; i++) {
        if (!same(expected[i], actual[i])) {
          if (mismatches < 5) report.push(`${what}[${i}]${input ? ` at ${input[i]}` : ''}: ${actual[i]}, Swift ${expected[i]}`);
          mismatches += 1;
        }
      }
      report.push(`${what} ${expected.length}`);
    };
    const base = join(folder, language, name);
    check('levels', lines(join(folder, 'swift', `${name}.levels`)), lines(`${base}.levels`), sameBits, inputs);
    check('inverses', lines(join(folder, 'swift', `${name}.inverse`)), lines(`${base}.inverse`), sameBits, levelInputs);
    const timelines = readdirSync(join(folder, 'swift')).filter((file) => file.startsWith(`${name}.timeline-`));
    let dates = 0;
    for (const file of timelines) {
      const expected = swiftTimeline(join(folder, 'swift', file));
      const actualPath = join(folder, language, file);
      const actual = existsSync(actualPath) ? lines(actualPath) : [];
      const before = mismatches;
      check(file.replace(`${name}.`, ''), expected, actual, (a, b) => a === b);
      report.pop();
      if (mismatches === before) dates += expected.length;
    }
    report.push(`timeline dates ${dates} (${timelines.length} schedules)`);
    let ramps = 0;
    const rampFiles = readdirSync(join(folder, 'swift')).filter((file) => file.startsWith(`${name}.segments-`));
    for (const file of rampFiles) {
      const actualPath = join(folder, language, file);
      const before = mismatches;
      const expected = swiftRamps(join(folder, 'swift', file));
      check(file.replace(`${name}.`, ''), expected, existsSync(actualPath) ? lines(actualPath) : [], (a, b) => a === b);
      report.pop();
      if (mismatches === before) ramps += expected.length;
    }
    report.push(`ramps ${ramps} (${rampFiles.length} limits and schedules)`);
    const ok = mismatches === 0;
    if (ok) passed += 1; else failed += 1;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${language} ${name}: ${report.join(', ')}`);
  }
}
console.log(`languages: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
