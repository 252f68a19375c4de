// Everything the app page fetches before its board is playable (HTML, CSS,
// JS, wasm, fonts, icons), gzip -9 sizes per kind and in all, on a cold
// load in headless Chromium; then what it fetched after (lazy modules,
// prefetches, the service worker's copy of the site). The budget is checked
// by first-load.test.mjs; docs/first-load.md keeps the figures.
//   node tests/browser/first-load-bytes.mjs [--files]
//   SOWBOARD_WWW=/path/to/www node tests/browser/first-load-bytes.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './lib/browser.mjs';
import { firstLoad, totals } from './lib/first-load.mjs';
import { serve } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const www = process.env.SOWBOARD_WWW ?? path.join(here, '../../www');
const listFiles = process.argv.includes('--files');

const app = await serve({ root: www, site: true });
const { context, close } = await launch();
try {
  const { resources, later, playableMs } = await firstLoad(context, app.url);
  const kb = (n) => (n / 1000).toFixed(1).padStart(7);
  const table = (/** @type {typeof resources} */ list, title) => {
    const { byKind, raw, gzip } = totals(list);
    console.log(`${title}: ${list.length} files, ${kb(gzip)} KB gzip -9 (${kb(raw)} KB raw)`);
    for (const [kind, t] of Object.entries(byKind).sort((a, b) => b[1].gzip - a[1].gzip))
      console.log(`  ${kind.padEnd(14)} ${String(t.files).padStart(3)} files ${kb(t.gzip)} KB gzip ${kb(t.raw)} KB raw`);
    if (listFiles)
      for (const r of [...list].sort((a, b) => b.gzip - a.gzip))
        console.log(
          `    ${kb(r.gzip)} ${kb(r.raw)}  ${new URL(r.url).pathname}${r.by === 'page' ? '' : ` (${r.by}${r.early ? ', before playable' : ''})`}`,
        );
  };
  table(resources, 'before the board is playable');
  table(later, 'after (lazy, prefetched, service worker)');
  const competing = later.filter((r) => r.early);
  if (competing.length)
    console.log(
      `of which the service worker requested before the board was playable: ${competing.length} files, ${kb(totals(competing).gzip)} KB gzip`,
    );
  console.log(`playable at ${playableMs.toFixed(0)} ms (unthrottled, this machine)`);
} finally {
  await close();
  app.server.close();
}
