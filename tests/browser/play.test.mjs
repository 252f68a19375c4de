// Play that feels right: a board that fits every screen, focus you can see,
// a widget readable on any host page, and the small defects of the core loop.
// Each test drives the page as a person does (viewports, keys, taps).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { launch } from './lib/browser.mjs';
import { boardReady, boardState, cellCentre, clickCell, dragCells, freshApp } from './lib/page.mjs';
import { serve } from './server.mjs';

const PHONE = { hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** The size of the viewport kinds the board must fit, with the least cell size. */
const SCREENS = [
  { name: 'desktop 1280x600', viewport: { width: 1280, height: 600 }, least: 36 },
  { name: 'desktop 1280x800', viewport: { width: 1280, height: 800 }, least: 36 },
  { name: 'desktop 1920x1080', viewport: { width: 1920, height: 1080 }, least: 36 },
  { name: 'desktop 1024x500', viewport: { width: 1024, height: 500 }, least: 32 },
  { name: 'tablet 768x1024', viewport: { width: 768, height: 1024 }, least: 36, options: PHONE },
  { name: 'phone 390x844', viewport: { width: 390, height: 844 }, least: 32, options: PHONE },
  { name: 'phone landscape 844x390', viewport: { width: 844, height: 390 }, least: 32, options: PHONE },
  { name: 'phone landscape 932x430', viewport: { width: 932, height: 430 }, least: 32, options: PHONE },
];

/** Runs in the page: installs WCAG 2 contrast helpers as `window.__contrast`:
 * parse (CSS rgb/rgba), ratio, over (alpha compositing) and backdrop (the
 * colour behind an element: its own and its ancestors' backgrounds, through
 * shadow roots to their hosts, over white). */
const contrastHelpers = () => {
  /** @param {string} c */
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const p = m[1]
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  /** @param {{r: number, g: number, b: number}} c */
  const lum = ({ r, g, b }) => {
    const f = (/** @type {number} */ v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  /** @param {any} top @param {any} under */
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  /** @param {any} x @param {any} y */
  const ratio = (x, y) => {
    const a = lum(x),
      b = lum(y);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  /** @param {Element} el */
  const backdrop = (el) => {
    const layers = [];
    for (let e = /** @type {any} */ (el); e; e = e.parentElement ?? e.getRootNode()?.host ?? null) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) layers.push(c);
      if (c && c.a === 1) break;
    }
    return layers.reverse().reduce((acc, c) => over(c, acc), { r: 255, g: 255, b: 255, a: 1 });
  };
  /** @type {any} */ (window).__contrast = { parse, lum, over, ratio, backdrop };
};
const installContrast = (page) => page.evaluate(contrastHelpers);

/** A sample game of `plies` plies of Intermedium, played by the page's engine at level 1. */
async function longGame(page, plies) {
  return page.evaluate(async (n) => {
    const board = /** @type {any} */ (document.querySelector('#board'));
    const engine = await import('./pkg/sowboard_ai.js');
    await engine.default();
    let best = { start: '', moves: /** @type {string[]} */ ([]) };
    for (let seed = 1; seed < 40 && best.moves.length < n; seed++) {
      const g = new engine.Game('intermedium');
      const moves = [];
      for (let i = 0; i < n && !g.outcome(); i++) {
        const m = g.aiMove(1, seed * 1000 + i, 50);
        if (!m) break;
        g.play(m);
        moves.push(m);
      }
      if (moves.length > best.moves.length) best = { start: g.startPosition(), moves };
      g.free();
    }
    board.setAttribute('ai', 'none');
    board.load(best.start, best.moves);
    return best.moves.length;
  }, plies);
}

for (const screen of SCREENS) {
  test(`play: the board fits ${screen.name} with cells of ${screen.least} px or more, both games`, async (ctx) => {
    const { context, close } = await launch({ viewport: screen.viewport, ...(screen.options ?? {}) });
    try {
      const { page, errors } = await freshApp(context, ctx.url);
      for (const game of ['intermedium', 'cash-in-hand']) {
        await page.selectOption('#game', game);
        await page.click('#new-game');
        await page.waitForFunction((g) => /** @type {any} */ (document.querySelector('#board')).position?.startsWith(g), game);
        await page.evaluate(() => window.scrollTo(0, 0));
        const box = await page.evaluate(() => {
          const board = /** @type {any} */ (document.querySelector('#board'));
          const a1 = board.cellRect('a1');
          const canvas = board.shadowRoot.querySelector('canvas').getBoundingClientRect();
          const prompt = board.shadowRoot.querySelector('.status').getBoundingClientRect();
          return {
            cell: a1.width,
            top: canvas.top,
            bottom: canvas.bottom,
            promptBottom: prompt.bottom,
            pageWidth: document.documentElement.scrollWidth,
          };
        });
        const where = `${game} at ${screen.name}: ${JSON.stringify(box)}`;
        assert(box.cell >= screen.least, `cells of ${box.cell} px, fewer than ${screen.least}: ${where}`);
        assert(box.bottom <= screen.viewport.height + 1, `the whole board is in view: ${where}`);
        assert(box.promptBottom <= screen.viewport.height + 1, `the prompt is in view: ${where}`);
        assert(box.pageWidth <= screen.viewport.width, `no sideways scrolling: ${where}`);
      }
      assertEqual(errors, [], 'console errors');
    } finally {
      await close();
    }
  });
}

test('play: in analysis on desktop the board stays in view while the side panel scrolls', async (ctx) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = await freshApp(context, ctx.url);
    const n = await longGame(page, 90);
    assert(n >= 60, `a long game: ${n} plies`);
    await page.click('#analyse');
    await page.waitForSelector('#analysis:not([hidden])');
    // The last move of the list, then the page scrolled to its end.
    const last = page.locator('#moves li button').last();
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await page.mouse.wheel(0, 3000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await new Promise((r) => setTimeout(r, 200));
    const box = await page.evaluate(() => {
      const board = /** @type {any} */ (document.querySelector('#board'));
      const c = board.shadowRoot.querySelector('canvas').getBoundingClientRect();
      // The panel scrolls, or the move list in it.
      const scrolls = (/** @type {HTMLElement} */ e) => e.scrollHeight > e.clientHeight + 1;
      const panel = [...document.querySelectorAll('.panel, .panel .moves')].some((e) => scrolls(/** @type {HTMLElement} */ (e)));
      return { top: c.top, bottom: c.bottom, page: document.documentElement.scrollHeight, panel };
    });
    assert(box.top >= 0 && box.bottom <= 800, `the board is on screen: ${JSON.stringify(box)}`);
    assert(box.page <= 800 * 1.2, `the page does not grow with the move list: ${JSON.stringify(box)}`);
    assert(box.panel, `the side panel scrolls on its own: ${JSON.stringify(box)}`);
    assertEqual(errors, [], 'console errors');
  } finally {
    await close();
  }
});

/** Runs in the page: what the focused control (in the board's shadow root
 * too) looks like: its name, the focus ring (outline or box-shadow) and the
 * contrast of its colour with what is behind it. */
const focusLook = () => {
  const c = /** @type {any} */ (window).__contrast;
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return null;
  const cs = getComputedStyle(el);
  const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-act') ? `[${el.getAttribute('data-act')}]` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 20)}"`;
  const behind = c.backdrop(el.parentElement ?? el.getRootNode().host);
  let width = 0,
    colour = null;
  if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) {
    width = parseFloat(cs.outlineWidth);
    colour = c.parse(cs.outlineColor);
  }
  const shadow = /rgba?\([^)]*\)\s+0px\s+0px\s+0px\s+([\d.]+)px/.exec(cs.boxShadow);
  if (!width && shadow) {
    width = Number(shadow[1]);
    colour = c.parse(shadow[0]);
  }
  const ratio = colour ? c.ratio(c.over(colour, behind), behind) : 0;
  return { name, width, ratio: Math.round(ratio * 100) / 100, style: cs.outlineStyle };
};

