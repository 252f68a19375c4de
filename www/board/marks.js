// What to mark on the board (legal choices, the move so far, the last move,
// captures, the hint, the keyboard cursor, a captured city), from plain
// data. `render.js` draws these marks; nothing here decides what is legal.

/** @typedef {import('../pkg/sowboard.js').MoveInfo} MoveInfo */
/** @typedef {import('../pkg/sowboard.js').BuildState} BuildState */
/** @typedef {{cell: string, count: number}} Drop */

/**
 * The counts of a move worth writing on the board: the pick-up and each
 * drop. When every drop is a single stone the path alone says it all (and
 * the whole cash is always spent), so nothing is written.
 * @param {MoveInfo} info
 * @returns {{pickUp: Drop | null, drops: Drop[]}}
 */
export function moveCounts(info) {
  if (info.path.every((d) => d.count === 1)) return { pickUp: null, drops: [] };
  return { pickUp: { cell: info.origin, count: info.count }, drops: info.path };
}

/**
 * focus: the cursor cell or null; frame: the animation frame on show or null;
 * last: the MoveInfo of the move on show or null; build: the BuildState when
 * the person to move may choose, else null; pending: {cell} awaiting a number;
 * hint: the hinted move (MoveInfo) or null; lostCity: a captured city's cell.
 * @param {{focus: string | null, frame: any, last: MoveInfo | null, build: BuildState | null,
 *   pending: {cell: string} | null, hint: MoveInfo | null, lostCity?: string | null, count?: number | null,
 *   placingMore?: string | null}} view
 * count: the pick-up count on the stepper (stage count), shown on the stack;
 * placingMore: the stack last given captured stones, while it takes more.
 */
export function marksFor({ focus, frame, last, build, pending, hint, lostCity = null, count = null, placingMore = null }) {
  if (frame) return { lastPath: frame.path, hand: frame.hand, captured: frame.captured ?? [], focus };
  /** @type {Record<string, any>} */
  const marks = {
    focus,
    lastPath: last ? [last.origin, ...last.path.map((d) => d.cell)] : [],
    captured: last ? last.captured : [],
    placed: last ? last.placements : [],
    lastDrops: last ? moveCounts(last).drops : [],
    lastPickUp: last ? moveCounts(last).pickUp : null,
    lostCity,
  };
  if (hint) {
    // The hint in full, as the last move is drawn: path, counts, captures
    // and where captured stones go back.
    const counts = moveCounts(hint);
    Object.assign(marks, {
      hint: [hint.origin, ...hint.path.map((d) => d.cell)],
      hintPickUp: counts.pickUp,
      hintDrops: counts.drops,
      hintCaptured: hint.captured,
      hintPlaced: hint.placements,
      // The last move's marks would mix with the hint's.
      lastPath: [],
      captured: [],
      placed: [],
      lastDrops: [],
      lastPickUp: null,
    });
  }
  if (!build) return marks;
  if (build.origin) {
    // A move under way replaces the last move on the board.
    Object.assign(marks, {
      selected: build.origin,
      path: [build.origin, ...build.path.map((d) => d.cell)],
      pathDrops: build.path.some((d) => d.count !== 1) ? build.path : [],
      lastPath: [],
      captured: build.captured,
      placed: [],
      lastDrops: [],
      lastPickUp: null,
    });
  }
  if (build.stage === 'count' && build.origin && count) marks.lastPickUp = { cell: build.origin, count };
  if (build.stage === 'step' && build.origin) {
    // The stones in hand ride with the sowing: on the last cell reached.
    marks.hand = build.path.length ? build.path[build.path.length - 1].cell : build.origin;
    marks.handCount = { cell: marks.hand, count: build.cash };
  }
  if (build.stage === 'origin') marks.origins = build.origins;
  if (build.stage === 'step') marks.targets = build.steps.map((s) => s.cell);
  // A stack given captured stones keeps its mark while it takes more.
  if (build.stage === 'place')
    marks.places = placingMore && !build.places.includes(placingMore) ? [...build.places, placingMore] : build.places;
  if (pending) marks.pending = pending.cell;
  return marks;
}
