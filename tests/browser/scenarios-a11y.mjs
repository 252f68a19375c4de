// Accessibility, in every engine where the driver allows: axe-core finds no
// serious or critical violation (app light and dark, the dialogs, a game by
// link, the Learn page's lessons and puzzles, the embed
// page); a screen-reader player can play (the board's name and description
// read from the browser's accessibility tree, the cursor, the moves and the
// builder's choices said once each in the live region); counts on stones
// meet WCAG AA contrast in both themes.
import { assert, assertEqual, BrowserLacks } from './lib/harness.mjs';
import { axeViolations } from './lib/page.mjs';
import { appReady, clickElement, cursorTo, focusBoard, scenario, select, waitForPly } from './scenarios.mjs';

/** Runs axe-core (served by the test server as /__axe.js) on the page; returns
 * the serious and critical violations as readable lines. */
async function axeProblems(tab, include = null) {
  await tab.eval(
    () =>
      new Promise((resolve, reject) => {
        if (window.axe) {
          resolve(true);
          return;
        }
        const s = document.createElement('script');
        s.src = '/__axe.js';
        s.onload = () => resolve(true);
        s.onerror = () => reject(new Error('axe-core did not load'));
        document.head.append(s);
      }),
  );
  return tab.eval(axeViolations, include);
}

scenario('accessibility: axe finds no serious or critical violation (app, dialogs, a game by link, Learn, embed page)', async (t) => {
  const themes = t.engine.can.darkMode ? [false, true] : [false];
  for (const dark of themes) {
    const theme = dark ? 'dark' : 'light';
    const tab = await t.open('', { dark });
    assertEqual(await tab.eval(() => matchMedia('(prefers-color-scheme: dark)').matches), dark, `${theme} theme`);
    assertEqual(await axeProblems(tab), [], `app page (${theme})`);
    for (const [button, dialog] of [
      ['#help', '#help-dialog'],
      ['#export', '#export-dialog'],
    ]) {
      await clickElement(tab, button);
      await tab.waitFor((d) => document.querySelector(d)?.open, dialog);
      assertEqual(await axeProblems(tab), [], `${dialog} (${theme})`);
      await tab.eval((d) => document.querySelector(d).close(), dialog);
    }
    // The question asked before a game in progress is dropped.
    await tab.eval(() => document.querySelector('sowing-board').play('a4-b5-a6-b7-a8'));
    await waitForPly(tab, 2);
    await select(tab, '#game', 'cash-in-hand');
    await tab.waitFor(() => document.querySelector('#ask-dialog')?.open);
    assertEqual(await axeProblems(tab), [], `#ask-dialog (${theme})`);
    await tab.eval(() => document.querySelector('#ask-dialog').close('no'));
    await tab.goto(t.url + '#p=' + encodeURIComponent(await tab.eval(() => document.querySelector('sowing-board').startPosition)));
    await tab.waitFor(() => document.querySelector('#link-dialog')?.open);
    assertEqual(await axeProblems(tab), [], `#link-dialog (${theme})`);
    await tab.eval(() => document.querySelector('#link-dialog').close());
    // Play a friend by link: its dialog, then the game with its panel.
    await clickElement(tab, '#friend-new');
    await tab.waitFor(() => document.querySelector('#friend-dialog')?.open);
    assertEqual(await axeProblems(tab), [], `#friend-dialog (${theme})`);
    await clickElement(tab, '#friend-start');
    await tab.waitFor(() => !document.querySelector('#friend-game').hidden);
    assertEqual(await axeProblems(tab), [], `a game by link (${theme})`);
    // The Learn page: a lesson, and the puzzles.
    for (const hash of ['', '#puzzles']) {
      await tab.goto(`${t.url}learn.html${hash}`);
      await tab.waitFor(
        () =>
          document.querySelector('#board')?.position &&
          (document.querySelector('#lesson-text')?.textContent || document.querySelector('#puzzle-goal')?.textContent),
      );
      assertEqual(await axeProblems(tab), [], `learn.html${hash} (${theme})`);
    }
    await tab.goto(t.url + 'embed.html');
    await tab.waitFor(() => [...document.querySelectorAll('sowing-board')].every((b) => b.position));
    assertEqual(await axeProblems(tab), [], `embed page (${theme})`);
    if (dark) await t.shot('embed-dark');
  }
});

