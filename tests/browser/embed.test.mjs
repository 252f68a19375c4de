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
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('cross-origin embedding: two boards, events, isolation, worker clean-up, host styles', async (ctx) => {
  const page = await ctx.context.newPage();
  const errors = watchErrors(page);
  await page.goto(ctx.hostUrl + 'host.html');
  await boardReady(page, '#one');
  await boardReady(page, '#two');
  // Board two plays Blue by AI, so it starts a worker (from a Blob URL here).
  await page.waitForFunction(() => document.querySelector('#two').ply >= 1);
  const workersBefore = page.workers().length;
  assert(workersBefore >= 1, `an AI worker runs (${workersBefore})`);
  const twoBefore = await page.evaluate(() => document.querySelector('#two').position);

  const detail = await page.evaluate(() => new Promise((resolve) => {
    const one = document.querySelector('#one');
    one.addEventListener('move', (e) => resolve(e.detail), { once: true });
    one.play('a4-b5-a6-b7-a8');
  }));
  assertEqual(detail.move, 'a4-b5-a6-b7-a8', 'move event detail.move');
  assertEqual(detail.position, await page.evaluate(() => document.querySelector('#one').position), 'move event detail.position');
  await page.waitForTimeout(100);
  const twoAfter = await page.evaluate(() => document.querySelector('#two').position);
  // Board two may have moved on by its own AI, but never took board one's move.
  assert(!(await page.evaluate(() => document.querySelector('#two').moves.includes('a4-b5-a6-b7-a8'))) || twoBefore === twoAfter,
    'board two did not receive board one\'s move');

  const bad = await page.evaluate(() => { try { document.querySelector('#one').play('a1-b2'); return 'played'; } catch (e) { return e.code; } });
  assert(bad && bad !== 'played', `illegal move refused (${bad})`);

  // Host styles: the widget adds no global CSS and defines nothing but the element.
  const styles = await page.evaluate(() => ({
    h1: getComputedStyle(document.querySelector('h1')).color,
    button: getComputedStyle(document.querySelector('#host-button')).backgroundColor,
    sheets: document.styleSheets.length,
    adopted: document.adoptedStyleSheets.length,
  }));
  assertEqual(styles, { h1: 'rgb(1, 2, 3)', button: 'rgb(4, 5, 6)', sheets: 1, adopted: 0 }, 'host styles');

  const workerGone = new Promise((resolve) => page.workers().forEach((w) => w.once('close', resolve)));
  await page.evaluate(() => document.querySelector('#two').remove());
  await workerGone;
  assertEqual(page.workers().length, workersBefore - 1, 'workers after removing board two');
  assertEqual(errors, [], 'console errors');
  await page.close();
});
