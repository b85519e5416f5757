// Compares `node curvekit.mjs` (the WebAssembly build) with the native `curvekit`, byte for
// byte: stdout, stderr, the exit status and every file a command writes, on a corpus of
//   - every example spec (examples/**/*.curve.json) and the fixture specs,
//   - seeded specs: every degree 1…10, every monotonic policy, milestones, minSlope, every
//     time and level unit, weights, value and slope constraints, no endpoints,
//   - the bad-input corpus (Tests/Fixtures/bad-inputs/manifest.json: files and command lines),
// through fit (--json, --data FILE and -), check, generate (Swift, Kotlin, TypeScript and their
// options), export (every format), timeline, share, eval, invert, roots and plot (SVG).
// Run by scripts/check-web.sh:
//   node Web/check-cli.mjs NATIVE_CURVEKIT WEB_DIR [SEEDED_SPECS]
// Prints `web cli: N passed, 0 failed`; exits 1 on any difference. Both tools run in copies of
// one folder, with the same relative paths, so messages naming files are comparable. The
// engine is compiled once and instantiated per command (a fresh instance, as a process is).
// The spec generator makes inputs only; every compared byte comes from the two builds.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { seededRandom } from './seeded-random.mjs';

const sliceArgument = process.argv.find((argument) => argument.startsWith('--slice='));
const [nativeArgument, webDirectory, seededText = '220'] = process.argv.slice(2).filter((argument) => argument !== sliceArgument);
if (!nativeArgument || !webDirectory) {
  console.error('usage: node Web/check-cli.mjs NATIVE_CURVEKIT WEB_DIR [SEEDED_SPECS]');
  process.exit(2);
}
const native = resolve(nativeArgument);
const repository = resolve(new URL('..', import.meta.url).pathname);

// Silence node:wasi's experimental notice, as curvekit.mjs does.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  if (type === 'ExperimentalWarning') return;
  emitWarning.call(process, warning, ...rest);
};
const { WASI } = await import('node:wasi');
const { instantiateEngine } = await import(resolve(webDirectory, 'curvekit-core.mjs'));
const module = await WebAssembly.compile(readFileSync(resolve(webDirectory, 'curvekit-core.wasm')));

// Seeded, so the corpus is the same on every run.
const random = seededRandom(20261203);
const pick = (items) => items[Math.floor(random() * items.length)];
const rounded = (value, digits = 6) => Number(value.toPrecision(digits));

const timeUnits = [null, 'seconds', 'minutes', 'hours', 'days', 'weeks'];
const policies = [null, 'require', 'enforce', 'ignore'];

/** One seeded spec (an input: a noisy falling shape in the spec's units). */
function seededSpec(index) {
  const degree = 1 + (index % 10);
  const timeUnit = timeUnits[index % timeUnits.length];
  const percent = index % 3 === 1;
  const duration = timeUnit ? pick([1, 2, 7, 10, 36, 90]) : 1;
  const spec = { name: `Seeded ${index}` };
  if (timeUnit === 'days' && index % 4 === 0) {
    spec.durationDays = duration;
  } else if (timeUnit) {
    spec.timeUnit = timeUnit;
    spec.duration = duration;
  }
  if (percent) spec.levelUnit = 'percent';
  const scale = percent ? 100 : 1;
  const count = degree + 1 + Math.floor(random() * 6);
  const times = new Set();
  while (times.size < count) times.add(rounded((0.02 + 0.96 * random()) * duration, 5));
  const power = pick([0.6, 1, 1.8, 3]);
  const noise = pick([0, 0.002, 0.02, 0.08]);
  spec.points = [...times].sort((a, b) => a - b).map((t) => {
    const u = t / duration;
    return [t, rounded((1 - u ** power + noise * (random() - 0.5)) * scale)];
  });
  spec.degree = degree;
  const policy = policies[Math.floor(index / 10) % policies.length];
  if (policy) spec.monotonic = policy;
  if (index % 7 === 3) spec.weights = spec.points.map(() => rounded(0.5 + 2 * random(), 3));
  if (index % 11 === 5 && degree >= 3) {
    spec.constraints = [index % 2 ? { t: rounded(0.5 * duration, 4), value: rounded(0.5 * scale, 4) }
      : { t: 0, slope: rounded(-0.2 * scale / duration, 4) }];
  }
  if (index % 9 === 4 && degree >= 3) {
    spec.milestones = [index % 2 ? { until: rounded(0.2 * duration, 4), atLeast: rounded(0.7 * scale, 4) }
      : { from: rounded(0.9 * duration, 4), atMost: rounded(0.3 * scale, 4) }];
  }
  if (index % 13 === 6) spec.minSlope = rounded(0.05 * scale / duration, 4);
  if (index % 17 === 8) spec.endpoints = false;
  return spec;
}

