// Building a move one choice at a time, with no DOM: which cell a click
// (keyboard) or a gesture (pointer: cells entered, release) means, the number
// still to choose, and a short reason when a choice is refused. Every legal choice comes from the engine's move builder
// (`Game.build()`); nothing here knows a rule. Tested under node with the
// real engine (tests/browser/flow.test.mjs).

/** @typedef {import('../pkg/sowboard.js').Game} Game */
/** @typedef {import('../pkg/sowboard.js').BuildState} BuildState */
/** @typedef {import('../pkg/sowboard.js').MoveInfo} MoveInfo */
/** @typedef {{kind: 'step' | 'place', cell: string, options: number[]}} Pending */
/** @typedef {{label: string, options: number[], main: number}} Chooser */
/**
 * What a click or a number did: `moved` holds the finished move (committed),
 * `refused` a short reason for the player when nothing happened, `code` and
 * `message` the engine's own refusal of that choice when it gave one.
 * `resumed`: a press on the cell last sown (or last given captured stones),
 * which changes nothing: the drag goes on from there; `end`: the gesture
 * under way stops here.
 * @typedef {{moved?: MoveInfo, refused?: string, code?: string, message?: string, resumed?: boolean, end?: boolean}} Outcome
 */

/** Engine refusals that say less than the board's own hint (it names the cells to choose). */
const GENERIC = new Set(['wrong-stage', 'no-origin-yet', 'game-over']);

/**
 * One choice of the move builder: `{cell}` the origin, `{count}` the
 * pick-up (Cash in Hand), `{cell, count}` a drop in stage `step` or
 * captured stones put back in stage `place`.
 * @typedef {{cell?: string, count?: number}} Choice
 */

/**
 * Makes `choices` on `game`'s move builder in order, each as the builder's
 * stage takes it; throws the engine's error (with its `code`) at the first
 * one refused, with the earlier choices made.
 * @param {Game} game @param {Choice[]} choices
 */
export function applyChoices(game, choices) {
  for (const c of choices) {
    const { stage } = game.build();
    if (stage === 'origin') game.selectOrigin(c.cell ?? '');
    else if (stage === 'count') game.pickUp(c.count ?? 0);
    else if (stage === 'step') game.step(c.cell ?? '', c.count ?? 0);
    else if (stage === 'place') game.place(c.cell ?? '', c.count ?? 0);
    else throw Object.assign(new Error(`no choice can be made at stage ${stage}`), { code: 'wrong-stage' });
  }
}

export class MoveFlow {
  /** @param {Game} game */
  constructor(game) {
    this.game = game;
    /** A cell that waits for a number (drops, or stones put back). @type {Pending | null} */
    this.pending = null;
    /** The pick-up count shown by the stepper (stage `count`), or null. */
    this.count = null;
    /** The count as typed in the stepper, checked only when it is used (a
     * typed "1" on the way to "15" is never changed), or null. @type {string | null} */
    this.typed = null;
    /** The last captured stones put back by a gesture (it may grow) and the
     * most that cell takes, or null. @type {{cell: string, count: number, most: number} | null} */
    this.placed = null;
  }

  /** @returns {BuildState} */
  build() {
    return this.game.build();
  }

  /** Drops the move under way. */
  cancel() {
    this.pending = null;
    this.count = null;
    this.typed = null;
    this.placed = null;
    if (!this.game.outcome()) this.game.cancel();
  }

