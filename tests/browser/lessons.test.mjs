// Every lesson step and every shipped puzzle's data, checked under node with
// the real engine (issue 13): a step's answer is legal and achieves the step;
// each listed wrong answer is refused (with the listed code) or legal but
// failing, and the learner is shown the listed explanation (or, for a
// refusal without one, the refusal code's sentence); a choice step offers its
// answer and its wrong answers and nothing else.
import fs from 'node:fs';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { LESSONS } from '../../www/learn/lessons.js';
import { choicesOf, judgePart, judgeStep, refusalText, REFUSALS, tryMove } from '../../www/learn/judge.js';
import { applyChoices } from '../../www/board/flow.js';
import { judgePuzzleMove, replyFor, solvedByWin } from '../../www/learn/puzzle-judge.js';

const PKG = new URL('../../www/pkg/', import.meta.url);
const wasm = await import(new URL('sowboard.js', PKG));
await wasm.default({ module_or_path: fs.readFileSync(new URL('sowboard_bg.wasm', PKG)) });
const { Game } = wasm;
// The AI's replies come from the whole engine, as the page's AI worker gets them.
const ai = await import(new URL('sowboard_ai.js', PKG));
await ai.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', PKG)) });
/** The move a reply from `replyFor` plays: the line's, or the AI's. */
function replyMove(reply) {
  if (!reply?.ai) return reply?.move ?? null;
  const { position, moves, rules, level, seed } = reply.ai;
  const g = ai.Game.load(position, moves, rules);
  try {
    return g.aiMove(level, seed);
  } finally {
    g.free();
  }
}

for (const [game, lessons] of Object.entries(LESSONS)) {
  test(`lessons ${game}: every step's answer is right and every listed wrong answer fails with its explanation`, () => {
    assert(lessons.length >= 5, `${game}: ${lessons.length} lessons`);
    for (const lesson of lessons) {
      lesson.steps.forEach((step, i) => {
        const where = `${lesson.id} step ${i + 1}`;
        assert(step.position.startsWith(game), `${where}: a position of ${game}`);
        const sentences = step.text.split(/[.?!:](?:\s|$)/).filter((s) => s.trim()).length;
        assert(sentences <= 5, `${where}: the text is short (${sentences} parts)`);
        const right = judgeStep(Game, step, step.answer);
        assert(right.right, `${where}: the answer ${step.answer} is judged wrong: ${right.text}`);
        if (step.ask === 'part') checkPart(step, where);
        const wholeMove = step.ask !== 'part' || step.part[1] === choicesOf(tryMove(Game, step.position, step.answer).info).length;
        if (wholeMove) assert((step.wrong ?? []).length > 0, `${where}: at least one wrong answer is checked`);
        for (const w of step.wrong ?? []) {
          const v = judgeStep(Game, step, w.move);
          assert(!v.right, `${where}: the wrong answer ${w.move} is judged right`);
          if (w.code) assertEqual(v.code, w.code, `${where}: ${w.move} refused with`);
          const shown = w.why ?? (v.code ? REFUSALS[v.code] : null);
          if (shown) assert(v.text.startsWith(shown), `${where}: ${w.move} explains "${v.text}", expected "${shown}"`);
          else {
            assert(
              /^(That does not win|The aim is|Not the move|Move the stack|Pick up|The last stone)/.test(v.text),
              `${where}: ${w.move} gets a specific explanation from its result: "${v.text}"`,
            );
            // What the move captured belongs to a step about capturing or the
            // result, or to a move that captured: a sowing step says where the stones go.
            const aboutResult = step.goal.captures || step.goal.win || step.goal.draw || v.info.captured.length || v.info.outcome;
            assertEqual(
              / It /.test(v.text),
              Boolean(aboutResult),
              `${where}: ${w.move} says what it captured only when that matters: "${v.text}"`,
            );
          }
        }
        if (step.ask === 'choose') {
          const expected = [step.answer, ...(step.wrong ?? []).map((w) => w.move)].sort();
          assertEqual([...(step.options ?? [])].sort(), expected, `${where}: the options are the answer and the wrong answers`);
        }
      });
    }
  });
}

/** The builder state after `choices` from the step's position, or the engine's refusal. */
function built(step, choices) {
  const g = Game.load(step.position, step.history ?? []);
  try {
    applyChoices(g, choices);
    return { build: g.build() };
  } catch (err) {
    return { code: err.code, message: err.message };
  } finally {
    g.free();
  }
}

