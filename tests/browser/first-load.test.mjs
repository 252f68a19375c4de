// The first load: what a first visit fetches before the board is playable
// stays within its byte budget (gzip -9, never a time), the page's modules
// that the first move does not need come after, and a control whose module
// is still on its way says so and then does its work. Each test opens its
// own browser profile (cold cache, no service worker: the shared context's
// worker would serve the files from its copy).
import { test, assert, assertEqual } from './lib/harness.mjs';
import { launch, watchErrors } from './lib/browser.mjs';
import { firstLoad, totals } from './lib/first-load.mjs';
import { clickCell } from './lib/page.mjs';

/** Everything the app page fetches before its board is playable, gzip -9,
 * at most (the budget; 174.0 KB measured on 2026-12-06). */
export const FIRST_LOAD_BUDGET = 180_000;

/** Modules of first use: none of them may be fetched before the board is playable. */
const LAZY = [
  '/analysis/analysis.js',
  '/analysis/editor.js',
  '/analysis/board-analysis.js',
  '/analysis/client.js',
  '/app/link-play.js',
  '/app/sharing.js',
  '/app/history-ui.js',
  '/app/history-record.js',
  '/board/ai-client.js',
  '/app/dialogs.html',
  '/app/analysis-panel.html',
  '/learn/mistakes.js',
];

const kb = (/** @type {number} */ n) => `${(n / 1000).toFixed(1)} KB`;

/** The first load, once per run (a cold profile): the resources fetched before the board is playable. */
let measured = /** @type {Promise<{paths: string[], gzip: number, parts: string}> | null} */ (null);
/** @param {string} url */
function measure(url) {
  measured ??= (async () => {
    const { context, close } = await launch({ serviceWorkers: 'block' });
    try {
      /** @type {string[]} */
      let errors = [];
      const { resources, page } = await firstLoad(context, url, {
        before: async (p) => {
          errors = watchErrors(p);
        },
      });
      // The modules of first use do come: fetched once the board is playable, when the page is idle.
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/analysis/analysis.js')));
      assertEqual(errors, [], 'errors on the first load');
      const { byKind, gzip } = totals(resources);
      const parts = Object.entries(byKind)
        .sort((a, b) => b[1].gzip - a[1].gzip)
        .map(([kind, t]) => `${kind} ${kb(t.gzip)}`)
        .join(', ');
      return { paths: resources.map((r) => new URL(r.url).pathname), gzip, parts };
    } finally {
      await close();
    }
  })();
  return measured;
}

test('first load: the modules of first use come after the board is playable, and what comes before is preloaded by the page', async (ctx) => {
  const { paths } = await measure(ctx.url);
  assertEqual(
    LAZY.filter((p) => paths.includes(p)),
    [],
    'modules of first use fetched before the board is playable',
  );
  // What the first load needs is named up front (index.html), so that it
  // comes at once rather than import by import: every module and the wasm
  // fetched before the board is playable is preloaded, and every preload is used.
  const html = await (await fetch(ctx.url)).text();
  const preloaded = [...html.matchAll(/<link rel="(?:modulepreload|preload)" href="([^"]+)"/g)].map((m) => `/${m[1]}`);
  const entry = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => `/${m[1]}`);
  const needed = paths.filter((p) => /\.(js|wasm)$/.test(p) && !entry.includes(p));
  assertEqual(
    needed.filter((p) => !preloaded.includes(p)),
    [],
    'modules and wasm of the first load not preloaded by index.html',
  );
  assertEqual(
    preloaded.filter((p) => !paths.includes(p)),
    [],
    'preloads of index.html the first load does not use',
  );
});

test('first load: everything fetched before the board is playable is within its budget (180 KB gzip)', async (ctx) => {
  const { gzip, parts } = await measure(ctx.url);
  assert(gzip <= FIRST_LOAD_BUDGET, `the first load is ${kb(gzip)} gzip (${parts}): over its budget of ${kb(FIRST_LOAD_BUDGET)}`);
  console.log(`     first load ${kb(gzip)} gzip (${parts}): budget ${kb(FIRST_LOAD_BUDGET)}`);
});

