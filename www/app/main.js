// The app page: game setup, modes, move list, dialogs, saving and sharing,
// all around one <sowing-board>. The board and the engine do the playing.
import '../widget.js';
import { loadEngine } from '../engine.js';
import { KEY, clearSave, loadSave, parseSave, saveGame, stampOf } from './save.js';
import { fromFragment, toFragment } from './fragment.js';
import { ask } from './ask.js';
import { renderMoves } from './moves.js';
import { initAnalysis } from '../analysis/analysis.js';
import { endText, gameLabel, movesText, plainError, sideLabel } from './words.js';
import { LinkPlay } from './link-play.js';
import { isLinkFragment } from '../link/codec.js';
import { registerServiceWorker } from './update.js';
import { labelLevels } from './ratings.js';
import { readRules, setRuleAttributes } from '../board/options.js';

const $ = (id) => /** @type {any} */ (document.getElementById(id));
/** @type {import('../board/element.js').SowingBoard} */
const board = $('board');

/** What the page adds to the board's own state; always what the player chose. */
const settings = { mode: 'ai', side: 'first', level: 3, animation: true };
const DEFAULT_SETTINGS = { ...settings };
let ready = false;
let noticeTimer = 0;
/** The analysis mode (its variation is never saved over the game). @type {ReturnType<typeof initAnalysis> | null} */
let analysis = null;
/** The stamp of the save this tab last wrote or read: it writes only over that one. */
let stamp = /** @type {import('./save.js').Stamp} */ (null);
/** Storage refused a save and the player was told (once a page). */
let saveRefusalSaid = false;

function notice(text) {
  const el = $('notice');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { el.hidden = true; }, 12_000);
}

function currentGame() {
  return board.getAttribute('game') || 'intermedium';
}

/** The AI's sides for a mode and side choice, named as the game names them. */
function aiFor({ mode, side }, sides) {
  const [first, second] = sides;
  return { ai: side === 'first' ? second : first, hotseat: 'none', demo: 'both' }[mode];
}

/** Fills a "You play" menu with the side names of the game on the board. */
function nameSides(select) {
  const [first, second] = board.sides;
  select.options[0].textContent = `${sideLabel(first)} (moves first)`;
  select.options[1].textContent = sideLabel(second);
}

/** The side the player plays against the AI. */
const humanSide = () => board.sides[settings.side === 'first' ? 0 : 1];

/** Puts mode, side and level on the board and in the form. */
function applySettings() {
  if (linkPlay.active) return; // a game by link sets the board itself
  const sides = board.sides;
  $('game').value = currentGame();
  $('mode').value = settings.mode;
  $('side').value = settings.side;
  $('level').value = String(settings.level);
  labelLevels($('level'), currentGame());
  $('animation').checked = settings.animation;
  board.setAttribute('animation', settings.animation ? 'on' : 'off');
  nameSides($('side'));
  $('side-label').hidden = settings.mode !== 'ai';
  $('level-label').hidden = settings.mode === 'hotseat';
  const human = settings.side === 'first' ? sides[0] : sides[1];
  board.setAttribute('ai', aiFor(settings, sides));
  board.setAttribute('level', String(settings.level));
  board.setAttribute('orientation', settings.mode === 'ai' ? human : sides[0]);
}

/** The game and settings as saved (during an analysis variation, the game it left). */
const current = () => {
  const kept = analysis?.mainline;
  const rules = readRules((name) => board.getAttribute(name));
  return { game: currentGame(), position: kept ? kept.position : board.startPosition, moves: kept ? kept.moves : board.moves, rules, ...settings };
};

/** Saves the game; `force` writes over another tab's newer save (the player chose to). */
function save({ force = false } = {}) {
  if (!ready || linkPlay.active) return; // link games are kept in their own list, never over this save
  const result = saveGame(current(), stamp, { force });
  if ('stamp' in result) stamp = result.stamp;
  else if ('conflict' in result) offerOtherTab();
  else if (!saveRefusalSaid) {
    // Said once: the game goes on in memory, and every later move tries again.
    saveRefusalSaid = true;
    notice(`Games cannot be saved in this browser: ${result.failed}. You can go on playing; Share keeps a game as a link or text.`);
  }
}

