// Judging a puzzle move with the engine, DOM-free: a first move is right when
// it is the same move as one of the puzzle's solutions (same position and
// result after it, as the rules define "the same move"); a later move of a
// multi-move puzzle is right when it wins. The opponent's replies come from
// the puzzle's line, or from the engine's AI (in its worker) after another
// accepted move.
// An outcome puzzle (`judge: 'outcome'`) is judged by what the move
// achieves, counted by the engine: its solutions only show some answers.
import { sameMove, tryMove } from './judge.js';

/**
 * @typedef {{id: string, game: string, position: string, solutions: string[], goal: string, line: string[],
 *   judge?: 'outcome', best_capture?: number, allowed_loss?: number}} Puzzle
 *   An outcome puzzle: a move is right when it captures `best_capture`
 *   stones (the most any move captures) and, with `allowed_loss`, leaves at
 *   most that many of the mover's stones open to capture.
 * @typedef {typeof import('../pkg/sowboard.js').Game} GameClass
 * @typedef {import('../pkg/sowboard_ai.js').CaptureOutcome} CaptureOutcome
 * @typedef {import('../board/ai-turns.js').AiRequest} AiRequest
 */

/** Whether `move`, played first in `puzzle`, is one of its solutions. */
export function judgePuzzleMove(/** @type {GameClass} */ Game, /** @type {Puzzle} */ p, /** @type {string} */ move) {
  const right = p.solutions.some((s) => s === move || sameMove(Game, p.position, s, move));
  return { right };
}

/** Whether the puzzle is judged by outcome, not by its listed solutions. */
export function byOutcome(/** @type {Puzzle} */ p) {
  return p.judge === 'outcome';
}

/**
 * An outcome puzzle's answer judged by what it achieves: the engine counts
 * the stones the move captures and the mover's stones a reply could then
 * capture (`captureOutcome`, `o`, which the analysis worker answers: the
 * page's own engine has the rules only); this compares the counts with the
 * puzzle's and says what a wrong answer missed.
 * @param {CaptureOutcome} o @param {Puzzle} p
 * @returns {{right: boolean, text: string}}
 */
export function judgeOutcome(o, p) {
  const best = /** @type {number} */ (p.best_capture);
  if (o.captured < best) {
    const took = o.captured ? `This takes ${stones(o.captured)}` : 'This captures nothing';
    return { right: false, text: `${took}; a bigger capture takes ${stones(best)}.` };
  }
  if (p.allowed_loss === undefined) return { right: true, text: '' };
  if (!o.openSettled) {
    return {
      right: false,
      text: `This takes ${stones(best)}, but the engine could not settle what the reply could capture after it; try another way.`,
    };
  }
  if (o.open > p.allowed_loss) {
    return {
      right: false,
      text: `This takes ${stones(best)} but leaves ${stones(o.open)} of yours open to capture; a capture of ${best} can leave only ${p.allowed_loss}.`,
    };
  }
  return { right: true, text: '' };
}

/** What any right answer of an outcome puzzle does, in a sentence. */
export function outcomeText(/** @type {Puzzle} */ p) {
  const take = `takes ${stones(/** @type {number} */ (p.best_capture))}`;
  const safe = p.allowed_loss === undefined ? '' : ` and leaves at most ${p.allowed_loss} of your stones open to capture`;
  return `Any move that ${take}${safe} is right, whatever its path and wherever the stones go back.`;
}

function stones(/** @type {number} */ n) {
  return n === 1 ? '1 stone' : `${n} stones`;
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
