// Scores in words, always from the first player's side (as the evaluation
// bar is), with their unit: stones ahead in Cash in Hand, the first player's
// chance to win in Intermedium (the engine's win chance for the score), and
// a proven result as the winner's moves to the win.
import { sideLabel } from '../app/words.js';

/** @typedef {import('../pkg/sowboard.js').Score} Score */

/** The winner's own moves in a result `plies` away (the winning move is the last). @param {number} plies */
const winnerMoves = (plies) => Math.ceil(plies / 2);

const signed = (/** @type {number} */ v, /** @type {number} */ digits) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(digits)}`;

/**
 * A proven result in words, or null for an estimate.
 * @param {Score} first the score from the first player's side @param {string[]} sides
 */
function resultWords(first, sides) {
  if (first.kind === 'cp') return null;
  const winner = sideLabel(first.kind === 'win' ? sides[0] : sides[1]);
  if (first.value === 0) return `${winner} has won`;
  const n = winnerMoves(first.value);
  const seen = first.exact === false ? ' as far as the engine looked' : '';
  return `${winner} wins in ${n} move${n === 1 ? '' : 's'}${seen}`;
}

/**
 * Short: "+1.40" (stones, first player's side), "64%" (the first player's
 * chance to win), "Blue wins in 2 moves".
 * @param {string} game @param {Score} first @param {string[]} sides
 */
export function evalShort(game, first, sides) {
  const result = resultWords(first, sides);
  if (result) return result;
  if (game === 'cash-in-hand') return signed(first.value / 100, 2);
  return `${Math.round(first.chance * 100)}%`;
}

/**
 * A sentence: "White is 1.40 stones ahead", "Even", "Blue’s chance to win:
 * 64%", "Blue wins in 2 moves".
 * @param {string} game @param {Score} first @param {string[]} sides
 */
export function evalLong(game, first, sides) {
  const result = resultWords(first, sides);
  if (result) return result;
  if (game === 'cash-in-hand') {
    const stones = Math.abs(first.value / 100).toFixed(2);
    if (stones === '0.00') return 'Level material (±0.00 stones)';
    return `${sideLabel(first.value > 0 ? sides[0] : sides[1])} is ${stones} stones ahead (${signed(first.value / 100, 2)})`;
  }
  return `${sideLabel(sides[0])}’s chance to win: ${Math.round(first.chance * 100)}%`;
}

/** What the page's scores mean. @param {string} game @param {string[]} sides */
export function unitWords(game, sides) {
  const first = sideLabel(sides[0]);
  return game === 'cash-in-hand'
    ? `Scores are stones ahead from ${first}’s side: + is good for ${first}, − for ${sideLabel(sides[1])}.`
    : `Scores are ${first}’s chance to win (the engine’s estimate for its evaluation, fitted to strong games); a forced win is shown as moves to the win.`;
}

/**
 * A score of the side it belongs to in words: "+1.25", "−0.40", "wins in
 * 3", "loses in 2"; a result the engine proved only over the moves it
 * looked at says so ("wins in 5 as far as the engine looked"). The page
 * shows scores from the first player's side (`score-words.js`); this stays
 * for callers that hold a side's own score.
 * @param {Score} s
 */
export function scoreWords(s) {
  const seen = s.exact === false ? ' as far as the engine looked' : '';
  if (s.kind === 'win') return s.value === 0 ? 'won' : `wins in ${s.value}${seen}`;
  if (s.kind === 'loss') return s.value === 0 ? 'lost' : `loses in ${s.value}${seen}`;
  const v = s.value / 100;
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)}`;
}
