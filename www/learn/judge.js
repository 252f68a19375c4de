// Judging an answer to a lesson step or a puzzle, DOM-free: the engine plays
// the move on a scratch game and says whether it is legal (its refusal code if
// not) and what it did; this file only compares those facts with what the
// step asks for and words the difference. No rule of either game is here.

/**
 * @typedef {import('../pkg/sowboard.js').Game} Game
 * @typedef {import('../pkg/sowboard.js').MoveInfo} MoveInfo
 * @typedef {{move: string, code?: string, why?: string}} Wrong
 * @typedef {{captures?: string[], win?: boolean, same?: string[], origin?: string, count?: number, ends?: string, draw?: string}} Goal
 * @typedef {import('../board/flow.js').Choice} Choice
 * @typedef {{choices: Choice[], code?: string, why?: string}} WrongPart
 * @typedef {{title?: string, text: string, position: string, history?: string[], ask?: string, options?: string[],
 *   goal: Goal, answer: string, wrong?: Wrong[], success?: string, firstMoveRule?: boolean,
 *   part?: [number, number], wrongParts?: WrongPart[], why?: string}} Step
 *   `history`: moves already played from `position` (the step starts after
 *   them: a repetition needs the earlier positions).
 *   `part` (`ask: 'part'`): the step is one action of the move `answer`,
 *   made on the board: its choices `part[0]` to `part[1]` (the earlier ones
 *   are made for the learner); `wrongParts` are checked wrong actions (made
 *   after the earlier choices), `why` is added to any wrong action's
 *   explanation. A step whose part ends the move is judged as a whole move.
 * @typedef {{legal: true, info: MoveInfo, board: Uint8Array, files: number}
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
  'gate-blocked':
    'The gate is shut: the two cells the step passes between are both occupied and together hold more than the stones in hand.',
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
  'no-legal-move-from': 'From there the sowing could not be finished: no way on would be legal.',
  'stack-overflow': 'A cell holds at most 255 stones.',
};

/**
 * A refusal in words for the learner: the step's own `why`, else the
 * sentence for the engine's code, then the specific half of the engine's
 * own message (it names the cells) as a sentence of its own, not in
 * brackets (the message may hold its own).
 * @param {string} code @param {string} message @param {string} [why]
 */
export function refusalText(code, message, why) {
  const lead = why ?? REFUSALS[/** @type {keyof REFUSALS} */ (code)] ?? 'The engine refuses this.';
  // The engine says "specific; general" ("step 2 revisits c3; a sowing may
  // not enter a cell twice ..."): the general half repeats the lead.
  const detail = message.split('; ')[0].trim().replace(/\.$/, '');
  return detail ? `${lead} In this move: ${detail}.` : lead;
}

/** The engine's message for a written move without the move it starts with ("e4-f5: e4 holds 1 stone"). */
function withoutMove(/** @type {string} */ message, /** @type {string} */ move) {
  return message.startsWith(`${move}: `) ? message.slice(move.length + 2) : message;
}

/** Index of a cell name in the board array (rank * files + file). */
function cellIndex(cell, files) {
  return cell.charCodeAt(0) - 97 + (Number(cell.slice(1)) - 1) * files;
}

/**
 * Plays `move` from `position` on a scratch game.
 * @param {typeof import('../pkg/sowboard.js').Game} GameClass
 * @param {string} position @param {string} move @param {boolean} [firstMoveRule]
 * @param {string[]} [history] moves played from `position` ahead of `move`
 * @returns {Tried}
 */
