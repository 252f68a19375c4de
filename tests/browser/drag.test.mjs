// Issue 17: move input by drag and taps (mouse, and touch on a phone), with
// the engine's move builder as the only judge of what may be chosen.
import { test, assert, assertEqual } from './lib/harness.mjs';
import { launch } from './lib/browser.mjs';
import { boardState, cellCentre, clickCell, dragCells, freshApp } from './lib/page.mjs';

// RULES.md section 6, Browne's example: Black to move can capture d3 and e4.
const CASH_EXAMPLE =
  'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20';
const DESIGNER = 'c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4';
const shadow = (page, selector) => page.locator('#board').locator(selector);

/** The app in a fresh page, two players on one device, `position` loaded. */
async function open(context, url, position) {
  const { page, errors } = await freshApp(context, url, { responses: true });
  await page.selectOption('#mode', 'hotseat');
  await page.evaluate((p) => {
    const b = document.querySelector('#board');
    b.setAttribute('animation', 'off');
    if (p) b.load(p);
  }, position);
  return { page, errors };
}

/** What the builder holds now: stage and path (through a second engine copy, from the page's record). */
const building = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('#board').shadowRoot;
    return {
      prompt: root.querySelector('.prompt').textContent,
      flash: root.querySelector('.flash').hidden ? null : root.querySelector('.flash').textContent,
    };
  });

