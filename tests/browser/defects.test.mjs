// Issue 18: what a first-time player tripped over, one test per numbered
// defect (each failed on the page before its fix), plus the polish items
// that can be checked by a program. Desktop 1280x800; the phone tests run in
// their own touch context at 390x844.
import { test, assert, assertEqual } from './lib/harness.mjs';
import { launch } from './lib/browser.mjs';
import { answer, appReady, boardState, clickCell, dragCells, freshApp, setCount } from './lib/page.mjs';

const CASH_EXAMPLE =
  'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20';
// Intermedium with a 10-stone stack for each side (d3 Blue, d8 Red): moves of
// 11 cells (a2, g2, a9 and g9 empty: 84 stones, within the cap of 88).
const TALL =
  'intermedium 0,0,0,0,0,0,0/0,0,4,0,4,0,0/0,4,0,10,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,10,0,4,0/0,0,4,0,4,0,0/0,0,0,0,0,0,0 blue 0 5';
const fragment = (position, moves = []) => `#${new URLSearchParams(moves.length ? { p: position, m: moves.join(';') } : { p: position })}`;
const shadow = (page, selector) => page.locator('#board').locator(selector);

let lastPage = null;
/** The app in a fresh page with no saved game. */
async function open(ctx, context = ctx.context, url = ctx.url) {
  await lastPage?.close().catch(() => {});
  const fresh = await freshApp(context, url);
  lastPage = fresh.page;
  return fresh;
}

/** A phone (390x844, touch) with the app open; close() when done. */
async function phone(ctx) {
  const { context, close } = await launch({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const { page } = await freshApp(context, ctx.url);
  return { page, close };
}

/** Two players on one device, with `position` (and `moves`) on the board:
 * through the board's own API, so that only the defect under test is tested. */
async function hotseat(page, position, moves = []) {
  await page.selectOption('#mode', 'hotseat');
  await page.evaluate(
    async ({ position, moves }) => {
      const b = document.querySelector('#board');
      if (position === 'cash-in-hand') position = (await import('/pkg/sowboard.js')).startPosition('cash-in-hand');
      b.load(position, moves);
    },
    { position, moves },
  );
}

/** Plays `n` moves in the page, each time the longest legal one (by its text). */
async function playLongest(page, n, afterEach = async () => {}) {
  for (let i = 0; i < n; i++) {
    await page.evaluate(async () => {
      const b = document.querySelector('#board');
      const ai = await import('/pkg/sowboard_ai.js');
      await ai.default();
      const g = ai.Game.load(b.startPosition, b.moves);
      let move = null;
      try {
        const moves = g.legalMoves(100000);
        if (moves.length) move = moves.reduce((a, m) => (m.length > a.length ? m : a));
      } catch {
        move = g.aiMove(1, 7); // too many moves to list (Cash in Hand): the weakest AI's
      }
      g.free();
      if (move) b.play(move);
    });
    await afterEach(i);
  }
}

/** The texts drawn on the board's canvas from now on (fillText calls). */
async function recordCanvasText(page) {
  await page.evaluate(() => {
    window.__texts = [];
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      window.__texts.push(String(text));
      return fill.call(this, text, ...rest);
    };
  });
}

test('18.1: the game, mode and level stay as chosen, and side names follow the game', async (ctx) => {
  const { page, errors } = await open(ctx);
  await page.selectOption('#game', 'cash-in-hand'); // no moves yet: no question, the game starts
  await page.waitForFunction(() => document.querySelector('#board').position.startsWith('cash-in-hand'));
  const sides = await page.locator('#side option').allTextContents();
  assert(/White/.test(sides[0]) && /Black/.test(sides[1]), `side names of Cash in Hand: ${sides}`);
  await page.selectOption('#level', '4');
  assertEqual(await page.inputValue('#game'), 'cash-in-hand', 'game after a level change');
  await page.selectOption('#mode', 'hotseat');
  assertEqual(await page.inputValue('#game'), 'cash-in-hand', 'game after a mode change');
  await page.click('#new-game');
  await page.waitForTimeout(200);
  assert((await boardState(page)).position.startsWith('cash-in-hand'), 'New game starts the chosen game');
  assertEqual([await page.inputValue('#mode'), await page.inputValue('#level')], ['hotseat', '4'], 'mode and level kept');
  assertEqual(errors, [], 'console errors');
});

test('18.2: a game in progress is not dropped without asking; a link does not overwrite it silently', async (ctx) => {
  const { page } = await open(ctx);
  await page.selectOption('#mode', 'hotseat');
  await page.evaluate(() => {
    const b = document.querySelector('#board');
    b.play('a4-b5-a6-b7-a8');
    b.play('a7-b6-a5-b4-a3');
  });
  await page.click('#new-game');
  await page.waitForSelector('#ask-dialog[open]', { timeout: 3000 });
  await answer(page, 'no');
  assertEqual((await boardState(page)).ply, 2, 'the game is still there after "Keep playing"');
  await page.selectOption('#game', 'cash-in-hand');
  await answer(page, 'no');
  assertEqual([await page.inputValue('#game'), (await boardState(page)).ply], ['intermedium', 2], 'choosing another game asked too');
  // A shared link: the player sees what it would replace and keeps their game.
  await page.goto(ctx.url + fragment(CASH_EXAMPLE));
  await page.waitForSelector('#link-dialog[open]', { timeout: 3000 });
  assert(/your game in progress/i.test(await page.textContent('#link-warning')), 'the dialog warns about the game in progress');
  await page.click('#link-keep');
  assertEqual((await boardState(page)).ply, 2, 'the own game stays after "Keep my game"');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('sowboard.save')));
  assertEqual(saved.moves.length, 2, 'the saved game is untouched');
});

