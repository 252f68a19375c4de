// The AI on a slow device (issue 52): headless Chromium with its CPU slowed
// by the DevTools protocol (`Emulation.setCPUThrottlingRate`), level 8
// playing both sides of one game with the page's safety deadline, over a
// sample of moves (game after game), twice: on the level's own node budget, and on the budget
// fitted to the device as the page plays (www/board/device-speed.js: the
// speed measured once, then `aiDeviceNodes`). The engine runs on the page's
// own thread: the protocol throttles pages, not workers; the AI worker
// (www/ai-worker.js) makes the same calls. Prints each run's mean and max
// time per move and how often the deadline cut the search (a move that took
// the deadline or longer: a search stops early only at its node budget).
// Figures, not a test; results in docs/ai/clock.md.
//
//   node tests/browser/bench-slow-device.mjs [rate] [moves] [games...]
//   node tests/browser/bench-slow-device.mjs 4 30 intermedium cash-in-hand
//   SOWBOARD_WWW=/path/to/www node tests/browser/bench-slow-device.mjs
//   (a copy of the site from before the fitting runs the own-budget line only)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './lib/browser.mjs';
import { serve } from './server.mjs';
import { SAFETY_DEADLINE_MS } from '../../www/board/options.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const www = process.env.SOWBOARD_WWW ?? path.join(here, '../../www');
const [rateText = '4', movesText = '30', ...gameArgs] = process.argv.slice(2);
const rate = Number(rateText);
const sample = Number(movesText);
const games = gameArgs.length ? gameArgs : ['intermedium', 'cash-in-hand'];
const LEVEL = 8;
const deadline = SAFETY_DEADLINE_MS[LEVEL];

const app = await serve({ root: www });
const { context, close } = await launch();
try {
  const page = await context.newPage();
  await page.goto(`${app.url}/icon.svg`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  for (const game of games) {
    for (const fitted of [false, true]) {
      const run = await page.evaluate(
        async ({ game, sample, deadline, level, fitted, deadlines }) => {
          const engine = await import('/pkg/sowboard_ai.js');
          await engine.default();
          if (fitted && !engine.aiDeviceNodes) return null;
          const fit = fitted ? (await import('/board/device-speed.js')).fitToDevice(engine, { game, deadlines }, level) : null;
          // A game that ends before the sample is full is followed by another.
          let g = new engine.Game(game);
          const ms = [];
          for (let i = 0; i < sample; i++) {
            if (g.outcome()) {
              g.free();
              g = new engine.Game(game);
            }
            const t = performance.now();
            const move = g.aiMove(level, 7 + i, deadline, fit?.nodes);
            ms.push(performance.now() - t);
            if (move) g.play(move);
          }
          g.free();
          return { ms, nodes: fit?.nodes ?? null, nodesPerMs: fit?.report.nodesPerMs ?? null };
        },
        { game, sample, deadline, level: LEVEL, fitted, deadlines: SAFETY_DEADLINE_MS },
      );
      if (!run) continue;
      const { ms } = run;
      const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
      const cut = ms.filter((t) => t >= deadline).length;
      const budget = fitted
        ? `fitted to the device (${run.nodesPerMs.toFixed(0)} nodes/ms measured: ${run.nodes ? `${run.nodes} nodes` : 'its own budget'})`
        : 'its own node budget';
      console.log(
        `${game} level ${LEVEL} at ${rate}x CPU throttling, ${budget}: ${ms.length} moves, ` +
          `mean ${mean.toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms; ` +
          `the ${deadline} ms deadline cut ${cut} of ${ms.length}`,
      );
    }
  }
} finally {
  await close();
  app.server.close();
}