test('first use: the Analysis, Rules and My games buttons are busy until their modules or markup arrive, then open', async (ctx) => {
  const { context, close } = await launch({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The two modules and the dialogs' markup are held on the way (a slow network) until released.
    /** @type {Record<string, () => void>} */
    const release = {};
    for (const file of ['analysis/analysis.js', 'app/history-ui.js', 'app/dialogs.html']) {
      const held = new Promise((resolve) => {
        release[file] = () => resolve(null);
      });
      await page.route(`**/${file}`, async (route) => {
        await held;
        await route.continue();
      });
    }
    await page.goto(ctx.url);
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    await page.click('#analyse');
    await page.waitForSelector('#analyse[aria-busy="true"]');
    assert(await page.locator('#analysis').isHidden(), 'no analysis panel before its module');
    await page.click('#history');
    await page.waitForSelector('#history[aria-busy="true"]');
    // A second click while it loads is not a second toggle: the panel opens once.
    await page.click('#analyse');
    release['analysis/analysis.js']();
    await page.waitForSelector('#analysis:not([hidden])');
    await page.waitForSelector('#analyse:not([aria-busy])', { state: 'attached' });
    assertEqual(await page.getAttribute('#analyse', 'aria-pressed'), 'true', 'the analysis is on');
    // The panel has its styles (loaded with the module): a flex column.
    assertEqual(await page.$eval('#analysis', (el) => getComputedStyle(el).display), 'flex', 'the panel styled');
    // The rules' dialog: its markup comes with the first click (or when idle).
    await page.click('#help');
    await page.waitForSelector('#help[aria-busy="true"]');
    assertEqual(await page.locator('#help-dialog').count(), 0, 'no rules dialog before its markup');
    release['app/dialogs.html']();
    await page.waitForSelector('#help-dialog[open]');
    await page.waitForSelector('#help:not([aria-busy])', { state: 'attached' });
    // Its example boards are made on opening, and play from their attributes.
    await page.waitForFunction(() => [...document.querySelectorAll('#help-dialog .mini sowing-board')].every((b) => b.position));
    await page.keyboard.press('Escape');
    await page.waitForSelector('#help-dialog:not([open])', { state: 'attached' });
    release['app/history-ui.js']();
    await page.waitForSelector('#history-dialog[open]');
    await page.waitForSelector('#history:not([aria-busy])', { state: 'attached' });
    assertEqual(errors, [], 'errors');
  } finally {
    await close();
  }
});

test("first use: moves played before My games' recorder arrives are recorded when it does", async (ctx) => {
  const { context, close } = await launch({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The recorder is held on the way (a slow network) until released.
    let release = () => {};
    const held = new Promise((resolve) => {
      release = () => resolve(null);
    });
    await page.route('**/app/history-record.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(ctx.url);
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    await page.click('#animation');
    await page.selectOption('#level', '1');
    for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(page, cell);
    await page.waitForFunction(() => {
      const board = /** @type {any} */ (document.querySelector('#board'));
      return board.ply === 2 && !board.thinking;
    });
    await page.click('#hint'); // help before the recorder arrives: the record says so
    assertEqual(
      await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/app/history-record.js'))),
      false,
      'the recorder still on its way',
    );
    release();
    await page.click('#history');
    await page.waitForSelector('#history-dialog[open] #history-list li');
    const rows = await page.$$eval('#history-list li', (lis) => lis.map((li) => li.textContent ?? ''));
    assertEqual(rows.length, 1, `one game listed: ${rows}`);
    assert(/Intermedium · AI level 1 · you first/.test(rows[0]) && /in progress/.test(rows[0]), `the game in progress: ${rows[0]}`);
    assert(/2 moves/.test(rows[0]), `both moves recorded: ${rows[0]}`);
    const stored = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const req = indexedDB.open('sowboard-history');
          req.onsuccess = () => {
            const all = req.result.transaction('games').objectStore('games').getAll();
            all.onsuccess = () => resolve(all.result.map((r) => ({ moves: r.moves.length, assisted: r.assisted, fromPly: r.fromPly })));
            all.onerror = () => reject(all.error);
          };
          req.onerror = () => reject(req.error);
        }),
    );
    assertEqual(stored, [{ moves: 2, assisted: true, fromPly: 0 }], 'the record: both moves, from the start, with the hint');
    assertEqual(errors, [], 'errors');
  } finally {
    await close();
  }
});
