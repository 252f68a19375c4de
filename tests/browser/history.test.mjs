// "My games" (www/app/history-*.js): every game kept in IndexedDB, listed,
// replayed, continued, reviewed, exported and imported; results and a rating
// against the AI's levels (www/app/strength.js); a history of schema version 1
// read by this version; storage failures that never stop a game; two tabs
// writing at once. docs/history.md describes what is tested here.
import fs from 'node:fs';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { watchErrors } from './lib/browser.mjs';
import { answer, appReady, axeProblems, clickCell } from './lib/page.mjs';
import { estimate, expected, ratingText, suggestLevel, MIN_GAMES } from '../../www/app/strength.js';
import { LEVEL_RATINGS } from '../../www/app/ratings.js';
import { fromFragment } from '../../www/app/fragment.js';

const FIXTURE = JSON.parse(fs.readFileSync(new URL('./fixtures/history-v1.json', import.meta.url), 'utf8'));
const DB = 'sowboard-history';

// ---- the rating maths, under node ------------------------------------------------

test('history: strength estimate is the maximum likelihood, with a likelihood-ratio interval', () => {
  // Even results against one opponent: exactly its rating.
  const even = estimate([
    { rating: 1500, score: 1 },
    { rating: 1500, score: 0 },
  ]);
  assert(Math.abs(/** @type {number} */ (even.rating) - 1500) < 0.01, `1-1 against 1500 gives 1500, got ${even.rating}`);
  // 3 wins, 1 loss against 1500: expected score 3/4, so 1500 + 400·log10(3).
  const three = estimate([1, 1, 1, 0].map((score) => ({ rating: 1500, score })));
  assert(Math.abs(/** @type {number} */ (three.rating) - (1500 + 400 * Math.log10(3))) < 0.01, `3-1 gives ${three.rating}`);
  // A draw is half a point.
  const draws = estimate([0.5, 0.5, 1, 0].map((score) => ({ rating: 1200, score })));
  assert(Math.abs(/** @type {number} */ (draws.rating) - 1200) < 0.01, `draws count half: ${draws.rating}`);
  // Many games: the likelihood-ratio interval is the estimate ± 1.96 standard errors (the curvature's).
  const many = estimate(Array.from({ length: 400 }, (_, i) => ({ rating: 1400 + (i % 4) * 100, score: i % 3 === 0 ? 0 : 1 })));
  const half = /** @type {number} */ (many.high - /** @type {number} */ (many.low)) / 2;
  assert(
    Math.abs(half - 1.96 * /** @type {number} */ (many.se)) < 2,
    `interval ±${half.toFixed(1)} vs 1.96·se ${(1.96 * /** @type {number} */ (many.se)).toFixed(1)}`,
  );
  // The estimate's expected score equals the actual score (the likelihood's stationary point).
  const exp = Array.from({ length: 400 }, (_, i) => expected(/** @type {number} */ (many.rating), 1400 + (i % 4) * 100)).reduce(
    (a, b) => a + b,
  );
  assert(Math.abs(exp - many.score) < 1e-6, `expected ${exp} = score ${many.score}`);
  // A clean sweep has no estimate, only a bound on one side.
  const sweep = estimate(Array.from({ length: 5 }, () => ({ rating: 873, score: 1 })));
  assertEqual([sweep.rating, sweep.high], [null, null], 'five wins: no estimate, no upper bound');
  // logL(low) = 5·log p(low) = -1.92: p = e^(-0.384).
  const p = Math.exp(-3.841 / 2 / 5);
  assert(Math.abs(/** @type {number} */ (sweep.low) - (873 + 400 * Math.log10(p / (1 - p)))) < 0.1, `bound ${sweep.low}`);
});

