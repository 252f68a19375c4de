// Judging an answer to a lesson step or a puzzle, DOM-free: the engine plays
// the move on a scratch game and says whether it is legal (its refusal code if
// not) and what it did; this file only compares those facts with what the
// step asks for and words the difference. No rule of either game is here.

/**
 * @typedef {import('../pkg/sowboard.js').Game} Game
 * @typedef {import('../pkg/sowboard.js').MoveInfo} MoveInfo
 * @typedef {{move: string, code?: string, why?: string}} Wrong
 * @typedef {{captures?: string[], win?: boolean, same?: string[], origin?: string, count?: number, ends?: string, draw?: string}} Goal
 * @typedef {{title?: string, text: string, position: string, history?: string[], ask?: string, options?: string[],
 *   goal: Goal, answer: string, wrong?: Wrong[], success?: string, firstMoveRule?: boolean}} Step
 *   `history`: moves already played from `position` (the step starts after
 *   them: a repetition needs the positions before)
 * @typedef {{legal: true, info: MoveInfo, before: Uint8Array, files: number}
 *   | {legal: false, code: string, message: string}} Tried
 * @typedef {{right: boolean, text: string, code?: string, info?: MoveInfo}} Verdict
 */

/** What each refusal of the engine means, in a sentence for a learner. */
export const REFUSALS = {
  'not-your-stack': 'That stack stands on your opponent’s colour: you may only move stacks on your own colour.',
  'empty-origin': 'That cell is empty: there is nothing to pick up.',
  'stack-too-small': 'In Intermedium only a stack of 2 or more stones can move: a single stone stays put.',
  'not-diagonal': 'Every step goes diagonally, to a corner-touching cell.',
  'reversal': 'No 180-degree turn: a step may not go straight back the way the step before it came.',
  'wrong-path-length': 'All the stones of the stack are sown, exactly one per step: the path needs one cell per stone.',
  'first-move-rule': 'First-move rule: your first move of the game must drop a stone on a cell that was empty.',
  'wrong-drop': 'In Intermedium every step drops exactly one stone.',
  'pick-up-zero': 'Pick up at least one stone.',
  'pick-up-too-many': 'You cannot pick up more stones than the stack holds.',
  'no-first-step': 'With that many stones in hand no first step is open from there.',
  'revisit': 'A sowing never enters a cell twice, and the cell it started from counts as entered.',
  'target-too-tall': 'A stack taller than the stones still in hand blocks the step.',
  'gate-blocked': 'The gate is shut: the two cells the step passes between are both occupied and together hold more than the stones in hand.',
  'zero-drop': 'Each cell you step on gets at least one stone.',
  'drops-dont-add-up': 'The drops must add up to exactly the stones picked up: you sow until your hand is empty.',
  'stuck': 'Stones are left in hand but no further step is open.',
  'capture-mismatch': 'The capture list must name exactly the stacks this move captures.',
  'redistribution-sum': 'Every captured stone goes back on the board: the stones put back must add up to the stones captured.',
  'place-on-empty': 'Captured stones go back only onto existing stacks, never onto an empty cell.',
  'place-twice': 'Name each stack only once when putting stones back.',
  'place-zero': 'Each stack you name gets at least one stone.',
  'game-over': 'The game is already over.',
  'notation': 'That is not a move written in the game’s notation.',
};

/** Index of a cell name in the board array (rank * files + file). */
function cellIndex(cell, files) {
  return (cell.charCodeAt(0) - 97) + (Number(cell.slice(1)) - 1) * files;
}

/**
 * Plays `move` from `position` on a scratch game.
 * @param {typeof import('../pkg/sowboard.js').Game} GameClass
 * @param {string} position @param {string} move @param {boolean} [firstMoveRule]
 * @param {string[]} [history] moves played from `position` before `move`
 * @returns {Tried}
 */
export function tryMove(GameClass, position, move, firstMoveRule = true, history = []) {
  const game = GameClass.load(position, history, { firstMoveRule });
  try {
    const before = game.board();
    const info = game.play(move);
    return { legal: true, info, before, files: game.files };
  } catch (err) {
    const e = /** @type {{code?: string, message?: string}} */ (err);
    return { legal: false, code: e.code ?? 'error', message: e.message ?? String(err) };
  } finally {
    game.free();
  }
}