export function tryMove(GameClass, position, move, firstMoveRule = true, history = []) {
  const game = GameClass.load(position, history, { firstMoveRule });
  try {
    const board = game.board();
    const info = game.play(move);
    return { legal: true, info, board, files: game.files };
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
    const held = t.board[cellIndex(last.cell, t.files)];
    // Earlier drops of the same move count: add the stones this move dropped there ahead of its last step.
    const earlier = info.path
      .slice(0, -1)
      .filter((d) => d.cell === last.cell)
      .reduce((n, d) => n + d.count, 0);
    const n = held + earlier;
    if (n !== 1)
      return `It captures nothing: the last stone lands on ${last.cell}, which held ${n} stone${n === 1 ? '' : 's'}, not exactly one.`;
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
  const listed = (step.wrong ?? []).find((w) => w.move === move || (t.legal && sameMove(GameClass, step.position, w.move, move, rule)));
  if (!t.legal) return { right: false, code: t.code, text: refusalText(t.code, withoutMove(t.message, move), listed?.why) };
  const missed = unmet(GameClass, step, t, move, rule);
  if (!missed) return { right: true, text: step.success ?? 'Right!', info: t.info };
  // Why a move captured nothing is said only when the step is about capturing
  // or the result: a sowing step's miss is about where the stones go.
  const g = step.goal;
  const aboutResult = Boolean(g.captures || g.win || g.draw || t.info.captured.length || t.info.outcome);
  return { right: false, text: listed?.why ?? (aboutResult ? `${missed} ${describeResult(t)}` : missed), info: t.info };
}

/** Why a legal move does not meet the step's goal, or null when it does. */
function unmet(GameClass, step, /** @type {Tried & {legal: true}} */ t, move, rule) {
  const g = step.goal;
  const last = t.info.path[t.info.path.length - 1]?.cell;
  if (g.origin && t.info.origin !== g.origin) return `Move the stack on ${g.origin}.`;
  if (g.count && t.info.count !== g.count) return `Pick up ${g.count} stones, not ${t.info.count}.`;
  if (g.ends && last !== g.ends) return `The last stone must land on ${g.ends}; this path ends on ${last}.`;
  if (g.win && !(t.info.outcome && t.info.outcome.winner === t.info.side)) return 'That does not win.';
  if (g.draw && !(t.info.outcome && t.info.outcome.winner == null && t.info.outcome.reason === g.draw))
    return 'That does not draw the game.';
  if (g.captures) {
    const want = [...g.captures].sort().join(' ');
    const got = [...t.info.captured].sort().join(' ');
    if (want !== got) return g.captures.length ? `The aim is to capture ${g.captures.join(' and ')}.` : 'The aim is to capture nothing.';
  }
  if (g.same && !g.same.some((m) => sameMove(GameClass, step.position, m, move, rule))) return 'Not the move this step asks for.';
  return null;
}

/**
 * The builder choices that make a move (origin, pick-up, drops, stones put
 * back), from the engine's account of it.
 * @param {MoveInfo} info @returns {Choice[]}
 */
export function choicesOf(info) {
  /** @type {Choice[]} */
  const out = [{ cell: info.origin }];
  if (info.position.startsWith('cash-in-hand')) out.push({ count: info.count });
  for (const d of info.path) out.push({ cell: d.cell, count: d.count });
  for (const d of info.placements) out.push({ cell: d.cell, count: d.count });
  return out;
}

/** The choices the learner has made so far, read from the builder's state
 * (`pickUp`: the game has a pick-up; stones put back are not in the state). */
function madeSoFar(/** @type {import('../pkg/sowboard.js').BuildState} */ b, /** @type {boolean} */ pickUp) {
  /** @type {Choice[]} */
  const out = [];
  if (!b.origin) return out;
  out.push({ cell: b.origin });
  if (b.stage === 'count' || b.stage === 'origin') return out;
  if (pickUp) out.push({ count: b.cash + b.path.reduce((n, d) => n + d.count, 0) });
  for (const d of b.path) out.push({ cell: d.cell, count: d.count });
  return out;
}

/** Why choice `m` (the learner's) is not `w` (the answer's), at index `i` of the move. */
function differs(/** @type {Choice} */ m, /** @type {Choice | undefined} */ w, /** @type {number} */ i) {
  if (!w) return 'The move is already complete.';
  if (i === 0) return `The designer’s move starts from ${w.cell}, not ${m.cell}.`;
  if (!w.cell) return `The designer picks up ${w.count}, not ${m.count}.`;
  if (m.cell !== w.cell) return `The designer’s next step goes to ${w.cell}, not ${m.cell}.`;
  return `The designer drops ${w.count} on ${w.cell}, not ${m.count}.`;
}

/**
 * Judges the move under way on the board against an `ask: 'part'` step:
 * `done` once the step's action is made (or more of the move, all as the
 * answer makes it), `wrong` with why at the first choice that differs,
 * else `ongoing` (a drop still short of its stones may yet grow: a drag
 * back into the cell adds one).
 * @param {typeof import('../pkg/sowboard.js').Game} GameClass @param {Step} step
 * @param {import('../pkg/sowboard.js').BuildState} build
 * @returns {{state: 'done' | 'wrong' | 'ongoing', text: string}}
 */
export function judgePart(GameClass, step, build) {
  const t = tryMove(GameClass, step.position, step.answer);
  if (!t.legal) throw new Error(`the step's answer ${step.answer} is refused: ${t.message}`);
  const want = choicesOf(t.info);
  const made = madeSoFar(build, step.position.startsWith('cash-in-hand'));
  const end = /** @type {[number, number]} */ (step.part)[1];
  const extra = step.why ? ` ${step.why}` : '';
  for (let i = 0; i < made.length; i += 1) {
    const m = made[i],
      w = want[i];
    if (w && m.cell === w.cell && m.count === w.count) continue;
    // A drop short of its stones may still grow (a drag back into the cell).
    if (w && i === made.length - 1 && i > 0 && m.cell && m.cell === w.cell && (m.count ?? 0) < (w.count ?? 0)) {
      return {
        state: 'ongoing',
        text: `${m.count} on ${m.cell} so far; the designer drops ${w.count} there (tap ${m.cell} again for one more).`,
      };
    }
    return { state: 'wrong', text: `${differs(m, w, i)}${extra}` };
  }
  return made.length >= end ? { state: 'done', text: step.success ?? 'Right!' } : { state: 'ongoing', text: '' };
}