test('history: a rating is shown only after enough games, rounded to what the interval supports; a level is suggested when the results say so', () => {
  const nine = estimate(Array.from({ length: MIN_GAMES - 1 }, (_, i) => ({ rating: 1337, score: i % 2 })));
  assertEqual(ratingText(nine), null, `fewer than ${MIN_GAMES} games: no rating`);
  const ten = estimate(Array.from({ length: MIN_GAMES }, (_, i) => ({ rating: 1337, score: i % 2 })));
  const text = /** @type {{headline: string, detail: string}} */ (ratingText(ten));
  assertEqual(text.headline, '≈1350', 'ten even games against 1337: rounded to 50 (the interval is about ±200)');
  assert(/between 1100 and 1550/.test(text.detail), text.detail);
  // Five wins in a row at level 1 say level 2 is nearer; three do not yet.
  const ratings = LEVEL_RATINGS.intermedium;
  const wins = (n) => estimate(Array.from({ length: n }, () => ({ rating: ratings[0], score: 1 })));
  assertEqual(suggestLevel(wins(5), 1, ratings), { level: 2, direction: 'up' }, 'five wins at level 1');
  assertEqual(suggestLevel(wins(3), 1, ratings), null, 'three wins at level 1');
  const losses = estimate(Array.from({ length: 6 }, () => ({ rating: ratings[4], score: 0 })));
  assertEqual(suggestLevel(losses, 5, ratings), { level: 4, direction: 'down' }, 'six losses at level 5');
});

// ---- in the page ---------------------------------------------------------------------

/** The app with no saved game and no history (storage cleared from icon.svg, a page of the origin that is not the app). */
async function freshHistoryApp(context, url, { init, before } = /** @type {any} */ ({})) {
  const page = await context.newPage();
  await page.goto(url + 'icon.svg');
  await page.evaluate((name) => {
    localStorage.clear();
    return new Promise((resolve, reject) => {
      const req = indexedDB.deleteDatabase(name);
      req.onsuccess = resolve;
      req.onerror = () => reject(req.error);
    });
  }, DB);
  if (before) await page.evaluate(before.fn, before.arg);
  const errors = watchErrors(page);
  if (init) await page.addInitScript(init);
  await page.goto(url);
  await appReady(page);
  return { page, errors };
}

/** Writes the version-1 fixture as schema version 1 stored it (runs in a page of the origin). */
function writeV1({ name, records }) {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => req.result.createObjectStore('games', { keyPath: 'id' });
    req.onsuccess = () => {
      const tx = req.result.transaction('games', 'readwrite');
      for (const r of records) tx.objectStore('games').put(r);
      tx.oncomplete = () => {
        req.result.close();
        resolve(undefined);
      };
      tx.onerror = () => reject(tx.error);
    };
    req.onerror = () => reject(req.error);
  });
}

/** Opens "My games" as a person does (the header button) and waits for the list. */
async function openGames(page) {
  await page.click('#history');
  await page.waitForSelector('#history-dialog[open] #history-list li');
}

/** The list's rows as text. */
const rows = (page) => page.$$eval('#history-list li', (lis) => lis.map((li) => li.textContent ?? ''));

/** Sets a select of the setup form as a person does. */
async function choose(page, id, value) {
  await page.selectOption(`#${id}`, value);
}

