// The page's own game kept in the browser: saved after every change,
// restored on load, and kept in step with other tabs of the page (another
// tab's different game is offered, never overwritten silently). Games by
// link are kept in their own list (link-play.js), never over this save.
import { $ } from '../dom.js';
import { readRules, setRuleAttributes } from '../board/options.js';
import { KEY, loadSave, parseSave, saveGame, setAsideSave, stampOf } from './save.js';
import { DEFAULT_SETTINGS, currentGame } from './settings.js';
import { gameLabel, movesText, plainError } from './words.js';

/** @typedef {import('../board/element.js').SowingBoard} SowingBoard */

/**
 * `mainline()`: the game an analysis variation left, if one is on show
 * (the variation is never saved over it); `renderState()` redraws the page.
 * @param {{board: SowingBoard, settings: import('./settings.js').Settings, linkPlaying: () => boolean,
 *   mainline: () => ({position: string, moves: string[]} | null | undefined), notice: (text: string) => void,
 *   renderState: () => void}} deps
 */
export function createPersistence({ board, settings, linkPlaying, mainline, notice, renderState }) {
  let ready = false;
  /** The stamp of the save this tab last wrote or read: it writes only over that one. */
  let stamp = /** @type {import('./save.js').Stamp} */ (null);
  /** Storage refused a save and the player is told (once a page). */
  let saveRefusalSaid = false;

  /** The game and settings as saved (during an analysis variation, the game it left). */
  const current = () => {
    const kept = mainline();
    const rules = readRules((name) => board.getAttribute(name));
    return {
      game: currentGame(board),
      position: kept ? kept.position : board.startPosition,
      moves: kept ? kept.moves : board.moves,
      rules,
      ...settings.values,
    };
  };

  /** Saves the game; `force` writes over another tab's newer save (the player chose to). */
  function save({ force = false } = {}) {
    if (!ready || linkPlaying()) return; // link games are kept in their own list, never over this save
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
    return (
      state.game === here.game &&
      state.position === here.position &&
      state.moves.length === here.moves.length &&
      state.moves.every((m, i) => m === here.moves[i])
    );
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
    const continues =
      game === currentGame(board) &&
      position === board.startPosition &&
      board.moves.every((m, i) => m === moves[i]) &&
      moves.length > board.moves.length;
    $('tab-summary').textContent = continues
      ? `Another tab has gone on with this game: it saved ${movesText(moves.length)}, this tab shows ${movesText(board.ply)}.`
      : `Another tab saved a different game of ${gameLabel(game)} (${movesText(moves.length)}). This tab shows ${gameLabel(currentGame(board))}, ${movesText(board.ply)}.`;
    const dialog = $('tab-dialog');
    if (dialog.open) return; // the question stands, with the newer summary
    dialog.returnValue = '';
    dialog.showModal();
    await new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
    if (dialog.returnValue === 'load') {
      const latest = loadSave(); // the newest: the other tab may have moved again meanwhile
      if (latest.state) {
        const { mode, side, level, animation } = latest.state;
        settings.set({ mode, side, level, animation });
        if (loadGame(latest.state, 'The other tab’s game')) stamp = latest.stamp ?? null;
      }
    } else if (dialog.returnValue === 'keep') {
      save({ force: true });
    }
    renderState();
  }

  /** Loads a game (start position and moves) given as data; false if the engine refuses it.
   * @param {{position: string, moves: string[] | string, rules?: import('../pkg/sowboard.js').RuleOptions}} game
   * @param {string} source  what the game is, for the notice when it is refused */
  function loadGame({ position, moves, rules = {} }, source) {
    // The rule options come with the game (a shared position's, a save's);
    // if the engine refuses the game, the board goes back to the previous game.
    const before = { position: board.startPosition, moves: board.moves, rules: readRules((name) => board.getAttribute(name)) };
    setRuleAttributes(board, rules);
    try {
      board.load(position, moves);
      settings.apply();
      return true;
    } catch (err) {
      setRuleAttributes(board, before.rules);
      try {
        if (before.position) board.load(before.position, before.moves);
      } catch {
        /* the previous game loads as it did */
      }
      notice(`${source} could not be opened: ${plainError(err)}`);
      return false;
    }
  }

  /** Puts the saved game and settings on the board (a damaged save is dropped, and said). */
  async function restore() {
    const saved = loadSave();
    stamp = saved.stamp ?? null;
    if (saved.state) {
      const { mode, side, level, animation } = saved.state;
      settings.set({ mode, side, level, animation });
    }
    if (saved.error) {
      // loadSave kept the unreadable save aside (never deleted).
      stamp = null;
      notice(`Your saved game was not restored: ${saved.error}. It was kept aside in this browser, and a new game has started.`);
    }
    settings.apply();
    if (saved.state && !loadGame(saved.state, 'Your saved game')) {
      // Refused as a whole: its settings go too, never half of a save; the
      // save itself is kept aside.
      setAsideSave();
      stamp = null;
      settings.set(DEFAULT_SETTINGS);
      settings.apply();
    }
  }

  // Another tab saved (or cleared) the game: the same game keeps this tab in
  // step; another one is offered to the player (never overwritten silently).
  window.addEventListener('storage', (e) => {
    if (!ready || linkPlaying() || (e.key !== KEY && e.key !== null)) return;
    const other = parseSave(e.newValue);
    if (other.state && !isOnBoard(other.state)) offerOtherTab();
    else stamp = stampOf(e.newValue);
  });

  return {
    save,
    restore,
    loadGame,
    /** The first restore is done: saving may begin. */
    start: () => {
      ready = true;
    },
  };
}
