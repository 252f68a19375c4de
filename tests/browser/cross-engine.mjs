// Runs the user-level scenarios of scenarios.mjs in Chromium, Firefox and
// WebKit (lib/engines.mjs): one browser per engine, a fresh profile per
// scenario. Needs a built www/ (./build.sh) and ./setup.sh browser.
//   node tests/browser/cross-engine.mjs                  every engine
//   ENGINES=firefox,webkit ONLY=text node tests/browser/cross-engine.mjs
// Prints `ok|FAIL|skip engine: scenario`, then `N passed, N failed, N skipped`;
// exits 1 on a failure. Screenshots: tests/browser/artifacts/engines/ENGINE-NAME.png.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from './lib/harness.mjs';
import { RECORDER, installed, launchEngine } from './lib/engines.mjs';
import { serve } from './server.mjs';
import { appReady, scenarios, select } from './scenarios.mjs';
// More scenario files register into the same list: import them here.
import './scenarios-a11y.mjs';
import './scenarios-history.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const www = path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www'));
if (!fs.existsSync(path.join(www, 'pkg/sowboard_bg.wasm'))) {
  console.error('www/pkg is missing: run ./build.sh first');
  process.exit(2);
}
// Interrupted (Ctrl-C, a timeout): exit normally, so that the WebKit driver
// and Xvfb are stopped by their exit handlers.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const shots = path.join(here, 'artifacts/engines');
fs.mkdirSync(shots, { recursive: true });
const names = (process.env.ENGINES ?? 'chromium,firefox,webkit').split(',').filter(Boolean);
for (const name of names) {
  if (!installed(name)) {
    console.error(`${name} is not installed: run ./setup.sh browser`);
    process.exit(2);
  }
}

// Every page gets the error recorder; axe-core is there for the accessibility scenario.
const scripts = {
  '/__recorder.js': RECORDER,
  '/__axe.js': fs.readFileSync(path.join(here, 'node_modules/axe-core/axe.min.js'), 'utf8'),
};
const app = await serve({ root: www, scripts, inject: '/__recorder.js' });
const widget = await serve({ root: www, cors: true, scripts, inject: '/__recorder.js' });
const hostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sowboard-xhost-'));
fs.writeFileSync(
  path.join(hostDir, 'host.html'),
  `<!doctype html>
<html><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,">
<script type="module" src="${widget.url}widget.js"></script></head>
<body><h1>A site that embeds two boards</h1>
<sowing-board id="one" game="intermedium" animation="off"></sowing-board>
<sowing-board id="two" game="intermedium" ai="red" level="1" animation="off"></sowing-board>
</body></html>`,
);
const host = await serve({ root: hostDir, scripts, inject: '/__recorder.js' });

let passed = 0,
  failed = 0,
  skipped = 0;
try {
  for (const name of names) {
    const started = Date.now();
    const engine = await launchEngine(name);
    let tab = null;
    const list = scenarios.map((s) => ({
      name: `${name}: ${s.name}`,
      fn: async () => {
        const t = {
          engine,
          url: app.url,
          hostUrl: host.url,
          /** A fresh tab (a fresh profile). */
          tab: async (options) => {
            await tab?.close();
            tab = await engine.newTab(options);
            return tab;
          },
          /** The app at `where` (a path or fragment) in a fresh tab, ready to play, the AI at level 1. */
          open: async (where, { ready = true, ...options } = {}) => {
            const fresh = await t.tab(options);
            await fresh.goto(app.url + where);
            if (ready) {
              await appReady(fresh);
              // The quickest AI: the scenarios test the page, not its strength.
              await select(fresh, '#level', '1');
            }
            return fresh;
          },
          shot: async (what) => {
            await tab.screenshot(path.join(shots, `${name}-${what}.png`));
          },
        };
        try {
          await s.fn(t);
        } finally {
          await tab?.close();
          tab = null;
        }
      },
    }));
    console.log(`== ${name} ${engine.version}`);
    try {
      const r = await runTests(list, {}, process.env.ONLY);
      passed += r.passed;
      failed += r.failed;
      skipped += r.skipped;
    } finally {
      await engine.close();
    }
    console.log(`   ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  for (const s of [app, widget, host]) s.server.close();
  fs.rmSync(hostDir, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
