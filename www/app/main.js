// The app page: one <sowing-board> and what the page wires around it: the
// setup form (settings.js), the saved game (persistence.js), share links
// and the Share dialog (sharing.js), games by link (link-play.js), the
// analysis mode, the move list and the game-over banner. The board and the
// engine do the playing.
import '../widget.js';
import { $ } from '../dom.js';
import { ask } from './ask.js';
import { renderMoves } from './moves.js';
import { initAnalysis, openReview } from '../analysis/analysis.js';
import { createWelcome } from './welcome.js';
import { endText, gameLabel, movesText, plainError } from './words.js';
import { LinkPlay } from './link-play.js';
import { registerServiceWorker } from './update.js';
import { setRuleAttributes } from '../board/options.js';
import { aiFor, createSettings, currentGame } from './settings.js';
import { rememberMistakes } from '../learn/mistakes.js';
import { createPersistence } from './persistence.js';
import { createSharing } from './sharing.js';
import { createHistory } from './history-ui.js';

/** @type {import('../board/element.js').SowingBoard} */
const board = $('board');

let noticeTimer = 0;
/** Says something to the player for a while, over the page: a problem in
 * the error colours, news (`info`: a link copied) in the banner's.
 * @param {string} text @param {'problem' | 'info'} [kind] */
function notice(text, kind = 'problem') {
  const el = $('notice');
  el.textContent = text;
  el.classList.toggle('info', kind === 'info');
  el.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    el.hidden = true;
  }, 12_000);
}

/** A game with moves that is not over: losing it needs the player's word. */
const inProgress = () => board.ply > 0 && !board.outcome;

/** The first visit: a line on each game, a game to start, the 2-minute lesson. */
const welcome = createWelcome({
  play: (game) => {
    $('game').value = game;
    newGame(game);
  },
});

const settings = createSettings({
  board,
  linkPlaying: () => !!linkPlay.active,
  inProgress,
  changed: () => {
    persistence.save();
    renderState();
  },
});
/** The analysis mode (its variation is never saved over the game). @type {ReturnType<typeof initAnalysis> | null} */
let analysis = null;
const persistence = createPersistence({
  board,
  settings,
  notice,
  renderState,
  linkPlaying: () => !!linkPlay.active,
  mainline: () => analysis?.mainline,
});

// Games by link: the page's own game stays saved meanwhile, and comes back on leaving.
const linkPlay = new LinkPlay({
  board,
  notice,
  onEnter: () => renderState(),
  onLeave: async () => {
    board.reset(); // the page's own game when none is saved; restore() loads the saved one
    await persistence.restore();
    renderState();
  },
});

const sharing = createSharing({ board, settings, persistence, linkPlay, inProgress, notice, renderState });
// "My games": every game played here kept in the browser, with results and a rating.
const games = createHistory({ board, settings, persistence, linkPlay, analysis: () => analysis, inProgress, notice, renderState });

function renderState() {
  const outcome = board.outcome;
  const reviewing = board.viewPly != null;
  $('banner').hidden = !outcome;
  // After the end: a rematch and a review (a game by link has its own buttons).
  $('banner-actions').hidden = !outcome || !!linkPlay.active;
  if (board.ply > 0) welcome.done();
  if (outcome) {
    const you = linkPlay.active ? linkPlay.yourSide() : settings.values.mode === 'ai' ? settings.humanSide() : null;
    const { headline, reason } = endText(outcome, { sides: board.sides, you });
    $('banner-headline').textContent = headline;
    $('banner-reason').textContent = reason;
  }
  $('undo').disabled = board.ply === 0;
  $('redo').disabled = !board.canRedo;
  const humanToMove = settings.values.mode !== 'demo' && !outcome && !board.thinking;
  $('hint').disabled = !humanToMove || reviewing;
  // A game by link: moves travel as links, so no takebacks or AI hints; the setup is for the page's own games.
  $('setup').hidden = !!linkPlay.active;
  if (linkPlay.active) for (const id of ['undo', 'redo', 'hint']) $(id).disabled = true;
  $('live').hidden = !reviewing;
  renderMoves($('moves'), { moves: board.moves, shown: board.viewPly ?? board.ply, sideAt: (ply) => board.sideAt(ply) });
}

