// The player's own mistakes as puzzles: after a game review, each blunder of
// the player becomes a "find the better move" puzzle from the position
// it is played in, saved in localStorage (`sowboard-mistakes-v1`, the newest 200
// kept) and played from the Learn page's Puzzles, theme "Your mistakes".
// The engine judges an answer as the review judged the game's move: the
// answer is reviewed from the same position, and a move the review classes
// best or good is right (the review's own better move always is).
import { loadEngine } from '../engine.js';

const KEY = 'sowboard-mistakes-v1';
const KEEP = 200;

/**
 * @typedef {import('./puzzle-judge.js').Puzzle & {mine: true, played: string, ply: number}} Mistake
 * @typedef {import('../pkg/sowboard.js').ReviewedMove} ReviewedMove
 */

/** The saved mistakes, newest first (a damaged save reads as none). @returns {Mistake[]} */
export function loadMistakes() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v)
      ? v.filter(
          (m) =>
            m &&
            typeof m.id === 'string' &&
            typeof m.position === 'string' &&
            typeof m.game === 'string' &&
            Array.isArray(m.solutions) &&
            typeof m.played === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** A short hash of a text, for ids. */
function hash(/** @type {string} */ text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * Saves the blunders of `sides` from a reviewed game as puzzles; returns how
 * many are new. Storage that refuses keeps nothing (the review still shows).
 * @param {{position: string, moves: string[], plies: ReviewedMove[], rules?: object}} review
 * @param {string[]} sides the player's sides
 */
export async function rememberMistakes({ position, moves, plies, rules }, sides) {
  const blunders = plies.filter((p) => p.class === 'blunder' && sides.includes(p.side) && p.best && p.best !== p.move);
  if (!blunders.length) return 0;
  const { Game } = await loadEngine();
  const g = Game.load(position, moves, rules);
  /** @type {Mistake[]} */
  const found = [];
  try {
    for (const p of blunders) {
      const at = g.positionAt(p.ply - 1);
      const game = at.startsWith('intermedium') ? 'intermedium' : 'cash-in-hand';
      found.push({
        id: `mine-${hash(`${at}|${p.move}`)}`,
        game,
        position: at,
        solutions: [p.best],
        line: [p.best],
        goal: `In your game you played ${p.move} here, a blunder. Find the better move.`,
        played: p.move,
        ply: p.ply,
        mine: true,
      });
    }
  } finally {
    g.free();
  }
  const saved = loadMistakes();
  const fresh = found.filter((m) => !saved.some((s) => s.id === m.id));
  try {
    localStorage.setItem(KEY, JSON.stringify([...fresh, ...saved].slice(0, KEEP)));
  } catch {
    return 0;
  }
  return fresh.length;
}

/**
 * Judges `move` as the answer to a mistake: the review's better move is
 * right; another move is reviewed from the same position by `review` (the
 * page's analysis worker) and is right when classed best or good.
 * @param {(position: string, moves: string[]) => Promise<ReviewedMove[] | null>} review
 * @param {Mistake} m @param {string} move @param {boolean} same whether `move` is the same move as the better one
 * @returns {Promise<{right: boolean, class: string}>}
 */
export async function judgeMistake(review, m, move, same) {
  if (same) return { right: true, class: 'best' };
  const plies = await review(m.position, [move]);
  const cls = plies?.[0]?.class ?? 'unknown';
  return { right: cls === 'best' || cls === 'good', class: cls };
}
