// The wasm API under node: typed results, and bad input of every kind throws
// an Error with a stable code while the game object stays usable and unchanged.
// The page's rules-only module (pkg/sowboard.js) for the rules, the workers'
// whole engine (pkg/sowboard_ai.js) for the AI, and the one is the other
// less the AI members.
import fs from 'node:fs';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { LEVELS } from '../../www/board/options.js';
import { LEVEL_RATINGS } from '../../www/app/ratings.js';

const PKG = new URL('../../www/pkg/', import.meta.url);
const wasm = await import(new URL('sowboard.js', PKG));
await wasm.default({ module_or_path: fs.readFileSync(new URL('sowboard_bg.wasm', PKG)) });
const { Game, perft, startPosition } = wasm;
const ai = await import(new URL('sowboard_ai.js', PKG));
await ai.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', PKG)) });

function codeOf(fn) {
  try {
    fn();
    return 'no error';
  } catch (e) {
    assert(e instanceof Error, `threw an Error (${e})`);
    assert(typeof e.message === 'string' && e.message.length > 5, `has a message: ${e.message}`);
    return e.code;
  }
}

const snapshot = (g) => JSON.stringify({ p: g.position(), m: g.moves(), b: g.build(), r: g.canRedo() });

test('wasm: a new game lists its choices and plays a move', () => {
  const g = new Game('intermedium');
  const b = g.build();
  assertEqual(b.stage, 'origin', 'stage');
  assertEqual(b.origins.length, 11, 'origins');
  assertEqual(g.board().length, 70, 'flat board length');
  assertEqual([g.files, g.ranks], [7, 10], 'size');
  const info = g.play('A4-b5-a6-b7-a8');
  assertEqual(info.move, 'a4-b5-a6-b7-a8', 'canonical notation');
  assertEqual(
    info.path.map((d) => d.cell),
    ['b5', 'a6', 'b7', 'a8'],
    'path',
  );
  assertEqual(g.sideToMove(), 'red', 'side to move');
  assertEqual(g.outcome(), null, 'outcome');
  assert(g.undo() && g.canRedo() && g.redo(), 'undo/redo');
  g.free();
});

test('wasm: building a move choice by choice equals playing it', () => {
  const g = new Game('intermedium');
  g.selectOrigin('a4');
  for (const c of ['b5', 'a6', 'b7']) g.step(c, 1);
  assertEqual(
    g
      .build()
      .steps.map((s) => s.cell)
      .includes('a8'),
    true,
    'a8 offered',
  );
  const done = g.step('a8', 1);
  assertEqual([done.stage, done.move], ['done', 'a4-b5-a6-b7-a8'], 'finished move');
  assertEqual(g.commit().move, 'a4-b5-a6-b7-a8', 'committed');
  assertEqual(g.ply, 1, 'ply');
});

test('wasm: bad input throws coded errors and changes nothing', () => {
  const g = new Game('intermedium');
  g.selectOrigin('a4');
  const before = snapshot(g);
  const cases = [
    [() => g.step('a4', 1), 'not-diagonal'],
    [() => g.step('c0', 1), 'notation'],
    [() => g.step('h1', 1), 'off-board'],
    [() => g.step('b5', NaN), 'bad-argument'],
    [() => g.step('b5', 1e9), 'out-of-range'],
    [() => g.step('b5', 1.5), 'out-of-range'],
    [() => g.step(5, 1), 'bad-argument'],
    [() => g.step({}, 1), 'bad-argument'],
    [() => g.step('x'.repeat(1 << 20), 1), 'too-long'],
    [() => g.play('a4-b5'), 'wrong-path-length'],
    [() => g.play('x'.repeat(1 << 22)), 'too-long'],
    [() => g.play(null), 'bad-argument'],
    [() => g.pickUp(3), 'wrong-game'],
    [() => g.place('a4', 1), 'wrong-game'],
    [() => g.positionAt(-1), 'out-of-range'],
    [() => g.boardAt(5), 'out-of-range'],
    [() => g.moveAt(0), 'out-of-range'],
    [() => g.commit(), 'move-incomplete'],
  ];
  for (const [fn, code] of cases) {
    assertEqual(codeOf(fn), code, `code for ${fn}`);
    assertEqual(snapshot(g), before, `state after ${fn}`);
  }
  // Still usable afterwards.
  g.step('b5', 1);
  assertEqual(g.build().path.length, 1, 'a step after the errors');
});

