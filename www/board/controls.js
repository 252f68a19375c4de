// The controls under the board canvas: the prompt, the number chooser (pick-up
// counts, drops, stones to put back), undo-step/cancel, replay buttons, and
// the live region. Pure functions of plain data, plus one DOM update.

export const TEMPLATE = `
<div class="wrap">
  <div class="board"><canvas part="canvas" tabindex="0"></canvas></div>
  <div class="status" part="status"><span class="prompt"></span> <span class="thinking" hidden>AI is thinking…</span></div>
  <div class="chooser row" part="chooser" hidden><span class="label"></span></div>
  <div class="build row" part="build-controls" hidden>
    <button type="button" data-act="undo-step">Undo step</button>
    <button type="button" data-act="cancel">Cancel move</button>
  </div>
  <div class="replay row" part="replay-controls" hidden>
    <button type="button" data-act="first" aria-label="First position">«</button>
    <button type="button" data-act="prev" aria-label="Previous move">‹</button>
    <span class="counter"></span>
    <button type="button" data-act="next" aria-label="Next move">›</button>
    <button type="button" data-act="last" aria-label="Last position">»</button>
  </div>
  <div class="sr" role="status" aria-live="polite"></div>
</div>`;

const capital = (s) => s[0].toUpperCase() + s.slice(1);

/** The chooser for the move being built, or null: the engine's options only. */
export function chooserFor(build, pending) {
  if (build?.stage === 'count') {
    return { label: `Pick up how many stones from ${build.origin}?`, options: build.counts, main: build.counts.at(-1) };
  }
  if (pending?.kind === 'step') {
    return { label: `Drop how many on ${pending.cell}? (${build.cash} in hand)`, options: pending.options, main: pending.options.at(-1) };
  }
  if (pending?.kind === 'place') {
    return { label: `Put how many captured stones on ${pending.cell}? (${build.toPlace} to place)`, options: pending.options, main: pending.options.at(-1) };
  }
  return null;
}

/** The one-line prompt under the board. */
export function promptFor({ build, side, aiToMove, readonly, outcome, review }) {
  if (review) return review.ply === 0 ? 'Start position' : `After move ${review.ply}: ${review.move}`;
  if (outcome) return `Game over — ${outcome.description}.`;
  const Side = capital(side);
  if (readonly || !build) return aiToMove && !readonly ? `${Side} (AI) to move` : `${Side} to move`;
  switch (build.stage) {
    case 'origin': return `${Side} to move: choose a stack`;
    case 'count': return `${Side}: choose how many stones to pick up`;
    case 'step': return `${Side}: choose the next cell (${build.cash} in hand)`;
    case 'place': return `${Side}: put ${build.toPlace} captured stone${build.toPlace === 1 ? '' : 's'} back on any stacks`;
    default: return `${Side} to move`;
  }
}

/** Updates the controls' DOM from `view` (see the element's #renderControls). */
export function renderControls(els, { prompt, chooser, building, replay, focusChooser }) {
  els.prompt.textContent = prompt;
  els.chooser.hidden = !chooser;
  for (const old of els.chooser.querySelectorAll('button')) old.remove();
  if (chooser) {
    els.chooserLabel.textContent = chooser.label;
    for (const n of chooser.options) {
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.dataset.act = 'choose';
      btn.dataset.n = String(n);
      btn.textContent = String(n);
      if (n === chooser.main) btn.className = 'main';
      els.chooser.append(btn);
    }
    // Keyboard players go straight to the numbers (the largest is focused).
    if (focusChooser) els.chooser.querySelector('button.main')?.focus();
  }
  els.build.hidden = !building;
  els.replay.hidden = !replay;
  if (replay) {
    els.counter.textContent = `${replay.shown} / ${replay.total}`;
    const [first, prev, next, last] = els.replay.querySelectorAll('button');
    first.disabled = prev.disabled = replay.shown === 0;
    next.disabled = last.disabled = replay.shown >= replay.total;
  }
}
