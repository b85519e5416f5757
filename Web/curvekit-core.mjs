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

/** Instantiates the engine from the bytes of curvekit-core.wasm. */
export async function instantiateEngine(bytes) {
  const module = await WebAssembly.compile(bytes);
  const unexpected = WebAssembly.Module.imports(module);
  if (unexpected.length > 0) {
    const names = unexpected.map((entry) => `${entry.module}.${entry.name}`).join(', ');
    throw new Error(`curvekit-core.wasm imports ${names}; the engine is built to import nothing`);
  }
  return new CurveEngine(await WebAssembly.instantiate(module, {}));
}
