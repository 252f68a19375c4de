// What to mark on the board (legal choices, the move so far, the last move,
// captures, the hint, the keyboard cursor), from plain data. `render.js`
// draws these marks; nothing here decides what is legal.

/**
 * focus: the cursor cell or null; frame: the animation frame on show or null;
 * last: the MoveInfo of the move on show or null; build: the BuildState when
 * the person to move may choose, else null; pending: {cell} awaiting a number;
 * hint: the hinted path or null.
 */
export function marksFor({ focus, frame, last, build, pending, hint }) {
  if (frame) return { lastPath: frame.path, hand: frame.hand, captured: frame.captured ?? [], focus };
  const marks = {
    focus,
    lastPath: last ? [last.origin, ...last.path.map((d) => d.cell)] : [],
    captured: last ? last.captured : [],
    placed: last ? last.placements : [],
    hint,
  };
  if (!build) return marks;
  if (build.origin) {
    // A move under way replaces the last move on the board.
    Object.assign(marks, {
      selected: build.origin,
      path: [build.origin, ...build.path.map((d) => d.cell)],
      lastPath: [],
      captured: build.captured,
      placed: [],
    });
  }
  if (build.stage === 'origin') marks.origins = build.origins;
  if (build.stage === 'step') marks.targets = build.steps.map((s) => s.cell);
  if (build.stage === 'place') marks.places = build.places;
  if (pending) marks.pending = pending.cell;
  return marks;
}
