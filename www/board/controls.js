// The controls under the board canvas: the prompt (or a refused click's
// reason), undo-step/cancel, the number chooser (pick-up counts, drops,
// stones to put back), replay buttons, and the live region. Pure functions
// of plain data, plus one DOM update.

// Undo step / Cancel move come ahead of the numbers: with 32 numbers on a
// laptop screen they must not be pushed below the fold.
export const TEMPLATE = `
<div class="wrap">
  <div class="board"><canvas part="canvas" tabindex="0" role="application" aria-describedby="board-desc"></canvas></div>
  <div class="status" part="status"><span class="prompt"></span><span class="flash" role="status" hidden></span> <span class="thinking" hidden>AI is thinking…</span></div>
  <div class="build row" part="build-controls" hidden>
    <button type="button" data-act="undo-step">Undo step</button>
    <button type="button" data-act="cancel">Cancel move</button>
  </div>
  <div class="chooser row" part="chooser" hidden><span class="label"></span></div>
  <div class="stepper row" part="stepper" hidden>
    <span class="label"></span>
    <button type="button" data-act="count-down" aria-label="One stone fewer">−</button>
    <input class="count" type="number" inputmode="numeric" aria-label="Stones to pick up">
    <button type="button" data-act="count-up" aria-label="One stone more">+</button>
    <button type="button" data-act="count-ok" class="main">Pick up</button>
  </div>
  <div class="replay row" part="replay-controls" hidden>
    <button type="button" data-act="first" aria-label="First position">«</button>
    <button type="button" data-act="prev" aria-label="Previous move">‹</button>
    <span class="counter"></span>
    <button type="button" data-act="next" aria-label="Next move">›</button>
    <button type="button" data-act="last" aria-label="Last position">»</button>
  </div>
  <div class="sr" role="status" aria-live="polite"></div>
  <div class="board-desc" id="board-desc" hidden></div>
</div>`;

/** @param {string} s */
const capital = (s) => s[0].toUpperCase() + s.slice(1);

/**
 * The one-line prompt under the board. Moves are numbered 1, 2, 3... from
 * the start of the record, as in the app's move list and the replay counter.
 * @param {{build: any, side: string, aiToMove: boolean, yours: boolean, readonly: boolean,
 *   outcome: {description: string} | null, review: {ply: number, move: string | null, side: string | null} | null}} view
 */
export function promptFor({ build, side, aiToMove, yours, readonly, outcome, review }) {
  if (review) return review.ply === 0 ? 'Start position' : `After move ${review.ply} (${capital(review.side ?? '')}): ${review.move}`;
  if (outcome) return `Game over — ${capital(outcome.description)}.`;
  const Side = capital(side);
  const who = yours ? `Your move (${Side})` : `${Side} to move`;
  // Between moves (the builder not yet ready, say right after the AI's
  // move) the person at the board is still told it is their move.
  if (readonly || !build) return readonly ? `${Side} to move` : aiToMove ? `${Side} (AI) to move` : who;
  const lead = yours ? 'Your move' : Side;
  switch (build.stage) {
    case 'origin':
      return `${who}: choose a stack`;
    case 'count':
      return `${lead}: choose how many stones to pick up, then the path`;
    case 'step':
      return `${lead}: choose the next cell (${build.cash} in hand)`;
    case 'place':
      return `${lead}: put ${build.toPlace} captured stone${build.toPlace === 1 ? '' : 's'} back on any stacks`;
    default:
      return who;
  }
}

/** Digits typed in a row within this time make one number ("1" then "2": 12). */
const TYPE_AHEAD_MS = 900;
let typed = { text: '', at: 0 };

/** Forgets the digits typed so far: the next digit starts a new number. */
export function resetTypeAhead() {
  typed = { text: '', at: 0 };
}

/**
 * A key on the number chooser: the index of the number to focus next, or
 * null when the key is not the chooser's. Arrows step, Home/End jump,
 * digits pick a number (several digits in a row make one number).
 * @param {string} key @param {number} at the focused index (-1: none)
 * @param {number[]} numbers @param {number} time the key's time in ms
 * @returns {number | null}
 */
export function chooserKey(key, at, numbers, time) {
  const last = numbers.length - 1;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return Math.max(0, at - 1);
  if (key === 'ArrowRight' || key === 'ArrowDown') return Math.min(last, at + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (!/^[0-9]$/.test(key)) return null;
  typed = { text: (time - typed.at < TYPE_AHEAD_MS ? typed.text : '') + key, at: time };
  let i = numbers.indexOf(Number(typed.text));
  if (i < 0) {
    // "3" then "9" with no 39: start again from the last digit.
    typed.text = key;
    i = numbers.indexOf(Number(key));
  }
  return i < 0 ? at : i;
}

/**
 * Updates the controls' DOM from `view` (see the element's #renderControls).
 * @param {Record<string, any>} els
 * @param {{prompt: string, chooser: {label: string, options: number[], main: number} | null,
 *   stepper?: {origin: string, value: number, text?: string | null, min: number, max: number} | null,
 *   building: boolean, replay: {shown: number, total: number} | null, focusChooser: boolean}} view
 */
export function renderControls(els, { prompt, chooser, stepper = null, building, replay, focusChooser }) {
  els.prompt.textContent = prompt;
  els.stepper.hidden = !stepper;
  if (stepper) {
    // The pick-up count: the whole stack unless changed, then drag from the stack.
    els.stepperLabel.textContent = `Pick up from ${stepper.origin}:`;
    const input = els.stepperInput;
    Object.assign(input, { min: String(stepper.min), max: String(stepper.max) });
    // What the player types stays as typed (it is checked when used).
    const text = stepper.text ?? String(stepper.value);
    if (input.value !== text) input.value = text;
    const [down, up] = els.stepper.querySelectorAll('button');
    down.disabled = stepper.value <= stepper.min;
    up.disabled = stepper.value >= stepper.max;
  }
  els.chooser.hidden = !chooser;
  // Another question (another cell, another count): digits typed for the
  // last one do not run on into this one.
  const question = chooser?.label ?? '';
  if (question !== els.chooser.dataset.question) {
    els.chooser.dataset.question = question;
    resetTypeAhead();
  }
  const active = els.chooser.getRootNode().activeElement;
  const focusedN = els.chooser.contains(active) ? active.dataset.n : null;
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
    // A redraw keeps the number that had the focus.
    const again = focusedN != null ? els.chooser.querySelector(`button[data-n="${focusedN}"]`) : null;
    if (again) again.focus();
    else if (focusChooser || focusedN != null) els.chooser.querySelector('button.main')?.focus();
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

/** A short message in place of the prompt for a while (a refused click's reason). */
export class Flash {
  #timer = 0;
  /** @type {HTMLElement} */ #flash;
  /** @type {HTMLElement} */ #prompt;

  /** @param {HTMLElement} flash @param {HTMLElement} prompt */
  constructor(flash, prompt) {
    this.#flash = flash;
    this.#prompt = prompt;
  }

  /** @param {string} text @param {number} ms */
  show(text, ms) {
    this.#flash.textContent = text;
    this.#flash.hidden = false;
    this.#prompt.hidden = true;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.clear(), ms);
  }

  clear() {
    clearTimeout(this.#timer);
    this.#flash.hidden = true;
    this.#prompt.hidden = false;
  }
}
