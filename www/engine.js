// The rules engine (WebAssembly), loaded once per page: every <sowing-board>
// on the page shares this one module instance. ES modules are singletons per
// URL, so importing this file from anywhere gives the same promise.
import init, * as wasm from './pkg/sowboard.js';

let ready = null;

/** Resolves to the engine's exports once the wasm module is instantiated. */
export function loadEngine() {
  // The wasm file is found next to pkg/sowboard.js (import.meta.url), so this
  // also works when the widget is served from another origin (with CORS).
  ready ??= init().then(() => wasm);
  return ready;
}
