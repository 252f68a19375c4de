// User-level scenarios run in every engine (Chromium, Firefox, WebKit) by
// tests/browser/engines.mjs. Each is written once against the Tab interface of
// lib/engines.mjs: page code goes through tab.eval/waitFor, input through
// tab.click/press. To add one: scenario('what the user does', async (t) => {...}).
// t = {engine, tab, open(path), url, hostUrl, shot(name)}; a scenario that needs a
// capability an engine lacks checks t.engine.can and throws BrowserLacks.
import { assert, assertEqual, BrowserLacks } from './lib/harness.mjs';

/** @type {{name: string, fn: (t: any) => Promise<void>}[]} */
export const scenarios = [];
export const scenario = (name, fn) => scenarios.push({ name, fn });

// ---- page helpers (engine-neutral) -----------------------------------------

/** How long a scenario waits for the AI's answer. The scenarios' AI plays at
 * level 1 (a small node budget, see cross-engine.mjs), so this only stops a
 * hang; WebKit on a loaded 2-core machine once took over 30 s at level 3. */
export const AI_WAIT = 120_000;

/** Waits until the board `sel` reaches `ply` (the AI has answered). A timeout
 * says where the game stood (the ply, whether the AI was still thinking, the
 * prompt, the page's errors): "the AI did not answer" and "a click was lost"
 * look the same from the wait alone. */
export async function waitForPly(tab, ply, sel = 'sowing-board') {
  try {
    await tab.waitFor(([s, n]) => document.querySelector(s).ply === n, [sel, ply], AI_WAIT);
  } catch (err) {
    const state = await tab
      .eval((s) => {
        const b = document.querySelector(s);
        const prompt = b.shadowRoot.querySelector('.prompt')?.textContent;
        return {
          ply: b.ply,
          moves: b.moves,
          thinking: b.thinking,
          prompt,
          notice: document.querySelector('#notice')?.textContent,
          updateOffered: document.querySelector('#update')?.hidden === false,
        };
      }, sel)
      .catch((e) => `the page did not answer: ${e.message}`);
    const errors = await tab.errors().catch(() => []);
    throw new Error(`${err.message}; the board then: ${JSON.stringify(state)}; page errors: ${JSON.stringify(errors)}`);
  }
}

export const appReady = (tab) => tab.waitFor(() => document.documentElement.hasAttribute('data-app-ready'));
export const board = (tab, sel = 'sowing-board') =>
  tab.eval((s) => {
    const b = document.querySelector(s);
    return {
      position: b.position,
      moves: b.moves,
      ply: b.ply,
      outcome: b.outcome,
      prompt: b.shadowRoot.querySelector('.prompt').textContent,
    };
  }, sel);

/** Clicks a cell's centre with the pointer. */
export async function clickCell(tab, cell, sel = 'sowing-board') {
  const r = await tab.eval(([s, c]) => document.querySelector(s).cellRect(c), [sel, cell]);
  if (!r) throw new Error(`cell ${cell} is not on the board`);
  await tab.click(r.x + r.width / 2, r.y + r.height / 2);
}

/** Clicks an element (in the board's shadow root when `shadow`) at its centre. */
export async function clickElement(tab, selector, shadow = false) {
  const r = await tab.eval(
    ([s, inShadow]) => {
      const root = inShadow ? document.querySelector('sowing-board').shadowRoot : document;
      const el = root.querySelector(s);
      if (!el) return null;
      el.scrollIntoView({ block: 'center' });
      const { x, y, width, height } = el.getBoundingClientRect();
      return { x, y, width, height };
    },
    [selector, shadow],
  );
  if (!r) throw new Error(`no ${selector} on the page`);
  await tab.click(r.x + r.width / 2, r.y + r.height / 2);
}

