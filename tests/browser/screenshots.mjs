// Screenshots of the app and the embedding page at the screen sizes players
// use, in both themes, to look at after a change of layout or colours.
// Saved into tests/browser/artifacts/ (not in git) as
// shot-WIDTHxHEIGHT-THEME-VIEW.png.
//   node tests/browser/screenshots.mjs [view ...]   views: welcome, start, cash, analysis, embed (default: all)
// Needs a built www/ (./build.sh); SOWBOARD_WWW points at another copy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './lib/browser.mjs';
import { boardReady, clickCell, freshApp } from './lib/page.mjs';
import { serve } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const www = path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www'));
const artifacts = path.join(here, 'artifacts');
fs.mkdirSync(artifacts, { recursive: true });

const SIZES = [
  [390, 844],
  [844, 390],
  [768, 1024],
  [1280, 600],
  [1280, 800],
  [1920, 1080],
];
const VIEWS = process.argv.slice(2).length ? process.argv.slice(2) : ['welcome', 'start', 'cash', 'analysis', 'embed'];

/** A game of `n` plies at level 1, loaded on the app's board. */
const longGame = (page, n) =>
  page.evaluate(async (plies) => {
    const board = /** @type {any} */ (document.querySelector('#board'));
    const engine = await import('./pkg/sowboard_ai.js');
    await engine.default();
    const g = new engine.Game('intermedium');
    const moves = [];
    for (let i = 0; i < plies && !g.outcome(); i++) {
      const m = g.aiMove(1, 7 + i, 50);
      if (!m) break;
      g.play(m);
      moves.push(m);
    }
    board.setAttribute('ai', 'none');
    board.load(g.startPosition(), moves);
  }, n);

const app = await serve({ root: www });
try {
  for (const [width, height] of SIZES) {
    const phone = width < 1000 && (width < 500 || height < 500 || width === 768);
    for (const theme of /** @type {const} */ (['light', 'dark'])) {
      const { context, close } = await launch({
        viewport: { width, height },
        colorScheme: theme,
        ...(phone ? { hasTouch: true, isMobile: true, deviceScaleFactor: 1 } : {}),
      });
      try {
        const shot = async (page, view) => {
          const file = path.join(artifacts, `shot-${width}x${height}-${theme}-${view}.png`);
          await page.screenshot({ path: file });
          console.log(file);
        };
        if (VIEWS.includes('welcome')) {
          // A first visit: storage cleared, the welcome on show.
          const page = await context.newPage();
          await page.goto(`${app.url}icon.svg`);
          await page.evaluate(() => localStorage.clear());
          await page.goto(app.url);
          await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
          await shot(page, 'welcome');
          await page.close();
        }
        if (VIEWS.includes('start')) {
          const { page } = await freshApp(context, app.url);
          await shot(page, 'start');
          await page.close();
        }
        if (VIEWS.includes('cash')) {
          const { page } = await freshApp(context, app.url);
          await page.selectOption('#game', 'cash-in-hand');
          await page.selectOption('#mode', 'hotseat');
          await page.click('#new-game');
          await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#board')).position?.startsWith('cash'));
          await clickCell(page, 'h1', '#board');
          await page.evaluate(() => window.scrollTo(0, 0));
          await shot(page, 'cash');
          await page.close();
        }
        if (VIEWS.includes('analysis')) {
          const { page } = await freshApp(context, app.url);
          await longGame(page, 80);
          await page.click('#analyse');
          await page.waitForSelector('#analysis:not([hidden])');
          await page.locator('#moves li button').last().click();
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await new Promise((r) => setTimeout(r, 500));
          await shot(page, 'analysis');
          await page.close();
        }
        if (VIEWS.includes('embed')) {
          const page = await context.newPage();
          await page.goto(`${app.url}embed.html`);
          await boardReady(page, '#live');
          await shot(page, 'embed');
          await page.close();
        }
      } finally {
        await close();
      }
    }
  }
} finally {
  app.server.close();
}