  /** Takes back the last choice (or the number awaited). */
  undoStep() {
    this.placed = null;
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
      if (!b.origins.includes(name))
        return this.#engineSays({ refused: `${name} is not a stack you can move from: choose one ringed in green.` }, () =>
          g.selectOrigin(name),
        );
      g.selectOrigin(name);
    } else if (b.stage === 'step') {
      const option = b.steps.find((s) => s.cell === name);
      if (option) this.#chooseStep(option);
      else if (b.path.length === 0 && b.origins.includes(name)) this.#reselect(name, b);
      else if (name !== b.origin)
        return this.#engineSays({ refused: `${name} is not a next cell for this sowing: choose a cell marked in green.` }, () =>
          g.step(name, 1),
        );
    } else if (b.stage === 'count') {
      if (name !== b.origin && !b.origins.includes(name)) return { refused: 'Choose how many stones to pick up, with the number buttons.' };
      this.#reselect(name, b);
    } else if (b.stage === 'place') {
      const range = b.placeRanges.find((r) => r.cell === name);
      if (!range) return { refused: `Captured stones go back onto a stack: ${name} cannot take them.` };
      // The engine's range: over 255 stones a stack may have to take more
      // than 1, or may not take them all (room must be left for the rest).
      if (range.least === range.most) g.place(name, range.least);
      else
        this.pending = {
          kind: 'place',
          cell: name,
          options: Array.from({ length: range.most - range.least + 1 }, (_, i) => range.least + i),
        };
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

  // ---- gestures: press, drag through cells, release (pointer input) ----
  //
  // A press or a drag entering a cell offered by the builder drops the
  // fewest stones it allows there (one, nearly always); coming back into the
  // cell just dropped on adds one more (a second tap does the same). Ending a
  // drag on the last cell chosen puts every stone still in hand (or still to
  // place) there when the builder offers that. Captured stones are put back
  // the same way. Until the sowing starts, `count` (the stepper) holds the
  // pick-up count, the whole stack unless changed.

  /**
   * The pick-up count for the stepper: `n` moved to the nearest count the
   * builder offers; returns the count kept (null outside stage `count`).
   * @param {number} n
   */
  setCount(n) {
    const b = this.game.build();
    if (b.stage !== 'count' || !b.counts.length) return null;
    const want = Number.isFinite(n) ? n : b.counts[b.counts.length - 1];
    this.count = b.counts.reduce((best, c) => (Math.abs(c - want) < Math.abs(best - want) ? c : best), b.counts[0]);
    this.typed = null;
    return this.count;
  }

  /**
   * The stepper's text as the player types it: kept as typed; the count
   * shown on the stack follows it when it is a count the builder offers.
   * It is checked when used (`pickCount`, or a drag that starts the sowing).
   * @param {string} text
   */
  typeCount(text) {
    const b = this.game.build();
    if (b.stage !== 'count') return;
    this.typed = text;
    const n = Number(text);
    if (text.trim() !== '' && Number.isInteger(n) && b.counts.includes(n)) this.count = n;
  }

  /**
   * The count to pick up: the stepper's, or the typed one once checked.
   * A typed count the builder does not offer is refused with the engine's
   * reason (nothing is picked up, the text stays as typed).
   * @returns {{count: number} | Outcome}
   */
  #countToPick() {
    const b = this.game.build();
    const text = this.typed?.trim();
    if (text == null) return { count: this.count ?? b.counts[b.counts.length - 1] };
    const n = Number(text);
    const range = `${b.counts[0]} to ${b.counts[b.counts.length - 1]}`;
    if (text === '' || !Number.isInteger(n)) return { refused: `“${text}” is not a number of stones: type a count from ${range}.` };
    if (b.counts.includes(n)) return { count: n };
    const said = this.#engineSays({ refused: `Not picked up: ${n} is not a count allowed here (${range}).` }, () => this.game.pickUp(n));
    return said.message ? { ...said, refused: `Not picked up: ${said.message} (counts allowed: ${range}).` } : said;
  }

  /** Moves the stepper by `delta` offered counts (+1: the next larger).
   * @param {number} delta */
  stepCount(delta) {
    const b = this.game.build();
    if (b.stage !== 'count') return null;
    const at = b.counts.indexOf(this.count ?? b.counts[b.counts.length - 1]);
    return this.setCount(b.counts[Math.max(0, Math.min(b.counts.length - 1, at + delta))]);
  }

  /** Picks up the stepper's count (the stepper's own button, or Enter in it).
   * @returns {Outcome} */
  pickCount() {
    const b = this.game.build();
    if (b.stage !== 'count') return {};
    const pick = this.#countToPick();
    if (!('count' in pick)) return pick;
    this.game.pickUp(pick.count);
    this.count = null;
    this.typed = null;
    return this.#completeIfDone();
  }

  /**
   * A press that starts a gesture on `name`. On the cell last sown, or the
   * stack last given captured stones, it changes nothing (`resumed`): a
   * drag goes on from there, and only a tap there adds a stone (`tap`).
   * Elsewhere it is the pointer coming into the cell (`enter`).
   * @param {string} name @returns {Outcome}
   */
  press(name) {
    const b = this.game.build();
    if (b.stage === 'step' && b.path.length && b.path[b.path.length - 1].cell === name) return { resumed: true };
    if (b.stage === 'place' && this.placed?.cell === name) return { resumed: true };
    return this.enter(name);
  }

  /**
   * A tap (a press and release with no drag) on the cell a press resumed
   * from: one more stone there, when the builder offers it.
   * @param {string} name @returns {Outcome}
   */
  tap(name) {
    const b = this.game.build();
    if (b.stage === 'step' && b.path.length && b.path[b.path.length - 1].cell === name) return this.#sowInto(name, b);
    if (b.stage === 'place' && this.placed?.cell === name) return this.#placeOn(name, this.placed.count + 1);
    return {};
  }

  /**
   * "Put them all here" (a long press, or a key): every stone
   * still in hand dropped on `name` (the cell last sown, or a next cell),
   * or every captured stone still to put back placed on it. Refused, with
   * the engine's reason, when the builder does not offer that.
   * @param {string} name @returns {Outcome}
   */
  allHere(name) {
    const g = this.game;
    const b = g.build();
    this.pending = null;
    if (b.stage === 'step') {
      const last = b.path[b.path.length - 1];
      const lead = `${name} cannot take all ${b.cash} stone${b.cash === 1 ? '' : 's'} still in hand`;
      if (last?.cell === name) {
        const all = last.count + b.cash;
        g.undoChoice();
        if (
          g
            .build()
            .steps.find((s) => s.cell === name)
            ?.drops.includes(all)
        ) {
          g.step(name, all);
          return this.#completeIfDone();
        }
        const said = this.#engineSays({ refused: `${lead}.` }, () => g.step(name, all));
        g.step(name, last.count);
        return said;
      }
      const option = b.steps.find((s) => s.cell === name);
      if (!option) return this.#sowInto(name, b);
      if (!option.drops.includes(b.cash)) return this.#engineSays({ refused: `${lead}.` }, () => g.step(name, b.cash));
      g.step(name, b.cash);
      return this.#completeIfDone();
    }
    if (b.stage === 'place') {
      const before = this.placed?.cell === name ? this.placed.count : 0;
      if (!before && !b.places.includes(name)) return { refused: `Captured stones go back onto a stack: ${name} cannot take them.` };
      return this.#placeOn(name, before + b.toPlace);
    }
    return {};
  }

  /**
   * The pointer came into `name` (pressed on it, or dragged into it);
   * `again` when it left that cell and came back (a drop grows by one).
   * @param {string} name @param {boolean} again
   * @returns {Outcome}
   */
  enter(name, again = false) {
    const g = this.game;
    this.pending = null;
    let b = g.build();
    if (b.stage === 'origin') {
      if (!b.origins.includes(name))
        return this.#engineSays({ refused: `${name} is not a stack you can move from: choose one ringed in green.` }, () =>
          g.selectOrigin(name),
        );
      g.selectOrigin(name);
      if (g.build().stage === 'count') this.setCount(Infinity);
      return {};
    }
    if (b.stage === 'count') {
      if (name === b.origin) return {};
      if (b.origins.includes(name) && !again) {
        this.#reselect(name, b);
        this.setCount(Infinity);
        return {};
      }
      // Sowing starts: the stepper's count (checked, when typed) is picked
      // up, and taken back if this cell cannot start the sowing.
      const pick = this.#countToPick();
      if (!('count' in pick)) return { ...pick, end: true };
      g.pickUp(pick.count);
      const outcome = this.#sowInto(name, g.build());
      if (outcome.refused) g.undoChoice();
      else {
        this.count = null;
        this.typed = null;
      }
      return outcome;
    }
    b = g.build();
    if (b.stage === 'step') {
      if (b.path.length === 0 && name === b.origin) return {};
      if (b.path.length === 0 && b.origins.includes(name)) {
        this.#reselect(name, b);
        this.setCount(Infinity);
        return {};
      }
      return this.#sowInto(name, b);
    }
    if (b.stage === 'place') {
      if (this.placed?.cell === name) return this.#placeOn(name, this.placed.count + 1);
      if (!b.places.includes(name)) return { refused: `Captured stones go back onto a stack: ${name} cannot take them.` };
      return this.#placeOn(name, 1);
    }
    return {};
  }

  /** Puts `n` captured stones on `name`, in place of the last put there.
   * @param {string} name @param {number} n @returns {Outcome} */
  #placeOn(name, n) {
    const g = this.game;
    const before = this.placed?.cell === name ? this.placed.count : 0;
    if (before) g.undoChoice();
    const range = g.build().placeRanges.find((r) => r.cell === name);
    if (!range) return { refused: `Captured stones go back onto a stack: ${name} cannot take them.` };
    const count = Math.min(Math.max(n, range.least), range.most);
    g.place(name, count);
    this.placed = { cell: name, count, most: range.most };
    return this.#completeIfDone();
  }

  /**
   * A drag ended on `name`: the last cell chosen takes what remains when the
   * builder allows it, and the move is played once complete.
   * @param {string | null} name
   * @returns {Outcome}
   */
  release(name) {
    const g = this.game;
    const b = g.build();
    if (b.stage === 'step' && b.path.length && b.path[b.path.length - 1].cell === name) {
      const had = b.path[b.path.length - 1].count;
      g.undoChoice();
      const option = g.build().steps.find((s) => s.cell === name);
      const all = option?.drops.includes(had + b.cash) ? had + b.cash : had;
      g.step(name, all);
    } else if (b.stage === 'place' && name && this.placed?.cell === name) {
      // Put back like the drops: the last cell chosen takes the rest.
      return this.#placeOn(name, this.placed.count + b.toPlace);
    }
    return this.#completeIfDone();
  }

  /**
   * Adds the engine's own refusal (its code and message) to a refused
   * choice: `attempt` makes the choice on the builder, which throws and
   * changes nothing (were it ever accepted, it is taken back).
   * @param {Outcome} outcome @param {() => void} attempt @returns {Outcome}
   */
  #engineSays(outcome, attempt) {
    try {
      attempt();
      this.game.undoChoice();
    } catch (err) {
      const e = /** @type {{code?: string, message?: string}} */ (err);
      // The engine's specific reason in place of the generic hint, after the
      // same lead ("a5 is not a next cell: step 1 (a4 to a5) is not diagonal.").
      if (e?.code && e.message && !GENERIC.has(e.code)) {
        const lead = (outcome.refused ?? '').split(':')[0];
        return { refused: `${lead}: ${e.message}.`, code: e.code, message: e.message };
      }
      if (e?.code) return { ...outcome, code: e.code, message: e.message };
    }
    return outcome;
  }

  /** A drop on `name` in stage step: a new cell takes the fewest stones
   * offered, the cell just dropped on one more.
   * @param {string} name @param {BuildState} b @returns {Outcome} */
  #sowInto(name, b) {
    const g = this.game;
    const last = b.path[b.path.length - 1];
    if (last?.cell === name) {
      const option = (g.undoChoice(), g.build().steps.find((s) => s.cell === name));
      const more = option?.drops.find((d) => d > last.count);
      g.step(name, more ?? last.count);
      return more ? this.#completeIfDone() : { refused: `No more stones can go on ${name}: drag on to the next cell.` };
    }
    const option = b.steps.find((s) => s.cell === name);
    if (!option) {
      if (b.stage === 'step' && b.path.length && name === b.origin)
        return this.#engineSays({ refused: `${name} is where the stones came from: drag on to a cell marked in green.` }, () =>
          g.step(name, 1),
        );
      return this.#engineSays({ refused: `${name} is not a next cell for this sowing: choose a cell marked in green.` }, () =>
        g.step(name, 1),
      );
    }
    g.step(name, option.drops[0]);
    return this.#completeIfDone();
  }

  /** The stack last given captured stones while it still takes more (it
   * keeps its mark), or null. */
  get placingMore() {
    const b = this.game.build();
    const p = this.placed;
    return b.stage === 'place' && p && b.toPlace > 0 && p.count < p.most ? p.cell : null;
  }

  /**
   * The numbers to choose from at this point, or null: the engine's options only.
   * @returns {Chooser | null}
   */
  chooser() {
    const build = this.game.build();
    const pending = this.pending;
    if (build.stage === 'count') {
      return { label: `Pick up how many stones from ${build.origin}?`, options: build.counts, main: build.counts[build.counts.length - 1] };
    }
    if (pending?.kind === 'step') {
      return {
        label: `Drop how many on ${pending.cell}? (${build.cash} in hand)`,
        options: pending.options,
        main: pending.options[pending.options.length - 1],
      };
    }
    if (pending?.kind === 'place') {
      return {
        label: `Put how many captured stones on ${pending.cell}? (${build.toPlace} to place)`,
        options: pending.options,
        main: pending.options[pending.options.length - 1],
      };
    }
    return null;
  }

  /** Clicking another own stack while the sowing has not started switches the origin.
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
    if (this.game.build().stage === 'done') {
      this.placed = null;
      return { moved: this.game.commit() };
    }
    return {};
  }
}
