// A slow device: the AI measures the device's speed the first time it plays
// on node budgets, a level whose budget would not end inside its safety
// deadline plays on what fits, and the level menu says which levels play
// weaker here. A browser slows no worker's CPU on request (the DevTools
// protocol throttles pages only), so the slow device is a speed given to the
// page's AI (`assumeSpeed`) before the game; the measuring itself is checked
// on this machine, by what it reports, never by how long it took.
import { test, assert, assertEqual } from './lib/harness.mjs';
import { boardState, clickCell, freshApp } from './lib/page.mjs';

/** The level menu's option texts. @param {import('playwright-core').Page} page */
const menu = (page) => page.locator('#level option').allTextContents();

/** Plays a4-b5-a6-b7-a8 by clicking, as a person does, and waits for the AI's answer. */
async function moveAndAwaitAi(page) {
  for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(page, cell);
  await page.waitForFunction(() => document.querySelector('sowing-board').ply === 2, null, { timeout: 300_000 });
}

test('a device too slow for level 8: the menu says it plays weaker, and the AI still answers', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  const before = await menu(page);
  assert(!before.some((t) => /weaker/.test(t)), `no level is marked before the AI has measured: ${before}`);
  // 125 nodes a millisecond: about twenty times slower than a desktop in
  // the page's engine. Level 8's 630 000 nodes (945 000 at most) do not fit
  // half of its 8 s; level 7's 206 250 do.
  await page.evaluate(async () => (await import('/board/ai-turns.js')).assumeSpeed('intermedium', 125));
  await page.selectOption('#level', '8');
  const device = page.evaluate(
    () =>
      new Promise((resolve) => document.querySelector('sowing-board').addEventListener('device', (e) => resolve(e.detail), { once: true })),
  );
  await moveAndAwaitAi(page);
  const detail = await device;
  assertEqual(detail.game, 'intermedium', 'the event names the game');
  assertEqual(detail.weakerLevels, [8], 'the levels that play weaker at this speed');
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').weakerLevels), [8], 'the property');
  const after = await menu(page);
  assertEqual(after[7], '8 (weaker on this device)', 'the menu says so');
  assert(
    after.slice(0, 7).every((t) => !/weaker/.test(t)),
    `only level 8 is marked: ${after}`,
  );
  assertEqual(await page.locator('#level').inputValue(), '8', 'the level chosen stays chosen');
  // The engine played the AI's answer: a move it refused would not be on the record.
  const state = await boardState(page);
  assertEqual(state.moves.length, 2, `the AI answered (${state.moves})`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

/** A shared game's link (`#p=...&m=...`) of `game`'s start position, as the page's engine writes it.
 * @param {import('playwright-core').Page} page @param {string} game */
const startLink = (page, game) =>
  page.evaluate(async (game) => {
    const { Game } = await (await import('/engine.js')).loadEngine();
    const g = new Game(game);
    const position = g.position();
    g.free();
    return `#${new URLSearchParams({ p: position })}`;
  }, game);

/** Opens the share link `hash` in the page and reads the dialog's level menu, then closes it unopened.
 * @param {import('playwright-core').Page} page @param {string} hash */
async function linkMenu(page, hash) {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.waitForSelector('#link-dialog[open]');
  const texts = await page.locator('#link-level option').allTextContents();
  await page.keyboard.press('Escape');
  await page.waitForSelector('#link-dialog:not([open])', { state: 'attached' });
  return texts;
}

test('the level menu of a shared game says which levels play weaker on this device, in that game', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  const intermedium = await startLink(page, 'intermedium');
  const cash = await startLink(page, 'cash-in-hand');
  await page.evaluate(async () => (await import('/board/ai-turns.js')).assumeSpeed('intermedium', 125));
  await page.selectOption('#level', '8');
  await moveAndAwaitAi(page);
  assertEqual((await menu(page))[7], '8 (weaker on this device)', 'the main menu says so');
  const shared = await linkMenu(page, intermedium);
  assertEqual(shared[7], '8 (weaker on this device)', `the shared game's menu says so too: ${shared}`);
  assert(
    shared.slice(0, 7).every((t) => !/weaker/.test(t)),
    `only level 8 is marked: ${shared}`,
  );
  // The device was measured in Intermedium only: a Cash in Hand game's levels are not marked.
  const other = await linkMenu(page, cash);
  assert(!other.some((t) => /weaker/.test(t)), `no level of Cash in Hand is marked: ${other}`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('the AI measures the device on its first move on node budgets', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  await page.selectOption('#level', '1');
  const device = page.evaluate(
    () =>
      new Promise((resolve) => document.querySelector('sowing-board').addEventListener('device', (e) => resolve(e.detail), { once: true })),
  );
  await moveAndAwaitAi(page);
  const detail = await device;
  assertEqual(detail.game, 'intermedium', 'the game measured');
  assert(Number.isFinite(detail.nodesPerMs) && detail.nodesPerMs > 0, `a speed: ${detail.nodesPerMs}`);
  assert(!detail.weakerLevels.includes(1), 'level 1, which scores moves statically, fits any device');
  // The board reports what the page measured; a later move measures nothing new.
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').weakerLevels), detail.weakerLevels, 'the property');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('with ai-time a site owner sets the clock: no level is cut to the device', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  await page.evaluate(async () => (await import('/board/ai-turns.js')).assumeSpeed('intermedium', 125));
  await page.selectOption('#level', '8');
  await page.evaluate(() => document.querySelector('sowing-board').setAttribute('ai-time', '300'));
  await moveAndAwaitAi(page);
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').weakerLevels), [], 'nothing measured');
  assert(!(await menu(page)).some((t) => /weaker/.test(t)), 'no level marked');
  assertEqual(errors, [], 'console errors');
  await page.close();
});