/** The saved `state` is the game on the board, or the one its variation left (settings aside). */
const isOnBoard = (state) => {
  const here = current();
  return state.game === here.game && state.position === here.position
    && state.moves.length === here.moves.length && state.moves.every((m, i) => m === here.moves[i]);
};

/**
 * Another tab saved a game that is not the one here: the player chooses to
 * load it or keep this one (saved over the other's, which that tab then
 * hears about). Escape decides nothing: nothing is written, the next save asks again.
 */
async function offerOtherTab() {
  const other = loadSave();
  if (!other.state || isOnBoard(other.state)) {
    // Gone, damaged, or the same game: nothing to choose; in step with it.
    stamp = other.stamp ?? null;
    return;
  }
  const { game, position, moves } = other.state;
  const continues = game === currentGame() && position === board.startPosition
    && board.moves.every((m, i) => m === moves[i]) && moves.length > board.moves.length;
  $('tab-summary').textContent = continues
    ? `Another tab has gone on with this game: it saved ${movesText(moves.length)}, this tab shows ${movesText(board.ply)}.`
    : `Another tab saved a different game of ${gameLabel(game)} (${movesText(moves.length)}). This tab shows ${gameLabel(currentGame())}, ${movesText(board.ply)}.`;
  const dialog = $('tab-dialog');
  if (dialog.open) return; // the question stands, with the newer summary
  dialog.returnValue = '';
  dialog.showModal();
  await new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
  if (dialog.returnValue === 'load') {
    const latest = loadSave(); // the newest: the other tab may have moved again meanwhile
    if (latest.state) {
      const { mode, side, level, animation } = latest.state;
      Object.assign(settings, { mode, side, level, animation });
      if (loadGame(latest.state, 'The other tab’s game')) stamp = latest.stamp ?? null;
    }
  } else if (dialog.returnValue === 'keep') {
    save({ force: true });
  }
  renderState();
}

function renderState() {
  const outcome = board.outcome;
  const reviewing = board.viewPly != null;
  $('banner').hidden = !outcome;
  if (outcome) {
    const you = linkPlay.active ? linkPlay.yourSide() : settings.mode === 'ai' ? humanSide() : null;
    const { headline, reason } = endText(outcome, { sides: board.sides, you });
    $('banner-headline').textContent = headline;
    $('banner-reason').textContent = reason;
  }
  $('undo').disabled = board.ply === 0;
  $('redo').disabled = !board.canRedo;
  const humanToMove = settings.mode !== 'demo' && !outcome && !board.thinking;
  $('hint').disabled = !humanToMove || reviewing;
  // A game by link: moves travel as links, so no takebacks or AI hints; the setup is for the page's own games.
  $('setup').hidden = !!linkPlay.active;
  if (linkPlay.active) for (const id of ['undo', 'redo', 'hint']) $(id).disabled = true;
  $('live').hidden = !reviewing;
  renderMoves($('moves'), { moves: board.moves, shown: board.viewPly ?? board.ply, sideAt: (ply) => board.sideAt(ply) });
}

/** A game with moves that is not over: losing it needs the player's word. */
const inProgress = () => board.ply > 0 && !board.outcome;

async function newGame(game) {
  if (inProgress() && !(await ask({
    text: `Start a new game of ${gameLabel(game)}? The game in progress (${movesText(board.ply)}) will be lost.`,
    yes: 'Start a new game', no: 'Keep playing',
  }))) {
    $('game').value = currentGame();
    return;
  }
  board.removeAttribute('position');
  board.removeAttribute('moves');
  setRuleAttributes(board, {}); // a new game is played under the default rules
  board.setAttribute('game', game); // the board reloads from its attributes
  await Promise.resolve(); // the reload is queued for after this task's attribute changes
  applySettings();
  save();
  renderState();
}

/** Loads a game (start position and moves) given as data; false if the engine refuses it. */
function loadGame({ position, moves, rules = {} }, source) {
  // The rule options come with the game (a shared position's, a save's);
  // if the engine refuses the game, the board goes back to the one before.
  const before = { position: board.startPosition, moves: board.moves, rules: readRules((name) => board.getAttribute(name)) };
  setRuleAttributes(board, rules);
  try {
    board.load(position, moves);
    applySettings();
    return true;
  } catch (err) {
    setRuleAttributes(board, before.rules);
    try { if (before.position) board.load(before.position, before.moves); } catch { /* it loaded before */ }
    notice(`${source} could not be opened: ${plainError(err)}`);
    return false;
  }
}

