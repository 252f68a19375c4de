// Board geometry on screen: where each cell is drawn, which cell a point hits.
// Cells are named algebraically (files a.. from the left, ranks 1.. from the
// bottom); `flipped` turns the board so the second player sits at the bottom.

export const cellName = (file, rank) => String.fromCharCode(97 + file) + (rank + 1);

/** `c4` -> {file: 2, rank: 3}; null for anything else. */
export function parseCell(name) {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(String(name).toLowerCase());
  return m ? { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]) - 1 } : null;
}

/** A cell named by the engine: `parseCell`, which cannot fail here.
 * @param {string} name @returns {{file: number, rank: number}} */
export function cellOf(name) {
  const c = parseCell(name);
  if (!c) throw new Error(`not a cell: ${name}`);
  return c;
}

/** Layout for a board of `files` x `ranks` in a box `width` CSS pixels wide
 * (and at most `maxHeight` tall). */
export function makeLayout({ files, ranks, width, maxHeight = Infinity, coordinates = true, flipped = false }) {
  // Room for coordinates on the left and bottom edges.
  const marginFactor = coordinates ? 0.55 : 0.08;
  const byWidth = width / (files + marginFactor + 0.08);
  const byHeight = maxHeight / (ranks + marginFactor + 0.08);
  const cell = Math.max(8, Math.floor(Math.min(byWidth, byHeight) * 4) / 4);
  const left = Math.round(cell * marginFactor);
  const top = Math.round(cell * 0.08);
  const boardW = cell * files,
    boardH = cell * ranks;
  const totalW = left + boardW + Math.round(cell * 0.08);
  const totalH = top + boardH + (coordinates ? Math.round(cell * 0.5) : Math.round(cell * 0.08));
  const col = (file) => (flipped ? files - 1 - file : file);
  const row = (rank) => (flipped ? rank : ranks - 1 - rank);
  return {
    files,
    ranks,
    cell,
    left,
    top,
    boardW,
    boardH,
    totalW,
    totalH,
    flipped,
    coordinates,
    /** Top-left corner of a cell, in CSS pixels. */
    origin(file, rank) {
      return { x: left + col(file) * cell, y: top + row(rank) * cell };
    },
    center(file, rank) {
      const o = this.origin(file, rank);
      return { x: o.x + cell / 2, y: o.y + cell / 2 };
    },
    /** The cell under a point, or null off the board. With `inner`, only
     * the middle of a cell (a circle 0.8 cell wide) counts: a drag across a
     * corner does not enter the cells on either side. */
    hit(x, y, inner = false) {
      const c = Math.floor((x - left) / cell),
        r = Math.floor((y - top) / cell);
      if (c < 0 || r < 0 || c >= files || r >= ranks) return null;
      if (inner && Math.hypot(x - left - (c + 0.5) * cell, y - top - (r + 0.5) * cell) > cell * 0.4) return null;
      return { file: flipped ? files - 1 - c : c, rank: flipped ? r : ranks - 1 - r };
    },
  };
}

/** The least width kept for the prompt and the buttons beside the board (CSS px). */
export const SIDE_COLUMN = 184;
/** The height kept under the board for the prompt and two rows of buttons (CSS px at 16 px a rem). */
export const BELOW_ROOM = 136;

/**
 * Where the controls go and the layout of the board, for a box `width` wide
 * whose board may be at most `maxHeight` tall: `controls` is `side` (the
 * host's or the window's choice) only while the board is no smaller beside
 * the controls than above them (under the board, `BELOW_ROOM` of the
 * height is theirs); else `below`.
 * @param {{files: number, ranks: number, width: number, maxHeight?: number, controls?: string,
 *   coordinates?: boolean, flipped?: boolean, rem?: number}} box
 */
export function fitBoard({ controls = 'below', width, maxHeight = Infinity, rem = 16, ...rest }) {
  if (controls !== 'side') return { side: false, layout: makeLayout({ ...rest, width, maxHeight }) };
  const side = makeLayout({ ...rest, width: Math.max(0, width - (SIDE_COLUMN * rem) / 16), maxHeight });
  const below = makeLayout({ ...rest, width, maxHeight: maxHeight - (BELOW_ROOM * rem) / 16 });
  return side.cell >= below.cell ? { side: true, layout: side } : { side: false, layout: below };
}
