// The AI, in its own module worker so that the page stays responsive while it
// thinks. Each request carries the whole game (start position and moves), so
// the worker keeps no state between requests; replies echo the request id.
// It loads the whole engine (pkg/sowboard_ai.js, the AI included); the page
// itself has only the rules (engine.js).
import init, * as wasm from './pkg/sowboard_ai.js';
import { checkedEngine, engineLoadFailure } from './board/version.js';

const FILE = 'pkg/sowboard_ai_bg.wasm';
const ready = init().then(
  () => checkedEngine(wasm, FILE),
  (err) => {
    throw engineLoadFailure(err, FILE);
  },
);
// A failure is answered to each request; it is not an unhandled rejection.
ready.catch(() => {});

self.onmessage = async (event) => {
  const { id, position, moves, rules, level, seed, budgetMs } = event.data;
  let game = null;
  try {
    const { Game } = await ready;
    game = Game.load(position, moves, rules);
    const move = game.aiMove(level, seed, budgetMs ?? undefined) ?? null;
    self.postMessage({ id, move });
  } catch (err) {
    self.postMessage({ id, error: { code: err?.code ?? 'ai-failed', message: String(err?.message ?? err) } });
  } finally {
    game?.free();
  }
};