test('18.3: phone: the board stays in view while playing, reviewing and opening a shared game', async (ctx) => {
  const { page, close } = await phone(ctx);
  try {
    await page.selectOption('#mode', 'hotseat');
    await page.evaluate(() => document.querySelector('#board').setAttribute('animation', 'off'));
    const inView = () =>
      page.evaluate(() => {
        const r = document.querySelector('#board').shadowRoot.querySelector('canvas').getBoundingClientRect();
        return { scrollY: window.scrollY, top: Math.round(r.top), bottom: Math.round(r.bottom), height: innerHeight };
      });
    await playLongest(page, 12, async (i) => {
      const v = await inView();
      assert(v.scrollY === 0 && v.top >= 0 && v.bottom <= v.height, `after move ${i + 1} the board is in view: ${JSON.stringify(v)}`);
    });
    // Review: tap move 3 in the list; the board shows it, still in view.
    await page.locator('#moves button[data-ply="3"]').tap();
    assertEqual(await page.evaluate(() => document.querySelector('#board').viewPly), 3, 'reviewing move 3');
    const v = await inView();
    assert(v.top >= 0 && v.bottom <= v.height, `while reviewing the board is in view: ${JSON.stringify(v)}`);
    await page.screenshot({ path: `${ctx.artifacts}/phone-review.png` });
    // A shared game with many moves opens with the board in view.
    const moves = await page.evaluate(() => document.querySelector('#board').moves);
    const start = await page.evaluate(() => document.querySelector('#board').startPosition);
    await page.goto('about:blank');
    await page.goto(ctx.url + fragment(start, moves));
    await appReady(page);
    await page.waitForSelector('#link-dialog[open]', { timeout: 3000 });
    await page.selectOption('#link-mode', 'hotseat');
    await page.click('#link-open');
    await page.waitForFunction((n) => document.querySelector('#board').ply === n, moves.length);
    const w = await inView();
    assert(w.scrollY === 0 && w.top >= 0 && w.bottom <= w.height, `a shared game opens with the board in view: ${JSON.stringify(w)}`);
  } finally {
    await close();
  }
});

