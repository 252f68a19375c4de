// The AI's turns for one board: one worker (started when first needed), the
// "thinking" state, and a generation count so that an answer for a game
// that has changed meanwhile is dropped rather than played.
import { AiClient } from './ai-client.js';

/** @typedef {{position: string, moves: string[], rules: object, level: number, seed: number, budgetMs?: number}} AiRequest */

export class AiTurns {
  /** @type {AiClient | null} */
  #client = null;
  #generation = 0;
  #thinking = false;
  #timer = 0;
  /** @type {(on: boolean) => void} */
  #onThinking;

  /** @param {{onThinking: (on: boolean) => void}} hooks */
  constructor({ onThinking }) {
    this.#onThinking = onThinking;
  }

  get thinking() {
    return this.#thinking;
  }

  /**
   * Asks the worker for a move. Resolves to the move, or to null when the
   * game changed (`cancel`) ahead of the answer; a failure is thrown only
   * while it is still current.
   * @param {AiRequest} request
   * @returns {Promise<string | null>}
   */
  async ask(request) {
    const generation = this.#generation;
    this.#setThinking(true);
    try {
      this.#client ??= new AiClient();
      const move = await this.#client.request(request);
      return generation === this.#generation ? move : null;
    } catch (err) {
      if (generation !== this.#generation) return null;
      throw err;
    } finally {
      if (generation === this.#generation) this.#setThinking(false);
    }
  }

  /** Runs `turn` after `delayMs` unless cancelled first. @param {() => void} turn @param {number} delayMs */
  schedule(turn, delayMs) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(turn, delayMs);
  }

  /** Forgets any search under way and any turn scheduled. */
  cancel() {
    clearTimeout(this.#timer);
    this.#generation++;
    this.#setThinking(false);
    // A search for a position that is gone would hold up the next request in
    // the worker's queue: stop that worker; a fresh one starts when needed.
    if (this.#client?.busy) {
      this.#client.terminate();
      this.#client = null;
    }
  }

  /** Stops everything, the worker too (the board left the page). */
  dispose() {
    this.cancel();
    this.#client?.terminate();
    this.#client = null;
  }

  /** @param {boolean} on */
  #setThinking(on) {
    if (this.#thinking === on) return;
    this.#thinking = on;
    this.#onThinking(on);
  }
}
