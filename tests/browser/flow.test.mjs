// The DOM-free parts of the board under node, with the real engine: the
// move-building flow (flow.js), the attribute table (options.js), the
// marks (marks.js) and the number chooser's keys (controls.js).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { MoveFlow } from '../../www/board/flow.js';
import { readOptions, flag } from '../../www/board/options.js';
import { marksFor } from '../../www/board/marks.js';
import { chooserKey } from '../../www/board/controls.js';

const PKG = new URL('../../www/pkg/', import.meta.url);
const wasm = await import(new URL('sowboard.js', PKG));
await wasm.default({ module_or_path: fs.readFileSync(new URL('sowboard_bg.wasm', PKG)) });
const { Game } = wasm;
// RULES.md section 6, Browne's example: Black to move can capture d3 and e4.
const CASH_EXAMPLE =
  'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20';

test('flow: an Intermedium move click by click; refused clicks say why and change nothing', () => {
  const flow = new MoveFlow(new Game('intermedium'));
  const refused = flow.click('b2').refused;
  assert(/b2 is not a stack you can move from/.test(refused), `reason: ${refused}`);
  assertEqual(flow.build().stage, 'origin', 'nothing selected');
  for (const cell of ['a4', 'b5', 'a6', 'b7']) assertEqual(flow.click(cell), {}, `click ${cell}`);
  assert(/not a next cell/.test(flow.click('h10').refused), 'a cell off the sowing is refused');
  // Where the engine gives a specific reason, the player reads it, not only the generic hint.
  const back = flow.click('a6');
  assertEqual(
    [back.refused, back.code],
    ['a6 is not a next cell for this sowing: step 4 reverses step 3 (no 180-degree turn).', 'reversal'],
    "a reversal refused with the engine's reason",
  );
  assertEqual(
    flow.click('b2').refused,
    'b2 is not a next cell for this sowing: step 4 (b7 to b2) is not diagonal (each step goes one cell diagonally).',
    'not diagonal',
  );
  assertEqual(flow.build().path.length, 3, 'the path is kept after a refused click');
  flow.undoStep();
  assertEqual(flow.build().path.length, 2, 'undo step');
  flow.click('b7');
  const { moved } = flow.click('a8');
  assertEqual(moved.move, 'a4-b5-a6-b7-a8', 'the move is committed at its last cell');
  assertEqual(flow.game.ply, 1, 'played');
});

test("flow: Browne's example by clicks and numbers, with the chooser the engine allows", () => {
  const flow = new MoveFlow(Game.load(CASH_EXAMPLE));
  flow.click('c3');
  const pick = flow.chooser();
  assertEqual([pick.options[0], pick.main], [1, 14], 'pick-up counts from c3');
  flow.choose(8);
  flow.click('d4');
  assertEqual(flow.chooser().label, 'Drop how many on d4? (8 in hand)', 'a drop to choose');
  flow.choose(3);
  flow.click('e5');
  flow.choose(1);
  flow.click('f4');
  flow.choose(4);
  assertEqual(flow.build().stage, 'place', 'the captured stones go back');
  assert(flow.build().places.includes('c3'), 'the origin c3 may take captured stones');
  assert(/cannot take them/.test(flow.click('a1').refused), 'an empty cell is refused');
  flow.click('g6');
  flow.choose(1);
  flow.click('g7');
  const { moved } = flow.choose(4);
  assertEqual(moved.move, 'c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4', 'the move');
});

test("flow gestures: the designer's example by enter/release; a drop grows one stone per entry", () => {
  const flow = new MoveFlow(Game.load(CASH_EXAMPLE));
  assertEqual(flow.enter('c3'), {}, 'press on the stack');
  assertEqual(flow.count, 14, 'the stepper starts at the whole stack');
  assertEqual([flow.setCount(8), flow.setCount(99), flow.stepCount(-1)], [8, 14, 13], 'the stepper keeps to offered counts');
  flow.setCount(8);
  for (const [cell, again] of [
    ['d4', false],
    ['d4', true],
    ['d4', true],
    ['e5', false],
    ['f4', false],
  ])
    assertEqual(flow.enter(cell, again), {}, `enter ${cell}`);
  assertEqual(
    flow.build().path.map((d) => `${d.cell}:${d.count}`),
    ['d4:3', 'e5:1', 'f4:1'],
    'one stone per entry',
  );
  assert(/not a next cell/.test(flow.enter('a1').refused), 'a cell off the sowing is refused');
  assertEqual(flow.build().path.length, 3, 'and changes nothing');
  assertEqual(flow.release('f4'), {}, 'the release cell takes what remains');
  assertEqual([flow.build().stage, flow.build().toPlace], ['place', 5], 'the captured stones go back');
  assert(/cannot take them/.test(flow.enter('a1').refused), 'an empty cell cannot take captured stones');
  flow.enter('g6');
  flow.enter('g7');
  const { moved } = flow.release('g7');
  assertEqual(moved.move, 'c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4', 'the move');
});