/** What a shared game is, checked by the engine.
 * @param {{position: string, moves: string[], rules?: import('../pkg/sowboard.js').RuleOptions}} shared
 * @returns {Promise<{error?: string, game?: any, ply?: any, side?: any, sides?: any, outcome?: any}>} */
async function inspect(shared) {
  const { Game } = await loadEngine();
  try {
    const g = Game.load(shared.position, shared.moves, shared.rules);
    const info = { game: g.gameName, ply: g.ply, side: g.sideToMove(), sides: g.sides(), outcome: g.outcome() };
    g.free();
    return info;
  } catch (err) {
    return { error: plainError(err) };
  }
}

/** A share link was opened: say what it holds and let the player choose how to play it. */
async function openShared(hash) {
  const shared = fromFragment(hash);
  history.replaceState(null, '', location.pathname + location.search);
  if (!shared) {
    notice('This link holds no game that can be opened: it is incomplete, damaged or too long.');
    return;
  }
  const info = await inspect(shared);
  if (info.error) {
    notice(`The shared game could not be opened: ${info.error}`);
    return;
  }
  const dialog = $('link-dialog');
  const state = info.outcome ? 'The game is over.' : `${sideLabel(info.side)} is to move.`;
  $('link-summary').textContent = `A shared game of ${gameLabel(info.game)}: ${movesText(info.ply)} played. ${state}`;
  $('link-warning').textContent = inProgress()
    ? `Opening it replaces your game in progress (${gameLabel(currentGame())}, ${movesText(board.ply)}). Keep it to go on with your own game.`
    : '';
  $('link-warning').hidden = !inProgress();
  $('link-mode').value = settings.mode;
  $('link-level').value = String(settings.level);
  labelLevels($('link-level'), info.game);
  const side = $('link-side');
  side.options[0].textContent = `${sideLabel(info.sides[0])} (moves first)`;
  side.options[1].textContent = sideLabel(info.sides[1]);
  // The side to move is the natural side to take over.
  side.value = info.side === info.sides[1] ? 'second' : 'first';
  const showChoices = () => {
    $('link-side-label').hidden = $('link-mode').value !== 'ai';
    $('link-level-label').hidden = $('link-mode').value === 'hotseat';
  };
  $('link-mode').onchange = showChoices;
  showChoices();
  if (dialog.open) dialog.close(); // a second link while the first is asked about: the newer wins
  dialog.returnValue = '';
  dialog.showModal();
  await new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
  if (dialog.returnValue !== 'open') return;
  if (linkPlay.active) await linkPlay.leave();
  Object.assign(settings, { mode: $('link-mode').value, side: side.value, level: Number($('link-level').value) });
  if (loadGame(shared, 'The shared game')) save();
  renderState();
}

/** A link in the address: a game by link, or a shared game. @param {string} hash */
async function openHash(hash) {
  if (!isLinkFragment(hash)) return openShared(hash);
  history.replaceState(null, '', location.pathname + location.search);
  await linkPlay.open(hash);
  renderState();
}

async function restore() {
  const saved = loadSave();
  stamp = saved.stamp ?? null;
  if (saved.state) {
    const { mode, side, level, animation } = saved.state;
    Object.assign(settings, { mode, side, level, animation });
  }
  if (saved.error) {
    clearSave();
    stamp = null;
    notice(`Your saved game was not restored: ${saved.error}. A new game has started.`);
  }
  applySettings();
  if (saved.state && !loadGame(saved.state, 'Your saved game')) {
    // Refused as a whole: its settings go too, never half of a save.
    clearSave();
    stamp = null;
    Object.assign(settings, DEFAULT_SETTINGS);
    applySettings();
  }
}

// Games by link: the page's own game stays saved meanwhile, and comes back on leaving.
const linkPlay = new LinkPlay({
  board,
  notice,
  onEnter: () => renderState(),
  onLeave: async () => {
    board.reset(); // the page's own game when none is saved; restore() loads the saved one
    await restore();
    renderState();
  },
});

// ---- events from the board ---------------------------------------------------