/** Chooses an option in a <select> of the page (and fires its change event). */
export const select = (tab, selector, value) =>
  tab.eval(
    ([s, v]) => {
      const el = document.querySelector(s);
      el.value = v;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [selector, value],
  );

/** Puts the keyboard focus on the board's canvas. */
export const focusBoard = (tab) => tab.eval(() => document.querySelector('sowing-board').shadowRoot.querySelector('canvas').focus());

/** Moves the keyboard cursor from wherever it is to `cell` (a1 is bottom left, board not turned). */
export async function cursorTo(tab, cell) {
  const files = await tab.eval(() => document.querySelector('sowing-board').position.split(' ')[1].split('/')[0].split(',').length);
  for (let i = 0; i < files; i++) await tab.press('ArrowLeft');
  for (let i = 0; i < 10; i++) await tab.press('ArrowDown');
  for (let i = 0; i < cell.charCodeAt(0) - 97; i++) await tab.press('ArrowRight');
  for (let i = 1; i < Number(cell.slice(1)); i++) await tab.press('ArrowUp');
}

const noErrors = async (tab) => assertEqual(await tab.errors(), [], 'console errors and exceptions');

// ---- scenarios ---------------------------------------------------------------

scenario('the app loads with no errors and a playable board', async (t) => {
  const tab = await t.open('');
  const b = await board(tab);
  assert(b.position.startsWith('intermedium '), `Intermedium start (${b.position})`);
  assert(/Your move \(Blue\)/.test(b.prompt), `the prompt asks for the player's move: ${b.prompt}`);
  await t.shot('app');
  // The first visit installs the service worker, which then controls the
  // page: nothing to update, so no "new version" banner (WebKit under load
  // once showed it, moving the board under the player's clicks).
  await tab.waitFor(() => navigator.serviceWorker?.controller != null);
  assert(await tab.eval(() => document.getElementById('update').hidden), 'no "new version" offer on the first visit');
  await noErrors(tab);
  // A phone-sized window (the layout only; touch is tested in Chromium, drag.test.mjs).
  const phone = await t.open('', { viewport: { width: 390, height: 844 } });
  const fits = await phone.eval(() => document.querySelector('sowing-board').getBoundingClientRect().right <= innerWidth);
  assert(fits, 'the board fits a 390 px wide window');
  await t.shot('app-phone');
  await noErrors(phone);
});

scenario('Intermedium by pointer: a move, the AI answers from its worker, undo, reload restores', async (t) => {
  const tab = await t.open('');
  for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(tab, cell);
  await waitForPly(tab, 2);
  const after = await board(tab);
  assertEqual(after.moves[0], 'a4-b5-a6-b7-a8', 'the clicked move');
  // The AI's answer came from its worker (where the driver lists workers).
  assert(await tab.eval(() => !document.querySelector('sowing-board').thinking), 'the AI has finished');
  if (t.engine.can.workers) {
    const workers = await tab.workers();
    assert(
      workers.some((u) => u.endsWith('/ai-worker.js')),
      `the AI worker runs (${workers})`,
    );
  }
  await t.shot('app-after-move');
  await tab.goto(t.url);
  await appReady(tab);
  assertEqual((await board(tab)).moves, after.moves, 'the reload restored the game');
  await clickElement(tab, '#undo');
  await tab.waitFor(() => document.querySelector('sowing-board').ply === 0);
  await noErrors(tab);
});

scenario('Intermedium by keyboard: arrows and Enter play a move, the cursor is announced', async (t) => {
  const tab = await t.open('');
  await focusBoard(tab);
  await cursorTo(tab, 'a4');
  await tab.press('Enter');
  for (const key of [
    ['ArrowRight', 'ArrowUp'],
    ['ArrowLeft', 'ArrowUp'],
    ['ArrowRight', 'ArrowUp'],
    ['ArrowLeft', 'ArrowUp'],
  ]) {
    for (const k of key) await tab.press(k);
    await tab.press('Enter');
  }
  await tab.waitFor(() => document.querySelector('sowing-board').ply >= 1);
  assertEqual((await board(tab)).moves[0], 'a4-b5-a6-b7-a8', 'the move made with the keyboard');
  await waitForPly(tab, 2);
  await noErrors(tab);
});

scenario('Cash in Hand by pointer and keyboard: pick up 1 with the stepper, one step; the AI answers', async (t) => {
  const tab = await t.open('');
  await select(tab, '#game', 'cash-in-hand');
  await tab.waitFor(() => document.querySelector('sowing-board').position.startsWith('cash-in-hand'));
  await clickCell(tab, 'h1');
  await tab.waitFor(() => !document.querySelector('sowing-board').shadowRoot.querySelector('.stepper').hidden);
  await clickElement(tab, '.stepper input', true); // a tap on the count selects it
  await tab.press('1');
  await clickElement(tab, 'button[data-act="count-ok"]', true);
  await clickCell(tab, 'g2');
  await tab.waitFor(() => document.querySelector('sowing-board').ply >= 1);
  assertEqual((await board(tab)).moves[0], 'h1:1 g2:1', 'the move made with pointer and digits');
  await waitForPly(tab, 2);
  await t.shot('cash');
  await noErrors(tab);
});

scenario('Cash in Hand by keyboard only: the number chooser and the cursor', async (t) => {
  const tab = await t.open('');
  await select(tab, '#mode', 'hotseat');
  await select(tab, '#game', 'cash-in-hand');
  await tab.waitFor(() => document.querySelector('sowing-board').position.startsWith('cash-in-hand'));
  await focusBoard(tab);
  await cursorTo(tab, 'h1');
  await tab.press('Enter'); // the number chooser takes the focus
  await tab.waitFor(() => document.querySelector('sowing-board').shadowRoot.activeElement?.dataset.act === 'choose');
  await tab.press('1');
  await tab.press('Enter');
  await tab.press('ArrowLeft');
  await tab.press('ArrowUp');
  await tab.press('Enter');
  await tab.waitFor(() => document.querySelector('sowing-board').ply === 1);
  assertEqual((await board(tab)).moves, ['h1:1 g2:1'], 'the move made with the keyboard');
  await noErrors(tab);
});

scenario('a share link opens in the dialog and shows the shared game', async (t) => {
  const moves = ['a4-b5-a6-b7-a8', 'g7-f6-g5-f4-g3'];
  const position =
    'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1';
  const tab = await t.open(`#${new URLSearchParams({ p: position, m: moves.join(';') })}`, { ready: false });
  await tab.waitFor(() => document.querySelector('#link-dialog')?.open);
  await select(tab, '#link-mode', 'hotseat');
  await t.shot('link-dialog');
  await clickElement(tab, '#link-open');
  await tab.waitFor(() => document.querySelector('sowing-board').ply === 2);
  assertEqual((await board(tab)).moves, moves, 'the shared moves');
  await noErrors(tab);
});

scenario('the widget on another origin: two boards, events, a hint from its worker', async (t) => {
  const tab = await t.tab();
  await tab.goto(t.hostUrl + 'host.html');
  await tab.waitFor(() => document.querySelector('#one')?.position && document.querySelector('#two')?.position);
  const detail = await tab.eval(
    () =>
      new Promise((resolve) => {
        const one = document.querySelector('#one');
        one.addEventListener('move', (e) => resolve(e.detail), { once: true });
        one.play('a4-b5-a6-b7-a8');
      }),
  );
  assertEqual(detail.move, 'a4-b5-a6-b7-a8', 'move event detail');
  const hint = await tab.eval(() => document.querySelector('#two').hint());
  assert(typeof hint === 'string' && hint.includes('-'), `a hint from the cross-origin worker (${hint})`);
  const thinking = await tab.eval(
    () =>
      new Promise((resolve) => {
        const two = document.querySelector('#two');
        // The hint's own "thinking: false" is still queued (events go out on a
        // zero timer); let it pass before listening, or a fast driver catches it.
        setTimeout(() => {
          two.addEventListener('thinking', (e) => resolve(e.detail), { once: true });
          two.play('a4-b5-a6-b7-a8'); // Red (the AI) to move now
        }, 0);
      }),
  );
  assertEqual(thinking, { thinking: true }, 'thinking event');
  await waitForPly(tab, 2, '#two');
  await t.shot('widget');
  await noErrors(tab);
});

scenario('offline: the app reloads from its service worker with no network', async (t) => {
  if (!t.engine.can.offline) throw new BrowserLacks(`an offline switch (${t.engine.name}'s driver)`);
  const tab = await t.open('');
  await tab
    .waitFor(() => navigator.serviceWorker.controller != null || navigator.serviceWorker.ready.then(() => false), null, 15000)
    .catch(() => {});
  await tab.eval(() => navigator.serviceWorker.ready.then(() => true));
  // The first load installs the worker; reload once so that it controls the page.
  await tab.goto(t.url);
  await appReady(tab);
  await tab.setOffline(true);
  try {
    // The switch works (in Firefox it did not reach the service worker's
    // fetches, so Firefox's driver is not trusted with this scenario).
    assertEqual(await tab.eval(() => navigator.onLine), false, 'navigator.onLine while offline');
    await tab.goto(t.url);
    await appReady(tab);
    assert((await board(tab)).position.startsWith('intermedium'), 'the board is there offline');
  } finally {
    await tab.setOffline(false);
  }
  await noErrors(tab);
});
