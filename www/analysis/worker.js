// The analysis worker: analyses a position as the search deepens, evaluates
// it once (a hint: `Game.evaluate`, the analysis's answer without the
// shallower passes), or reviews a whole game, posting each report or
// progress step as it comes.
// Requests carry the whole game, so the worker keeps no state; to stop one,
// the page terminates the worker (a search cannot read messages meanwhile).
// It loads the whole engine (pkg/sowboard_ai.js, the analysis included); the
// page itself has only the rules (engine.js).
import { aiEngine as ready } from '../board/ai-engine.js';

self.onmessage = async (event) => {
  const { id, type, position, moves, rules, level, nodes } = event.data;
  let game = null;
  try {
    const { Game } = await ready;
    game = Game.load(position, moves, rules);
    let result = null;
    if (type === 'analyse') {
      result = game.analyse(level, nodes, (analysis) => {
        self.postMessage({ id, type: 'report', analysis });
      });
    } else if (type === 'evaluate') {
      result = game.evaluate(level, nodes);
    } else if (type === 'review') {
      result = game.review(level, nodes, (done, total) => {
        self.postMessage({ id, type: 'progress', done, total });
      });
    } else {
      throw Object.assign(new Error(`unknown request ${type}`), { code: 'bad-argument' });
    }
    self.postMessage({ id, type: 'done', result });
  } catch (caught) {
    const err = /** @type {any} */ (caught);
    self.postMessage({ id, type: 'error', error: { code: err?.code ?? 'analysis-failed', message: String(err?.message ?? err) } });
  } finally {
    game?.free();
  }
};
