// How much more CPU time a node of the strongest level's search costs in
// ordinary positions than in the device probe's search from the start
// (www/board/device-speed.js, `PROBE_COST`): level 8 plays GAMES games
// against itself on NODES nodes a move (each opened by a few of level 1's
// moves, seeded), then each position's move is timed again, in CPU time
// (this process's, so the machine's load does not count), against the
// median of five probes. Prints the ten costliest positions among moves of
// 20 000 nodes or more (shorter ones are mostly their own set-up) and the
// worst, and the costliest move in the probe's nodes (its CPU time at the
// probe's speed). Runs the page's engine (www/pkg, ./build.sh) in Node's V8.
//
//   node tools/probe-cost.mjs GAME [NODES|own] [GAMES] [PLIES]
//   node tools/probe-cost.mjs intermedium 157500 4 40
//   node tools/probe-cost.mjs cash-in-hand 187500 4 40
//   node tools/probe-cost.mjs cash-in-hand own 4 40     (the level's own budget)
import fs from 'node:fs';

const pkg = new URL('../www/pkg/', import.meta.url);
const engine = await import(new URL('sowboard_ai.js', pkg).href);
await engine.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', pkg)) });
const [game = 'intermedium', nodesText = '157500', gamesText = '4', pliesText = '40'] = process.argv.slice(2);
const nodes = nodesText === 'own' ? undefined : Number(nodesText);
const TOP = engine.aiLevels();

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Nodes a CPU millisecond of `search`. @param {() => void} search */
function speedOf(search) {
  const work = engine.aiWorkDone();
  const start = cpuMs();
  search();
  return { work: engine.aiWorkDone() - work, ms: Math.max(cpuMs() - start, 0.1) };
}
/** The probe as device-speed.js runs it, before its cost correction. */
function probe() {
  const g = new engine.Game(game);
  g.aiMove(TOP, 1, undefined, 5_000);
  const { work, ms } = speedOf(() => g.aiMove(TOP, 1, undefined, 20_000));
  g.free();
  return work / ms;
}

const positions = [];
for (let k = 0; k < Number(gamesText); k++) {
  const g = new engine.Game(game);
  for (let i = 0; i < 2 + k; i++) g.play(g.aiMove(1, 31 * k + i));
  for (let i = 0; i < Number(pliesText) && !g.outcome(); i++) {
    positions.push(g.position());
    g.play(g.aiMove(TOP, 100 + i, 600_000, nodes));
  }
  g.free();
}
for (let i = 0; i < 5; i++) probe(); // the engine's hot code compiled
const probes = Array.from({ length: 5 }, probe).sort((a, b) => a - b);
const probeSpeed = probes[2];
const costs = [];
for (const [i, position] of positions.entries()) {
  const g = engine.Game.load(position, [], undefined);
  const { work, ms } = speedOf(() => g.aiMove(TOP, 7, 600_000, nodes));
  g.free();
  if (work >= 20_000) costs.push({ i, work, ms, cost: probeSpeed / (work / ms) });
}
const longest = costs.reduce((a, c) => (c.ms > a.ms ? c : a), { ms: 0, work: 0 });
costs.sort((a, b) => b.cost - a.cost);
console.log(`${game}, level ${TOP} on ${nodes ?? 'its own'} nodes, ${positions.length} positions (${costs.length} of 20 000 nodes or more)`);
console.log(`probe: ${probes.map((p) => p.toFixed(0)).join(' ')} nodes a CPU ms (median ${probeSpeed.toFixed(0)})`);
for (const c of costs.slice(0, 10))
  console.log(`  position ${c.i}: ${c.work} nodes in ${c.ms.toFixed(0)} CPU ms, ${c.cost.toFixed(2)} times the probe's cost a node`);
console.log(`costliest: ${costs[0]?.cost.toFixed(2)} times the probe's cost a node`);
console.log(
  `longest move: ${longest.work} nodes in ${longest.ms.toFixed(0)} CPU ms, ` +
    `${Math.round(longest.ms * probeSpeed)} of the probe's nodes`,
);
