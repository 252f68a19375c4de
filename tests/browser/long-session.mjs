// The long-session check (issue 16 item 2): a separate command, not part of
// ./test.sh (it runs for many minutes). Needs a built www/ (./build.sh).
//   node tests/browser/long-session.mjs [--games N] [--boards N] [--parallel N] [--quiet-limit N]
// 1. One page plays N AI-vs-AI games at level 1 in each game, back to back,
//    on `parallel` boards at once (each board restarts with reset() when its
//    game ends). After a warm-up, the page's JS heap (DevTools protocol,
//    after a forced garbage collection) and the wasm memories (the page's
//    engine and every AI worker's) must grow by less than 10%.
// 2. A host page creates and removes N boards, one after another; JS heap
//    after warm-up within 10%, no AI worker and no window/document listener
//    left behind.
// No console error or exception anywhere. Prints the figures, exits 1 on a
// failed check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, watchErrors } from './lib/browser.mjs';
import { serve } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const www = path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www'));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const GAMES = arg('games', 200);
const BOARDS = arg('boards', 500);
const PARALLEL = arg('parallel', 8);
// Games end by the rules; a shorter quiet-ply limit (a rule option players
// have too) keeps level-1 Cash in Hand games from running for hundreds of
// plies, so the run takes minutes, not hours. 0 keeps the default.
const QUIET = arg('quiet-limit', 40);
const GROWTH = 0.1;

if (!fs.existsSync(path.join(www, 'pkg/sowboard_bg.wasm'))) {
  console.error('www/pkg is missing: run ./build.sh first');
  process.exit(2);
}

const widget = await serve({ root: www, cors: true });
const hostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sowboard-long-'));
fs.writeFileSync(
  path.join(hostDir, 'host.html'),
  `<!doctype html>
<html><head><meta charset="utf-8"><title>long session</title><link rel="icon" href="data:,">
<script type="module" src="${widget.url}widget.js"></script>
<script type="module">window.engineModule = '${widget.url}pkg/sowboard.js';</script></head>
<body><div id="boards"></div></body></html>`,
);
const host = await serve({ root: hostDir });

