// The page's settings for its own games: mode (against the AI, two players
// at one board, AI against AI), the player's side, the AI's level and
// animation. They live in the setup form and on the board's attributes.
import { $ } from '../dom.js';
import { weakerLevels } from '../board/ai-turns.js';
import { ask } from './ask.js';
import { labelLevels } from './ratings.js';
import { sideLabel } from './words.js';

/** @typedef {import('../board/element.js').SowingBoard} SowingBoard */
/** @typedef {{mode: string, side: string, level: number, animation: boolean}} Values */

/** What the page adds to the board's own state, ahead of the player's choice. */
export const DEFAULT_SETTINGS = Object.freeze({ mode: 'ai', side: 'first', level: 3, animation: true });

/** The game on the board. @param {SowingBoard} board */
export const currentGame = (board) => board.getAttribute('game') || 'intermedium';

/** Words of a level that plays weaker on this device (its rating is not its strength here). */
export const WEAKER_HERE = 'weaker on this device';

/** Labels a level `select` for `game`, every level menu of the page alike:
 * each level's rating, and the levels that play weaker on this device in
 * that game (what the board reports as `weakerLevels`: their searches are
 * cut to fit its speed) marked so.
 * @param {HTMLSelectElement} select @param {string} game */
export function labelLevelMenu(select, game) {
  labelLevels(select, game);
  select.dataset.game = game;
  const levels = weakerLevels(game);
  if (!levels.length) return;
  for (const option of select.options) {
    if (levels.includes(Number(option.value))) option.textContent = `${option.value} (${WEAKER_HERE})`;
  }
  select.title += '. This device is too slow for the full search of the levels marked weaker: they think less.';
}

/** The AI's sides for a mode and side choice, named as the game names them.
 * @param {{mode: string, side: string}} choice @param {string[]} sides */
export function aiFor({ mode, side }, sides) {
  const [first, second] = sides;
  return /** @type {Record<string, string>} */ ({ ai: side === 'first' ? second : first, hotseat: 'none', demo: 'both' })[mode];
}

/**
 * The settings, always what the player chose, and the form that sets them.
 * `linkPlaying()`: a game by link is on the board (it sets the board itself);
 * `inProgress()`: a game with moves that is not over; `changed()`: after the
 * player changed a setting.
 * @param {{board: SowingBoard, linkPlaying: () => boolean, inProgress: () => boolean, changed: () => void}} deps
 */
export function createSettings({ board, linkPlaying, inProgress, changed }) {
  /** @type {Values} */
  const values = { ...DEFAULT_SETTINGS };

  /** Fills a "You play" menu with the side names of the game on the board. */
  function nameSides(select) {
    const [first, second] = board.sides;
    select.options[0].textContent = `${sideLabel(first)} (moves first)`;
    select.options[1].textContent = sideLabel(second);
  }

  /** Puts mode, side and level on the board and in the form. */
  function apply() {
    if (linkPlaying()) return; // a game by link sets the board itself
    const sides = board.sides;
    $('game').value = currentGame(board);
    $('mode').value = values.mode;
    $('side').value = values.side;
    $('level').value = String(values.level);
    labelLevelMenu($('level'), currentGame(board));
    $('animation').checked = values.animation;
    board.setAttribute('animation', values.animation ? 'on' : 'off');
    nameSides($('side'));
    $('side-label').hidden = values.mode !== 'ai';
    $('level-label').hidden = values.mode === 'hotseat';
    const human = values.side === 'first' ? sides[0] : sides[1];
    board.setAttribute('ai', aiFor(values, sides));
    board.setAttribute('level', String(values.level));
    board.setAttribute('orientation', values.mode === 'ai' ? human : sides[0]);
  }

  /** Against the AI mid-game, a change that makes the AI move at once is said first.
   * @param {string} id */
  async function settingChanged(id) {
    const next = { ...values, [id]: id === 'level' ? Number($(id).value) : id === 'animation' ? $(id).checked : $(id).value };
    const sides = board.sides;
    const ai = aiFor(next, sides);
    const aiMovesNow = inProgress() && (ai === 'both' || ai === board.sideToMove) && ai !== aiFor(values, sides);
    if (aiMovesNow) {
      const who = ai === 'both' ? 'The AI will play both sides' : `The AI will play ${sideLabel(ai)}`;
      const ok = await ask({
        text: `${who} and move now, from the current position.`,
        yes: 'Let the AI move',
        no: 'Cancel',
      });
      if (!ok) {
        apply();
        return;
      }
    }
    Object.assign(values, next);
    apply();
    changed();
  }
  for (const id of ['mode', 'side', 'level', 'animation']) $(id).addEventListener('change', () => settingChanged(id));
  // The AI measured this device: the level menus of that game say which
  // levels are too slow for it (the shared game's menu once its dialog is in
  // the page; it is labelled again when the dialog opens).
  board.addEventListener('device', (e) => {
    const { game } = /** @type {CustomEvent<import('../types/widget.js').SowingDeviceDetail>} */ (e).detail;
    for (const id of ['level', 'link-level']) if ($(id)?.dataset.game === game) labelLevelMenu($(id), game);
  });

  return {
    values,
    apply,
    /** The side the player plays against the AI. */
    humanSide: () => board.sides[values.side === 'first' ? 0 : 1],
    /** Takes the settings of a save or of the player's choice. @param {Partial<Values>} next */
    set: (next) => {
      Object.assign(values, next);
    },
  };
}

/** @typedef {ReturnType<typeof createSettings>} Settings */
