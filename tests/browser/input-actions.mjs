// Counts the input actions a person needs for moves taken from AI games:
// clicks only (a number chooser for each count), gestures (drags, the last
// cell taking the rest), and put-backs tapped with and without "put them
// all here" (a long press on the last lone stack). An action is one
// tap/click, one drag (press, move, release), one key press or one wheel
// notch. Every plan is played through the real move flow (flow.js) on the real
// engine and must give exactly the AI's move, or it is reported as a failure.
//   node tests/browser/input-actions.mjs [moves-per-game=200] [level=2]
// Needs a built www/pkg (./build.sh).
import fs from 'node:fs';
import { MoveFlow } from '../../www/board/flow.js';

const PKG = new URL('../../www/pkg/', import.meta.url);
const wasm = await import(new URL('sowboard_ai.js', PKG));
await wasm.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', PKG)) });
const { Game } = wasm;
const WANT = Number(process.argv[2] ?? 200);
const LEVEL = Number(process.argv[3] ?? 2);

/** Moves (with the position before each) from AI games, fixed seeds. */
function sample(name) {
  const out = [];
  for (let seed = 1; out.length < WANT; seed++) {
    const g = new Game(name);
    while (!g.outcome() && out.length < WANT && g.ply < 120) {
      const move = g.aiMove(LEVEL, seed * 1000 + g.ply, 100);
      if (!move) break;
      out.push({ position: g.position(), move });
      g.play(move);
    }
    g.free();
  }
  return out;
}

/** Digits of a number: keys to type it. */
const digits = (n) => String(n).length;
const adjacent = (a, b) => Math.abs(a.charCodeAt(0) - b.charCodeAt(0)) <= 1 && Math.abs(Number(a.slice(1)) - Number(b.slice(1))) <= 1;

/** Before: a click on the stack, a number for the pick-up, a click per cell
 * and a number wherever several drops are offered, the same to put back. */
function before({ position, move }) {
  const flow = new MoveFlow(Game.load(position));
  const info = Game.load(position, [move]).lastMove();
  let actions = 0,
    moved = null;
  const act = (r) => {
    actions++;
    if (r.moved) moved = r.moved;
  };
  act(flow.click(info.origin));
  if (flow.build().stage === 'count') act(flow.choose(info.count));
  for (const d of info.path) {
    act(flow.click(d.cell));
    if (flow.pending) act(flow.choose(d.count));
  }
  for (const d of info.placements) {
    act(flow.click(d.cell));
    if (flow.pending) act(flow.choose(d.count));
  }
  return { actions, ok: moved?.move === info.move };
}

/** After: a drag from the stack along the path (a cell entered again for each
 * further stone, the release cell taking the rest), after setting the
 * pick-up count with the stepper when it is not the whole stack; captured
 * stones put back by one drag per run of neighbouring cells. */
function after({ position, move }) {
  const flow = new MoveFlow(Game.load(position));
  const info = Game.load(position, [move]).lastMove();
  let actions = 0,
    moved = null;
  const take = (r) => {
    if (r.moved) moved = r.moved;
    if (r.refused) throw new Error(r.refused);
  };
  take(flow.enter(info.origin));
  if (flow.build().stage === 'count' && flow.count !== info.count) {
    // Tap on the stack, then the fewest of: −/+ presses (or wheel notches),
    // or a tap on the count (which selects it) and its digits typed.
    const counts = flow.build().counts;
    const presses = Math.abs(counts.indexOf(flow.count) - counts.indexOf(info.count));
    actions += 1 + Math.min(presses, 1 + digits(info.count));
    flow.setCount(info.count);
  }
  actions++; // the sowing drag (from the stack, or pressed on its first cell)
  const cells = [info.origin, ...info.path.map((d) => d.cell)];
  // One drag follows the path only if each step goes to a neighbouring cell.
  if (cells.some((c, i) => i > 0 && !adjacent(cells[i - 1], c)))
    throw new Error(`a sowing step to a cell not beside the last: ${info.move}`);
  info.path.forEach((d, i) => {
    const last = i === info.path.length - 1;
    take(flow.enter(d.cell));
    const dropped = () => (flow.build().path.at(-1)?.cell === d.cell ? flow.build().path.at(-1).count : d.count);
    while (!last && flow.build().stage === 'step' && dropped() < d.count) take(flow.enter(d.cell, true));
    if (last && flow.build().stage === 'step') take(flow.release(d.cell));
  });
  const places = info.placements;
  places.forEach((d, i) => {
    if (i === 0 || !adjacent(places[i - 1].cell, d.cell)) actions++; // a new drag
    take(flow.enter(d.cell));
    const isLast = i === places.length - 1;
    while (!isLast && flow.placed && flow.placed.count < d.count) take(flow.enter(d.cell, true));
    if (isLast && flow.build().stage === 'place') take(flow.release(d.cell));
    // A run that is not the last ends off its cell, so that nothing more is put back.
  });
  return { actions, ok: moved?.move === info.move };
}

