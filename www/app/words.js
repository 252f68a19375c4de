// Words for people: game and side names, the end of a game, and errors in
// plain language (the engine's exact message follows for experts).

/** @param {string} game */
export const gameLabel = (game) => ({ intermedium: 'Intermedium', 'cash-in-hand': 'Cash in Hand' })[game] ?? game;

/** "1 move", "12 moves". @param {number} n */
export const movesText = (n) => `${n} move${n === 1 ? '' : 's'}`;

/** @param {string} side */
export const sideLabel = (side) => (side ? side[0].toUpperCase() + side.slice(1) : '');

/**
 * The end of a game in words: a headline ("You win", "Red wins", "Draw")
 * and the reason as a sentence.
 * @param {{winner: string | null, reason: string, description: string}} outcome
 * @param {{sides: string[], you: string | null}} who  you: the player's side against the AI
 */
export function endText(outcome, { sides, you }) {
  const winner = outcome.winner;
  const loser = winner ? (sides.find((s) => s !== winner) ?? '') : '';
  const W = sideLabel(winner ?? ''),
    L = sideLabel(loser);
  let headline = winner ? `${W} wins` : 'Draw';
  if (you && winner) headline = winner === you ? 'You win!' : 'You lose';
  /** @type {Record<string, string>} */
  const reasons = {
    'city-captured': `${W} captured ${L}’s city.`,
    'no-moves': `${L} has no legal move left, so ${L} loses.`,
    eliminated: `${L} has no stones left.`,
    repetition: 'The same position came up for the third time.',
    'quiet-limit': 'Too many moves were played without a capture.',
  };
  return { headline, reason: reasons[outcome.reason] ?? `${sideLabel(outcome.description)}.` };
}

/** Codes of the engine about a position or a record that is not a game. */
const NOT_A_GAME = new Set(['bad-position', 'notation', 'wrong-game', 'too-long', 'bad-argument', 'bad-record']);

/**
 * An error from the engine or the board in plain words.
 * @param {any} err  an Error with a `code`, or an error event's detail
 */
export function plainError(err) {
  const detail = err?.message ?? String(err);
  const code = err?.code ?? '';
  const move = /\bmove (\d+)(?: \(([^)]*)\))?/.exec(detail);
  let plain;
  if (code === 'too-long') plain = 'it is too long to be a game.';
  else if (code === 'bad-position') plain = 'the board position in it is not a valid position.';
  else if (move) plain = `move ${move[1]}${move[2] ? ` (${move[2]})` : ''} is not a legal move there.`;
  else if (NOT_A_GAME.has(code)) plain = 'it is not a game record this app can read.';
  else return detail;
  return `${plain} Details: ${detail}`;
}
