// The CurveKit engine for node (≥ 18) and browsers: loads curvekit-core.wasm (CurveKit's own
// Swift, compiled by scripts/build-web.sh) and moves doubles and bytes in and out of its
// linear memory. No curve math here: every number comes from the wasm exports.

/** An instantiated engine. */
export class CurveEngine {
  /** @param {WebAssembly.Instance} instance */
  constructor(instance) {
    this.exports = instance.exports;
  }

  /** Doubles copied into fresh engine memory; returns the pointer. */
  #copyIn(values) {
    const pointer = this.exports.ck_alloc(Math.max(8, values.length * 8));
    new Float64Array(this.exports.memory.buffer, pointer, values.length).set(values);
    return pointer;
  }

  /** Calls `exportName(coefficients, count, inputs, inputCount, output)` and returns the output doubles. */
  #map(exportName, coefficients, inputs) {
    const c = this.#copyIn(coefficients);
    const x = this.#copyIn(inputs);
    const y = this.exports.ck_alloc(Math.max(8, inputs.length * 8));
    try {
      const status = this.exports[exportName](c, coefficients.length, x, inputs.length, y);
      if (status !== 0) throw new Error(`${exportName}: not a polynomial`);
      return Float64Array.from(new Float64Array(this.exports.memory.buffer, y, inputs.length));
    } finally {
      for (const pointer of [c, x, y]) this.exports.ck_free(pointer);
    }
  }

  /** Levels at normalized times (`curvekit eval`'s default scheme). */
  levels(coefficients, times) {
    return this.#map('ck_levels', coefficients, times);
  }

  /** Normalized times for levels (`curvekit invert`'s default method). */
  times(coefficients, levels) {
    return this.#map('ck_times', coefficients, levels);
  }

  /**
   * One studio route (`session`, `new`, `fit`, `generate`, `export`, `convert`, `open`,
   * `share-encode`, `share-decode`, `canonical`) for a JSON-able body: `{status, data}`, the local server's answer to
   * the route of the same name (StudioAPI.webCall in Swift).
   */
  studio(route, body) {
    const encoder = new TextEncoder();
    const routeBytes = encoder.encode(route);
    const bodyBytes = encoder.encode(JSON.stringify(body ?? {}));
    const routePointer = this.#copyBytes(routeBytes);
    const bodyPointer = this.#copyBytes(bodyBytes);
    const out = this.exports.ck_alloc(8);
    try {
      const status = this.exports.ck_studio_call(routePointer, routeBytes.length, bodyPointer, bodyBytes.length,
        out, out + 4);
      const [text, length] = new Int32Array(this.exports.memory.buffer, out, 2);
      const answer = new TextDecoder().decode(new Uint8Array(this.exports.memory.buffer, text, length));
      this.exports.ck_free(text);
      return { status, data: JSON.parse(answer) };
    } finally {
      for (const pointer of [routePointer, bodyPointer, out]) this.exports.ck_free(pointer);
    }
  }

  /**
   * Runs the command line (`ck_cli`) with `argv` (no program name), relative paths against
   * `directory`; returns the exit status. Output goes to the WASI streams the host gave.
   */
  cli(directory, argv) {
    const strings = [directory, ...argv].map((text) => new TextEncoder().encode(text + '\0'));
    const bytes = new Uint8Array(strings.reduce((total, item) => total + item.length, 0));
    let offset = 0;
    for (const item of strings) {
      bytes.set(item, offset);
      offset += item.length;
    }
    const pointer = this.#copyBytes(bytes);
    try {
      return this.exports.ck_cli(pointer, bytes.length, strings.length);
    } finally {
      this.exports.ck_free(pointer);
    }
  }

  /** Bytes copied into fresh engine memory; returns the pointer. */
  #copyBytes(bytes) {
    const pointer = this.exports.ck_alloc(Math.max(8, bytes.length));
    new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
    return pointer;
  }

  /** The exact monotonicity verdict's text, as `curvekit check` prints after `verdict: `. */
  verdict(coefficients) {
    const c = this.#copyIn(coefficients);
    const lengthPointer = this.exports.ck_alloc(8);
    try {
      const text = this.exports.ck_verdict(c, coefficients.length, lengthPointer);
      const length = new Int32Array(this.exports.memory.buffer, lengthPointer, 1)[0];
      const result = new TextDecoder().decode(new Uint8Array(this.exports.memory.buffer, text, length));
      this.exports.ck_free(text);
      return result;
    } finally {
      this.exports.ck_free(c);
      this.exports.ck_free(lengthPointer);
    }
  }
}

/**
 * The WASI calls the engine's C library may make, for a host with no files and no streams (a
 * page): every call answers ENOSYS, so a file or stream the engine tries to use fails the way a
 * missing one does natively, except the random source (a temporary file's name), the list of
 * preopened directories (empty) and exit. The
 * studio's routes touch none of them. Node runs the command-line entry point on node:wasi
 * instead (curvekit.mjs), with real files.
 */
export function detachedSystem(memory = () => null) {
  const ENOSYS = 52;
  return new Proxy({}, {
    get(target, name) {
      if (name === 'random_get') {
        return (pointer, length) => {
          globalThis.crypto.getRandomValues(new Uint8Array(memory().buffer, pointer, length));
          return 0;
        };
      }
      // No preopened directories: EBADF ends the C library's scan for them at start-up.
      if (name === 'fd_prestat_get') return () => 8;
      if (name === 'proc_exit') return (code) => { throw new Error(`the engine exited with status ${code}`); };
      return () => ENOSYS;
    },
  });
}

/**
 * Instantiates the engine from the bytes of curvekit-core.wasm (or its compiled module). `system` is the WASI import
 * object (default: detachedSystem, no files); `initialize` runs the C library's constructors
 * (default: the module's own `_initialize`; node:wasi passes its own).
 */
export async function instantiateEngine(bytes, { system = null, initialize = null } = {}) {
  const module = bytes instanceof WebAssembly.Module ? bytes : await WebAssembly.compile(bytes);
  let instance = null;
  const wasi = system || detachedSystem(() => instance.exports.memory);
  const unexpected = WebAssembly.Module.imports(module).filter((entry) => entry.module !== 'wasi_snapshot_preview1');
  if (unexpected.length > 0) {
    const names = unexpected.map((entry) => `${entry.module}.${entry.name}`).join(', ');
    throw new Error(`curvekit-core.wasm imports ${names}; the engine imports only WASI`);
  }
  instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi });
  if (initialize) initialize(instance);
  else instance.exports._initialize();
  return new CurveEngine(instance);
}
