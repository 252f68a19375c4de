// What the person at the board does, and what it does to the game: cells
// chosen by pointer gestures (input.js) or the keyboard cursor, the number
// chooser and the pick-up count's stepper, the control buttons. Each choice
// goes to the move builder (flow.js); a refused one is explained under the
// board. The element owns the game; this holds the keyboard cursor.
import { attachInput } from './input.js';
import { cellName, parseCell } from './layout.js';
import { chooserKey } from './controls.js';
import { errorDetail } from './options.js';

/** @typedef {import('./board-view.js').BoardHost} BoardHost */
/** @typedef {import('./flow.js').MoveFlow} MoveFlow */

/** How long a refused click's reason stays on show. */
const FLASH_MS = 2600;

export class PlayerInput {
  /** @type {BoardHost} */ #host;
  /** The keyboard cursor's cell. @type {{file: number, rank: number} | null} */ focus = null;
  /** The cursor is drawn only while the keyboard is in use. */
  keyboard = false;
  /** The cell a press resumed the move from (the cell last sown), or null. @type {string | null} */
  #resumedOn = null;

  /** @param {BoardHost} host */
  constructor(host) {
    this.#host = host;
  }

  /** Listens to the board's canvas and controls; returns a function that
   * removes the canvas's gesture listeners (`listen` keeps the others).
   * @param {(target: EventTarget, type: string, fn: (e: any) => void) => void} listen */
  attach(listen) {
    const { canvas } = this.#host.els;
    const off = attachInput(canvas, {
      hit: (x, y, inner) => this.#host.painter.hit(x, y, inner),
      // A press that is refused ends the gesture: a drag from the wrong cell
      // chooses nothing. A press on the cell last sown changes nothing: the
      // drag goes on from there, and a tap there adds a stone.
      press: (cell) =>
        this.#onGesture(
          cell,
          (name) => {
            const outcome = this.#host.flow?.press(name) ?? {};
            this.#resumedOn = outcome.resumed ? name : null;
            return outcome;
          },
          false,
          true,
        ),
      enter: (cell, again) => this.#onGesture(cell, (name) => this.#host.flow?.enter(name, again) ?? {}, true),
      release: (cell) => {
        if (cell) this.#onGesture(cell, (name) => this.#host.flow?.release(name) ?? {}, true);
      },
      tap: (cell) => {
        if (this.#resumedOn === cellName(cell.file, cell.rank)) this.#onGesture(cell, (name) => this.#host.flow?.tap(name) ?? {});
      },
      // "Put them all here": a long press (shown only when it does
      // something: a finger resting on a cell is not a request).
      hold: (cell) =>
        this.#onGesture(cell, (name) => {
          const outcome = this.#host.flow?.allHere(name) ?? {};
          return outcome.refused ? {} : outcome;
        }),
      key: (key) => this.#onKey(key),
    });
    listen(/** @type {ShadowRoot} */ (this.#host.element.shadowRoot), 'click', (e) => {
      const button = e.target.closest?.('button');
      if (button?.dataset.act) this.#onAction(button.dataset.act, button);
    });
    listen(this.#host.els.chooser, 'keydown', (e) => this.#onChooserKey(e));
    // The stepper: typed digits, arrows (the input's own), the wheel, Enter.
    const { stepperInput } = this.#host.els;
    // Typed digits are kept as typed and checked when the count is used.
    listen(stepperInput, 'input', () => {
      this.#host.flow?.typeCount(stepperInput.value);
      this.#host.view.render();
    });
    // A tap on the count selects it: the digits typed replace it. WebKit
    // (Safari) drops a selection made on focus when the button comes up, so
    // the first mouseup after the focus keeps it.
    let keepSelection = false;
    listen(stepperInput, 'focus', () => {
      stepperInput.select();
      keepSelection = true;
    });
    listen(stepperInput, 'mouseup', (e) => {
      if (keepSelection) {
        e.preventDefault();
        stepperInput.select();
      }
      keepSelection = false;
    });
    listen(stepperInput, 'keydown', (e) => {
      keepSelection = false;
      if (e.key === 'Enter') {
        e.preventDefault();
        this.#pickCount();
      } else if (e.key === 'Escape') {
        e.preventDefault();
        this.cancelMove();
      }
    });
    // The wheel over the stepper, or over the board while the count is open.
    for (const target of [this.#host.els.stepper, canvas]) {
      listen(target, 'wheel', (e) => {
        if (this.#host.flow?.count == null || !this.canInput()) return;
        e.preventDefault();
        this.#host.flow.stepCount(e.deltaY < 0 ? 1 : -1);
        this.#host.view.render();
      });
    }
    listen(this.#host.els.build, 'keydown', (e) => {
      if (e.key === 'Escape') this.cancelMove();
    });
    // The keyboard cursor shows as soon as the board has the keyboard focus.
    listen(canvas, 'focus', () => {
      if (!canvas.matches(':focus-visible')) return;
      this.keyboard = true;
      this.focus ??= this.#firstFocus();
      this.#host.view.announceCursor();
      this.#host.view.draw();
    });
    return off;
  }

  /** Why the person at the board cannot choose at this moment, or null when they can. */
  #whyNoInput() {
    const { game: g, viewPly, anim, element } = this.#host;
    if (!g) return 'The board is still loading.';
    if (element.readonly) return viewPly != null && viewPly < g.ply ? 'This is a replay: use › to step through it.' : 'This is a replay.';
    if (viewPly != null) return `You are looking back at move ${viewPly}: press » to go back to the game.`;
    if (anim) return anim.byAi ? 'The AI is moving: wait for your turn.' : 'Wait for the move to finish.';
    if (g.outcome()) return 'The game is over.';
    if (this.#host.aiPlays(g.sideToMove())) return element.thinking ? 'The AI is thinking: wait for its move.' : 'It is the AI’s turn.';
    const player = this.#host.options().player;
    if (player && g.sideToMove() !== player) return 'It is your friend’s turn: wait for their link.';
    return null;
  }

  canInput() {
    return this.#whyNoInput() == null;
  }

  /** Shows a short reason under the board for a while (and tells screen readers).
   * @param {string} text */
  #flashReason(text) {
    this.#host.flash.show(text, FLASH_MS);
    this.#host.view.announce(text);
  }

  /** A refused choice on `cell`: its reason on show, and a `refused` event
   * with the engine's code and message when it gave them (the lessons
   * explain from them). @param {string} cell @param {import('./flow.js').Outcome} outcome */
  #refuse(cell, { refused, code, message }) {
    this.#flashReason(refused ?? '');
    this.#host.emit('refused', { cell, reason: refused ?? '', code: code ?? null, message: message ?? null });
  }

  /** A choice on a cell by the keyboard: `act` the flow's (a click, or "put them all here").
   * @param {{file: number, rank: number}} cell @param {boolean} [byKeyboard]
   * @param {(flow: MoveFlow, name: string) => import('./flow.js').Outcome} [act] */
  #onCell({ file, rank }, byKeyboard = false, act = (flow, name) => flow.click(name)) {
    this.focus = { file, rank };
    this.keyboard = byKeyboard;
    const why = this.#whyNoInput();
    if (why) {
      this.#host.view.render();
      if (why !== 'This is a replay.') this.#flashReason(why);
      return;
    }
    const name = cellName(file, rank);
    const flow = /** @type {MoveFlow} */ (this.#host.flow);
    this.#host.flash.clear();
    let chosen = false;
    try {
      const outcome = act(flow, name);
      const { moved, refused } = outcome;
      if (refused) this.#refuse(name, outcome);
      if (moved) this.#host.played(moved);
      chosen = !moved && !refused;
    } catch (err) {
      this.#host.emit('error', errorDetail(err));
    }
    this.#host.view.render();
    // A choice that did not finish the move is said with what comes next; a
    // finished move is said once, by #afterMove.
    if (chosen) {
      this.#host.view.announce(`${name}. ${this.#host.els.prompt.textContent}`);
      this.#host.built();
    }
  }

  /**
   * One part of a pointer gesture on a cell (see input.js); false ends the
   * gesture (input not possible at the moment, or the move is played).
   * @param {{file: number, rank: number}} cell
   * @param {(name: string) => import('./flow.js').Outcome} act
   * @param {boolean} [quiet] no reason shown when input is not possible
   * @param {boolean} [endIfRefused] a refused choice ends the gesture
   */
  #onGesture({ file, rank }, act, quiet = false, endIfRefused = false) {
    this.focus = { file, rank };
    this.keyboard = false;
    const why = this.#whyNoInput();
    if (why) {
      this.#host.view.render();
      if (!quiet && why !== 'This is a replay.') this.#flashReason(why);
      return false;
    }
    let going = true,
      chosen = false;
    const sowing = this.#host.flow?.build().stage === 'step';
    try {
      const outcome = act(cellName(file, rank));
      const { moved, refused } = outcome;
      // The sowing is over: the same drag goes on to put no captured stone back.
      if (sowing && this.#host.flow?.build().stage === 'place') going = false;
      if (refused) this.#refuse(cellName(file, rank), outcome);
      else this.#host.flash.clear();
      if (refused && (endIfRefused || outcome.end)) going = false;
      if (moved) {
        going = false;
        this.#host.played(moved);
      }
      chosen = !moved && !refused;
    } catch (err) {
      going = false;
      this.#host.emit('error', errorDetail(err));
    }
    this.#host.view.render();
    if (chosen) {
      this.#host.view.announce(`${cellName(file, rank)}. ${this.#host.els.prompt.textContent}`);
      this.#host.built();
    }
    return going;
  }

  /** @param {number} n */
  #choose(n) {
    const flow = this.#host.flow;
    if (!flow || !this.canInput()) return;
    try {
      const { moved } = flow.choose(n);
      if (moved) this.#host.played(moved);
      else {
        this.#host.view.render();
        this.#host.view.announce(`${n}. ${this.#host.els.prompt.textContent}`);
        this.#host.built();
      }
    } catch (err) {
      this.#host.emit('error', errorDetail(err));
    }
    this.#host.view.render();
  }

  /** The stepper's count is picked up (its button, or Enter in it). */
  #pickCount() {
    const flow = this.#host.flow;
    if (!flow || !this.canInput()) return;
    try {
      const outcome = flow.pickCount();
      const { moved, refused } = outcome;
      if (refused) this.#refuse(this.#host.game?.build().origin ?? '', outcome);
      else if (moved) this.#host.played(moved);
      else {
        this.#host.view.render();
        this.#host.view.announce(this.#host.els.prompt.textContent);
        this.#host.built();
      }
    } catch (err) {
      this.#host.emit('error', errorDetail(err));
    }
    this.#host.view.render();
  }

  undoStep() {
    this.#host.flow?.undoStep();
    // Back to the pick-up count: pointer players get the stepper again.
    if (!this.keyboard && this.#host.flow?.build().stage === 'count') this.#host.flow.setCount(Infinity);
    this.#host.view.render();
    this.#host.built();
  }

  cancelMove() {
    this.#host.flow?.cancel();
    this.#host.view.render();
    this.#host.built();
    if (this.keyboard) this.#host.els.canvas.focus();
  }

  /** The first cell for the keyboard cursor: a stack the player may move, else a1. */
  #firstFocus() {
    const origin = this.canInput() ? this.#host.flow?.build().origins[0] : null;
    return (origin && parseCell(origin)) || { file: 0, rank: 0 };
  }

  /** @param {string} key */
  #onKey(key) {
    const g = this.#host.game;
    if (!g) return;
    if (key === 'Escape') {
      this.cancelMove();
      return;
    }
    if (key === 'Backspace') {
      if (this.canInput()) this.undoStep();
      return;
    }
    if (key === 'Enter' || key === ' ') {
      this.focus ??= this.#firstFocus();
      this.#onCell(this.focus, true);
      return;
    }
    if (key === 'AllHere') {
      this.focus ??= this.#firstFocus();
      this.#onCell(this.focus, true, (flow, name) => flow.allHere(name));
      return;
    }
    const flip = this.#host.options().flipped ? -1 : 1;
    const delta = /** @type {Record<string, number[]>} */ ({ ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] })[
      key
    ];
    if (!delta) return;
    this.keyboard = true;
    const f = this.focus ?? this.#firstFocus();
    this.focus = {
      file: Math.max(0, Math.min(g.files - 1, f.file + delta[0] * flip)),
      rank: Math.max(0, Math.min(g.ranks - 1, f.rank + delta[1] * flip)),
    };
    this.#host.view.announceCursor();
    this.#host.view.draw();
  }

  /** The number chooser by keyboard: arrows and digits move among the
   * numbers, Enter takes one (the button's own click), Escape cancels the
   * move, Backspace undoes a step. @param {KeyboardEvent} e */
  #onChooserKey(e) {
    if (e.key === 'Escape') {
      e.preventDefault();
      this.cancelMove();
      return;
    }
    if (e.key === 'Backspace') {
      e.preventDefault();
      this.undoStep();
      this.#host.els.canvas.focus();
      return;
    }
    const buttons = /** @type {HTMLButtonElement[]} */ ([...this.#host.els.chooser.querySelectorAll('button')]);
    const at = buttons.indexOf(/** @type {any} */ (this.#host.element.shadowRoot?.activeElement));
    const next = chooserKey(
      e.key,
      at,
      buttons.map((b) => Number(b.dataset.n)),
      Date.now(),
    );
    if (next == null) return;
    e.preventDefault();
    buttons[next]?.focus();
  }

  /** @param {string} act @param {HTMLElement} button */
  #onAction(act, button) {
    const g = this.#host.game;
    if (!g) return;
    if (act === 'undo-step') this.undoStep();
    else if (act === 'cancel') this.cancelMove();
    else if (act === 'choose') {
      this.#choose(Number(button.dataset.n));
      if (this.keyboard) this.#host.els.canvas.focus(); // back to the board for the next cell
    } else if (act === 'count-up' || act === 'count-down') {
      if (this.canInput()) this.#host.flow?.stepCount(act === 'count-up' ? 1 : -1);
      this.#host.view.render();
    } else if (act === 'count-ok') this.#pickCount();
    else if (act === 'first') this.#host.element.viewPly = 0;
    else if (act === 'prev') this.#host.element.viewPly = (this.#host.viewPly ?? g.ply) - 1;
    else if (act === 'next') this.#host.element.viewPly = (this.#host.viewPly ?? g.ply) + 1;
    else if (act === 'last') this.#host.element.viewPly = this.#host.element.readonly ? g.ply : null;
  }
}
