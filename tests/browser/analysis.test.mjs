// Analysis mode and game review (issue 12) in the app page: the evaluation
// and the best line from the worker, the line's preview and variation, the
// threats, the review's progress, graph clicks and classes; phone and desktop.
import { test, assert, assertEqual } from './lib/harness.mjs';
import { launch, watchErrors } from './lib/browser.mjs';
import { appReady, freshApp, openLink } from './lib/page.mjs';

// Blue to move forces a city capture in two (tests/ai/analysis.rs).
const FORCED =
  'intermedium 0,1,0,1,0,0,0/0,2,0,0,0,0,0/2,0,3,0,0,3,0/1,2,1,3,3,0,1/2,0,3,0,2,0,0/0,0,0,1,0,2,1/1,0,2,0,1,0,0/0,1,0,4,0,5,0/4,0,0,0,0,0,4/0,0,0,0,0,0,0 blue 1 11';
// Red to move: Blue threatens e8-d9-c10 onto Red's city.
const THREATENED =
  'intermedium 0,0,1,0,1,0,0/0,0,0,1,0,0,0/0,0,0,0,2,0,0/0,0,0,0,0,0,0/0,1,0,0,0,0,0/1,5,1,0,0,0,0/2,1,0,0,0,0,0/3,0,3,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 red 0 10';
// A Cash in Hand middle game (level 2 against level 3, move 22), White to
// move: one Black move takes f3, g2, g6 and h7 (the page's limit settles it).
const CASH_MIDDLE =
  'cash-in-hand 0,1,0,1,0,1,0,2/2,0,3,0,41,0,4,1/0,1,0,3,0,2,1,0/1,0,1,0,3,0,2,0/0,2,0,0,0,1,0,1/1,0,4,0,3,1,1,0/0,3,0,2,0,0,1,37/0,0,0,0,0,0,1,0 white 0 22';
const GAME = ['a4-b5-c6-d7-c8', 'c7-d8-e7-f6-g7', 'c4-b5-c6-d7-c8', 'd8-c7-d6-e7-d8-c7', 'e4-d5-c6-b7-a8'];

const fragment = (position, moves = []) => `#${new URLSearchParams(moves.length ? { p: position, m: moves.join(';') } : { p: position })}`;
const START =
  'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1';

/** A fresh page of the app (no save) with `position`/`moves` opened as two players. */
async function openGame(context, url, position, moves = []) {
  const { page, errors } = await freshApp(context, url);
  await openLink(page, url + fragment(position, moves), { mode: 'hotseat' });
  return { page, errors };
}

/** Waits for the analysis to finish (no "thinking"), returns the panel's text. */
async function settled(page) {
  await page.waitForFunction(
    () => {
      const t = document.getElementById('eval-text')?.textContent ?? '';
      return t && !t.includes('thinking') && !t.startsWith('Thinking');
    },
    null,
    { timeout: 60_000 },
  );
  return page.locator('#eval-text').textContent();
}

