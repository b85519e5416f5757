// The studio's engine for a page on a static host: loads curvekit-core.wasm next to this file
// and answers the page's routes through it (see StudioAPI.webCall in Swift for each route's
// body and answer). The page's web transport is written against `call`; no curve math here.
import { instantiateEngine } from './curvekit-core.mjs';

/**
 * Loads the engine from `wasmURL` (default: curvekit-core.wasm beside this module) and returns
 * `{ call(route, body) }`, where `call` resolves to `{status, data}` as the local server answers
 * the route of the same name.
 */
export async function loadEngine(wasmURL = new URL('./curvekit-core.wasm', import.meta.url)) {
  const response = await fetch(wasmURL);
  if (!response.ok) throw new Error(`the engine did not load: ${wasmURL} answered ${response.status}`);
  const engine = await instantiateEngine(new Uint8Array(await response.arrayBuffer()));
  return {
    async call(route, body) {
      return engine.studio(route, body);
    },
  };
}
