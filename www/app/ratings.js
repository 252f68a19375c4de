// Approximate strength of each AI level, per game, shown in the level menus.
// Measured by `tools/ladder.sh` (docs/ai/ladder.md): level
// 1 plays the `greedy` reference agent and each level the one below it, and
// the ratings are the chained Elo differences of those match scores,
// anchored on greedy = 1000. `null`: not measured yet (no number is shown).
// Update them from a new ladder run when a level changes.

import { LEVELS } from '../board/options.js';

/** @type {Record<string, (number | null)[]>} ratings of levels 1-8 by game name */
export const LEVEL_RATINGS = {
  intermedium: [873, 1096, 1337, 1578, 1819, 1966, 2073, 2221],
  'cash-in-hand': [853, 1007, 1198, 1352, 1432, 1569, 1797, 1905],
};

/** "3 ≈1500" for a level menu (short: it fits a phone's half-width menu). */
export function levelText(game, level) {
  const rating = LEVEL_RATINGS[game]?.[level - 1];
  const words = level === 1 ? ' (easiest)' : level === LEVELS ? ' (strongest)' : '';
  return rating ? `${level}${words} ≈${rating}` : `${level}${words}`;
}

/** Labels the options of a level `select` (values 1-8) for `game`. */
export function labelLevels(select, game) {
  for (const option of select.options) option.textContent = levelText(game, Number(option.value));
  select.title = 'Approximate ratings, measured in AI matches (greedy play = 1000; 200 more wins about 3 games in 4)';
}
