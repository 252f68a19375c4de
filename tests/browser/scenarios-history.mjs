// "My games" in every engine (IndexedDB in Chromium, Firefox and WebKit): a
// game played by pointer is listed while it runs and after a reload, and a
// history of schema version 1 (fixtures/history-v1.json) is read by this
// version, its damaged record kept aside and said.
import fs from 'node:fs';
import { assert, assertEqual, BrowserLacks } from './lib/harness.mjs';
import { appReady, clickCell, clickElement, scenario, select, waitForPly } from './scenarios.mjs';

const FIXTURE = JSON.parse(fs.readFileSync(new URL('./fixtures/history-v1.json', import.meta.url), 'utf8'));

/** The rows of the list once "My games" shows it. */
async function openGames(tab) {
  await clickElement(tab, '#history');
  await tab.waitFor(() => document.querySelector('#history-dialog')?.open && document.querySelectorAll('#history-list li').length > 0);
  return tab.eval(() => [...document.querySelectorAll('#history-list li')].map((li) => li.textContent));
}

scenario(
  'My games: a game is kept in IndexedDB through a reload; a version-1 history is read, its damaged record kept aside',
  async (t) => {
    const tab = await t.open('');
    if (!(await tab.eval(() => typeof indexedDB === 'object' && indexedDB !== null))) throw new BrowserLacks('IndexedDB');
    await select(tab, '#mode', 'hotseat');
    for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(tab, cell);
    await waitForPly(tab, 1);
    let rows = await openGames(tab);
    assertEqual(rows.length, 1, `the game in progress is listed: ${rows}`);
    assert(/two players/.test(rows[0]) && /in progress/.test(rows[0]), rows[0]);
    await tab.goto(t.url);
    await appReady(tab);
    rows = await openGames(tab);
    assert(rows.length === 1 && /1 move/.test(rows[0]), `kept through a reload: ${rows}`);
    // A history as schema version 1 wrote it, in a fresh profile.
    const fresh = await t.tab();
    await fresh.goto(`${t.url}embed.html`); // a page of the origin that does not open the history
    await fresh.eval(
      (records) =>
        new Promise((resolve, reject) => {
          const req = indexedDB.open('sowboard-history', 1);
          req.onupgradeneeded = () => req.result.createObjectStore('games', { keyPath: 'id' });
          req.onsuccess = () => {
            const tx = req.result.transaction('games', 'readwrite');
            for (const r of records) tx.objectStore('games').put(r);
            tx.oncomplete = () => {
              req.result.close();
              resolve(true);
            };
            tx.onerror = () => reject(tx.error);
          };
          req.onerror = () => reject(req.error);
        }),
      FIXTURE.records,
    );
    await fresh.goto(t.url);
    await appReady(fresh);
    rows = await openGames(fresh);
    assertEqual(rows.length, FIXTURE.records.length - 1, 'every readable game of version 1');
    const note = await fresh.eval(() => document.querySelector('#history-note')?.textContent ?? '');
    assert(/1 stored game could not be read and is kept aside/.test(note), `the damaged record is said: ${note}`);
    assert(
      /Your strength: ≈\d+/.test(await fresh.eval(() => document.querySelector('#history-strength')?.textContent ?? '')),
      'a rating from 12 games',
    );
    await t.shot('history');
    assertEqual(await fresh.errors(), [], 'console errors and exceptions');
  },
);