/** The position after `move` (null if illegal): moves are the same when they lead to the same result. */
function after(GameClass, position, move, firstMoveRule) {
  const t = tryMove(GameClass, position, move, firstMoveRule);
  return t.legal ? `${t.info.position}|${t.info.outcome?.winner ?? ''}` : null;
}

/** Whether two moves from `position` are the same move (same position and result after). */
export function sameMove(GameClass, position, a, b, firstMoveRule = true) {
  const x = after(GameClass, position, a, firstMoveRule);
  return x !== null && x === after(GameClass, position, b, firstMoveRule);
}

/** What a legal move did, in words: its captures, and for a miss, why the last stone captured nothing. */
export function describeResult(/** @type {Tried & {legal: true}} */ t) {
  const { info } = t;
  if (info.outcome) return `It ends the game: ${info.outcome.description}.`;
  if (info.captured.length) {
    const put = info.placements.length ? `, and puts the stones back on ${info.placements.map((d) => d.cell).join(' ')}` : '';
    return `It captures ${info.captured.join(' ')}${put}.`;
  }
  const last = info.path[info.path.length - 1];
  if (!last) return 'It captures nothing.';
  if (info.position.startsWith('intermedium')) {
    const held = t.before[cellIndex(last.cell, t.files)];
    // Earlier drops of the same move count: add the stones this move dropped there before its last step.
    const earlier = info.path.slice(0, -1).filter((d) => d.cell === last.cell).reduce((n, d) => n + d.count, 0);
    const n = held + earlier;
    if (n !== 1) return `It captures nothing: the last stone lands on ${last.cell}, which held ${n} stone${n === 1 ? '' : 's'}, not exactly one.`;
    return `It captures nothing: the last stone lands on the single stone at ${last.cell}, but no enemy stack next to it is surrounded.`;
  }
  return 'It captures nothing: every enemy stack still has an empty neighbour, or is not smaller than its neighbours together.';
}

/**
 * Judges `move` as the answer to `step`.
 * @param {typeof import('../pkg/sowboard.js').Game} GameClass @param {Step} step @param {string} move
 * @returns {Verdict}
 */
export function judgeStep(GameClass, step, move) {
  const rule = step.firstMoveRule ?? true;
  const t = tryMove(GameClass, step.position, move, rule, step.history);
  const listed = (step.wrong ?? []).find((w) => w.move === move
    || (t.legal && sameMove(GameClass, step.position, w.move, move, rule)));
  if (!t.legal) {
    const why = listed?.why ?? REFUSALS[/** @type {keyof REFUSALS} */ (t.code)] ?? 'The engine refuses this move.';
    return { right: false, code: t.code, text: `${why} (${t.message})` };
  }
  const missed = unmet(GameClass, step, t, move, rule);
  if (!missed) return { right: true, text: step.success ?? 'Right!', info: t.info };
  return { right: false, text: listed?.why ?? `${missed} ${describeResult(t)}`, info: t.info };
}

/** Why a legal move does not meet the step's goal, or null when it does. */
function unmet(GameClass, step, /** @type {Tried & {legal: true}} */ t, move, rule) {
  const g = step.goal;
  const last = t.info.path[t.info.path.length - 1]?.cell;
  if (g.origin && t.info.origin !== g.origin) return `Move the stack on ${g.origin}.`;
  if (g.count && t.info.count !== g.count) return `Pick up ${g.count} stones, not ${t.info.count}.`;
  if (g.ends && last !== g.ends) return `The last stone must land on ${g.ends}; this path ends on ${last}.`;
  if (g.win && !(t.info.outcome && t.info.outcome.winner === t.info.side)) return 'That does not win.';
  if (g.draw && !(t.info.outcome && t.info.outcome.winner == null && t.info.outcome.reason === g.draw)) return 'That does not draw the game.';
  if (g.captures) {
    const want = [...g.captures].sort().join(' ');
    const got = [...t.info.captured].sort().join(' ');
    if (want !== got) return g.captures.length ? `The aim is to capture ${g.captures.join(' and ')}.` : 'The aim is to capture nothing.';
  }
  if (g.same && !g.same.some((m) => sameMove(GameClass, step.position, m, move, rule))) return 'Not the move this step asks for.';
  return null;
}
