// The board in words, for screen readers: the canvas's description (whose
// turn, the position summarised) and what the keyboard cursor is on
// ("c4, Blue stack of 4, can move"). Pure functions of plain data; which
// cells may be chosen comes from the engine's move builder.

/** @param {string} s */
export const capital = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** The owner of a cell: cells of odd file+rank are the first side's (both games). */
const ownerAt = (file, rank, sides) => sides[(file + rank) % 2 === 1 ? 0 : 1];

/**
 * Stones and stacks per side, and the cities.
 * @param {{board: ArrayLike<number>, files: number, sides: string[], cities: {side: string, cell: string}[]}} view
 */
export function summarise({ board, files, sides, cities }) {
  const per = sides.map((side) => ({ side, stones: 0, stacks: 0 }));
  for (let i = 0; i < board.length; i++) {
    const n = board[i];
    if (!n) continue;
    const s = per[ownerAt(i % files, Math.floor(i / files), sides) === sides[0] ? 0 : 1];
    s.stones += n;
    s.stacks += 1;
  }
  return per
    .map(({ side, stones, stacks }) => {
      const city = cities.find((c) => c.side === side);
      return `${capital(side)}: ${stones} stone${stones === 1 ? '' : 's'} on ${stacks} stack${stacks === 1 ? '' : 's'}${city ? `, city ${city.cell}` : ''}`;
    })
    .join('; ');
}

/**
 * The board's description: the prompt (whose turn, or the result), the
 * stones of each side, the last move.
 * @param {{prompt: string, board: ArrayLike<number>, files: number, sides: string[],
 *   cities: {side: string, cell: string}[], last: {side: string, move: string} | null}} view
 */
export function describeBoard(view) {
  const last = view.last ? ` Last move: ${capital(view.last.side)} ${view.last.move}.` : '';
  return `${view.prompt.replace(/\.?$/, '.')} ${summarise(view)}.${last}`;
}

/**
 * What is on a cell, and whether the player may choose it at this point.
 * @param {{name: string, file: number, rank: number, count: number, sides: string[],
 *   cities: {side: string, cell: string}[], build: import('../pkg/sowboard.js').BuildState | null}} view
 */
export function describeCell({ name, file, rank, count, sides, cities, build }) {
  const owner = capital(ownerAt(file, rank, sides));
  const parts = [name, count ? `${owner} stack of ${count}` : 'empty'];
  const city = cities.find((c) => c.cell === name);
  if (city) parts.push(`${capital(city.side)}’s city`);
  if (build?.stage === 'origin' && build.origins.includes(name)) parts.push('can move');
  else if (build?.stage === 'step' && build.steps.some((s) => s.cell === name)) parts.push('can sow here');
  else if (build?.stage === 'place' && build.places.includes(name)) parts.push('can put stones back here');
  return parts.join(', ');
}
