// The engine calls the page and the widget make, through the real wasm build
// under node, on the hostile but legal set-ups of `tests/hostile-positions.txt`
// (issue 16 item 4; `sowboard bench --hostile` times the same calls natively).
// Figures, not a test: the machine is shared. Each call must answer (or refuse
// with the `limit` error) within its bound: the AI within the page's safety
// deadline (`SAFETY_DEADLINE_MS` in www/board/options.js, passed as the
// worker passes it), the others within their work or node limit.
//
//   node tests/browser/bench-hostile-wasm.mjs [name filter]   (VERBOSE=1: each call as it runs)
import fs from 'node:fs';
// The page's AI deadline per level (ms), as the board passes it to the worker.
import { SAFETY_DEADLINE_MS as DEADLINE } from '../../www/board/options.js';

const PKG = new URL('../../www/pkg/', import.meta.url);
const engine = await import(new URL('sowboard_ai.js', PKG));
await engine.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', PKG)) });
const { Game } = engine;

// The analysis board's threat limit.
const THREAT_LIMIT = 300_000;

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
  const [list, listMs] = timed(() => game.legalMoves(), 'legalMoves');
  const listed = list.error ? `error ${list.error}` : `${list.length} moves`;
  const ai = [];
  let first = null;
  for (let level = 1; level <= 5; level++) {
    const [mv, t] = timed(() => game.aiMove(level, 1, DEADLINE[level]), `level ${level}`);
    if (level === 1 && typeof mv === 'string') first = mv;
    const late = t > DEADLINE[level] * 1.1 ? ' (past the deadline!)' : '';
    ai.push(`L${level} ${ms(t)}${mv === null && !game.outcome() ? ' (no move!)' : ''}${late}`);
  }
  const [analysis, analyseMs] = timed(() => game.analyse(), 'analyse');
  const [threats, threatsMs] = timed(() => game.threats(THREAT_LIMIT), 'threats');
  let review = 'not run (no move to review)';
  if (first) {
    const one = Game.load(position, [first]);
    const [r, t] = timed(() => one.review(), 'review');
    review = `${ms(t)} ms (${r?.error ? `error ${r.error}` : r ? `${r.length} plies` : 'no result'})`;
    one.free();
  }
  console.log(
    `${name}: load+origins ${ms(load)} ms; legalMoves ${ms(listMs)} ms (${listed}); AI ms: ${ai.join(', ')}; ` +
      `analyse ${ms(analyseMs)} ms (${analysis?.error ? `error ${analysis.error}` : analysis ? `depth ${analysis.depth}` : 'no result'}); ` +
      `threats ${ms(threatsMs)} ms (${threats?.error ? `error ${threats.error}` : `${threats.threats.length} threats${threats.complete ? '' : ', incomplete'}`}); ` +
      `review of one move ${review}`,
  );
  game.free();
}
