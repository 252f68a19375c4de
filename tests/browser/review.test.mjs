// The game review in the app page, as a player meets it: "Show the better
// move" draws the better move on the position before the mistake and steps
// through its line with the arrow keys and the buttons, then goes back to
// the game (both games); the win-chance graph is as wide as the board, marks
// every flagged move and a dot opens it, in the light and the dark theme;
// `openReview()` (what the page calls after a game ends) reviews at once and
// opens the player's first blunder; and the page's review classifies every
// move as `sowboard review` does, on 3 games of each game.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { launch } from './lib/browser.mjs';
import { freshApp, openLink } from './lib/page.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// Red to move must parry Blue's city capture: only d8-c9-d10-e9 does
// (tests/tactics/intermedium.txt). Red's e7-f8 lets the city fall.
const STOP_THE_WIN =
  'intermedium 0,0,1,0,1,1,0/0,0,0,1,1,0,0/0,1,1,3,0,1,1/2,0,2,0,0,2,0/1,0,0,1,1,0,1/0,0,0,1,0,0,0/0,0,0,0,1,3,0/0,2,0,1,0,0,0/0,0,1,0,0,0,0/0,0,0,0,0,0,0 red 3 30';
const PARRY = 'd8-c9-d10-e9';

const fragment = (/** @type {string} */ position, /** @type {string[]} */ moves = []) =>
  `#${new URLSearchParams(moves.length ? { p: position, m: moves.join(';') } : { p: position })}`;

/** A fresh page of the app with `position`/`moves` opened as two players. */
async function openGame(context, url, position, moves = []) {
  const { page, errors } = await freshApp(context, url);
  await openLink(page, url + fragment(position, moves), { mode: 'hotseat' });
  return { page, errors };
}

/** The board's prompt line (it says "Preview: <move> (not played)" while a move is drawn). */
const prompt = (page) => page.locator('sowing-board').locator('.prompt').textContent();

/** A careless Red move in STOP_THE_WIN and Blue's city capture after it. */
async function carelessMove(page) {
  return page.evaluate(async (position) => {
    const wasm = await import('/pkg/sowboard.js');
    await wasm.default();
    const g = wasm.Game.load(position, []);
    const moves = g.legalMoves(500_000);
    g.free();
    for (const careless of moves) {
      const after = wasm.Game.load(position, [careless]);
      for (const capture of after.legalMoves(500_000)) {
        after.play(capture);
        const falls = after.outcome()?.reason === 'city-captured';
        after.undo();
        if (falls) {
          after.free();
          return { careless, capture };
        }
      }
      after.free();
    }
    return null;
  }, STOP_THE_WIN);
}

/** Reviews the game (unless `reviewed`) and opens the better line of move `ply`; returns the line. */
async function openBetter(page, ply, reviewed = false) {
  if (!reviewed) {
    await page.click('#analyse');
    await page.click('#review-start');
  }
  await page.waitForSelector(`#review-mistakes li[data-ply="${ply}"] .better`, { timeout: 120_000 });
  await page.click(`#review-mistakes li[data-ply="${ply}"] .better`);
  await page.waitForFunction(
    () => !/Working out/.test(document.querySelector('#better-line .better-text')?.textContent ?? 'Working out'),
    null,
    { timeout: 120_000 },
  );
  // The board says "view" a moment after the ply changes: the move must still be drawn after it.
  await page.waitForTimeout(400);
  return page.$$eval('#better-line .better-moves button', (bs) => bs.map((b) => b.textContent));
}

/** Steps through `line` with the arrow keys and the buttons, then back to the game at ply `ply`. */
async function stepAndBack(page, line, ply, shot) {
  assertEqual(await prompt(page), `Preview: ${line[0]} (not played)`, 'the better move is drawn on the board');
  // The analysis beside it speaks at the review's strength: its best move is the better move.
  await page.waitForFunction(() => /the review’s/.test(document.getElementById('eval-text')?.textContent ?? ''));
  assertEqual(
    await page.locator('#pv li:first-child button').textContent(),
    line[0],
    "the analysis's best move is the review's better move",
  );
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').viewPly), ply - 1, 'on the position before the mistake');
  await page.screenshot({ path: shot });
  assert(line.length >= 2, `a line to step through: ${line}`);
  await page.keyboard.press('ArrowRight');
  assertEqual(await prompt(page), `Preview: ${line[1]} (not played)`, "ArrowRight: the line's next move");
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').viewPly), ply - 1, 'the game is not stepped');
  await page.keyboard.press('ArrowLeft');
  assertEqual(await prompt(page), `Preview: ${line[0]} (not played)`, 'ArrowLeft: back one');
  await page.click('#better-next');
  assertEqual(await prompt(page), `Preview: ${line[1]} (not played)`, 'the Next button');
  await page.click('#better-prev');
  assertEqual(await page.locator('#better-line .better-moves [aria-current="step"]').textContent(), line[0], 'the line shows its step');
  await page.click('#better-back');
  await page.waitForSelector('#better-line', { state: 'hidden' });
  const n = await page.evaluate(() => document.querySelector('sowing-board').ply);
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').viewPly), ply >= n ? null : ply, 'back at the move played');
  assert(!/^Preview/.test((await prompt(page)) ?? ''), 'the game again, no preview');
}