test('flow gestures: Intermedium by entries; a drop cannot grow past what the builder offers', () => {
  const flow = new MoveFlow(new Game('intermedium'));
  assert(/b2 is not a stack/.test(flow.enter('b2').refused), 'not a stack');
  flow.enter('a4');
  flow.enter('b5');
  assert(/No more stones can go on b5/.test(flow.enter('b5', true).refused), 'one stone per cell in Intermedium');
  assertEqual(
    flow.build().path.map((d) => `${d.cell}:${d.count}`),
    ['b5:1'],
    'unchanged',
  );
  for (const cell of ['a6', 'b7']) flow.enter(cell);
  assertEqual(flow.enter('a8').moved.move, 'a4-b5-a6-b7-a8', 'played when the builder is done');
});

// Issue 19, over 255 stones: Black's c1 (255) steps only to b2 (250), and b2
// on only to a1 (2), behind White's gates; a drop of 1 on b2 would leave 256
// for a1, so b2 takes 2 to 5 and no fewer.
const TALL =
  'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,255,0,0,0,0,0,0/1,250,1,0,0,0,0,0/2,0,255,255,0,0,0,0 black 0 3';

test('flow: the drop menu offers exactly the drops the engine can finish, here 2 to 5 (issue 19)', () => {
  const flow = new MoveFlow(Game.load(TALL));
  flow.click('c1');
  flow.choose(255);
  flow.click('b2');
  assertEqual([flow.chooser().options, flow.chooser().main], [[2, 3, 4, 5], 5], 'the drops on b2');
  flow.choose(2);
  assertEqual(flow.click('a1').moved?.move, 'c1:255 b2:2 a1:253', 'a1 takes the rest');

  // By gestures: entering b2 drops the fewest offered, 2; entering again, one more.
  const drag = new MoveFlow(Game.load(TALL));
  drag.enter('c1');
  drag.setCount(255);
  assertEqual([drag.enter('b2'), drag.enter('b2', true)], [{}, {}], 'b2 entered twice');
  assertEqual(
    drag.build().path.map((d) => `${d.cell}:${d.count}`),
    ['b2:3'],
    'two, then three',
  );
  assertEqual(drag.enter('a1').moved?.move, 'c1:255 b2:3 a1:252', 'played at a1');
});

// Over 255 stones a placement must leave room for the rest: White's c6:250
// d5:250 takes Black's d4 (10 stones); d5 has room for 5 and h1 for 8, so
// d5 may take 2 to 5 and h1 5 to 8 (tests/rules a_placement_leaves_room_for_the_rest).
const ROOM =
  'cash-in-hand 0,0,0,0,0,0,0,255/0,0,0,0,0,0,0,0/0,0,250,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,255,10,255,0,0,0/0,0,0,255,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,247 white 0 10';

/** A flow on ROOM with c6's 250 sown onto d5: the captured stones to put back. */
function sownOnD5() {
  const flow = new MoveFlow(Game.load(ROOM));
  flow.click('c6');
  flow.choose(250);
  flow.click('d5');
  flow.choose(250);
  return flow;
}

test('flow: the put-back menu offers the counts the engine accepts, here 2 to 5 on d5 (over 255 stones)', () => {
  const flow = sownOnD5();
  const b = flow.build();
  assertEqual(
    [b.stage, b.toPlace, b.placeRanges],
    [
      'place',
      10,
      [
        { cell: 'd5', least: 2, most: 5 },
        { cell: 'h1', least: 5, most: 8 },
      ],
    ],
    'the ranges',
  );
  flow.click('d5');
  assertEqual(flow.chooser().options, [2, 3, 4, 5], 'the counts on d5');
  flow.choose(2);
  assertEqual(flow.click('h1').moved?.move, 'c6:250 d5:250 (:d4) d5:2 h1:8', 'h1 takes the 8 left at once');

  // By gestures: a first touch of d5 puts the least it may take, 2; each
  // touch one more, up to its room (5).
  const drag = sownOnD5();
  drag.enter('d5');
  assertEqual(drag.build().path.length, 1, 'still the one step');
  const placed = () => drag.build().toPlace;
  assertEqual(placed(), 8, 'd5 took 2');
  for (let i = 0; i < 5; i++) drag.enter('d5', true);
  assertEqual(placed(), 5, 'd5 took 5, no more');
  assertEqual(drag.enter('h1').moved?.move, 'c6:250 d5:250 (:d4) d5:5 h1:5', 'h1 takes the rest');
});

