// The link games of this browser, in localStorage: one record per game (by
// its id) with the moves as the engine replayed them, which side this
// device plays, the players' names, and how the game ended if not by the
// rules (resigned, or a draw agreed). The format is versioned and every
// field checked; a damaged store is kept aside, never silently dropped.
//
// `compareLink` decides what an incoming link is to the copy here: a new
// game, the same, newer (it extends the copy), older (the copy extends it),
// or a contradiction (a different move at a ply both have), which is
// flagged and never merged.
//
// Nothing is ever dropped to make room: the list holds at most `MAX_GAMES`
// games, and past that a new game is refused until the player removes one.
// Each game holds at most `MAX_PLIES` plies, which bounds the list's size.

import { cleanName } from './codec.js';
import { LINKS_KEY } from './key.js';

export { LINKS_KEY };
const VERSION = 1;
const GAMES = ['intermedium', 'cash-in-hand'];
export const MAX_GAMES = 200;
/** The longest game by link kept: 1,000 plies, a thousand links exchanged
 * (a game between people by link is some tens of moves; the engine's draw
 * rules end most games far sooner). 200 such games are about 3 M characters,
 * within every browser's storage for a site. */
export const MAX_PLIES = 1000;

/**
 * @typedef {import('./codec.js').Rules} Rules
 * @typedef {object} LinkGame
 * @property {string} id
 * @property {string} game
 * @property {string} position  the start position
 * @property {Rules} rules
 * @property {string[]} moves  as the engine replayed them
 * @property {0 | 1} you  the side played on this device
 * @property {[string, string]} names  by side
 * @property {{kind: 'resign', side: 0 | 1} | {kind: 'agree'} | null} end  an end the rules do not decide
 * @property {{ply: number, side: 0 | 1} | null} drawOffer
 * @property {number} updated  time of the last move or link, made or received (ms since 1970)
 * @property {0 | 1} toMove  whose turn it is (from the engine)
 * @property {string | null} result  the engine's result in words, null while the game runs
 * @property {boolean} [conflict]  a contradicting link arrived
 * @property {boolean} [sent]  the link of this device's last move is copied or shared (the move is final)
 */

const isRules = (r) =>
  r &&
  typeof r === 'object' &&
  typeof r.firstMoveRule === 'boolean' &&
  typeof r.repetitionDraw === 'boolean' &&
  Number.isInteger(r.quietLimit) &&
  r.quietLimit >= 0 &&
  r.quietLimit <= 100_000;
const isSide = (s) => s === 0 || s === 1;
const isName = (n) => typeof n === 'string' && n.length <= 40;

/** A stored record checked field by field. @returns {LinkGame} */
function validGame(g) {
  const fail = (what) => {
    throw new Error(`a link game is damaged (${what})`);
  };
  if (!g || typeof g !== 'object' || Array.isArray(g)) fail('not an object');
  if (typeof g.id !== 'string' || !/^[a-z0-9]{6,16}$/.test(g.id)) fail('id');
  if (!GAMES.includes(g.game)) fail('game');
  if (typeof g.position !== 'string' || g.position.length > 2000 || !g.position.startsWith(`${g.game} `)) fail('position');
  if (!isRules(g.rules)) fail('rules');
  if (!Array.isArray(g.moves) || g.moves.length > MAX_PLIES || !g.moves.every((m) => typeof m === 'string' && m.length < 4096))
    fail('moves');
  if (!isSide(g.you)) fail('side');
  if (!Array.isArray(g.names) || g.names.length !== 2 || !g.names.every(isName)) fail('names');
  const end = g.end;
  if (end !== null && !(end?.kind === 'agree' || (end?.kind === 'resign' && isSide(end.side)))) fail('end');
  const offer = g.drawOffer;
  if (offer !== null && !(Number.isInteger(offer?.ply) && offer.ply >= 0 && isSide(offer.side))) fail('draw offer');
  if (!Number.isFinite(g.updated)) fail('time');
  if (!isSide(g.toMove)) fail('turn');
  if (g.result !== null && !(typeof g.result === 'string' && g.result.length < 200)) fail('result');
  return {
    id: g.id,
    game: g.game,
    position: g.position,
    rules: { firstMoveRule: g.rules.firstMoveRule, quietLimit: g.rules.quietLimit, repetitionDraw: g.rules.repetitionDraw },
    moves: [...g.moves],
    you: g.you,
    names: [cleanName(g.names[0]), cleanName(g.names[1])],
    end: end === null ? null : end.kind === 'agree' ? { kind: 'agree' } : { kind: 'resign', side: end.side },
    drawOffer: offer === null ? null : { ply: offer.ply, side: offer.side },
    updated: g.updated,
    toMove: g.toMove,
    result: g.result,
    ...(g.conflict === true ? { conflict: true } : {}),
    ...(g.sent === true ? { sent: true } : {}),
  };
}

