// Issue 13: the Learn page. One lesson per game walked as a learner would
// (a wrong answer first: its explanation, the position back for a retry;
// then the right one), progress kept over a reload, and a puzzle failed and
// one solved, with the streak and solved count. Screenshots on desktop and
// phone go to the artifacts.
import { test, assert, assertEqual } from './lib/harness.mjs';
import { watchErrors } from './lib/browser.mjs';
import { clickCell, dragCells, freshApp, openLink, setCount } from './lib/page.mjs';

/** The Learn page in a fresh page (empty storage), at `hash`. */
async function open(context, url, hash = '', viewport = null) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(url + 'icon.svg');
  await page.evaluate(() => localStorage.clear());
  const errors = watchErrors(page);
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${url}learn.html${hash}`);
  await page.waitForFunction(
    () =>
      document.querySelector('#board')?.position &&
      (document.querySelector('#lesson-text')?.textContent || document.querySelector('#puzzle-goal')?.textContent),
  );
  await page.evaluate(() => document.querySelector('#board').setAttribute('animation', 'off'));
  return { page, errors };
}

const text = (page, sel) => page.locator(sel).textContent();
/** The reason the board shows under itself for a refused choice ('' when none). */
const flashText = (page) =>
  page.evaluate(() => {
    const f = document.querySelector('#board').shadowRoot.querySelector('.flash');
    return f.hidden ? '' : f.textContent;
  });
const boardPosition = (page) => page.evaluate(() => document.querySelector('#board').position);

async function pickLesson(page, game, title) {
  await page.selectOption('#lesson-game', game);
  const value = await page.evaluate(
    (t) => [...document.querySelectorAll('#lesson-pick option')].find((o) => o.textContent.includes(t)).value,
    title,
  );
  await page.selectOption('#lesson-pick', value);
}

test('13: an Intermedium lesson walked on the board: a wrong move is explained and undone, the right one advances, progress survives a reload', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url);
  await pickLesson(page, 'intermedium', 'Capturing');
  const start = await boardPosition(page);
  assert(/Neto/.test(await text(page, '#lesson-text')), 'the first step is Neto’s example');
  await dragCells(page, 'a6-b7-c6-d7'.split('-'), { selector: '#board' });
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('wrong'));
  const why = await text(page, '#lesson-feedback');
  assert(/capture c5/.test(why) && /d7, which held 0 stones/.test(why), `a specific explanation: ${why}`);
  await page.screenshot({ path: `${ctx.artifacts}/learn-lesson-wrong-desktop.png` });
  await page.waitForFunction((p) => document.querySelector('#board').position === p, start);
  assert(await page.locator('#lesson-next').isDisabled(), 'no Next after a wrong answer');
  await dragCells(page, 'a6-b5-c4-d5'.split('-'), { selector: '#board' });
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('right'));
  assert(/d5/.test(await text(page, '#lesson-feedback')), 'the success says why');
  assert(!(await page.locator('#lesson-next').isDisabled()), 'Next is open');
  await page.screenshot({ path: `${ctx.artifacts}/learn-lesson-right-desktop.png` });
  await page.click('#lesson-next');
  assert(/step 2 of 4/.test(await text(page, '#lesson-where')), await text(page, '#lesson-where'));
  // The edge, the corner and the four-stack capture.
  for (const move of ['d3-c4-b5', 'c2-b3-a2', 'f7-e6-d5']) {
    await dragCells(page, move.split('-'), { selector: '#board' });
    await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('right'));
    await page.click('#lesson-next');
  }
  assert(/Capturing the city/.test(await text(page, '#lesson-where')), 'on to the next lesson');
  assertEqual(errors, [], 'console errors');
  await page.close();
  // The page opened again (same browser profile, so the same storage).
  const again = await ctx.context.newPage();
  await again.goto(`${ctx.url}learn.html`);
  await again.waitForFunction(() => document.querySelector('#lesson-pick option') && document.querySelector('#lesson-text').textContent);
  const options = await again.locator('#lesson-pick option').allTextContents();
  assert(
    options.some((o) => o === '✓ 5. Capturing'),
    `the finished lesson is ticked when the page is opened again: ${options}`,
  );
  assert(/Capturing the city/.test(await text(again, '#lesson-where')), 'and the page opens where the learner was');
  await again.close();
});

test('13: a Cash in Hand lesson of choices: a refused move is explained from the engine’s refusal, the right one is played', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url);
  await pickLesson(page, 'cash-in-hand', 'What blocks');
  await page.click('#lesson-options button:has-text("d3:3 e4:1 d3:2")');
  const why = await text(page, '#lesson-feedback');
  assert(/never enters a cell twice/.test(why) && /revisits d3/.test(why), `the refusal explained: ${why}`);
  await page.click('#lesson-options button:has-text("d3:3 e4:1 f5:2")');
  await page.waitForFunction(() => document.querySelector('#board').moves.length === 1);
  await page.click('#lesson-next');
  await page.click('#lesson-options button:has-text("d3:2 e4:2")');
  assert(/taller than the stones/.test(await text(page, '#lesson-feedback')), 'the tall stack');
  await page.click('#lesson-options button:has-text("d3:2 c4:2")');
  await page.click('#lesson-next');
  await page.click('#lesson-options button:has-text("d3:3 e4:3")');
  assert(/gate/.test(await text(page, '#lesson-feedback')), 'the gate');
  await page.screenshot({ path: `${ctx.artifacts}/learn-cash-gate-desktop.png` });
  await page.click('#lesson-options button:has-text("d3:3 c4:3")');
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('right'));
  const progress = await page.evaluate(() => JSON.parse(localStorage.getItem('sowboard-learn-v1')).lessons['c-blocks']);
  assertEqual(progress, 3, 'the three steps are saved');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('13: puzzles: a wrong move fails (streak 0), the solution is shown; the next puzzle solved counts and starts a streak', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url, '#puzzles');
  await page.waitForFunction(() => /Puzzle rated/.test(document.querySelector('#puzzle-where').textContent));
  const puzzles = await page.evaluate(async () => (await fetch('puzzles/intermedium.json')).json());
  const shown = async () => {
    const id = await page.evaluate(() => document.querySelector('#puzzle-goal').dataset.id);
    return puzzles.find((p) => p.id === id);
  };
  const p1 = await shown();
  const wrong = await page.evaluate(async (p) => {
    const { Game } = await import('/pkg/sowboard.js');
    const { sameMove } = await import('/learn/judge.js');
    const g = Game.load(p.position);
    return g.legalMoves(500).find((m) => !p.solutions.some((s) => sameMove(Game, p.position, s, m)));
  }, p1);
  await dragCells(page, wrong.split('-'), { selector: '#board' });
  await page.waitForFunction(() => document.querySelector('#puzzle-feedback').classList.contains('wrong'));
  assert(/Not the best/.test(await text(page, '#puzzle-feedback')), 'failed');
  assert(/streak 0/.test(await text(page, '#puzzle-stats')), await text(page, '#puzzle-stats'));
  await page.click('#puzzle-solution');
  await page.waitForFunction((n) => document.querySelector('#board').moves.length === n, p1.line.length);
  assert((await text(page, '#puzzle-feedback')).includes(p1.line[0]), 'the solution is named');
  await page.click('#puzzle-next');
  await page.waitForFunction((id) => document.querySelector('#puzzle-goal').dataset.id !== id, p1.id);
  const p2 = await shown();
  assertEqual(await text(page, '#puzzle-goal'), p2.goal, 'the goal line');
  await page.screenshot({ path: `${ctx.artifacts}/learn-puzzle-desktop.png` });
  await dragCells(page, p2.line[0].split('-'), { selector: '#board' });
  if (p2.line.length > 1) {
    await page.waitForFunction(() => document.querySelector('#board').moves.length === 2);
    await dragCells(page, p2.line[2].split('-'), { selector: '#board' });
  }
  await page.waitForFunction(() => /Solved!/.test(document.querySelector('#puzzle-feedback').textContent));
  const stats = await text(page, '#puzzle-stats');
  assert(/Solved 1 of/.test(stats) && /streak 1/.test(stats), stats);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('13: the Learn page on a phone: lesson and puzzle screenshots, nothing wider than the screen', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url, '', { width: 390, height: 844 });
  // The instruction is read first: above the board, in the first screen.
  const [textBox, boardBox] = await Promise.all(['#lesson-text', '#board'].map((s) => page.locator(s).boundingBox()));
  assert(
    textBox.y + textBox.height <= boardBox.y && textBox.y < 844,
    `the step's text above the board: ${JSON.stringify([textBox, boardBox])}`,
  );
  await pickLesson(page, 'cash-in-hand', 'designer');
  await clickCell(page, 'c3', '#board');
  await page.screenshot({ path: `${ctx.artifacts}/learn-lesson-phone.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 390, `the page is ${width}px wide`);
  await page.click('#tab-puzzles');
  await page.waitForFunction(() => /Puzzle rated/.test(document.querySelector('#puzzle-where').textContent));
  await page.screenshot({ path: `${ctx.artifacts}/learn-puzzle-phone.png`, fullPage: true });
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test("13: an illegal step tried on the board is explained from the engine's refusal", async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url);
  await pickLesson(page, 'intermedium', 'Capturing');
  // Neto's example: a6 sows b5, c4, then back to b5 would reverse the last step.
  for (const cell of ['a6', 'b5', 'c4', 'b5']) await clickCell(page, cell, '#board');
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('wrong'));
  const why = await text(page, '#lesson-feedback');
  assert(
    /No 180-degree turn/.test(why) && /In this move: step 3 reverses step 2 \(no 180-degree turn\)\./.test(why),
    `the engine's refusal, explained: ${why}`,
  );
  assert(!/\)\)/.test(why), `no doubled brackets: ${why}`);
  // The board's own reason under it is the engine's too, not only "not a next cell".
  const flash = await flashText(page);
  assert(
    /^b5 is not a next cell for this sowing: step 3 reverses step 2 \(no 180-degree turn\)\.$/.test(flash),
    `the board's flash: ${flash}`,
  );
  await page.screenshot({ path: `${ctx.artifacts}/learn-refusal-desktop.png` });
  // The refusal changed nothing: the sowing goes on to d5 and is right.
  await clickCell(page, 'd5', '#board');
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('right'));
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('13: the repetition draw practised on the board: the moves before are shown, the third repetition is played', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url);
  await pickLesson(page, 'cash-in-hand', 'Winning and drawing');
  // The first two steps answered through the board (as a learner's move would be).
  for (const move of ['f3:2 e4:1 d5:1 (:d4) c4:2', 'f3:2 e4:1 d5:1 (:d4) c4:2']) {
    await page.evaluate((m) => document.querySelector('#board').play(m), move);
    await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('right'));
    await page.click('#lesson-next');
  }
  assert(/third time/.test(await text(page, '#lesson-text')), await text(page, '#lesson-text'));
  assertEqual(await page.evaluate(() => document.querySelector('#board').ply), 7, 'the seven moves before are on the board');
  // A move that repeats nothing first, then the repetition.
  for (const cell of ['g7', 'f8']) await clickCell(page, cell, '#board');
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('wrong'));
  assert(/no repetition/.test(await text(page, '#lesson-feedback')), await text(page, '#lesson-feedback'));
  await page.waitForFunction(() => document.querySelector('#board').ply === 7);
  for (const cell of ['g7', 'h8']) await clickCell(page, cell, '#board');
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('right'));
  assertEqual(await page.evaluate(() => document.querySelector('#board').outcome?.reason), 'repetition', 'drawn by repetition');
  await page.screenshot({ path: `${ctx.artifacts}/learn-repetition-desktop.png` });
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('13: Browne’s example made action by action on the board: a wrong pick-up and a refused drop explained, each step judged', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url);
  await pickLesson(page, 'cash-in-hand', 'designer');
  const feedback = () => text(page, '#lesson-feedback');
  const right = () => page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('right'));
  const building = () =>
    page.evaluate(() => {
      const b = document.querySelector('#board').building;
      return b && { stage: b.stage, origin: b.origin, cash: b.cash, path: b.path.map((d) => `${d.cell}:${d.count}`), toPlace: b.toPlace };
    });
  const stepper = page.locator('#board').locator('.stepper input');
  assert(/step 1 of 6/.test(await text(page, '#lesson-where')), await text(page, '#lesson-where'));
  // Step 1, the pick-up: all 14 first (legal, not the designer's), then 8.
  await clickCell(page, 'c3', '#board');
  await setCount(page, 14, '#board');
  await stepper.press('Enter');
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('wrong'));
  assert(/The designer picks up 8, not 14\./.test(await feedback()), await feedback());
  await page.waitForFunction(() => document.querySelector('#board').building?.origin === null);
  assert(await page.locator('#lesson-next').isDisabled(), 'no Next after a wrong action');
  await clickCell(page, 'c3', '#board');
  await setCount(page, 8, '#board');
  await stepper.press('Enter');
  await right();
  await page.click('#lesson-next');
  // Step 2: the pick-up is made for the learner; three clicks on d4 drop 3.
  assertEqual(await building(), { stage: 'step', origin: 'c3', cash: 8, path: [], toPlace: 0 }, 'step 2 starts after the pick-up');
  await clickCell(page, 'd4', '#board');
  // The click's events may be handled after the click returns: wait for the page's answer.
  await page.waitForFunction(() => /1 on d4 so far/.test(document.querySelector('#lesson-feedback').textContent));
  await clickCell(page, 'd4', '#board');
  await clickCell(page, 'd4', '#board');
  await right();
  await page.click('#lesson-next');
  // Step 3: back to c3 is refused by the engine (a revisit), explained on the page and under the board.
  assertEqual((await building()).path, ['d4:3'], 'step 3 starts after d4');
  await clickCell(page, 'c3', '#board');
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('wrong'));
  const why = await feedback();
  assert(/never enters a cell twice/.test(why) && /In this move: step 2 revisits c3/.test(why) && !/\)\)/.test(why), why);
  assert(/step 2 revisits c3/.test(await flashText(page)), `the board says why: ${await flashText(page)}`);
  assertEqual((await building()).path, ['d4:3'], 'the refusal changed nothing');
  await page.screenshot({ path: `${ctx.artifacts}/learn-browne-refused-desktop.png` });
  await clickCell(page, 'e5', '#board');
  await right();
  await page.click('#lesson-next');
  // Step 4: f4 takes the last 4; then the sowing is over (both stacks captured).
  for (let i = 0; i < 4; i += 1) await clickCell(page, 'f4', '#board');
  await right();
  assert(/Both are captured/.test(await feedback()), await feedback());
  await page.click('#lesson-next');
  // Step 5: the 5 captured stones put back, 1 on g6, 4 on g7: the whole move is played.
  assertEqual(
    await building(),
    { stage: 'place', origin: 'c3', cash: 0, path: ['d4:3', 'e5:1', 'f4:4'], toPlace: 5 },
    'step 5 starts with the stones to put back',
  );
  await clickCell(page, 'g6', '#board');
  for (let i = 0; i < 4; i += 1) await clickCell(page, 'g7', '#board');
  await right();
  assertEqual(
    await page.evaluate(() => document.querySelector('#board').moves),
    ['c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4'],
    'the designer’s move',
  );
  await page.screenshot({ path: `${ctx.artifacts}/learn-browne-done-desktop.png` });
  await page.click('#lesson-next');
  // Step 6: the printed e3 against the diagram's e5.
  await page.click('#lesson-options button:has-text("e3:1")');
  assert(/only d3 falls/.test(await feedback()) && !/\)\)/.test(await feedback()), await feedback());
  await page.click('#lesson-options button:has-text("e5:1")');
  await right();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('sowboard-learn-v1')).lessons['c-browne']);
  assertEqual(saved, 6, 'the six steps are saved');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('56: a sowing lesson’s wrong answer says where the stones go, with no capture sentence; a lesson’s first step of two offers Next, not Next lesson', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url);
  await pickLesson(page, 'intermedium', 'Your stacks');
  await page.click('#lesson-options button:has-text("c2-d3-e4")');
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('right'));
  assertEqual(await text(page, '#lesson-next'), 'Next lesson', 'the last step of a one-step lesson');
  await page.click('#lesson-next');
  assert(/Sowing · step 1 of 2/.test(await text(page, '#lesson-where')), await text(page, '#lesson-where'));
  assertEqual(await text(page, '#lesson-next'), 'Next', 'step 1 of 2 leads to step 2, not to the next lesson');
  await dragCells(page, 'b3-a4-b5-c6'.split('-'), { selector: '#board' });
  await page.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('wrong'));
  const why = await text(page, '#lesson-feedback');
  assert(/must land on e4; this path ends on c6/.test(why), `the miss is about where the last stone lands: ${why}`);
  assert(!/captur/i.test(why), `no capture sentence in a sowing lesson: ${why}`);
  assertEqual(await text(page, '#lesson-next'), 'Next', 'still Next while step 1 is unsolved');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('56: a Cash in Hand puzzle solved says in words that the captured stones may go back anywhere, not "15 first moves do it"', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url, '#puzzles/cash-setup-4fb7643f02');
  const puzzles = await page.evaluate(async () => (await fetch('puzzles/cash-in-hand.json')).json());
  const p = puzzles.find((q) => q.id === 'cash-setup-4fb7643f02');
  assertEqual(p.solutions.length, 15, 'the puzzle of the report: one capture, fifteen put-backs');
  await page.waitForFunction((goal) => document.querySelector('#puzzle-goal').textContent === goal, p.goal);
  // b4:2 a5:1 b6:1 (:b5) a1:1, made on the board: the pick-up, two drops, the stone put back.
  await clickCell(page, 'b4', '#board');
  await setCount(page, 2, '#board');
  await page.locator('#board').locator('.stepper input').press('Enter');
  await clickCell(page, 'a5', '#board');
  await clickCell(page, 'b6', '#board');
  await clickCell(page, 'a1', '#board');
  await page.waitForFunction(() => /Solved!/.test(document.querySelector('#puzzle-feedback').textContent));
  const said = await text(page, '#puzzle-feedback');
  assert(!/first moves do it/.test(said), `no count of notations: ${said}`);
  assert(/go back is up to you/.test(said) && /15 ways/.test(said), `the put-backs said in words: ${said}`);
  await page.click('#puzzle-solution');
  const shown = await text(page, '#puzzle-feedback');
  assert(/may go back elsewhere too \(15 ways in all\)/.test(shown) && !/other moves do as well/.test(shown), `the solution too: ${shown}`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

/** Each shown puzzle's rating and the player's, read off the page. */
const ratingShown = async (page) => Number(/Your rating: (\d+)/.exec(await text(page, '#puzzle-rating'))?.[1]);
const puzzleRated = async (page) => Number(/Puzzle rated (\d+)/.exec(await text(page, '#puzzle-where'))?.[1]);
/** The smallest gap between `rating` and an unsolved puzzle's rating in the game's file, from the page's own modules. */
const nearestGap = (page, game, rating, solved) =>
  page.evaluate(
    async ([g, r, done]) => {
      const { Game } = await import('/pkg/sowboard.js');
      const { puzzleRating } = await import('/learn/rating.js');
      const list = await (await fetch(`puzzles/${g}.json`)).json();
      return Math.min(...list.filter((p) => !done.includes(p.id)).map((p) => Math.abs(puzzleRating(Game, p) - r)));
    },
    [game, rating, solved],
  );

/** Solves the puzzle on show by its line, dragged on the board (Intermedium). */
async function solveShown(page) {
  const id = await page.evaluate(() => document.querySelector('#puzzle-goal').dataset.id);
  const p = (await page.evaluate(async () => (await fetch('puzzles/intermedium.json')).json())).find((q) => q.id === id);
  await dragCells(page, p.line[0].split('-'), { selector: '#board' });
  if (p.line.length > 1) {
    await page.waitForFunction(() => document.querySelector('#board').moves.length === 2);
    await dragCells(page, p.line[2].split('-'), { selector: '#board' });
  }
  await page.waitForFunction(() => /Solved!/.test(document.querySelector('#puzzle-feedback').textContent));
  return id;
}

test('56: a puzzle rating per game: the puzzle shown is rated nearest the player, a clean solve raises the rating; streak, best and rating are per game and kept', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url, '#puzzles');
  await page.waitForFunction(() => /Puzzle rated/.test(document.querySelector('#puzzle-where').textContent));
  assertEqual(await ratingShown(page), 1200, 'a new player starts at 1200');
  assert(/provisional/.test(await text(page, '#puzzle-rating')), await text(page, '#puzzle-rating'));
  assertEqual(
    Math.abs((await puzzleRated(page)) - 1200),
    await nearestGap(page, 'intermedium', 1200, []),
    'the first puzzle is rated nearest 1200',
  );
  const first = await solveShown(page);
  const after = await ratingShown(page);
  assert(
    after > 1200 && /\(\+\d+\)/.test(await text(page, '#puzzle-rating')),
    `a clean solve raises the rating: ${await text(page, '#puzzle-rating')}`,
  );
  assert(/streak 1 \(best 1\)/.test(await text(page, '#puzzle-stats')), await text(page, '#puzzle-stats'));
  await page.click('#puzzle-next');
  await page.waitForFunction((id) => document.querySelector('#puzzle-goal').dataset.id !== id, first);
  assertEqual(
    Math.abs((await puzzleRated(page)) - after),
    await nearestGap(page, 'intermedium', after, [first]),
    'the next puzzle is rated nearest the new rating',
  );
  // The other game has its own streak, best and rating.
  await page.selectOption('#puzzle-game', 'cash-in-hand');
  await page.waitForFunction(
    () =>
      /Cash|Black|White/.test(document.querySelector('#puzzle-where').textContent) &&
      /streak 0 \(best 0\)/.test(document.querySelector('#puzzle-stats').textContent),
  );
  assertEqual(await ratingShown(page), 1200, 'Cash in Hand starts at its own 1200');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('sowboard-learn-v1')).games);
  assertEqual([saved.intermedium.best, saved.intermedium.rating, saved['cash-in-hand'].best], [1, after, 0], 'saved per game');
  await page.selectOption('#puzzle-game', 'intermedium');
  await page.waitForFunction(() => /best 1\)/.test(document.querySelector('#puzzle-stats').textContent));
  // A save of the page's older form (one streak and best for both games) is read: they stay with Intermedium.
  await page.evaluate(() =>
    localStorage.setItem(
      'sowboard-learn-v1',
      JSON.stringify({ lessons: {}, solved: [], failed: [], streak: 2, best: 5, puzzleAt: {}, lessonAt: {} }),
    ),
  );
  await page.reload();
  await page.waitForFunction(() => /streak 2 \(best 5\)/.test(document.querySelector('#puzzle-stats').textContent));
  assertEqual(await ratingShown(page), 1200, 'an older save has no rating yet');
  await page.selectOption('#puzzle-game', 'cash-in-hand');
  await page.waitForFunction(() => /streak 0 \(best 0\)/.test(document.querySelector('#puzzle-stats').textContent));
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('56: themes: the puzzles filtered by kind, each theme with its count; a theme chosen shows only its puzzles', async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url, '#puzzles');
  await page.waitForFunction(() => document.querySelectorAll('#puzzle-theme option').length > 1);
  const options = await page.locator('#puzzle-theme option').allTextContents();
  const puzzles = await page.evaluate(async () => (await fetch('puzzles/intermedium.json')).json());
  const twos = puzzles.filter((p) => /in two moves/.test(p.goal)).length;
  assert(
    options.includes(`All (${puzzles.length})`) &&
      options.includes(`City in two (${twos})`) &&
      options.some((o) => /^City in one \(\d+\)$/.test(o)) &&
      options.some((o) => /^Biggest capture \(\d+\)$/.test(o)) &&
      options.some((o) => /^Only defence/.test(o)),
    `the themes: ${options}`,
  );
  const sum = options.slice(1).reduce((n, o) => n + Number(/\((\d+)\)$/.exec(o)[1]), 0);
  assertEqual(sum, puzzles.length, 'every Intermedium puzzle has one kind');
  await page.selectOption('#puzzle-theme', 'win-in-two');
  await page.waitForFunction(() => /in two moves/.test(document.querySelector('#puzzle-goal').textContent));
  assert(new RegExp(`of ${twos} here`).test(await text(page, '#puzzle-stats')), await text(page, '#puzzle-stats'));
  await page.selectOption('#puzzle-game', 'cash-in-hand');
  const cashFile = await page.evaluate(async () => (await fetch('puzzles/cash-in-hand.json')).json());
  await page.waitForFunction((n) => document.querySelector('#puzzle-theme option')?.textContent === `All (${n})`, cashFile.length);
  const cash = await page.locator('#puzzle-theme option').allTextContents();
  const safe = cashFile.filter((p) => p.allowed_loss !== undefined).length;
  assert(
    cash.some((o) => /^Set-up positions \(\d+\)$/.test(o)) &&
      cash.some((o) => /^From real games \(\d+\)$/.test(o)) &&
      cash.some((o) => /^Save your stones \(\d+\)$/.test(o)) &&
      cash.some((o) => /^Biggest capture \(\d+\)$/.test(o)) &&
      cash.includes(`Capture and keep your stacks safe (${safe})`),
    `the Cash in Hand themes: ${cash}`,
  );
  await page.selectOption('#puzzle-theme', 'only-defence');
  await page.waitForFunction(() => / threatens to take all your stones/.test(document.querySelector('#puzzle-goal').textContent));
  await page.screenshot({ path: `${ctx.artifacts}/learn-puzzle-themes-desktop.png` });
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('56: your mistakes as puzzles: a reviewed game’s blunder is saved, played from Learn, and judged by the engine’s review (a different winning move is right)', async (ctx) => {
  // A city in one (intermedium-360baefb15) where Blue played b7-a6-b5-a4 instead, in a two-player game.
  const position =
    'intermedium 0,0,1,0,1,0,0/0,1,0,3,0,0,0/1,0,1,0,1,2,0/0,3,0,0,1,0,2/1,0,0,1,0,2,0/0,0,1,0,1,1,1/1,0,0,0,0,0,0/0,0,0,2,0,1,0/0,0,2,0,0,0,0/0,1,0,0,0,0,0 blue 0 19';
  const { page: app, errors: appErrors } = await freshApp(ctx.context, ctx.url);
  await openLink(app, `${ctx.url}#${new URLSearchParams({ p: position, m: 'b7-a6-b5-a4' })}`, { mode: 'hotseat' });
  await app.click('#analyse');
  await app.click('#review-start');
  await app.waitForFunction(() => /saved as a puzzle/.test(document.querySelector('#notice')?.textContent ?? ''), null, {
    timeout: 60_000,
  });
  const saved = await app.evaluate(() => JSON.parse(localStorage.getItem('sowboard-mistakes-v1')));
  assertEqual(
    saved.map((m) => [m.position, m.played, m.solutions.length]),
    [[position, 'b7-a6-b5-a4', 1]],
    'the blunder, from the position before it',
  );
  assertEqual(appErrors, [], 'console errors on the game page');
  await app.close();
  // The Learn page, same storage: the theme "Your mistakes" holds it.
  const page = await ctx.context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${ctx.url}learn.html#puzzles`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#puzzle-theme option')].some((o) => o.textContent === 'Your mistakes (1)'),
  );
  await page.evaluate(() => document.querySelector('#board').setAttribute('animation', 'off'));
  await page.selectOption('#puzzle-theme', 'mine');
  await page.waitForFunction(() => /From your game \(move 1\)/.test(document.querySelector('#puzzle-where').textContent));
  assert(/you played b7-a6-b5-a4 here, a blunder/.test(await text(page, '#puzzle-goal')), await text(page, '#puzzle-goal'));
  const rating = await text(page, '#puzzle-rating');
  // Another losing move: the engine's review classes it, and it is refused.
  await dragCells(page, 'b7-a6-b5-c4'.split('-'), { selector: '#board' });
  await page.waitForFunction(() => document.querySelector('#puzzle-feedback').classList.contains('wrong'), null, { timeout: 60_000 });
  assert(/classes b7-a6-b5-c4 as a blunder/.test(await text(page, '#puzzle-feedback')), await text(page, '#puzzle-feedback'));
  await page.waitForFunction((p) => document.querySelector('#board').position === p, position);
  // A winning move that is not the review's own choice: the review classes it best, so it is right.
  await dragCells(page, 'b7-a8-b9-a10'.split('-'), { selector: '#board' });
  await page.waitForFunction(() => /Solved!/.test(document.querySelector('#puzzle-feedback').textContent), null, { timeout: 60_000 });
  assertEqual(await text(page, '#puzzle-rating'), rating, 'your own mistakes do not move the puzzle rating');
  await page.screenshot({ path: `${ctx.artifacts}/learn-mistakes-desktop.png` });
  assertEqual(errors, [], 'console errors');
  await page.close();
});