test('options: one table reads every attribute; side names come from the engine', () => {
  const attrs = (o) => (name) => (name in o ? o[name] : null);
  const sides = new Game('cash-in-hand').sides();
  const o = readOptions(
    attrs({
      ai: 'Black',
      level: '5',
      animation: 'no',
      coordinates: 'off',
      orientation: 'black',
      'quiet-limit': '40',
      'first-move-rule': 'false',
    }),
    sides,
  );
  assertEqual(
    [o.aiSides, o.level, o.animation, o.coordinates, o.flipped, o.rules, o.problems],
    [['black'], 5, false, false, true, { firstMoveRule: false, quietLimit: 40 }, []],
    'values read',
  );
  assertEqual(readOptions(attrs({ ai: 'both' }), sides).aiSides, ['white', 'black'], 'both');
  const bad = readOptions(attrs({ ai: 'red', level: '9' }), sides);
  assertEqual([bad.aiSides, bad.level, bad.problems.length], [[], 3, 2], 'a side of the other game and a bad level are reported');
  assertEqual(
    [flag('OFF', true), flag('0', true), flag('on', false), flag(null, true), flag('', false)],
    [false, false, true, true, false],
    'flags',
  );
  assertEqual(readOptions(attrs({ level: '4' }), sides).budgetMs, 5000, 'the safety deadline of level 4');
  assertEqual(readOptions(attrs({ level: '4', 'ai-time': '300' }), sides).budgetMs, 300, 'ai-time wins');
});

test('marks: a Cash in Hand hint carries its counts, captures and put-back stones', () => {
  const g = Game.load(CASH_EXAMPLE, ['c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4']);
  const hint = g.lastMove();
  const marks = marksFor({ focus: null, frame: null, last: null, build: null, pending: null, hint });
  assertEqual(marks.hint, ['c3', 'd4', 'e5', 'f4'], 'the path');
  assertEqual(marks.hintPickUp, { cell: 'c3', count: 8 }, 'the pick-up');
  assertEqual(
    marks.hintDrops.map((d) => `${d.cell}:${d.count}`),
    ['d4:3', 'e5:1', 'f4:4'],
    'the drops',
  );
  assertEqual(marks.hintCaptured, ['d3', 'e4'], 'the captures');
  assertEqual(
    marks.hintPlaced.map((d) => `${d.cell}:${d.count}`),
    ['g6:1', 'g7:4'],
    'put back',
  );
  const inter = Game.load(new Game('intermedium').position(), ['a4-b5-a6-b7-a8']).lastMove();
  const plain = marksFor({ focus: null, frame: null, last: inter, build: null, pending: null, hint: null });
  assertEqual([plain.lastPickUp, plain.lastDrops], [null, []], 'single stones per cell: the path says it all');
});

test('chooser keys: arrows step, digits pick (two in a row make one number)', () => {
  const n = Array.from({ length: 32 }, (_, i) => i + 1);
  assertEqual(
    [chooserKey('ArrowLeft', 31, n, 0), chooserKey('ArrowRight', 31, n, 0), chooserKey('Home', 5, n, 0), chooserKey('x', 5, n, 0)],
    [30, 31, 0, null],
    'steps',
  );
  assertEqual(chooserKey('5', 31, n, 10_000), 4, 'digit 5');
  assertEqual(chooserKey('1', 4, n, 20_000), 0, 'digit 1');
  assertEqual(chooserKey('2', 0, n, 20_300), 11, 'then 2: twelve');
  assertEqual(chooserKey('9', 11, n, 20_500), 8, '129 is no choice: 9');
});

test('service worker: its generated list keeps a copy of every file of the page', async () => {
  const www = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../www');
  const { precache } = await import('../../tools/precache.mjs');
  const { files } = precache(www);
  for (const dir of ['app', 'board', 'learn', 'puzzles', 'analysis', 'link']) {
    for (const file of fs.readdirSync(path.join(www, dir))) assert(files.includes(`${dir}/${file}`), `the list has ${dir}/${file}`);
  }
  for (const file of [
    'index.html',
    'learn.html',
    'embed.html',
    'widget.js',
    'pkg/sowboard.js',
    'pkg/sowboard_bg.wasm',
    'manifest.webmanifest',
  ]) {
    assert(files.includes(file), `the list has ${file}`);
  }
  assert(!files.includes('sw.js') && !files.includes('pkg/precache.js'), 'not the worker itself nor its list');
  const sw = fs.readFileSync(path.join(www, 'sw.js'), 'utf8');
  assert(
    sw.includes("importScripts('pkg/precache.js')") && !/'app\/main\.js'/.test(sw),
    'sw.js takes the generated list, names no file itself',
  );
});
