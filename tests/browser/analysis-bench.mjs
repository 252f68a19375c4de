// The review's speed in wasm (issue 12 item 7: a 60-ply game at the default
// review strength in <= 40 s in the page). Runs the engine under node, as
// the analysis worker runs it (same wasm, same V8); prints wall and CPU time.
//   node tests/browser/analysis-bench.mjs [intermedium|cash-in-hand] [plies]
// (SOWBOARD_WWW=/path/to/www times another copy of the site's engine.)
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

const PKG = process.env.SOWBOARD_WWW ? pathToFileURL(`${process.env.SOWBOARD_WWW}/pkg/`) : new URL('../../www/pkg/', import.meta.url);
const wasm = await import(new URL('sowboard_ai.js', PKG));
await wasm.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', PKG)) });
const { Game } = wasm;

const kind = process.argv[2] ?? 'intermedium';
const plies = Number(process.argv[3] ?? 60);

/** A game of `plies` plies, level 2 against itself (the first seed whose game lasts). */
function longGame() {
  for (let seed = 1; seed < 100; seed++) {
    const g = new Game(kind);
    while (g.ply < plies && !g.outcome()) g.play(/** @type {string} */ (g.aiMove(2, seed)));
    if (g.ply >= plies) return g;
    g.free();
  }
  throw new Error(`no game of ${plies} plies`);
}

const game = longGame();
const wall = performance.now();
const cpu = process.cpuUsage();
const reviewed = game.review(undefined, undefined, () => true) ?? [];
const used = process.cpuUsage(cpu);
const counts = Object.fromEntries(
  ['best', 'good', 'inaccuracy', 'mistake', 'blunder'].map((c) => [c, reviewed.filter((r) => r.class === c).length]),
);
console.log(
  `${kind}: plies ${reviewed.length} seconds ${((performance.now() - wall) / 1000).toFixed(2)}` +
    ` cpu-seconds ${((used.user + used.system) / 1e6).toFixed(2)} classes ${JSON.stringify(counts)}`,
);
