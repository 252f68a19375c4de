// The widget's analysis, the part loaded on first use (board/analysis-view.js
// is its front): with the `analysis` attribute, an evaluation bar on the
// board's left edge and the threats of the side not to move marked on the
// board, both following the position on show; `analyse()`, the engine's
// analysis of that position (the wasm API's `Analysis`); and the hint. All of
// it runs in the analysis worker: the threats are asked for first (the
// rules' threat walk, bounded by its work limit, which on tall stacks can
// take seconds), then the bar's analysis, on one worker, so a newer position
// stops both. The marks of one position never stay on another: they go at
// the next frame unless the new position's threats have come by then (most
// answer within milliseconds, so the rings do not blink on every move).
import { AnalysisClient } from './client.js';

/** @typedef {import('../pkg/sowboard.js').Analysis} Analysis */
/** The host's public API this file uses. @typedef {HTMLElement & {startPosition: string | null, moves: string[], ply: number, viewPly: number | null, sides: string[], sideAt: (ply: number) => string, sideToMove: string | null, threatened: string[]}} Host */

/** Work limit for listing threats (the analysis board's, threats-view.js). */
export const THREAT_LIMIT = 300_000;

/**
 * The cells to ring for a threats answer: every stack some listed move
 * captures, and the threatened side's city when a move takes it.
 * @param {import('./client.js').ThreatAnswer} t
 */
export function threatenedCells(t) {
  const cells = new Set();
  for (const x of t.threats) {
    for (const c of x.captured) cells.add(c);
    if (x.city && t.city) cells.add(t.city);
  }
  return [...cells];
}

/** The record up to the ply on show on `host`: its start, and its moves to that ply.
 * @param {Host} host */
export function recordOnShow(host) {
  const ply = host.viewPly ?? host.ply;
  return { position: host.startPosition ?? '', moves: host.moves.slice(0, ply), ply };
}

export class BoardAnalysisWork {
  /** @type {Host} */ #host;
  /** @type {HTMLElement} */ #container;
  /** @type {HTMLElement | null} */ #bar = null;
  #on = false;
  /** The bar's level and the board's rule options. */
  #how = { level: 3, rules: {} };
  #key = '';
  /** The position whose threats are marked. */
  #marked = '';
  #bars = new AnalysisClient();
  #calls = new AnalysisClient();
  #hints = new AnalysisClient();
  #follow = () => this.refresh();
  /** @type {{level: number}} */ #hintStrength;

  /** @param {Host} host @param {HTMLElement} container where the bar goes (the board's box)
   * @param {{level: number}} hintStrength the hint's search (`HINT_STRENGTH`) */
  constructor(host, container, hintStrength) {
    this.#host = host;
    this.#container = container;
    this.#hintStrength = hintStrength;
  }

  /** The record up to the ply on show. */
  #onShow() {
    return recordOnShow(this.#host);
  }