const failures = [];
const check = (ok, text) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
  if (!ok) failures.push(text);
};
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(2)} MB`;

const { context, close } = await launch();
try {
  const page = await context.newPage();
  const errors = watchErrors(page);
  page.on('crash', () => failures.push('the page crashed'));
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');

  /** JS heap after a forced collection, and the wasm memories (page + workers). */
  async function memory() {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const pageWasm = await page.evaluate(async () => {
      const mod = await import(/** @type {any} */ (window).engineModule);
      return (await mod.default()).memory.buffer.byteLength;
    });
    let workerWasm = 0;
    for (const w of page.workers()) {
      workerWasm += await w
        .evaluate(async (url) => {
          const mod = await import(url);
          return (await mod.default()).memory.buffer.byteLength;
        }, `${widget.url}pkg/sowboard.js`)
        .catch(() => 0);
    }
    return { heap: usedSize, pageWasm, workerWasm, workers: page.workers().length };
  }

  async function listeners() {
    const count = async (expr) => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: expr });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
      await cdp.send('Runtime.releaseObject', { objectId: result.objectId });
      return listeners.length;
    };
    return (await count('window')) + (await count('document'));
  }

  /** Waits until `n` games have ended, saying how far it is once a minute. */
  async function gamesDone(n) {
    for (let last = Date.now(); ;) {
      const { finished, plies, moving, boardErrors } = await page.evaluate(() => {
        const w = /** @type {any} */ (window);
        const moving = [...document.querySelectorAll('sowing-board')].map((b) => {
          const x = /** @type {any} */ (b);
          return `${x.moves.length}${x.outcome ? '(' + x.outcome.reason + ')' : ''}`;
        });
        return { finished: w.finished, plies: w.plies, moving, boardErrors: w.boardErrors ?? [] };
      });
      if (boardErrors.length) throw new Error(`a board reported errors: ${boardErrors.slice(0, 3).join(' | ')}`);
      if (finished >= n) return;
      if (Date.now() - last > 60_000) {
        console.log(`  ... ${finished} games (${plies} plies) done; boards at plies ${moving.join(', ')}`);
        last = Date.now();
      }
      await page.waitForTimeout(1000);
    }
  }

  await page.goto(`${host.url}host.html`);
  await page.waitForFunction(() => customElements.get('sowing-board'));

  // ---- 1. games back to back -------------------------------------------------
  for (const game of ['intermedium', 'cash-in-hand']) {
    const started = Date.now();
    await page.evaluate(
      ({ game, parallel, quiet }) => {
        const box = document.getElementById('boards');
        box.replaceChildren();
        const w = /** @type {any} */ (window);
        w.finished = 0;
        w.plies = 0;
        for (let i = 0; i < parallel; i++) {
          const b = document.createElement('sowing-board');
          b.setAttribute('game', game);
          b.setAttribute('ai', 'both');
          b.setAttribute('level', '1');
          b.setAttribute('animation', 'off');
          if (quiet) b.setAttribute('quiet-limit', String(quiet));
          b.style.width = '240px';
          b.style.display = 'inline-block';
          b.addEventListener('error', (e) => {
            (w.boardErrors ??= []).push(`${game}: ${JSON.stringify(/** @type {any} */ (e).detail)}`);
          });
          b.addEventListener('gameover', () => {
            w.finished++;
            w.plies += /** @type {any} */ (b).moves.length;
            if (w.halt) return;
            setTimeout(() => /** @type {any} */ (b).reset(), 0);
          });
          box.append(b);
        }
      },
      { game, parallel: PARALLEL, quiet: QUIET },
    );
    const warmup = Math.min(20, Math.floor(GAMES / 5));
    await gamesDone(warmup);
    const before = await memory();
    // A middle reading tells steady growth (a leak) from a late warm-up.
    await gamesDone(Math.floor((warmup + GAMES) / 2));
    const middle = await memory();
    await gamesDone(GAMES);
    await page.evaluate(() => {
      /** @type {any} */ (window).halt = true;
    });
    const after = await memory();
    const { finished, plies } = await page.evaluate(() => ({
      finished: /** @type {any} */ (window).finished,
      plies: /** @type {any} */ (window).plies,
    }));
    const minutes = ((Date.now() - started) / 60000).toFixed(1);
    console.log(`${game}: ${finished} games, ${plies} plies, ${minutes} min on ${PARALLEL} boards (quiet-limit ${QUIET || 'default'})`);
    console.log(
      `  after ${warmup} games: heap ${mb(before.heap)}, page wasm ${mb(before.pageWasm)}, workers' wasm ${mb(before.workerWasm)} (${before.workers} workers)`,
    );
    console.log(
      `  after ${Math.floor((warmup + GAMES) / 2)} games: heap ${mb(middle.heap)}, page wasm ${mb(middle.pageWasm)}, workers' wasm ${mb(middle.workerWasm)}`,
    );
    console.log(
      `  after ${finished} games: heap ${mb(after.heap)}, page wasm ${mb(after.pageWasm)}, workers' wasm ${mb(after.workerWasm)} (${after.workers} workers)`,
    );
    check(after.heap < before.heap * (1 + GROWTH), `${game}: JS heap grew ${(100 * (after.heap / before.heap - 1)).toFixed(1)}% (< 10%)`);
    check(
      after.pageWasm <= before.pageWasm * (1 + GROWTH),
      `${game}: page wasm memory grew ${(100 * (after.pageWasm / before.pageWasm - 1)).toFixed(1)}%`,
    );
    check(
      after.workerWasm <= before.workerWasm * (1 + GROWTH),
      `${game}: workers' wasm memory grew ${(100 * (after.workerWasm / Math.max(1, before.workerWasm) - 1)).toFixed(1)}%`,
    );
    await page.evaluate(() => {
      document.getElementById('boards').replaceChildren();
      /** @type {any} */ (window).halt = false;
    });
  }

  // ---- 2. boards created and removed -----------------------------------------
  await page.waitForFunction(() => true);
  const baseListeners = await listeners();
  const make = (n) =>
    page.evaluate(async (n) => {
      const box = document.getElementById('boards');
      for (let i = 0; i < n; i++) {
        const b = document.createElement('sowing-board');
        b.setAttribute('game', i % 2 ? 'cash-in-hand' : 'intermedium');
        // Every other board has an AI to move first, so it starts a worker.
        if (i % 4 === 1) {
          b.setAttribute('ai', 'white');
          b.setAttribute('level', '1');
        }
        box.append(b);
        await new Promise((resolve) => b.addEventListener('ready', resolve, { once: true }));
        if (i % 4 === 1) await new Promise((resolve) => b.addEventListener('move', resolve, { once: true }));
        b.remove();
      }
    }, n);
  const warm = Math.min(50, Math.floor(BOARDS / 5));
  await make(warm);
  await page.waitForTimeout(500);
  const before = await memory();
  const t = Date.now();
  await make(BOARDS - warm);
  await page.waitForTimeout(500);
  const after = await memory();
  const afterListeners = await listeners();
  console.log(`boards: ${BOARDS} created and removed in ${((Date.now() - t) / 1000).toFixed(0)} s (after warm-up of ${warm})`);
  console.log(
    `  heap ${mb(before.heap)} -> ${mb(after.heap)}; page wasm ${mb(before.pageWasm)} -> ${mb(after.pageWasm)}; workers ${before.workers} -> ${after.workers}; window+document listeners ${baseListeners} -> ${afterListeners}`,
  );
  check(after.heap < before.heap * (1 + GROWTH), `boards: JS heap grew ${(100 * (after.heap / before.heap - 1)).toFixed(1)}% (< 10%)`);
  check(
    after.pageWasm <= before.pageWasm * (1 + GROWTH),
    `boards: page wasm memory grew ${(100 * (after.pageWasm / before.pageWasm - 1)).toFixed(1)}%`,
  );
  check(after.workers === 0, `boards: ${after.workers} AI workers left behind`);
  check(afterListeners <= baseListeners, `boards: window/document listeners ${baseListeners} -> ${afterListeners}`);
  check(errors.length === 0, `no console errors (${errors.length}${errors.length ? ': ' + errors.slice(0, 3).join(' | ') : ''})`);
} finally {
  await close();
  for (const s of [widget, host]) s.server.close();
  fs.rmSync(hostDir, { recursive: true, force: true });
}
console.log(failures.length ? `${failures.length} checks failed` : 'all checks passed');
process.exit(failures.length ? 1 : 0);