test('history: a game against the AI is listed while it runs and once finished, with its result; it survives a reload and counts for the level', async (ctx) => {
  const { page, errors } = await freshHistoryApp(ctx.context, ctx.url);
  await page.click('#animation');
  await choose(page, 'level', '1');
  // The first move, by hand: a4 then each cell of the sowing.
  for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(page, cell);
  await page.waitForFunction(() => document.querySelector('#board').ply >= 2, null, { timeout: 60_000 });
  await openGames(page);
  let list = await rows(page);
  assertEqual(list.length, 1, `one game listed: ${list}`);
  assert(/Intermedium · AI level 1 · you first/.test(list[0]) && /in progress/.test(list[0]), `the game in progress: ${list[0]}`);
  await page.keyboard.press('Escape');
  // The rest of the game: the player's moves chosen by the engine (level 2, a fixed seed), played on the board.
  await page.evaluate(async () => {
    const board = /** @type {any} */ (document.querySelector('#board'));
    const ai = await import('/pkg/sowboard_ai.js');
    await ai.default();
    const { Game } = ai;
    let seed = 7;
    while (!board.outcome) {
      await new Promise((r) => setTimeout(r, 20));
      if (board.outcome || board.thinking || board.sideToMove !== 'blue') continue;
      const g = Game.load(board.startPosition, board.moves);
      const move = g.aiMove(2, seed++, 200);
      const facts = JSON.stringify({
        outcome: g.outcome(),
        ply: g.ply,
        boardPly: board.ply,
        boardOutcome: board.outcome,
        rules: g.rules(),
      });
      g.free();
      if (move == null) throw new Error(`no move: ${facts}`);
      board.play(move);
    }
  });
  const outcome = await page.evaluate(() => document.querySelector('#board').outcome);
  const plies = await page.evaluate(() => document.querySelector('#board').ply);
  const want = outcome.winner === 'blue' ? 'Won' : outcome.winner ? 'Lost' : 'Draw';
  await page.waitForTimeout(300); // the last write goes after the board's change event
  await page.reload();
  await appReady(page);
  await openGames(page);
  list = await rows(page);
  assertEqual(list.length, 1, `still one game after a reload: ${list}`);
  assert(
    list[0].startsWith(`Intermedium · AI level 1 · you first${want}`),
    `its result: ${list[0]} (the board: ${JSON.stringify(outcome)})`,
  );
  assert(list[0].includes(`${plies} moves`), `its length, ${plies} moves: ${list[0]}`);
  const table = await page.$eval('.history-table tbody', (t) => t.textContent);
  const cell = { Won: '100', Draw: '010', Lost: '001' }[want];
  assertEqual(table, `1 (≈${LEVEL_RATINGS.intermedium[0]})${cell}`, 'level 1 has this one result');
  assert(
    (await page.textContent('#history-strength')).includes(`shown after ${MIN_GAMES} counted games (1 so far)`),
    'no rating from one game',
  );
  // Open it: the replay in the dialog, then continue from move 4 against the AI.
  await page.click('#history-list button');
  await page.waitForSelector('#history-detail:not([hidden]) sowing-board');
  assert((await axeProblems(page, '#history-dialog')).length === 0, `accessible: ${await axeProblems(page, '#history-dialog')}`);
  await page.waitForFunction((n) => document.querySelector('#history-replay sowing-board')?.viewPly === n, plies);
  await page.click('#history-replay sowing-board >> css=button[data-act="first"]');
  for (let i = 0; i < 4; i++) await page.click('#history-replay sowing-board >> css=button[data-act="next"]');
  const shownPly = await page.evaluate(() => document.querySelector('#history-replay sowing-board').viewPly);
  await page.click('#history-continue');
  await page.waitForFunction((n) => document.querySelector('#board').moves.length >= n, shownPly);
  const after = await page.evaluate(() => ({
    moves: document.querySelector('#board').moves,
    mode: document.querySelector('#mode').value,
    level: document.querySelector('#level').value,
  }));
  assertEqual([after.mode, after.level], ['ai', '1'], 'continued against the AI at the level played');
  assert(after.moves.length >= /** @type {number} */ (shownPly), `from the position shown (${shownPly}): ${after.moves.length}`);
  assertEqual(errors, [], 'no errors');
  await page.close();
});

test('history: a history written by schema version 1 is read by this version; a damaged record is kept aside and reported; rating and suggestion from the results', async (ctx) => {
  const { page, errors } = await freshHistoryApp(ctx.context, ctx.url, {
    before: { fn: writeV1, arg: { name: DB, records: FIXTURE.records } },
  });
  await openGames(page);
  const list = await rows(page);
  assertEqual(list.length, FIXTURE.records.length - 1, 'every readable game listed');
  const note = await page.textContent('#history-note');
  assert(/1 stored game could not be read and is kept aside, not deleted/.test(note ?? ''), `reported: ${note}`);
  const aside = await page.evaluate(
    (name) =>
      new Promise((resolve) => {
        indexedDB.open(name).onsuccess = (e) => {
          const db = /** @type {any} */ (e.target).result;
          db.transaction('aside').objectStore('aside').getAll().onsuccess = (/** @type {any} */ r) => {
            resolve(r.target.result);
            db.close();
          };
        };
      }),
    DB,
  );
  assertEqual(
    aside.map((a) => a.record.id),
    ['v1damaged'],
    'the damaged record is kept whole in `aside`',
  );
  // The rating the page shows is strength.js's estimate over the converted results.
  const games = FIXTURE.records.filter((r) => r.opponent.startsWith('ai:'));
  const results = games.map((r) => ({
    rating: LEVEL_RATINGS.intermedium[Number(r.opponent.slice(3)) - 1],
    score: { '1-0': 1, '0-1': 0 }[r.result] ?? 0.5,
  }));
  const e = estimate(results);
  const text = /** @type {{headline: string, detail: string}} */ (ratingText(e));
  const strength = (await page.textContent('#history-strength')) ?? '';
  assert(
    strength.includes(`Your strength: ${text.headline} — ${text.detail}, from your latest ${games.length} counted games`),
    `${strength} (want ${text.headline} ${text.detail})`,
  );
  const newest = games.at(-1);
  const move = suggestLevel(e, Number(newest.opponent.slice(3)), LEVEL_RATINGS.intermedium);
  const shown = await page.$('.history-suggest');
  assertEqual(!!shown, !!move, `a suggestion exactly when the results say so (${JSON.stringify(move)})`);
  if (move) assert((await shown?.textContent())?.includes(`level ${move.level}`), 'the suggested level');
  await page.screenshot({ path: `${ctx.artifacts}/history-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ctx.artifacts}/history-phone.png` });
  await page.click('#history-list li:nth-child(2) button');
  await page.waitForFunction(() => document.querySelector('#history-replay sowing-board')?.position);
  await page.screenshot({ path: `${ctx.artifacts}/history-game-phone.png` });
  // Copy link: the page's share link of the whole game (the field shows it where the clipboard is refused).
  await page.click('#history-share');
  await page.waitForFunction(() => !document.querySelector('#history-link').hidden);
  const link = new URL(await page.inputValue('#history-link'));
  const shared = fromFragment(link.hash);
  const second = FIXTURE.records.filter((r) => r.id !== 'v1damaged').sort((x, y) => Date.parse(y.date) - Date.parse(x.date))[1];
  assertEqual(
    shared?.moves,
    second.moves.split(';').map((m) => m.trim()),
    'the link holds the game’s moves',
  );
  // Keyboard: Escape goes back to the list (focus on the game), a second Escape closes.
  await page.keyboard.press('Escape');
  assert(await page.isVisible('#history-list'), 'back to the list');
  assertEqual(await page.evaluate(() => document.activeElement?.closest('#history-list') != null), true, 'focus on the game just left');
  await page.keyboard.press('Escape');
  assertEqual(await page.isVisible('#history-dialog'), false, 'closed');
  await page.setViewportSize({ width: 1280, height: 800 });
  assertEqual(errors, [], 'no errors');
  await page.close();
});