test('18.4: long Cash in Hand moves wrap inside their own rows of the move list', async (ctx) => {
  const { page } = await open(ctx);
  await hotseat(page, 'cash-in-hand');
  // 40 moves by the weakest AI: the list overflows and scrolls, as in a real game.
  // A game that ends sooner (the AI's play changes with its tuning) is
  // replaced by one with other seeds, until one lasts 30 moves.
  await page.evaluate(async () => {
    const b = document.querySelector('#board');
    b.setAttribute('animation', 'off');
    const start = b.startPosition;
    const ai = await import('/pkg/sowboard_ai.js');
    await ai.default();
    const { Game } = ai;
    for (let round = 0; round < 20 && b.ply < 30; round++) {
      b.load(start, []);
      for (let i = 0; i < 40; i++) {
        const g = Game.load(b.startPosition, b.moves);
        const move = g.outcome() ? null : g.aiMove(1, round * 1000 + i);
        g.free();
        if (!move) break;
        b.play(move);
      }
    }
  });
  const played = (await boardState(page)).ply;
  const boxes = await page.$$eval('#moves button', (bs) =>
    bs.map((b) => {
      const r = b.getBoundingClientRect();
      return {
        top: r.top,
        bottom: r.bottom,
        left: r.left,
        right: r.right,
        fits: b.scrollHeight <= b.clientHeight + 1 && b.scrollWidth <= b.clientWidth + 1,
        text: b.textContent,
      };
    }),
  );
  assertEqual(boxes.length, played, 'moves listed');
  assert(played >= 30, `a long game (${played} moves)`);
  for (const [i, a] of boxes.entries()) {
    assert(a.fits, `move ${i + 1} (${a.text}) fits in its row`);
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      assert(!overlap, `moves "${a.text}" and "${b.text}" overlap`);
    }
  }
  await page.screenshot({ path: `${ctx.artifacts}/cash-move-list.png` });
});

test('18.5: the Cash in Hand hint shows its pick-up, drops and put-back stones on the board', async (ctx) => {
  const { page } = await open(ctx);
  await hotseat(page, CASH_EXAMPLE);
  await recordCanvasText(page);
  const move = await page.evaluate(() => document.querySelector('#board').hint());
  const info = await page.evaluate(
    async ({ start, move }) => {
      const { Game } = await import('/pkg/sowboard.js');
      const g = Game.load(start, [move]);
      const m = g.lastMove();
      g.free();
      return m;
    },
    { start: CASH_EXAMPLE, move },
  );
  const texts = await page.evaluate(() => window.__texts);
  const expected = [`−${info.count}`, ...info.path.map((d) => String(d.count)), ...info.placements.map((p) => `+${p.count}`)];
  assert(
    info.path.some((d) => d.count > 1),
    `the hint ${move} drops several stones somewhere (else there is nothing to show)`,
  );
  for (const t of expected)
    assert(texts.includes(t), `"${t}" of the hint ${move} is drawn on the board (drawn: ${[...new Set(texts)].join(' ')})`);
  await page.screenshot({ path: `${ctx.artifacts}/cash-hint.png` });
});

test('18.6: a link pasted into an open tab opens, and the recipient chooses mode, side and level', async (ctx) => {
  const { page } = await open(ctx);
  // Red is to move in this game: as "You vs AI" with the player as Red, the AI must not move.
  const moves = ['a4-b5-a6-b7-a8'];
  await page.evaluate(
    (f) => {
      location.hash = f;
    },
    fragment(await page.evaluate(() => document.querySelector('#board').startPosition), moves),
  );
  await page.waitForSelector('#link-dialog[open]', { timeout: 3000 });
  assert(/1 move played/.test(await page.textContent('#link-summary')), 'the dialog says what the link holds');
  await page.selectOption('#link-mode', 'ai');
  await page.selectOption('#link-side', 'second');
  await page.selectOption('#link-level', '2');
  await page.click('#link-open');
  await page.waitForFunction(() => document.querySelector('#board').ply === 1);
  await page.waitForTimeout(500);
  assertEqual(
    await page.evaluate(() => [
      document.querySelector('#board').ply,
      document.querySelector('#board').getAttribute('ai'),
      document.querySelector('#board').getAttribute('level'),
    ]),
    [1, 'blue', '2'],
    'ply, AI side and level as chosen: the AI waits for the player',
  );
  assertEqual(
    [await page.inputValue('#mode'), await page.inputValue('#side'), await page.inputValue('#level')],
    ['ai', 'second', '2'],
    'the form shows the choice',
  );
});

