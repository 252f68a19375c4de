// Pointer and keyboard input on the board canvas, turned into cell clicks and
// key names. Returns one function that removes every listener it added.

const KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', ' ', 'Backspace', 'Escape']);

export function attachInput(canvas, { hit, click, key }) {
  const onPointer = (e) => {
    if (e.button !== 0) return;
    const rect = canvas.getBoundingClientRect();
    const cell = hit(e.clientX - rect.left, e.clientY - rect.top);
    if (cell) click(cell);
  };
  const onKey = (e) => {
    if (!KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault(); // arrows and space would scroll the page
    key(e.key);
  };
  // pointerup rather than click: one event for mouse, pen and touch, no delay.
  canvas.addEventListener('pointerup', onPointer);
  canvas.addEventListener('keydown', onKey);
  return () => {
    canvas.removeEventListener('pointerup', onPointer);
    canvas.removeEventListener('keydown', onKey);
  };
}