/** The canvas node of the board in Chromium's accessibility tree (CDP). */
async function boardNode(tab) {
  const cdp = await tab.context.newCDPSession(tab.page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const canvas = nodes.filter((n) => n.role?.value === 'application');
  assertEqual(canvas.length, 1, 'one board (role application) in the accessibility tree');
  return { name: canvas[0].name?.value ?? '', description: canvas[0].description?.value ?? '' };
}

/** Starts recording every text the board's live region takes. */
const recordLive = (tab) =>
  tab.eval(() => {
    const live = document.querySelector('sowing-board').shadowRoot.querySelector('[aria-live]');
    window.__said = [];
    new MutationObserver(() => {
      if (live.textContent) window.__said.push(live.textContent);
    }).observe(live, { childList: true, characterData: true, subtree: true });
  });
const said = (tab) => tab.eval(() => window.__said);

scenario("screen reader: the board's name and description, the cursor, each move said once", async (t) => {
  if (!t.engine.can.cdp) throw new BrowserLacks(`an accessibility tree the driver can read (${t.engine.name})`);
  const tab = await t.open('');
  let node = await boardNode(tab);
  assertEqual(node.name, 'Intermedium board', 'accessible name');
  assert(
    /^Your move \(Blue\): choose a stack\. Blue: 44 stones on 11 stacks, city d1; Red: 44 stones on 11 stacks, city d10\./.test(
      node.description,
    ),
    `description says whose turn and the position: ${node.description}`,
  );
  await recordLive(tab);
  await focusBoard(tab);
  await cursorTo(tab, 'c4');
  const cursor = await said(tab);
  assertEqual(cursor.at(-1), 'c4, Blue stack of 4, can move', 'the cursor cell');
  assert(cursor.includes('a1, empty'), `an empty cell on the way: ${cursor.slice(0, 3)}`);
  await cursorTo(tab, 'a4');
  await tab.press('Enter');
  await tab.press('ArrowRight');
  await tab.press('ArrowUp');
  assertEqual(
    (await said(tab)).slice(-3),
    ['a4. Your move: choose the next cell (4 in hand)', 'b4, empty', 'b5, empty, can sow here'],
    'a choice, then the cells on the way to the next',
  );
  for (const key of ['Enter', 'ArrowLeft', 'ArrowUp', 'Enter', 'ArrowRight', 'ArrowUp', 'Enter', 'ArrowLeft', 'ArrowUp', 'Enter'])
    await tab.press(key);
  await waitForPly(tab, 2);
  await new Promise((r) => setTimeout(r, 300));
  const all = await said(tab);
  assertEqual(
    all.filter((s) => s.startsWith('Blue played')),
    ['Blue played a4-b5-a6-b7-a8.'],
    "the player's move, said once",
  );
  const red = all.filter((s) => s.startsWith('Red played'));
  assertEqual(red.length, 1, `the AI's move, said once (${red})`);
  node = await boardNode(tab);
  assert(
    node.description.includes(`Last move: ${red[0].replace(' played', '').replace(/\.$/, '')}.`),
    `the description names the last move: ${node.description}`,
  );
});

/** WCAG relative luminance and contrast of two CSS colours (rgb()/rgba() as computed). */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)
      .slice(0, 3)
      .map(Number)
      .map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

scenario('contrast: the counts on stones meet WCAG AA (4.5:1) in both themes and both games', async (t) => {
  const themes = t.engine.can.darkMode ? [false, true] : [false];
  for (const dark of themes) {
    const tab = await t.open('', { dark });
    for (const game of ['intermedium', 'cash-in-hand']) {
      // The colours the painter reads (styles.js), resolved by the browser to rgb().
      const colours = await tab.eval((g) => {
        const b = document.querySelector('sowing-board');
        b.setAttribute('game', g);
        const el = b.shadowRoot.querySelector('.board');
        const probe = document.createElement('span');
        el.append(probe);
        const resolve = (name) => {
          probe.style.color = getComputedStyle(el).getPropertyValue(name).trim();
          return getComputedStyle(probe).color;
        };
        const out = {
          first: [resolve('--_first-text'), resolve('--_first-stone')],
          second: [resolve('--_second-text'), resolve('--_second-stone')],
        };
        probe.remove();
        return out;
      }, game);
      for (const side of ['first', 'second']) {
        const ratio = contrast(...colours[side]);
        assert(
          ratio >= 4.5,
          `${game} ${dark ? 'dark' : 'light'} ${side} side: count ${colours[side][0]} on stone ${colours[side][1]} is ${ratio.toFixed(2)}:1`,
        );
      }
    }
    await appReady(tab);
  }
});
