// The threats of the side not to move, in the analysis panel and on the
// board (the cells that can fall next, ringed): what the engine's threat
// query lists, in words.
import { loadEngine } from '../engine.js';
import { sideLabel } from '../app/words.js';
import { $ } from '../dom.js';

/** Most moves listed for one threat summary. */
const THREATS_SHOWN = 4;
/** Work limit for listing the threats (the walk answers "none" at once). */
const THREAT_LIMIT = 300_000;

/**
 * Lists and marks what the side not to move threatens after `moves` from the
 * board's start, when the threats box is ticked; clears both otherwise.
 * @param {import('../board/element.js').SowingBoard} board
 * @param {string[]} moves
 * @param {object} rules the board's rule options
 */
export async function showThreats(board, moves, rules) {
  const box = $('threats-text');
  if (!$('threats-toggle').checked) {
    board.threatened = [];
    box.textContent = '';
    return;
  }
  const engine = await loadEngine();
  const g = engine.Game.load(board.startPosition ?? '', moves, rules);
  try {
    const t = g.threats(THREAT_LIMIT);
    const mover = g.sideToMove();
    const other = board.sides.find((s) => s !== mover) ?? '';
    const city = g.cities().find((c) => c.side === mover)?.cell;
    const cells = new Set();
    for (const x of t.threats) {
      for (const c of x.captured) cells.add(c);
      if (x.city && city) cells.add(city);
    }
    board.threatened = [...cells];
    if (!t.complete) box.textContent = `Too many moves to list ${sideLabel(other)}’s threats here.`;
    else if (!t.threats.length) box.textContent = `${sideLabel(other)} threatens nothing.`;
    else {
      // What can fall first (the moves are long in Cash in Hand), then how.
      const names = [...cells].map((c) => (c === city ? 'the city' : c));
      const list = t.threats
        .slice(0, THREATS_SHOWN)
        .map((x) => `${x.move}${x.city ? ' (takes the city)' : ` (takes ${x.captured.join(', ')}: ${x.stones})`}`);
      box.textContent = `${sideLabel(other)} threatens ${names.join(', ')}. ${t.threats.length === 1 ? 'Move' : 'Moves'}: ${list.join('; ')}${t.threats.length > THREATS_SHOWN ? '…' : ''}`;
    }
  } finally {
    g.free();
  }
}
