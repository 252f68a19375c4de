// How long `Game.evaluate` (what the page's hint asks for) takes at each
// analysis strength, in wasm under node as the analysis worker runs it: the
// hint plays the strongest that answers within the page's time. Positions:
// every 4th of games of level 3 against level 5 (node budgets: the same
// positions on every machine). Prints mean and worst wall and CPU time.
//   node tests/browser/hint-bench.mjs [intermedium|cash-in-hand] [games]
import fs from 'node:fs';

const PKG = new URL('../../www/pkg/', import.meta.url);
const wasm = await import(new URL('sowboard_ai.js', PKG));
await wasm.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', PKG)) });
const { Game } = wasm;

const kind = process.argv[2] ?? 'intermedium';
const games = Number(process.argv[3] ?? 2);
const strengths = [{ level: 3 }, { level: 4, nodes: 200_000 }, { level: 5 }, { level: 8 }];

/** @type {{position: string, moves: string[]}[]} */
const positions = [];
for (let seed = 11; seed < 11 + games; seed++) {
  const g = new Game(kind);
  while (g.ply < 60 && !g.outcome()) {
    if (g.ply % 4 === 0) positions.push({ position: g.startPosition(), moves: g.moves() });
    g.play(/** @type {string} */ (g.aiMove(g.ply % 2 === 0 ? 3 : 5, seed, 60_000)));
  }
  g.free();
}

for (const s of strengths) {
  const walls = [];
  const cpus = [];
  for (const { position, moves } of positions) {
    const g = Game.load(position, moves);
    const wall = performance.now();
    const cpu = process.cpuUsage();
    g.evaluate(s.level, s.nodes);
    const used = process.cpuUsage(cpu);
    walls.push(performance.now() - wall);
    cpus.push((used.user + used.system) / 1000);
    g.free();
  }
  const mean = (/** @type {number[]} */ v) => v.reduce((a, b) => a + b, 0) / v.length;
  console.log(
    `${kind} level ${s.level}${s.nodes ? ` nodes ${s.nodes}` : ''}: ${positions.length} positions,` +
      ` cpu ms mean ${mean(cpus).toFixed(0)} max ${Math.max(...cpus).toFixed(0)},` +
      ` wall ms mean ${mean(walls).toFixed(0)} max ${Math.max(...walls).toFixed(0)}`,
  );
}