const folder = mkdtempSync(join(tmpdir(), 'curvekit-web-cli-'));
const corpus = join(folder, 'corpus');
mkdirSync(corpus);
const specs = [];
function addSpec(name, text) {
  writeFileSync(join(corpus, name), text);
  specs.push(name);
}
function collect(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) collect(path);
    else if (entry.name.endsWith('.curve.json')) addSpec(`example-${specs.length}-${entry.name}`, readFileSync(path));
  }
}
collect(join(repository, 'examples'));
collect(join(repository, 'Tests/Fixtures/specs'));
const seeded = Number(seededText);
for (let index = 0; index < seeded; index += 1) {
  addSpec(`seeded-${index}.curve.json`, JSON.stringify(seededSpec(index), null, 2) + '\n');
}
writeFileSync(join(corpus, 'points.txt'), '# t y\n0.1 0.95\n0.3 0.8\n0.5 0.55\n0.7 0.3\n0.9 0.08\n');
const badFolder = join(repository, 'Tests/Fixtures/bad-inputs');
const manifest = JSON.parse(readFileSync(join(badFolder, 'manifest.json'), 'utf8'));
for (const entry of readdirSync(badFolder)) {
  if (entry !== 'manifest.json' && entry !== 'README.md') cpSync(join(badFolder, entry), join(corpus, entry));
}

/** The command lines: each a list of arguments, optionally with stdin from a corpus file. */
const runs = [];
const formats = ['css', 'swiftui', 'json', 'css-linear', 'tokens', 'keyframes', 'compose'];
// Every spec gets fit --json, check, generate and export (their options rotating), then either a
// timeline or one of the other commands in turn, so each command and option meets every degree,
// unit and policy over the seeded specs.
const generateOptions = [
  [], ['--language', 'kotlin', '--package', 'com.example.curves', '--with-schedule'],
  ['--language', 'typescript', '--with-schedule'], ['--inverse', 'newton', '--access', 'public'],
  ['--language', 'kotlin', '--compose'], ['--language', 'typescript'], ['--with-schedule', '--inverse', 'cardano'],
];
const rotating = [
  (spec) => ['fit', spec], (spec) => ['share', spec], (spec) => ['eval', spec, '--json'],
  (spec) => ['invert', spec, '--bits', '0.5', '0.25'], (spec, index) => ['plot', spec, '-o', `plot-${index}.svg`],
  (spec) => ['timeline', spec, '--refill', '2026-01-05T08:00:00Z', '--segments', '--json'],
  (spec) => ['export', spec, '--precision', '3'],
];
specs.forEach((spec, index) => {
  runs.push({ args: ['fit', spec, '--json'] }, { args: ['check', spec] });
  runs.push({ args: ['generate', spec, ...generateOptions[index % generateOptions.length]] });
  runs.push({ args: ['export', spec, '--format', formats[index % formats.length]] });
  runs.push({ args: index % 2 ? ['timeline', spec, '--refill', '2026-01-05T08:00:00Z', '--through', '2026-01-06T08:00:00Z']
    : rotating[(index >> 1) % rotating.length](spec, index) });
});
runs.push({ args: ['fit', '--data', 'points.txt'] }, { args: ['fit', '--data', 'points.txt', '--json'] });
runs.push({ args: ['fit', '--data', '-', '--degree', '2'], stdin: 'points.txt' });
runs.push({ args: ['roots', '--coefficients', '1,-6,11,-6'] }, { args: ['roots', '--coefficients', '1,0,0,-1e-300', '--json'] });
runs.push({ args: ['eval', '--coefficients', '-0.131963982801121,-0.0930282018562079,-0.775007815342671,1', '0', '0.25', '1'] });
runs.push({ args: ['invert', '--coefficients', '-0.5,1.2,-1.7,1', '--bits', '0.9', '0.1'] });
runs.push({ args: ['fit', '--from-css', 'cubic-bezier(0.42, 0, 0.58, 1)', '--json'] });
runs.push({ args: ['export', '--from-css', 'ease-in-out', '--format', 'compose'] });
for (const entry of manifest.cases) {
  for (const command of entry.commands) {
    const args = [command, entry.kind === 'data' ? '--data' : null, entry.file].filter(Boolean);
    if (command === 'generate' || command === 'plot') args.push('-o', command === 'plot' ? 'bad.svg' : 'Bad.swift');
    runs.push({ args });
  }
}
for (const entry of manifest.arguments) {
  runs.push({ args: entry.args.map((text) => text.replaceAll('{valid}', 'valid-base.curve.json').replaceAll('{dir}', 'empty-dir')) });
}

const nativeFolder = join(folder, 'native');
const webFolder = join(folder, 'web');

/** The files a command wrote (names not in the corpus), with their bytes; removes them. */
const corpusNames = new Set(readdirSync(corpus));
function written(directory) {
  const files = new Map();
  for (const name of readdirSync(directory)) {
    if (corpusNames.has(name) || name === 'empty-dir') continue;
    const path = join(directory, name);
    files.set(name, existsSync(path) ? readFileSync(path, { flag: 'r' }) : null);
    rmSync(path, { recursive: true, force: true });
  }
  for (const name of readdirSync(join(directory, 'empty-dir'))) {
    files.set(`empty-dir/${name}`, readFileSync(join(directory, 'empty-dir', name)));
    rmSync(join(directory, 'empty-dir', name), { recursive: true, force: true });
  }
  return files;
}