/**
 * A stored text checked as a whole.
 * @param {string | null} text
 * @returns {{games: LinkGame[], error?: string}}
 */
export function parseLinks(text) {
  if (text == null) return { games: [] };
  try {
    const s = JSON.parse(text);
    if (!s || typeof s !== 'object' || s.version !== VERSION || !Array.isArray(s.games) || s.games.length > MAX_GAMES) {
      throw new Error('the list of link games is damaged');
    }
    const games = s.games.map(validGame);
    if (new Set(games.map((g) => g.id)).size !== games.length) throw new Error('the list of link games is damaged (an id twice)');
    return { games };
  } catch (err) {
    return { games: [], error: err instanceof SyntaxError ? 'the list of link games is damaged' : /** @type {Error} */ (err).message };
  }
}

/** @returns {{games: LinkGame[], error?: string}} */
export function loadLinks() {
  let text;
  try {
    text = localStorage.getItem(LINKS_KEY);
  } catch {
    return { games: [], error: 'this browser does not allow this site to store data' };
  }
  const result = parseLinks(text);
  if (result.error) {
    // Kept aside (not lost), and the list starts afresh.
    try {
      localStorage.setItem(`${LINKS_KEY}.damaged`, /** @type {string} */ (text));
      localStorage.removeItem(LINKS_KEY);
    } catch {
      /* storage refused: nothing more to do */
    }
  }
  return result;
}

/**
 * Stores one game (replacing the record with its id), reading the list
 * afresh first so that another tab's other games are kept. A new game when
 * the list is full is refused (`full`): no game is ever dropped to make room.
 * @param {LinkGame} game
 * @returns {{ok: true} | {failed: string, full?: true}}
 */
export function putLinkGame(game) {
  try {
    const text = localStorage.getItem(LINKS_KEY);
    const { games, error } = parseLinks(text);
    if (error) localStorage.setItem(`${LINKS_KEY}.damaged`, /** @type {string} */ (text)); // kept, never written over
    const rest = games.filter((g) => g.id !== game.id);
    if (rest.length >= MAX_GAMES) return { failed: `the list of games by link is full (${MAX_GAMES} games): remove one first`, full: true };
    const next = [validGame(game), ...rest].sort((a, b) => b.updated - a.updated);
    localStorage.setItem(LINKS_KEY, JSON.stringify({ version: VERSION, games: next }));
    return { ok: true };
  } catch (err) {
    const name = /** @type {any} */ (err)?.name;
    if (!(err instanceof DOMException)) return { failed: /** @type {Error} */ (err).message };
    return {
      failed: name === 'QuotaExceededError' ? 'the browser’s storage is full' : 'this browser does not allow this site to store data',
    };
  }
}

/** Whether the list has room for one more game. */
export function linksFull() {
  return loadLinks().games.length >= MAX_GAMES;
}

/** Removes one game (the player chose to). @param {string} id */
export function removeLinkGame(id) {
  try {
    const { games, error } = parseLinks(localStorage.getItem(LINKS_KEY));
    if (!error) localStorage.setItem(LINKS_KEY, JSON.stringify({ version: VERSION, games: games.filter((g) => g.id !== id) }));
  } catch {
    /* nothing to do */
  }
}

/** @param {Rules} a @param {Rules} b */
const sameRules = (a, b) => a.firstMoveRule === b.firstMoveRule && a.quietLimit === b.quietLimit && a.repetitionDraw === b.repetitionDraw;

/**
 * What an incoming game (replayed by the engine) is to the copy here.
 * @param {LinkGame | undefined} local
 * @param {{game: string, position: string, rules: Rules, moves: string[]}} incoming
 * @returns {{kind: 'new' | 'same' | 'newer' | 'older'} | {kind: 'other-game'} | {kind: 'conflict', ply: number}}
 *   conflict: `ply` is the first move (1-based) that differs
 */
export function compareLink(local, incoming) {
  if (!local) return { kind: 'new' };
  if (local.game !== incoming.game || local.position !== incoming.position || !sameRules(local.rules, incoming.rules)) {
    return { kind: 'other-game' };
  }
  const common = Math.min(local.moves.length, incoming.moves.length);
  for (let i = 0; i < common; i++) {
    if (local.moves[i] !== incoming.moves[i]) return { kind: 'conflict', ply: i + 1 };
  }
  if (incoming.moves.length === local.moves.length) return { kind: 'same' };
  return { kind: incoming.moves.length > local.moves.length ? 'newer' : 'older' };
}
