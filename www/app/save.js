// The current game, saved in localStorage and restored on reload. The format
// is versioned and every field is checked, so a corrupt or foreign save is
// refused as a whole (never half-loaded).

const KEY = 'sowboard.save';
const VERSION = 1;
const MODES = ['ai', 'hotseat', 'demo'];
const GAMES = ['intermedium', 'cash-in-hand'];

export function saveGame(state) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: VERSION, ...state }));
  } catch {
    // Storage full or disabled (private mode): the game simply is not saved.
  }
}

/** {state} with a checked save, {error} for a bad one, {} when there is none. */
export function loadSave() {
  let text;
  try { text = localStorage.getItem(KEY); } catch { return {}; }
  if (text == null) return {};
  try {
    return { state: validate(JSON.parse(text)) };
  } catch (err) {
    return { error: /** @type {Error} */ (err).message };
  }
}

export function clearSave() {
  try { localStorage.removeItem(KEY); } catch { /* nothing to do */ }
}

function validate(s) {
  const fail = (what) => { throw new Error(`the saved game is damaged (${what})`); };
  if (!s || typeof s !== 'object' || Array.isArray(s)) fail('not an object');
  if (s.version !== VERSION) fail(`unknown version ${JSON.stringify(s.version)}`);
  if (!GAMES.includes(s.game)) fail('game');
  if (typeof s.position !== 'string' || s.position.length > 2000) fail('position');
  if (!Array.isArray(s.moves) || s.moves.length > 100_000 || !s.moves.every((m) => typeof m === 'string' && m.length < 4096)) fail('moves');
  if (!MODES.includes(s.mode)) fail('mode');
  if (!['first', 'second'].includes(s.side)) fail('side');
  if (!Number.isInteger(s.level) || s.level < 1 || s.level > 5) fail('level');
  // `animation` came later in version 1: absent means on.
  if (s.animation !== undefined && typeof s.animation !== 'boolean') fail('animation');
  return { game: s.game, position: s.position, moves: s.moves, mode: s.mode, side: s.side, level: s.level, animation: s.animation ?? true };
}
