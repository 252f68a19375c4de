// The AI's turns for one board: one worker (started when first needed), the
// "thinking" state, and a generation count so that an answer for a game
// that has changed meanwhile is dropped rather than played. Also the
// device's speed readings, which the first worker to play a game on node
// budgets takes, every answer brings up to date and every board of the page
// then reuses (device-speed.js). The worker's client (ai-client.js) loads
// with the first request, so that a board is playable without it.

/** @typedef {import('./device-speed.js').SpeedReadings} SpeedReadings */
/** What a worker measured: the device's speed in a game, the levels whose
 * node budgets do not fit their deadlines there (they play on less), and
 * the readings the speed rests on.
 * @typedef {{game: string, nodesPerMs: number, weakerLevels: number[], readings: SpeedReadings}} DeviceReport */
/** What the board's `device` event tells. @typedef {Omit<DeviceReport, 'readings'>} DeviceNews */
/** A request plays on node budgets with the page's safety deadlines when it
 * has `device` (the worker then fits the level's budget to the device at
 * the speed of `readings`, or of a probe it runs when there are none).
 * @typedef {{game: string, readings?: SpeedReadings, deadlines: Record<number, number>}} DeviceFit */
/** @typedef {{position: string, moves: string[], rules: object, level: number, seed: number, budgetMs?: number, device?: DeviceFit}} AiRequest */

/** The page's measurements, by game. @type {Map<string, DeviceReport>} */
const measured = new Map();
/** Speeds given rather than measured (`assumeSpeed`), by game. @type {Map<string, number>} */
const assumed = new Map();

/** The levels that play weaker on this device in `game` (none until measured). @param {string} game */
export const weakerLevels = (game) => [...(measured.get(game)?.weakerLevels ?? [])];

/** Takes `nodesPerMs` as the device's speed in `game` in place of measuring
 * it, for the next board to play it: the browser tests play as a slow device
 * would (a browser slows no worker's CPU on request).
 * @param {string} game @param {number} nodesPerMs */
export function assumeSpeed(game, nodesPerMs) {
  assumed.set(game, nodesPerMs);
}

export class AiTurns {
  /** @type {import('./ai-client.js').AiClient | null} */
  #client = null;
  #generation = 0;
  #thinking = false;
  #timer = 0;
  /** @type {(on: boolean) => void} */
  #onThinking;
  /** @type {(report: DeviceNews) => void} */
  #onDevice;

  /** `onDevice`: after the first measurement of the device in a game, and
   * when a move's measure changes the levels that play weaker there.
   * @param {{onThinking: (on: boolean) => void, onDevice: (report: DeviceNews) => void}} hooks */
  constructor({ onThinking, onDevice }) {
    this.#onThinking = onThinking;
    this.#onDevice = onDevice;
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
      const { AiClient } = await import('./ai-client.js');
      if (generation !== this.#generation) return null; // cancelled meanwhile: no search to stop later
      this.#client ??= new AiClient();
      const { device } = request;
      const assumedSpeed = device && assumed.get(device.game);
      const readings =
        device && (measured.get(device.game)?.readings ?? (assumedSpeed ? { probe: assumedSpeed, recent: [], idle: 0 } : undefined));
      const fit = device && readings ? { ...request, device: { ...device, readings } } : request;
      const { move, device: report } = await this.#client.answer(fit);
      if (report) {
        const before = measured.get(report.game);
        measured.set(report.game, report);
        if (!before || String(before.weakerLevels) !== String(report.weakerLevels)) {
          const { game, nodesPerMs, weakerLevels } = report;
          this.#onDevice({ game, nodesPerMs, weakerLevels });
        }
      }
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