/**
 * A step that is one action of a move (`ask: 'part'`): the actions before
 * it leave it to do, its own complete it (or the whole move is judged right),
 * and each listed wrong action is refused by the builder with its code and
 * the learner reads that refusal's sentence, or is judged wrong with the
 * step's reason.
 */
function checkPart(step, where) {
  const all = choicesOf(tryMove(Game, step.position, step.answer).info);
  const [from, to] = step.part;
  assert(from < to && to <= all.length, `${where}: the part ${from}-${to} of ${all.length} choices`);
  const before = built(step, all.slice(0, from));
  assert(before.build, `${where}: the choices before are made (${before.message})`);
  assertEqual(judgePart(Game, step, before.build).state, 'ongoing', `${where}: the action is still to do at the start`);
  if (to < all.length) {
    const after = built(step, all.slice(0, to));
    assert(after.build, `${where}: the step's own choices are accepted (${after.message})`);
    assertEqual(judgePart(Game, step, after.build).state, 'done', `${where}: the step's action completes it`);
  }
  assert((step.wrongParts ?? []).length > 0, `${where}: at least one wrong action is checked`);
  for (const w of step.wrongParts) {
    const tried = built(step, [...all.slice(0, from), ...w.choices]);
    const what = JSON.stringify(w.choices);
    if (w.code) {
      assertEqual(tried.code, w.code, `${where}: ${what} refused with`);
      const text = refusalText(tried.code, tried.message);
      assert(
        text.startsWith(REFUSALS[w.code]) && text.includes(`In this move: ${tried.message.split('; ')[0]}`),
        `${where}: ${what} explained: ${text}`,
      );
      assert(!/\)\)/.test(text), `${where}: no doubled brackets: ${text}`);
    } else {
      assert(tried.build, `${where}: ${what} is a legal action (${tried.message})`);
      const v = judgePart(Game, step, tried.build);
      assertEqual(v.state, 'wrong', `${where}: ${what} judged`);
      assert(/^The designer/.test(v.text) && (!step.why || v.text.endsWith(step.why)), `${where}: ${what} explained: ${v.text}`);
    }
  }
}

for (const game of ['intermedium', 'cash-in-hand']) {
  test(`puzzles ${game}: the file's shape, and the engine accepts every solution and refuses another move`, () => {
    const puzzles = JSON.parse(fs.readFileSync(new URL(`../../www/puzzles/${game}.json`, import.meta.url), 'utf8'));
    assert(puzzles.length >= 100, `${puzzles.length} puzzles`);
    for (const p of puzzles.slice(0, 30)) {
      assertEqual(Object.keys(p), ['id', 'game', 'position', 'solutions', 'goal', 'line'], `${p.id}: shape`);
      for (const s of p.solutions) assert(judgePuzzleMove(Game, p, s).right, `${p.id}: solution ${s} accepted`);
      // A legal move that is not a solution (compared by the position after it).
      const after = (m) => tryMove(Game, p.position, m).info?.position;
      const accepted = new Set(p.solutions.map(after));
      const g = Game.load(p.position);
      const other = g.legalMoves(300).find((m) => !accepted.has(after(m)));
      g.free();
      if (other) assert(!judgePuzzleMove(Game, p, other).right, `${p.id}: ${other} refused`);
    }
    // Two-move puzzles: the line's reply comes back after the line's first
    // move, and after every other solution the automatic reply still leaves a win.
    for (const p of puzzles.filter((q) => q.line.length === 3)) {
      assertEqual(replyFor(Game, p, [p.line[0]]), { move: p.line[1], ai: null }, `${p.id}: the line's reply`);
      assert(solvedByWin(Game, p, p.line), `${p.id}: the line wins`);
      for (const s of p.solutions) {
        const reply = replyMove(replyFor(Game, p, [s]));
        assert(reply, `${p.id}: a reply after ${s}`);
        const g = Game.load(p.position, [s, reply]);
        const wins = g.legalMoves(5000).filter((m) => solvedByWin(Game, p, [s, reply, m]));
        g.free();
        assert(wins.length > 0, `${p.id}: after ${s} ${reply} a win is left`);
      }
    }
  });
}
