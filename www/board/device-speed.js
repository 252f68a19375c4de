// The AI's measure of the device, run where the AI runs (the AI worker; the
// slow-device benchmark on the page's thread): the search speed in the
// game's costliest ordinary positions, from a fixed search timed once (the
// probe) and from the AI's own moves, and each level's node budget at that
// speed (the engine's `aiDeviceNodes`: a level whose own budget would not
// end inside its safety deadline plays on a halved one).
//
// The speed is the lowest of the probe's and of the last few measured
// moves': a move that runs slow (the device busier, or the page
// hidden and its worker paused mid-search) lowers it at once, and it comes
// back once that many moves have run at the device's usual speed, so a
// passing spell does not weaken the levels for the rest of the page's life.

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
 * too, and a move that runs slower than it says the device got busier,
 * not that its position costs more.
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

/** How many of the latest measured moves the speed rests on, with the
 * probe. */
const RECENT = 3;

/** A move's search counts as a measure of the speed when it searched at
 * least this many nodes: a shorter one is mostly its own set-up. */
const MOVE_NODES = PROBE_NODES;

/** What a game's speed rests on: the probe's speed, the speeds of the last
 * `RECENT` measured moves, and how many requests in a row measured nothing
 * since (their budgets too small to measure).
 * @typedef {{probe: number, recent: number[], idle: number}} SpeedReadings */

/** The speed the levels fit, in nodes a millisecond. @param {SpeedReadings} readings */
export const speedOf = (readings) => Math.min(readings.probe, ...readings.recent);

/** The readings to play a request on: those given, else a probe's. When a
 * move lowered the speed and the `RECENT` requests after it could not
 * measure (the lowered budgets are too small), a new probe replaces them:
 * it tells whether the device is back to its speed.
 * @param {Engine} engine @param {string} game @param {SpeedReadings | undefined} given
 * @returns {SpeedReadings} */
export function readingsFor(engine, game, given) {
  if (given && !(given.idle >= RECENT && speedOf(given) < given.probe)) return given;
  return { probe: measureSpeed(engine, game), recent: [], idle: 0 };
}

/** The readings after a move whose search did `work` nodes in `ms`
 * milliseconds. @param {SpeedReadings} readings @param {number} work @param {number} ms
 * @returns {SpeedReadings} */
export function afterMove(readings, work, ms) {
  if (work < MOVE_NODES) return { ...readings, idle: readings.idle + 1 };
  return { probe: readings.probe, recent: [...readings.recent, work / Math.max(ms, 0.1)].slice(-RECENT), idle: 0 };
}

/** `level`'s node budget at the readings' speed (undefined: its own) and
 * the report of the levels that play weaker there.
 * @param {Engine} engine @param {DeviceFit} device @param {SpeedReadings} readings @param {number} level
 * @returns {{nodes: number | undefined, report: DeviceReport}} */
export function fitToDevice(engine, device, readings, level) {
  const { game, deadlines } = device;
  const nodesPerMs = speedOf(readings);
  const nodesOf = (/** @type {number} */ l) => engine.aiDeviceNodes(game, l, nodesPerMs, deadlines[l]);
  const weakerLevels = [];
  for (let l = 1; l <= engine.aiLevels(); l++) if (nodesOf(l) != null) weakerLevels.push(l);
  return { nodes: nodesOf(level) ?? undefined, report: { game, nodesPerMs, weakerLevels, readings } };
}

/**
 * One AI request on node budgets fitted to the device, as the AI worker
 * plays it: `search` runs on the level's budget at the known speed (or a
 * probe's, the first time), and the report that comes back carries the
 * readings with this move's, refitted.
 * @template T
 * @param {Engine} engine @param {DeviceFit} device @param {number} level
 * @param {(nodes: number | undefined) => T} search
 * @returns {{result: T, nodes: number | undefined, report: DeviceReport}}
 */
export function searchOnDevice(engine, device, level, search) {
  const readings = readingsFor(engine, device.game, device.readings);
  const { nodes } = fitToDevice(engine, device, readings, level);
  const work = engine.aiWorkDone();
  const start = performance.now();
  const result = search(nodes);
  const after = afterMove(readings, engine.aiWorkDone() - work, performance.now() - start);
  return { result, nodes, report: fitToDevice(engine, device, after, level).report };
}
