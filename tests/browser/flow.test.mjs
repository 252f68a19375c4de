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

// Over 255 stones a sowing can overflow a stack, and the move builder must
// leave room for the rest (docs/RULES.md section 7). Play from a start never
// holds more than 128 stones, so the page and the widget refuse such
// positions at load; the builder's overflow rules are tested in Rust
// (tests/rules: a_placement_leaves_room_for_the_rest and the builder tests).
const TALL =
  'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,255,0,0,0,0,0,0/1,250,1,0,0,0,0,0/2,0,255,255,0,0,0,0 black 0 3';
const ROOM =
  'cash-in-hand 0,0,0,0,0,0,0,255/0,0,0,0,0,0,0,0/0,0,250,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,255,10,255,0,0,0/0,0,0,255,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,247 white 0 10';

test('flow: positions over 255 stones are refused at load, with the reason and its code', () => {
  for (const text of [TALL, ROOM]) {
    let error = null;
    try {
      Game.load(text).free();
    } catch (e) {
      error = e;
    }
    assert(error, 'refused');
    assertEqual(error.code, 'too-many-stones', 'the code');
    assert(/stones/.test(error.message), `the reason: ${error.message}`);
  }
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
    'pkg/sowboard_ai.js',
    'pkg/sowboard_ai_bg.wasm',
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
