// Games in and out of the page: share links (`#g=...`, fragment.js) opened
// after a question, games by link handed to link-play.js, and the Share
// dialog (the game as text and as a link, copy, load a text).
import { $ } from '../dom.js';
import { loadEngine } from '../engine.js';
import { readRules } from '../board/options.js';
import { isLinkFragment } from '../link/codec.js';
import { ask } from './ask.js';
import { fromFragment, toFragment } from './fragment.js';
import { currentGame, labelLevelMenu } from './settings.js';
import { gameLabel, movesText, plainError, sideLabel } from './words.js';

/** @typedef {import('../board/element.js').SowingBoard} SowingBoard */

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

/**
 * `linkPlay()`: games by link once loaded (else null), `loadLinkPlay()` loads them.
 * @param {{board: SowingBoard, settings: import('./settings.js').Settings,
 *   persistence: ReturnType<typeof import('./persistence.js').createPersistence>,
 *   linkPlay: () => import('./link-play.js').LinkPlay | null,
 *   loadLinkPlay: () => Promise<import('./link-play.js').LinkPlay>, inProgress: () => boolean,
 *   notice: (text: string) => void, renderState: () => void}} deps
 */
export function createSharing({ board, settings, persistence, linkPlay, loadLinkPlay, inProgress, notice, renderState }) {
  /** A share link is opened: say what it holds and let the player choose how to play it.
   * @param {string} hash */
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
      ? `Opening it replaces your game in progress (${gameLabel(currentGame(board))}, ${movesText(board.ply)}). Keep it to go on with your own game.`
      : '';
    $('link-warning').hidden = !inProgress();
    // A visitor with no game of their own has none to keep.
    $('link-keep').textContent = board.ply > 0 ? 'Keep my game' : 'Not now';
    $('link-mode').value = settings.values.mode;
    $('link-level').value = String(settings.values.level);
    labelLevelMenu($('link-level'), info.game);
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
    const link = linkPlay();
    if (link?.active) await link.leave();
    settings.set({ mode: $('link-mode').value, side: side.value, level: Number($('link-level').value) });
    if (persistence.loadGame(shared, 'The shared game')) persistence.save();
    renderState();
  }

  /** A link in the address: a game by link, or a shared game. @param {string} hash */
  async function openHash(hash) {
    if (!isLinkFragment(hash)) return openShared(hash);
    history.replaceState(null, '', location.pathname + location.search);
    await (await loadLinkPlay()).open(hash);
    renderState();
  }

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

  /** @param {string} text @param {HTMLInputElement | HTMLTextAreaElement} field */
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
    if (
      inProgress() &&
      !(await ask({
        text: `Load this game? The game in progress (${movesText(board.ply)}) will be lost.`,
        yes: 'Load it',
        no: 'Keep playing',
      }))
    )
      return;
    try {
      board.importText(text);
      settings.apply();
      $('export-dialog').close();
    } catch (err) {
      error.textContent = `This game could not be loaded: ${plainError(err)}`;
      error.hidden = false;
    }
  });

  return { openHash };
}
