// The lessons as data: per game, lessons of short steps. Each step
// shows a position, says one idea in one to three sentences, and asks for a
// move on the board (`ask: 'move'`), a choice among written moves (`ask:
// 'choose'`, `options`), or one action of a move made on the board (`ask:
// 'part'`: the pick-up, a drop, putting stones back; the actions ahead of it
// are made for the learner). The engine judges every answer (judge.js): `goal`
// says what the move must achieve, `answer` is one right answer, and `wrong`
// lists wrong answers with what the learner is told (a refused move is
// explained from the engine's refusal code unless `why` is given). Every step
// is checked by tests/browser/lessons.test.mjs with the real engine.

/**
 * A position string from a few stacks: the game's board size, `cells` like
 * `{a4: 2, b5: 1}` (every other cell empty), the side to move, plies since a
 * capture and the move number. Only the text format; the engine parses and
 * checks it.
 */
function board(game, cells, side, quiet = 0, moveNo = 20) {
  const [files, ranks] = game === 'intermedium' ? [7, 10] : [8, 8];
  const rows = [];
  for (let r = ranks; r >= 1; r -= 1) {
    const row = [];
    for (let f = 0; f < files; f += 1) row.push(cells[`${String.fromCharCode(97 + f)}${r}`] ?? 0);
    rows.push(row.join(','));
  }
  return `${game} ${rows.join('/')} ${side} ${quiet} ${moveNo}`;
}

const I = 'intermedium';
const C = 'cash-in-hand';

/** RULES.md section 6: Neto's capture diagram and Browne's example. */
const NETO =
  'intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,0,2,0,0,0,0/0,4,1,1,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 10';
const BROWNE =
  'cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20';
const BROWNE_MOVE = 'c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4';
const START_I =
  'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1';

