// Helpers that drive the app page and the <sowing-board> element.

export async function boardReady(page, selector = 'sowing-board') {
  await page.waitForFunction((s) => document.querySelector(s)?.position, selector);
}

/** The app page has restored its game (save or link) on the board. */
export async function appReady(page) {
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
}

/** Clicks the centre of a cell of the board, as a person would. */
export async function clickCell(page, cell, selector = 'sowing-board') {
  const rect = await page.evaluate(([s, c]) => document.querySelector(s).cellRect(c), [selector, cell]);
  if (!rect) throw new Error(`cell ${cell} is not on the board`);
  await page.mouse.click(rect.x + rect.width / 2, rect.y + rect.height / 2);
}

/** Clicks a number in the board's chooser (pick-up count, drop, stones to put back). */
export async function choose(page, n, selector = 'sowing-board') {
  await page.locator(selector).locator(`button[data-act="choose"][data-n="${n}"]`).click();
}

export const boardState = (page, selector = 'sowing-board') => page.evaluate((s) => {
  const b = document.querySelector(s);
  return { position: b.position, moves: b.moves, outcome: b.outcome, ply: b.ply, start: b.startPosition };
}, selector);

/** Whether the engine in the page implements Cash in Hand yet. */
export const cashAvailable = (page) => page.evaluate(async () => {
  const { Game } = await import('/pkg/sowboard.js');
  const g = new Game('cash-in-hand');
  const ok = g.build().origins.length > 0;
  g.free();
  return ok;
});
