// The AI, in its own module worker so that the page stays responsive while it
// thinks. Each request carries the whole game (start position and moves), so
// the worker keeps no state between requests; replies echo the request id.
import init, { Game } from './pkg/sowboard.js';

const ready = init();

self.onmessage = async (event) => {
  const { id, position, moves, rules, level, seed, budgetMs } = event.data;
  let game = null;
  try {
    await ready;
    game = Game.load(position, moves, rules);
    const move = game.aiMove(level, seed, budgetMs ?? undefined) ?? null;
    self.postMessage({ id, move });
  } catch (err) {
    self.postMessage({ id, error: { code: err?.code ?? 'ai-failed', message: String(err?.message ?? err) } });
  } finally {
    game?.free();
  }
};