test('review: Intermedium: "Show the better move" draws it, steps its line and goes back to the game', async (ctx) => {
  const probe = await freshApp(ctx.context, ctx.url);
  const found = await carelessMove(probe.page);
  await probe.page.close();
  assert(found, 'some Red move lets the city fall');
  const { page, errors } = await openGame(ctx.context, ctx.url, STOP_THE_WIN, [found.careless]);
  const line = await openBetter(page, 1);
  assertEqual(line[0], PARRY, 'the better move is the parry');
  assert(/blunder/.test((await page.locator('#better-line .better-text').textContent()) ?? ''), 'called a blunder');
  await stepAndBack(page, line, 1, `${ctx.artifacts}/review-better-intermedium.png`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('review: Cash in Hand: "Show the better move" draws it, steps its line and goes back to the game', async (ctx) => {
  const { page: probe } = await freshApp(ctx.context, ctx.url);
  // A game of level 1 against level 5 (fixed seeds): level 1 makes mistakes.
  const game = await probe.evaluate(async () => {
    const wasm = await import('/pkg/sowboard_ai.js');
    await wasm.default();
    const g = new wasm.Game('cash-in-hand');
    while (g.ply < 16 && !g.outcome()) g.play(/** @type {string} */ (g.aiMove(g.ply % 2 === 0 ? 1 : 5, 7, 60_000)));
    const out = { position: g.startPosition(), moves: g.moves() };
    g.free();
    return out;
  });
  await probe.close();
  const { page, errors } = await openGame(ctx.context, ctx.url, game.position, game.moves);
  await page.click('#analyse');
  await page.click('#review-start');
  await page.waitForFunction(() => document.querySelectorAll('#review-counts .review-row').length === 7, null, { timeout: 120_000 });
  const ply = Number(await page.locator('#review-mistakes li').first().getAttribute('data-ply'));
  assert(ply >= 1, 'a flagged move to open');
  const line = await openBetter(page, ply, true);
  await stepAndBack(page, line, ply, `${ctx.artifacts}/review-better-cash.png`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test("review: the win-chance graph is the board's width, marks each flagged move, and a dot opens it (light and dark)", async (ctx) => {
  for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
    const { context, close } = await launch({ viewport: { width: 1280, height: 900 }, colorScheme });
    try {
      const { page: probe } = await freshApp(context, ctx.url);
      const game = await probe.evaluate(async () => {
        const wasm = await import('/pkg/sowboard_ai.js');
        await wasm.default();
        const g = new wasm.Game('intermedium');
        while (g.ply < 24 && !g.outcome()) g.play(/** @type {string} */ (g.aiMove(g.ply % 2 === 0 ? 1 : 4, 3, 60_000)));
        const out = { position: g.startPosition(), moves: g.moves() };
        g.free();
        return out;
      });
      await probe.close();
      const { page, errors } = await openGame(context, ctx.url, game.position, game.moves);
      await page.click('#analyse');
      await page.click('#review-start');
      await page.waitForSelector('.graph', { timeout: 120_000 });
      const board = await page.locator('sowing-board').boundingBox();
      const graph = await page.locator('.graph').boundingBox();
      assert(
        board && graph && graph.width >= board.width - 1,
        `the graph (${graph?.width}) is at least the board's width (${board?.width})`,
      );
      const flagged = await page.$$eval('#review-mistakes li', (lis) => lis.map((li) => Number(li.dataset.ply)));
      const dots = await page.$$eval('.graph-mark', (cs) => cs.map((c) => Number(c.getAttribute('data-ply'))));
      assertEqual(dots, flagged, 'a dot for every flagged move');
      assert(dots.length > 0, 'level 1 makes some mistakes');
      await page.locator('#review-graph').screenshot({ path: `${ctx.artifacts}/review-graph-${colorScheme}.png` });
      await page.screenshot({ path: `${ctx.artifacts}/review-page-${colorScheme}.png` });
      // The dot opens its move: the position before it, the better move drawn.
      await page.click(`.graph-mark[data-ply="${dots[0]}"]`);
      await page.waitForSelector('#better-line:not([hidden])');
      await page.waitForTimeout(400);
      assertEqual(await page.evaluate(() => document.querySelector('sowing-board').viewPly), dots[0] - 1, 'the dot opens the move');
      assert(/^Preview: /.test((await prompt(page)) ?? ''), 'its better move drawn');
      assertEqual(errors, [], 'console errors');
    } finally {
      await close();
    }
  }
});

test("review: openReview() reviews a finished game at once and opens the player's first blunder", async (ctx) => {
  const probe = await freshApp(ctx.context, ctx.url);
  const found = await carelessMove(probe.page);
  await probe.page.close();
  assert(found, 'some Red move lets the city fall');
  const { page, errors } = await openGame(ctx.context, ctx.url, STOP_THE_WIN, [found.careless, found.capture]);
  await page.waitForFunction(() => document.querySelector('sowing-board').outcome != null);
  // What the page's "Review this game" button calls after the game ends.
  const opened = await page.evaluate(async () => {
    const { openReview } = await import('/analysis/analysis.js');
    const p = await openReview({ player: 'red' });
    return p && { ply: p.ply, class: p.class, best: p.best };
  });
  assertEqual(opened, { ply: 1, class: 'blunder', best: PARRY }, "Red's first blunder");
  assert(await page.locator('#analysis').isVisible(), 'the analysis is open');
  await page.waitForTimeout(400);
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').viewPly), 0, 'the position before the blunder');
  assertEqual(await prompt(page), `Preview: ${PARRY} (not played)`, 'the better move drawn');
  await page.screenshot({ path: `${ctx.artifacts}/review-open-after-game.png` });
  assertEqual(errors, [], 'console errors');
  await page.close();
});

/** The command line: target/debug (test.sh builds it) or target/release. */
function cli() {
  for (const dir of ['debug', 'release']) {
    const bin = path.join(here, '../../target', dir, 'sowboard');
    if (fs.existsSync(bin)) return bin;
  }
  throw new Error('no sowboard binary: run cargo build first');
}

test("review: the page's review and `sowboard review` classify 3 games of each game alike", async (ctx) => {
  const page = await ctx.context.newPage();
  await page.goto(ctx.url + 'icon.svg');
  for (const kind of ['intermedium', 'cash-in-hand']) {
    for (const seed of [1, 2, 3]) {
      // The page's review: the analysis worker at the page's review strength.
      const { game, plies, strength } = await page.evaluate(
        async ({ kind, seed }) => {
          const wasm = await import('/pkg/sowboard_ai.js');
          await wasm.default();
          const { AnalysisClient } = await import('/analysis/client.js');
          const { REVIEW_STRENGTH } = await import('/analysis/strengths.js');
          const g = new wasm.Game(kind);
          while (g.ply < 14 && !g.outcome()) g.play(/** @type {string} */ (g.aiMove(g.ply % 2 === 0 ? 1 : 3, seed, 60_000)));
          const game = { position: g.startPosition(), moves: g.moves() };
          g.free();
          const plies = await new AnalysisClient().run({ type: 'review', ...game, ...REVIEW_STRENGTH }, () => {});
          return { game, plies, strength: REVIEW_STRENGTH };
        },
        { kind, seed },
      );
      const out = execFileSync(
        cli(),
        ['review', '--position', game.position, ...game.moves, '--level', String(strength.level), '--nodes', String(strength.nodes)],
        { encoding: 'utf8' },
      );
      const rows = out
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('summary '));
      const cliClasses = rows.map((l) => l.split(' ').at(-1));
      const pageClasses = plies.map((/** @type {any} */ p) => p.class);
      assertEqual(pageClasses, cliClasses, `${kind} seed ${seed}: the same classes`);
      // The scores too, as the command line writes them (`before after` before the class).
      assertEqual(
        plies.map((/** @type {any} */ p) => `${p.before.text} ${p.after.text}`),
        rows.map((l) => l.split(' ').slice(-3, -1).join(' ')),
        `${kind} seed ${seed}: the same scores`,
      );
    }
  }
  await page.close();
});
