// The AI, in its own module worker so that the page stays responsive while it
// thinks. Each request carries the whole game (start position and moves), so
// the worker keeps no state between requests but the device's speed; replies
// echo the request id. It loads the whole engine (pkg/sowboard_ai.js, the AI
// included); the page itself has only the rules (engine.js).
import { aiEngine as ready } from './board/ai-engine.js';
import { fitToDevice, slowerSince } from './board/device-speed.js';

/** Nodes a millisecond by game, measured in this worker. @type {Map<string, number>} */
const speeds = new Map();

self.onmessage = async (event) => {
  const { id, position, moves, rules, level, seed, budgetMs, device } = event.data;
  let game = null;
  try {
    const engine = await ready;
    // On node budgets with the page's safety deadlines: the level's budget on this device.
    let nodes, report;
    if (device) {
      const known = device.nodesPerMs ?? speeds.get(device.game);
      ({ nodes, report } = fitToDevice(engine, { ...device, nodesPerMs: known }, level));
    }
    game = engine.Game.load(position, moves, rules);
    const work = engine.aiWorkDone();
    const start = performance.now();
    const move = game.aiMove(level, seed, budgetMs ?? undefined, nodes) ?? null;
    if (device && report) report = slowerSince(engine, device, level, report, engine.aiWorkDone() - work, start);
    if (report) speeds.set(report.game, report.nodesPerMs);
    self.postMessage({ id, move, device: report ?? null });
  } catch (err) {
    self.postMessage({ id, error: { code: err?.code ?? 'ai-failed', message: String(err?.message ?? err) } });
  } finally {
    game?.free();
  }
};
