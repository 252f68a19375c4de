// Pointer and keyboard input on the board canvas. A pointer gesture (mouse,
// pen or touch alike) is a press, the cells it is dragged through, and a
// release; or a tap, or a long press. The callbacks receive
// cells' coordinates. Returns one function that removes every listener it
// added.

const KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', ' ', 'Backspace', 'Escape', 'a', 'A']);

/** A press held this long on one cell, without moving off it, is a long
 * press. Taps in a row stay taps (each may add a stone): a double tap would
 * be read as two of them, so "put them all here" is the long press. */
export const LONG_PRESS_MS = 600;

/**
 * hit(x, y, inner): the cell under canvas point (x, y), or null; with
 * `inner`, only its middle part counts, so that a drag across a cell's
 * corner does not enter the cells beside it.
 * press(cell): a gesture starts on a cell; it returns false to end the gesture.
 * enter(cell, again): the gesture came into a cell (again: after leaving it);
 * it returns false to end the gesture.
 * release(cell): a drag ended on cell (null: off the board).
 * tap(cell): a press and release on one cell, no drag.
 * hold(cell): a long press on one cell (then nothing more of the gesture).
 * key(name): a key on the board: the key's name, or `AllHere` for A
 * or Shift+Enter.
 */
export function attachInput(canvas, { hit, press, enter, release, tap, hold, key }) {
  /** @type {{id: number, cell: any, left: boolean, dragged: boolean, held: boolean, timer: number} | null} */
  let gesture = null;
  const at = (e, inner) => {
    const rect = canvas.getBoundingClientRect();
    return hit(e.clientX - rect.left, e.clientY - rect.top, inner);
  };
  const same = (a, b) => a && b && a.file === b.file && a.rank === b.rank;
  const end = () => {
    if (gesture) clearTimeout(gesture.timer);
    gesture = null;
  };
  const onDown = (e) => {
    if (e.button !== 0 || !e.isPrimary || gesture) return;
    const cell = at(e, false);
    if (!cell) return;
    e.preventDefault(); // no text selection, no emulated mouse events
    // ...which would have focused the board: keys work on it after a click.
    canvas.focus({ preventScroll: true });
    // Capture: the drag goes on even when the finger leaves the canvas.
    try {
      canvas.setPointerCapture(e.pointerId);
    } catch {
      /* pointer already gone */
    }
    const g = { id: e.pointerId, cell, left: false, dragged: false, held: false, timer: 0 };
    gesture = g;
    if (press(cell) === false) {
      end();
      return;
    }
    // Held on the cell it started on, without moving: a long press.
    g.timer = setTimeout(() => {
      if (gesture !== g || g.dragged || g.left) return;
      g.held = true;
      hold(g.cell);
    }, LONG_PRESS_MS);
  };
  const onMove = (e) => {
    if (!gesture || e.pointerId !== gesture.id) return;
    const outer = at(e, false);
    if (!same(outer, gesture.cell)) {
      gesture.left = true;
      clearTimeout(gesture.timer);
    }
    const inner = at(e, true);
    if (gesture.held || !inner || (same(inner, gesture.cell) && !gesture.left)) return;
    const again = same(inner, gesture.cell);
    gesture.cell = inner;
    gesture.left = false;
    gesture.dragged = true;
    if (enter(inner, again) === false) end();
  };
  const onUp = (e) => {
    if (!gesture || e.pointerId !== gesture.id) return;
    const { dragged, held, cell } = gesture;
    end();
    if (held) return;
    const under = at(e, false);
    if (dragged) release(same(under, cell) ? cell : null);
    else if (same(under, cell)) tap(cell);
  };
  const onCancel = (e) => {
    // The browser took the pointer (a system gesture): what is chosen stays.
    if (gesture && e.pointerId === gesture.id) end();
  };
  const onKey = (e) => {
    if (!KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault(); // arrows and space would scroll the page
    key(e.key === 'a' || e.key === 'A' || (e.key === 'Enter' && e.shiftKey) ? 'AllHere' : e.key);
  };
  const listeners = [
    ['pointerdown', onDown],
    ['pointermove', onMove],
    ['pointerup', onUp],
    ['pointercancel', onCancel],
    ['keydown', onKey],
  ];
  for (const [type, fn] of listeners) canvas.addEventListener(type, fn);
  return () => {
    end();
    for (const [type, fn] of listeners) canvas.removeEventListener(type, fn);
  };
}