/**
 * Put-backs as a player taps them (a drag along neighbouring stacks, a tap
 * on a lone stack): without "put them all here", each stone on a lone stack
 * is a tap; with it (`allHere`), the last lone stack takes the rest with one
 * long press. The sowing as in `after`.
 * @param {{position: string, move: string}} sampleMove @param {boolean} allHere
 */
function tapping({ position, move }, allHere) {
  const flow = new MoveFlow(Game.load(position));
  const info = Game.load(position, [move]).lastMove();
  let actions = 0,
    moved = null;
  const take = (r) => {
    if (r.moved) moved = r.moved;
    if (r.refused) throw new Error(r.refused);
  };
  take(flow.enter(info.origin));
  if (flow.build().stage === 'count' && flow.count !== info.count) {
    const counts = flow.build().counts;
    const presses = Math.abs(counts.indexOf(flow.count) - counts.indexOf(info.count));
    actions += 1 + Math.min(presses, 1 + digits(info.count));
    flow.setCount(info.count);
  }
  actions++;
  info.path.forEach((d, i) => {
    const last = i === info.path.length - 1;
    take(flow.enter(d.cell));
    const dropped = () => (flow.build().path.at(-1)?.cell === d.cell ? flow.build().path.at(-1).count : d.count);
    while (!last && flow.build().stage === 'step' && dropped() < d.count) take(flow.enter(d.cell, true));
    if (last && flow.build().stage === 'step') take(flow.release(d.cell));
  });
  const places = info.placements;
  places.forEach((d, i) => {
    const lone = (i === 0 || !adjacent(places[i - 1].cell, d.cell)) && (i === places.length - 1 || !adjacent(places[i + 1].cell, d.cell));
    const isLast = i === places.length - 1;
    if (!lone) {
      if (i === 0 || !adjacent(places[i - 1].cell, d.cell)) actions++;
      take(flow.enter(d.cell));
      while (!isLast && flow.placed && flow.placed.count < d.count) take(flow.enter(d.cell, true));
      if (isLast && flow.build().stage === 'place') take(flow.release(d.cell));
      return;
    }
    actions++; // a tap (the fewest stones), or a long press (all the rest)
    take(flow.enter(d.cell));
    if (allHere && isLast && flow.build().stage === 'place') {
      take(flow.allHere(d.cell));
      return;
    }
    while (flow.build().stage === 'place' && flow.placed?.cell === d.cell && flow.placed.count < d.count) {
      actions++;
      take(flow.enter(d.cell, true));
    }
  });
  return { actions, ok: moved?.move === info.move };
}

const stats = (xs) => ({ mean: xs.reduce((a, b) => a + b, 0) / xs.length, max: Math.max(...xs) });
const fmt = (s) => `mean ${s.mean.toFixed(2)}, max ${s.max}`;

const CASH_EXAMPLE =
  'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20';
const designer = { position: CASH_EXAMPLE, move: 'c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4' };
console.log(
  `designer's example: clicks ${before(designer).actions}, gestures ${after(designer).actions}; tapping the put-back: ${tapping(designer, false).actions}, with "put them all here" ${tapping(designer, true).actions} actions`,
);

let failed = 0;
for (const name of ['intermedium', 'cash-in-hand']) {
  const moves = sample(name);
  const b = moves.map(before),
    a = moves.map(after);
  const t = moves.map((m) => tapping(m, false)),
    h = moves.map((m) => tapping(m, true));
  const bad = [...b, ...a, ...t, ...h].filter((r) => !r.ok).length;
  failed += bad;
  const line = (/** @type {{actions: number}[]} */ rs) => fmt(stats(rs.map((r) => r.actions)));
  console.log(
    `${name}: ${moves.length} moves (AI level ${LEVEL}); clicks: ${line(b)}; gestures: ${line(a)}; tapping the put-back: ${line(t)}; with "put them all here": ${line(h)}${bad ? `; ${bad} plans did not give the move` : ''}`,
  );
}
process.exit(failed ? 1 : 0);
