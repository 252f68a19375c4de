// Unit tests of the page's plain-data modules, under node (no browser):
// board geometry, animation frames, share-link fragments, save validation.
import { test, assert, assertEqual, runTests, BrowserLacks } from './lib/harness.mjs';
import { makeLayout, parseCell, cellName } from '../../www/board/layout.js';
import { sowingFrames } from '../../www/board/animate.js';
import { fromFragment, toFragment } from '../../www/app/fragment.js';
import { replacesActive } from '../../www/app/update.js';
import { afterMove, readingsFor, searchOnDevice, speedOf } from '../../www/board/device-speed.js';

test('layout: every cell centre hits that cell, flipped or not', () => {
  for (const flipped of [false, true]) {
    const L = makeLayout({ files: 7, ranks: 10, width: 360, flipped });
    for (let rank = 0; rank < 10; rank++) {
      for (let file = 0; file < 7; file++) {
        const c = L.center(file, rank);
        assertEqual(L.hit(c.x, c.y), { file, rank }, `hit ${cellName(file, rank)} flipped=${flipped}`);
      }
    }
    assertEqual(L.hit(-5, 10), null, 'off the board');
    assert(L.totalW <= 360, `fits the width (${L.totalW})`);
  }
  const tall = makeLayout({ files: 7, ranks: 10, width: 2000, maxHeight: 500 });
  assert(tall.totalH <= 500, `fits the height (${tall.totalH})`);
  assertEqual(parseCell('D10'), { file: 3, rank: 9 }, 'parse');
  assertEqual(parseCell('d0'), null, 'rank 0 is no cell');
});

test('animation: the frames of a recorded move end on the board after it', () => {
  // Browne's example (RULES.md 6): c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4 on 8x8.
  const files = 8;
  const fromRanks = (ranks) =>
    Uint8Array.from(
      ranks
        .split('/')
        .reverse()
        .flatMap((r) => r.split(',').map(Number)),
    );
  const before = fromRanks(
    '0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0',
  );
  const after = fromRanks(
    '0,0,0,0,0,0,0,0/0,0,0,0,0,0,5,0/0,0,0,0,0,0,2,0/0,0,0,0,1,0,0,0/0,0,0,3,0,4,0,0/0,0,6,0,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0',
  );
  const info = {
    origin: 'c3',
    count: 8,
    captured: ['d3', 'e4'],
    path: [
      { cell: 'd4', count: 3 },
      { cell: 'e5', count: 1 },
      { cell: 'f4', count: 4 },
    ],
    placements: [
      { cell: 'g6', count: 1 },
      { cell: 'g7', count: 4 },
    ],
  };
  const frames = sowingFrames(before, info, files);
  assertEqual([...frames.at(-1).board], [...after], 'last frame');
  assertEqual(frames.length, 1 + 3 + 2 + 2, 'pick-up, drops, capture shown and removed, placements');
  assertEqual(
    [...before].reduce((a, b) => a + b),
    [...frames.at(-1).board].reduce((a, b) => a + b),
    'stones kept',
  );
});

test('share fragment: round trip, and junk gives no game', () => {
  const game = {
    position:
      'cash-in-hand 32,0,0,0,0,0,0,32/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,32 white 0 1',
    moves: ['h1:5 g2:5', 'a1:2 b2:2'],
  };
  assertEqual(fromFragment(toFragment(game)), { ...game, rules: {} }, 'round trip (no rule options: the defaults)');
  const ruled = { ...game, rules: { repetitionDraw: false, quietLimit: 40 } };
  assertEqual(fromFragment(toFragment(ruled)), ruled, 'round trip with rule options');
  assertEqual(fromFragment(toFragment(game) + '&q=ten'), null, 'a malformed rule option');
  assertEqual(fromFragment(''), null, 'empty');
  assertEqual(fromFragment('#hello'), null, 'no p');
  assertEqual(fromFragment('#p=' + 'x'.repeat(300000)), null, 'huge');
});