test('wasm: an out-of-range number is named in the error as JS writes it', () => {
  const g = new Game('intermedium');
  const messageOf = (fn) => {
    try {
      fn();
    } catch (e) {
      return e.message;
    }
    return 'no error';
  };
  assertEqual(
    messageOf(() => g.positionAt(2.5)),
    'ply must be a whole number from 0 to 0, got 2.5',
  );
  assertEqual(
    messageOf(() => g.positionAt(-Infinity)),
    'ply must be a whole number from 0 to 0, got -Infinity',
  );
  assertEqual(
    messageOf(() => g.legalMoves(1e21)),
    'limit must be a whole number from 1 to 1000000, got 1e+21',
  );
  g.free();
});

test('wasm: constructor and load refuse bad arguments with codes', () => {
  assertEqual(
    codeOf(() => new Game('chess')),
    'bad-argument',
    'unknown game',
  );
  assertEqual(
    codeOf(() => new Game(undefined)),
    'bad-argument',
    'missing game',
  );
  assertEqual(
    codeOf(() => new Game('intermedium', { quietLimit: -1 })),
    'out-of-range',
    'quiet limit',
  );
  assertEqual(
    codeOf(() => new Game('intermedium', { firstMoveRule: 'yes' })),
    'bad-argument',
    'flag type',
  );
  assertEqual(
    codeOf(() => new Game('intermedium', 7)),
    'bad-argument',
    'options type',
  );
  assertEqual(
    codeOf(() => Game.load('intermedium 1,2 blue 0 1')),
    'bad-position',
    'bad position',
  );
  assertEqual(
    codeOf(() => Game.load('y'.repeat(100000))),
    'too-long',
    'huge position',
  );
  assertEqual(
    codeOf(() => Game.load(startPosition('intermedium'), ['a4-b5-a6-b7-a8', 'a4-b5'])),
    'not-your-stack',
    'second move bad',
  );
  assertEqual(
    codeOf(() => Game.load(startPosition('intermedium'), [1])),
    'bad-argument',
    'move type',
  );
  const g = Game.load(startPosition('intermedium'), 'a4-b5-a6-b7-a8; a7-b6-a5-b4-a3', { quietLimit: 0 });
  assertEqual(g.ply, 2, 'moves from a ;-separated string');
  assertEqual(g.rules().quietLimit, 0, 'rule option kept');
});

test('wasm: importText judges the stone cap on the start before replaying a move', () => {
  // 140 stones, over Intermedium's cap of 88; its first move is refused
  // too, so only a cap checked before the replay answers too-many-stones.
  const over = `intermedium ${Array(10).fill(Array(7).fill(2).join(',')).join('/')} blue 0 5`;
  assertEqual(
    codeOf(() => Game.importText(`${over}\na2-b3`)),
    'too-many-stones',
    'cap first',
  );
  assertEqual(
    codeOf(() => Game.importText(`${over}\n`)),
    'too-many-stones',
    'no move',
  );
  const start = startPosition('intermedium');
  assertEqual(
    codeOf(() => Game.importText(`${start}\na2-b3`)),
    'wrong-path-length',
    'a bad move under the cap',
  );
  assertEqual(Game.importText(`${start}\na4-b5-a6-b7-a8`).ply, 1, 'a good record');
});