  /**
   * Turns the bar and the threats on or off; the bar analyses at `level`
   * under the board's rule options (a change re-analyses).
   * @param {boolean} on @param {{level: number, rules: object}} [how]
   */
  set(on, how = this.#how) {
    const changed = JSON.stringify(how) !== JSON.stringify(this.#how);
    this.#how = how;
    if (on === this.#on) {
      if (on && changed) {
        this.#key = this.#marked = '';
        this.refresh();
      }
      return;
    }
    this.#on = on;
    if (on) {
      const bar = document.createElement('div');
      bar.setAttribute('part', 'eval-bar');
      bar.setAttribute('role', 'meter');
      bar.setAttribute('aria-label', 'Evaluation: the first player\u2019s chance to win');
      Object.assign(bar.style, {
        position: 'absolute',
        left: '0',
        top: '0',
        bottom: '0',
        width: '6px',
        background: '#2b2f36',
        borderRadius: '3px',
        overflow: 'hidden',
      });
      const fill = document.createElement('div');
      Object.assign(fill.style, {
        position: 'absolute',
        left: '0',
        right: '0',
        bottom: '0',
        height: '50%',
        background: '#f2f2ee',
        transition: 'height 0.3s',
      });
      bar.append(fill);
      if (getComputedStyle(this.#container).position === 'static') this.#container.style.position = 'relative';
      this.#container.append(bar);
      this.#bar = bar;
      this.#host.addEventListener('change', this.#follow);
      this.#host.addEventListener('view', this.#follow);
      this.#key = this.#marked = '';
      this.refresh();
    } else {
      this.#bar?.remove();
      this.#bar = null;
      this.#host.removeEventListener('change', this.#follow);
      this.#host.removeEventListener('view', this.#follow);
      this.#bars.cancel();
      this.#marked = '';
      this.#host.threatened = [];
    }
  }

  /** The position on show as a key: its start and moves. */
  #keyOnShow() {
    const { position, moves } = this.#onShow();
    return `${position}|${moves.join(';')}`;
  }

  /** Whether an answer for `key` may be drawn: it is the last position asked
   * for and still the one on show (the board's `change` event, which asks
   * for the next, comes a little after the change itself). */
  #current(/** @type {string} */ key) {
    return this.#on && this.#key === key && this.#keyOnShow() === key;
  }

  /** Follows the position on show: its threats, then a new analysis for the bar. */
  async refresh() {
    if (!this.#on || this.#host.startPosition == null) return;
    const { position, moves } = this.#onShow();
    const key = this.#keyOnShow();
    if (key === this.#key) return;
    this.#key = key;
    requestAnimationFrame(() => {
      if (this.#key === key && this.#marked !== key && this.#host.threatened.length) this.#host.threatened = [];
    });
    const { level, rules } = this.#how;
    /** @type {import('./client.js').ThreatAnswer | null} */
    let threats = null;
    try {
      threats = await this.#bars.run({ type: 'threats', position, moves, rules, limit: THREAT_LIMIT }, () => {});
    } catch {
      // The engine refused or failed: no marks, no bar for this position.
    }
    // A newer position (or the bar turned off) stopped this request.
    if (!threats || !this.#current(key)) return;
    this.#marked = key;
    this.#host.threatened = threatenedCells(threats);
    const over = threats.outcome;
    if (over) {
      this.#setBar(over.winner == null ? 0.5 : over.winner === this.#host.sides[0] ? 1 : 0);
      return;
    }
    const show = (/** @type {Analysis | null} */ a) => {
      // The first player's chance to win, as the engine reads the score.
      if (a && this.#current(key)) this.#setBar(a.first.chance);
    };
    this.#bars.run({ type: 'analyse', position, moves, rules, level }, (e) => show(e.analysis)).then(show, () => {});
  }

  /** @param {number} s 0..1 */
  #setBar(s) {
    const fill = /** @type {HTMLElement | undefined} */ (this.#bar?.firstElementChild);
    if (!fill || !this.#bar) return;
    fill.style.height = `${Math.round(s * 100)}%`;
    this.#bar.setAttribute('aria-valuenow', String(Math.round(s * 100)));
  }

  /**
   * The engine's analysis of the position on show (null once the game is
   * over there). `level` 1-8 (default 8) or `nodes`; `onReport` gets each
   * deeper pass. A new call stops the one under way (it resolves to null).
   * @param {{level?: number, nodes?: number, onReport?: (a: Analysis) => void}} [options]
   * @returns {Promise<Analysis | null>}
   */
  analyse({ level, nodes, onReport } = {}) {
    const { position, moves } = this.#onShow();
    return this.#calls.run({ type: 'analyse', position, moves, rules: this.#how.rules, level, nodes }, (e) => onReport?.(e.analysis));
  }

  /**
   * The hint for the current position of the game `{position, moves}` under
   * `rules`: the engine's evaluation at the hint's strength (`Game.evaluate`).
   * A new call, or `cancelHint()`, stops the last one (it resolves to null).
   * @param {{position: string, moves: string[], rules: object}} game
   * @returns {Promise<import('../pkg/sowboard.js').Evaluation | null>}
   */
  hint({ position, moves, rules }) {
    return this.#hints.run({ type: 'evaluate', position, moves, rules, ...this.#hintStrength }, () => {});
  }

  cancelHint() {
    this.#hints.cancel();
  }

  /** The board left the page: every worker stops, busy or idle. */
  dispose() {
    this.#bars.dispose();
    this.#calls.dispose();
    this.#hints.dispose();
  }
}