test('save: a good save loads, every kind of damage is refused whole', async () => {
  const store = new Map();
  globalThis.localStorage = {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k),
  };
  const { saveGame, loadSave } = await import('../../www/app/save.js');
  const good = { game: 'intermedium', position: 'intermedium x', moves: ['a4-b5-a6-b7-a8'], mode: 'ai', side: 'first', level: 3 };
  saveGame(good);
  assertEqual(
    loadSave().state,
    { ...good, animation: true, rules: {} },
    'round trip (animation on, default rules, for a save without them)',
  );
  for (const [what, text] of [
    ['not JSON', '{'],
    ['an array', '[]'],
    ['old version', JSON.stringify({ ...good, version: 0 })],
    ['moves not strings', JSON.stringify({ ...good, version: 1, moves: [1] })],
    ['level out of range', JSON.stringify({ ...good, version: 1, level: 9 })],
    ['unknown mode', JSON.stringify({ ...good, version: 1, mode: 'x' })],
    ['animation not a flag', JSON.stringify({ ...good, version: 1, animation: 'yes' })],
  ]) {
    store.set('sowboard.save', text);
    const r = loadSave();
    assert(!r.state && typeof r.error === 'string', `${what} refused (${JSON.stringify(r)})`);
  }
  store.clear();
  assertEqual(loadSave(), {}, 'no save');
  delete globalThis.localStorage;
});

test('save: the levels of a five-level save become the same players of the eight', async () => {
  const { parseSave } = await import('../../www/app/save.js');
  const old = { version: 1, game: 'cash-in-hand', position: 'cash-in-hand x', moves: [], mode: 'ai', side: 'first' };
  const levels = (game) => [1, 2, 3, 4, 5].map((level) => parseSave(JSON.stringify({ ...old, game, level })).state?.level);
  assertEqual(levels('intermedium'), [1, 2, 3, 7, 8], "Intermedium: old 4 and 5 are today's 7 and 8");
  assertEqual(levels('cash-in-hand'), [2, 3, 4, 5, 8], 'Cash in Hand: a new level 1 below the old ones');
  assert(parseSave(JSON.stringify({ ...old, level: 6 })).error, 'a five-level save with level 6 is damaged');
  assertEqual(parseSave(JSON.stringify({ ...old, levels: 8, level: 6 })).state?.level, 6, 'an eight-level save keeps its level');
  assert(parseSave(JSON.stringify({ ...old, levels: 8, level: 9 })).error, 'level 9 of 8 is damaged');
  assert(parseSave(JSON.stringify({ ...old, levels: 5, level: 5 })).error, 'a `levels` other than 8 is damaged');
});

test('save: a tab writes only over the save it last wrote or read; storage that refuses says why', async () => {
  const store = new Map();
  globalThis.localStorage = {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k),
  };
  const { saveGame, loadSave, KEY } = await import('../../www/app/save.js');
  const game = { game: 'intermedium', position: 'intermedium x', moves: [], mode: 'ai', side: 'first', level: 3, animation: true };
  const first = saveGame(game, null);
  assert('stamp' in first && first.stamp?.rev === 1, `the first save gets a stamp (${JSON.stringify(first)})`);
  const second = saveGame({ ...game, moves: ['a'] }, first.stamp);
  assert('stamp' in second && second.stamp?.rev === 2, 'over its own save: written');
  assertEqual(loadSave().stamp, second.stamp, 'the stamp is read back');
  // Another tab wrote since (its own stamp): nothing is written over it.
  const other = JSON.stringify({ ...JSON.parse(store.get(KEY)), tab: 'other', rev: 3, moves: ['a', 'b'] });
  store.set(KEY, other);
  assertEqual(saveGame(game, second.stamp), { conflict: true }, 'a newer save of another tab');
  assertEqual(store.get(KEY), other, 'left as it was');
  const forced = saveGame(game, second.stamp, { force: true });
  assert('stamp' in forced && forced.stamp?.rev === 4, 'forced (the player chose): written, counter goes on');
  // Full, and disabled.
  globalThis.localStorage.setItem = () => {
    throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
  };
  assertEqual(saveGame(game, forced.stamp), { failed: 'its storage is full' }, 'full');
  globalThis.localStorage.getItem = () => {
    throw Object.assign(new Error('no'), { name: 'SecurityError' });
  };
  assertEqual(saveGame(game, forced.stamp), { failed: 'it does not allow this site to store data' }, 'disabled');
  assertEqual(loadSave(), {}, 'nothing to restore when storage cannot be read');
  delete globalThis.localStorage;
});

