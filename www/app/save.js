// The current game, saved in localStorage and restored on reload. The format
// is versioned and every field is checked, so a corrupt or foreign save is
// refused as a whole (never half-loaded).
//
// Several tabs share the one save. Each record carries a stamp: the tab that
// wrote it and a save counter. A tab writes only over the record it last
// wrote or read (same stamp); anything else is another tab's newer write,
// and `saveGame` says so instead of overwriting it.

import { LEVELS } from '../board/options.js';

export const KEY = 'sowboard.save';
const VERSION = 1;
const MODES = ['ai', 'hotseat', 'demo'];
const GAMES = ['intermedium', 'cash-in-hand'];
/** A level of the five-level saves (version 0.1.0) as today's, by game: the
 * same players, but for two in Cash in Hand: its old level 4 (the top search
 * on 20 000 nodes) lies between today's 5 and 6, nearer 5, and its old level 1
 * (static scores read with noise 600) is no level today, between today's 2
 * and 3: mapped to 2, the order kept (docs/ai/journal.md, the entries on
 * the eight levels). */
const FIVE_TO_EIGHT = { intermedium: [0, 1, 2, 3, 7, 8], 'cash-in-hand': [0, 2, 3, 4, 5, 8] };

/** This page's name in the stamps it writes (random: two tabs never share one). */
const TAB = Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join('');

/** @typedef {{tab: string, rev: number} | null} Stamp  null: nothing is stored, or an old save without a stamp */

/** The stamp of a stored text (null when there is none or it cannot be read). @returns {Stamp} */
export function stampOf(text) {
  if (text == null) return null;
  try {
    const s = JSON.parse(text);
    return typeof s?.tab === 'string' && Number.isInteger(s.rev) ? { tab: s.tab, rev: s.rev } : null;
  } catch {
    return null;
  }
}

/** @param {Stamp} a @param {Stamp} b */
export const sameStamp = (a, b) => a?.tab === b?.tab && a?.rev === b?.rev;

/** Why storage refused, in words: full, or not allowed at all. */
function refusal(err) {
  const name = /** @type {any} */ (err)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED'
    ? 'its storage is full'
    : 'it does not allow this site to store data';
}

/**
 * Saves `state` over the record stamped `expected` (what this tab last wrote
 * or read). `force` writes over whatever is stored (the player chose to).
 * @returns {{stamp: Stamp} | {conflict: true} | {failed: string}}
 *   stamp: saved, with this new stamp; conflict: another tab saved since,
 *   nothing written; failed: storage refused (the reason in words).
 */
export function saveGame(state, expected, { force = false } = {}) {
  try {
    const stored = stampOf(localStorage.getItem(KEY));
    if (!force && !sameStamp(stored, expected)) return { conflict: true };
    const stamp = { tab: TAB, rev: (stored?.rev ?? 0) + 1 };
    localStorage.setItem(KEY, JSON.stringify({ version: VERSION, levels: LEVELS, ...state, ...stamp }));
    return { stamp };
  } catch (err) {
    // Storage full or disabled (private modes): the game stays in memory only.
    return { failed: refusal(err) };
  }
}

/** Where a save this page cannot read is kept (never deleted: a later
 * version of the page, or a person, may still read it). */
export const DAMAGED_KEY = `${KEY}.damaged`;

/** {state, stamp} with a checked save, {error} for a bad one (kept aside
 * under `DAMAGED_KEY`, the save itself cleared), {} when there is none. */
export function loadSave() {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return {};
  }
  const result = parseSave(text);
  if (result.error) {
    try {
      localStorage.setItem(DAMAGED_KEY, /** @type {string} */ (text));
      localStorage.removeItem(KEY);
    } catch {
      /* storage refused: the save stays where it is */
    }
  }
  return result;
}

/** A stored text (say, another tab's, from a storage event) checked like a save. */
export function parseSave(text) {
  if (text == null) return {};
  try {
    return { state: validate(JSON.parse(text)), stamp: stampOf(text) };
  } catch (err) {
    return { error: /** @type {Error} */ (err).message };
  }
}

export function clearSave() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing to do */
  }
}

function validate(s) {
  const fail = (what) => {
    throw new Error(`the saved game is damaged (${what})`);
  };
  if (!s || typeof s !== 'object' || Array.isArray(s)) fail('not an object');
  if (s.version !== VERSION) fail(`unknown version ${JSON.stringify(s.version)}`);
  if (!GAMES.includes(s.game)) fail('game');
  if (typeof s.position !== 'string' || s.position.length > 2000) fail('position');
  if (!Array.isArray(s.moves) || s.moves.length > 100_000 || !s.moves.every((m) => typeof m === 'string' && m.length < 4096)) fail('moves');
  if (!MODES.includes(s.mode)) fail('mode');
  if (!['first', 'second'].includes(s.side)) fail('side');
  // Saves of the five-level pages have no `levels`: their players
  // are today's `FIVE_TO_EIGHT`.
  if (s.levels !== undefined && s.levels !== LEVELS) fail('levels');
  const top = s.levels === undefined ? 5 : LEVELS;
  if (!Number.isInteger(s.level) || s.level < 1 || s.level > top) fail('level');
  const level = s.levels === undefined ? FIVE_TO_EIGHT[s.game][s.level] : s.level;
  // `animation` came later in version 1: absent means on. So did the stamp
  // (`tab`, `rev`): a save without one is read like any other.
  if (s.animation !== undefined && typeof s.animation !== 'boolean') fail('animation');
  // So did the rule options (absent: the engine's defaults); the engine
  // checks the values when the game is loaded.
  const r = s.rules ?? {};
  if (typeof r !== 'object' || Array.isArray(r)) fail('rules');
  for (const key of Object.keys(r)) {
    const ok =
      key === 'quietLimit'
        ? Number.isInteger(r[key])
        : (key === 'firstMoveRule' || key === 'repetitionDraw') && typeof r[key] === 'boolean';
    if (!ok) fail(`rules.${key}`);
  }
  return {
    game: s.game,
    position: s.position,
    moves: s.moves,
    mode: s.mode,
    side: s.side,
    level,
    animation: s.animation ?? true,
    rules: r,
  };
}

/** Keeps the stored save aside under `DAMAGED_KEY` (one the engine refused
 * to load, say) and clears it, so that a new game can be saved. */
export function setAsideSave() {
  try {
    const text = localStorage.getItem(KEY);
    if (text != null) localStorage.setItem(DAMAGED_KEY, text);
    localStorage.removeItem(KEY);
  } catch {
    /* storage refused: nothing more to do */
  }
}
