// Lesson and puzzle progress, saved in localStorage under one key. Storage
// may refuse (private mode, full): progress is then kept for this visit only
// and the page says so once.

const KEY = 'sowboard-learn-v1';

/**
 * @typedef {{lessons: Record<string, number>, solved: string[], failed: string[], streak: number, best: number,
 *   puzzleAt: Record<string, number>, lessonAt: Record<string, number>}} Progress
 */

/** @returns {Progress} */
function empty() {
  return { lessons: {}, solved: [], failed: [], streak: 0, best: 0, puzzleAt: {}, lessonAt: {} };
}

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
      for (const f of /** @type {const} */ (['solved', 'failed'])) {
        if (Array.isArray(v[f])) p[f] = v[f].filter((x) => typeof x === 'string');
      }
      for (const f of /** @type {const} */ (['streak', 'best'])) if (Number.isInteger(v[f]) && v[f] >= 0) p[f] = v[f];
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