board.addEventListener('ready', async () => {
  await restore();
  ready = true;
  save();
  renderState();
  document.documentElement.dataset.appReady = 'true'; // for tests: the game is restored
  performance.mark('board-playable');
  if (location.hash.length > 1) await openHash(location.hash);
  window.addEventListener('hashchange', () => { if (location.hash.length > 1) openHash(location.hash); });
}, { once: true });
board.addEventListener('change', (/** @type {any} */ e) => {
  // Another game may be on the board now (a load through the board's API
  // too): the menus and the AI's side follow it.
  if (e.detail.kind === 'load') applySettings();
  save();
  renderState();
});
// Another tab saved (or cleared) the game: the same game keeps this tab in
// step; another one is offered to the player (never overwritten silently).
window.addEventListener('storage', (e) => {
  if (!ready || linkPlay.active || (e.key !== KEY && e.key !== null)) return;
  const other = parseSave(e.newValue);
  if (other.state && !isOnBoard(other.state)) offerOtherTab();
  else stamp = stampOf(e.newValue);
});
board.addEventListener('view', renderState);
board.addEventListener('thinking', renderState);
board.addEventListener('gameover', renderState);
board.addEventListener('error', (/** @type {any} */ e) => notice(plainError(e.detail)));

// ---- controls ------------------------------------------------------------------

$('setup').addEventListener('submit', (e) => {
  e.preventDefault();
  newGame($('game').value);
});
$('game').addEventListener('change', () => { if ($('game').value !== currentGame()) newGame($('game').value); });

/** Against the AI mid-game, a change that makes the AI move at once is said first. */
async function settingChanged(id) {
  const next = { ...settings, [id]: id === 'level' ? Number($(id).value) : id === 'animation' ? $(id).checked : $(id).value };
  const sides = board.sides;
  const ai = aiFor(next, sides);
  const aiMovesNow = inProgress() && (ai === 'both' || ai === board.sideToMove) && ai !== aiFor(settings, sides);
  if (aiMovesNow) {
    const who = ai === 'both' ? 'The AI will play both sides' : `The AI will play ${sideLabel(ai)}`;
    const ok = await ask({
      text: `${who} and move now, from the current position.`,
      yes: 'Let the AI move', no: 'Cancel',
    });
    if (!ok) { applySettings(); return; }
  }
  Object.assign(settings, next);
  applySettings();
  save();
  renderState();
}
for (const id of ['mode', 'side', 'level', 'animation']) $(id).addEventListener('change', () => settingChanged(id));

analysis = initAnalysis({ board, onExit: applySettings });
$('undo').addEventListener('click', () => board.undo());
$('redo').addEventListener('click', () => board.redo());
$('hint').addEventListener('click', () => board.hint().catch((err) => notice(plainError(err))));
$('live').addEventListener('click', () => { board.viewPly = null; });
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
$('help').addEventListener('click', () => { $('help-dialog').showModal(); exampleBoards(); });

function shareLink() {
  const rules = readRules((name) => board.getAttribute(name));
  return new URL(toFragment({ position: board.startPosition ?? '', moves: board.moves, rules }), location.href).href;
}

$('export').addEventListener('click', () => {
  $('game-text').value = board.exportText();
  $('share-link').value = shareLink();
  $('import-error').hidden = true;
  $('export-dialog').showModal();
});

async function copy(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    notice('Copied.');
  } catch {
    field.select(); // the clipboard is not available: leave the text selected for the user
  }
}
$('copy-text').addEventListener('click', () => copy($('game-text').value, $('game-text')));
$('copy-link').addEventListener('click', () => copy($('share-link').value, $('share-link')));
$('import').addEventListener('click', async () => {
  const error = $('import-error');
  const text = $('game-text').value;
  // Checked first: a text that is no game says why, with no question asked.
  const { Game } = await loadEngine();
  try {
    Game.importText(text).free();
  } catch (err) {
    error.textContent = `This game could not be loaded: ${plainError(err)}`;
    error.hidden = false;
    return;
  }
  if (inProgress() && !(await ask({
    text: `Load this game? The game in progress (${movesText(board.ply)}) will be lost.`, yes: 'Load it', no: 'Keep playing',
  }))) return;
  try {
    board.importText(text);
    applySettings();
    $('export-dialog').close();
  } catch (err) {
    error.textContent = `This game could not be loaded: ${plainError(err)}`;
    error.hidden = false;
  }
});

registerServiceWorker();
