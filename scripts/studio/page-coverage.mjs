#!/usr/bin/env node
// The share of the studio page's lines its unit tests run. Runs
//   node --test --experimental-test-coverage Sources/CurveStudio/Assets/studio/tests/
// and sums the report over the page's modules (every .mjs in Sources/CurveStudio/Assets/studio/,
// not its tests): a line counts as run when any instance of its module ran it, and a module no
// test loads counts as not run at all. Prints one line, "page coverage: …", and exits 1 when the
// tests fail or the share is below MINIMUM.
//
//   node scripts/studio/page-coverage.mjs
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MINIMUM = 70;
const root = fileURLToPath(new URL('../..', import.meta.url));
const folder = 'Sources/CurveStudio/Assets/studio';

const run = spawnSync(process.execPath, ['--test', '--experimental-test-coverage', folder + '/tests/'],
  { cwd: root, encoding: 'utf8' });
if (run.status !== 0) {
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  console.error('error: the page\'s unit tests failed (node --test exited ' + run.status + ')');
  process.exit(1);
}

// The report's rows: "# FILE | line % | branch % | funcs % | uncovered lines (n, or a-b)".
const missedBy = new Map();
for (const row of run.stdout.split('\n')) {
  const match = /^# (\S+\.mjs)\s*\|\s*[\d.]+\s*\|\s*[\d.]+\s*\|\s*[\d.]+\s*\|(.*)$/.exec(row);
  if (!match) continue;
  const missed = new Set();
  for (const span of match[2].trim().split(/\s+/).filter(Boolean)) {
    const [first, last] = span.split('-').map(Number);
    for (let line = first; line <= (last || first); line++) missed.add(line);
  }
  const earlier = missedBy.get(match[1]);
  missedBy.set(match[1], earlier ? new Set([...earlier].filter((line) => missed.has(line))) : missed);
}

let lines = 0;
let missed = 0;
const modules = readdirSync(root + '/' + folder).filter((name) => name.endsWith('.mjs')).sort();
for (const name of modules) {
  const path = folder + '/' + name;
  const count = readFileSync(root + '/' + path, 'utf8').replace(/\n$/, '').split('\n').length;
  lines += count;
  missed += missedBy.has(path) ? missedBy.get(path).size : count;
}
const share = 100 * (lines - missed) / lines;
console.log('page coverage: ' + share.toFixed(2) + ' % of ' + lines + ' lines in ' + modules.length +
  ' modules (' + missed + ' not run; minimum ' + MINIMUM + ' %)');
if (share < MINIMUM) process.exit(1);
