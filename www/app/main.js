// The app page: one <sowing-board> and what the page wires around it: the
// setup form (settings.js), the saved game (persistence.js), share links
// and the Share dialog (sharing.js), games by link (link-play.js), the
// analysis mode, My games (history-*.js), the move list and the game-over
// banner. The board and the engine do the playing.
// What the first move does not need loads on first use (a click, a link in
// the address, a list of games by link to show) and, once the board is
// playable, when the page is idle, so that a first use is instant: My
// games' recorder, the dialogs (app/dialogs.html), the analysis (with its
// panel, app/analysis-panel.html), games by link, sharing, My games' dialog.
import '../widget.js';
import { $ } from '../dom.js';
import { ask } from './ask.js';
import { renderMoves } from './moves.js';
import { createWelcome } from './welcome.js';
import { endText, gameLabel, movesText, plainError } from './words.js';
import { setRuleAttributes } from '../board/options.js';
import { aiFor, createSettings, currentGame } from './settings.js';
import { createPersistence } from './persistence.js';
import { isLinkFragment } from '../link/codec.js';
import { LINKS_KEY } from '../link/key.js';

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

/** Games by link, once loaded (`loadLinkPlay`). @type {import('./link-play.js').LinkPlay | null} */
let linkPlay = null;
/** The analysis mode, once set up (`loadAnalysis`); its variation is never saved over the game.
 * @type {ReturnType<typeof import('../analysis/analysis.js').initAnalysis> | null} */
let analysis = null;
/** Sharing: share links and the Share dialog, once loaded. @type {ReturnType<typeof import('./sharing.js').createSharing> | null} */
let sharing = null;
/** My games' dialog, once loaded. @type {ReturnType<typeof import('./history-ui.js').createHistory> | null} */
let games = null;

const settings = createSettings({
  board,
  linkPlaying: () => !!linkPlay?.active,
  inProgress,
  changed: () => {
    persistence.save();
    renderState();
  },
});
const persistence = createPersistence({
  board,
  settings,
  notice,
  renderState,
  linkPlaying: () => !!linkPlay?.active,
  mainline: () => analysis?.mainline,
});
/** A module of the page that loads on first use: `load` runs once (again after a failure). @template T
 * @param {() => Promise<T>} load @returns {() => Promise<T>} */
function once(load) {
  /** @type {Promise<T> | null} */
  let loading = null;
  return () =>
    (loading ??= load().catch((err) => {
      loading = null;
      throw err;
    }));
}

/** A part of the page could not be loaded (offline with no copy kept, say). @param {string} what @param {unknown} err */
function failed(what, err) {
  notice(`${what} could not be loaded: ${plainError(err)}. Check the connection and try again.`);
}

/** A style sheet of the page, added once; resolves when it applies. @param {string} href */
function loadStyle(href) {
  const url = new URL(href, document.baseURI).href;
  const present = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => /** @type {HTMLLinkElement} */ (l).href === url);
  if (present) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = url;
  const applied = new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = () => reject(new Error(`the style sheet ${href} did not load`));
  });
  document.head.append(link);
  return applied;
}

// "My games": every game played here kept in the browser, with results and
// a rating. The recorder loads once the board is playable (or with the
// first change after); the board's changes until then are kept, as they
// were, and handed over to it in order.
/** @type {ReturnType<typeof import('./history-record.js').createRecorder> | null} */
let recorder = null;
/** @type {(import('./history-record.js').BoardChange | 'hint')[]} */
const unrecorded = [];
/** Set once the board is playable: a change then loads the recorder if it is not in yet. */
let playable = false;
/** @param {import('./history-record.js').BoardChange | 'hint'} change */
function record(change) {
  if (!recorder) {
    unrecorded.push(change);
    if (playable)
      loadRecorder().catch(() => {
        /* loaded again with the next change or My games, which says what failed */
      });
  } else if (change === 'hint') recorder.hinted();
  else recorder.changed(change);
}
const loadRecorder = once(async () => {
  const { createRecorder } = await import('./history-record.js');
  if (recorder) return recorder;
  recorder = createRecorder({
    board,
    settings,
    notice,
    linkActive: () => !!linkPlay?.active,
    mainline: () => analysis?.mainline,
    analysing: () => !!analysis?.on,
  });
  for (const change of unrecorded.splice(0)) record(change);
  return recorder;
});
board.addEventListener('change', (/** @type {any} */ e) => {
  record({ kind: e.detail.kind, ply: board.ply, link: !!linkPlay?.active, variation: !!analysis?.mainline });
});

