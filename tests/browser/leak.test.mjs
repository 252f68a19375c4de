// Boards that leave the page leave nothing behind: 100 `<sowing-board
// analysis>` created and removed, half while their analysis worker is busy
// and half once it is idle, end with no worker running and the page's memory
// (JS heap after a collection, DOM nodes) within 10% of the baseline measured
// with a few boards created and removed.
import { test, assert } from './lib/harness.mjs';

const BOARDS = 100;

/** JS heap and DOM nodes after garbage collection: the least of three
 * collections, so that what one collection leaves for the next is not read as
 * a leak. */
async function memory(cdp) {
  let least = { heap: Infinity, nodes: Infinity };
  for (let i = 0; i < 3; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
    least = { heap: Math.min(least.heap, get('JSHeapUsedSize')), nodes: Math.min(least.nodes, get('Nodes')) };
  }
  return least;
}

test('widget: 100 boards with analysis, removed busy or idle, leave no worker and memory within 10%', async (ctx) => {
  const page = await ctx.context.newPage();
  try {
    await page.goto(ctx.url + 'embed.html');
    await page.waitForFunction(() => customElements.get('sowing-board'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    // One board first, so that the modules and the engine are loaded in the baseline.
    const cycle = (count, idle) =>
      page.evaluate(
        async ({ count, idle }) => {
          for (let i = 0; i < count; i++) {
            const board = /** @type {any} */ (document.createElement('sowing-board'));
            board.setAttribute('analysis', '');
            board.setAttribute('analysis-level', '1');
            board.setAttribute('animation', 'off');
            document.body.append(board);
            await new Promise((resolve) => board.addEventListener('ready', resolve, { once: true }));
            // Busy: removed while its bar's analysis runs. Idle: once an
            // analysis of its own has answered (its worker then waits).
            if (idle) await board.analyse({ nodes: 50 });
            else await new Promise((r) => setTimeout(r, 20));
            board.remove();
          }
        },
        { count, idle },
      );
    // Warm-up: a few boards of each kind, so that what is loaded once
    // (modules, the engine, caches) is in the baseline.
    await cycle(3, false);
    await cycle(3, true);
    const noWorkers = async (what) => {
      for (let i = 0; i < 100 && page.workers().length > 0; i++) await page.waitForTimeout(50);
      assert(page.workers().length === 0, `${what}: ${page.workers().length} workers still running`);
    };
    await noWorkers('after the first board');
    const before = await memory(cdp);
    await cycle(BOARDS / 2, false);
    await cycle(BOARDS / 2, true);
    await noWorkers(`after ${BOARDS} boards`);
    const after = await memory(cdp);
    const mb = (n) => (n / 1e6).toFixed(2);
    console.log(`    leak: JS heap ${mb(before.heap)} -> ${mb(after.heap)} MB, DOM nodes ${before.nodes} -> ${after.nodes}`);
    assert(after.heap <= before.heap * 1.1, `JS heap ${mb(before.heap)} -> ${mb(after.heap)} MB`);
    assert(after.nodes <= before.nodes * 1.1, `DOM nodes ${before.nodes} -> ${after.nodes}`);
  } finally {
    await page.close();
  }
});
