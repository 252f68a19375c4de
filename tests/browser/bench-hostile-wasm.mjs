// The engine calls the page and the widget make, through the real wasm build
// under node, on the hostile set-ups of `tests/hostile-positions.txt`
// (`sowboard bench --hostile` times the same calls natively). Figures, not a
// test: the machine is shared. On the main thread: loading, the builder
// through whole moves (each choice and `build()` after it, random walks from
// a fixed seed), `commit`, a move's notation played, the record written and
// read back. In a worker or the API only: the AI within the page's safety
// deadline (`SAFETY_DEADLINE_MS` in www/board/options.js, passed as the
// worker passes it), `analyse`, `threats` at the analysis board's limit (the
// analysis worker answers them), the review of a one-move game, and
// `legalMoves` (the page never calls it) within its work limit. The last lines name the slowest call of each kind.
//
//   node tests/browser/bench-hostile-wasm.mjs [name filter]   (VERBOSE=1: each call as it runs)
import fs from 'node:fs';
// The page's AI deadline per level (ms), as the board passes it to the worker.
import { SAFETY_DEADLINE_MS as DEADLINE } from '../../www/board/options.js';
// The analysis board's threat limit.
import { THREAT_LIMIT } from '../../www/analysis/board-analysis.js';

const PKG = new URL('../../www/pkg/', import.meta.url);
const engine = await import(new URL('sowboard_ai.js', PKG));
await engine.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', PKG)) });
const { Game } = engine;

const filter = process.argv[2] ?? '';
const setUps = fs
  .readFileSync(new URL('../hostile-positions.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => l.split('\t'))
  .filter(([name]) => name.includes(filter));

const verbose = process.env.VERBOSE === '1';

/** Runs `f`, returning [its value or the error's code/message, milliseconds]. */
function timed(f, what = '') {
  if (verbose) process.stderr.write(`  ${what}...`);
  const t = performance.now();
  let value;
  try {
    value = f();
  } catch (e) {
    value = { error: e?.code ?? String(e?.message ?? e) };
  }
  const took = performance.now() - t;
  if (verbose) process.stderr.write(` ${took.toFixed(0)} ms\n`);
  return [value, took];
}

const ms = (t) => t.toFixed(t < 10 ? 1 : 0);

/** The slowest call of one kind: [ms, call, set-up]. */
const worst = { main: [0, '', ''], worker: [0, '', ''] };
const see = (kind, t, call, name) => {
  if (t > worst[kind][0]) worst[kind] = [t, call, name];
};

/** A seeded xorshift generator: the same walks on every run. */
function random(seed) {
  let x = seed * 2654435761 + 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % Math.max(n, 1);
  };
}

/** Whole moves through the builder, as clicks make them; each call timed. */
function builderWalks(name, position, walks = 8) {
  let [slowest, choices, played, first] = [0, 0, 0, null];
  for (let seed = 1; seed <= walks; seed++) {
    const pick = random(seed);
    const g = Game.load(position);
    for (let state = g.build(); ;) {
      let call;
      if (state.stage === 'origin' && state.origins.length) {
        const c = state.origins[pick(state.origins.length)];
        call = ['builder: selectOrigin', () => g.selectOrigin(c)];
      } else if (state.stage === 'count' && state.counts.length) {
        const k = state.counts[pick(state.counts.length)];
        call = ['builder: pickUp', () => g.pickUp(k)];
      } else if (state.stage === 'step' && state.steps.length) {
        const s = state.steps[pick(state.steps.length)];
        const d = s.drops[pick(s.drops.length)];
        call = ['builder: step', () => g.step(s.cell, d)];
      } else if (state.stage === 'place' && state.placeRanges.length) {
        const r = state.placeRanges[pick(state.placeRanges.length)];
        call = ['builder: place', () => g.place(r.cell, r.least + pick(r.most - r.least + 1))];
      } else if (state.stage === 'done') {
        const [mv, t] = timed(() => g.commit().move, 'commit');
        see('main', t, 'commit', name);
        first ??= mv;
        played++;
        break;
      } else break;
      const [next, t] = timed(call[1], call[0]);
      see('main', t, call[0], name);
      slowest = Math.max(slowest, t);
      choices++;
      state = next;
    }
    g.free();
  }
  return { slowest, choices, played, first };
}

for (const [name, position] of setUps) {
  const [game, load] = timed(() => {
    const g = Game.load(position);
    g.build();
    return g;
  });
  if (game.error) {
    console.log(`${name}: load refused (${game.error})`);
    continue;
  }
  see('main', load, 'load and build()', name);
  const walks = builderWalks(name, position);
  let notation = 'not run';
  if (walks.first) {
    const one = Game.load(position);
    const [, playMs] = timed(() => one.play(walks.first), 'play');
    see('main', playMs, "a move's notation played", name);
    const [text, outMs] = timed(() => one.exportText(), 'exportText');
    const [, inMs] = timed(() => Game.importText(text).free(), 'importText');
    see('main', outMs + inMs, 'the record written and read back', name);
    notation = `notation ${ms(playMs)} ms, record out and in ${ms(outMs + inMs)} ms`;
    one.free();
  }
  const [list, listMs] = timed(() => game.legalMoves(), 'legalMoves');
  see('worker', listMs, 'legalMoves (API only)', name);
  const listed = list.error ? `error ${list.error}` : `${list.length} moves`;
  const ai = [];
  let first = null;
  for (let level = 1; level <= 5; level++) {
    const [mv, t] = timed(() => game.aiMove(level, 1, DEADLINE[level]), `level ${level}`);
    if (level === 1 && typeof mv === 'string') first = mv;
    see('worker', t, `the AI at level ${level}`, name);
    const late = t > DEADLINE[level] * 1.1 ? ' (past the deadline!)' : '';
    ai.push(`L${level} ${ms(t)}${mv === null && !game.outcome() ? ' (no move!)' : ''}${late}`);
  }
  const [analysis, analyseMs] = timed(() => game.analyse(), 'analyse');
  see('worker', analyseMs, 'analyse', name);
  const [threats, threatsMs] = timed(() => game.threats(THREAT_LIMIT), 'threats');
  see('worker', threatsMs, 'threats (the analysis board, in its worker)', name);
  let review = 'not run (no move to review)';
  if (first) {
    const one = Game.load(position, [first]);
    const [r, t] = timed(() => one.review(), 'review');
    see('worker', t, 'the review of one move', name);
    review = `${ms(t)} ms (${r?.error ? `error ${r.error}` : r ? `${r.length} plies` : 'no result'})`;
    one.free();
  }
  console.log(
    `${name}: load+origins ${ms(load)} ms; builder ${walks.choices} choices over ${walks.played} moves, slowest ${ms(walks.slowest)} ms; ${notation}; legalMoves ${ms(listMs)} ms (${listed}); AI ms: ${ai.join(', ')}; ` +
      `analyse ${ms(analyseMs)} ms (${analysis?.error ? `error ${analysis.error}` : analysis ? `depth ${analysis.depth}` : 'no result'}); ` +
      `threats ${ms(threatsMs)} ms (${threats?.error ? `error ${threats.error}` : `${threats.threats.length} threats${threats.complete ? '' : ', incomplete'}`}); ` +
      `review of one move ${review}`,
  );
  game.free();
}
console.log(`worst main-thread call: ${worst.main[1]} on "${worst.main[2]}": ${ms(worst.main[0])} ms`);
console.log(`worst worker or API call: ${worst.worker[1]} on "${worst.worker[2]}": ${ms(worst.worker[0])} ms`);
