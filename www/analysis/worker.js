// The analysis worker: analyses a position as the search deepens, evaluates
// it once (a hint: `Game.evaluate`, the analysis's answer without the
// shallower passes), or reviews a whole game, posting each report or
// progress step as it comes. It also answers the rules' slower queries,
// which the page's main thread does not hold: the threats of the side not
// to move (`Game.threats`, which may walk its whole work limit on tall
// stacks) and what one move achieves in stones (`captureOutcome`, the Learn
// page's capture puzzles).
// Requests carry the whole game, so the worker keeps no state; to stop one,
// the page terminates the worker (a search cannot read messages meanwhile).
// It loads the whole engine (pkg/sowboard_ai.js, the analysis included); the
// page itself has only the rules (engine.js).
import { aiEngine as ready } from '../board/ai-engine.js';

self.onmessage = async (event) => {
  const { id, type, position, moves, rules, level, nodes, limit, move } = event.data;
  let game = null;
  try {
    const { Game, captureOutcome } = await ready;
    if (type === 'ready') {
      // Loads the engine ahead of the first question that needs it.
      self.postMessage({ id, type: 'done', result: null });
      return;
    }
    if (type === 'captureOutcome') {
      self.postMessage({ id, type: 'done', result: captureOutcome(position, move, rules) });
      return;
    }
    game = Game.load(position, moves, rules);
    let result = null;
    if (type === 'threats') {
      // With what the page needs to draw them: the side they are against
      // (the side to move) and its city, and whether the game is over.
      const mover = game.sideToMove();
      result = {
        ...game.threats(limit),
        mover,
        city: game.cities().find((c) => c.side === mover)?.cell ?? null,
        outcome: game.outcome() ?? null,
      };
    } else if (type === 'analyse') {
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
