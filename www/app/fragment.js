// A game as a URL fragment (share links). Only the shape is read here; the
// engine checks the position and the moves when the board loads them.
// (Export/import as text is the engine's own record format: Game.exportText.)

const MAX_TEXT = 200_000;

/**
 * `#p=<position>&m=<move;move;...>`, then the rule options when given:
 * `fmr=0|1` (first-move rule), `rep=0|1` (repetition draw), `q=<plies>`
 * (quiet-move limit, 0 = off). A link without them means the engine's
 * default rules, as links made without them always do.
 * @param {{position: string, moves: string[], rules?: import('../pkg/sowboard.js').RuleOptions}} game
 */
export function toFragment({ position, moves, rules }) {
  const params = new URLSearchParams({ p: position });
  if (moves.length) params.set('m', moves.join(';'));
  if (rules?.firstMoveRule !== undefined) params.set('fmr', rules.firstMoveRule ? '1' : '0');
  if (rules?.repetitionDraw !== undefined) params.set('rep', rules.repetitionDraw ? '1' : '0');
  if (rules?.quietLimit !== undefined) params.set('q', String(rules.quietLimit));
  return `#${params}`;
}

/**
 * The game in a fragment, or null when the fragment holds none (or a rule
 * option is not written as `toFragment` writes it). The engine checks the
 * values when the game is loaded.
 * @returns {{position: string, moves: string[], rules: import('../pkg/sowboard.js').RuleOptions} | null}
 */
export function fromFragment(hash) {
  if (!hash || hash.length < 4 || hash.length > MAX_TEXT) return null;
  const params = new URLSearchParams(hash.slice(1));
  const position = params.get('p');
  if (!position) return null;
  const moves = (params.get('m') ?? '')
    .split(';')
    .map((m) => m.trim())
    .filter(Boolean);
  /** @type {import('../pkg/sowboard.js').RuleOptions} */
  const rules = {};
  const fmr = params.get('fmr'),
    rep = params.get('rep'),
    q = params.get('q');
  for (const [v, key] of /** @type {const} */ ([
    [fmr, 'firstMoveRule'],
    [rep, 'repetitionDraw'],
  ])) {
    if (v === null) continue;
    if (v !== '0' && v !== '1') return null;
    rules[key] = v === '1';
  }
  if (q !== null) {
    if (!/^\d{1,6}$/.test(q)) return null;
    rules.quietLimit = Number(q);
  }
  return { position, moves, rules };
}
