// A game played by link: what a link holds and its fragment text. The moves
// travel as the engine's move code (src/move_code.rs: each move as the move
// builder's choices), so this file reads only the link's shape; the engine
// replays the moves (`replayLink`) and refuses any that is not legal.
//
// #l=1&id=k3x9q2&g=cash-in-hand&r=1.100.1&m=<code>&s=0[&p=<start>][&n0=..][&n1=..][&e=r|a][&d=<ply>]
//   l   link format version          id  the game's name on both devices
//   g   game                         p   start position, when not the standard one
//   r   rule options: first-move rule (1/0), quiet-ply limit, repetition draw (1/0)
//   m   the move code                s   the side (0 first, 1 second) of who sent it
//   n0, n1  the players' names (optional)
//   e   r: the sender resigns; a: the sender accepts the draw offered at this ply
//   d   the sender offers a draw at this ply

export const LINK_VERSION = 1;
/** Longer fragments are refused without any work (a 100-ply game takes under 1,000). */
export const MAX_LINK = 8192;
export const MAX_NAME = 40;
const GAMES = ['intermedium', 'cash-in-hand'];
const ID = /^[a-z0-9]{6,16}$/;
const CODE = /^[A-Za-z0-9_-]+$/;
const KEYS = new Set(['l', 'id', 'g', 'p', 'r', 'm', 's', 'n0', 'n1', 'e', 'd']);

/**
 * @typedef {{firstMoveRule: boolean, quietLimit: number, repetitionDraw: boolean}} Rules
 * @typedef {object} Link
 * @property {string} id
 * @property {string} game
 * @property {string | null} position  the start, null for the standard one
 * @property {Rules} rules
 * @property {string} code  the moves (engine move code)
 * @property {0 | 1} sender  the side of who sent the link
 * @property {[string, string]} names  by side; '' when not given
 * @property {'resign' | 'agree' | null} end  what the sender did to end the game
 * @property {number | null} drawOffer  the ply at which the sender offers a draw
 */

export const DEFAULT_RULES = Object.freeze({ firstMoveRule: true, quietLimit: 100, repetitionDraw: true });

/** Characters a name may not carry, since they change how the text around
 * it reads: direction overrides and isolates, zero-width and other invisible
 * format characters, line and paragraph separators, controls. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]/gu;

/**
 * A player's name as the page shows it: the characters that could spoof the
 * text around it removed, runs of spaces made one, at most `MAX_NAME` long.
 * @param {string} name
 */
export function cleanName(name) {
  return name.replace(HIDDEN, '').replace(/\s+/gu, ' ').trim().slice(0, MAX_NAME);
}

/** Whether a fragment is a link game (not the plain share link `#p=`). @param {string} hash */
export const isLinkFragment = (hash) => typeof hash === 'string' && /^#l=/.test(hash);

/** A new game's name: random, so two games never share one. */
export function newId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
}

/** The fragment of a link. @param {Link} link */
export function formatLink(link) {
  const { rules } = link;
  /** @type {[string, string][]} */
  const fields = [
    ['l', String(LINK_VERSION)],
    ['id', link.id],
    ['g', link.game],
  ];
  if (link.position) fields.push(['p', link.position]);
  fields.push(['r', `${rules.firstMoveRule ? 1 : 0}.${rules.quietLimit}.${rules.repetitionDraw ? 1 : 0}`]);
  fields.push(['m', link.code], ['s', String(link.sender)]);
  link.names.forEach((name, i) => {
    if (name) fields.push([`n${i}`, name]);
  });
  if (link.end) fields.push(['e', link.end === 'resign' ? 'r' : 'a']);
  if (link.drawOffer != null) fields.push(['d', String(link.drawOffer)]);
  return `#${new URLSearchParams(fields)}`;
}

/**
 * Reads a link fragment's shape (not its moves: see `replayLink`).
 * @param {unknown} hash
 * @returns {{link: Link} | {error: string}}
 */