test('wasm: perft(2) from the Intermedium start', () => {
  assertEqual(perft(startPosition('intermedium'), 1), 358, 'perft 1');
  // tests/perft/intermedium.perft, the start.
  assertEqual(perft(startPosition('intermedium'), 2), 128164, 'perft 2');
  assertEqual(
    codeOf(() => perft(startPosition('intermedium'), 99)),
    'out-of-range',
    'depth bound',
  );
});

test("wasm: the rules-only module is the whole engine less the AI's members and the workers' threat queries, of the same version", () => {
  // The AI's four, and `threats`, which the analysis worker answers for the page.
  const AI_MEMBERS = ['aiMove', 'analyse', 'evaluate', 'review', 'threats'];
  const members = (m) => Object.getOwnPropertyNames(m.Game.prototype).sort();
  assertEqual(
    members(wasm),
    members(ai).filter((n) => !AI_MEMBERS.includes(n)),
    "Game's members",
  );
  for (const n of AI_MEMBERS) assert(members(ai).includes(n), `the whole engine has ${n}`);
  // The AI worker's measure of the device (aiWorkDone, aiDeviceNodes) and
  // the Learn page's capture judge (captureOutcome, asked of the analysis
  // worker) are the whole engine's alone.
  const AI_FUNCTIONS = ['aiDeviceNodes', 'aiWorkDone', 'captureOutcome'];
  for (const n of AI_FUNCTIONS) assert(typeof ai[n] === 'function', `the whole engine has ${n}`);
  assertEqual(
    Object.keys(wasm).sort(),
    Object.keys(ai)
      .filter((n) => !AI_FUNCTIONS.includes(n))
      .sort(),
    'the free functions',
  );
  assertEqual(wasm.engineVersion(), ai.engineVersion(), 'engineVersion');
});

test('wasm: aiMove refuses bad arguments with codes and changes nothing', () => {
  const g = new ai.Game('intermedium');
  g.selectOrigin('a4');
  const before = snapshot(g);
  for (const [fn, code] of [
    [() => g.aiMove(0), 'out-of-range'],
    [() => g.aiMove(3, -1), 'out-of-range'],
    [() => g.aiMove(3, 1, Infinity), 'out-of-range'],
  ]) {
    assertEqual(codeOf(fn), code, `code for ${fn}`);
    assertEqual(snapshot(g), before, `state after ${fn}`);
  }
});

test('wasm: the AI move is legal and repeatable with a seed', () => {
  const g = new ai.Game('intermedium');
  const a = g.aiMove(3, 42);
  const b = g.aiMove(3, 42);
  assertEqual(a, b, 'same seed, same move');
  assert(g.legalMoves(100000).includes(a), `legal: ${a}`);
});

test('wasm: the page knows as many AI levels as the engine has', () => {
  assertEqual([wasm.aiLevels(), ai.aiLevels()], [LEVELS, LEVELS], 'www/board/options.js LEVELS');
  for (const game of Object.keys(LEVEL_RATINGS)) assertEqual(LEVEL_RATINGS[game].length, LEVELS, `${game}: a rating a level`);
  const g = new ai.Game('intermedium');
  assert(g.legalMoves(100000).includes(g.aiMove(LEVELS, 1, 300)), 'the top level plays');
  assertEqual(
    codeOf(() => g.aiMove(LEVELS + 1, 1)),
    'out-of-range',
    'no level above it',
  );
});

