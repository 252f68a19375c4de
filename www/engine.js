// The rules engine (WebAssembly), loaded once per page: every <sowing-board>
// on the page shares this one module instance. ES modules are singletons per
// URL, so importing this file from anywhere gives the same promise.
// This is the rules-only module (pkg/sowboard.js: positions, moves, the move
// builder, records, link codes, threats): the board is playable with it
// alone. The AI and the analysis run in workers, which load the whole engine
// (pkg/sowboard_ai.js) when first asked.
import init, * as wasm from './pkg/sowboard.js';
import { checkedEngine, engineLoadFailure } from './board/version.js';

const FILE = 'pkg/sowboard_bg.wasm';

/** @type {Promise<typeof wasm> | null} */
let ready = null;

/** Resolves to the engine's exports once the wasm module is instantiated.
 * Refuses (code `engine-version`) an engine from another version than this
 * widget, and says which file failed (code `engine-load`) when it cannot start. */
export function loadEngine() {
  // The wasm file is found next to pkg/sowboard.js (import.meta.url), so this
  // also works when the widget is served from another origin (with CORS).
  ready ??= init().then(
    () => checkedEngine(wasm, FILE),
    (err) => {
      throw engineLoadFailure(err, FILE);
    },
  );
  return ready;
}
