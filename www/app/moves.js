// The move list: one move per row, numbered 1, 2, 3... as everywhere else
// on the page (the counter under the board, "After move 4"). A move is one
// player's turn; rows grow with long moves rather than overlap.

/**
 * @param {HTMLElement} list the <ol>
 * @param {{moves: string[], shown: number, sideAt: (ply: number) => string}} view
 *   shown: the move on show (0 = the start); sideAt: who played a move.
 */
export function renderMoves(list, { moves, shown, sideAt }) {
  const rows = moves.map((move, i) => {
    const ply = i + 1;
    const row = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = String(ply);
    const side = sideAt(ply);
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.ply = String(ply);
    b.dataset.side = side;
    b.textContent = move;
    b.setAttribute('aria-label', `move ${ply}, ${side}: ${move}`);
    if (ply === shown) {
      b.classList.add('current');
      b.setAttribute('aria-current', 'true');
    }
    row.append(num, b);
    return row;
  });
  list.replaceChildren(...rows);
  // Bring the current move into view inside the list only: scrolling the page
  // (scrollIntoView) would push the board off a phone's screen.
  const current = /** @type {HTMLElement | null} */ (list.querySelector('.current'));
  if (current && list.scrollHeight > list.clientHeight) {
    const top = current.offsetTop; // the list is positioned: relative to it
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + current.offsetHeight - list.clientHeight;
  }
}