/**
 * Makes a Cash in Hand move on the board as a person does, by clicks: the
 * origin, the pick-up count typed into the stepper and Enter, one click per
 * stone dropped (a cell clicked again takes one more), one click per
 * captured stone put back.
 */
async function playByClicks(page, move) {
  const tokens = move.split(' ');
  const [origin, count] = tokens[0].split(':');
  await clickCell(page, origin, '#board');
  await setCount(page, Number(count), '#board');
  await page.locator('#board').locator('.stepper input').press('Enter');
  let inCaptures = false;
  for (const t of tokens.slice(1)) {
    if (t.startsWith('(')) inCaptures = true;
    if (inCaptures) {
      if (t.endsWith(')')) inCaptures = false;
      continue;
    }
    const [cell, n] = t.split(':');
    for (let i = 0; i < Number(n); i++) await clickCell(page, cell, '#board');
  }
}

/**
 * Test data from the shipped file and the engine (the workers' module, which
 * holds `captureOutcome`):
 * an outcome puzzle of `kind` with the shortest first solution, the same
 * sowing with every captured stone put back on one stack of its path (another
 * redistribution), and what that achieves; and the single-step move
 * (a pick-up dropped on one cell) capturing the most stones short of the best.
 */
const outcomeCase = (page, kind) =>
  page.evaluate(async (safe) => {
    const { Game, captureOutcome } = await (await import('/board/ai-engine.js')).aiEngine;
    const list = await (await fetch('puzzles/cash-in-hand.json')).json();
    const clicks = (m) =>
      m
        .replace(/\(.*\)/, '')
        .split(' ')
        .filter(Boolean)
        .slice(1)
        .reduce((n, t) => n + Number(t.split(':')[1]), 2);
    const after = (position, move) => {
      const g = Game.load(position, [move]);
      try {
        return g.position();
      } finally {
        g.free();
      }
    };
    const puzzles = list
      .filter((p) => p.judge === 'outcome' && (p.allowed_loss !== undefined) === safe)
      .sort((a, b) => clicks(a.line[0]) - clicks(b.line[0]));
    for (const p of puzzles) {
      const solution = p.line[0];
      const sowing = solution.slice(0, solution.indexOf(')') + 1);
      const path = sowing
        .split(' ')
        .slice(1)
        .filter((t) => !t.startsWith('(') && !t.startsWith(':') && !t.endsWith(')'))
        .map((t) => t.split(':')[0]);
      const accepted = p.solutions.map((s) => after(p.position, s));
      const variants = [];
      for (const cell of path) {
        const move = `${sowing} ${cell}:${p.best_capture}`;
        if (accepted.includes(after(p.position, move))) continue;
        variants.push({ move, outcome: captureOutcome(p.position, move) });
      }
      // Single-step moves: a pick-up dropped whole on one cell.
      const g = Game.load(p.position);
      let smaller = null;
      for (const origin of g.build().origins) {
        for (const k of g.selectOrigin(origin).counts) {
          for (const s of g.pickUp(k).steps.filter((x) => x.drops.includes(k))) {
            let st = g.step(s.cell, k);
            while (st.stage === 'place') st = g.place(st.places[0], st.toPlace);
            const info = g.commit();
            g.undo();
            const o = captureOutcome(p.position, info.move);
            if (o.captured < p.best_capture && (!smaller || o.captured > smaller.outcome.captured))
              smaller = { move: info.move, outcome: o };
            g.selectOrigin(origin);
            g.pickUp(k);
          }
          g.cancel();
          g.selectOrigin(origin);
        }
        g.cancel();
      }
      g.free();
      const other = safe
        ? variants.find((v) => v.outcome.captured === p.best_capture && v.outcome.open > p.allowed_loss)
        : variants.find((v) => v.outcome.captured === p.best_capture);
      if (other && smaller) return { puzzle: p, other, smaller };
    }
    return null;
  }, kind === 'safe');

