// <sowing-board> embedded in another site: the widget is served from a
// second origin (with Access-Control-Allow-Origin: *), the host page from a
// first one. Two boards, events, isolation, workers, host styles.
import { test, assert, assertEqual } from './lib/harness.mjs';
import { watchErrors } from './lib/browser.mjs';
import { boardReady } from './lib/page.mjs';

test('embed.html (same origin): a replay board and a live board', async (ctx) => {
  const page = await ctx.context.newPage();
  const errors = watchErrors(page);
  await page.goto(ctx.url + 'embed.html');
  await boardReady(page, '#replay');
  await boardReady(page, '#live');
  const replay = page.locator('#replay');
  assertEqual(await replay.locator('.counter').textContent(), '0 / 4', 'replay starts at the start');
  await replay.locator('button[data-act="next"]').click();
  assertEqual(await replay.locator('.counter').textContent(), '1 / 4', 'one step on');
  await replay.locator('button[data-act="last"]').click();
  assertEqual(await replay.locator('.counter').textContent(), '4 / 4', 'at the end');
  await page.screenshot({ path: `${ctx.artifacts}/embed-desktop.png`, fullPage: true });
  const wasmFetches = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm')).length);
  assertEqual(wasmFetches, 1, 'the page fetched the engine once for both boards');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('cross-origin embedding: two boards, events, isolation, worker clean-up, host styles', async (ctx) => {
  const page = await ctx.context.newPage();
  const errors = watchErrors(page);
  await page.goto(ctx.hostUrl + 'host.html');
  await boardReady(page, '#one');
  await boardReady(page, '#two');
  // Board two's AI plays Red; asking it for a hint starts its analysis worker (from a
  // Blob URL, the widget being on another origin) without moving anything.
  const hint = await page.evaluate(() => document.querySelector('#two').hint());
  assert(typeof hint === 'string' && hint.includes('-'), `a hint from the worker (${hint})`);
  const workersBefore = page.workers().length;
  assert(workersBefore >= 1, `a worker runs (${workersBefore})`);
  const twoBefore = await page.evaluate(() => document.querySelector('#two').position);

  const detail = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const one = document.querySelector('#one');
        one.addEventListener('move', (e) => resolve(e.detail), { once: true });
        one.play('a4-b5-a6-b7-a8');
      }),
  );
  assertEqual(detail.move, 'a4-b5-a6-b7-a8', 'move event detail.move');
  assertEqual(detail.position, await page.evaluate(() => document.querySelector('#one').position), 'move event detail.position');
  await page.waitForTimeout(100);
  assertEqual(await page.evaluate(() => document.querySelector('#two').position), twoBefore, 'board two unchanged');
  assertEqual(await page.evaluate(() => document.querySelector('#two').moves), [], 'board two has no moves');

  const reset = await page.evaluate(() => {
    const one = document.querySelector('#one');
    one.reset();
    return { moves: one.moves, outcome: one.outcome, position: one.position };
  });
  assertEqual(reset, { moves: [], outcome: null, position: twoBefore }, 'reset() goes back to the start');

  const bad = await page.evaluate(() => {
    try {
      document.querySelector('#one').play('a1-b2');
      return 'played';
    } catch (e) {
      return e.code;
    }
  });
  assert(bad && bad !== 'played', `illegal move refused (${bad})`);

  // Changing an attribute later updates the board (and its game attribute follows).
  const CASH =
    'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20';
  await page.evaluate((p) => document.querySelector('#one').setAttribute('position', p), CASH);
  await page.waitForFunction((p) => document.querySelector('#one').position === p, CASH);
  assertEqual(await page.evaluate(() => document.querySelector('#one').getAttribute('game')), 'cash-in-hand', 'game attribute');
  const errorEvent = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const one = document.querySelector('#one');
        one.addEventListener('error', (e) => resolve(e.detail), { once: true });
        one.setAttribute('moves', 'c3:99');
      }),
  );
  assert(errorEvent.code && errorEvent.message.includes('c3:99'), `error event for a bad moves attribute: ${JSON.stringify(errorEvent)}`);
  assertEqual(await page.evaluate(() => document.querySelector('#one').position), CASH, 'a bad attribute keeps the game');

  // Host styles: the widget adds no global CSS and defines nothing but the element.
  const styles = await page.evaluate(() => ({
    h1: getComputedStyle(document.querySelector('h1')).color,
    button: getComputedStyle(document.querySelector('#host-button')).backgroundColor,
    sheets: document.styleSheets.length,
    adopted: document.adoptedStyleSheets.length,
  }));
  assertEqual(styles, { h1: 'rgb(1, 2, 3)', button: 'rgb(4, 5, 6)', sheets: 1, adopted: 0 }, 'host styles');
  const newGlobals = await page.evaluate(() =>
    Object.keys(window).filter((k) => !window.keysBeforeWidget.includes(k) && k !== 'keysBeforeWidget'),
  );
  assertEqual(newGlobals, [], 'globals the widget defined');

  const workerGone = new Promise((resolve) => page.workers().forEach((w) => w.once('close', resolve)));
  await page.evaluate(() => document.querySelector('#two').remove());
  await workerGone;
  assertEqual(page.workers().length, workersBefore - 1, 'workers after removing board two');
  assertEqual(errors, [], 'console errors');
  await page.close();
});
