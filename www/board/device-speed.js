// The AI's measure of the device, run where the AI runs (the AI worker; the
// slow-device benchmark on the page's thread): the search speed in the
// game's costliest ordinary positions, from a fixed search timed once and
// lowered when a move's own search runs slower (the device got busier after
// the probe), and each level's node budget at that speed (the engine's
// `aiDeviceNodes`: a level whose own budget would not end inside its safety
// deadline plays on a halved one).

/** The whole engine (the workers' module). @typedef {typeof import('../pkg/sowboard_ai.js')} Engine */
/** @typedef {import('./ai-turns.js').DeviceFit} DeviceFit */
/** @typedef {import('./ai-turns.js').DeviceReport} DeviceReport */

/** Nodes of the timed search, after a quarter as many that let the browser
 * compile the engine's hot code first. */
const PROBE_NODES = 20_000;

/** How many times the CPU time a node of the strongest level's search
 * takes in the probe's search from the start position, a node can take in
 * a game's costliest ordinary positions (later in the game, where a node's
 * moves take longer to generate and score). `node tools/probe-cost.mjs
 * GAME` measures it in the page's engine over positions of level-8 games
 * on fitted budgets: up to 1.9 times in Intermedium and 2.6-2.9 times in
 * Cash in Hand (docs/ai/clock.md, "A slow device"). */
const PROBE_COST = /** @type {Record<string, number>} */ ({ intermedium: 2, 'cash-in-hand': 3 });

/** The device's speed in `game`, in nodes a millisecond, in the game's
 * costliest ordinary positions: the strongest level's search on a fixed
 * node budget from the start position, timed, over `PROBE_COST`. A level
 * fitted to it ends inside its share of the deadline in those positions
 * too, and a move that runs slower than it says the device got busier
 * (`slowerSince`), not that its position costs more.
 * @param {Engine} engine @param {string} game */
export function measureSpeed(engine, game) {
  const probe = new engine.Game(game);
  try {
    probe.aiMove(engine.aiLevels(), 1, undefined, PROBE_NODES / 4);
    const work = engine.aiWorkDone();
    const start = performance.now();
    probe.aiMove(engine.aiLevels(), 1, undefined, PROBE_NODES);
    const nodesPerMs = (engine.aiWorkDone() - work) / Math.max(performance.now() - start, 0.1);
    return nodesPerMs / (PROBE_COST[game] ?? Math.max(...Object.values(PROBE_COST)));
  } finally {
    probe.free();
  }
}

/** `level`'s node budget on the device (undefined: its own) and the levels
 * that play weaker there, at the speed given in `device` or else measured.
 * @param {Engine} engine @param {DeviceFit} device @param {number} level
 * @returns {{nodes: number | undefined, report: DeviceReport}} */
export function fitToDevice(engine, device, level) {
  const { game, deadlines } = device;
  const nodesPerMs = device.nodesPerMs ?? measureSpeed(engine, game);
  const nodesOf = (/** @type {number} */ l) => engine.aiDeviceNodes(game, l, nodesPerMs, deadlines[l]);
  const weakerLevels = [];
  for (let l = 1; l <= engine.aiLevels(); l++) if (nodesOf(l) != null) weakerLevels.push(l);
  return { nodes: nodesOf(level) ?? undefined, report: { game, nodesPerMs, weakerLevels } };
}

/** A move's search counts as a measure of the speed when it searched at
 * least this many nodes: a shorter one is mostly its own set-up. */
const MOVE_NODES = PROBE_NODES;

/** The device report after a move whose search did `work` nodes from
 * `start` (a `performance.now()`): refitted at the move's speed when that is
 * lower than the report's, else the report as it is. The speed only goes
 * down within a page's life, so a level's budget never grows back mid-game
 * on a passing lull.
 * @param {Engine} engine @param {DeviceFit} device @param {number} level
 * @param {DeviceReport} report @param {number} work @param {number} start
 * @returns {DeviceReport} */
export function slowerSince(engine, device, level, report, work, start) {
  if (work < MOVE_NODES) return report;
  const speed = work / Math.max(performance.now() - start, 0.1);
  if (speed >= report.nodesPerMs) return report;
  return fitToDevice(engine, { ...device, nodesPerMs: speed }, level).report;
}
