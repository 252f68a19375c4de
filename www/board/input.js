// Pointer and keyboard input on the board canvas. A pointer gesture (mouse,
// pen or touch alike) is a press, the cells it is dragged through, and a
// release: `press`, `enter` and `release` receive cell names' coordinates.
// Returns one function that removes every listener it added.

const KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', ' ', 'Backspace', 'Escape']);

/**
 * hit(x, y, inner): the cell under canvas point (x, y), or null; with
 * `inner`, only its middle part counts, so that a drag across a cell's
 * corner does not enter the cells beside it.
 * press(cell): a gesture starts on a cell; it returns false to end the gesture.
 * enter(cell, again): the gesture came into a cell (again: after leaving it);
 * it returns false to end the gesture.
 * release(cell, dragged): the gesture ended on cell (null: off the board);
 * `dragged` when it went beyond a plain tap.
 */
export function attachInput(canvas, { hit, press, enter, release, key }) {
  /** @type {{id: number, cell: any, left: boolean, dragged: boolean} | null} */
  let gesture = null;
  const at = (e, inner) => {
    const rect = canvas.getBoundingClientRect();
    return hit(e.clientX - rect.left, e.clientY - rect.top, inner);
  };
  const same = (a, b) => a && b && a.file === b.file && a.rank === b.rank;
  const onDown = (e) => {
    if (e.button !== 0 || !e.isPrimary || gesture) return;
    const cell = at(e, false);
    if (!cell) return;
    e.preventDefault(); // no text selection, no emulated mouse events
    // ...which would have focused the board: keys work on it after a click.
    canvas.focus({ preventScroll: true });
    // Capture: the drag goes on even when the finger leaves the canvas.
    try { canvas.setPointerCapture(e.pointerId); } catch { /* pointer already gone */ }
    gesture = { id: e.pointerId, cell, left: false, dragged: false };
    if (press(cell) === false) gesture = null;
  };
  const onMove = (e) => {
    if (!gesture || e.pointerId !== gesture.id) return;
    const outer = at(e, false);
    if (!same(outer, gesture.cell)) gesture.left = true;
    const inner = at(e, true);
    if (!inner || (same(inner, gesture.cell) && !gesture.left)) return;
    const again = same(inner, gesture.cell);
    gesture.cell = inner;
    gesture.left = false;
    gesture.dragged = true;
    if (enter(inner, again) === false) gesture = null;
  };
  const onUp = (e) => {
    if (!gesture || e.pointerId !== gesture.id) return;
    const { dragged, cell } = gesture;
    gesture = null;
    const under = at(e, false);
    release(same(under, cell) ? cell : null, dragged);
  };
  const onCancel = (e) => {
    // The browser took the pointer (a system gesture): what was chosen stays.
    if (gesture && e.pointerId === gesture.id) gesture = null;
  };
  const onKey = (e) => {
    if (!KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault(); // arrows and space would scroll the page
    key(e.key);
  };
  const listeners = [['pointerdown', onDown], ['pointermove', onMove], ['pointerup', onUp], ['pointercancel', onCancel], ['keydown', onKey]];
  for (const [type, fn] of listeners) canvas.addEventListener(type, fn);
  return () => {
    for (const [type, fn] of listeners) canvas.removeEventListener(type, fn);
  };
}
