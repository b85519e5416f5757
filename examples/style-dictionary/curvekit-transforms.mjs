// Style Dictionary (v4 and later) value transforms for the tokens file that
// `curvekit export SPEC --format tokens` writes (W3C Design Tokens, format 2025.10).
//
// Why a custom transform: DTCG 2025.10 writes a duration as an object,
// {"value": 604800000, "unit": "ms"}, not as the string "604800000ms" that older token files
// used. Style Dictionary's built-in transform groups have no transform that turns that object
// into CSS text (their time transform, time/seconds, reads a number or a string), so without
// a transform of your own the object reaches the output as it is. These transforms turn the
// object (and the cubicBezier array) into CSS text.
//
// Register them before building (see build-tokens.mjs beside this file):
//   import StyleDictionary from 'style-dictionary';
//   import { registerCurveKitTransforms } from './curvekit-transforms.mjs';
//   registerCurveKitTransforms(StyleDictionary);

/** The seconds per unit of a DTCG 2025.10 duration. */
const secondsPerUnit = { ms: 0.001, s: 1 };

/**
 * A DTCG duration value as CSS time: `{value: 604800000, unit: "ms"}` → `"604800000ms"`,
 * `{value: 2.5, unit: "s"}` → `"2.5s"`. A string (an older token file, or a reference that
 * Style Dictionary has not resolved yet) is returned unchanged.
 * @param {unknown} value the token's `$value`
 * @param {string} path the token's path, for the error message
 * @returns {string}
 */
export function durationToCss(value, path) {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') {
    throw new Error(`${path}: a duration token's value must be {"value": number, "unit": "ms" | "s"}`);
  }
  const { value: amount, unit } = /** @type {{value: unknown, unit: unknown}} */ (value);
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    throw new Error(`${path}: duration value ${JSON.stringify(amount)} is not a finite number ≥ 0`);
  }
  if (typeof unit !== 'string' || !(unit in secondsPerUnit)) {
    throw new Error(`${path}: duration unit ${JSON.stringify(unit)} is not "ms" or "s"`);
  }
  // The number is written as JavaScript prints it (shortest round trip), so nothing is lost.
  return `${amount}${unit}`;
}

/**
 * A DTCG cubicBezier value as a CSS easing: `[x1, y1, x2, y2]` → `"cubic-bezier(x1, y1, x2, y2)"`.
 * CurveKit writes the exact Bézier of the progress 1 − level, so y1 and y2 may lie outside
 * [0, 1]; CSS accepts that.
 * @param {unknown} value the token's `$value`
 * @param {string} path the token's path, for the error message
 * @returns {string}
 */
export function cubicBezierToCss(value, path) {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || value.length !== 4 || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new Error(`${path}: a cubicBezier token's value must be four finite numbers`);
  }
  if (value[0] < 0 || value[0] > 1 || value[2] < 0 || value[2] > 1) {
    throw new Error(`${path}: cubic-bezier x1 and x2 must lie in [0, 1]`);
  }
  return `cubic-bezier(${value.join(', ')})`;
}

/** The token's type and value, in the DTCG spelling ($type, $value) or the legacy one. */
function typeOf(token) {
  return token.$type ?? token.type;
}
function valueOf(token) {
  return token.$value ?? token.value;
}
function pathOf(token) {
  return Array.isArray(token.path) ? token.path.join('.') : '(token)';
}

/** The two transforms, as Style Dictionary's `registerTransform` takes them. */
export const curveKitTransforms = [
  {
    name: 'curvekit/duration/css',
    type: 'value',
    transitive: true,
    filter: (token) => typeOf(token) === 'duration',
    transform: (token) => durationToCss(valueOf(token), pathOf(token)),
  },
  {
    name: 'curvekit/cubicBezier/css',
    type: 'value',
    transitive: true,
    filter: (token) => typeOf(token) === 'cubicBezier',
    transform: (token) => cubicBezierToCss(valueOf(token), pathOf(token)),
  },
];

/**
 * Registers both transforms on a Style Dictionary class (or instance).
 * @param {{registerTransform: (transform: object) => void}} styleDictionary
 */
export function registerCurveKitTransforms(styleDictionary) {
  for (const transform of curveKitTransforms) styleDictionary.registerTransform(transform);
}