/** @type {Record<string, {id: string, title: string, steps: import('./judge.js').Step[]}[]>} */
export const LESSONS = {
  [I]: [
    {
      id: 'i-stacks',
      title: 'Your stacks',
      steps: [
        {
          text: 'You are Blue: your stones are the ones on the blue-shaded cells, Red’s on the others. Only a stack of your own with 2 or more stones can move. Which of these moves is legal?',
          position: board(I, { c2: 2, e4: 1, e5: 2, a9: 2 }, 'blue'),
          ask: 'choose',
          options: ['e4-f5', 'e5-f6-g7', 'c2-d3-e4'],
          goal: { origin: 'c2' },
          answer: 'c2-d3-e4',
          wrong: [
            { move: 'e4-f5', code: 'stack-too-small' },
            { move: 'e5-f6-g7', code: 'not-your-stack' },
          ],
          success: 'Right: c2 is yours and holds 2 stones. A single stone never moves on its own.',
        },
      ],
    },
    {
      id: 'i-sowing',
      title: 'Sowing',
      steps: [
        {
          text: 'A move picks up every stone of the stack and sows them one per step, each step to a diagonal neighbour. Sow the 3 stones of b3 so that the last one lands on e4.',
          position: board(I, { b3: 3, a9: 2 }, 'blue'),
          goal: { origin: 'b3', ends: 'e4' },
          answer: 'b3-c4-d5-e4',
          wrong: [{ move: 'b3-c4-d5', code: 'wrong-path-length' }, { move: 'b3-a4-b5-c6' }],
          success: 'Three stones, three steps, one stone on each cell of the path.',
        },
        {
          text: 'This is the move Blue’s example in the rules makes from the start: a4’s four stones go to b5, a6, b7 and a8. Play it.',
          position: START_I,
          goal: { same: ['a4-b5-a6-b7-a8'] },
          answer: 'a4-b5-a6-b7-a8',
          wrong: [
            { move: 'a4-b5-c6-d7-e8', why: 'A legal first move, but this step asks for the rules’ example: a4, then b5, a6, b7, a8.' },
          ],
          success: 'One stone on each cell of the path: a4 is now empty.',
        },
      ],
    },
    {
      id: 'i-turns',
      title: 'No turning back, but loops are fine',
      steps: [
        {
          text: 'A step may not go straight back the way the step before it came (no 180-degree turn). Which of these moves is legal?',
          position: board(I, { c2: 2, a9: 2 }, 'blue'),
          ask: 'choose',
          options: ['c2-d3-c2', 'c2-d3-d4', 'c2-d3-e4'],
          goal: { same: ['c2-d3-e4'] },
          answer: 'c2-d3-e4',
          wrong: [
            { move: 'c2-d3-c2', code: 'reversal' },
            { move: 'c2-d3-d4', code: 'not-diagonal' },
          ],
          success: 'Turning a corner is fine; only the exact reverse of the last step is forbidden.',
        },
        {
          text: 'A path may come back to where it started by going round. Sow the 4 stones of d3 so that the last one lands back on d3.',
          position: board(I, { d3: 4, a9: 2 }, 'blue'),
          goal: { origin: 'd3', ends: 'd3' },
          answer: 'd3-e4-d5-c4-d3',
          wrong: [{ move: 'd3-e4-d3-e4-d5', code: 'reversal' }, { move: 'd3-e4-f5-g6-f7' }],
          success: 'A loop of four steps puts the last stone back on the start.',
        },
      ],
    },
    {
      id: 'i-first-move',
      title: 'The first move',
      steps: [
        {
          text: 'Each player’s first move of the game must drop at least one stone on a cell that was empty (the start cell does not count). Which of these first moves is legal?',
          position: START_I,
          ask: 'choose',
          options: ['b3-c4-d3-c2-b3', 'a4-b5-a6-b7-a8'],
          goal: {},
          answer: 'a4-b5-a6-b7-a8',
          wrong: [{ move: 'b3-c4-d3-c2-b3', code: 'first-move-rule' }],
          success: 'b3-c4-d3-c2-b3 only drops on stacks that were already there, so it cannot be a first move.',
        },
      ],
    },
    {
      id: 'i-capture',
      title: 'Capturing',
      steps: [
        {
          text: 'If your last stone lands on a cell that held exactly one stone, every enemy stack next to it (not diagonally) whose neighbours are all occupied is captured. This is Neto’s example: capture Red’s c5.',
          position: NETO,
          goal: { captures: ['c5'] },
          answer: 'a6-b5-c4-d5',
          wrong: [{ move: 'a6-b7-c6-d7' }, { move: 'b5-c4-d5-c6' }],
          success: 'The last stone landed on the single stone at d5; c5 had b5, d5, c4 and c6 all occupied, so it is captured.',
        },
        {
          text: 'On the edge a cell has three neighbours, in a corner two: they are surrounded sooner. Capture Red’s stack on the edge at a5.',
          position: board(I, { a4: 1, a6: 1, b5: 1, d3: 2, a5: 3, e9: 2 }, 'blue'),
          goal: { captures: ['a5'] },
          answer: 'd3-c4-b5',
          wrong: [{ move: 'd3-e4-f5' }],
          success: 'a5 has only three neighbours, a4, a6 and b5, all occupied.',
        },
        {
          text: 'A corner cell has only two neighbours. Capture Red’s a1.',
          position: board(I, { a2: 1, b1: 1, c2: 2, a1: 3, e9: 2 }, 'blue'),
          goal: { captures: ['a1'] },
          answer: 'c2-b3-a2',
          wrong: [{ move: 'c2-d3-e4' }, { move: 'c2-d1-e2' }],
          success: 'a2 held one stone; a1’s two neighbours are occupied.',
        },
        {
          text: 'One last stone can capture up to four stacks at once: all are judged together after it lands. Land on d5 and capture all four Red stacks around it.',
          position: board(I, { b5: 1, c4: 1, c6: 1, f5: 1, e4: 1, d3: 1, d7: 1, d5: 1, f7: 2, c5: 2, e5: 3, d4: 1, d6: 2, a9: 2 }, 'blue'),
          goal: { captures: ['c5', 'd4', 'd6', 'e5'] },
          answer: 'f7-e6-d5',
          wrong: [{ move: 'f7-g6-f5' }],
          success: 'Four stacks, eight stones, one move: the drop on e6 on the way closed the last gap.',
        },
      ],
    },
    {
      id: 'i-city',
      title: 'Capturing the city',
      steps: [
        {
          text: 'Red’s city is d10. If your last stone lands next to it on a cell that held exactly one stone, and all its neighbours (c10, e10, d9) are occupied, you win, whether the city holds stones or not. Win now.',
          position: board(I, { c10: 1, e10: 1, d9: 1, e8: 2, b7: 2, a9: 2, c1: 2 }, 'blue'),
          goal: { win: true },
          answer: 'e8-f9-e10',
          wrong: [{ move: 'e8-d7-c6' }, { move: 'b7-a8-b9' }],
          success: 'The city falls and the game is won at once.',
        },
        {
          text: 'An occupied city is captured the same way, its stones with it. Red has 3 stones on d10: win now.',
          position: board(I, { c10: 1, e10: 1, d9: 1, d10: 3, c8: 2, a9: 2, c1: 2 }, 'blue'),
          goal: { win: true },
          answer: 'c8-b9-c10',
          wrong: [{ move: 'c8-d7-e6' }],
          success: 'The last stone landed on the single stone at c10; c10, d9 and e10 are all occupied, so the city falls with its stones.',
        },
      ],
    },
    {
      id: 'i-no-move',
      title: 'No move, no game',
      steps: [
        {
          text: 'A player who has no legal move on their turn loses: usually because no stack of theirs holds 2 or more stones. Red’s only stack that can move is a5. Capture it and win.',
          position: board(I, { a4: 1, a6: 1, b5: 1, d3: 2, a5: 2, e9: 1, c9: 1 }, 'blue'),
          goal: { win: true },
          answer: 'd3-c4-b5',
          wrong: [{ move: 'd3-e4-f5' }],
          success: 'Red is left with single stones only: no move, so Red loses.',
        },
      ],
    },
  ],
  [C]: [
    {
      id: 'c-pick-up',
      title: 'Cash in hand',
      steps: [
        {
          text: 'You are White: your stacks stand on the light cells. A move picks up some of the stones of one of your stacks: the cash in hand. Pick up 2 of the 5 stones on d3 and sow them.',
          position: board(C, { d3: 5, g7: 2 }, 'white'),
          goal: { origin: 'd3', count: 2 },
          answer: 'd3:2 e4:1 f5:1',
          wrong: [{ move: 'd3:5 e4:5' }, { move: 'g7:2 f6:2', code: 'not-your-stack' }],
          success: 'Three stones stay on d3; the two in hand went on.',
        },
        {
          text: 'Each step goes to a diagonal neighbour and drops one or more stones there, until the hand is empty. Pick up 3 from d3, drop 2 on e4 and 1 on f5.',
          position: board(C, { d3: 5, g7: 2 }, 'white'),
          goal: { same: ['d3:3 e4:2 f5:1'] },
          answer: 'd3:3 e4:2 f5:1',
          wrong: [
            { move: 'd3:3 e4:1 f5:1', code: 'drops-dont-add-up' },
            { move: 'd3:3 e4:1 f5:2', why: 'Legal, but this step asks for 2 stones on e4 and 1 on f5.' },
          ],
          success: 'Two on e4, one on f5: the hand is empty, the sowing ends.',
        },
      ],
    },
    {
      id: 'c-blocks',
      title: 'What blocks a step',
      steps: [
        {
          text: 'A sowing never enters a cell twice, and the cell it started from counts as entered. Which of these moves is legal?',
          position: board(C, { d3: 4, g7: 2 }, 'white'),
          ask: 'choose',
          options: ['d3:3 e4:1 d3:2', 'd3:3 e4:1 f5:1 e4:1', 'd3:3 e4:1 f5:2'],
          goal: { same: ['d3:3 e4:1 f5:2'] },
          answer: 'd3:3 e4:1 f5:2',
          wrong: [
            { move: 'd3:3 e4:1 d3:2', code: 'revisit' },
            { move: 'd3:3 e4:1 f5:1 e4:1', code: 'revisit' },
          ],
          success: 'Every step goes somewhere new.',
        },
        {
          text: 'A stack taller than the stones still in hand blocks the step, even your own. With 2 in hand, which step is open?',
          position: board(C, { d3: 2, e4: 4, g7: 2 }, 'white'),
          ask: 'choose',
          options: ['d3:2 e4:2', 'd3:2 c4:2'],
          goal: { same: ['d3:2 c4:2'] },
          answer: 'd3:2 c4:2',
          wrong: [{ move: 'd3:2 e4:2', code: 'target-too-tall' }],
          success: 'e4 holds 4, more than the 2 in hand: closed. c4 is empty: open.',
        },
        {
          text: 'A diagonal step passes between two cells of the other colour, the gate. If both hold stones and together more than the stones in hand, the gate is shut. Black’s d4 and e3 hold 4 together; you have 3. Which move is legal?',
          position: board(C, { d3: 3, d4: 2, e3: 2, g7: 2 }, 'white'),
          ask: 'choose',
          options: ['d3:3 e4:3', 'd3:3 c4:3'],
          goal: { same: ['d3:3 c4:3'] },
          answer: 'd3:3 c4:3',
          wrong: [{ move: 'd3:3 e4:3', code: 'gate-blocked' }],
          success: 'The way to c4 passes between c3 (empty) and d4: a gate needs both cells occupied to shut.',
        },
      ],
    },
    {
      id: 'c-capture',
      title: 'Capturing and putting back',
      steps: [
        {
          text: 'After the sowing, every enemy stack with no empty neighbour (not diagonally) and fewer stones than its neighbours together is captured. Black’s d4 holds 2; its neighbours c4, e4, d3 hold 1 each and d5 is empty. Capture it.',
          position: board(C, { d4: 2, c4: 1, e4: 1, d3: 1, f3: 2, h8: 3 }, 'white'),
          goal: { captures: ['d4'] },
          answer: 'f3:2 e4:1 d5:1 (:d4) c4:2',
          wrong: [{ move: 'f3:2 e4:2' }, { move: 'f3:1 g4:1' }],
          success: 'd5 filled the last gap: 1 + 2 + 1 + 1 = 5 stones around 2. Captured.',
        },
        {
          text: 'The captured stones are not lost: the mover puts them back onto any existing stacks, yours or the opponent’s, at least one on each stack chosen. Capture d4 and put both stones on your d3.',
          position: board(C, { d4: 2, c4: 1, e4: 1, d3: 1, f3: 2, h8: 3 }, 'white'),
          goal: { same: ['f3:2 e4:1 d5:1 (:d4) d3:2'] },
          answer: 'f3:2 e4:1 d5:1 (:d4) d3:2',
          wrong: [
            { move: 'f3:2 e4:1 d5:1 (:d4) a1:2', code: 'place-on-empty' },
            { move: 'f3:2 e4:1 d5:1 (:d4) d3:1', code: 'redistribution-sum' },
          ],
          success: 'Captured stones change colour with the cell they land on: put on your own stack, they are yours.',
        },
        {
          text: 'A stack is captured only if it is smaller than its neighbours together. Black’s d4 holds 6 and you can bring its neighbours to at most 5: capture Black’s f6 instead.',
          position: board(C, { d4: 6, c4: 1, e4: 1, d3: 1, f3: 2, f6: 1, e6: 1, g6: 1, f7: 1, g4: 2 }, 'white'),
          goal: { captures: ['f6'] },
          answer: 'g4:1 f5:1 (:f6) g4:1',
          wrong: [
            {
              move: 'f3:2 e4:1 d5:1',
              why: 'd4 now has no empty neighbour, but its 6 stones are not fewer than the 5 around it: it stays.',
            },
          ],
          success: 'f6 (1) is now surrounded by e6, g6, f7 and f5: four stones against one.',
        },
      ],
    },
    {
      id: 'c-end',
      title: 'Winning and drawing',
      steps: [
        {
          text: 'A player whose stones are all gone loses at once. Black has one stack left: capture it.',
          position: board(C, { d4: 2, c4: 1, e4: 1, d3: 1, f3: 2 }, 'white'),
          goal: { win: true },
          answer: 'f3:2 e4:1 d5:1 (:d4) c4:2',
          wrong: [{ move: 'f3:2 e4:2' }],
          success: 'No black stones left: White wins.',
        },
        {
          text: 'The game is drawn after 100 plies in a row without a capture (and when a position occurs a third time). 99 have passed: a move without a capture now ends the game drawn. Keep it alive with a capture.',
          position: board(C, { d4: 2, c4: 1, e4: 1, d3: 1, f3: 2, h8: 3 }, 'white', 99, 60),
          goal: { captures: ['d4'] },
          answer: 'f3:2 e4:1 d5:1 (:d4) c4:2',
          wrong: [{ move: 'f3:2 g4:2' }],
          success: 'A capture sets the count back to 0.',
        },
        {
          text: 'The game is also drawn when the same position (the same stacks, the same side to move) occurs for the third time. Both sides have shuttled back and forth twice. Play the Black move that brings the first position back a third time.',
          position: board(C, { c2: 2, h8: 1, a7: 2 }, 'white', 0, 30),
          history: ['c2:2 d3:2', 'h8:1 g7:1', 'd3:2 c2:2', 'g7:1 h8:1', 'c2:2 d3:2', 'h8:1 g7:1', 'd3:2 c2:2'],
          goal: { draw: 'repetition' },
          answer: 'g7:1 h8:1',
          wrong: [
            { move: 'a7:1 b8:1', why: 'That makes a new position: no repetition. Move the single stone back to h8.' },
            { move: 'g7:1 f8:1', why: 'That makes a new position: no repetition. Move the single stone back to h8.' },
          ],
          success: 'The position has now occurred three times: the game is drawn. To avoid this, vary your moves.',
        },
      ],
    },
    {
      id: 'c-browne',
      title: 'The designer’s example',
      steps: [
        {
          text: 'Cameron Browne’s own example, one action at a time. Black (dark cells) is to move; White’s d3 (2 stones) has one empty neighbour left, d4, and e4 (3) has three: d4, e5 and f4. Browne takes 8 of the 14 stones on c3 as cash in hand: choose c3, then pick up 8.',
          position: BROWNE,
          ask: 'part',
          part: [0, 2],
          goal: { same: [BROWNE_MOVE] },
          answer: BROWNE_MOVE,
          why: 'Any number from 1 to 14 may be picked up; 8 is what this plan needs.',
          wrongParts: [{ choices: [{ cell: 'c3' }, { count: 14 }] }, { choices: [{ cell: 'd3' }], code: 'not-your-stack' }],
          success: '8 in hand, 6 stay on c3.',
        },
        {
          text: 'First step: c3 to d4, dropping 3. A step may not enter a stack taller than the cash (d4 is empty) nor pass between two occupied cells holding more than the cash together (this gate is c4 and d3, and c4 is empty). Drop 3 on d4: each tap on it drops one more.',
          position: BROWNE,
          ask: 'part',
          part: [2, 3],
          goal: { same: [BROWNE_MOVE] },
          answer: BROWNE_MOVE,
          why: 'd4 is d3’s last empty neighbour, and e4’s too.',
          wrongParts: [{ choices: [{ cell: 'b4', count: 3 }] }, { choices: [{ cell: 'e5', count: 3 }], code: 'not-diagonal' }],
          success: 'd3 has no empty neighbour now. 5 stones in hand.',
        },
        {
          text: 'Next, d4 to e5 with 5 in hand: drop 1. e5 is another of e4’s empty neighbours, and the gate d5–e4 is open because d5 is empty. A sowing never enters a cell twice: there is no way back to d4 or c3.',
          position: BROWNE,
          ask: 'part',
          part: [3, 4],
          goal: { same: [BROWNE_MOVE] },
          answer: BROWNE_MOVE,
          why: 'e4 must lose every empty neighbour: d4 is filled, e5 and f4 are left.',
          wrongParts: [{ choices: [{ cell: 'c5', count: 1 }] }, { choices: [{ cell: 'c3', count: 1 }], code: 'revisit' }],
          success: '4 stones in hand; e4’s last empty neighbour is f4.',
        },
        {
          text: 'Last step: e5 to f4, and the 4 stones left all go there, since the sowing goes on until the hand is empty (tap f4 until it is). The gate e4–f5 is open: f5 is empty.',
          position: BROWNE,
          ask: 'part',
          part: [4, 5],
          goal: { same: [BROWNE_MOVE] },
          answer: BROWNE_MOVE,
          why: 'f4 is e4’s last empty neighbour.',
          wrongParts: [{ choices: [{ cell: 'f6', count: 4 }] }, { choices: [{ cell: 'd4', count: 4 }], code: 'revisit' }],
          success: 'The sowing is over: d3 (2) is enclosed by 6 + 3 + 2 + 3 = 14 stones, e4 (3) by 3 + 4 + 2 + 1 = 10. Both are captured.',
        },
        {
          text: 'The 5 captured stones go back onto any stacks, yours or White’s, at least one on each stack chosen. Browne put 1 on White’s g6 and 4 on his own g7: do the same (each tap puts one).',
          position: BROWNE,
          ask: 'part',
          part: [5, 7],
          goal: { same: [BROWNE_MOVE] },
          answer: BROWNE_MOVE,
          wrong: [
            { move: 'c3:8 d4:3 e5:1 f4:4 (:d3 e4) g7:5', why: 'Legal, but the designer put 1 back on White’s g6 and 4 on his own g7.' },
          ],
          wrongParts: [{ choices: [{ cell: 'e4', count: 1 }], code: 'place-on-empty' }],
          success: 'That is the designer’s move, stone for stone, in his notation: c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4.',
        },
        {
          text: 'The printed text of this example reads e3 where its diagram shows e5. Which of the two routes captures both d3 and e4?',
          position: BROWNE,
          ask: 'choose',
          options: ['c3:8 d4:3 e3:1 f4:4 (:d3 e4) g6:1 g7:4', BROWNE_MOVE],
          goal: { captures: ['d3', 'e4'] },
          answer: BROWNE_MOVE,
          wrong: [
            {
              move: 'c3:8 d4:3 e3:1 f4:4 (:d3 e4) g6:1 g7:4',
              code: 'capture-mismatch',
              why: 'Via e3, e4 keeps a free neighbour (e5): only d3 falls, so this capture list is wrong.',
            },
          ],
          success: 'Via e5 both d3 and e4 lose their last empty neighbour; the printed e3 is a misprint.',
        },
      ],
    },
    {
      id: 'c-merge',
      title: 'The merging draw, and how to meet it',
      steps: [
        {
          text: 'A player behind in stones can play for a draw by merging everything into one stack: a stack is captured only by more stones around it, and the opponent may not have that many. You are Black and behind: merge your two stacks into one.',
          position: board(C, { b2: 3, c3: 3, e4: 4, f5: 4, g6: 3 }, 'black'),
          goal: { same: ['b2:3 c3:3'] },
          answer: 'b2:3 c3:3',
          wrong: [{ move: 'b2:3 a3:3', why: 'That leaves two stacks, a3 and c3: step from b2 onto c3 to make one.' }],
          success: 'One stack of 6 on c3: to capture it White must fill all four neighbours with 7 or more stones.',
        },
        {
          text: 'To meet it, be ahead and surround the big stack before the quiet count runs out: every neighbour occupied, more stones around than in it. Black has merged 6 on d4; you hold 7 around it. Capture it.',
          position: board(C, { d4: 6, c4: 2, e4: 2, d3: 2, f3: 3, a1: 1 }, 'white', 60, 60),
          goal: { captures: ['d4'] },
          answer: 'f3:3 e4:1 d5:2 (:d4) c4:6',
          wrong: [{ move: 'f3:3 e4:3' }],
          success:
            'Nine stones against six: the merged stack falls. Capture the pieces early, before they merge, and keep more stones than the opponent.',
        },
      ],
    },
  ],
};
