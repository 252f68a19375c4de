// Helpers that drive the app page and the <sowing-board> element.
import fs from 'node:fs';
import { watchErrors } from './browser.mjs';

const AXE = new URL('../node_modules/axe-core/axe.min.js', import.meta.url);

/** Runs in the page: axe-core's serious and critical violations in the
 * element `sel` (else the whole document), as readable lines. Shared with
 * the cross-engine accessibility scenario (scenarios-a11y.mjs).
 * @param {string | null} sel */
export const axeViolations = (sel) =>
  /** @type {any} */ (window).axe
    .run(sel ? document.querySelector(sel) : document, {
      resultTypes: ['violations'],
    })
    .then((/** @type {any} */ r) =>
      r.violations
        .filter((/** @type {any} */ v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (/** @type {any} */ v) =>
            `${v.impact} ${v.id}: ${v.help} (${v.nodes
              .slice(0, 3)
              .map((/** @type {any} */ n) => n.target.join(' '))
              .join(', ')})`,
        ),
    );

/** axe-core's serious and critical violations on a Playwright page (in
 * `selector`, else all of it). axe is evaluated in the page, which the
 * page's CSP does not govern. @param {import('playwright-core').Page} page @param {string | null} [selector] */
export async function axeProblems(page, selector = null) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  return page.evaluate(axeViolations, selector);
}

export async function boardReady(page, selector = 'sowing-board') {
  await page.waitForFunction((s) => document.querySelector(s)?.position, selector);
}

/** The app page has restored its game (save or link) on the board. */
export async function appReady(page) {
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
}

/**
 * The app in a new page of `context` with no saved game: the origin's storage
 * is cleared from a document of it that is not the app (icon.svg), so the app
 * never sees the previous test's game. `errors` collects console errors and
 * exceptions from then on, and with `responses` every answer of 400 or more.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url the app's address (ends with /)
 * @param {{path?: string, responses?: boolean}} [options] `path` is added to `url`
 */
export async function freshApp(context, url, { path = '', responses = false } = {}) {
  const page = await context.newPage();
  await page.goto(url + 'icon.svg');
  // A cleared origin, but not a first visit: the welcome (tested on its own
  // in play.test.mjs) would move the page under the other tests.
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('sowboard.welcomed', '1');
  });
  const errors = watchErrors(page);
  if (responses)
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
  await page.goto(url + path);
  await appReady(page);
  return { page, errors };
}

/** Clicks the centre of a cell of the board, as a person would. */
export async function clickCell(page, cell, selector = 'sowing-board') {
  const rect = await page.evaluate(([s, c]) => document.querySelector(s).cellRect(c), [selector, cell]);
  if (!rect) throw new Error(`cell ${cell} is not on the board`);
  await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 2);
}

/** Sets the pick-up stepper to `n` by typing it, as a person would. */
export async function setCount(page, n, selector = 'sowing-board') {
  const input = page.locator(selector).locator('.stepper input');
  await input.fill(String(n));
}

/** The centre of a cell in viewport coordinates. */
export async function cellCentre(page, cell, selector = 'sowing-board') {
  const rect = await page.evaluate(([s, c]) => document.querySelector(s).cellRect(c), [selector, cell]);
  if (!rect) throw new Error(`cell ${cell} is not on the board`);
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, size: rect.width };
}

/**
 * One mouse drag through cells: `steps` lists cells, in order; a cell named
 * twice in a row is left (to its edge) and entered again. `before(i)` runs
 * before the release, with the button still down (to look at the board).
 */
export async function dragCells(page, steps, { selector = 'sowing-board', before } = {}) {
  const first = await cellCentre(page, steps[0], selector);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  let prev = steps[0];
  for (const cell of steps.slice(1)) {
    const c = await cellCentre(page, cell, selector);
    if (cell === prev) {
      // Out over the cell's edge (not into the next cell's middle) and back.
      await page.mouse.move(c.x, c.y - c.size * 0.55, { steps: 3 });
    }
    await page.mouse.move(c.x, c.y, { steps: 4 });
    prev = cell;
  }
  if (before) await before();
  await page.mouse.up();
}

/** Clicks a number in the board's chooser (pick-up count, drop, stones to put back). */
export async function choose(page, n, selector = 'sowing-board') {
  await page.locator(selector).locator(`button[data-act="choose"][data-n="${n}"]`).click();
}

export const boardState = (page, selector = 'sowing-board') =>
  page.evaluate((s) => {
    const b = document.querySelector(s);
    return { position: b.position, moves: b.moves, outcome: b.outcome, ply: b.ply, start: b.startPosition };
  }, selector);

/** Answers the page's yes/no question (the ask dialog): 'yes' or 'no'. */
export async function answer(page, value) {
  await page.waitForSelector('#ask-dialog[open]');
  // The app acts on the answer in the dialog's close event, a task queued
  // after the dialog shuts (a select put back after "no", say): wait until
  // that event has been handled, not only until the dialog is shut, or a
  // loaded machine reads the page in between (a CI failure of test 18.2).
  await page.evaluate(() => {
    window.__answered = false;
    document.getElementById('ask-dialog')?.addEventListener(
      'close',
      () => {
        setTimeout(() => {
          window.__answered = true;
        });
      },
      { once: true },
    );
  });
  await page.click(`#ask-dialog button[value="${value}"]`);
  await page.waitForFunction(() => window.__answered === true);
}

/** Opens a share link in `page` (already showing the app) and accepts it in
 * the dialog with the given mode (and side, level). The app loads the game
 * only after the dialog's close event (`openShared` in www/app/sharing.js), so
 * a caller waits for the board to show it (its position or ply) before
 * acting on it. */
export async function openLink(page, url, { mode = 'hotseat', side, level } = {}) {
  // Into a page that shows the app already, this is a fragment-only
  // navigation (no reload): the app hears it (hashchange).
  await page.goto(url);
  await appReady(page);
  await page.waitForSelector('#link-dialog[open]');
  await page.selectOption('#link-mode', mode);
  if (side) await page.selectOption('#link-side', side);
  if (level) await page.selectOption('#link-level', String(level));
  await page.click('#link-open');
  await page.waitForSelector('#link-dialog:not([open])', { state: 'attached' });
}
