// The whole engine (pkg/sowboard_ai.js: the rules, the AI and the analysis),
// for the two workers that search; the page's main thread loads the rules
// only (engine.js). One instance per worker, checked against this widget's
// version like the rules module.
import init, * as wasm from '../pkg/sowboard_ai.js';
import { checkedEngine, engineLoadFailure } from './version.js';

const FILE = 'pkg/sowboard_ai_bg.wasm';

/** Resolves to the engine's exports, or rejects with `engine-load` or
 * `engine-version` (answered to each request by the worker). */
export const aiEngine = init().then(
  () => checkedEngine(wasm, FILE),
  (err) => {
    throw engineLoadFailure(err, FILE);
  },
);
// A failure is answered to each request; it is not an unhandled rejection.
aiEngine.catch(() => {});