test('history: export all, delete all, import the file: the same games come back; review opens the analysis', async (ctx) => {
  const { page, errors } = await freshHistoryApp(ctx.context, ctx.url, {
    before: { fn: writeV1, arg: { name: DB, records: FIXTURE.records } },
  });
  await openGames(page);
  const before = await rows(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#history-export')]);
  const text = fs.readFileSync(/** @type {string} */ (await download.path()), 'utf8');
  assertEqual((text.match(/^# sowboard-game /gm) ?? []).length, before.length, 'one details line per game');
  assertEqual((text.match(/^# sowboard-aside /gm) ?? []).length, 1, 'the record kept aside goes with the file');
  // Every game of the file is the engine's record: it reads alone too.
  const first = text.split(/^# sowboard-game .*$/m)[1];
  const replayed = await page.evaluate(async (t) => {
    const { Game } = await import('/engine.js').then((m) => m.loadEngine());
    const g = Game.importText(t);
    const n = g.ply;
    g.free();
    return n;
  }, first);
  assertEqual(replayed, FIXTURE.records[0].moves.split(';').length, 'the first game reads alone');
  await page.click('#history-clear');
  await answer(page, 'yes');
  await page.waitForFunction(() => document.querySelectorAll('#history-list button').length === 0);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#history-import')]);
  await chooser.setFiles({ name: 'games.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => document.querySelectorAll('#history-list button').length === n, before.length);
  // The engine replays each imported game, so a result also says why (a version-1 record keeps only the result).
  const plain = (list) => list.map((r) => r.replace(/ \([^)]*\)/, ''));
  assertEqual(plain(await rows(page)), plain(before), 'the same games, in the same order, with the same results');
  assert(/imported/.test((await page.textContent('#history-note')) ?? ''), 'the import is reported');
  // Import again: nothing twice.
  const [again] = await Promise.all([page.waitForEvent('filechooser'), page.click('#history-import')]);
  await again.setFiles({ name: 'games.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction(() => /already here/.test(document.querySelector('#history-note')?.textContent ?? ''));
  assertEqual((await rows(page)).length, before.length, 'nothing imported twice');
  // Review the newest finished game against the AI: the board shows it, the analysis reviews it.
  const index = before.findIndex((r) => /AI level/.test(r));
  await page.click(`#history-list li:nth-child(${index + 1}) button`);
  await page.click('#history-review');
  await page.waitForFunction(
    () => !document.querySelector('#analysis').hidden && /Review/.test(document.querySelector('#review-note')?.textContent ?? ''),
  );
  assert((await page.evaluate(() => document.querySelector('#board').ply)) > 0, 'the game is on the board');
  assertEqual(errors, [], 'no errors');
  await page.close();
});

test('history: storage refused or full: the game goes on, the player is told once, and the game is stored when storage works again', async (ctx) => {
  // IndexedDB refused outright (some private modes).
  const refused = await freshHistoryApp(ctx.context, ctx.url, {
    init: () => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
    },
  });
  await refused.page.selectOption('#mode', 'hotseat');
  await refused.page.click('#animation');
  for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(refused.page, cell);
  await refused.page.waitForFunction(() =>
    /cannot be kept in this browser’s history/.test(document.querySelector('#notice')?.textContent ?? ''),
  );
  await refused.page.evaluate(() => {
    document.querySelector('#notice').hidden = true;
  });
  for (const cell of ['a7', 'b6', 'a5', 'b4', 'a3']) await clickCell(refused.page, cell);
  await refused.page.waitForFunction(() => document.querySelector('#board').ply === 2);
  await refused.page.waitForTimeout(300);
  assertEqual(await refused.page.isVisible('#notice'), false, 'said once, not at every move');
  assertEqual(refused.errors, [], 'no errors');
  await refused.page.close();
  // Full storage: writes fail while `storageFull` is set, then work again.
  const full = await freshHistoryApp(ctx.context, ctx.url, {
    init: () => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (...args) {
        if (/** @type {any} */ (window).storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    },
  });
  const page = full.page;
  await page.selectOption('#mode', 'hotseat');
  await page.click('#animation');
  await page.evaluate(() => {
    /** @type {any} */ (window).storageFull = true;
  });
  for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(page, cell);
  await page.waitForFunction(() => /its storage is full/.test(document.querySelector('#notice')?.textContent ?? ''));
  await page.evaluate(() => {
    /** @type {any} */ (window).storageFull = false;
  });
  for (const cell of ['a7', 'b6', 'a5', 'b4', 'a3']) await clickCell(page, cell);
  await openGames(page);
  const list = await rows(page);
  assertEqual(list.length, 1, `the game is stored once storage works: ${list}`);
  assert(/two players/.test(list[0]) && /2 moves/.test(list[0]), `with both moves: ${list[0]}`);
  assertEqual(full.errors, [], 'no errors');
  await page.close();
});

test('history: two tabs writing at once lose nothing', async (ctx) => {
  const a = await freshHistoryApp(ctx.context, ctx.url);
  const b = await ctx.context.newPage();
  const bErrors = watchErrors(b);
  await b.goto(ctx.url);
  await appReady(b);
  /** Each tab stores 40 games through the page's own store, all at once. @param {string} tab */
  const writeMany = async (tab) => {
    const { openHistory } = await import('/app/history-store.js');
    const { loadEngine } = await import('/engine.js');
    const { startPosition } = await loadEngine();
    const store = await openHistory();
    const now = Date.now();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        store.put({
          format: 2,
          id: `tab${tab}-${i}`,
          game: 'intermedium',
          position: startPosition('intermedium'),
          rules: {},
          moves: [],
          opponent: { kind: 'hotseat' },
          you: null,
          outcome: null,
          started: now + i,
          updated: now + i,
          fromPly: 0,
          assisted: false,
          source: 'play',
        }),
      ),
    );
  };
  await Promise.all([a.page.evaluate(writeMany, 'a'), b.evaluate(writeMany, 'b')]);
  await openGames(a.page);
  const ids = await a.page.$$eval('#history-list button', (bs) => bs.map((x) => /** @type {HTMLElement} */ (x).dataset.id));
  assertEqual(ids.filter((id) => id?.startsWith('taba-')).length, 40, 'all of tab a’s games');
  assertEqual(ids.filter((id) => id?.startsWith('tabb-')).length, 40, 'all of tab b’s games');
  assertEqual([...a.errors, ...bErrors], [], 'no errors');
  await a.page.close();
  await b.close();
});

test('history: a game by link that ended is listed with the friend’s name; deleted, it stays deleted; the files are kept for offline use', async (ctx) => {
  const start =
    'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1';
  // Ann resigned after the first move (as a link from her would have said).
  const links = {
    version: 1,
    games: [
      {
        id: 'k3x9q2a0',
        game: 'intermedium',
        position: start,
        rules: { firstMoveRule: true, quietLimit: 100, repetitionDraw: true },
        moves: ['a4-b5-a6-b7-a8'],
        you: 0,
        names: ['', 'Ann'],
        end: { kind: 'resign', side: 1 },
        drawOffer: null,
        updated: Date.UTC(2026, 11, 1),
        toMove: 1,
        result: null,
      },
    ],
  };
  const { page, errors } = await freshHistoryApp(ctx.context, ctx.url, {
    before: { fn: (l) => localStorage.setItem('sowboard.links', l), arg: JSON.stringify(links) },
  });
  await openGames(page);
  let list = await rows(page);
  assertEqual(list.length, 1, `the game by link: ${list}`);
  assert(list[0].startsWith('Intermedium · Ann (by link) · you firstWon (resigned)'), list[0]);
  await page.click('#history-list button');
  await page.click('#history-delete');
  await answer(page, 'yes');
  await page.waitForFunction(() => /deleted/.test(document.querySelector('#history-note')?.textContent ?? ''));
  await page.reload();
  await appReady(page);
  await page.click('#history');
  await page.waitForSelector('#history-dialog[open] #history-list li');
  list = await rows(page);
  assert(list.length === 1 && /No games yet/.test(list[0]), `still deleted after a reload (the link list still has it): ${list}`);
  // The service worker keeps every file of "My games" for offline use.
  const files = await page.evaluate(async () => await (await fetch('/pkg/precache.js')).text());
  for (const f of [
    'app/history-ui.js',
    'app/history-store.js',
    'app/history-record.js',
    'app/history-file.js',
    'app/strength.js',
    'app/history.css',
  ]) {
    assert(files.includes(`"${f}"`), `${f} is in the offline cache's list`);
  }
  assertEqual(errors, [], 'no errors');
  await page.close();
});

test('history: a game with a takeback or a hint is listed but not counted, and the dialog says why', async (ctx) => {
  const { page, errors } = await freshHistoryApp(ctx.context, ctx.url);
  await page.click('#animation');
  await choose(page, 'level', '1');
  for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(page, cell);
  await page.waitForFunction(() => document.querySelector('#board').ply === 2 && !document.querySelector('#board').thinking);
  await page.click('#hint');
  await page.evaluate(async () => {
    const board = /** @type {any} */ (document.querySelector('#board'));
    const ai = await import('/pkg/sowboard_ai.js');
    await ai.default();
    const { Game } = ai;
    let seed = 11;
    while (!board.outcome) {
      await new Promise((r) => setTimeout(r, 20));
      if (board.outcome || board.thinking || board.sideToMove !== 'blue') continue;
      const g = Game.load(board.startPosition, board.moves);
      const move = g.aiMove(2, seed++, 200);
      g.free();
      board.play(/** @type {string} */ (move));
    }
  });
  await page.waitForTimeout(300); // the last write goes after the board's change event
  await openGames(page);
  const list = await rows(page);
  assert(list.length === 1 && /not counted/.test(list[0]), `listed, not counted: ${list}`);
  const strength = (await page.textContent('#history-strength')) ?? '';
  assert(/1 other game against the AI not counted: a takeback, a hint or the analysis/.test(strength), strength);
  assertEqual(await page.$('.history-table'), null, 'no counted results');
  assertEqual(errors, [], 'no errors');
  await page.close();
});

test('history: a history from a newer version of the page is left untouched, and the game goes on', async (ctx) => {
  const newer = (name) =>
    new Promise((resolve) => {
      const req = indexedDB.open(name, 99);
      req.onupgradeneeded = () => req.result.createObjectStore('games', { keyPath: 'id' });
      req.onsuccess = () => {
        req.result.close();
        resolve(undefined);
      };
    });
  const { page, errors } = await freshHistoryApp(ctx.context, ctx.url, { before: { fn: newer, arg: DB } });
  await page.selectOption('#mode', 'hotseat');
  await page.click('#animation');
  for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(page, cell);
  await page.waitForFunction(() => /written by a newer version/.test(document.querySelector('#notice')?.textContent ?? ''));
  for (const cell of ['a7', 'b6', 'a5', 'b4', 'a3']) await clickCell(page, cell);
  await page.waitForFunction(() => document.querySelector('#board').ply === 2);
  const version = await page.evaluate((name) => indexedDB.databases().then((list) => list.find((d) => d.name === name)?.version), DB);
  assertEqual(version, 99, 'the newer history is not converted or deleted');
  assertEqual(errors, [], 'no errors');
  await page.close();
});