test("wasm: a Cash in Hand move built choice by choice (Browne's example)", () => {
  const start =
    'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20';
  const g = Game.load(start);
  assert(g.build().origins.includes('c3'), 'c3 is an origin');
  g.selectOrigin('c3');
  const counts = g.build();
  assertEqual(counts.stage, 'count', 'count stage');
  assert(counts.counts.includes(8), 'picking up 8 is offered');
  g.pickUp(8);
  const first = g.build().steps.find((s) => s.cell === 'd4');
  assert(first && first.drops.includes(3), 'd4 with a drop of 3 offered');
  g.step('d4', 3);
  g.step('e5', 1);
  const place = g.step('f4', 4);
  assertEqual([place.stage, place.toPlace, place.captured], ['place', 5, ['d3', 'e4']], 'captures and stones to place');
  assertEqual(
    codeOf(() => g.place('a1', 1)),
    'place-on-empty',
    'placing on an empty cell',
  );
  g.place('g6', 1);
  const done = g.place('g7', 4);
  assertEqual(done.move, 'c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4', 'the move');
  const info = g.commit();
  assertEqual(
    info.placements,
    [
      { cell: 'g6', count: 1 },
      { cell: 'g7', count: 4 },
    ],
    'placements in MoveInfo',
  );
  // The misprinted version (RULES.md section 6) is refused, and says why.
  const other = Game.load(start);
  assertEqual(
    codeOf(() => other.play('c3:8 d4:3 e3:1 f4:4 (:d3 e4) g6:1 g7:4')),
    'capture-mismatch',
    'misprint refused',
  );
  assertEqual(other.ply, 0, 'nothing played');
});

test('wasm: thousands of random calls with junk arguments never trap', () => {
  // A seeded generator, so that a failure can be replayed.
  let state = 0x2545f491;
  const rand = (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
  const junk = () =>
    [
      undefined,
      null,
      NaN,
      Infinity,
      -Infinity,
      -0,
      0,
      1,
      2,
      3,
      8,
      255,
      256,
      -1,
      1.5,
      2 ** 53,
      1e300,
      '',
      ' ',
      'a1',
      'h1',
      'a4',
      'b5',
      'c3',
      'd4',
      'g2',
      'z9',
      'a10',
      'A4',
      'a4 ',
      '\ud800',
      'é',
      'x'.repeat(5000),
      'a4-b5-a6-b7-a8',
      'h1:5 g2:5',
      'c3:8 d4:3',
      '(:)',
      ';',
      {},
      [],
      ['a4'],
      { quietLimit: 3 },
      true,
      false,
      10n,
    ][rand(43)];
  const methods = [
    'selectOrigin',
    'pickUp',
    'step',
    'place',
    'undoChoice',
    'cancel',
    'commit',
    'play',
    'undo',
    'redo',
    'positionAt',
    'boardAt',
    'moveAt',
    'build',
    'board',
    'outcome',
    'lastMove',
    'moves',
    'position',
  ];
  for (const name of ['intermedium', 'cash-in-hand']) {
    const g = new Game(name);
    let movesMade = 0;
    for (let i = 0; i < 3000; i++) {
      const plyBefore = g.ply;
      const m = methods[rand(methods.length)];
      const args = [junk(), junk()];
      // Steer some calls onto the builder's own choices so that real moves get made too.
      const b = g.build();
      if (rand(2) === 0) {
        if (b.stage === 'origin' && b.origins.length) {
          args[0] = b.origins[rand(b.origins.length)];
        }
        if (b.stage === 'count' && b.counts.length) {
          args[0] = b.counts[rand(b.counts.length)];
        }
        if (b.stage === 'step' && b.steps.length) {
          const s = b.steps[rand(b.steps.length)];
          args[0] = s.cell;
          args[1] = s.drops[rand(s.drops.length)];
        }
        if (b.stage === 'place' && b.places.length) {
          args[0] = b.places[rand(b.places.length)];
          args[1] = 1;
        }
      }
      try {
        g[m](...args);
      } catch (e) {
        assert(typeof e?.code === 'string', `${m}(${args.map(String).join(', ').slice(0, 60)}) threw without a code: ${e}`);
      }
      if (g.ply > plyBefore) movesMade++;
    }
    assert(movesMade > 5, `${name}: real moves were made too (${movesMade})`);
    // Still alive and consistent.
    assert(typeof g.position() === 'string' && g.board().length === g.files * g.ranks, 'usable afterwards');
    g.free();
  }
});