test('analysis: the evaluation, a proven win with its line, preview and variation', async (ctx) => {
  const { page, errors } = await openGame(ctx.context, ctx.url, FORCED);
  await page.click('#analyse');
  assert(await page.locator('#eval-bar').isVisible(), 'the evaluation bar is shown');
  const text = await settled(page);
  assert(/^Blue wins in 2 moves · Blue to move · level 8 search/.test(text ?? ''), `the score, from Blue's side: ${text}`);
  assert(/Blue’s chance to win/.test((await page.locator('#eval-unit').textContent()) ?? ''), 'the unit is said');
  assertEqual(await page.locator('#eval-text').getAttribute('data-score'), 'win:3', 'the engine score');
  const line = await page.locator('#pv button').allTextContents();
  assertEqual(line.length, 3, `the line runs to the capture: ${line}`);
  assertEqual(line[0], 'd7-c8-d9-e10', 'the best move first');
  const fill = await page.locator('#eval-fill').evaluate((e) => /** @type {HTMLElement} */ (e).style.height);
  assertEqual(fill, '100%', 'a proven win fills the bar for Blue');
  // Hovering the second move shows the position after the first, with the reply marked.
  const before = await page.evaluate(() => document.querySelector('sowing-board').shadowRoot.querySelector('canvas').toDataURL());
  await page.hover('#pv li:nth-child(2) button');
  await page.waitForTimeout(200);
  const during = await page.evaluate(() => document.querySelector('sowing-board').shadowRoot.querySelector('canvas').toDataURL());
  await page.screenshot({ path: `${ctx.artifacts}/analysis-preview-desktop.png` });
  assert(during !== before, 'the canvas changed for the preview');
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').ply), 0, 'a preview plays nothing');
  const prompt = await page.locator('sowing-board').locator('.prompt').textContent();
  assertEqual(prompt, `Preview: ${line[1]} (not played)`, 'the prompt says it is a preview');
  // Clicking the last move plays the whole line as a variation; back restores the game.
  await page.click('#pv li:nth-child(3) button');
  await page.waitForFunction(() => document.querySelector('sowing-board').ply === 3);
  assert(await page.locator('#variation').isVisible(), 'the variation is announced');
  assert(/over/.test((await settled(page)) ?? ''), 'the line ends the game');
  await page.click('#variation-back');
  await page.waitForFunction(() => document.querySelector('sowing-board').ply === 0);
  await page.waitForSelector('#variation', { state: 'hidden', timeout: 5_000 }).catch(() => {});
  assert(await page.locator('#variation').isHidden(), 'back in the game');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('analysis: threats of the side not to move are listed and marked', async (ctx) => {
  const { page, errors } = await openGame(ctx.context, ctx.url, THREATENED);
  await page.click('#analyse');
  await page.check('#threats-toggle');
  await page.waitForFunction(() => (document.getElementById('threats-text')?.textContent ?? '').length > 0);
  const text = await page.locator('#threats-text').textContent();
  assert(/^Blue threatens the city\b.*\. Moves?: /.test(text ?? '') && /\(takes the city\)/.test(text ?? ''), `threats: ${text}`);
  const marked = await page.evaluate(() => document.querySelector('sowing-board').threatened);
  assert(marked.includes('d10'), `the city is marked: ${marked}`);
  await page.uncheck('#threats-toggle');
  await page.waitForFunction(() => document.querySelector('sowing-board').threatened.length === 0);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('analysis: a review shows progress, counts per side, and the graph jumps to a ply', async (ctx) => {
  const { page, errors } = await openGame(ctx.context, ctx.url, START, GAME);
  await page.click('#analyse');
  await page.click('#review-start');
  await page.waitForSelector('#review-progress:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#review-counts .review-row').length === 7, null, { timeout: 60_000 });
  assert(await page.locator('#review-progress').isHidden(), 'the progress bar goes once done');
  const counted = await page.$$eval('#review-counts .review-row:not([data-class="accuracy"]) [role="cell"]', (tds) =>
    tds.reduce((n, td) => n + Number(td.textContent), 0),
  );
  const accuracy = await page.$$eval('#review-counts [data-class="accuracy"] [role="cell"]', (tds) => tds.map((td) => td.textContent));
  assert(accuracy.length === 2 && accuracy.every((a) => /^\d+\.\d%$/.test(a ?? '')), `an accuracy per side: ${accuracy}`);
  assertEqual(counted, GAME.length, 'every move classified once');
  await page.click('.graph-hit[data-ply="2"]', { force: true });
  await page.waitForFunction(() => document.querySelector('sowing-board').viewPly === 2);
  await page.screenshot({ path: `${ctx.artifacts}/analysis-review-desktop.png`, fullPage: true });
  // Cancel: a second review stopped at once says so.
  await page.click('#review-start');
  await page.click('#review-cancel');
  await page.waitForFunction(() => document.getElementById('review-note')?.textContent === 'Review stopped.');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

/** Turns the threats on in the Cash in Hand middle game; returns the text and the marked cells. */
async function cashThreats(page, shot) {
  await page.click('#analyse');
  await page.check('#threats-toggle');
  await page.waitForFunction(() => (document.getElementById('threats-text')?.textContent ?? '').length > 0);
  const text = (await page.locator('#threats-text').textContent()) ?? '';
  const marked = await page.evaluate(() => document.querySelector('sowing-board').threatened);
  await page.screenshot({ path: shot, fullPage: true });
  return { text, marked: [...marked].sort() };
}

test('analysis: Cash in Hand threats in a middle game name the stacks that can fall', async (ctx) => {
  const { page, errors } = await openGame(ctx.context, ctx.url, CASH_MIDDLE);
  const { text, marked } = await cashThreats(page, `${ctx.artifacts}/analysis-cash-threats-desktop.png`);
  assertEqual(marked, ['f3', 'g2', 'g6', 'h7'], 'the threatened stacks are marked');
  assert(/^Black threatens f3, g2, g6, h7\. Move: \S.*\(takes f3, g2, g6, h7: \d+\)$/.test(text), `threats: ${text}`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('analysis: Cash in Hand threats on a phone (390x844)', async (ctx) => {
  const { context, close } = await launch({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    const { page, errors } = await openGame(context, ctx.url, CASH_MIDDLE);
    const { text, marked } = await cashThreats(page, `${ctx.artifacts}/analysis-cash-threats-phone.png`);
    assertEqual(marked, ['f3', 'g2', 'g6', 'h7'], 'the threatened stacks are marked');
    assert(text.startsWith('Black threatens f3, g2, g6, h7.'), `threats: ${text}`);
    const box = await page.locator('#threats-text').boundingBox();
    assert(box && box.x >= 0 && box.x + box.width <= 391, `the threats fit the screen: ${JSON.stringify(box)}`);
    assertEqual(errors, [], 'console errors');
  } finally {
    await close();
  }
});

test('analysis: on a phone (390x844) the bar, the line and the review fit the screen', async (ctx) => {
  const { context, close } = await launch({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    const { page, errors } = await openGame(context, ctx.url, START, GAME);
    await page.click('#analyse');
    await settled(page);
    await page.click('#review-start');
    await page.waitForFunction(() => document.querySelectorAll('#review-counts .review-row').length === 7, null, { timeout: 60_000 });
    for (const sel of ['#eval-bar', '#analysis', '.graph']) {
      const box = await page.locator(sel).boundingBox();
      assert(box && box.x >= 0 && box.x + box.width <= 391, `${sel} fits the screen: ${JSON.stringify(box)}`);
    }
    // A first tap on a line move previews it, a second plays it.
    const first = page.locator('#pv li:first-child button');
    await first.tap();
    await page.waitForTimeout(150);
    assertEqual(await page.evaluate(() => document.querySelector('sowing-board').ply), GAME.length, 'a tap previews only');
    await first.tap();
    await page.waitForFunction((n) => document.querySelector('sowing-board').ply === n + 1, GAME.length);
    await page.screenshot({ path: `${ctx.artifacts}/analysis-phone.png`, fullPage: true });
    await page.click('#editor-open');
    await page.waitForSelector('#editor-grid button[data-cell="d5"]');
    const grid = await page.locator('#editor-grid').boundingBox();
    assert(grid && grid.x >= 0 && grid.x + grid.width <= 391, `the editor fits: ${JSON.stringify(grid)}`);
    await page.locator('#editor').screenshot({ path: `${ctx.artifacts}/analysis-editor-phone.png` });
    assertEqual(errors, [], 'console errors');
  } finally {
    await close();
  }
});

test('analysis: the position editor takes edits the engine accepts, refuses others unchanged (a stone over the start count, with the cap), and plays from the result', async (ctx) => {
  const { page, errors } = await openGame(ctx.context, ctx.url, START);
  await page.click('#analyse');
  await page.click('#editor-open');
  await page.waitForSelector('#editor-grid button[data-cell="d5"]');
  // A stone taken from a2, then one on the empty d5: 88 stones, as at the start.
  await page.check('input[name="editor-tool"][value="remove"]');
  await page.click('#editor-grid button[data-cell="a2"]');
  await page.waitForFunction(() => document.querySelector('#editor-grid button[data-cell="a2"]')?.textContent === '3');
  await page.check('input[name="editor-tool"][value="add"]');
  await page.click('#editor-grid button[data-cell="d5"]');
  await page.waitForFunction(() => document.querySelector('#editor-grid button[data-cell="d5"]')?.textContent === '1');
  assertEqual(await page.locator('#editor-note').textContent(), 'Accepted.', 'accepted');
  // One stone more than the start holds: refused with the cap and its reason.
  await page.click('#editor-grid button[data-cell="d5"]');
  await page.waitForFunction(() => document.getElementById('editor-note')?.classList.contains('refused'));
  const over = await page.locator('#editor-note').textContent();
  assert(
    /Refused: .*holds 89 stones; a game of intermedium holds at most 88 \(its start holds 88, and play never adds stones\)/.test(
      over ?? '',
    ),
    `the reason: ${over}`,
  );
  assertEqual(await page.locator('#editor-grid button[data-cell="d5"]').textContent(), '1', 'd5 unchanged');
  // 300 stones on a cell: refused, with the engine's reason, nothing changed.
  await page.check('input[name="editor-tool"][value="set"]');
  await page.fill('#editor-count', '300');
  await page.click('#editor-grid button[data-cell="a2"]');
  await page.waitForFunction(() => /300 stones/.test(document.getElementById('editor-note')?.textContent ?? ''));
  const note = await page.locator('#editor-note').textContent();
  assert(/Refused: .*a2 holds 300 stones; the most a cell can hold is 255/.test(note ?? ''), `the reason: ${note}`);
  assertEqual(await page.locator('#editor-grid button[data-cell="a2"]').textContent(), '3', 'a2 unchanged');
  assertEqual(await page.locator('#editor-grid button[data-cell="d5"]').textContent(), '1', 'the earlier edit kept');
  // A move number of 0: refused too.
  await page.fill('#editor-move', '0');
  await page.locator('#editor-move').dispatchEvent('change');
  await page.waitForFunction(() => /MOVENO/.test(document.getElementById('editor-note')?.textContent ?? ''));
  assertEqual(await page.inputValue('#editor-move'), '1', 'the move number is back');
  await page.screenshot({ path: `${ctx.artifacts}/analysis-editor-desktop.png`, fullPage: true });
  assertEqual(
    await page.evaluate(() => document.querySelector('sowing-board').startPosition),
    START,
    'the game is untouched while editing',
  );
  // Share link and play from here.
  await page.click('#editor-share');
  const link = await page.inputValue('#editor-link');
  // The string lists rank 10 first: rank 5 is its sixth group.
  const fields = START.split(' ');
  const ranks = fields[1].split('/');
  ranks[5] = '0,0,0,1,0,0,0';
  ranks[8] = '3,0,4,0,4,0,4';
  const expected = [fields[0], ranks.join('/'), ...fields.slice(2)].join(' ');
  assertEqual(new URLSearchParams(new URL(link).hash.slice(1)).get('p'), expected, 'the link holds the edited position');
  await page.click('#editor-load');
  await page.waitForFunction((p) => document.querySelector('sowing-board').startPosition === p, expected);
  assert(await page.locator('#editor').isHidden(), 'the editor closes');
  await settled(page);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('analysis: the widget attribute shows the bar and threats; analyse() gives the engine API data', async (ctx) => {
  const page = await ctx.context.newPage();
  const errors = watchErrors(page);
  await page.goto(ctx.url + 'embed.html');
  const result = await page.evaluate(
    async ({ threatened, forced }) => {
      const make = (position, attrs = {}) => {
        const b = /** @type {any} */ (document.createElement('sowing-board'));
        b.setAttribute('position', position);
        for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v);
        const ready = new Promise((r) => b.addEventListener('ready', r, { once: true }));
        document.body.append(b);
        return ready.then(() => b);
      };
      const a = await make(threatened, { analysis: '' });
      // The threats come from the analysis worker.
      for (let i = 0; i < 600 && !a.threatened.length; i++) await new Promise((r) => setTimeout(r, 50));
      const bar = a.shadowRoot.querySelector('[part="eval-bar"]') != null;
      const marked = a.threatened;
      a.setAttribute('analysis', 'off');
      const barAfterOff = a.shadowRoot.querySelector('[part="eval-bar"]') != null;
      const b = await make(forced);
      const passes = [];
      const analysis = await b.analyse({ level: 3, onReport: (p) => passes.push(p.depth) });
      return { bar, marked, barAfterOff, analysis, passes, threatsAfterOff: a.threatened };
    },
    { threatened: THREATENED, forced: FORCED },
  );
  assert(result.bar, 'the bar is drawn');
  assert(result.marked.includes('d10'), `the city is marked: ${result.marked}`);
  assert(!result.barAfterOff && result.threatsAfterOff.length === 0, 'analysis="off" removes both');
  assertEqual(result.analysis.best, 'd7-c8-d9-e10', 'the best move');
  assertEqual(result.analysis.score.text, 'win:3', 'the score');
  assertEqual(result.analysis.pv.length, 3, 'the line');
  assert(result.passes.length >= 1, `reports as it deepens: ${result.passes}`);
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('analysis: a review is forgotten when another game is loaded', async (ctx) => {
  const { page, errors } = await openGame(ctx.context, ctx.url, START, GAME);
  await page.click('#analyse');
  await page.click('#review-start');
  await page.waitForFunction(() => document.querySelectorAll('#review-counts .review-row').length === 7, null, { timeout: 60_000 });
  await page.evaluate((p) => document.querySelector('sowing-board').load(p, []), FORCED);
  await page.waitForFunction(() => document.querySelectorAll('#review-counts .review-row').length === 0);
  assertEqual(await page.locator('.graph').count(), 0, 'no graph of the old game');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('analysis: the widget bar analyses at analysis-level, else the level attribute; a bad value is an error', async (ctx) => {
  const page = await ctx.context.newPage();
  const errors = watchErrors(page);
  // Every request the page's workers are sent, recorded before the widget loads.
  await page.addInitScript(() => {
    /** @type {any} */ (window).__sent = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (/** @type {any} */ m, /** @type {any} */ ...rest) {
      if (m?.type === 'analyse') /** @type {any} */ (window).__sent.push({ level: m.level, rules: m.rules });
      return post.call(this, m, ...rest);
    };
  });
  await page.goto(ctx.url + 'embed.html');
  const result = await page.evaluate(async (position) => {
    const sent = /** @type {any} */ (window).__sent;
    const b = /** @type {any} */ (document.createElement('sowing-board'));
    const problems = [];
    b.addEventListener('error', (/** @type {any} */ e) => problems.push(e.detail.message));
    b.setAttribute('position', position);
    b.setAttribute('level', '2');
    b.setAttribute('quiet-limit', '40');
    b.setAttribute('analysis', '');
    const ready = new Promise((r) => b.addEventListener('ready', r, { once: true }));
    document.body.append(b);
    await ready;
    const wait = () => new Promise((r) => setTimeout(r, 300));
    await wait();
    const fromLevel = sent.at(-1);
    b.setAttribute('analysis-level', '4');
    await wait();
    const fromAttribute = sent.at(-1);
    b.setAttribute('analysis-level', 'strong');
    await wait();
    return { fromLevel, fromAttribute, afterBad: sent.at(-1), problems };
  }, FORCED);
  assertEqual(result.fromLevel, { level: 2, rules: { quietLimit: 40 } }, 'the level attribute, the rule attributes');
  assertEqual(result.fromAttribute.level, 4, 'analysis-level');
  assertEqual(result.afterBad.level, 2, 'a bad analysis-level falls back to level');
  assert(
    result.problems.some((p) => /analysis-level="strong"/.test(p)),
    `reported: ${result.problems}`,
  );
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('analysis: a reload during a variation brings back the game, not the variation', async (ctx) => {
  const { page, errors } = await openGame(ctx.context, ctx.url, START, GAME);
  await page.click('#analyse');
  await settled(page);
  await page.click('#pv li:nth-child(1) button');
  await page.waitForFunction((n) => document.querySelector('sowing-board').ply === n + 1, GAME.length);
  assert(await page.locator('#variation').isVisible(), 'a variation is on the board');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('sowboard.save') ?? 'null')?.moves);
  assertEqual(saved, GAME, 'the save holds the game');
  await page.reload();
  await appReady(page);
  await page.waitForFunction((n) => document.querySelector('sowing-board').ply === n, GAME.length);
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').moves), GAME, 'the game after the reload');
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('analysis: a result proven only over the moves the search looked at is labelled so', async () => {
  const { scoreWords } = await import('../../www/analysis/analysis.js');
  assertEqual(scoreWords({ kind: 'win', value: 3, text: 'win:3', rank: 9997, exact: true }), 'wins in 3', 'exact');
  assertEqual(
    scoreWords({ kind: 'win', value: 5, text: 'win:5', rank: 9995, exact: false }),
    'wins in 5 as far as the engine looked',
    'longer win',
  );
  assertEqual(
    scoreWords({ kind: 'loss', value: 4, text: 'loss:4', rank: -9996, exact: false }),
    'loses in 4 as far as the engine looked',
    'longer loss',
  );
  assertEqual(scoreWords({ kind: 'cp', value: -40, text: '-40', rank: -40, exact: false }), '−0.40', 'an estimate');
  // The engine's flag, through wasm: the forced capture in two is exact.
  const { default: init, Game } = await import('../../www/pkg/sowboard_ai.js');
  const fs = await import('node:fs');
  await init({ module_or_path: fs.readFileSync(new URL('../../www/pkg/sowboard_ai_bg.wasm', import.meta.url)) });
  const g = Game.load(FORCED, []);
  const a = g.analyse(3, undefined, () => {});
  g.free();
  assertEqual([a.score.text, a.score.exact], ['win:3', true], 'win:3 is exact');
});

test('analysis: share links carry rule options; links without them keep their old meaning', async () => {
  const { toFragment, fromFragment } = await import('../../www/app/fragment.js');
  const old = `#${new URLSearchParams({ p: START, m: GAME.join(';') })}`;
  assertEqual(fromFragment(old), { position: START, moves: GAME, rules: {} }, 'an old link: the default rules');
  assertEqual(toFragment({ position: START, moves: GAME }), old, 'no rules given: the old form');
  const rules = { firstMoveRule: false, repetitionDraw: false, quietLimit: 40 };
  assertEqual(fromFragment(toFragment({ position: START, moves: [], rules })), { position: START, moves: [], rules }, 'round trip');
  for (const bad of ['fmr=2', 'rep=yes', 'q=-1', 'q=1e3', 'q=']) {
    assertEqual(fromFragment(`#p=${encodeURIComponent(START)}&${bad}`), null, `refused: ${bad}`);
  }
});

test('analysis: the editor sets rule options, checked by the engine, into the share link and the game', async (ctx) => {
  const { page, errors } = await openGame(ctx.context, ctx.url, START);
  await page.click('#analyse');
  await page.click('#editor-open');
  await page.waitForSelector('#editor-grid button[data-cell="d5"]');
  assert((await page.isChecked('#editor-rep')) && (await page.isChecked('#editor-fmr')), 'the defaults are on');
  assertEqual(await page.inputValue('#editor-qlimit'), '100', 'the default quiet limit');
  // Not a number: refused by the engine, the field back to the accepted value.
  await page.fill('#editor-qlimit', 'abc');
  await page.locator('#editor-qlimit').dispatchEvent('change');
  await page.waitForFunction(() => document.getElementById('editor-note')?.classList.contains('refused'));
  assert(
    /Refused: .*quietLimit/i.test((await page.locator('#editor-note').textContent()) ?? ''),
    await page.locator('#editor-note').textContent(),
  );
  assertEqual(await page.inputValue('#editor-qlimit'), '100', 'unchanged');
  await page.fill('#editor-qlimit', '40');
  await page.locator('#editor-qlimit').dispatchEvent('change');
  await page.uncheck('#editor-rep');
  await page.waitForFunction(
    () => document.getElementById('editor-note')?.textContent === 'Accepted.' && !document.getElementById('editor-rep').checked,
  );
  await page.screenshot({ path: `${ctx.artifacts}/analysis-editor-rules-desktop.png`, fullPage: true });
  await page.click('#editor-share');
  const link = await page.inputValue('#editor-link');
  const params = new URLSearchParams(new URL(link).hash.slice(1));
  assertEqual([params.get('rep'), params.get('q'), params.get('fmr')], ['0', '40', null], 'only the changed options');
  await page.click('#editor-load');
  await page.waitForFunction(() => document.querySelector('sowing-board').getAttribute('quiet-limit') === '40');
  assertEqual(await page.evaluate(() => document.querySelector('sowing-board').getAttribute('repetition-draw')), 'off', 'on the board');
  // The link opened in a fresh page plays under its rules, and a reload keeps them.
  const other = await ctx.context.newPage();
  await openLink(other, link, { mode: 'hotseat' });
  await other.waitForFunction(() => document.querySelector('sowing-board').getAttribute('quiet-limit') === '40');
  await other.reload();
  await appReady(other);
  await other.waitForFunction(() => document.querySelector('sowing-board').getAttribute('quiet-limit') === '40');
  assertEqual(await other.evaluate(() => document.querySelector('sowing-board').getAttribute('repetition-draw')), 'off', 'after a reload');
  assertEqual(errors, [], 'console errors');
  await other.close();
  await page.close();
});
