// The AI's thinking time in wasm (issue 11 item 4: level 5 mean <= 2 s a move
// and max <= 4 s in the page): games through the real wasm build under node
// (the page's AI worker runs the same `Game.aiMove` in the same engine, V8),
// the measured level against the level below it, colours alternating, with
// the page's safety deadline, from the standard start. Figures, not a test.
//
//   node tests/browser/bench-ai-wasm.mjs [game] [level] [games]
//   node tests/browser/bench-ai-wasm.mjs cash-in-hand 5 4
import fs from 'node:fs';
// The page's AI deadline per level (ms), as the board passes it to the worker.
import { SAFETY_DEADLINE_MS as DEADLINE } from '../../www/board/options.js';

const PKG = new URL('../../www/pkg/', import.meta.url);
const engine = await import(new URL('sowboard_ai.js', PKG));
await engine.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', PKG)) });
const { Game } = engine;

const [game = 'cash-in-hand', levelText = '8', gamesText = '4'] = process.argv.slice(2);
const level = Number(levelText);
const games = Number(gamesText);
const MAX_PLIES = 200;

const times = [];
let seed = 1;
for (let n = 0; n < games; n++) {
  const g = new Game(game);
  const measuredFirst = n % 2 === 0;
  let plies = 0;
  while (!g.outcome() && plies < MAX_PLIES) {
    const measured = (plies % 2 === 0) === measuredFirst;
    const lvl = measured ? level : Math.max(1, level - 1);
    const t = performance.now();
    const mv = g.aiMove(lvl, seed++, DEADLINE[lvl]);
    const took = performance.now() - t;
    if (mv === null) break;
    if (measured) times.push(took);
    g.play(mv);
    plies++;
  }
  const o = g.outcome();
  console.log(`game ${n + 1}: ${plies} plies, ${o ? `${o.winner ?? 'draw'} (${o.reason})` : 'stopped'}`);
  g.free();
}
const sorted = [...times].sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
const q = (f) => sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))];
console.log(
  `${game} level ${level}: ${times.length} moves, mean ${mean.toFixed(0)} ms, median ${q(0.5).toFixed(0)}, ` +
    `90th percentile ${q(0.9).toFixed(0)}, max ${sorted.at(-1).toFixed(0)} ms; ` +
    `over 4 s: ${times.filter((t) => t > 4000).length}`,
);