test('controls: prompts say what to do, and whose move it is', async () => {
  const { promptFor } = await import('../../www/board/controls.js');
  assertEqual(promptFor({ build: { stage: 'origin' }, side: 'blue', yours: true }), 'Your move (Blue): choose a stack', 'against the AI');
  assertEqual(promptFor({ review: { ply: 4, move: 'a7-b6', side: 'red' }, side: 'blue' }), 'After move 4 (Red): a7-b6', 'review');
  assertEqual(promptFor({ build: { stage: 'step', cash: 3 }, side: 'blue' }), 'Blue: choose the next cell (3 in hand)', 'step prompt');
  assertEqual(promptFor({ build: null, side: 'red', aiToMove: true }), 'Red (AI) to move', 'AI prompt');
  assertEqual(promptFor({ outcome: { description: 'draw: x' }, side: 'red' }), 'Game over — Draw: x.', 'game over');
});

test('the committed lockfile names no registry host', async () => {
  const fs = await import('node:fs');
  const lock = JSON.parse(fs.readFileSync(new URL('./package-lock.json', import.meta.url), 'utf8'));
  const resolved = Object.entries(lock.packages)
    .filter(([, p]) => 'resolved' in p)
    .map(([k]) => k);
  assertEqual(resolved, [], 'packages with a resolved URL');
  assert(
    Object.keys(lock.packages).some((k) => k.endsWith('playwright-core')),
    'playwright-core is locked',
  );
});

test('marks: legal choices only while building, the last move otherwise', async () => {
  const { marksFor } = await import('../../www/board/marks.js');
  const last = {
    origin: 'a4',
    path: [
      { cell: 'b5', count: 1 },
      { cell: 'a6', count: 1 },
    ],
    captured: ['c5'],
    placements: [],
  };
  const idle = marksFor({ focus: null, frame: null, last, build: null, pending: null, hint: null });
  assertEqual([idle.lastPath, idle.captured, idle.origins], [['a4', 'b5', 'a6'], ['c5'], undefined], 'not the mover: last move only');
  const step = marksFor({
    focus: 'c3',
    frame: null,
    last,
    pending: { cell: 'd4' },
    hint: null,
    build: { stage: 'step', origin: 'c3', path: [{ cell: 'b4', count: 2 }], steps: [{ cell: 'a5', drops: [1] }], captured: [] },
  });
  assertEqual([step.selected, step.path, step.targets, step.lastPath, step.pending], ['c3', ['c3', 'b4'], ['a5'], [], 'd4'], 'building');
});

test('harness: a skip counts only when the browser lacks a capability', async () => {
  const quiet = () => {};
  const product = await runTests(
    [
      {
        name: 'x',
        fn: () => {
          class Skip extends Error {}
          throw new Skip('not built yet');
        },
      },
    ],
    {},
    undefined,
    quiet,
  );
  assertEqual(product, { passed: 0, failed: 1, skipped: 0 }, 'a product gap is a failure');
  const browser = await runTests(
    [
      {
        name: 'y',
        fn: () => {
          throw new BrowserLacks('a clipboard');
        },
      },
    ],
    {},
    undefined,
    quiet,
  );
  assertEqual(browser, { passed: 0, failed: 0, skipped: 1 }, 'a missing browser capability is a skip');
});

test('words: the end of a game and errors in plain words', async () => {
  const { endText, plainError, movesText } = await import('../../www/app/words.js');
  const city = { winner: 'blue', reason: 'city-captured', description: 'blue wins: the city was captured' };
  assertEqual(
    endText(city, { sides: ['blue', 'red'], you: 'blue' }),
    { headline: 'You win!', reason: 'Blue captured Red’s city.' },
    'won against the AI',
  );
  assertEqual(endText(city, { sides: ['blue', 'red'], you: 'red' }).headline, 'You lose', 'lost against the AI');
  assertEqual(
    endText({ winner: 'white', reason: 'eliminated', description: '' }, { sides: ['white', 'black'], you: null }),
    { headline: 'White wins', reason: 'Black has no stones left.' },
    'two players',
  );
  assertEqual(
    endText({ winner: null, reason: 'repetition', description: '' }, { sides: ['white', 'black'], you: 'white' }).headline,
    'Draw',
    'a draw',
  );
  const bad = plainError({ code: 'bad-position', message: 'bad position: rank 3 has 6 cells' });
  assert(
    bad.startsWith('the board position in it is not a valid position.') && bad.endsWith('Details: bad position: rank 3 has 6 cells'),
    bad,
  );
  assert(
    plainError({ code: 'reversal', message: 'move 2 (a7-b6): a step goes straight back' }).startsWith(
      'move 2 (a7-b6) is not a legal move there.',
    ),
    'an illegal move named',
  );
  assertEqual([movesText(1), movesText(2)], ['1 move', '2 moves'], 'plural');
});

