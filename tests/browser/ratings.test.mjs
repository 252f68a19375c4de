// The level menus show each level's approximate rating for the game on the
// board (issue 11, item 5; the figures come from tools/ladder.sh).
import { test, assert, assertEqual } from './lib/harness.mjs';
import { freshApp } from './lib/page.mjs';
import { LEVEL_RATINGS, levelText } from '../../www/app/ratings.js';

test('ratings: eight levels a game, the measured ratings growing with the level', () => {
  for (const [game, ratings] of Object.entries(LEVEL_RATINGS)) {
    assertEqual(ratings.length, 8, `${game}: eight levels`);
    const measured = ratings.filter((r) => r !== null);
    assertEqual(measured.length, 8, `${game}: every level measured`);
    for (let i = 1; i < measured.length; i++) assert(measured[i] > measured[i - 1], `${game}: ratings grow`);
  }
  assertEqual(levelText('intermedium', 1), `1 (easiest) ≈${LEVEL_RATINGS.intermedium[0]}`);
  assertEqual(levelText('intermedium', 8), `8 (strongest) ≈${LEVEL_RATINGS.intermedium[7]}`);
  assertEqual(levelText('no-such-game', 3), '3', 'no rating, no number');
});

test('ratings: the level menu names each level with its rating, and follows the game', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  const labels = () => page.$$eval('#level option', (os) => os.map((o) => o.textContent));
  assertEqual(
    await labels(),
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => levelText('intermedium', n)),
    'Intermedium ratings',
  );
  await page.selectOption('#game', 'cash-in-hand');
  assertEqual(
    await labels(),
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => levelText('cash-in-hand', n)),
    'Cash in Hand ratings',
  );
  assert((await page.getAttribute('#level', 'title'))?.includes('greedy play = 1000'), 'the menu says what the numbers are');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ctx.artifacts}/ratings-phone.png` });
  assertEqual(errors, [], 'no console errors');
  await page.close();
});
