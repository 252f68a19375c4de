// Building a move one choice at a time, with no DOM: which cell a click
// means, the number still to choose, and a short reason when a click is
// refused. Every legal choice comes from the engine's move builder
// (`Game.build()`); nothing here knows a rule. Tested under node with the
// real engine (tests/browser/flow.test.mjs).

/** @typedef {import('../pkg/sowboard.js').Game} Game */
/** @typedef {import('../pkg/sowboard.js').BuildState} BuildState */
/** @typedef {import('../pkg/sowboard.js').MoveInfo} MoveInfo */
/** @typedef {{kind: 'step' | 'place', cell: string, options: number[]}} Pending */
/** @typedef {{label: string, options: number[], main: number}} Chooser */
/**
 * What a click or a number did: `moved` holds the finished move (committed),
 * `refused` a short reason for the player when nothing happened.
 * @typedef {{moved?: MoveInfo, refused?: string}} Outcome
 */

export class MoveFlow {
  /** @param {Game} game */
  constructor(game) {
    this.game = game;
    /** A cell that waits for a number (drops, or stones put back). @type {Pending | null} */
    this.pending = null;
  }

  /** @returns {BuildState} */
  build() { return this.game.build(); }

  /** Drops the move under way. */
  cancel() {
    this.pending = null;
    if (!this.game.outcome()) this.game.cancel();
  }

  /** Takes back the last choice (or the number awaited). */
  undoStep() {
    if (this.pending) this.pending = null;
    else this.game.undoChoice();
  }

  /**
   * A click on a cell.
   * @param {string} name
   * @returns {Outcome}
   */
  click(name) {
    const g = this.game;
    const b = g.build();
    if (b.stage === 'origin') {
      if (!b.origins.includes(name)) return { refused: `${name} is not a stack you can move from: choose one ringed in green.` };
      g.selectOrigin(name);
    } else if (b.stage === 'step') {
      const option = b.steps.find((s) => s.cell === name);
      if (option) this.#chooseStep(option);
      else if (b.path.length === 0 && b.origins.includes(name)) this.#reselect(name, b);
      else if (name !== b.origin) return { refused: `${name} is not a next cell for this sowing: choose a cell marked in green.` };
    } else if (b.stage === 'count') {
      if (name !== b.origin && !b.origins.includes(name)) return { refused: 'Choose how many stones to pick up, with the number buttons.' };
      this.#reselect(name, b);
    } else if (b.stage === 'place') {
      if (!b.places.includes(name)) return { refused: `Captured stones go back onto a stack: ${name} cannot take them.` };
      if (b.toPlace === 1) g.place(name, 1);
      else this.pending = { kind: 'place', cell: name, options: Array.from({ length: b.toPlace }, (_, i) => i + 1) };
    }
    return this.#completeIfDone();
  }

  /**
   * A number chosen in the chooser.
   * @param {number} n
   * @returns {Outcome}
   */
  choose(n) {
    const g = this.game;
    const b = g.build();
    if (b.stage === 'count') g.pickUp(n);
    else if (this.pending?.kind === 'step') g.step(this.pending.cell, n);
    else if (this.pending?.kind === 'place') g.place(this.pending.cell, n);
    this.pending = null;
    return this.#completeIfDone();
  }

  /**
   * The numbers to choose from now, or null: the engine's options only.
   * @returns {Chooser | null}
   */
  chooser() {
    const build = this.game.build();
    const pending = this.pending;
    if (build.stage === 'count') {
      return { label: `Pick up how many stones from ${build.origin}?`, options: build.counts, main: build.counts[build.counts.length - 1] };
    }
    if (pending?.kind === 'step') {
      return { label: `Drop how many on ${pending.cell}? (${build.cash} in hand)`, options: pending.options, main: pending.options[pending.options.length - 1] };
    }
    if (pending?.kind === 'place') {
      return { label: `Put how many captured stones on ${pending.cell}? (${build.toPlace} to place)`, options: pending.options, main: pending.options[pending.options.length - 1] };
    }
    return null;
  }

  /** Clicking another own stack before sowing starts switches the origin.
   * @param {string} name @param {BuildState} b */
  #reselect(name, b) {
    if (name === b.origin) return;
    this.game.cancel();
    this.pending = null;
    if (this.game.build().origins.includes(name)) this.game.selectOrigin(name);
  }

  /** @param {{cell: string, drops: number[]}} option */
  #chooseStep(option) {
    const last = option.drops[option.drops.length - 1];
    if (option.drops.length === 1) {
      this.game.step(option.cell, option.drops[0]);
      this.pending = null;
    } else if (this.pending?.kind === 'step' && this.pending.cell === option.cell) {
      // A second click on the same cell drops everything still in hand.
      this.game.step(option.cell, last);
      this.pending = null;
    } else {
      this.pending = { kind: 'step', cell: option.cell, options: option.drops };
    }
  }

  /** @returns {Outcome} */
  #completeIfDone() {
    if (this.game.build().stage === 'done') return { moved: this.game.commit() };
    return {};
  }
}
