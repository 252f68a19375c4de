// The npm package for site owners (www/package.json): `npm pack` makes a
// tarball of the widget, the engine, the worker, the types and a README; it
// installs into an empty site, a board embedded from node_modules plays, a
// TypeScript consumer type-checks (and a wrong use fails to), and an engine
// file of another version is refused with a clear error.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { watchErrors } from './lib/browser.mjs';
import { boardReady } from './lib/page.mjs';
import { serve } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const www = path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www'));
const TSC = path.join(here, 'node_modules/.bin/tsc');
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

test('package: the widget, the engine and the package agree on one version', () => {
  const cargo = fs.readFileSync(path.join(here, '../../Cargo.toml'), 'utf8').match(/^version = "([^"]+)"/m)[1];
  const widget = fs.readFileSync(path.join(www, 'board/version.js'), 'utf8').match(/VERSION = '([^']+)'/)[1];
  const pkg = JSON.parse(fs.readFileSync(path.join(www, 'package.json'), 'utf8')).version;
  assertEqual({ widget, pkg }, { widget: cargo, pkg: cargo }, 'versions (Cargo.toml, board/version.js, package.json)');
});

test('package: npm pack, install into an empty site, embed from node_modules, type-check a TypeScript consumer', async (ctx) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sowboard-npm-'));
  const site = path.join(work, 'site');
  let server = null,
    page = null;
  try {
    const tarball = path.join(work, npm(['pack', '--pack-destination', work, www], work).trim().split('\n').pop());
    const listed = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''));
    for (const f of [
      'widget.js',
      'engine.js',
      'ai-worker.js',
      'board/element.js',
      'pkg/sowboard.js',
      'pkg/sowboard_bg.wasm',
      'pkg/sowboard_ai.js',
      'pkg/sowboard_ai_bg.wasm',
      'analysis/worker.js',
      'analysis/board-analysis.js',
      'types/widget.d.ts',
      'README.md',
      'package.json',
    ]) {
      assert(listed.includes(f), `the tarball holds ${f}`);
    }
    const stray = listed.filter(
      (f) => /^(index\.html|app\/|sw\.js|embed\.|icons\/)/.test(f) || (f.endsWith('.d.ts') && f !== 'types/widget.d.ts'),
    );
    assertEqual(stray, [], 'files of the app in the tarball');

    fs.mkdirSync(site);
    fs.writeFileSync(path.join(site, 'package.json'), '{ "private": true }\n');
    npm(['install', '--offline', '--ignore-scripts', tarball], site);
    fs.writeFileSync(
      path.join(site, 'index.html'),
      `<!doctype html>
<html><head><meta charset="utf-8"><title>a site</title><link rel="icon" href="data:,">
<script type="module" src="node_modules/sowboard-widget/widget.js"></script></head>
<body><sowing-board game="intermedium" ai="red" level="1" animation="off"></sowing-board></body></html>`,
    );

    // TypeScript: the element from querySelector/createElement, typed events,
    // and two wrong uses that must be errors (so the types are not `any`).
    fs.writeFileSync(
      path.join(site, 'consumer.ts'),
      `import 'sowboard-widget';
import { SowingBoard, type SowingOutcome, type SowingBoardAttributes } from 'sowboard-widget';
const board: SowingBoard | null = document.querySelector('sowing-board');
const made: SowingBoard = document.createElement('sowing-board');
const version: string = SowingBoard.version + made.version;
const attrs: SowingBoardAttributes = { game: 'cash-in-hand', level: '3', ai: 'black' };
if (board) {
  board.addEventListener('move', (e) => { const move: string = e.detail.move; console.log(move, e.detail.position); });
  board.addEventListener('gameover', (e) => { const o: SowingOutcome = e.detail; console.log(o.reason, o.winner); });
  board.addEventListener('error', (e) => console.log(e.detail.code, e.detail.message));
  board.addEventListener('change', (e) => console.log(e.detail.kind, e.detail.moves.length));
  board.addEventListener('thinking', (e) => console.log(e.detail.thinking === true));
  const played: string = board.play('a4-b5-a6-b7-a8');
  const hint: Promise<string | null> = board.hint();
  board.viewPly = 0;
  console.log(played, hint, board.outcome?.description, board.moves.join(';'), version, attrs);
  // @ts-expect-error a move event's detail has no such field
  board.addEventListener('move', (e) => e.detail.winner);
  // @ts-expect-error play takes a string
  board.play(3);
}
`,
    );
    fs.writeFileSync(
      path.join(site, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'es2022',
          moduleResolution: 'bundler',
          lib: ['es2022', 'dom'],
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    try {
      execFileSync(TSC, ['-p', site], { encoding: 'utf8' });
    } catch (err) {
      throw new Error(`tsc on the consumer: ${err.stdout}`);
    }

    server = await serve({ root: site });
    page = await ctx.context.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url);
    await boardReady(page);
    assertEqual(
      await page.evaluate(() => customElements.get('sowing-board').version),
      JSON.parse(fs.readFileSync(path.join(www, 'package.json'), 'utf8')).version,
      "the widget's version",
    );
    await page.evaluate(() => document.querySelector('sowing-board').play('a4-b5-a6-b7-a8'));
    await page.waitForFunction(() => document.querySelector('sowing-board').ply === 2, null, { timeout: 30000 });
    assertEqual(errors, [], 'console errors');
    await page.close();

    // An engine of another version on the server (its wasm says 0.0.9):
    // refused with an error event that says what is wrong. First the page's
    // rules-only engine, then (with that one put back) the AI workers' one.
    const version = Buffer.from(JSON.parse(fs.readFileSync(path.join(www, 'package.json'), 'utf8')).version);
    for (const name of ['sowboard_bg.wasm', 'sowboard_ai_bg.wasm']) {
      const wasmFile = path.join(site, 'node_modules/sowboard-widget/pkg', name);
      const good = fs.readFileSync(wasmFile);
      const wasm = Buffer.from(good);
      assert(wasm.indexOf(version) >= 0 && wasm.indexOf(version, wasm.indexOf(version) + 1) < 0, `${name} holds its version once`);
      const other = Buffer.from('0.0.9'.padEnd(version.length, '0'));
      other.copy(wasm, wasm.indexOf(version));
      fs.writeFileSync(wasmFile, wasm);
      page = await ctx.context.newPage();
      // The board's error event (it does not bubble; a capturing listener sees it).
      await page.addInitScript(() =>
        document.addEventListener(
          'error',
          (e) => {
            if (e instanceof CustomEvent) window.boardError = e.detail;
          },
          true,
        ),
      );
      await page.goto(server.url);
      if (name === 'sowboard_ai_bg.wasm') {
        // The board plays with the rules; the AI's turn asks the worker, which refuses its engine.
        await boardReady(page);
        await page.evaluate(() => document.querySelector('sowing-board').play('a4-b5-a6-b7-a8'));
      }
      await page.waitForFunction(() => window.boardError, null, { timeout: 30000 });
      const detail = await page.evaluate(() => window.boardError);
      assertEqual(detail.code, 'engine-version', `${name}: error code (${detail.message})`);
      assert(
        detail.message.includes('0.0.9') && detail.message.includes(version.toString()) && detail.message.includes(`pkg/${name}`),
        `${name}: the message names the file and both versions: ${detail.message}`,
      );
      await page.close();
      page = null;
      fs.writeFileSync(wasmFile, good);
    }
  } finally {
    await page?.close();
    server?.server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
