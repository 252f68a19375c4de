// Time to a playable board, and to the AI's first reply, on a cold first
// visit over a throttled network with a slowed CPU. A benchmark, not a test:
// figures for docs/first-load.md ("Time to a playable board").
//
// Each run is a new browser profile (cold HTTP cache, service workers
// blocked, so nothing is served from an earlier copy; `--sw` lets the page
// register its worker, which then copies the whole site as a first visit
// does), in headless Chromium with the DevTools protocol's
// `Network.emulateNetworkConditions` and `Emulation.setCPUThrottlingRate`
// on the page. The site is served gzip'd, as static hosts serve it; `--raw`
// serves it as the test server does, uncompressed.
//   playable: the page's `board-playable` mark (its game restored, the board
//     taking input), checked by a click on a stack that starts a move;
//   AI reply: the first move played by clicks, then the AI's answer on the
//     board (the level the page starts with); "after the move" is from the
//     player's move to the answer;
//   first analysis: then a click on Analysis until its panel shows (its
//     module loads on first use, or was fetched when the page was idle).
// Prints the median (and range) over the runs, per network profile.
//
//   node tests/browser/bench-first-load.mjs [runs] [--profile slow-4g|fast-3g] [--compare DIR] [--raw] [--sw]
//   node tests/browser/bench-first-load.mjs 5
//   node tests/browser/bench-first-load.mjs 5 --compare /tmp/old-www   (the sites alternate run by run; --compare repeats)
//   SOWBOARD_WWW=/path/to/www node tests/browser/bench-first-load.mjs 5
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { launch } from './lib/browser.mjs';
import { firstLoad, totals } from './lib/first-load.mjs';
import { serve } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : null;
};
const raw = args.includes('--raw');
const sw = args.includes('--sw');
const onlyProfile = option('--profile');
/** @type {string[]} */
const compare = [];
for (let c = option('--compare'); c; c = option('--compare')) compare.push(c);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);

/** The DevTools presets (bytes per second; latency is the added round trip in ms). */
const PROFILES = {
  'slow-4g': { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  'fast-3g': { latency: 562.5, downloadThroughput: 1_440_000 / 8, uploadThroughput: 675_000 / 8 },
};
const CPU_RATE = 4;

/** The site at `root`, served by the test server behind a gzip layer (unless --raw). @param {string} root */
async function site(root) {
  const inner = await serve({ root, site: true });
  if (raw) return { url: inner.url, close: () => inner.server.close() };
  const server = http.createServer((req, res) => {
    const upstream = http.request(inner.url.replace(/\/$/, '') + req.url, { method: req.method, headers: req.headers }, (up) => {
      const headers = { ...up.headers };
      const type = String(headers['content-type'] ?? '');
      const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? '')) && /text|javascript|json|wasm|svg|manifest/.test(type);
      if (!gzip) {
        res.writeHead(up.statusCode ?? 500, headers);
        up.pipe(res);
        return;
      }
      delete headers['content-length'];
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
      res.writeHead(up.statusCode ?? 500, headers);
      up.pipe(zlib.createGzip({ level: 9 })).pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      server.close();
      inner.server.close();
    },
  };
}

/** One cold visit: a new profile, throttled. @param {string} url @param {(typeof PROFILES)['slow-4g']} network */
async function visit(url, network) {
  const { context, close } = await launch({ serviceWorkers: sw ? 'allow' : 'block' });
  try {
    const result = await firstLoad(context, url, {
      aiReply: true,
      before: async (page) => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
      },
    });
    const { page } = result;
    const shown = await page.evaluate(() => performance.now());
    await page.click('#analyse');
    await page.waitForSelector('#analysis:not([hidden])', { timeout: 60_000 });
    const analysisMs = (await page.evaluate(() => performance.now())) - shown;
    return { ...result, analysisMs };
  } finally {
    await close();
  }
}

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (/** @type {number[]} */ xs) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;

const roots = [path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www'))];
roots.push(...compare.map((c) => path.resolve(c)));
const sites = await Promise.all(roots.map(site));
try {
  for (const [name, network] of Object.entries(PROFILES)) {
    if (onlyProfile && onlyProfile !== name) continue;
    /** @type {{playable: number[], click: number[], reply: number[], afterMove: number[], analysis: number[], kb: number}[]} */
    const results = roots.map(() => ({ playable: [], click: [], reply: [], afterMove: [], analysis: [], kb: 0 }));
    for (let run = 0; run < runs; run++) {
      for (const [i, s] of sites.entries()) {
        const r = await visit(s.url, network);
        const out = results[i];
        out.playable.push(r.playableMs);
        out.click.push(r.clickMs);
        out.reply.push(/** @type {number} */ (r.aiReplyMs));
        out.afterMove.push(/** @type {number} */ (r.aiAfterMoveMs));
        out.analysis.push(r.analysisMs);
        out.kb = totals(r.resources).gzip / 1000;
      }
    }
    console.log(
      `${name} (${network.latency} ms RTT, ${(network.downloadThroughput * 8) / 1e6} Mbit/s down), CPU ${CPU_RATE}x, ${runs} runs, ${raw ? 'uncompressed' : 'gzip'}${sw ? ', service worker on' : ''}:`,
    );
    for (const [i, root] of roots.entries()) {
      const out = results[i];
      console.log(`  ${root} (${out.kb.toFixed(1)} KB gzip before playable)`);
      console.log(`    playable board   ${fmt(out.playable)}; the click on it taken at ${fmt(out.click)}`);
      console.log(`    first AI reply   ${fmt(out.reply)}; ${fmt(out.afterMove)} after the player's move`);
      console.log(`    first analysis   ${fmt(out.analysis)} from the click to its panel`);
    }
  }
} finally {
  for (const s of sites) s.close();
}