/** @param {string} game */
async function newGame(game) {
  if (
    inProgress() &&
    !(await ask({
      text: `Start a new game of ${gameLabel(game)}? The game in progress (${movesText(board.ply)}) will be lost.`,
      yes: 'Start a new game',
      no: 'Keep playing',
    }))
  ) {
    $('game').value = currentGame(board);
    return;
  }
  board.removeAttribute('position');
  board.removeAttribute('moves');
  setRuleAttributes(board, {}); // a new game is played under the default rules
  board.setAttribute('game', game); // the board reloads from its attributes
  await Promise.resolve(); // the reload is queued for after this task's attribute changes
  settings.apply();
  persistence.save();
  renderState();
}

// ---- events from the board ---------------------------------------------------

board.addEventListener(
  'ready',
  async () => {
    await persistence.restore();
    persistence.start();
    persistence.save();
    games.start();
    renderState();
    document.documentElement.dataset.appReady = 'true'; // for tests: the game is restored
    performance.mark('board-playable');
    if (location.hash.length > 1) await sharing.openHash(location.hash);
    window.addEventListener('hashchange', () => {
      if (location.hash.length > 1) sharing.openHash(location.hash);
    });
  },
  { once: true },
);
board.addEventListener('change', (/** @type {any} */ e) => {
  // Another game may be on the board (a load through the board's API
  // too): the menus and the AI's side follow it.
  if (e.detail.kind === 'load') settings.apply();
  persistence.save();
  renderState();
});
board.addEventListener('view', renderState);
board.addEventListener('thinking', renderState);
board.addEventListener('gameover', renderState);
board.addEventListener('error', (/** @type {any} */ e) => notice(plainError(e.detail)));

// ---- controls ------------------------------------------------------------------

$('rematch').addEventListener('click', () => newGame(currentGame(board)));
// The review at once, opened at the player's first blunder (analysis.js).
$('review-game').addEventListener('click', () => {
  openReview().catch((err) => notice(plainError(err)));
});

$('setup').addEventListener('submit', (e) => {
  e.preventDefault();
  newGame($('game').value);
});
$('game').addEventListener('change', () => {
  if ($('game').value !== currentGame(board)) newGame($('game').value);
});

// A reviewed game's blunders by the player become puzzles on the Learn page.
const playerSides = () => {
  const ai = aiFor(settings.values, board.sides);
  return board.sides.filter((s) => s !== ai && ai !== 'both');
};
analysis = initAnalysis({
  board,
  onExit: settings.apply,
  onReviewed: (review) =>
    rememberMistakes(review, playerSides()).then(
      (n) => {
        if (n)
          notice(
            `${n === 1 ? 'Your blunder is' : `${n} of your blunders are`} saved as ${n === 1 ? 'a puzzle' : 'puzzles'}: Learn, Puzzles, theme “Your mistakes”.`,
            'info',
          );
      },
      () => {
        /* nothing saved; the review is shown all the same */
      },
    ),
});
$('undo').addEventListener('click', () => board.undo());
$('redo').addEventListener('click', () => board.redo());
$('hint').addEventListener('click', () => board.hint().catch((err) => notice(plainError(err))));
$('live').addEventListener('click', () => {
  board.viewPly = null;
});
$('moves').addEventListener('click', (e) => {
  const ply = e.target.closest('button')?.dataset.ply;
  if (ply) board.viewPly = Number(ply) === board.ply ? null : Number(ply);
});

/** The rules' example boards: replays, made when the rules are first opened. */
function exampleBoards() {
  for (const slot of document.querySelectorAll('#help-dialog .mini:empty')) {
    const example = document.createElement('sowing-board');
    const { game, position, moves } = /** @type {HTMLElement} */ (slot).dataset;
    example.setAttribute('readonly', '');
    example.setAttribute('animation', 'off');
    example.setAttribute('game', game ?? 'intermedium');
    if (position) example.setAttribute('position', position);
    example.setAttribute('moves', moves ?? '');
    slot.append(example);
  }
}
$('help').addEventListener('click', () => {
  $('help-dialog').showModal();
  exampleBoards();
});

registerServiceWorker();
