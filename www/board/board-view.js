// What the board shows: the canvas (through painter.js), the controls and
// prompt under it (controls.js), and what screen readers hear (the canvas's
// description, the live region). It reads the element's state and changes
// none of it.
import { cellName } from './layout.js';
import { marksFor } from './marks.js';
import { promptFor, renderControls } from './controls.js';
import { describeBoard, describeCell } from './describe.js';

/** @typedef {import('../pkg/sowboard.js').Game} Game */
/** @typedef {import('../pkg/sowboard.js').MoveInfo} MoveInfo */
/** @typedef {import('./flow.js').MoveFlow} MoveFlow */

/**
 * What <sowing-board> shares with its view and its input: its parts and
 * its state (read-only here), and the steps they ask of it.
 * @typedef {object} BoardHost
 * @property {import('./element.js').SowingBoard} element
 * @property {Record<string, any>} els  the shadow root's parts
 * @property {import('./painter.js').Painter} painter
 * @property {import('./controls.js').Flash} flash
 * @property {Game | null} game
 * @property {import('./flow.js').MoveFlow | null} flow
 * @property {number | null} viewPly
 * @property {{frame: any, cancel: () => void, byAi: boolean} | null} anim
 * @property {MoveInfo | null} hint
 * @property {{board: Uint8Array, move: MoveInfo | null} | null} preview
 * @property {string[]} threatened
 * @property {() => import('./options.js').Options} options
 * @property {(side: string) => boolean} aiPlays
 * @property {(info: MoveInfo) => void} played  a move finished on the board
 * @property {() => void} built  a choice made that did not finish the move
 * @property {<K extends import('./element.js').BoardEvent>(type: K, detail: import('../types/widget.js').SowingBoardEventMap[K]['detail']) => void} emit
 * @property {BoardView} view
 * @property {import('./player-input.js').PlayerInput} input
 */

export class BoardView {
  /** @type {BoardHost} */ #host;

  /** @param {BoardHost} host */
  constructor(host) {
    this.#host = host;
  }

  /** Full update: controls and text, then the canvas. */
  render() {
    this.renderControls();
    this.draw();
  }

  draw() {
    const g = this.#host.game;
    if (!g) return;
    const { coordinates, flipped } = this.#host.options();
    this.#host.painter.draw({
      files: g.files,
      ranks: g.ranks,
      board: this.#boardOnShow(),
      sides: g.sides(),
      cities: g.cities(),
      marks: this.#marks(),
      coordinates,
      flipped,
    });
  }

  #boardOnShow() {
    const g = /** @type {Game} */ (this.#host.game);
    if (this.#host.anim) return this.#host.anim.frame.board;
    if (this.#host.preview) return this.#host.preview.board;
    if (this.#host.viewPly != null) return g.boardAt(this.#host.viewPly);
    return g.board();
  }

  #marks() {
    const g = /** @type {Game} */ (this.#host.game);
    const shown = this.#host.viewPly ?? g.ply;
    const outcome = shown === g.ply ? g.outcome() : null;
    const lostCity = outcome?.reason === 'city-captured' ? (g.cities().find((c) => c.side !== outcome.winner)?.cell ?? null) : null;
    const preview = this.#host.preview;
    const { focus, keyboard } = this.#host.input;
    const marks = marksFor({
      focus: focus && keyboard ? cellName(focus.file, focus.rank) : null,
      frame: this.#host.anim?.frame ?? null,
      last: shown > 0 && !preview ? g.moveAt(shown) : null,
      build: this.#host.input.canInput() && !preview ? g.build() : null,
      pending: this.#host.flow?.pending ?? null,
      count: this.#host.flow?.count ?? null,
      placingMore: this.#host.flow?.placingMore ?? null,
      hint: preview ? preview.move : this.#host.hint,
      lostCity,
    });
    if (!preview) marks.threatened = this.#host.threatened;
    return marks;
  }

  renderControls() {
    const g = this.#host.game;
    if (!g) return;
    const flow = /** @type {MoveFlow} */ (this.#host.flow);
    const canInput = this.#host.input.canInput();
    const b = canInput ? g.build() : null;
    const side = g.sideToMove();
    const { aiSides, player } = this.#host.options();
    const { viewPly, preview } = this.#host;
    const { readonly } = this.#host.element;
    const reviewing = readonly || viewPly != null;
    const shownPly = viewPly ?? g.ply;
    renderControls(this.#host.els, {
      // A previewed line is not the game: say so rather than whose move it is.
      prompt: preview
        ? `Preview${preview.move ? `: ${preview.move.move}` : ''} (not played)`
        : promptFor({
            build: b,
            side,
            aiToMove: aiSides.includes(side),
            // Against the AI, or with a `player` (a game by link), the one person at the board is "you".
            yours: (aiSides.length === 1 && !aiSides.includes(side)) || player === side,
            readonly,
            outcome: g.outcome(),
            review:
              viewPly != null && (!readonly || viewPly < g.ply)
                ? { ply: viewPly, move: viewPly > 0 ? g.moveAt(viewPly).move : null, side: viewPly > 0 ? g.moveAt(viewPly).side : null }
                : null,
          }),
      // Pointer players set the pick-up count with the stepper, keyboard
      // players with the number chooser.
      chooser: canInput && !(b?.stage === 'count' && flow.count != null) ? flow.chooser() : null,
      stepper:
        b?.stage === 'count' && flow.count != null
          ? { origin: b.origin ?? '', value: flow.count, text: flow.typed, min: b.counts[0], max: b.counts[b.counts.length - 1] }
          : null,
      building: Boolean(b && b.stage !== 'origin'),
      replay: reviewing ? { shown: shownPly, total: g.ply } : null,
      focusChooser: this.#host.input.keyboard,
    });
    this.#describe();
  }

  /** The canvas's accessible name and description: the game, whose turn, the position. */
  #describe() {
    const g = /** @type {Game} */ (this.#host.game);
    const { canvas, desc, prompt } = this.#host.els;
    const shown = this.#host.viewPly ?? g.ply;
    const last = shown > 0 ? g.moveAt(shown) : null;
    const label = `${g.gameName === 'cash-in-hand' ? 'Cash in Hand' : 'Intermedium'} board`;
    if (canvas.getAttribute('aria-label') !== label) canvas.setAttribute('aria-label', label);
    desc.textContent = `${describeBoard({
      prompt: prompt.textContent,
      board: this.#boardOnShow(),
      files: g.files,
      sides: g.sides(),
      cities: g.cities(),
      last,
    })} Arrow keys move the cursor, Enter or Space chooses, Backspace undoes a step, Escape cancels the move.`;
  }

  /** Says what the keyboard cursor is on, and whether it can be chosen at this point. */
  announceCursor() {
    const g = this.#host.game;
    if (!g || !this.#host.input.focus) return;
    const { file, rank } = this.#host.input.focus;
    this.announce(
      describeCell({
        name: cellName(file, rank),
        file,
        rank,
        count: this.#boardOnShow()[rank * g.files + file] ?? 0,
        sides: g.sides(),
        cities: g.cities(),
        build: this.#host.input.canInput() ? g.build() : null,
      }),
    );
  }

  /** @param {string} text */
  announce(text) {
    this.#host.els.live.textContent = text;
  }
}