for (const scheme of /** @type {const} */ (['light', 'dark'])) {
  test(`play: every control of the page and the board shows its keyboard focus (${scheme})`, async (ctx) => {
    const { context, close } = await launch({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    try {
      const { page, errors } = await freshApp(context, ctx.url);
      await installContrast(page);
      // Cash in Hand, a stack chosen: the stepper and Undo step / Cancel move are on show.
      await page.selectOption('#game', 'cash-in-hand');
      await page.selectOption('#mode', 'hotseat');
      await page.click('#new-game');
      await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).position?.startsWith('cash'));
      await clickCell(page, 'h1', '#board');
      await page.waitForFunction(
        () => !(/** @type {any} */ (document.querySelector('#board')).shadowRoot.querySelector('.stepper').hidden),
      );
      await page.focus('#game');
      const seen = new Map();
      for (let i = 0; i < 60; i++) {
        const look = await page.evaluate(focusLook);
        if (look && seen.has(look.name)) break;
        if (look) seen.set(look.name, look);
        await page.keyboard.press('Tab');
      }
      const names = [...seen.keys()].join(', ');
      for (const want of ['[count-down]', '[count-ok]', '[undo-step]', '[cancel]', 'input', 'select#game', 'button#new-game', 'a#learn']) {
        assert(names.includes(want), `${want} is reached by Tab: ${names}`);
      }
      const bad = [...seen.values()].filter((l) => l.width < 2 || l.ratio < 3);
      assertEqual(bad, [], 'controls whose focus is not shown (ring under 2 px or under 3:1)');
      assertEqual(errors, [], 'console errors');
    } finally {
      await close();
    }
  });
}

