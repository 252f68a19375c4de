// First load and time to a playable board in each engine (figures, printed
// as a Markdown table; nothing asserted). A cold load is a fresh profile (no
// HTTP cache, no service worker); a warm load is a reload served by the
// service worker. The time is the page's own 'board-playable' mark (from
// navigation start). Bytes are the files the page fetched, gzip -9 as a
// server would send them compressed.
//   ./build.sh && node tests/browser/bench-engines.mjs      (ENGINES=..., RUNS=5)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { launchEngine } from './lib/engines.mjs';
import { serve } from './server.mjs';
import { appReady } from './scenarios.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const www = path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www'));
const names = (process.env.ENGINES ?? 'chromium,firefox,webkit').split(',');
const runs = Number(process.env.RUNS ?? 5);
const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const app = await serve({ root: www });
const playable = (tab) => tab.eval(() => performance.getEntriesByName('board-playable')[0]?.startTime ?? null);
const rows = [];
try {
  for (const name of names) {
    const engine = await launchEngine(name);
    try {
      const cold = [],
        warm = [];
      let files = [];
      for (let i = 0; i < runs; i++) {
        const tab = await engine.newTab();
        try {
          await tab.goto(app.url);
          await appReady(tab);
          cold.push(await playable(tab));
          if (i === 0) {
            await new Promise((r) => setTimeout(r, 1000)); // the AI worker's files come a little later
            files = await tab.eval(() => [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]);
            // Warm: the service worker controls the page from the second load on.
            await tab.eval(() => navigator.serviceWorker?.ready.then(() => true));
            for (let j = 0; j < 4; j++) {
              await tab.goto(app.url);
              await appReady(tab);
              if (j > 0) warm.push(await playable(tab));
            }
          }
        } finally {
          await tab.close();
        }
      }
      const local = [
        ...new Set(
          files
            .map((u) => new URL(u))
            .filter((u) => u.origin === new URL(app.url).origin)
            .map((u) => (u.pathname.endsWith('/') ? `${u.pathname}index.html` : u.pathname)),
        ),
      ];
      let raw = 0,
        gz = 0;
      for (const f of local) {
        const body = fs.readFileSync(path.join(www, f));
        raw += body.length;
        gz += zlib.gzipSync(body, { level: 9 }).length;
      }
      rows.push({ name: `${name} ${engine.version}`, files: local.length, raw, gz, cold, warm });
      console.error(`${name}: cold ${cold.map((t) => t.toFixed(0)).join(', ')} ms; warm ${warm.map((t) => t.toFixed(0)).join(', ')} ms`);
    } finally {
      await engine.close();
    }
  }
} finally {
  app.server.close();
}
console.log('| engine | first load | cold load to a playable board (median) | reload from the service worker (median) |');
console.log('| --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.files} files, ${kb(r.raw)} raw, ${kb(r.gz)} gzip | ${median(r.cold).toFixed(0)} ms (${r.cold.length} runs) | ${median(r.warm).toFixed(0)} ms (${r.warm.length} runs) |`,
  );
}