/** Static markup of the page's own (a file of app/), added once with `place`.
 * @param {string} file @param {(markup: DocumentFragment) => void} place */
const markup = (file, place) =>
  once(async () => {
    const response = await fetch(file);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const template = document.createElement('template');
    template.innerHTML = await response.text(); // the site's own static markup
    place(template.content);
  });
/** The dialogs of first use (app/dialogs.html), added when the page is idle or with the first use of one of them. */
const loadDialogs = markup('app/dialogs.html', (dialogs) => document.querySelector('footer')?.before(dialogs));
/** The analysis panel (app/analysis-panel.html), in the side panel ahead of the move list, with the analysis. */
const loadAnalysisPanel = markup('app/analysis-panel.html', (panel) => document.querySelector('.panel > .moves-head')?.before(panel));

// Games by link: the page's own game stays saved meanwhile, and comes back on leaving.
const loadLinkPlay = once(async () => {
  const [{ LinkPlay }] = await Promise.all([import('./link-play.js'), loadDialogs()]);
  linkPlay ??= new LinkPlay({
    board,
    notice,
    onEnter: () => renderState(),
    onLeave: async () => {
      board.reset(); // the page's own game when none is saved; restore() loads the saved one
      await persistence.restore();
      renderState();
    },
  });
  return linkPlay;
});

const loadSharing = once(async () => {
  const [{ createSharing }] = await Promise.all([import('./sharing.js'), loadDialogs()]);
  sharing ??= createSharing({
    board,
    settings,
    persistence,
    linkPlay: () => linkPlay,
    loadLinkPlay,
    inProgress,
    notice,
    renderState,
  });
  return sharing;
});

// A reviewed game's blunders by the player become puzzles on the Learn page.
const playerSides = () => {
  const ai = aiFor(settings.values, board.sides);
  return board.sides.filter((s) => s !== ai && ai !== 'both');
};
/** @param {{position: string, moves: string[], plies: any[], rules: object}} review */
function keepMistakes(review) {
  import('../learn/mistakes.js')
    .then(({ rememberMistakes }) => rememberMistakes(review, playerSides()))
    .then(
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
    );
}

const loadAnalysis = once(async () => {
  const [{ initAnalysis }] = await Promise.all([
    import('../analysis/analysis.js'),
    loadAnalysisPanel(),
    loadStyle('analysis/analysis.css'),
  ]);
  analysis ??= initAnalysis({ board, onExit: settings.apply, onReviewed: keepMistakes });
  return analysis;
});

const loadHistory = once(async () => {
  const [{ createHistory }, kept] = await Promise.all([
    import('./history-ui.js'),
    loadRecorder(),
    loadDialogs(),
    loadStyle('app/history.css'),
  ]);
  games ??= createHistory({
    board,
    settings,
    persistence,
    recorder: kept,
    linkPlay: () => linkPlay,
    analysis: () => analysis,
    loadAnalysis,
    inProgress,
    notice,
    renderState,
  });
  return games;
});

/**
 * The button `id`, whose module (`load`) sets up its own click handling:
 * until `loaded()`, a click loads the module, with the button busy
 * meanwhile (further clicks wait), and is then handed to it again.
 * @param {string} id @param {string} what @param {() => Promise<unknown>} load @param {() => boolean} loaded
 */