/** A host page: `bg` its background, a board with `attrs`. */
const hostPage = (widgetUrl, bg, attrs, style = '') => `<!doctype html><html><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"><script type="module" src="${widgetUrl}widget.js"></script>
<style>body { background: ${bg}; margin: 0; padding: 1rem; } .column { width: 640px; } ${style}</style></head>
<body><div class="column"><sowing-board id="b" game="intermedium" animation="off" ${attrs}></sowing-board></div></body></html>`;

/** Serves host pages (name -> html) from a third origin; `close` removes them. */
async function hostPages(pages) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sowboard-play-host-'));
  for (const [name, html] of Object.entries(pages)) fs.writeFileSync(path.join(dir, name), html);
  const server = await serve({ root: dir });
  return {
    url: server.url,
    close: () => {
      server.server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs in the page: the contrast of the board's text (prompt, buttons,
 * flash, coordinates) with what is behind it. */
const widgetContrast = () => {
  const c = /** @type {any} */ (window).__contrast;
  const board = /** @type {any} */ (document.querySelector('#b'));
  const root = board.shadowRoot;
  const out = {};
  const check = (what, el, colour = getComputedStyle(el).color) => {
    const bg = c.backdrop(el);
    out[what] = Math.round(c.ratio(c.over(c.parse(colour), bg), bg) * 100) / 100;
  };
  check('prompt', root.querySelector('.prompt'));
  check('button', root.querySelector('.build button'));
  const flash = root.querySelector('.flash');
  flash.hidden = false;
  check('flash', flash);
  flash.hidden = true;
  // The coordinates are drawn in --_coordinates on the widget's background.
  const probe = document.createElement('span');
  probe.style.color = getComputedStyle(root.querySelector('.board')).getPropertyValue('--_coordinates');
  root.querySelector('.board').append(probe);
  check('coordinates', probe);
  probe.remove();
  return out;
};

test('play: the widget is readable in every theme, on light and dark host pages, whatever the system', async (ctx) => {
  const failures = [];
  /** @type {Record<string, string>} */
  const pages = {};
  for (const [h, host] of ['#fdf6e3', '#15181d'].entries()) {
    for (const theme of ['none', 'auto', 'light', 'dark']) {
      pages[`host${h}-${theme}.html`] = hostPage(ctx.widgetUrl, host, theme === 'none' ? '' : `theme="${theme}"`);
    }
  }
  const hosts = await hostPages(pages);
  try {
    for (const scheme of /** @type {const} */ (['light', 'dark'])) {
      const { context, close } = await launch({ viewport: { width: 900, height: 900 }, colorScheme: scheme });
      try {
        const page = await context.newPage();
        for (const name of Object.keys(pages)) {
          await page.goto(`${hosts.url}${name}`);
          await boardReady(page, '#b');
          await installContrast(page);
          const ratios = await page.evaluate(widgetContrast);
          for (const [what, r] of Object.entries(ratios)) {
            if (r < 4.5) failures.push(`system ${scheme}, ${name}: ${what} ${r}:1`);
          }
        }
      } finally {
        await close();
      }
    }
  } finally {
    hosts.close();
  }
  assertEqual(failures, [], 'text under 4.5:1');
});

test('play: theme="dark" and the host\'s --sowing-* colours set the widget\'s colours', async (ctx) => {
  const hosts = await hostPages({
    'dark.html': hostPage(ctx.widgetUrl, '#ffffff', 'theme="dark"', '#b { --sowing-text: rgb(250, 240, 200); }'),
  });
  const { context, close } = await launch({ viewport: { width: 900, height: 900 }, colorScheme: 'light' });
  try {
    const page = await context.newPage();
    await page.goto(`${hosts.url}dark.html`);
    await boardReady(page, '#b');
    const look = await page.evaluate(() => {
      const board = /** @type {any} */ (document.querySelector('#b'));
      const cs = getComputedStyle(board);
      return { color: cs.color, background: cs.backgroundColor, scheme: cs.colorScheme };
    });
    assertEqual(look.color, 'rgb(250, 240, 200)', "the host's text colour");
    assertEqual(look.background, 'rgb(31, 36, 43)', "the dark theme's background");
    assertEqual(look.scheme, 'dark', "the dark theme's colour scheme");
  } finally {
    await close();
    hosts.close();
  }
});

test('play: the widget caps its height by default (a 640 px column in a 1280x800 window)', async (ctx) => {
  const hosts = await hostPages({ 'cap.html': hostPage(ctx.widgetUrl, '#ffffff', '') });
  const { context, close } = await launch({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${hosts.url}cap.html`);
    await boardReady(page, '#b');
    const h = await page.evaluate(() => /** @type {HTMLElement} */ (document.querySelector('#b')).getBoundingClientRect().height);
    assert(h <= 800, `the widget is ${h} px tall in an 800 px window`);
  } finally {
    await close();
    hosts.close();
  }
});

test('play: embed.html fits a phone (its event log wraps)', async (ctx) => {
  const { context, close } = await launch({ viewport: { width: 390, height: 844 }, ...PHONE });
  try {
    const page = await context.newPage();
    await page.goto(`${ctx.url}embed.html`);
    await boardReady(page, '#live');
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('log')).childElementCount >= 2);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(width <= 390, `embed.html is ${width} px wide on a 390 px phone`);
  } finally {
    await close();
  }
});

/** Runs in the page: selects whose longest option does not fit. */
const truncatedSelects = () => {
  const ctx2d = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
  const out = [];
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll('.panel select'))) {
    if (!select.offsetParent) continue;
    const cs = getComputedStyle(select);
    ctx2d.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const widest = Math.max(...[...select.options].map((o) => ctx2d.measureText(o.textContent ?? '').width));
    // The text, the padding and the arrow (about 20 px) must fit.
    const room = select.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    if (widest > room) out.push(`${select.id}: ${Math.round(widest)} px of text in ${Math.round(room)} px`);
  }
  return out;
};

for (const [name, viewport, options] of /** @type {const} */ ([
  ['desktop', { width: 1280, height: 800 }, {}],
  ['phone', { width: 390, height: 844 }, PHONE],
])) {
  test(`play: the menus show their whole labels (${name})`, async (ctx) => {
    const { context, close } = await launch({ viewport, ...options });
    try {
      const { page } = await freshApp(context, ctx.url);
      for (const game of ['intermedium', 'cash-in-hand']) {
        await page.selectOption('#game', game);
        assertEqual(await page.evaluate(truncatedSelects), [], `menus cut short (${game})`);
      }
    } finally {
      await close();
    }
  });
}

test('play: a plain list of moves, with no position line, is imported from the standard start', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  await page.click('#export');
  await page.fill('#game-text', 'a4-b5-a6-b7-a8\na7-b6-c5-d4-e3\n');
  await page.click('#import');
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).ply === 2);
  assertEqual(
    await page.evaluate(() => /** @type {any} */ (document.querySelector('#board')).moves),
    ['a4-b5-a6-b7-a8', 'a7-b6-c5-d4-e3'],
    'the moves',
  );
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('play: a step to a cell farther along the diagonal says it is not next to the last', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  await clickCell(page, 'a4', '#board');
  await clickCell(page, 'c6', '#board');
  const flash = await page.evaluate(
    () => /** @type {any} */ (document.querySelector('#board')).shadowRoot.querySelector('.flash').textContent,
  );
  assert(/c6 is not next to a4/.test(flash) && !/is not diagonal/.test(flash), `the reason: ${flash}`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

// ---- input: nothing the player did not choose ----------------------------------

/** Cash in Hand, White's b3 holds 22 stones and can pick up 4 to 22 (its
 * diagonal neighbours hold 4: fewer in hand cannot step onto them). */
const STEPPER =
  'cash-in-hand 0,0,0,0,0,0,0,5/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,0,4,0,0,0,0,0/0,22,0,0,0,0,0,0/4,0,4,0,0,0,0,0/0,0,0,0,0,0,0,0 white 0 1';
/** RULES.md section 6, Browne's example: Black to move can capture d3 and e4. */
const BROWNE =
  'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20';

/** The app in two-player mode with `position` on the board. */
async function twoPlayers(ctx, position = null) {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  await page.selectOption('#mode', 'hotseat');
  if (position) {
    await page.evaluate((p) => /** @type {any} */ (document.querySelector('#board')).load(p), position);
    await page.waitForFunction((p) => /** @type {any} */ (document.querySelector('#board')).position === p, position);
  }
  return { page, errors };
}

const building = (page) => page.evaluate(() => /** @type {any} */ (document.querySelector('#board')).building);
const flashText = (page) =>
  page.evaluate(() => {
    const f = /** @type {any} */ (document.querySelector('#board')).shadowRoot.querySelector('.flash');
    return f.hidden ? '' : f.textContent;
  });

test('play: a typed pick-up count is kept as typed and checked when used; out of range it is refused, never replaced', async (ctx) => {
  const { page, errors } = await twoPlayers(ctx, STEPPER);
  const input = page.locator('#board').locator('.stepper input');
  await clickCell(page, 'b3', '#board');
  assertEqual(await input.inputValue(), '22', 'the whole stack at first');
  // Typed one key at a time: "1" (below the least count, 4) is left alone.
  await input.click();
  await page.keyboard.type('1');
  assertEqual(await input.inputValue(), '1', 'after typing 1');
  await page.keyboard.type('5');
  assertEqual(await input.inputValue(), '15', 'after typing 15');
  await page.keyboard.press('Enter');
  let b = await building(page);
  assertEqual([b.stage, b.cash], ['step', 15], 'Enter picks up the 15 typed');
  await page.locator('#board').locator('button[data-act="cancel"]').click();
  // 45 is refused with its reason; nothing is picked up; the text stays.
  await clickCell(page, 'b3', '#board');
  await input.click();
  await page.keyboard.type('45');
  await page.keyboard.press('Enter');
  b = await building(page);
  assertEqual(b.stage, 'count', 'nothing picked up after 45');
  assertEqual(await input.inputValue(), '45', 'the text typed stays');
  assert(/cannot pick up 45/.test(await flashText(page)), `the reason: ${await flashText(page)}`);
  // A drag from the stack does not pick up another count in its place.
  await dragCells(page, ['b3', 'c4', 'd5'], { selector: '#board' });
  b = await building(page);
  assertEqual(b.stage, 'count', 'a drag after 45: nothing picked up');
  assertEqual((await boardState(page, '#board')).moves, [], 'no move played');
  // 2 is refused with the engine's reason.
  await input.click();
  await page.keyboard.type('2');
  await page.locator('#board').locator('button[data-act="count-ok"]').click();
  assertEqual((await building(page)).stage, 'count', 'nothing picked up after 2');
  assert(/no legal first step/.test(await flashText(page)), `the reason for 2: ${await flashText(page)}`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('play: after lifting the finger a drag goes on from the last sown cell (Intermedium a4-b5, then b5-a6-b7-a8)', async (ctx) => {
  const { page, errors } = await twoPlayers(ctx);
  await dragCells(page, ['a4', 'b5'], { selector: '#board' });
  assertEqual(
    (await building(page)).path.map((/** @type {any} */ d) => d.cell),
    ['b5'],
    'the first drag',
  );
  await dragCells(page, ['b5', 'a6', 'b7', 'a8'], { selector: '#board' });
  assertEqual((await boardState(page, '#board')).moves, ['a4-b5-a6-b7-a8'], 'the move is played');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

/** A long press on a cell: the button held down without moving. */
async function longPress(page, cell) {
  const c = await cellCentre(page, cell, '#board');
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  await new Promise((r) => setTimeout(r, 900));
  await page.mouse.up();
}

test('play: pressing the last sown cell to go on drops no stone there; a tap adds one, a long press puts them all', async (ctx) => {
  const { page, errors } = await twoPlayers(ctx);
  await page.selectOption('#game', 'cash-in-hand');
  await page.click('#new-game');
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).position?.startsWith('cash'));
  // Taps to f3, then a drag on from f3: f3 keeps its one stone; e4, where
  // the drag ends, takes the rest.
  for (const cell of ['h1', 'g2', 'f3']) await clickCell(page, cell, '#board');
  await dragCells(page, ['f3', 'e4'], { selector: '#board' });
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).ply === 1);
  assertEqual((await boardState(page, '#board')).moves, ['h1:32 g2:1 f3:1 e4:30'], 'f3 keeps its one stone');
  // Black: taps on the cell last sown add one each; a long press puts the rest there.
  const path = (/** @type {any} */ b) => b.path.map((/** @type {any} */ d) => `${d.cell}:${d.count}`);
  for (const cell of ['h8', 'g7', 'g7', 'g7']) await clickCell(page, cell, '#board');
  assertEqual(path(await building(page)), ['g7:3'], 'taps in a row on g7 add one each');
  await longPress(page, 'g7');
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).ply === 2);
  assertEqual((await boardState(page, '#board')).moves[1], 'h8:32 g7:32', 'a long press on g7 puts the rest there');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test("play: Browne's example in 6 actions (tap, count, one drag, a tap and a long press to put back)", async (ctx) => {
  const { page, errors } = await twoPlayers(ctx, BROWNE);
  let actions = 0;
  await clickCell(page, 'c3', '#board');
  actions++;
  await page.locator('#board').locator('.stepper input').click();
  actions++;
  await page.keyboard.type('8');
  actions++;
  await dragCells(page, ['c3', 'd4', 'd4', 'd4', 'e5', 'f4'], { selector: '#board' });
  actions++;
  assertEqual((await building(page)).toPlace, 5, 'five captured stones to put back');
  await clickCell(page, 'g6', '#board');
  actions++;
  await longPress(page, 'g7');
  actions++;
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).ply === 1);
  assertEqual((await boardState(page, '#board')).moves, ['c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4'], "Browne's move");
  assert(actions <= 6, `${actions} actions`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('play: the keyboard puts all the stones still in hand on a cell (A)', async (ctx) => {
  const { page, errors } = await twoPlayers(ctx, BROWNE);
  await page.evaluate(() =>
    /** @type {any} */ (document.querySelector('#board')).startBuild([
      { cell: 'c3' },
      { count: 8 },
      { cell: 'd4', count: 3 },
      { cell: 'e5', count: 1 },
      { cell: 'f4', count: 4 },
    ]),
  );
  await page.evaluate(() => /** @type {any} */ (document.querySelector('#board')).shadowRoot.querySelector('canvas').focus());
  // The cursor from the first cell offered (a stack that takes stones) to g7.
  for (const key of ['ArrowUp']) await page.keyboard.press(key);
  const cursorTo = async (target) => {
    for (let i = 0; i < 20; i++) {
      const said = await page.evaluate(
        () => /** @type {any} */ (document.querySelector('#board')).shadowRoot.querySelector('.sr').textContent,
      );
      if (said.startsWith(target)) return;
      const [file, rank] = [target.charCodeAt(0), Number(target.slice(1))];
      const at = /^([a-h])(\d)/.exec(said);
      if (!at) {
        await page.keyboard.press('ArrowUp');
        continue;
      }
      if (at[1].charCodeAt(0) < file) await page.keyboard.press('ArrowRight');
      else if (at[1].charCodeAt(0) > file) await page.keyboard.press('ArrowLeft');
      else if (Number(at[2]) < rank) await page.keyboard.press('ArrowUp');
      else await page.keyboard.press('ArrowDown');
    }
    throw new Error(`the cursor did not reach ${target}`);
  };
  await cursorTo('g7');
  await page.keyboard.press('a');
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).ply === 1);
  assertEqual((await boardState(page, '#board')).moves, ['c3:8 d4:3 e5:1 f4:4 (:d3 e4) g7:5'], 'all five on g7');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test("play: keyboard digits typed for one cell do not run on into the next cell's numbers", async (ctx) => {
  const { page, errors } = await twoPlayers(ctx);
  await page.selectOption('#game', 'cash-in-hand');
  await page.click('#new-game');
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).position?.startsWith('cash'));
  await page.evaluate(() => /** @type {any} */ (document.querySelector('#board')).shadowRoot.querySelector('canvas').focus());
  const focusedN = () =>
    page.evaluate(() => /** @type {any} */ (document.querySelector('#board')).shadowRoot.activeElement?.dataset?.n ?? null);
  // The cursor starts on h1 (White's first stack): Enter, then 12 stones.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.type('12');
  assertEqual(await focusedN(), '12', 'the pick-up count 12');
  await page.keyboard.press('Enter');
  // g2: one stone ("1", Enter); then f3, and "1" at once.
  for (const key of ['ArrowLeft', 'ArrowUp', 'Enter', '1', 'Enter', 'ArrowLeft', 'ArrowUp', 'Enter', '1']) await page.keyboard.press(key);
  assertEqual(await focusedN(), '1', 'the 1 typed for f3 is 1, not 11');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

// ---- first visit, end of a game ----------------------------------------------------

/** Blue takes Red's city with f9-e8-d9 (Red's city d10 is empty). */
const CITY =
  'intermedium 0,0,1,0,1,0,0/0,0,0,1,0,2,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0 blue 0 10';

test("play: a first visit on a phone shows each game's goal, a button to start it and the 2-minute lesson, without scrolling; never again after", async (ctx) => {
  const { context, close } = await launch({ viewport: { width: 390, height: 844 }, ...PHONE });
  try {
    const page = await context.newPage();
    await page.goto(`${ctx.url}icon.svg`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(ctx.url);
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    const box = await page.evaluate(() => {
      const r = (/** @type {string} */ s) => document.querySelector(s)?.getBoundingClientRect() ?? null;
      return {
        cash: r('#welcome button[data-game="cash-in-hand"]'),
        learn: r('#welcome a[href="learn.html"]'),
        text: document.querySelector('#welcome')?.textContent ?? '',
      };
    });
    assert(box.cash && box.cash.bottom <= 844 && box.learn && box.learn.bottom <= 844, `in view: ${JSON.stringify(box)}`);
    assert(
      /enemy city/.test(box.text) && /every enemy stone/.test(box.text) && /Learn in 2 minutes/.test(box.text),
      `the goals: ${box.text}`,
    );
    await page.click('#welcome button[data-game="cash-in-hand"]');
    await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).position?.startsWith('cash'));
    assert(await page.locator('#welcome').isHidden(), 'gone once a game is chosen');
    await page.reload();
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    assert(await page.locator('#welcome').isHidden(), 'not on the next visit');
  } finally {
    await close();
  }
});

test('play: after a game ends, Rematch and Review this game are offered and work', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  await page.selectOption('#level', '1');
  await page.evaluate((p) => /** @type {any} */ (document.querySelector('#board')).load(p), CITY);
  for (const cell of ['f9', 'e8', 'd9']) await clickCell(page, cell, '#board');
  await page.waitForSelector('#rematch', { state: 'visible' });
  assert(await page.locator('#review-game').isVisible(), 'Review this game is offered');
  await page.click('#review-game');
  await page.waitForSelector('#analysis:not([hidden])');
  await page.waitForFunction(
    () =>
      !(/** @type {HTMLElement} */ (document.getElementById('review-progress')).hidden) ||
      (document.getElementById('review-note')?.textContent ?? '') !== '',
  );
  await page.click('#rematch');
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).ply === 0);
  assert(await page.locator('#banner').isHidden(), 'a new game after Rematch');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('play: "Link copied" is news, not a problem, and does not move the board', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  await page.click('#friend-new');
  await page.waitForSelector('#friend-dialog[open]');
  await page.click('#friend-start');
  await page.waitForFunction(() => !document.getElementById('friend-game')?.hidden);
  for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(page, cell, '#board');
  await page.waitForSelector('#friend-send:not([hidden])');
  const top = () =>
    page.evaluate(
      () => /** @type {any} */ (document.querySelector('#board')).shadowRoot.querySelector('canvas').getBoundingClientRect().top,
    );
  const before = await top();
  await page.click('#friend-copy');
  await page.waitForFunction(
    () => /Link copied/.test(document.getElementById('notice')?.textContent ?? '') && !document.getElementById('notice')?.hidden,
  );
  const look = await page.evaluate(() => {
    const n = /** @type {HTMLElement} */ (document.getElementById('notice'));
    const probe = document.createElement('p');
    probe.className = 'error';
    document.body.append(probe);
    const error = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return { background: getComputedStyle(n).backgroundColor, error };
  });
  assert(look.background !== look.error, `not in the error colours: ${JSON.stringify(look)}`);
  assertEqual(await top(), before, 'the board stays where it was');
  assertEqual(
    errors.filter((e) => !/clipboard/i.test(e)),
    [],
    'console errors',
  );
  await page.close();
});

test('play: a visitor with no game of their own opening a share link is not offered "Keep my game"', async (ctx) => {
  const { page, errors } = await freshApp(ctx.context, ctx.url);
  await page.evaluate(() => /** @type {any} */ (document.querySelector('#board')).play('a4-b5-a6-b7-a8'));
  await page.click('#export');
  await page.waitForFunction(() => document.querySelector('#share-link')?.value);
  const link = await page.inputValue('#share-link');
  await page.close();
  const fresh = await freshApp(ctx.context, ctx.url);
  await fresh.page.goto(link);
  await fresh.page.waitForSelector('#link-dialog[open]');
  const keep = await fresh.page.textContent('#link-keep');
  assert(!/Keep my game/.test(keep ?? ''), `the button says: ${keep}`);
  assertEqual([...errors, ...fresh.errors], [], 'console errors');
  await fresh.page.close();
});
