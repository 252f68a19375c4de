// The AI, in its own module worker so that the page stays responsive while it
// thinks. Each request carries the whole game (start position and moves), so
// the worker keeps no state between requests (the device's speed readings
// come with each request and go back with its answer); replies
// echo the request id. It loads the whole engine (pkg/sowboard_ai.js, the AI
// included); the page itself has only the rules (engine.js).
import { aiEngine as ready } from './board/ai-engine.js';
import { searchOnDevice } from './board/device-speed.js';

self.onmessage = async (event) => {
  const { id, position, moves, rules, level, seed, budgetMs, device } = event.data;
  let game = null;
  try {
    const engine = await ready;
    game = engine.Game.load(position, moves, rules);
    const g = game;
    const search = (/** @type {number | undefined} */ nodes) => g.aiMove(level, seed, budgetMs ?? undefined, nodes) ?? null;
    // On node budgets with the page's safety deadlines: the level's budget fitted to the device.
    const { result: move, report } = device ? searchOnDevice(engine, device, level, search) : { result: search(undefined), report: null };
    self.postMessage({ id, move, device: report ?? null });
  } catch (err) {
    self.postMessage({ id, error: { code: err?.code ?? 'ai-failed', message: String(err?.message ?? err) } });
  } finally {
    game?.free();
  }
};
