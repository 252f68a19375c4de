// The app's first load as a visitor meets it: what the page fetches before
// its board is playable, and when that is. "Playable": the app has restored
// its game (html[data-app-ready], what every browser test waits on) and a
// click on a stack of the side to move starts a move (the board's `build`
// event, its origin highlighted). Shared by the byte budget
// (first-load.test.mjs, first-load-bytes.mjs) and the benchmark
// (bench-first-load.mjs).
import zlib from 'node:zlib';
import { clickCell } from './page.mjs';

/** The stack clicked: Blue's a4, a legal origin at the start of Intermedium (the page's default game). */
export const FIRST_ORIGIN = 'a4';
/** A first move from it (the rules' example), to ask the AI for its reply. */
export const FIRST_MOVE = ['a4', 'b5', 'a6', 'b7', 'a8'];

/** The kind of a resource, by its address. @param {string} url */
export function kindOf(url) {
  const { pathname } = new URL(url);
  if (pathname.endsWith('/') || pathname.endsWith('.html')) return 'html';
  const ext = /\.([a-z0-9]+)$/.exec(pathname)?.[1] ?? '';
  if (ext === 'js' || ext === 'mjs') return 'js';
  if (ext === 'css') return 'css';
  if (ext === 'wasm') return 'wasm';
  if (['woff', 'woff2', 'ttf', 'otf'].includes(ext)) return 'font';
  if (['svg', 'png', 'ico', 'webp'].includes(ext)) return 'icon';
  if (ext === 'webmanifest' || ext === 'json') return 'manifest/json';
  return 'other';
}

/** Who made a request: the page, a worker, or the service worker (its copy of the site).
 * @param {import('playwright-core').Request} r */
function requester(r) {
  if (r.serviceWorker()) return 'service worker';
  try {
    r.frame();
    return 'page';
  } catch {
    return 'worker';
  }
}

/** gzip -9 size of a body. @param {Buffer} body */
export const gzipSize = (body) => zlib.gzipSync(body, { level: 9 }).length;

/**
 * Opens the app at `url` in a new page of `context` (a fresh profile: cold
 * cache, no service worker yet) and records every request until the board
 * is playable. `before(page)` runs before the navigation (network or CPU
 * throttling through a CDP session). With `aiReply`, then plays the first
 * move by clicks and waits for the AI's answer.
 * Resolves to the times (ms since the navigation started: `playableMs` the
 * page's board-playable mark, `clickMs` the board taking the click sent
 * then, `aiReplyMs` the AI's first move on the board) and the resources
 * requested before the board was playable, each with its raw and gzip -9
 * size; `later` lists those requested after it (lazy modules, prefetches,
 * the service worker's copy of the site).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 * @param {{before?: (page: import('playwright-core').Page) => Promise<void>, aiReply?: boolean}} [options]
 */
export async function firstLoad(context, url, { before, aiReply = false } = {}) {
  /** @type {import('playwright-core').Request[]} */
  const requests = [];
  const onRequest = (/** @type {import('playwright-core').Request} */ r) => requests.push(r);
  context.on('request', onRequest);
  const page = await context.newPage();
  try {
    if (before) await before(page);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 120_000 });
    const board = '#board';
    // The moment the board takes the click (its `build` event), on the page's clock (ms since the navigation started).
    await page.evaluate((s) => {
      document.querySelector(s)?.addEventListener(
        'build',
        () => {
          /** @type {any} */ (window).__playableAt ??= performance.now();
        },
        { once: true },
      );
    }, board);
    await clickCell(page, FIRST_ORIGIN, board);
    await page.waitForFunction(() => /** @type {any} */ (window).__playableAt != null, null, { timeout: 60_000 });
    const origin = await page.evaluate((s) => /** @type {any} */ (document.querySelector(s)).building?.origin ?? null, board);
    if (origin !== FIRST_ORIGIN) throw new Error(`the click on ${FIRST_ORIGIN} started no move there (building from ${origin})`);
    // The page marks the moment its game is restored and the board takes
    // input (`board-playable`, with html[data-app-ready]); the click above
    // shows that it does. What the page asks for after that mark (the
    // modules of first use, fetched when it is idle) is not needed to play.
    const { playableMs, clickMs, timeOrigin } = await page.evaluate(() => ({
      playableMs: performance.getEntriesByName('board-playable')[0]?.startTime ?? NaN,
      clickMs: /** @type {any} */ (window).__playableAt,
      timeOrigin: performance.timeOrigin,
    }));
    if (!(playableMs > 0)) throw new Error('the page set no board-playable mark');
    let aiReplyMs = null;
    let aiAfterMoveMs = null;
    if (aiReply) {
      for (const cell of FIRST_MOVE.slice(1)) await clickCell(page, cell, board);
      await page.waitForFunction((s) => /** @type {any} */ (document.querySelector(s)).ply >= 1, board);
      const moved = await page.evaluate(() => performance.now());
      await page.waitForFunction((s) => /** @type {any} */ (document.querySelector(s)).ply >= 2, board, { timeout: 120_000 });
      aiReplyMs = await page.evaluate(() => performance.now());
      aiAfterMoveMs = aiReplyMs - moved;
    }
    const playableAt = timeOrigin + playableMs;
    const resources = [];
    const later = [];
    for (const r of [...requests]) {
      const response = await r.response().catch(() => null);
      let body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      // The browser keeps no body of the service worker's requests: the same address again.
      if (!body.length && response?.ok()) body = Buffer.from(await (await fetch(r.url())).arrayBuffer());
      const start = r.timing().startTime;
      const entry = {
        url: r.url(),
        kind: kindOf(r.url()),
        status: response?.status() ?? 0,
        raw: body.length,
        gzip: body.length ? gzipSize(body) : 0,
        by: requester(r),
        early: start > 0 && start <= playableAt,
      };
      if (entry.early && entry.by !== 'service worker') resources.push(entry);
      else later.push(entry);
    }
    return { playableMs, clickMs, aiReplyMs, aiAfterMoveMs, resources, later, page };
  } finally {
    context.off('request', onRequest);
  }
}

/** The resources' gzip and raw bytes per kind, and in all. @param {{kind: string, raw: number, gzip: number}[]} resources */
export function totals(resources) {
  /** @type {Record<string, {files: number, raw: number, gzip: number}>} */
  const byKind = {};
  let raw = 0,
    gzip = 0;
  for (const r of resources) {
    const t = (byKind[r.kind] ??= { files: 0, raw: 0, gzip: 0 });
    t.files++;
    t.raw += r.raw;
    t.gzip += r.gzip;
    raw += r.raw;
    gzip += r.gzip;
  }
  return { byKind, raw, gzip };
}
