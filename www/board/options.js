// Every attribute of <sowing-board> in one table: its default and how its
// text is read. The element reads attributes only through `readOptions`.
// Side names come from the engine's `sides()` of the game on show, never
// from a list here.

/** The words that switch a flag off (`animation="off"`, `coordinates="no"`...). */
const OFF = /^(off|false|0|no)$/i;

/** @param {string | null} v @param {boolean} fallback */
export const flag = (v, fallback) => (v == null || v === '' ? fallback : !OFF.test(v.trim()));

/** The error thrown by the element's methods until the engine is loaded. */
export function notReady() {
  const err = /** @type {Error & {code: string}} */ (new Error('the board is not ready yet (wait for the ready event)'));
  err.code = 'not-ready';
  return err;
}

/** An error's code and message, for an `error` event.
 * @param {any} err @returns {{code: string, message: string}} */
export const errorDetail = (err) => ({ code: err?.code ?? 'bad-argument', message: err?.message ?? String(err) });

/** AI levels, 1 (easiest) to this (strongest): the engine's `sowboard::ai::LEVELS`
 * (its `aiLevels()`; tests/browser/wasm-api.test.mjs checks they agree). */
export const LEVELS = 8;

/** A level attribute's value as a level, or null when it names none. */
function levelOf(text) {
  const t = text.trim();
  return /^[1-9]$/.test(t) && Number(t) <= LEVELS ? Number(t) : null;
}

/** Per-level deadline (ms) when `ai-time` is not set. Levels are bounded by
 * node budgets; this is a safety net for the rare positions where a level
 * would think for many seconds in wasm (levels 7-8 in deep middle games, and
 * every level on hostile set-ups such as a board full of tall stacks, where
 * scoring each move statically takes minutes: `sowboard bench --hostile`). */
export const SAFETY_DEADLINE_MS = /** @type {Record<number, number>} */ ({
  1: 4000,
  2: 4000,
  3: 5000,
  4: 5000,
  5: 5000,
  6: 5000,
  7: 8000,
  8: 8000,
});

/** Attributes that make up the game record: a change reloads the game. */
export const RECORD_ATTRIBUTES = /** @type {const} */ (['game', 'position', 'moves', 'first-move-rule', 'quiet-limit', 'repetition-draw']);
/** Attributes about how the game is played and shown. */
export const VIEW_ATTRIBUTES = /** @type {const} */ ([
  'ai',
  'level',
  'readonly',
  'animation',
  'animation-speed',
  'coordinates',
  'orientation',
  'ai-time',
  'player',
  'analysis',
  'analysis-level',
  'theme',
]);
/** Whether a change of attribute `name` reloads the game. @param {string} name */
export const isRecordAttribute = (name) => /** @type {readonly string[]} */ (RECORD_ATTRIBUTES).includes(name);

/**
 * @typedef {object} Options
 * @property {string} game
 * @property {string[]} aiSides  the sides the AI plays (names from the engine)
 * @property {number} level  1-8
 * @property {number} analysisLevel  1-8: the `analysis` bar's search (`analysis-level`, else `level`)
 * @property {boolean} readonly
 * @property {boolean} animation
 * @property {number} msPerFrame
 * @property {boolean} coordinates
 * @property {boolean} flipped  the second side at the bottom
 * @property {number | undefined} budgetMs  the AI's time limit, if any
 * @property {boolean} timeGiven  whether `ai-time` set it (else the level's safety deadline)
 * @property {string | null} player  the only side the person at this board may move (a game by link)
 * @property {import('../pkg/sowboard.js').RuleOptions} rules
 * @property {string[]} problems  unusable values, in words (reported as errors)
 */

/**
 * Reads every attribute. `sides`: the engine's side names for the game on show.
 * @param {(name: string) => string | null} get
 * @param {string[]} sides
 * @returns {Options}
 */
