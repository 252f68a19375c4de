// One AI worker per board. Starts the worker lazily, matches replies to
// requests, and can be terminated when the board leaves the page.

const WORKER_URL = new URL('../ai-worker.js', import.meta.url);

/** Starts the AI worker (or another module worker of ours at `url`). A page may not start a worker straight from another
 * origin's URL, so a widget served from elsewhere starts it from a same-origin
 * Blob URL that only imports the real worker module. On our own origin the
 * direct URL is used, which keeps a strict CSP (no blob:) working. */
export function startWorker(url = WORKER_URL, name = 'sowing-ai') {
  if (url.origin === location.origin) {
    return new Worker(url, { type: 'module', name });
  }
  const source = `import ${JSON.stringify(url.href)};`;
  const blobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  try {
    return new Worker(blobUrl, { type: 'module', name });
  } finally {
    // The worker has its own reference to the script once constructed... but
    // only after it fetched it; revoke a little later.
    setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  }
}

/** @typedef {{move: string | null, device: import('./ai-turns.js').DeviceReport | null}} AiAnswer */

export class AiClient {
  /** @type {Worker | null} */
  #worker = null;
  /** @type {Map<number, {resolve: (answer: AiAnswer) => void, reject: (err: Error) => void}>} */
  #pending = new Map();
  #nextId = 1;

  /** Asks for a move. Resolves to the move text (or null if the game is over).
   * @param {import('./ai-turns.js').AiRequest} request
   * @returns {Promise<string | null>} */
  request(request) {
    return this.answer(request).then(({ move }) => move);
  }

  /** Asks for a move, as `request`, and resolves to it with, for a request
   * with `device`, what the worker knows of the device.
   * @param {import('./ai-turns.js').AiRequest} request
   * @returns {Promise<AiAnswer>} */
  answer({ position, moves, rules, level, seed, budgetMs, device }) {
    let worker = this.#worker;
    if (!worker) {
      worker = startWorker();
      worker.onmessage = (e) => this.#reply(e.data);
      worker.onerror = (e) => this.#failAll(e.message || 'the AI worker failed to start');
      this.#worker = worker;
    }
    const id = this.#nextId++;
    const ready = worker;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      ready.postMessage({ id, position, moves, rules, level, seed, budgetMs, device });
    });
  }

  #reply({ id, move, device, error }) {
    const waiting = this.#pending.get(id);
    if (!waiting) return;
    this.#pending.delete(id);
    if (error) {
      const err = /** @type {Error & {code?: string}} */ (new Error(error.message));
      err.code = error.code;
      waiting.reject(err);
    } else {
      waiting.resolve({ move, device: device ?? null });
    }
  }

  #failAll(message) {
    for (const { reject } of this.#pending.values()) {
      const err = /** @type {Error & {code?: string}} */ (new Error(message));
      err.code = 'ai-failed';
      reject(err);
    }
    this.#pending.clear();
    this.terminate();
  }

  get busy() {
    return this.#pending.size > 0;
  }

  /** Stops the worker; pending requests never settle (their callers have moved on). */
  terminate() {
    this.#worker?.terminate();
    this.#worker = null;
    this.#pending.clear();
  }
}