test("17: the designer's example in 5 actions: tap c3, tap the count, type 8, one drag (d4 entered three times), one drag to put back", async (ctx) => {
  const { page, errors } = await open(ctx.context, ctx.url, CASH_EXAMPLE);
  await clickCell(page, 'c3', '#board'); // 1
  const count = shadow(page, '.stepper input');
  await count.click(); // 2: the count is selected on focus
  await page.keyboard.type('8'); // 3: replaces it
  assertEqual(await count.inputValue(), '8', 'typed');
  let during = null;
  await dragCells(page, ['c3', 'd4', 'd4', 'd4', 'e5', 'f4'], {
    // 4: released on f4, which takes the 4 left
    selector: '#board',
    before: async () => {
      during = await building(page);
      await page.screenshot({ path: `${ctx.artifacts}/drag-desktop-in-progress.png` });
    },
  });
  assert(/3 in hand/.test(during.prompt), `during the drag the prompt counts the stones in hand: ${during.prompt}`);
  assert(/captured stone/.test((await building(page)).prompt), 'the sowing is done: captured stones to put back');
  await dragCells(page, ['g6', 'g7'], { selector: '#board' }); // 5: g6 takes one, g7 (released on) the rest
  await page.waitForFunction(() => document.querySelector('#board').ply === 1);
  assertEqual((await boardState(page, '#board')).moves, [DESIGNER], 'the move');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('17: an Intermedium move by one drag; the stepper by wheel and buttons', async (ctx) => {
  const { page } = await open(ctx.context, ctx.url, null);
  await dragCells(page, ['a4', 'b5', 'a6', 'b7', 'a8'], { selector: '#board' });
  await page.waitForFunction(() => document.querySelector('#board').ply === 1);
  assertEqual((await boardState(page, '#board')).moves, ['a4-b5-a6-b7-a8'], 'one drag, one move');
  await page.evaluate(async () => {
    const b = document.querySelector('#board');
    b.load((await import('/pkg/sowboard.js')).startPosition('cash-in-hand'));
  });
  await clickCell(page, 'h1', '#board');
  const input = shadow(page, '.stepper input');
  const h1 = await cellCentre(page, 'h1', '#board');
  await page.mouse.move(h1.x, h1.y);
  await page.mouse.wheel(0, 100);
  await page.mouse.wheel(0, 100);
  assertEqual(await input.inputValue(), '30', 'the wheel over the board, two notches down');
  await shadow(page, 'button[data-act="count-up"]').click();
  assertEqual(await input.inputValue(), '31', '+ adds one');
  await input.press('ArrowDown');
  await input.press('Enter');
  assert(/30 in hand/.test((await building(page)).prompt), `keyboard in the stepper: ${(await building(page)).prompt}`);
  await page.close();
});

test('17: an illegal drag is refused at once with the reason, and changes nothing', async (ctx) => {
  const { page } = await open(ctx.context, ctx.url, null);
  const before = await boardState(page, '#board');
  let during = null;
  // a4 is Blue's stack; a5 is not a next cell of its sowing.
  await dragCells(page, ['a4', 'a5'], {
    selector: '#board',
    before: async () => {
      during = await building(page);
    },
  });
  assert(during.flash && /a5 is not a next cell/.test(during.flash), `refused while dragging: ${JSON.stringify(during)}`);
  const path = await page.evaluate(async () => {
    const b = document.querySelector('#board');
    return b.shadowRoot.querySelector('.prompt').textContent;
  });
  assert(/4 in hand/.test(path), `nothing dropped: ${path}`);
  assertEqual(await boardState(page, '#board'), before, 'no move played');
  // A drag from a cell that is no stack of the side to move selects nothing.
  await shadow(page, 'button[data-act="cancel"]').click();
  await dragCells(page, ['b2', 'c3'], {
    selector: '#board',
    before: async () => {
      during = await building(page);
    },
  });
  assert(/b2 is not a stack/.test(during.flash ?? ''), `refused: ${JSON.stringify(during)}`);
  assert(/choose a stack/.test((await building(page)).prompt), 'still choosing a stack');
  assertEqual(await boardState(page, '#board'), before, 'nothing changed');
  await page.close();
});

test('17: a drag that ends the sowing puts no captured stone back on its way; Undo step brings back the stepper', async (ctx) => {
  const { page } = await open(ctx.context, ctx.url, CASH_EXAMPLE);
  await clickCell(page, 'c3', '#board');
  const count = shadow(page, '.stepper input');
  await count.fill('8');
  // f4 entered four times: the hand is empty there; the drag then goes on over g6 and g7.
  await dragCells(page, ['c3', 'd4', 'd4', 'd4', 'e5', 'f4', 'f4', 'f4', 'f4', 'g5', 'g6', 'g7'], { selector: '#board' });
  assert(/put 5 captured stones back/.test((await building(page)).prompt), `nothing put back yet: ${(await building(page)).prompt}`);
  for (let i = 0; i < 4; i++) await shadow(page, 'button[data-act="undo-step"]').click(); // f4, e5, d4, the pick-up
  assert(await count.isVisible(), 'the stepper, not the number wall, after undoing the pick-up');
  assertEqual(await shadow(page, '.chooser button').count(), 0, 'no number buttons');
  await page.close();
});

test('17: on a touch phone (390x844) a drag on the board sows and never scrolls the page', async (ctx) => {
  const { context, close } = await launch({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    const { page, errors } = await open(context, ctx.url, null);
    const canScroll = await page.evaluate(() => document.documentElement.scrollHeight > innerHeight);
    assert(canScroll, 'the page is taller than the screen (so that a scroll could happen)');
    await page.evaluate(() => scrollTo(0, 40));
    const y0 = await page.evaluate(() => scrollY);
    // Real touch input through the browser's own input pipeline.
    const cdp = await context.newCDPSession(page);
    const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
    const cells = ['a4', 'b5', 'a6', 'b7', 'a8'];
    const points = [];
    for (const c of cells) points.push(await cellCentre(page, c, '#board'));
    await touch('touchStart', points[0]);
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1], points[i]];
      for (let k = 1; k <= 5; k++) await touch('touchMove', { x: a.x + ((b.x - a.x) * k) / 5, y: a.y + ((b.y - a.y) * k) / 5 });
      if (i === 3) await page.screenshot({ path: `${ctx.artifacts}/drag-phone-in-progress.png` });
    }
    const yDuring = await page.evaluate(() => scrollY);
    await touch('touchEnd');
    await page.waitForFunction(() => document.querySelector('#board').ply === 1);
    assertEqual((await boardState(page, '#board')).moves, ['a4-b5-a6-b7-a8'], 'the move, by touch');
    assertEqual([yDuring, await page.evaluate(() => scrollY)], [y0, y0], 'the page did not scroll');
    // Cash in Hand on the phone: a tap on the 32-stone stack shows the stepper, in view.
    await page.evaluate(async () =>
      document.querySelector('#board').load((await import('/pkg/sowboard.js')).startPosition('cash-in-hand')),
    );
    const h1 = await cellCentre(page, 'h1', '#board');
    await page.touchscreen.tap(h1.x, h1.y);
    const stepper = await page.evaluate(() => {
      const r = document.querySelector('#board').shadowRoot.querySelector('.stepper').getBoundingClientRect();
      return {
        top: r.top,
        bottom: r.bottom,
        height: innerHeight,
        value: document.querySelector('#board').shadowRoot.querySelector('.stepper input').value,
      };
    });
    assert(
      stepper.value === '32' && stepper.bottom > 0 && stepper.bottom <= stepper.height,
      `the stepper, in view: ${JSON.stringify(stepper)}`,
    );
    await page.screenshot({ path: `${ctx.artifacts}/stepper-phone.png` });
    assertEqual(errors, [], 'console errors and failed requests');
  } finally {
    await close();
  }
});

test('17: keyboard play unchanged: an Intermedium move by arrows and Enter', async (ctx) => {
  const { page } = await open(ctx.context, ctx.url, null);
  await shadow(page, 'canvas').focus();
  // The cursor starts on the first stack that can move; walk it to a4 from a1.
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp'); // a4
  await page.keyboard.press('Enter');
  for (const [dx, dy] of [
    [1, 1],
    [-1, 1],
    [1, 1],
    [-1, 1],
  ]) {
    await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    await page.keyboard.press(dy > 0 ? 'ArrowUp' : 'ArrowDown');
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction(() => document.querySelector('#board').ply === 1);
  assertEqual((await boardState(page, '#board')).moves, ['a4-b5-a6-b7-a8'], 'the move by keyboard');
  await page.close();
});

test('17: after a click on the board the keyboard goes on from there (the press focuses the board)', async (ctx) => {
  const { page } = await open(ctx.context, ctx.url, null);
  await clickCell(page, 'a4', '#board');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp'); // b5
  await page.keyboard.press('Enter');
  assert(/3 in hand/.test((await building(page)).prompt), `a4 then b5 by keyboard: ${(await building(page)).prompt}`);
  await page.close();
});
