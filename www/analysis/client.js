// One analysis worker for the page: one request at a time; a new request or
// `cancel()` stops the one under way (by terminating the worker, since a
// running search reads no messages; the next request starts a fresh one).
// Started as the AI worker is, so a widget on another origin can use it.
import { startWorker } from '../board/ai-client.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);

/**
 * @typedef {{type: 'analyse' | 'evaluate' | 'review' | 'threats' | 'ready', position: string, moves: string[], rules?: object, level?: number, nodes?: number, limit?: number}
 *   | {type: 'captureOutcome', position: string, move: string, rules?: object}} Request
 *   `ready` loads the engine and answers null (asked ahead of a first question).
 *   `threats` resolves to the engine's `Threats` with `mover` (the side to
 *   move), `city` (its city's cell, or null) and `outcome` (the game's, or
 *   null): a `ThreatAnswer`.
 * @typedef {import('../pkg/sowboard_ai.js').Threats & {mover: string, city: string | null, outcome: import('../pkg/sowboard_ai.js').Outcome | null}} ThreatAnswer
 */

export class AnalysisClient {
  /** @type {Worker | null} */ #worker = null;
  #nextId = 1;
  /** @type {{id: number, resolve: (v: any) => void, reject: (e: Error) => void, onEvent: (e: any) => void} | null} */
  #current = null;

  /**
   * Runs `request`; `onEvent` gets each `report` / `progress` message.
   * Resolves to the final result, or to null when cancelled.
   * @param {Request} request @param {(event: any) => void} onEvent
   * @returns {Promise<any>}
   */
  run(request, onEvent) {
    this.cancel();
    if (!this.#worker) {
      const worker = startWorker(WORKER_URL, 'sowing-analysis');
      worker.onmessage = (e) => this.#message(e.data);
      worker.onerror = (e) => this.#fail(e.message || 'the analysis worker failed to start');
      this.#worker = worker;
    }
    const id = this.#nextId++;
    const worker = this.#worker;
    return new Promise((resolve, reject) => {
      this.#current = { id, resolve, reject, onEvent };
      worker.postMessage({ ...request, id });
    });
  }

  get busy() {
    return this.#current != null;
  }

  /** Stops the request under way (its promise resolves to null). */
  cancel() {
    const current = this.#current;
    if (!current) return;
    this.#current = null;
    this.#worker?.terminate();
    this.#worker = null;
    current.resolve(null);
  }

  /** Stops the worker, busy or idle (its board left the page); a request
   * under way resolves to null. A later `run` starts a fresh worker. */
  dispose() {
    this.cancel();
    this.#worker?.terminate();
    this.#worker = null;
  }

  /** @param {any} data */
  #message(data) {
    const current = this.#current;
    if (!current || data.id !== current.id) return;
    if (data.type === 'done') {
      this.#current = null;
      current.resolve(data.result);
    } else if (data.type === 'error') {
      this.#current = null;
      current.reject(Object.assign(new Error(data.error.message), { code: data.error.code }));
    } else {
      current.onEvent(data);
    }
  }

  /** @param {string} message */
  #fail(message) {
    const current = this.#current;
    this.#current = null;
    this.#worker?.terminate();
    this.#worker = null;
    current?.reject(Object.assign(new Error(message), { code: 'analysis-failed' }));
  }
}