test('units: a new version is offered only when it replaces an active one, never on the first install', () => {
  const first = {},
    next = {};
  // The first visit: the worker installs with none active, or (WebKit under
  // load) the page looks only after it has activated and claimed the page.
  assertEqual(replacesActive({ active: null }, first), false, 'installed, nothing active');
  assertEqual(replacesActive({ active: first }, first), false, 'already the active one');
  assertEqual(replacesActive({ active: first }, null), false, 'nothing waiting');
  assertEqual(replacesActive({ active: first }, next), true, 'a new version waits behind the running one');
});

test('device speed: a slow move lowers the speed and refits the levels; the speed comes back after three measured moves at the usual speed; a short search measures nothing', () => {
  // A stand-in engine: level 8 plays weaker below 100 nodes a millisecond;
  // each search "takes" the time its caller set in `ms`.
  let work = 0;
  let probes = 0;
  const clock = { now: 0 };
  const engine = /** @type {any} */ ({
    aiLevels: () => 8,
    aiDeviceNodes: (/** @type {string} */ _game, /** @type {number} */ level, /** @type {number} */ speed) =>
      level === 8 && speed < 100 ? 50_000 : undefined,
    aiWorkDone: () => work,
    Game: class {
      aiMove(/** @type {number} */ _l, /** @type {number} */ _s, /** @type {any} */ _t, /** @type {number} */ nodes) {
        probes++;
        work += nodes;
        clock.now += nodes / 520; // the probe runs at 520 nodes/ms: 260 at the game's cost of 2
      }
      free() {}
    },
  });
  const device = { game: 'intermedium', deadlines: { 8: 8000 } };
  /** A request whose search does `nodes` in `time` ms. @param {any} readings @param {number} nodes @param {number} time */
  const request = (readings, nodes, time) =>
    searchOnDevice(engine, { ...device, readings }, 8, () => {
      work += nodes;
      clock.now += time;
      return 'move';
    });
  // performance.now follows the stand-in clock for the calls below.
  const saved = performance.now;
  performance.now = () => clock.now;
  try {
    const first = request(undefined, 400_000, 1000);
    assertEqual(probes, 2, 'the first request probes (a warm-up and the timed search)');
    assert(Math.abs(first.report.readings.probe - 260) < 1, `the probe's speed at the game's cost, 260 (${first.report.readings.probe})`);
    assertEqual(first.report.weakerLevels, [], 'every level fits');
    const slow = request(first.report.readings, 47_000, 1000);
    assert(slow.report.nodesPerMs < 48 && slow.report.nodesPerMs > 46, `the slow move's speed, 47 (${slow.report.nodesPerMs})`);
    assertEqual(slow.report.weakerLevels, [8], 'level 8 now plays weaker');
    assertEqual(slow.nodes, undefined, 'the slow move itself played on the budget fitted before it');
    let readings = slow.report.readings;
    const short = request(readings, 5_000, 1000);
    assertEqual(short.report.nodesPerMs, slow.report.nodesPerMs, 'a short search measures nothing');
    assertEqual(short.nodes, 50_000, 'the next move plays on the lowered budget');
    readings = short.report.readings;
    for (let i = 0; i < 2; i++) {
      readings = request(readings, 400_000, 1000).report.readings;
      assertEqual(speedOf(readings), slow.report.nodesPerMs, `the slow move still counts after ${i + 1} usual moves`);
    }
    const back = request(readings, 400_000, 1000);
    assert(Math.abs(back.report.nodesPerMs - 260) < 1, `three usual moves later the probe's speed is back (${back.report.nodesPerMs})`);
    assertEqual(back.report.weakerLevels, [], 'and level 8 plays its own budget again');
    // Too small to measure: after three such requests a new probe decides.
    let idle = slow.report.readings;
    for (let i = 0; i < 3; i++) idle = afterMove(idle, 5_000, 1000);
    const before = probes;
    assertEqual(readingsFor(engine, 'intermedium', idle).recent, [], 'a new probe replaces readings stuck low');
    assertEqual(probes, before + 2, 'by probing again');
    assertEqual(readingsFor(engine, 'intermedium', first.report.readings), first.report.readings, "readings at the probe's speed are kept");
  } finally {
    performance.now = saved;
  }
});
