// The widget's analysis, loaded on first use: the `analysis` attribute's
// evaluation bar and threat marks, `analyse()` and the hint live in
// analysis/board-analysis.js with the analysis worker's client, which this
// file imports the first time one of them is asked for. A board that never
// analyses never loads them.

/** @typedef {import('../analysis/board-analysis.js').Host} Host */
/** @typedef {import('../pkg/sowboard.js').Analysis} Analysis */

/**
 * The hint's strength, whatever level the AI plays: the strongest analysis
 * search that answers within the page's time (docs/analysis-measured.md,
 * "Hints"). The hint is `Game.evaluate` at this strength, the evaluation the
 * analysis board answers with at the same strength.
 */
export const HINT_STRENGTH = Object.freeze({ level: 8 });

export class BoardAnalysis {
  /** @type {Host} */ #host;
  /** @type {HTMLElement} */ #container;
  /** @type {Promise<import('../analysis/board-analysis.js').BoardAnalysisWork> | null} */ #loading = null;
  /** @type {import('../analysis/board-analysis.js').BoardAnalysisWork | null} */ #work = null;
  #on = false;
  #how = { level: 3, rules: {} };
  /** Counts hint requests and cancels: a hint asked while the module is on its way is void once cancelled. */
  #hintAsked = 0;

  /** @param {Host} host @param {HTMLElement} container where the bar goes (the board's box) */
  constructor(host, container) {
    this.#host = host;
    this.#container = container;
  }

  /** The analysis module, imported once. */
  #load() {
    this.#loading ??= import('../analysis/board-analysis.js').then(({ BoardAnalysisWork }) => {
      this.#work = new BoardAnalysisWork(this.#host, this.#container, HINT_STRENGTH);
      return this.#work;
    });
    return this.#loading;
  }

  /**
   * Turns the bar and the threats on or off; the bar analyses at `level`
   * under the board's rule options (a change re-analyses).
   * @param {boolean} on @param {{level: number, rules: object}} [how]
   */
  set(on, how = this.#how) {
    this.#on = on;
    this.#how = how;
    if (this.#work) this.#work.set(on, how);
    else if (on) this.#load().then((work) => work.set(this.#on, this.#how));
  }

  /** Follows the position on show (once the bar is on). */
  refresh() {
    this.#work?.refresh();
  }

  /**
   * The engine's analysis of the position on show (null once the game is
   * over there). `level` 1-8 (default 8) or `nodes`; `onReport` gets each
   * deeper pass. A new call stops the one under way (it resolves to null).
   * @param {{level?: number, nodes?: number, onReport?: (a: Analysis) => void}} [options]
   * @returns {Promise<Analysis | null>}
   */
  async analyse(options = {}) {
    return (await this.#load()).analyse(options);
  }

  /**
   * The hint for the current position of the game `{position, moves}` under
   * `rules`: the engine's evaluation at `HINT_STRENGTH` (`Game.evaluate`).
   * A new call, or `cancelHint()`, stops the last one (it resolves to null).
   * @param {{position: string, moves: string[], rules: object}} game
   * @returns {Promise<import('../pkg/sowboard.js').Evaluation | null>}
   */
  async hint(game) {
    const asked = ++this.#hintAsked;
    const work = await this.#load();
    return asked === this.#hintAsked ? work.hint(game) : null;
  }

  cancelHint() {
    this.#hintAsked++;
    this.#work?.cancelHint();
  }

  /** The board left the page: every worker stops, busy or idle. */
  dispose() {
    this.#work?.dispose();
  }
}
