// The AI on a slow device (issue 52): headless Chromium with its CPU slowed
// by the DevTools protocol (`Emulation.setCPUThrottlingRate`), level 8
// playing both sides with the page's safety deadline, over a sample of moves
// (game after game), three times a game:
// - "own": the level's own node budget;
// - "fitted": as the page plays on node budgets (www/board/device-speed.js,
//   the calls the AI worker makes): the speed probed before the first move,
//   the level's budget fitted to it (`aiDeviceNodes`), and after each move
//   the speed refitted to the lowest of the probe's and the last moves'
//   (`searchOnDevice`);
// - "lull": the same, but the probe runs unthrottled and the moves
//   throttled: a probe that timed a lull in the device's load, which the
//   moves must correct.
// The engine runs on the page's own thread: the protocol throttles pages,
// not workers. Prints each run's mean and max time per move, how often the
// deadline cut the search (a move that took the deadline or longer: a
// search stops early only at its node budget), and the speeds the fitting
// used. Figures, not a test; results in docs/ai/clock.md.
//
//   node tests/browser/bench-slow-device.mjs [rate] [moves] [games...]
//   node tests/browser/bench-slow-device.mjs 4 30 intermedium cash-in-hand
//   RUNS=own,fitted node tests/browser/bench-slow-device.mjs 4 30   (some runs only)
//   VERBOSE=1 ...                                  (every move: ms, nodes, budget, speed)
//   SOWBOARD_WWW=/path/to/www node tests/browser/bench-slow-device.mjs
//   (a copy of the site from before the fitting runs the own-budget line only)
import os from 'node:os';
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
const runs = (process.env.RUNS ?? 'own,fitted,lull').split(',');
const verbose = Boolean(process.env.VERBOSE);
const LEVEL = 8;
const deadline = SAFETY_DEADLINE_MS[LEVEL];

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const app = await serve({ root: www });
const { context, close } = await launch();
try {
  const page = await context.newPage();
  await page.goto(`${app.url}/icon.svg`);
  const cdp = await context.newCDPSession(page);
  const throttle = (/** @type {number} */ r) => cdp.send('Emulation.setCPUThrottlingRate', { rate: r });
  const fits = await page.evaluate(async () => {
    const engine = await import('/pkg/sowboard_ai.js');
    await engine.default();
    return Boolean(engine.aiDeviceNodes);
  });
  console.log(`${new Date().toISOString()}, ${rate}x CPU throttling, load average ${load()}`);
  for (const game of games) {
    for (const run of runs) {
      if (run !== 'own' && !fits) continue;
      // The lull: the probe on the unthrottled thread, the moves throttled.
      await throttle(run === 'lull' ? 1 : rate);
      const probed =
        run === 'lull'
          ? await page.evaluate(async (game) => {
              const engine = await import('/pkg/sowboard_ai.js');
              return (await import('/board/device-speed.js')).measureSpeed(engine, game);
            }, game)
          : undefined;
      await throttle(rate);
      const loadBefore = load();
      const result = await page.evaluate(
        async ({ game, sample, deadline, level, fitted, probed, deadlines }) => {
          const engine = await import('/pkg/sowboard_ai.js');
          const { searchOnDevice, speedOf } = fitted ? await import('/board/device-speed.js') : {};
          /** @type {{game: string, deadlines: Record<number, number>, readings?: any}} */
          const device = { game, deadlines };
          if (probed) device.readings = { probe: probed, recent: [], idle: 0 };
          let known;
          const moves = [];
          // A game that ends before the sample is full is followed by another.
          let g = new engine.Game(game);
          for (let i = 0; i < sample; i++) {
            if (g.outcome()) {
              g.free();
              g = new engine.Game(game);
            }
            const play = (/** @type {number | undefined} */ nodes) => g.aiMove(level, 7 + i, deadline, nodes);
            const work = engine.aiWorkDone();
            const start = performance.now();
            // What the AI worker does for a request on node budgets (www/ai-worker.js);
            // the first fitted move's time holds the probe, as the player's wait does.
            const speed = fitted && device.readings ? speedOf(device.readings) : null;
            const {
              result: move,
              nodes,
              report,
            } = fitted ? searchOnDevice(engine, device, level, play) : { result: play(undefined), nodes: undefined, report: null };
            const ms = performance.now() - start;
            const done = engine.aiWorkDone() - work;
            if (report) device.readings = report.readings;
            known = report?.nodesPerMs;
            moves.push({ ms, work: done, budget: nodes ?? null, speed: speed ?? report?.nodesPerMs ?? null });
            if (move) g.play(move);
          }
          g.free();
          return { moves, speed: known ?? null };
        },
        { game, sample, deadline, level: LEVEL, fitted: run !== 'own', probed, deadlines: SAFETY_DEADLINE_MS },
      );
      const { moves } = result;
      const ms = moves.map((m) => m.ms);
      const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
      const cut = ms.filter((t) => t >= deadline).length;
      const first = moves[0];
      const fitting =
        run === 'own'
          ? 'its own node budget'
          : `${run === 'lull' ? 'fitted, probe unthrottled' : 'fitted'}: speed ${first.speed.toFixed(0)} nodes/ms at the first move` +
            ` (budget ${first.budget ?? 'its own'}), ${result.speed.toFixed(0)} after the last` +
            ` (budget ${moves.at(-1).budget ?? 'its own'})`;
      console.log(
        `${game} level ${LEVEL}, ${fitting}: ${moves.length} moves, mean ${mean.toFixed(0)} ms, ` +
          `max ${Math.max(...ms).toFixed(0)} ms; the ${deadline} ms deadline cut ${cut} of ${moves.length}` +
          ` (load average ${loadBefore} before, ${load()} after)`,
      );
      if (verbose)
        moves.forEach((m, i) =>
          console.log(
            `  move ${i + 1}: ${m.ms.toFixed(0)} ms, ${m.work} nodes (${(m.work / m.ms).toFixed(0)}/ms)` +
              (run === 'own' ? '' : `, budget ${m.budget ?? 'own'} at ${m.speed.toFixed(0)} nodes/ms`),
          ),
        );
    }
  }
} finally {
  await close();
  app.server.close();
}
