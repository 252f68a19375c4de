// A player's strength from their results against opponents of known rating
// (the AI levels, www/app/ratings.js), on the same Elo scale as those
// ratings. docs/history.md explains the method and its choices.
//
// Each game is a score s (1 win, ½ draw, 0 loss) against an opponent rated
// R. Under the Elo logistic a player rated r scores p(r) = 1 / (1 + 10^((R -
// r) / 400)) on average. The estimate is the r that makes the results most
// likely (maximum likelihood); the interval holds every r whose likelihood is
// within a factor e^1.92 of the best (the 95% likelihood-ratio interval: for
// many games it is the estimate ± 1.96 standard errors, the standard error
// coming from the likelihood's curvature). A clean sweep (all wins or all
// losses) has no finite estimate: only the one bound the results support.

/** Counted games a rating needs to be shown (docs/history.md says why). */
export const MIN_GAMES = 10;
/** The latest counted games the estimate uses: strength changes, old games say less. */
export const RECENT_GAMES = 50;
/** Half of the chi-square(1) 95% quantile: the likelihood-ratio interval's drop. */
const DROP = 3.841 / 2;
const K = Math.LN10 / 400;

/** @typedef {{rating: number, score: number}} Result  score 1, 0.5 or 0 against an opponent of `rating` */

/** The expected score of a player rated `r` against one rated `opponent`. */
export const expected = (r, opponent) => 1 / (1 + 10 ** ((opponent - r) / 400));

/** The log-likelihood of the results for a player rated `r`. @param {number} r @param {Result[]} results */
export function logLikelihood(r, results) {
  let sum = 0;
  for (const { rating, score } of results) {
    const p = expected(r, rating);
    sum += score * Math.log(p) + (1 - score) * Math.log(1 - p);
  }
  return sum;
}

/** Its slope in r (falls as r grows: the likelihood is concave). */
function slope(r, results) {
  let sum = 0;
  for (const { rating, score } of results) sum += score - expected(r, rating);
  return K * sum;
}

/** The x in [lo, hi] where the decreasing (or increasing, `up`) f crosses zero, by bisection. */
function root(f, lo, hi, up = false) {
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0 !== up) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The estimate from `results`.
 * @param {Result[]} results
 * @returns {{games: number, score: number, rating: number | null, low: number | null, high: number | null, se: number | null}}
 *   rating: the maximum-likelihood estimate (null after a clean sweep);
 *   low/high: the 95% likelihood-ratio interval (one of them null after a clean sweep, both with no games);
 *   se: the standard error from the curvature at the estimate.
 */
export function estimate(results) {
  const games = results.length;
  const score = results.reduce((s, g) => s + g.score, 0);
  if (!games) return { games, score, rating: null, low: null, high: null, se: null };
  const ratings = results.map((g) => g.rating);
  // Far enough out that p(r) is all but 0 or 1 against every opponent.
  const lo = Math.min(...ratings) - 2000,
    hi = Math.max(...ratings) + 2000;
  if (score === games || score === 0) {
    // A clean sweep: the likelihood only grows (wins) or falls (losses) with r.
    const best = 0; // its limit: every result certain
    const bound = root((r) => logLikelihood(r, results) - (best - DROP), lo, hi, score === games);
    return score === games
      ? { games, score, rating: null, low: bound, high: null, se: null }
      : { games, score, rating: null, low: null, high: bound, se: null };
  }
  const rating = root((r) => slope(r, results), lo, hi);
  const top = logLikelihood(rating, results);
  const within = (r) => logLikelihood(r, results) - (top - DROP);
  const low = root(within, lo, rating, true);
  const high = root(within, rating, hi);
  let information = 0;
  for (const g of results) {
    const p = expected(rating, g.rating);
    information += K * K * p * (1 - p);
  }
  return { games, score, rating, low, high, se: 1 / Math.sqrt(information) };
}

/** The rounding step that claims no more than the interval supports. @param {number} halfWidth */
export function roundingStep(halfWidth) {
  return halfWidth >= 100 ? 50 : halfWidth >= 40 ? 25 : 10;
}

const round = (x, step) => Math.round(x / step) * step;

/**
 * The estimate in words, rounded to what the data supports, or null when
 * there are too few games to show one.
 * @param {ReturnType<typeof estimate>} e
 */
export function ratingText(e) {
  if (e.games < MIN_GAMES) return null;
  if (e.rating == null) {
    if (e.low != null)
      return { headline: `above ${round(e.low, 50)}`, detail: `you won every counted game: at least ${round(e.low, 50)} (95% confidence)` };
    return {
      headline: `below ${round(/** @type {number} */ (e.high), 50)}`,
      detail: `you lost every counted game: at most ${round(/** @type {number} */ (e.high), 50)} (95% confidence)`,
    };
  }
  const low = e.low ?? -Infinity;
  const high = e.high ?? Infinity;
  const step = roundingStep((high - low) / 2);
  return {
    headline: `≈${round(e.rating, step)}`,
    detail: `between ${round(low, step)} and ${round(high, step)} (95% confidence)`,
  };
}

/**
 * A level to try next, when the results say so: up when the whole interval
 * lies above the midpoint between the current level's rating and the next
 * one's (the next level is then nearer your strength), down when it lies
 * below the midpoint with the level under it. Works with few games: the
 * interval is then wide and nothing is suggested until the results are clear.
 * @param {ReturnType<typeof estimate>} e
 * @param {number} level  the level of the latest counted game
 * @param {(number | null)[]} ratings  the levels' ratings, level 1 first
 * @returns {{level: number, direction: 'up' | 'down'} | null}
 */
export function suggestLevel(e, level, ratings) {
  const here = ratings[level - 1];
  if (here == null || !e.games) return null;
  const above = ratings[level],
    below = ratings[level - 2];
  if (above != null && e.low != null && e.low > (here + above) / 2) return { level: level + 1, direction: 'up' };
  if (below != null && e.high != null && e.high < (here + below) / 2) return { level: level - 1, direction: 'down' };
  return null;
}
