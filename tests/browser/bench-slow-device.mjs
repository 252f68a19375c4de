// The AI on a slow device (issue 52): headless Chromium with its CPU slowed
// by the DevTools protocol (`Emulation.setCPUThrottlingRate`), level 8
// playing both sides of one game with the page's safety deadline, over a
// sample of moves. The engine's `aiMove` runs on the page's own thread: the
// protocol throttles the page, and playwright opens no protocol session on
// a worker; the AI worker (www/ai-worker.js) makes the same call. Prints each game's mean
// and max time per move and how often the deadline cut the search (a move
// that took the deadline or longer: a search stops early only at its node
// budget). Figures, not a test; results in docs/ai/clock.md.
//
//   node tests/browser/bench-slow-device.mjs [rate] [moves] [games...]
//   node tests/browser/bench-slow-device.mjs 4 30 intermedium cash-in-hand
//   SOWBOARD_WWW=/path/to/www node tests/browser/bench-slow-device.mjs
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
    const times = await page.evaluate(
      async ({ game, sample, deadline, level }) => {
        const { default: init, Game } = await import('/pkg/sowboard_ai.js');
        await init();
        const g = new Game(game);
        const out = [];
        for (let i = 0; i < sample && !g.outcome(); i++) {
          const t = performance.now();
          const move = g.aiMove(level, 7 + i, deadline);
          out.push({ ms: performance.now() - t, first: false });
          if (!move) break;
          g.play(move);
        }
        g.free();
        return out;
      },
      { game, sample, deadline, level: LEVEL },
    );
    const ms = times.map((t) => t.ms);
    const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
    const cut = ms.filter((t) => t >= deadline).length;
    console.log(
      `${game} level ${LEVEL} at ${rate}x CPU throttling: ${ms.length} moves, ` +
        `mean ${mean.toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms; ` +
        `the ${deadline} ms deadline cut ${cut} of ${ms.length}`,
    );
  }
} finally {
  await close();
  app.server.close();
}
