// Performance figures (printed, not asserted): wasm size, first-load bytes,
// time to a playable board, the level-3 AI's move time in the page, and the
// engine's speed in wasm (node) against native on the same perft workload.
//   ./build.sh && cargo build --release && node tests/browser/bench.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { launch } from './lib/browser.mjs';
import { serve } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const www = path.join(root, 'www');
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// 1. Sizes.
const wasmBytes = fs.readFileSync(path.join(www, 'pkg/sowboard_bg.wasm'));
console.log(`wasm: ${kb(wasmBytes.length)} raw, ${kb(zlib.gzipSync(wasmBytes, { level: 9 }).length)} gzip`);

// 2. In the browser: first load, time to playable, AI move time.
const app = await serve({ root: www });
const { context, close } = await launch();
try {
  const page = await context.newPage();
  let raw = 0,
    gz = 0,
    count = 0;
  page.on('response', async (r) => {
    try {
      const body = await r.body();
      raw += body.length;
      gz += zlib.gzipSync(body).length;
      count++;
    } catch {
      /* redirects have no body */
    }
  });
  await page.goto(app.url);
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
  await page.waitForTimeout(500);
  console.log(`first load: ${count} responses, ${kb(raw)} raw, ${kb(gz)} if served gzip`);
  const loads = [];
  for (let i = 0; i < 5; i++) {
    await page.reload();
    await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    loads.push(await page.evaluate(() => performance.getEntriesByName('board-playable')[0].startTime));
  }
  console.log(
    `navigation to playable board: median ${median(loads).toFixed(0)} ms over ${loads.length} reloads (${loads.map((t) => t.toFixed(0)).join(', ')})`,
  );
  // Level-3 AI move: the hint asks the worker for a level-3 move (round trip included).
  await page.selectOption('#level', '3');
  const times = [];
  for (let i = 0; i < 3; i++) {
    times.push(
      await page.evaluate(async () => {
        const b = document.querySelector('sowing-board');
        const t0 = performance.now();
        await b.hint();
        return performance.now() - t0;
      }),
    );
  }
  console.log(`level-3 AI move in the page (worker round trip, start position): ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
} finally {
  await close();
  app.server.close();
}

// 3. Engine speed: perft(2) on the CLI bench's positions, wasm under node vs
// native (`sowboard bench`, timed in-process, same positions).
const wasm = await import(path.join(www, 'pkg/sowboard.js'));
await wasm.default({ module_or_path: wasmBytes });
const POSITIONS = {
  'intermedium start':
    'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1',
  'intermedium 10-stone stack':
    'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,10,0,4,0/0,0,4,0,4,0,0/0,0,0,0,0,0,0 blue 0 5',
};
const native = path.join(root, 'target/release/sowboard');
const nativeMs = {};
if (fs.existsSync(native)) {
  // "<name>: ... perft(2) = N in T ms"
  for (const line of execFileSync(native, ['bench', '--ms', '300']).toString().split('\n')) {
    const m = /^(.*?): .*perft\(2\) = \d+ in ([\d.]+) ms/.exec(line);
    if (m) nativeMs[m[1]] = Number(m[2]);
  }
} else {
  console.log('(build native with cargo build --release for the ratio)');
}
for (const [name, position] of Object.entries(POSITIONS)) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    wasm.perft(position, 2);
    runs.push(performance.now() - t0);
  }
  const w = Math.min(...runs);
  const n = nativeMs[name];
  console.log(
    `perft(2) ${name}: wasm (node) ${w.toFixed(1)} ms` + (n ? `, native ${n.toFixed(1)} ms, wasm/native ${(w / n).toFixed(2)}x` : ''),
  );
}
