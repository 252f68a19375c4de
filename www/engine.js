// The rules engine (WebAssembly), loaded once per page: every <sowing-board>
// on the page shares this one module instance. ES modules are singletons per
// URL, so importing this file from anywhere gives the same promise.
import init, * as wasm from './pkg/sowboard.js';
import { VERSION } from './board/version.js';

let ready = null;

/** An Error with a `code`, as the engine's own errors have.
 * @param {string} code @param {string} message */
const failure = (code, message) => Object.assign(new Error(message), { code });

/** Resolves to the engine's exports once the wasm module is instantiated.
 * Refuses (code `engine-version`) an engine from another version than this
 * widget: files of two builds mixed on a server would otherwise fail later,
 * in odd ways. */
export function loadEngine() {
  // The wasm file is found next to pkg/sowboard.js (import.meta.url), so this
  // also works when the widget is served from another origin (with CORS).
  ready ??= init().then(
    () => {
      const version = typeof wasm.engineVersion === 'function' ? wasm.engineVersion() : 'older than 0.1.0';
      if (version !== VERSION) {
        throw failure(
          'engine-version',
          `the engine (pkg/sowboard_bg.wasm) is sowboard ${version} but widget.js is ${VERSION}: serve the files of one build together`,
        );
      }
      return wasm;
    },
    (err) => {
      throw failure(
        'engine-load',
        `the engine (pkg/sowboard_bg.wasm) could not be started: ${err?.message ?? err}. Its files must come from the same build as widget.js (sowboard ${VERSION})`,
      );
    },
  );
  return ready;
}
