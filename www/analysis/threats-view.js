// The threats of the side not to move, in the analysis panel and on the
// board (the cells that can fall next, ringed): what the engine's threat
// query lists, in words. The query runs in the analysis worker (its walk may
// take seconds on tall stacks, to its work limit); a newer position stops
// the one under way. The threats of one position never stay on another:
// the list and the marks go at the next frame unless the new answer has
// come by then (most come within milliseconds, so nothing blinks on every
// move), the list's box keeping its height until the answer fills it.
import { AnalysisClient } from './client.js';
import { THREAT_LIMIT, recordOnShow, threatenedCells } from './board-analysis.js';
import { sideLabel } from '../app/words.js';
import { $ } from '../dom.js';

/** Most moves listed for one threat summary. */
const THREATS_SHOWN = 4;

const client = new AnalysisClient();
/** The position (start, moves, rules) whose threats are asked for or on show; '' for none. */
let asked = '';
/** The position whose threats are on show. */
let shown = '';

/**
 * Lists and marks what the side not to move threatens after `moves` from the
 * board's start, when the threats box is ticked; clears both otherwise.
 * Resolves once the answer is on show, or dropped for a newer position.
 * @param {import('../board/element.js').SowingBoard} board
 * @param {string[]} moves
 * @param {object} rules the board's rule options
 */
export async function showThreats(board, moves, rules) {
  const box = $('threats-text');
  if (!$('threats-toggle').checked) {
    stopThreats(board);
    return;
  }
  const start = board.startPosition ?? '';
  const key = JSON.stringify([start, moves, rules]);
  if (key === asked) return;
  asked = key;
  box.setAttribute('aria-busy', 'true');
  requestAnimationFrame(() => {
    if (asked !== key || shown === key) return;
    box.style.minHeight = `${box.offsetHeight}px`;
    box.textContent = '';
    if (board.threatened.length) board.threatened = [];
  });
  /** @type {import('./client.js').ThreatAnswer | null} */
  let t = null;
  try {
    t = await client.run({ type: 'threats', position: start, moves, rules, limit: THREAT_LIMIT }, () => {});
  } catch (err) {
    if (asked !== key || !onShow(board, start, moves)) return;
    shown = key;
    settle(box);
    if (board.threatened.length) board.threatened = [];
    box.textContent = `The threats could not be listed (${/** @type {Error} */ (err).message}).`;
    return;
  }
  // Stopped by a newer position, or the threats turned off meanwhile; or the
  // board shows another position already (the panel hears of it a little later).
  if (!t || asked !== key || !onShow(board, start, moves)) return;
  shown = key;
  settle(box);
  const other = board.sides.find((s) => s !== t.mover) ?? '';
  const cells = threatenedCells(t);
  board.threatened = cells;
  if (!t.complete) box.textContent = `Too many moves to list ${sideLabel(other)}’s threats here.`;
  else if (!t.threats.length) box.textContent = `${sideLabel(other)} threatens nothing.`;
  else {
    // What can fall first (the moves are long in Cash in Hand), then how.
    const names = cells.map((c) => (c === t.city ? 'the city' : c));
    const list = t.threats
      .slice(0, THREATS_SHOWN)
      .map((x) => `${x.move}${x.city ? ' (takes the city)' : ` (takes ${x.captured.join(', ')}: ${x.stones})`}`);
    box.textContent = `${sideLabel(other)} threatens ${names.join(', ')}. ${t.threats.length === 1 ? 'Move' : 'Moves'}: ${list.join('; ')}${t.threats.length > THREATS_SHOWN ? '…' : ''}`;
  }
}

/** Whether the board shows the position after `moves` from `start`.
 * @param {import('../board/element.js').SowingBoard} board @param {string} start @param {string[]} moves */
function onShow(board, start, moves) {
  const now = recordOnShow(board);
  return now.position === start && now.moves.length === moves.length && now.moves.every((m, i) => m === moves[i]);
}

/** The list's box no longer waits: not busy, its height its own again. @param {HTMLElement} box */
function settle(box) {
  box.removeAttribute('aria-busy');
  box.style.minHeight = '';
}

/**
 * Stops the query under way and clears the threats from the panel and the
 * board (the threats box unticked, or the analysis closed).
 * @param {import('../board/element.js').SowingBoard} board
 */
export function stopThreats(board) {
  asked = shown = '';
  client.cancel();
  const box = $('threats-text');
  settle(box);
  box.textContent = '';
  if (board.threatened.length) board.threatened = [];
}
