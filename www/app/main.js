// The app page: game setup, modes, move list, dialogs, saving and sharing,
// all around one <sowing-board>. The board and the engine do the playing.
import '../widget.js';
import { clearSave, loadSave, saveGame } from './save.js';
import { fromFragment, toFragment } from './fragment.js';

const $ = (id) => document.getElementById(id);
const board = $('board');
const SIDES = { intermedium: ['blue', 'red'], 'cash-in-hand': ['white', 'black'] };
const capital = (s) => s[0].toUpperCase() + s.slice(1);

/** Mode, side and level: what the page adds to the board's own state. */
const settings = { mode: 'ai', side: 'first', level: 3, animation: true };
const DEFAULT_SETTINGS = { ...settings };
let ready = false;
let noticeTimer = 0;

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

/** Puts mode, side and level on the board and in the form. */
function applySettings() {
  const game = currentGame();
  const [first, second] = SIDES[game];
  $('game').value = game;
  $('mode').value = settings.mode;
  $('side').value = settings.side;
  $('level').value = String(settings.level);
  $('animation').checked = settings.animation;
  board.setAttribute('animation', settings.animation ? 'on' : 'off');
  $('side').options[0].textContent = `${capital(first)} (first)`;
  $('side').options[1].textContent = capital(second);
  $('side-label').hidden = settings.mode !== 'ai';
  $('level-label').hidden = settings.mode === 'hotseat';
  const human = settings.side === 'first' ? first : second;
  const ai = { ai: settings.side === 'first' ? second : first, hotseat: 'none', demo: 'both' }[settings.mode];
  board.setAttribute('ai', ai);
  board.setAttribute('level', String(settings.level));
  board.setAttribute('orientation', settings.mode === 'ai' ? human : first);
}

function save() {
  if (!ready) return;
  saveGame({ game: currentGame(), position: board.startPosition, moves: board.moves, ...settings });
}

function renderMoves() {
  const list = $('moves');
  const moves = board.moves;
  const start = (board.startPosition ?? '').split(/\s+/);
  const secondStarts = SIDES[currentGame()]?.[1] === start[2];
  let number = Number(start[4]) || 1;
  const shown = board.viewPly ?? moves.length;
  const rows = [];
  let row = null;
  const cell = (ply, text) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.ply = String(ply);
    b.textContent = text;
    // An Intermedium move has no spaces: keep it on one line rather than break at a hyphen.
    if (!text.includes(' ')) b.classList.add('one-line');
    if (ply === shown) { b.classList.add('current'); b.setAttribute('aria-current', 'true'); }
    return b;
  };
  const newRow = () => {
    row = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${number++}.`;
    row.append(num);
    rows.push(row);
  };
  moves.forEach((move, i) => {
    const ply = i + 1;
    const firstSlot = (i + (secondStarts ? 1 : 0)) % 2 === 0;
    if (firstSlot || !row) {
      newRow();
      if (!firstSlot) row.append(document.createElement('span'));
    }
    row.append(cell(ply, move));
  });
  list.replaceChildren(...rows);
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

function renderState() {
  const outcome = board.outcome;
  const reviewing = board.viewPly != null;
  $('banner').hidden = !outcome;
  if (outcome) $('banner').textContent = `Game over — ${capital(outcome.description)}.`;
  $('undo').disabled = board.ply === 0;
  $('redo').disabled = !board.canRedo;
  const humanToMove = settings.mode !== 'demo' && !outcome && !board.thinking;
  $('hint').disabled = !humanToMove || reviewing;
  $('live').hidden = !reviewing;
  renderMoves();
}

function newGame(game) {
  board.removeAttribute('position');
  board.removeAttribute('moves');
  board.setAttribute('game', game); // the board reloads from its attributes
  applySettings();
}

/** Loads a game (start position and moves) given as data; false if the engine refuses it. */
function loadGame({ position, moves }, source) {
  try {
    board.load(position, moves);
    applySettings();
    return true;
  } catch (err) {
    notice(`${source} could not be loaded: ${err.message}`);
    return false;
  }
}

function restore() {
  const shared = fromFragment(location.hash);
  const saved = loadSave();
  if (saved.state) {
    const { mode, side, level, animation } = saved.state;
    Object.assign(settings, { mode, side, level, animation });
  }
  if (saved.error) {
    clearSave();
    notice(`Your saved game was not restored: ${saved.error}. A new game has started.`);
  }
  applySettings();
  let loaded = false;
  if (location.hash.length > 1) {
    // A shared game replaces the saved one (a bad link leaves the save alone);
    // the fragment is then dropped so that a reload shows the game as it
    // stands, from the save.
    if (shared) loaded = loadGame(shared, 'The shared game');
    else notice('This link holds no game that can be loaded: it is incomplete, damaged or too long.');
    history.replaceState(null, '', location.pathname + location.search);
  }
  if (!loaded && saved.state && !loadGame(saved.state, 'Your saved game')) {
    // Refused as a whole: its settings go too, never half of a save.
    clearSave();
    Object.assign(settings, DEFAULT_SETTINGS);
    applySettings();
  }
}

// ---- events from the board ---------------------------------------------------

board.addEventListener('ready', () => {
  restore();
  ready = true;
  save();
  renderState();
  document.documentElement.dataset.appReady = 'true'; // for tests: the game is restored
  performance.mark('board-playable');
}, { once: true });
board.addEventListener('change', () => { save(); renderState(); });
board.addEventListener('view', renderState);
board.addEventListener('thinking', renderState);
board.addEventListener('gameover', renderState);
board.addEventListener('error', (e) => notice(e.detail.message));

// ---- controls ------------------------------------------------------------------

$('setup').addEventListener('submit', (e) => {
  e.preventDefault();
  newGame($('game').value);
});
for (const id of ['mode', 'side', 'level', 'animation']) {
  $(id).addEventListener('change', () => {
    settings[id] = id === 'level' ? Number($(id).value) : id === 'animation' ? $(id).checked : $(id).value;
    applySettings();
    save();
    renderState();
  });
}
$('undo').addEventListener('click', () => board.undo());
$('redo').addEventListener('click', () => board.redo());
$('hint').addEventListener('click', () => board.hint().catch((err) => notice(err.message)));
$('live').addEventListener('click', () => { board.viewPly = null; });
$('moves').addEventListener('click', (e) => {
  const ply = e.target.closest('button')?.dataset.ply;
  if (ply) board.viewPly = Number(ply) === board.ply ? null : Number(ply);
});

$('help').addEventListener('click', () => $('help-dialog').showModal());

function shareLink() {
  return new URL(toFragment({ position: board.startPosition, moves: board.moves }), location.href).href;
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
$('import').addEventListener('click', () => {
  const error = $('import-error');
  try {
    board.importText($('game-text').value);
    applySettings();
    $('export-dialog').close();
  } catch (err) {
    error.textContent = `This game could not be loaded: ${err.message}`;
    error.hidden = false;
  }
});

if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('sw.js').catch(() => { /* no offline copy; the app still works */ });
  });
}
