// The threat queries run in the analysis worker, not on the page's main
// thread: on a hostile board at the stone cap, where the walk runs to its
// work limit, the page handles a key while the answer is on its way; and an
// answer for a position no longer on show is never drawn (the page's threats
// panel and the widget's marks).
import fs from 'node:fs';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { watchErrors } from './lib/browser.mjs';
import { freshApp, openLink } from './lib/page.mjs';

const hostile = Object.fromEntries(
  fs
    .readFileSync(new URL('../hostile-positions.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t')),
);
// At the cap (88 stones): the threat walk stops at the analysis board's
// limit of 300,000 states and answers "incomplete", after a long walk.
const TALL = hostile['intermedium 88 stones: a 44-stack each, face to face (accepted, at the cap)'];
// Every cell occupied: the threats are many, all over the board.
const FULL = hostile['intermedium 88 stones on every cell (1s and 18 2s; accepted, at the cap)'];
// Red to move: Blue threatens e8-d9-c10 onto Red's city (d10), found at once.
const THREATENED =
  'intermedium 0,0,1,0,1,0,0/0,0,0,1,0,0,0/0,0,0,0,2,0,0/0,0,0,0,0,0,0/0,1,0,0,0,0,0/1,5,1,0,0,0,0/2,1,0,0,0,0,0/3,0,3,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 red 0 10';

/** A fresh app page with `position` opened as two players, analysis on. */
async function analysing(context, url, position) {
  const { page, errors } = await freshApp(context, url);
  await openLink(page, `${url}#${new URLSearchParams({ p: position })}`, { mode: 'hotseat' });
  await page.waitForFunction((p) => document.querySelector('sowing-board').startPosition === p, position);
  await page.click('#analyse');
  return { page, errors };
}

