// Runs the browser tests: the wasm API under node, then the app and the
// embedding in headless Chromium. Needs a built www/ (./build.sh).
// Prints one line per test and finally `N passed, N failed`; exits 1 on failure.
//   node tests/browser/run.mjs        (ONLY=text runs the tests whose name contains it)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAll } from './lib/harness.mjs';
import { launch } from './lib/browser.mjs';
import { serve } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// SOWBOARD_WWW: another copy of the site (say, the page before a fix, to see a test fail).
const www = path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www'));
if (!fs.existsSync(path.join(www, 'pkg/sowboard_bg.wasm'))) {
  console.error('www/pkg is missing: run ./build.sh first');
  process.exit(2);
}
const artifacts = path.join(here, 'artifacts');
fs.mkdirSync(artifacts, { recursive: true });

// The app, and the same files from a second origin with CORS for embedding.
const app = await serve({ root: www });
const widget = await serve({ root: www, cors: true });
// The host page of the cross-origin test, on a third origin.
const hostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sowboard-host-'));
fs.writeFileSync(
  path.join(hostDir, 'host.html'),
  `<!doctype html>
<html><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
<script>window.keysBeforeWidget = Object.keys(window);</script>
<style>h1 { color: rgb(1, 2, 3); } #host-button { background: rgb(4, 5, 6); } sowing-board { width: 320px; display: inline-block; }</style>
<script type="module" src="${widget.url}widget.js"></script></head>
<body><h1>A site that embeds two boards</h1><button id="host-button">host</button>
<sowing-board id="one" game="intermedium" animation="off"></sowing-board>
<sowing-board id="two" game="intermedium" ai="red" level="1" animation="off"></sowing-board>
</body></html>`,
);
const host = await serve({ root: hostDir });

await import('./units.test.mjs');
await import('./link.test.mjs');
await import('./wasm-api.test.mjs');
await import('./flow.test.mjs');
await import('./lessons.test.mjs');
await import('./app.test.mjs');
await import('./defects.test.mjs');
await import('./drag.test.mjs');
await import('./embed.test.mjs');
await import('./hostile.test.mjs');
await import('./storage.test.mjs');
await import('./link-play.test.mjs');
await import('./leak.test.mjs');
await import('./analysis.test.mjs');
await import('./threats.test.mjs');
await import('./review.test.mjs');
await import('./learn.test.mjs');
await import('./install.test.mjs');
await import('./package.test.mjs');
await import('./ratings.test.mjs');
await import('./polish.test.mjs');
await import('./history.test.mjs');
await import('./play.test.mjs');
await import('./first-load.test.mjs');
await import('./device.test.mjs');

const { context, close } = await launch();
const requests = [];
context.on('request', (r) => requests.push(r.url()));
// Service-worker requests too (the offline cache), where the browser reports them.
context.on('serviceworker', (sw) => sw.on?.('request', (r) => requests.push(r.url())));

let result;
try {
  result = await runAll({ context, url: app.url, hostUrl: host.url, widgetUrl: widget.url, artifacts, requests });
} finally {
  await close();
  for (const s of [app, widget, host]) s.server.close();
  fs.rmSync(hostDir, { recursive: true, force: true });
}
console.log(`${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}`);
process.exit(result.failed ? 1 : 0);
