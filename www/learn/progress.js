// Lesson and puzzle progress, saved in localStorage under one key. Storage
// may refuse (private mode, full): progress is then kept for this visit only
// and the page says so once.

import { START_RATING } from './rating.js';

const KEY = 'sowboard-learn-v1';

/**
 * Per game: the streak of puzzles solved on the first try, its best, the
 * puzzle rating and how many puzzles it counts.
 * @typedef {{streak: number, best: number, rating: number, played: number}} GameScore
 * @typedef {{lessons: Record<string, number>, solved: string[], failed: string[], rated: string[],
 *   games: Record<string, GameScore>, puzzleAt: Record<string, number>, lessonAt: Record<string, number>}} Progress
 */

/** The games whose scores are kept. */
export const GAMES = ['intermedium', 'cash-in-hand'];

/** @returns {GameScore} */
function freshScore() {
  return { streak: 0, best: 0, rating: START_RATING, played: 0 };
}

/** @returns {Progress} */
function empty() {
  return {
    lessons: {},
    solved: [],
    failed: [],
    rated: [],
    games: Object.fromEntries(GAMES.map((g) => [g, freshScore()])),
    puzzleAt: {},
    lessonAt: {},
  };
}

const count = (/** @type {unknown} */ n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0;

/** The saved progress, checked field by field (a damaged save starts afresh). */
export function loadProgress() {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return { progress: empty(), problem: null };
    const v = JSON.parse(raw);
    const p = empty();
    if (v && typeof v === 'object') {
      if (v.lessons && typeof v.lessons === 'object') {
        for (const [k, n] of Object.entries(v.lessons)) if (Number.isInteger(n) && n >= 0) p.lessons[k] = n;
      }
      for (const f of /** @type {const} */ (['solved', 'failed', 'rated'])) {
        if (Array.isArray(v[f])) p[f] = v[f].filter((x) => typeof x === 'string');
      }
      // A save without per-game scores holds one streak and best shared by
      // both games: they are kept for Intermedium, the game the page opens on.
      if (!v.games && count(v.streak) && count(v.best)) Object.assign(p.games.intermedium, { streak: v.streak, best: v.best });
      for (const g of GAMES) {
        const s = v.games?.[g];
        if (!s || typeof s !== 'object') continue;
        for (const f of /** @type {const} */ (['streak', 'best', 'played'])) if (count(s[f])) p.games[g][f] = s[f];
        if (Number.isFinite(s.rating) && s.rating > 0 && s.rating < 4000) p.games[g].rating = Math.round(s.rating);
      }
      for (const f of /** @type {const} */ (['puzzleAt', 'lessonAt'])) {
        if (v[f] && typeof v[f] === 'object') {
          for (const [k, n] of Object.entries(v[f])) if (Number.isInteger(n) && n >= 0) p[f][k] = n;
        }
      }
    }
    return { progress: p, problem: null };
  } catch (err) {
    return { progress: empty(), problem: /** @type {Error} */ (err).message ?? String(err) };
  }
}

/** Saves; returns null or the reason it could not. @param {Progress} p */
export function saveProgress(p) {
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
    return null;
  } catch (err) {
    return /** @type {Error} */ (err).message ?? String(err);
  }
}
