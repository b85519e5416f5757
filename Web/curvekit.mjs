#!/usr/bin/env node
// `curvekit` without Swift: node (≥ 18) runs CurveKit's own command line, compiled to
// WebAssembly by scripts/build-web.sh, over node:wasi: the same arguments, the same bytes on
// stdout and stderr and the same exit status as the native tool, for every command but
// `design` (the studio's server stays native; the studio itself is index.html beside this).
//
//   node curvekit.mjs COMMAND [ARGUMENTS…]
//
// Files are the machine's own: the whole file system is given to the engine (preopened at /),
// and relative paths are read against the current directory, as natively.
import { readFileSync } from 'node:fs';

// node:wasi announces itself as experimental on stderr; the tool's stderr is only its own.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
  if (type === 'ExperimentalWarning' && String(warning).includes('WASI')) return;
  emitWarning.call(process, warning, ...rest);
};
const { WASI } = await import('node:wasi');
const { instantiateEngine } = await import('./curvekit-core.mjs');

const wasi = new WASI({
  version: 'preview1',
  args: ['curvekit', ...process.argv.slice(2)],
  env: process.env,
  preopens: { '/': '/' },
  returnOnExit: true,
});
const engine = await instantiateEngine(readFileSync(new URL('./curvekit-core.wasm', import.meta.url)), {
  system: wasi.wasiImport,
  initialize: (instance) => wasi.initialize(instance),
});
process.exitCode = engine.cli(process.cwd(), process.argv.slice(2));