export function readOptions(get, sides) {
  /** @type {string[]} */
  const problems = [];
  const aiText = (get('ai') ?? 'none').trim().toLowerCase();
  /** @type {string[]} */
  let aiSides = [];
  if (aiText === 'both') aiSides = [...sides];
  else if (sides.includes(aiText)) aiSides = [aiText];
  else if (aiText !== 'none' && aiText !== '') {
    problems.push(`ai="${get('ai')}" is not a side (use ${sides.join(', ')}, both or none)`);
  }
  const themeText = get('theme');
  if (themeText != null && !/^(light|dark|auto|)$/i.test(themeText.trim())) {
    problems.push(`theme="${themeText}" is not light, dark or auto; following the system's colours`);
  }
  const levelText = get('level');
  let level = 3;
  if (levelText != null) {
    const n = levelOf(levelText);
    if (n) level = n;
    else problems.push(`level="${levelText}" is not a level from 1 to ${LEVELS}; playing at level 3`);
  }
  const analysisText = get('analysis-level');
  let analysisLevel = level;
  if (analysisText != null) {
    const n = levelOf(analysisText);
    if (n) analysisLevel = n;
    else problems.push(`analysis-level="${analysisText}" is not a level from 1 to ${LEVELS}; analysing at level ${level}`);
  }
  // From a site's attribute: bounded, so that no value can freeze the board
  // mid-animation (Infinity, 1e9) or make it misbehave (negative, NaN).
  const speed = Number(get('animation-speed'));
  const orientation = (get('orientation') ?? '').trim().toLowerCase();
  const time = Number(get('ai-time'));
  const playerText = (get('player') ?? '').trim().toLowerCase();
  const givenTime = Number.isFinite(time) && time >= 1 ? Math.round(time) : undefined;
  return {
    game: get('game') || 'intermedium',
    aiSides,
    level,
    analysisLevel,
    readonly: get('readonly') != null,
    animation: flag(get('animation'), true),
    msPerFrame: Number.isFinite(speed) && speed > 0 ? Math.min(speed, 2000) : 160,
    coordinates: flag(get('coordinates'), true),
    flipped: orientation === sides[1] || orientation === 'second',
    budgetMs: givenTime ?? SAFETY_DEADLINE_MS[level],
    timeGiven: givenTime !== undefined,
    player: sides.includes(playerText) ? playerText : null,
    rules: readRules(get),
    problems,
  };
}

/**
 * The rule options given as attributes (absent ones keep the engine's defaults).
 * @param {(name: string) => string | null} get
 * @returns {import('../pkg/sowboard.js').RuleOptions}
 */
export function readRules(get) {
  /** @type {import('../pkg/sowboard.js').RuleOptions} */
  const rules = {};
  const fmr = get('first-move-rule'),
    rep = get('repetition-draw'),
    quiet = get('quiet-limit');
  if (fmr != null) rules.firstMoveRule = flag(fmr, true);
  if (rep != null) rules.repetitionDraw = flag(rep, true);
  if (quiet != null && quiet !== '') rules.quietLimit = Number(quiet);
  return rules;
}

/** The rule attributes, in the order of `RuleOptions`' keys below. */
const RULE_NAMES = /** @type {const} */ ([
  ['first-move-rule', 'firstMoveRule'],
  ['repetition-draw', 'repetitionDraw'],
  ['quiet-limit', 'quietLimit'],
]);

/**
 * Sets a board's rule attributes to `rules` (absent keys: the attribute is
 * removed, so the engine's default holds). Only attributes whose value
 * changes are touched: each change reloads the board's record.
 * @param {HTMLElement} el @param {import('../pkg/sowboard.js').RuleOptions} rules
 */
export function setRuleAttributes(el, rules) {
  for (const [attr, key] of RULE_NAMES) {
    const v = rules[key];
    const text = v === undefined ? null : typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v);
    if (el.getAttribute(attr) === text) continue;
    if (text === null) el.removeAttribute(attr);
    else el.setAttribute(attr, text);
  }
}
