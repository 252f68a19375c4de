// A game as a URL fragment (share links). Only the shape is read here; the
// engine checks the position and the moves when the board loads them.
// (Export/import as text is the engine's own record format: Game.exportText.)

const MAX_TEXT = 200_000;

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