test('threats: on a hostile board at the cap the query runs off the main thread: a key is handled while it runs', async (ctx) => {
  assert(TALL, 'the hostile set-up is in tests/hostile-positions.txt');
  const { page, errors } = await analysing(ctx.context, ctx.url, TALL);
  // What the panel says when the page handles the key.
  await page.evaluate(() => {
    window.addEventListener(
      'keydown',
      () => {
        const box = document.getElementById('threats-text');
        /** @type {any} */ (window).atKey = { text: box.textContent, busy: box.getAttribute('aria-busy') };
      },
      { once: true, capture: true },
    );
  });
  await page.click('#threats-toggle');
  await page.keyboard.press('Shift');
  const atKey = await page.evaluate(() => /** @type {any} */ (window).atKey);
  assertEqual(atKey, { text: '', busy: 'true' }, 'the key was handled while the threats were being looked for (nothing listed yet)');
  await page.waitForFunction(() => (document.getElementById('threats-text')?.textContent ?? '').length > 0, null, { timeout: 60_000 });
  assertEqual(
    await page.locator('#threats-text').textContent(),
    'Too many moves to list Red’s threats here.',
    'the answer comes: the walk stops at its limit',
  );
  assertEqual(await page.locator('#threats-text').getAttribute('aria-busy'), null, 'no longer busy');
  // The page's own engine has no threat query at all.
  const has = await page.evaluate(async () => 'threats' in (await (await import('/engine.js')).loadEngine()).Game.prototype);
  assertEqual(has, false, "the main thread's engine holds no threats");
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('threats: an answer for a position no longer on show is dropped (the analysis panel)', async (ctx) => {
  const { page, errors } = await analysing(ctx.context, ctx.url, THREATENED);
  // Every text the panel shows from now on, and the board's marks with it.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.shown = [];
    const box = /** @type {HTMLElement} */ (document.getElementById('threats-text'));
    const board = /** @type {any} */ (document.querySelector('sowing-board'));
    new MutationObserver(() => w.shown.push({ at: board.startPosition, text: box.textContent, marked: board.threatened })).observe(box, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  // The threats asked for, and at once another position: the first answer
  // (found at once in the worker) must never show over the second, even
  // when it comes before the board's `change` event for the second (held
  // back here from the page, as if it came late; the page hears the next).
  await page.check('#threats-toggle');
  await page.evaluate(async (p) => {
    const board = /** @type {any} */ (document.querySelector('sowing-board'));
    board.addEventListener('change', (/** @type {Event} */ e) => e.stopImmediatePropagation(), { capture: true, once: true });
    board.load(p, []);
    await new Promise((r) => setTimeout(r, 1500));
    board.load(p, []);
  }, TALL);
  await page.waitForFunction(() => /Too many moves/.test(document.getElementById('threats-text')?.textContent ?? ''), null, {
    timeout: 60_000,
  });
  const shown = await page.evaluate(() => /** @type {any} */ (window).shown);
  const late = shown.filter((/** @type {any} */ s) => s.at === TALL && /threatens/.test(s.text));
  assertEqual(late, [], 'no threats of the position before are shown on the new one');
  assertEqual(
    shown.filter((/** @type {any} */ s) => s.at === TALL && s.marked.length),
    [],
    'no cell is marked on the new position (it has no complete answer)',
  );
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').threatened), [], 'no marks');
  // Back to the first position: its threats come again.
  await page.evaluate((p) => /** @type {any} */ (document.querySelector('sowing-board')).load(p, []), THREATENED);
  await page.waitForFunction(() => /^Blue threatens the city/.test(document.getElementById('threats-text')?.textContent ?? ''));
  assert((await page.evaluate(() => document.querySelector('sowing-board').threatened)).includes('d10'), 'the city is marked again');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('threats: the widget clears the marks when the position changes and never marks those of a position it no longer shows', async (ctx) => {
  const page = await ctx.context.newPage();
  const errors = watchErrors(page);
  await page.goto(ctx.url + 'embed.html');
  const result = await page.evaluate(
    async ({ threatened, full, tall }) => {
      const board = /** @type {any} */ (document.createElement('sowing-board'));
      board.setAttribute('position', threatened);
      board.setAttribute('analysis', '');
      board.setAttribute('analysis-level', '1');
      const ready = new Promise((r) => board.addEventListener('ready', r, { once: true }));
      document.body.append(board);
      await ready;
      const marked = async () => {
        for (let i = 0; i < 600 && !board.threatened.includes('d10'); i++) await new Promise((r) => setTimeout(r, 50));
        return board.threatened;
      };
      const first = await marked();
      /** The board's next `change` event. */
      const changed = () => new Promise((r) => board.addEventListener('change', r, { once: true }));
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      // Every mark set from now on, with the position on show then.
      const marks = [];
      const proto = Object.getPrototypeOf(board);
      const prop = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(proto, 'threatened'));
      Object.defineProperty(board, 'threatened', {
        get: () => prop.get?.call(board),
        set: (cells) => {
          marks.push({ at: board.startPosition, cells: [...cells] });
          prop.set?.call(board, cells);
        },
      });
      // A position whose threats take long (a walk to the work limit): the
      // marks of the one before are gone by the frame after the board says
      // it changed.
      let next = changed();
      board.load(tall, []);
      await next;
      await frame();
      const tallFrame = board.threatened;
      // Another position, and at once back: its threats (many, all over the
      // board) are asked for, and must not be marked on the one after it,
      // even when they come before the board's `change` event for that one
      // (held back here from the board's own listener, as if it came late).
      next = changed();
      board.load(full, []);
      await next;
      board.addEventListener('change', (e) => e.stopImmediatePropagation(), { capture: true, once: true });
      board.load(threatened, []);
      await new Promise((r) => setTimeout(r, 1500));
      board.load(threatened, []);
      const back = await marked();
      return { first, marks, tallFrame, back };
    },
    { threatened: THREATENED, full: FULL, tall: TALL },
  );
  assert(result.first.includes('d10'), `the city is marked: ${result.first}`);
  assertEqual(result.tallFrame, [], 'the marks of the position before are gone by the next frame');
  assertEqual(result.back, result.first, 'back: the same marks');
  const wrong = result.marks.filter(
    (/** @type {any} */ m) => m.at !== FULL && m.cells.length && JSON.stringify(m.cells) !== JSON.stringify(result.first),
  );
  assertEqual(wrong, [], `no marks of one position on another: ${JSON.stringify(result.marks)}`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});