async function runWeb(run) {
  const stdout = join(folder, 'web.stdout');
  const stderr = join(folder, 'web.stderr');
  const fds = [openSync(run.stdin ? join(webFolder, run.stdin) : '/dev/null', 'r'), openSync(stdout, 'w'), openSync(stderr, 'w')];
  const wasi = new WASI({
    version: 'preview1', args: ['curvekit', ...run.args], env: { PATH: process.env.PATH ?? '' }, preopens: { '/': '/' },
    stdin: fds[0], stdout: fds[1], stderr: fds[2], returnOnExit: true,
  });
  const engine = await instantiateEngine(module, { system: wasi.wasiImport, initialize: (instance) => wasi.initialize(instance) });
  const status = engine.cli(webFolder, run.args);
  // The engine may close its stdin (a stream that owns descriptor 0), which closes ours too.
  for (const fd of fds) try { closeSync(fd); } catch { /* already closed by the engine */ }
  return { status, stdout: readFileSync(stdout), stderr: readFileSync(stderr) };
}

/** The native tool's run, in a child process. */
function runNative(run) {
  return new Promise((resolvePromise) => {
    const child = spawn(native, run.args, { cwd: nativeFolder, env: { PATH: process.env.PATH ?? '' } });
    const [out, err] = [[], []];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('close', (status) => resolvePromise({ status, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }));
    child.stdin.on('error', () => {});  // a tool that exits before reading its input
    child.stdin.end(run.stdin ? readFileSync(join(nativeFolder, run.stdin)) : '');
  });
}

// The driver runs the command lines in slices, each in a child node process (a long run of
// WebAssembly instances in one process exhausts node's memory reservations); a child runs its
// slice and prints its counts.
const SLICE = 100;
if (!sliceArgument) {
  let [passedTotal, failedTotal] = [0, 0];
  for (let start = 0; start < runs.length; start += SLICE) {
    const runSlice = () => spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1), `--slice=${start}:${start + SLICE}`], {
      stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24,
    });
    let child = runSlice();
    if (child.signal) {
      // node itself has crashed here now and then (SIGSEGV, not reproducible on rerunning the
      // slice): a harness fault, not a difference, so the slice runs once more, said aloud.
      console.error(`the slice from command line ${start} ended with ${child.signal}; running it again`);
      child = runSlice();
    }
    const counts = /(\d+) passed, (\d+) failed/.exec(child.stdout.toString());
    if (child.status > 1 || !counts) {
      console.error(`the slice from command line ${start} ended with status ${child.status} (signal ${child.signal})`);
      failedTotal += Math.min(SLICE, runs.length - start);
      continue;
    }
    passedTotal += Number(counts[1]);
    failedTotal += Number(counts[2]);
  }
  rmSync(folder, { recursive: true, force: true });
  console.log(`web cli: ${passedTotal} passed, ${failedTotal} failed (${specs.length} specs, ${runs.length} command lines)`);
  process.exit(failedTotal === 0 ? 0 : 1);
}
const [sliceStart, sliceEnd] = sliceArgument.slice('--slice='.length).split(':').map(Number);

let passed = 0;
let failed = 0;
for (const target of [nativeFolder, webFolder]) {
  cpSync(corpus, target, { recursive: true });
  mkdirSync(join(target, 'empty-dir'));
}
for (const [index, run] of runs.slice(sliceStart, sliceEnd).entries()) {
  // Each instance holds its own linear memory (an 8 MiB stack and the heap), which V8's
  // collector does not count as pressure: collect every few runs.
  if (index % 10 === 9) globalThis.gc?.();
  if (process.env.CHECK_CLI_TRACE) console.error(`run ${sliceStart + index}: curvekit ${run.args.join(' ')}`);
  // One after the other: the engine may close the descriptors it was given, and nothing else
  // may be opened in this process meanwhile (a native child's pipes, say) that could take the
  // closed numbers.
  const left = await runNative(run);
  const right = await runWeb(run);
  const problems = [];
  if (left.status !== right.status) problems.push(`exit ${left.status} natively, ${right.status} on the web`);
  // Every byte, the fit report's condition number included (it comes from the exact sums in
  // both builds, issue 30).
  if (!left.stdout.equals(right.stdout)) problems.push('stdout differs');
  if (!left.stderr.equals(right.stderr)) problems.push(`stderr differs:\n    native: ${left.stderr.toString().trim()}\n    web:    ${right.stderr.toString().trim()}`);
  const [leftFiles, rightFiles] = [written(nativeFolder), written(webFolder)];
  for (const name of new Set([...leftFiles.keys(), ...rightFiles.keys()])) {
    const [a, b] = [leftFiles.get(name), rightFiles.get(name)];
    if (!a || !b || !a.equals(b)) problems.push(`${name} differs or exists on one side only`);
  }
  if (problems.length === 0) {
    passed += 1;
  } else {
    failed += 1;
    if (failed <= 20) console.error(`FAIL curvekit ${run.args.join(' ')}\n  ${problems.join('\n  ')}`);
  }
}
rmSync(folder, { recursive: true, force: true });
console.log(`web cli: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
