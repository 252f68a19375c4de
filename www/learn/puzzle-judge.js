// Judging a puzzle move with the engine, DOM-free: a first move is right when
// it is the same move as one of the puzzle's solutions (same position and
// result after it, as the rules define "the same move"); a later move of a
// multi-move puzzle is right when it wins. The opponent's replies come from
// the puzzle's line, or from the engine's AI (in its worker) after another
// accepted move.
import { sameMove, tryMove } from './judge.js';

/**
 * @typedef {{id: string, game: string, position: string, solutions: string[], goal: string, line: string[]}} Puzzle
 * @typedef {typeof import('../pkg/sowboard.js').Game} GameClass
 * @typedef {import('../board/ai-turns.js').AiRequest} AiRequest
 */

/** Whether `move`, played first in `puzzle`, is one of its solutions. */
export function judgePuzzleMove(/** @type {GameClass} */ Game, /** @type {Puzzle} */ p, /** @type {string} */ move) {
  const right = p.solutions.some((s) => s === move || sameMove(Game, p.position, s, move));
  return { right };
}

/** How many moves the solver makes in the puzzle (1, or 2 when the line holds a reply). */
export function solverMoves(/** @type {Puzzle} */ p) {
  return Math.ceil(p.line.length / 2);
}

/**
 * The opponent's reply after the solver's `played` moves: the line's own
 * reply (`move`) when the solver followed the line, else the request for the
 * AI's move (`ai`: level 3, fixed seed), which the AI worker answers (the
 * page's own engine has the rules only); null once the game is over.
 * @param {GameClass} Game @param {Puzzle} p @param {string[]} played all moves so far (solver and replies)
 * @returns {{move: string, ai: null} | {move: null, ai: AiRequest} | null}
 */
export function replyFor(Game, p, played) {
  const g = Game.load(p.position, played);
  try {
    if (g.outcome()) return null;
    const onLine = played.every((m, i) => i < p.line.length && (m === p.line[i] || sameMove(Game, g.positionAt(i), p.line[i], m)));
    const next = p.line[played.length];
    if (onLine && next) return { move: next, ai: null };
    return { move: null, ai: { position: p.position, moves: [...played], rules: {}, level: 3, seed: 1 } };
  } finally {
    g.free();
  }
}

/** The side to move in the puzzle's position: the solver. */
export function solverSide(/** @type {GameClass} */ Game, /** @type {Puzzle} */ p) {
  const g = Game.load(p.position);
  try {
    return g.build().side;
  } finally {
    g.free();
  }
}

/** Whether the game after `played` is won by the solver. */
export function solvedByWin(/** @type {GameClass} */ Game, /** @type {Puzzle} */ p, /** @type {string[]} */ played) {
  const g = Game.load(p.position, played);
  try {
    return g.outcome()?.winner === solverSide(Game, p);
  } finally {
    g.free();
  }
}

/**
 * The puzzle's accepted first moves grouped by what they do on the board
 * (the stack moved, the path, the stacks captured, from the engine's
 * account), apart from where captured stones go back: one group per
 * different move a player would name. Each group lists its solutions.
 * @param {GameClass} Game @param {Puzzle} p @returns {string[][]}
 */
export function answerGroups(Game, p) {
  /** @type {Map<string, string[]>} */
  const groups = new Map();
  for (const s of p.solutions) {
    const t = tryMove(Game, p.position, s);
    const key = t.legal
      ? `${t.info.origin}:${t.info.count} ${t.info.path.map((d) => `${d.cell}:${d.count}`).join(' ')} x${t.info.captured.join(',')}`
      : s;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.values()];
}

/**
 * What else is accepted, in a player's words: several different moves, or
 * one capture whose stones may go back on any of several stacks.
 * @param {string[][]} groups from `answerGroups`
 */
export function otherAnswersText(groups) {
  const total = groups.reduce((n, g) => n + g.length, 0);
  if (total <= 1) return '';
  const backs = groups.some((g) => g.length > 1);
  if (groups.length === 1) {
    return `Where the captured stones go back is up to you: all ${total} ways of putting them back are right.`;
  }
  return backs
    ? `${groups.length} different moves do it, each with its captured stones put back where you like.`
    : `${groups.length} different moves do it.`;
}
