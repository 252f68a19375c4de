// A game as text (export/import) and as a URL fragment (share links).
// Only the shape is checked here; the engine checks the position and moves
// when the board loads them.

const MAX_TEXT = 200_000;

/** Start position on the first line, then one move per line. */
export function gameToText({ position, moves }) {
  return [position, ...moves].join('\n') + '\n';
}

/** Reads text made by gameToText (moves may also be separated by `;`). */
export function textToGame(text) {
  if (typeof text !== 'string' || text.length > MAX_TEXT) throw new Error('the text is too long to be a game');
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  if (!lines.length) throw new Error('paste a game: a position string on the first line, then the moves');
  const [position, ...rest] = lines;
  const moves = rest.flatMap((l) => l.split(';')).map((m) => m.trim()).filter(Boolean);
  return { position, moves };
}

/** `#p=<position>&m=<move;move;...>` */
export function toFragment({ position, moves }) {
  const params = new URLSearchParams({ p: position });
  if (moves.length) params.set('m', moves.join(';'));
  return `#${params}`;
}

/** The game in a fragment, or null when the fragment holds none. */
export function fromFragment(hash) {
  if (!hash || hash.length < 4 || hash.length > MAX_TEXT) return null;
  const params = new URLSearchParams(hash.slice(1));
  const position = params.get('p');
  if (!position) return null;
  const moves = (params.get('m') ?? '').split(';').map((m) => m.trim()).filter(Boolean);
  return { position, moves };
}
