// The review's speed in headless Chromium (issue 12 item 7): the app's own
// analysis worker reviews a 60-ply game (level 2 against itself) at the
// default strength; prints the wall time the page saw.
//   node tests/browser/analysis-bench-page.mjs [intermedium|cash-in-hand] [plies]
// (SOWBOARD_WWW=/path/to/www times another copy of the site, as run.mjs does.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './lib/browser.mjs';
import { serve } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const kind = process.argv[2] ?? 'intermedium';
const plies = Number(process.argv[3] ?? 60);
const app = await serve({ root: path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www')) });
const { context, close } = await launch();
try {
  const page = await context.newPage();
  await page.goto(app.url + 'icon.svg');
  const result = await page.evaluate(
    async ({ kind, plies }) => {
      const wasm = await import('/pkg/sowboard_ai.js');
      await wasm.default();
      const { AnalysisClient } = await import('/analysis/client.js');
      let game = null;
      for (let seed = 1; seed < 100 && !game; seed++) {
        const g = new wasm.Game(kind);
        while (g.ply < plies && !g.outcome()) g.play(/** @type {string} */ (g.aiMove(2, seed)));
        if (g.ply >= plies) game = { position: g.startPosition(), moves: g.moves() };
        g.free();
      }
      if (!game) throw new Error('no game long enough');
      const client = new AnalysisClient();
      const t0 = performance.now();
      const reviewed = await client.run({ type: 'review', ...game }, () => {});
      return { plies: reviewed.length, seconds: (performance.now() - t0) / 1000 };
    },
    { kind, plies },
  );
  console.log(`${kind} in Chromium (analysis worker): plies ${result.plies} seconds ${result.seconds.toFixed(2)}`);
} finally {
  await close();
  app.server.close();
}