test('56: a Cash in Hand capture puzzle from real play is judged by outcome: a smaller capture is refused with what it missed, another put-back of the biggest capture is accepted', async (ctx) => {
  const probe = await open(ctx.context, ctx.url, '#puzzles');
  const found = await outcomeCase(probe.page, 'biggest');
  await probe.page.close();
  assert(found, 'a biggest-capture outcome puzzle with a smaller single-step capture and another put-back');
  const { puzzle: p, other, smaller } = found;
  assert(!p.solutions.includes(other.move), `the accepted answer is not a listed solution: ${other.move}`);
  const { page, errors } = await open(ctx.context, ctx.url, `#puzzles/${p.id}`);
  await page.waitForFunction((goal) => document.querySelector('#puzzle-goal').textContent === goal, p.goal);
  assert(
    /Biggest capture \(\d+\)/.test(await text(page, '#puzzle-theme')),
    `the theme menu counts them: ${await text(page, '#puzzle-theme')}`,
  );
  // The smaller capture, made on the board: refused with both numbers.
  await playByClicks(page, smaller.move);
  await page.waitForFunction(() => document.querySelector('#puzzle-feedback').classList.contains('wrong'));
  const took = smaller.outcome.captured ? `This takes ${smaller.outcome.captured} stone` : 'This captures nothing';
  const said = await text(page, '#puzzle-feedback');
  assert(said.includes(took) && said.includes(`a bigger capture takes ${p.best_capture} stones.`), `what it missed: ${said}`);
  // The position comes back; the biggest capture with its stones put back elsewhere is right.
  await page.waitForFunction(
    (pos) => document.querySelector('#board').position === pos && document.querySelector('#board').moves.length === 0,
    p.position,
  );
  await playByClicks(page, other.move);
  await page.waitForFunction(() => /Solved!/.test(document.querySelector('#puzzle-feedback').textContent));
  const solved = await text(page, '#puzzle-feedback');
  assert(solved.includes(`Any move that takes ${p.best_capture} stones is right`), solved);
  await page.screenshot({ path: `${ctx.artifacts}/learn-outcome-desktop.png` });
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('56: a "capture and keep your stacks safe" puzzle refuses the biggest capture put back carelessly, with the stones it leaves open; a phone screenshot', async (ctx) => {
  const probe = await open(ctx.context, ctx.url, '#puzzles');
  const found = await outcomeCase(probe.page, 'safe');
  await probe.page.close();
  assert(found, 'a safe-capture puzzle with a careless put-back');
  const { puzzle: p, other } = found;
  const { page, errors } = await open(ctx.context, ctx.url, `#puzzles/${p.id}`, { width: 390, height: 844 });
  await page.waitForFunction((goal) => document.querySelector('#puzzle-goal').textContent === goal, p.goal);
  assert(/Capture and keep your stacks safe \(\d+\)/.test(await text(page, '#puzzle-theme')), await text(page, '#puzzle-theme'));
  await page.screenshot({ path: `${ctx.artifacts}/learn-outcome-phone.png`, fullPage: true });
  await playByClicks(page, other.move);
  await page.waitForFunction(() => document.querySelector('#puzzle-feedback').classList.contains('wrong'));
  const said = await text(page, '#puzzle-feedback');
  const want = `This takes ${p.best_capture} stones but leaves ${other.outcome.open} stones of yours open to capture; a capture of ${p.best_capture} can leave only ${p.allowed_loss}.`;
  assert(said.includes(want), `the careless put-back: ${said}`);
  await page.waitForFunction(
    (pos) => document.querySelector('#board').position === pos && document.querySelector('#board').moves.length === 0,
    p.position,
  );
  await playByClicks(page, p.line[0]);
  await page.waitForFunction(() => /Solved!/.test(document.querySelector('#puzzle-feedback').textContent));
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('55: a two-move puzzle answered off its line: the reply is the AI’s, from its worker (the page’s own engine has the rules only), and the puzzle is then finished', async (ctx) => {
  const id = 'intermedium-6d520a6efe';
  const { page, errors } = await open(ctx.context, ctx.url, `#puzzles/${id}`);
  const puzzles = await page.evaluate(async () => (await fetch('puzzles/intermedium.json')).json());
  const p = puzzles.find((q) => q.id === id);
  await page.waitForFunction((goal) => document.querySelector('#puzzle-goal').textContent === goal, p.goal);
  const answer = 'd6-c5-b4-c3-d4';
  assert(p.line.length === 3 && p.solutions.includes(answer) && p.line[0] !== answer, `${answer} is a solution off the line`);
  assertEqual(
    await page.evaluate(async () => typeof (await (await import('/engine.js')).loadEngine()).Game.prototype.aiMove),
    'undefined',
    "the page's engine has no AI",
  );
  await dragCells(page, answer.split('-'), { selector: '#board' });
  await page.waitForFunction(() => document.querySelector('#board').moves.length === 2, null, { timeout: 30_000 });
  // The reply the AI gives (level 3, seed 1), asked of the whole engine here.
  const expected = await page.evaluate(
    async ({ position, answer }) => {
      const ai = await import('/pkg/sowboard_ai.js');
      await ai.default();
      const g = ai.Game.load(position, [answer]);
      const move = g.aiMove(3, 1);
      g.free();
      return move;
    },
    { position: p.position, answer },
  );
  const reply = await page.evaluate(() => document.querySelector('#board').moves[1]);
  assertEqual(reply, expected, "the AI's reply is played");
  await page.waitForFunction((r) => document.querySelector('#puzzle-feedback').textContent.includes(`The reply was ${r}`), reply);
  // A winning move after it, found with the rules, made on the board.
  const win = await page.evaluate(
    async ({ p, moves }) => {
      const { Game } = await (await import('/engine.js')).loadEngine();
      const { solvedByWin } = await import('/learn/puzzle-judge.js');
      const g = Game.load(p.position, moves);
      const found = g.legalMoves(5000).find((m) => solvedByWin(Game, p, [...moves, m]));
      g.free();
      return found;
    },
    { p, moves: [answer, reply] },
  );
  assert(win, 'a win is left after the reply');
  await dragCells(page, win.split('-'), { selector: '#board' });
  await page.waitForFunction(() => /Solved!/.test(document.querySelector('#puzzle-feedback').textContent));
  assertEqual(errors, [], 'console errors');
  await page.close();
});
