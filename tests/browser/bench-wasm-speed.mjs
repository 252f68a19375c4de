// The engine's speed in wasm under node, for one or more builds of the site
// side by side in one run (figures, not a test): perft(2) on the CLI bench's
// positions in the rules module the page loads, and a fixed set of level-8
// searches (`Game.evaluate` at level 8 within a node budget, so the work is
// the same on any machine) in the module the workers load. The builds run
// in turns, each figure the median of its rounds; the searches' answers are
// printed once per build, so that two builds can be seen to decide alike.
// CLOCK=cpu times the process's CPU time instead of the wall clock: on a
// machine shared with other jobs the wall clock swings by a third from run
// to run, the CPU time by a few percent.
//
//   node tests/browser/bench-wasm-speed.mjs [www-dir ...]   (default: www/)
//   node tests/browser/bench-wasm-speed.mjs /tmp/old-www www   # before, after
//   CLOCK=cpu ROUNDS=9 NODES=100000 node tests/browser/bench-wasm-speed.mjs /tmp/old-www www
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const NODES = Number(process.env.NODES ?? 20_000);
/** Milliseconds on the chosen clock. */
const now =
  process.env.CLOCK === 'cpu'
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();
const dirs = process.argv.length > 2 ? process.argv.slice(2) : [new URL('../../www', import.meta.url).pathname];

/** A module of a build: `name` (e.g. sowboard_ai), or null when the build has none. */
async function load(dir, name) {
  const glue = path.join(dir, 'pkg', `${name}.js`);
  if (!fs.existsSync(glue)) return null;
  const m = await import(pathToFileURL(glue).href);
  await m.default({ module_or_path: fs.readFileSync(path.join(dir, 'pkg', `${name}_bg.wasm`)) });
  return m;
}

const builds = [];
for (const dir of dirs) {
  const rules = await load(dir, 'sowboard');
  // A build of one module has its AI in it.
  const ai = (await load(dir, 'sowboard_ai')) ?? rules;
  if (!rules) throw new Error(`${dir}: no pkg/sowboard.js (run ./build.sh)`);
  builds.push({ dir, rules, ai: 'evaluate' in ai.Game.prototype ? ai : null, perft: [], search: [], answers: '' });
}

const PERFT = [
  'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1',
  'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,10,0,4,0/0,0,4,0,4,0,0/0,0,0,0,0,0,0 blue 0 5',
];

/** Positions of both games after 0, 6, 12, 18 and 24 plies of a game between
 * level-2 players with fixed seeds (the first build's AI). */
function searchPositions(engine) {
  const out = [];
  for (const game of ['intermedium', 'cash-in-hand']) {
    const g = new engine.Game(game);
    for (let ply = 0; ply <= 24 && !g.outcome(); ply++) {
      if (ply % 6 === 0) out.push({ position: g.startPosition(), moves: g.moves() });
      g.play(/** @type {string} */ (g.aiMove(2, 100 + ply, 60_000)));
    }
    g.free();
  }
  return out;
}
const first = builds.find((b) => b.ai);
const positions = first ? searchPositions(first.ai) : [];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (let round = 0; round < ROUNDS; round++) {
  for (const b of builds) {
    let t = now();
    for (const p of PERFT) b.rules.perft(p, 2);
    b.perft.push(now() - t);
    if (!b.ai) continue;
    const answers = [];
    t = now();
    for (const { position, moves } of positions) {
      const g = b.ai.Game.load(position, moves);
      const e = g.evaluate(8, NODES);
      g.free();
      answers.push(`${e.best} ${e.score.text} d${e.depth} n${e.nodes}`);
    }
    b.search.push(now() - t);
    b.answers = answers.join('\n');
  }
}

const base = builds[0];
for (const b of builds) {
  const ratio = (mine, theirs, to) => (b === to ? '' : ` (x${(median(mine) / median(theirs)).toFixed(3)} of the first)`);
  console.log(`${b.dir}:`);
  console.log(`  perft(2) on ${PERFT.length} positions: ${median(b.perft).toFixed(0)} ms${ratio(b.perft, base.perft, base)}`);
  if (!b.ai || !first) continue;
  console.log(
    `  level 8 within ${NODES} nodes on ${positions.length} positions: ${median(b.search).toFixed(0)} ms${ratio(b.search, first.search, first)}`,
  );
  console.log(`  answers ${b.answers === first.answers ? 'the same as the first build' : `differ:\n${b.answers}`}`);
}