test('18.7: one numbering: the list, the prompt and the counter agree', async (ctx) => {
  const { page } = await open(ctx);
  await page.selectOption('#mode', 'hotseat');
  await page.evaluate(() => {
    const b = document.querySelector('#board');
    b.setAttribute('animation', 'off');
    for (const m of ['a4-b5-a6-b7-a8', 'a7-b6-a5-b4-a3', 'c4-d5-c6-d7-c8', 'g7-f6-g5-f4-g3']) b.play(m);
  });
  await page.click('#moves button[data-ply="4"]');
  await page.click('#moves button[data-ply="3"]');
  const label = await page.locator('#moves li').nth(2).locator('.num').textContent();
  const prompt = await shadow(page, '.prompt').textContent();
  const counter = await shadow(page, '.counter').textContent();
  assertEqual(label.replace('.', ''), '3', 'the list numbers move 3 as 3');
  assert(/move 3\b/.test(prompt), `the prompt says move 3: ${prompt}`);
  assertEqual(counter, '3 / 4', 'the counter');
});

test('18.8: the board does not move sideways during play; long moves are not cut off on a phone', async (ctx) => {
  const { page } = await open(ctx);
  await hotseat(page, TALL);
  await page.evaluate(() => document.querySelector('#board').setAttribute('animation', 'off'));
  const box = () =>
    page.evaluate(() => {
      const r = document.querySelector('#board').shadowRoot.querySelector('canvas').getBoundingClientRect();
      return [r.left, r.top, r.width];
    });
  const first = await box();
  await playLongest(page, 6, async (i) => assertEqual(await box(), first, `the board after move ${i + 1}`));
  const longest = (await page.locator('#moves button').allTextContents()).reduce((a, m) => (m.length > a.length ? m : a));
  assert(longest.length > 30, `a long move was played (${longest})`);
  const { page: p, close } = await phone(ctx);
  try {
    await hotseat(p, TALL, await page.evaluate(() => document.querySelector('#board').moves));
    const cut = await p.$$eval('#moves button', (bs) =>
      bs.filter((b) => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > innerWidth).map((b) => b.textContent),
    );
    assertEqual(cut, [], 'moves cut off on the phone');
    assert(await p.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling on the phone');
  } finally {
    await close();
  }
});

test('18.9: the number chooser by keyboard: arrows and digits pick, Escape cancels the move', async (ctx) => {
  const { page } = await open(ctx);
  await hotseat(page, 'cash-in-hand');
  await shadow(page, 'canvas').focus();
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight'); // h1: White's 32
  await page.keyboard.press('Enter');
  const focused = () => page.evaluate(() => document.querySelector('#board').shadowRoot.activeElement?.dataset.n);
  assertEqual(await focused(), '32', 'the largest count has the focus');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assertEqual(await focused(), '30', 'two steps left');
  await page.keyboard.press('5');
  assertEqual(await focused(), '5', 'a digit picks that number');
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  assertEqual(await focused(), '12', 'two digits in a row make one number');
  await page.keyboard.press('Escape');
  assertEqual(
    await page.evaluate(() => document.querySelector('#board').shadowRoot.querySelector('.chooser').hidden),
    true,
    'Escape on a number cancels the move',
  );
  await shadow(page, 'canvas').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('7');
  await page.keyboard.press('Enter');
  assert(/7 in hand/.test(await shadow(page, '.prompt').textContent()), 'Enter takes the number picked by digit');
});

test("18.10: a refused click and a click during the AI's move give a visible reason", async (ctx) => {
  const { page } = await open(ctx);
  await clickCell(page, 'b2', '#board'); // an empty cell at the start
  const flash = shadow(page, '.flash');
  assert(await flash.isVisible(), 'a reason is shown');
  assert(/b2/.test(await flash.textContent()), `it names the cell: ${await flash.textContent()}`);
  await page.selectOption('#level', '1');
  await page.evaluate(() => {
    const b = document.querySelector('#board');
    b.setAttribute('animation-speed', '700');
    b.play('a4-b5-a6-b7-a8');
  });
  await page.waitForFunction(() => document.querySelector('#board').ply === 2, null, { timeout: 30_000 });
  await clickCell(page, 'c4', '#board'); // while the AI's sowing is still being shown
  assert(
    /AI/.test(await flash.textContent()) && (await flash.isVisible()),
    `the reason says to wait for the AI: ${await flash.textContent()}`,
  );
});

test("18.11: in the redistribution, a target under the origin's ring shows both marks", async (ctx) => {
  const { page } = await open(ctx);
  await hotseat(page, CASH_EXAMPLE);
  await clickCell(page, 'c3', '#board');
  await setCount(page, 8, '#board');
  for (const cell of ['d4', 'd4', 'd4', 'e5']) await clickCell(page, cell, '#board');
  await page.evaluate(() => {
    window.__rings = [];
    const stroke = CanvasRenderingContext2D.prototype.strokeRect;
    CanvasRenderingContext2D.prototype.strokeRect = function (x, y, w, h) {
      window.__rings.push({ x, y, w, h, colour: this.strokeStyle, width: this.lineWidth });
      return stroke.call(this, x, y, w, h);
    };
  });
  await dragCells(page, ['f4', 'f4'], { selector: '#board' }); // a drag ending on f4: it takes all 4 in hand
  // now: put the captured stones back, c3 among the targets
  assert(
    /captured stone/.test(await shadow(page, '.prompt').textContent()),
    `in the redistribution: ${await shadow(page, '.prompt').textContent()}`,
  );
  const { rings, cell } = await page.evaluate(() => {
    const b = document.querySelector('#board');
    const c = b.cellRect('c3'),
      box = b.shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { rings: window.__rings, cell: { x: c.x - box.left, y: c.y - box.top, size: c.width } };
  });
  const inC3 = rings.filter((r) => r.x > cell.x && r.x < cell.x + cell.size / 2 && r.y > cell.y && r.y < cell.y + cell.size / 2);
  // A ring's band: from (inset - width/2) to (inset + width/2) inside the cell edge.
  const band = (r) => [r.x - cell.x - r.width / 2, r.x - cell.x + r.width / 2];
  const colours = [...new Set(inC3.map((r) => r.colour))];
  assert(colours.length >= 2, `two rings on c3 (${JSON.stringify(inC3)})`);
  const [a, b] = colours.map((c) => band(inC3.filter((r) => r.colour === c).at(-1)));
  const covered = (p, q) => p[0] >= q[0] - 0.01 && p[1] <= q[1] + 0.01;
  assert(!covered(a, b) && !covered(b, a), `neither ring hides the other: ${JSON.stringify([a, b])}`);
});

test('18.12 / 17: at 1280x800 a 32-stone stack gets a stepper, not 32 numbers; every control above the fold', async (ctx) => {
  const { page } = await open(ctx);
  await hotseat(page, 'cash-in-hand');
  await clickCell(page, 'h1', '#board');
  const bottoms = await page.evaluate(() => {
    const root = document.querySelector('#board').shadowRoot;
    const b = (s) => [...root.querySelectorAll(s)].filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().bottom);
    return {
      build: b('.build button'),
      numbers: b('.chooser button'),
      stepper: b('.stepper button, .stepper input'),
      scrollY,
      height: innerHeight,
    };
  });
  assertEqual([bottoms.numbers.length, bottoms.stepper.length], [0, 4], 'no number buttons; the stepper (−, count, +, Pick up)');
  const lowest = Math.max(...bottoms.build, ...bottoms.stepper);
  assert(bottoms.scrollY === 0 && lowest <= bottoms.height, `lowest control at ${lowest} px of ${bottoms.height}`);
  await page.screenshot({ path: `${ctx.artifacts}/cash-desktop-stepper.png` });
});

