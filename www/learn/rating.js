// Puzzle ratings and themes, DOM-free. A puzzle's theme is its kind, read
// from its goal line (the generator writes one goal form per kind, and
// tests/ai/puzzles.rs checks every shipped goal against the search), or for
// an outcome puzzle from its targets. A
// puzzle's rating comes from its kind and how many different moves solve
// it (docs/learn.md says why); the player's rating per game is Elo, updated
// once per puzzle, on its first try.
import { answerGroups } from './puzzle-judge.js';

/**
 * @typedef {import('./puzzle-judge.js').Puzzle} Puzzle
 * @typedef {import('./puzzle-judge.js').GameClass} GameClass
 * @typedef {{id: string, label: string, rank: number, test: (p: Puzzle) => boolean}} Theme
 */

/** A new player's rating, until a first puzzle is rated. */
export const START_RATING = 1200;

/** The kinds, in the generator's order of difficulty (its rank). */
export const THEMES = /** @type {Theme[]} */ ([
  { id: 'win-in-one', label: 'Win in one', rank: 0, test: (p) => /in one move\.$/.test(p.goal) },
  {
    id: 'biggest-capture',
    label: 'Biggest capture',
    rank: 1,
    test: (p) => p.allowed_loss === undefined && /^(Find the biggest capture|Capture, and put the stones back)/.test(p.goal),
  },
  { id: 'safe-capture', label: 'Capture and keep your stacks safe', rank: 2, test: (p) => p.allowed_loss !== undefined },
  { id: 'only-defence', label: 'Only defence', rank: 2, test: (p) => / threatens to /.test(p.goal) },
  { id: 'win-in-two', label: 'Win in two', rank: 3, test: (p) => /in two moves/.test(p.goal) },
]);

/** The themes' names in a game's own words (a city in Intermedium, the last stones in Cash in Hand). */
export function themeLabel(/** @type {string} */ id, /** @type {string} */ game) {
  const cash = game === 'cash-in-hand';
  switch (id) {
    case 'win-in-one':
      return cash ? 'Take the last stones' : 'City in one';
    case 'win-in-two':
      return 'City in two';
    case 'only-defence':
      return cash ? 'Save your stones' : 'Only defence (save your city)';
    case 'set-up':
      return 'Set-up positions';
    case 'real':
      return 'From real games';
    default:
      return THEMES.find((t) => t.id === id)?.label ?? id;
  }
}

/** The puzzle's kind (one of THEMES' ids), or null for a goal of no known form. */
export function kindOf(/** @type {Puzzle} */ p) {
  return THEMES.find((t) => t.test(p))?.id ?? null;
}

/** Every theme a puzzle belongs to: its kind, and for Cash in Hand where its position comes from. */
export function themesOf(/** @type {Puzzle} */ p) {
  const out = [];
  const kind = kindOf(p);
  if (kind) out.push(kind);
  if (p.id.startsWith('cash-setup-')) out.push('set-up');
  if (p.id.startsWith('cash-real-')) out.push('real');
  return out;
}

/**
 * A puzzle's rating: 900, plus 200 per step of its kind's difficulty (win
 * in one, biggest capture, only defence or a capture kept safe, win in
 * two), plus 200 divided by the number of different moves that solve it
 * (put-backs of one capture count as one move: the engine groups them; an
 * outcome puzzle lists one move per set of stacks its answers may take).
 * @param {GameClass} Game @param {Puzzle} p
 */
export function puzzleRating(Game, p) {
  const rank = THEMES.find((t) => t.id === kindOf(p))?.rank ?? 1;
  const moves = answerGroups(Game, p).length;
  return 900 + 200 * rank + Math.round(200 / Math.max(1, moves));
}

/** How much one result moves the player's rating: more while the rating is new. */
export function kFactor(/** @type {number} */ played) {
  return played < 20 ? 40 : 20;
}

/**
 * The player's new rating after a puzzle (Elo): `solved` on the first try
 * scores 1, a miss or a shown solution 0.
 * @param {number} player @param {number} puzzle @param {boolean} solved @param {number} played puzzles rated so far
 */
export function ratedAfter(player, puzzle, solved, played) {
  const expected = 1 / (1 + 10 ** ((puzzle - player) / 400));
  return Math.round(player + kFactor(played) * ((solved ? 1 : 0) - expected));
}

/**
 * The next puzzle: of those not yet solved (all, when every one is), the
 * one rated nearest the player's rating, the file's order breaking ties;
 * never `current` while another is left.
 * @template {{id: string}} T
 * @param {T[]} list @param {(p: T) => number} ratingOf @param {number} player
 * @param {string[]} solved @param {T | null} current
 * @returns {T | null}
 */
export function nearest(list, ratingOf, player, solved, current) {
  const open = list.filter((p) => !solved.includes(p.id) && p !== current);
  const pool = open.length ? open : list.filter((p) => p !== current);
  const from = pool.length ? pool : list;
  let best = null;
  let gap = Infinity;
  for (const p of from) {
    const d = Math.abs(ratingOf(p) - player);
    if (d < gap) {
      best = p;
      gap = d;
    }
  }
  return best;
}
