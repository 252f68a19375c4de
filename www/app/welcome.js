// The first visit: one line on the goal of each game, a button that starts
// it, and the 2-minute lesson; above the board on a phone (one column), at
// the top of the side panel beside a wide board. Once a game has moves (or
// the visitor closes it) it is never shown again in this browser.
import { $ } from '../dom.js';

const SEEN = 'sowboard.welcomed';

/** Whether this browser has seen the welcome (storage that refuses: as seen
 * once closed in this page). */
function seen() {
  try {
    return localStorage.getItem(SEEN) === '1';
  } catch {
    return false;
  }
}

/** @param {{play: (game: string) => void}} hooks  play: start a new game of `game` */
export function createWelcome({ play }) {
  const box = $('welcome');
  box.hidden = seen();
  // The one-column layout of app.css: the welcome goes above the board.
  const narrow = matchMedia('(max-width: 760px), (orientation: portrait) and (max-width: 1100px)');
  const place = () => {
    if (narrow.matches) $('main').before(box);
    else $('setup').before(box);
  };
  place();
  narrow.addEventListener('change', place);
  const done = () => {
    if (box.hidden && seen()) return;
    box.hidden = true;
    try {
      localStorage.setItem(SEEN, '1');
    } catch {
      /* not kept: shown again on the next visit */
    }
  };
  for (const button of box.querySelectorAll('button[data-game]')) {
    button.addEventListener('click', () => {
      done();
      play(/** @type {HTMLElement} */ (button).dataset.game ?? 'intermedium');
    });
  }
  $('welcome-close').addEventListener('click', done);
  return { done };
}
