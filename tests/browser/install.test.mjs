// The installable app (Chromium): the manifest and its icons, no
// installability errors, and the service worker's versions: a new version
// is fetched in the background and offered ("A new version is ready") while
// the game goes on; Reload switches over, keeps the game, deletes the old copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { watchErrors } from './lib/browser.mjs';
import { appReady, boardState } from './lib/page.mjs';
import { serve } from './server.mjs';
import { precache } from '../../tools/precache.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes www/pkg/precache.js of a copy of the site, as build.sh does. */
function writePrecache(www) {
  fs.writeFileSync(path.join(www, 'pkg/precache.js'), `self.PRECACHE = ${JSON.stringify(precache(www))};\n`);
}

/** Waits until the service worker controls the page (the first load installs it). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
}

test('installable: manifest, icons, theme colours, standalone; Chromium reports no installability error', async (ctx) => {
  const page = await ctx.context.newPage();
  const errors = watchErrors(page);
  await page.goto(ctx.url);
  await appReady(page);
  await controlled(page);
  const cdp = await ctx.context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assertEqual(installabilityErrors, [], 'installability errors');
  const { errors: manifestErrors, data } = await cdp.send('Page.getAppManifest');
  assertEqual(manifestErrors, [], 'manifest errors');
  await cdp.detach();
  const manifest = JSON.parse(data);
  assertEqual(manifest.display, 'standalone', 'display');
  assert(/^#[0-9a-f]{6}$/.test(manifest.theme_color) && /^#[0-9a-f]{6}$/.test(manifest.background_color), 'theme and background colours');
  for (const icon of manifest.icons) {
    const res = await page.evaluate(async (src) => {
      const r = await fetch(src);
      const blob = await r.blob();
      if (!r.headers.get('content-type').startsWith('image/png')) return { ok: r.ok, type: r.headers.get('content-type') };
      const bmp = await createImageBitmap(blob);
      return { ok: r.ok, type: 'image/png', size: `${bmp.width}x${bmp.height}` };
    }, icon.src);
    assert(res.ok, `icon ${icon.src} is served`);
    assertEqual(res.type, icon.type, `icon ${icon.src} type`);
    if (icon.type === 'image/png') assertEqual(res.size, icon.sizes, `icon ${icon.src} size`);
  }
  assert(
    manifest.icons.some((i) => i.purpose === 'maskable'),
    'a maskable icon',
  );
  assertEqual(errors, [], 'console errors');
  await page.close();
});

test('service worker: a new version is offered without interrupting the game; Reload switches, keeps the game, drops the old cache', async (ctx) => {
  // A copy of the site, so that a new version can be published mid-test.
  const www = fs.mkdtempSync(path.join(os.tmpdir(), 'sowboard-site-'));
  fs.cpSync(path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www')), www, { recursive: true });
  writePrecache(www);
  const site = await serve({ root: www });
  const page = await ctx.context.newPage();
  const errors = watchErrors(page);
  try {
    await page.goto(site.url);
    await appReady(page);
    await controlled(page);
    const first = await page.evaluate(() => caches.keys());
    assertEqual(first.length, 1, `one cache (${first})`);

    // Cache first: the page comes from the copy even when the server changes a file.
    fs.appendFileSync(path.join(www, 'app.css'), '\n/* version two */\n');
    await page.reload();
    await appReady(page);
    const css = await page.evaluate(() => fetch('app.css').then((r) => r.text()));
    assert(!css.includes('version two'), 'the old version is served until the new one is taken');

    await page.evaluate(() => document.querySelector('sowing-board').play('a4-b5-a6-b7-a8'));
    await page.waitForFunction(() => document.querySelector('sowing-board').ply === 2, null, { timeout: 30000 });
    const game = (await boardState(page)).moves;
    await page.evaluate(() => {
      window.sameDocument = true;
    });

    // Publish: the list's version changes, the browser fetches it in the background.
    writePrecache(www);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector('#update:not([hidden])', { timeout: 20000 });
    assert(await page.evaluate(() => window.sameDocument === true), 'the page was not reloaded');
    assertEqual((await boardState(page)).moves, game, 'the game goes on');
    assertEqual((await page.evaluate(() => caches.keys())).length, 2, 'the new version is cached beside the old');
    await page.screenshot({ path: `${ctx.artifacts}/update-offered.png` });

    await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
    await appReady(page);
    assert(await page.evaluate(() => window.sameDocument === undefined), 'the page reloaded');
    assertEqual((await boardState(page)).moves, game, 'the game is restored after the reload');
    const after = await page.evaluate(() => caches.keys());
    assertEqual(after.length, 1, `only the new cache is left (${after})`);
    assert(after[0] !== first[0], 'a new cache');
    assert((await page.evaluate(() => fetch('app.css').then((r) => r.text()))).includes('version two'), 'the new version is served');
    assert(await page.isHidden('#update'), 'no offer after the switch');
    assertEqual(errors, [], 'console errors');
  } finally {
    await page.close();
    site.server.close();
    fs.rmSync(www, { recursive: true, force: true });
  }
});