function onFirstUse(id, what, load, loaded) {
  const button = $(id);
  button.addEventListener('click', () => {
    if (loaded() || button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    load()
      .then(
        () => button.click(),
        (err) => failed(what, err),
      )
      .finally(() => button.removeAttribute('aria-busy'));
  });
}

function renderState() {
  const outcome = board.outcome;
  const reviewing = board.viewPly != null;
  $('banner').hidden = !outcome;
  // After the end: a rematch and a review (a game by link has its own buttons).
  const link = linkPlay?.active ? linkPlay : null;
  $('banner-actions').hidden = !outcome || !!link;
  if (board.ply > 0) welcome.done();
  if (outcome) {
    const you = link ? link.yourSide() : settings.values.mode === 'ai' ? settings.humanSide() : null;
    const { headline, reason } = endText(outcome, { sides: board.sides, you });
    $('banner-headline').textContent = headline;
    $('banner-reason').textContent = reason;
  }
  $('undo').disabled = board.ply === 0;
  $('redo').disabled = !board.canRedo;
  const humanToMove = settings.values.mode !== 'demo' && !outcome && !board.thinking;
  $('hint').disabled = !humanToMove || reviewing;
  // A game by link: moves travel as links, so no takebacks or AI hints; the setup is for the page's own games.
  $('setup').hidden = !!link;
  if (link) for (const id of ['undo', 'redo', 'hint']) $(id).disabled = true;
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

/** A link in the address: a game by link or a shared game (sharing.js). @param {string} hash */
function openHash(hash) {
  if (sharing) return sharing.openHash(hash);
  return loadSharing().then(
    (s) => s.openHash(hash),
    (err) => failed('The link', err),
  );
}

/** Whether this browser keeps games by link (their list shows from the start). */
function hasLinkGames() {
  try {
    return localStorage.getItem(LINKS_KEY) != null;
  } catch {
    return false;
  }
}
// Another tab starts a game by link: the list shows here too (link-play.js follows it from then on).
window.addEventListener('storage', (e) => {
  if (!linkPlay && (e.key === LINKS_KEY || e.key === null) && hasLinkGames()) loadLinkPlay().catch(() => {});
});

/** Once the board is playable, when the page is idle: the AI worker's
 * client (the board imports it with its first AI request), then the modules
 * of first use one at a time, each in an idle moment (their setup never holds up a
 * click on the board), games by link only fetched (they are set up when
 * used: their list is empty); then the service worker's copy of the site,
 * which would share the network with the first load. */
function afterPlayable() {
  const idle = () =>
    new Promise((resolve) => (window.requestIdleCallback ?? ((/** @type {() => void} */ fn) => setTimeout(fn, 50)))(() => resolve(null)));
  /** @type {(() => Promise<unknown>)[]} */
  const steps = [
    () => import('../board/ai-client.js'), // the AI's first reply then asks its worker at once
    loadRecorder,
    loadDialogs,
    loadAnalysis,
    loadHistory,
    loadSharing,
    () => import('./link-play.js'),
    async () => (await loadRecorder()).syncLinks(),
  ];
  (async () => {
    for (const step of steps) {
      await idle();
      await step().catch(() => {
        /* loaded again on first use, which says what failed */
      });
    }
    await idle();
    (await import('./update.js')).registerServiceWorker();
  })().catch(() => {
    /* no offline copy this time; the page works on */
  });
}

board.addEventListener(
  'ready',
  async () => {
    // What the address or this browser holds is shown with the game restored:
    // a link's modules, and the list of games by link, come first then.
    const hash = location.hash;
    await Promise.all([
      hash.length > 1 && loadSharing().catch((err) => failed('The link', err)),
      (hasLinkGames() || isLinkFragment(hash)) && loadLinkPlay().catch((err) => failed('Your games by link', err)),
    ]);
    await persistence.restore();
    persistence.start();
    persistence.save();
    renderState();
    document.documentElement.dataset.appReady = 'true'; // for tests: the game is restored
    performance.mark('board-playable');
    playable = true;
    afterPlayable();
    if (location.hash.length > 1) await openHash(location.hash);
    window.addEventListener('hashchange', () => {
      if (location.hash.length > 1) openHash(location.hash);
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
  loadAnalysis()
    .then((a) => a.openReview())
    .catch((err) => notice(plainError(err)));
});
onFirstUse('analyse', 'The analysis', loadAnalysis, () => !!analysis);
onFirstUse('export', 'The Share dialog', loadSharing, () => !!sharing);
onFirstUse('friend-new', 'Games by link', loadLinkPlay, () => !!linkPlay);
onFirstUse('history', 'My games', loadHistory, () => !!games);

$('setup').addEventListener('submit', (e) => {
  e.preventDefault();
  newGame($('game').value);
});
$('game').addEventListener('change', () => {
  if ($('game').value !== currentGame(board)) newGame($('game').value);
});

$('undo').addEventListener('click', () => board.undo());
$('redo').addEventListener('click', () => board.redo());
$('hint').addEventListener('click', () => {
  record('hint');
  board.hint().catch((err) => notice(plainError(err)));
});
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
onFirstUse('help', 'The rules', loadDialogs, () => !!document.getElementById('help-dialog'));
$('help').addEventListener('click', () => {
  const dialog = document.getElementById('help-dialog');
  if (!(dialog instanceof HTMLDialogElement)) return; // on its way (onFirstUse)
  dialog.showModal();
  exampleBoards();
});