export function parseLink(hash) {
  if (typeof hash !== 'string' || !isLinkFragment(hash)) return { error: 'it is not a link to a game' };
  if (hash.length > MAX_LINK) return { error: `it is ${hash.length} characters long, more than any game's link (${MAX_LINK})` };
  let params;
  try {
    params = new URLSearchParams(hash.slice(1));
  } catch {
    return { error: 'it cannot be read' };
  }
  /** @type {Map<string, string>} */
  const got = new Map();
  for (const [key, value] of params) {
    if (!KEYS.has(key)) return { error: `it has an unknown part "${key.slice(0, 20)}"` };
    if (got.has(key)) return { error: `it has "${key}" twice` };
    got.set(key, value);
  }
  const version = got.get('l');
  if (version !== String(LINK_VERSION)) {
    return {
      error:
        /^\d+$/.test(version ?? '') && Number(version) > LINK_VERSION
          ? 'it was made by a newer version of this page: reload the page to update it'
          : 'it has no valid version',
    };
  }
  const id = got.get('id') ?? '';
  if (!ID.test(id)) return { error: 'its game name (id) is missing or damaged' };
  const game = got.get('g') ?? '';
  if (!GAMES.includes(game)) return { error: 'it names no game this page knows' };
  const position = got.get('p') ?? null;
  if (position != null && (position.length > 2000 || !position.startsWith(`${game} `))) {
    return { error: 'its start position is damaged or of another game' };
  }
  const r = /^([01])\.(\d{1,6})\.([01])$/.exec(got.get('r') ?? '');
  if (!r) return { error: 'its rule options are missing or damaged' };
  const rules = { firstMoveRule: r[1] === '1', quietLimit: Number(r[2]), repetitionDraw: r[3] === '1' };
  if (rules.quietLimit > 100_000) return { error: 'its rule options are missing or damaged' };
  const code = got.get('m') ?? '';
  if (!CODE.test(code)) return { error: 'its moves are missing or damaged' };
  const s = got.get('s');
  if (s !== '0' && s !== '1') return { error: 'it does not say which side sent it' };
  /** @type {[string, string]} */
  const names = ['', ''];
  for (const i of [0, 1]) {
    const raw = got.get(`n${i}`) ?? '';
    if (raw.length > MAX_NAME) return { error: 'a player name in it is too long or damaged' };
    names[i] = cleanName(raw);
  }
  const e = got.get('e');
  if (e != null && e !== 'r' && e !== 'a') return { error: 'it ends the game in an unknown way' };
  const d = got.get('d');
  if (d != null && !/^\d{1,6}$/.test(d)) return { error: 'its draw offer is damaged' };
  return {
    link: {
      id,
      game,
      position,
      rules,
      code,
      sender: s === '0' ? 0 : 1,
      names,
      end: e === 'r' ? 'resign' : e === 'a' ? 'agree' : null,
      drawOffer: d == null ? null : Number(d),
    },
  };
}

/**
 * Replays a link's moves through the engine.
 * @param {typeof import('../pkg/sowboard.js')} engine
 * @param {Link} link
 * @returns {{position: string, moves: string[]} | {error: string}}
 */
export function replayLink(engine, link) {
  const position = link.position ?? engine.startPosition(link.game);
  let moves;
  try {
    moves = engine.decodeMoves(position, link.code, link.rules);
  } catch (err) {
    const message = /** @type {any} */ (err)?.message ?? String(err);
    return { error: /** @type {any} */ (err)?.code === 'move-code' ? `its moves are damaged: ${message}` : message };
  }
  if (link.drawOffer != null && link.drawOffer !== moves.length) return { error: 'its draw offer is for another move than its last' };
  return { position, moves };
}

/** The link for a game's moves. @param {typeof import('../pkg/sowboard.js')} engine
 * @param {Omit<Link, 'code'> & {moves: string[], position: string}} game */
export function linkFor(engine, game) {
  const standard = engine.startPosition(game.game) === game.position;
  const code = engine.encodeMoves(game.position, game.moves, game.rules);
  return formatLink({ ...game, position: standard ? null : game.position, code });
}