test('18 polish: "You win" with the reason in words, and the captured city marked', async (ctx) => {
  const CITY =
    'intermedium 0,0,1,0,1,0,0/0,0,0,1,0,2,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0 blue 0 10';
  const { page } = await open(ctx);
  await page.selectOption('#level', '1');
  await page.evaluate((p) => document.querySelector('#board').load(p), CITY);
  assert(/Your move/.test(await shadow(page, '.prompt').textContent()), 'the prompt says "Your move" against the AI');
  for (const cell of ['f9', 'e8', 'd9']) await clickCell(page, cell, '#board');
  await page.waitForSelector('#banner:not([hidden])');
  const banner = await page.textContent('#banner');
  assert(/You win/.test(banner) && /Blue captured Red’s city/.test(banner), `banner: ${banner}`);
});

test('18 polish: phone tap targets are at least 44 px; the embed demo follows the dark theme', async (ctx) => {
  const { page, close } = await phone(ctx);
  try {
    await hotseat(page, 'cash-in-hand');
    await clickCell(page, 'h1', '#board');
    const small = await page.evaluate(() => {
      const all = [
        ...document.querySelectorAll('button, select'),
        ...document.querySelector('#board').shadowRoot.querySelectorAll('button'),
      ];
      return all
        .filter((e) => e.offsetParent !== null || e.getClientRects().length)
        .map((e) => ({ e, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.width < 43.5 || r.height < 43.5))
        .map(({ e, r }) => `${e.textContent.trim() || e.id} ${Math.round(r.width)}x${Math.round(r.height)}`);
    });
    assertEqual(small, [], 'controls smaller than 44 px');
    await page.screenshot({ path: `${ctx.artifacts}/phone-cash-numbers.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${ctx.artifacts}/phone-cash-numbers-dark.png` });
  } finally {
    await close();
  }
  const page2 = (await open(ctx)).page;
  await page2.emulateMedia({ colorScheme: 'dark' });
  await page2.goto(ctx.url + 'embed.html');
  await page2.waitForFunction(() => document.querySelector('#live').position);
  const scheme = await page2.evaluate(() => [
    getComputedStyle(document.body).backgroundColor,
    getComputedStyle(document.querySelector('#live').shadowRoot.querySelector('.board')).getPropertyValue('--_odd-cell').trim(),
    getComputedStyle(document.documentElement).colorScheme,
  ]);
  assertEqual(scheme[0], 'rgb(21, 24, 29)', 'dark page background');
  assertEqual(scheme[1], '#3c5378', "the boards' cells are the dark ones");
  assert(/dark/.test(scheme[2]), `the page declares the dark colour scheme (${scheme[2]})`);
  await page2.screenshot({ path: `${ctx.artifacts}/embed-dark.png`, fullPage: true });
});

test('18 polish: the keyboard cursor shows as soon as the board has the focus', async (ctx) => {
  const { page } = await open(ctx);
  await page.evaluate(() => {
    window.__dashed = 0;
    const dash = CanvasRenderingContext2D.prototype.setLineDash;
    CanvasRenderingContext2D.prototype.setLineDash = function (segments) {
      if (segments.length) window.__dashed++; // the cursor is the one dashed ring at the start
      return dash.call(this, segments);
    };
  });
  await page.keyboard.press('Tab'); // the keyboard in use: focus is "visible" from now on
  await shadow(page, 'canvas').focus();
  assert(await page.evaluate(() => window.__dashed > 0), 'a cursor is drawn on focus, before any arrow key');
});
