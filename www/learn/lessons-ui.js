// The lessons in the page: one step at a time on the shared board. A move
// made on the board, or a written move chosen from the step's options, goes
// to the engine (judge.js); right answers stay on the board (the board
// animates them) and unlock Next, wrong ones are explained and the position
// comes back for a retry.
import { LESSONS } from './lessons.js';
import { choicesOf, judgePart, judgeStep, refusalText, tryMove } from './judge.js';
import { $ } from '../dom.js';

/**
 * @typedef {import('../board/element.js').SowingBoard} Board
 * @typedef {typeof import('../pkg/sowboard.js').Game} GameClass
 * @typedef {import('./progress.js').Progress} Progress
 */

/** How long a wrong move stays on the board until the position comes back. */
const RETRY_MS = 1400;

export class Lessons {
  active = false;
  #game = 'intermedium';
  #lesson = 0;
  #step = 0;
  #solved = false;
  /** A move the page itself plays (Show me, a chosen option): its `move` event is not an answer. */
  #own = /** @type {string | null} */ (null);
  #retryTimer = 0;

  /** @param {GameClass} Game @param {Board} board @param {Progress} progress @param {() => void} save */
  constructor(Game, board, progress, save) {
    this.Game = Game;
    this.board = board;
    this.progress = progress;
    this.save = save;
    const pick = /** @type {HTMLSelectElement} */ ($('lesson-pick'));
    const game = /** @type {HTMLSelectElement} */ ($('lesson-game'));
    game.addEventListener('change', () => {
      this.#game = game.value;
      this.#lesson = this.#firstUnfinished();
      this.#step = 0;
      this.#fillPicker();
      this.showStep();
    });
    pick.addEventListener('change', () => {
      this.#lesson = Number(pick.value);
      this.#step = 0;
      this.showStep();
    });
    $('lesson-next').addEventListener('click', () => this.#next());
    $('lesson-retry').addEventListener('click', () => this.showStep());
    $('lesson-show').addEventListener('click', () => this.#showMe());
    board.addEventListener('move', (e) => {
      if (!this.active) return;
      const move = /** @type {CustomEvent} */ (e).detail.move;
      if (move === this.#own) {
        this.#own = null;
        return;
      }
      this.#answer(move, true);
    });
    // A choice the board refused (an illegal step tried on the board): the
    // engine's refusal, explained as for a written move.
    board.addEventListener('refused', (e) => {
      const { code, message } = /** @type {CustomEvent} */ (e).detail;
      if (!this.active || this.#solved || !code) return;
      this.#feedback(`✗ ${refusalText(code, message ?? '')} Try again.`, 'wrong');
    });
    // One action of a move made on the board (`ask: 'part'` steps).
    board.addEventListener('build', (e) => {
      const step = this.#current.steps[this.#step];
      if (!this.active || this.#solved || step.ask !== 'part') return;
      const verdict = judgePart(this.Game, step, /** @type {CustomEvent} */ (e).detail);
      if (verdict.state === 'done') this.#solve(verdict.text);
      else if (verdict.state === 'wrong') {
        this.#feedback(`✗ ${verdict.text} Try again.`, 'wrong');
        clearTimeout(this.#retryTimer);
        this.#retryTimer = window.setTimeout(() => {
          if (!this.#solved) this.#loadStep(step);
        }, RETRY_MS);
      } else this.#feedback(verdict.text, '');
    });
    this.#lesson = this.#firstUnfinished();
    this.#fillPicker();
  }

  get #lessons() {
    return LESSONS[this.#game];
  }
  get #current() {
    return this.#lessons[this.#lesson];
  }

  /** Where the learner is in this game's lessons, else the first lesson not finished. */
  #firstUnfinished() {
    const at = this.progress.lessonAt[this.#game];
    if (at !== undefined && at < this.#lessons.length) return at;
    const i = this.#lessons.findIndex((l) => (this.progress.lessons[l.id] ?? 0) < l.steps.length);
    return i < 0 ? 0 : i;
  }

  #fillPicker() {
    const pick = /** @type {HTMLSelectElement} */ ($('lesson-pick'));
    pick.replaceChildren(
      ...this.#lessons.map((l, i) => {
        const done = (this.progress.lessons[l.id] ?? 0) >= l.steps.length;
        const o = new Option(`${done ? '✓ ' : ''}${i + 1}. ${l.title}`, String(i));
        return o;
      }),
    );
    pick.value = String(this.#lesson);
  }

  /** Shows the current step from its start position. */
  showStep() {
    clearTimeout(this.#retryTimer);
    const lesson = this.#current;
    const step = lesson.steps[this.#step];
    if (this.progress.lessonAt[this.#game] !== this.#lesson) {
      this.progress.lessonAt[this.#game] = this.#lesson;
      this.save();
    }
    this.#solved = false;
    this.#own = null;
    $('lesson-where').textContent = `${lesson.title} · step ${this.#step + 1} of ${lesson.steps.length}`;
    $('lesson-text').textContent = step.text;
    this.#feedback('', '');
    const next = /** @type {HTMLButtonElement} */ ($('lesson-next'));
    next.disabled = true;
    next.textContent = this.#isLast() ? 'Next lesson' : 'Next';
    this.board.setAttribute('orientation', 'first');
    this.#loadStep(step);
    const options = $('lesson-options');
    options.hidden = step.ask !== 'choose';
    options.replaceChildren(
      ...(step.options ?? []).map((m) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = m;
        b.addEventListener('click', () => this.#answer(m, false));
        return b;
      }),
    );
  }

  /** The step's position on the board, with the actions ahead of a `part` step made. @param {import('./judge.js').Step} step */
  #loadStep(step) {
    this.board.load(step.position, step.history ?? []);
    if (step.ask === 'part') this.board.startBuild(this.#choices(step).slice(0, /** @type {[number, number]} */ (step.part)[0]));
  }

  /** The builder choices of the step's answer. @param {import('./judge.js').Step} step */
  #choices(step) {
    const t = tryMove(this.Game, step.position, step.answer, step.firstMoveRule ?? true, step.history);
    return t.legal ? choicesOf(t.info) : [];
  }

  /** @param {string} text @param {'' | 'right' | 'wrong'} kind */
  #feedback(text, kind) {
    const f = $('lesson-feedback');
    f.textContent = text;
    f.className = `feedback ${kind}`;
  }

  /** Judges `move`; `onBoard` when the learner already played it on the board. */
  #answer(/** @type {string} */ move, /** @type {boolean} */ onBoard) {
    if (this.#solved) return;
    const step = this.#current.steps[this.#step];
    const verdict = judgeStep(this.Game, step, move);
    if (verdict.right) {
      if (!onBoard) this.#playOwn(move);
      this.#solve(verdict.text);
      return;
    }
    this.#feedback(`✗ ${verdict.text} Try again.`, 'wrong');
    if (onBoard) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = window.setTimeout(() => {
        if (!this.#solved) this.#loadStep(step);
      }, RETRY_MS);
    }
  }

  /** The step is done: say why, save, open Next. @param {string} text */
  #solve(text) {
    this.#solved = true;
    this.#feedback(`✓ ${text}`, 'right');
    const id = this.#current.id;
    this.progress.lessons[id] = Math.max(this.progress.lessons[id] ?? 0, this.#step + 1);
    this.save();
    this.#fillPicker();
    const next = /** @type {HTMLButtonElement} */ ($('lesson-next'));
    next.disabled = false;
    next.textContent = this.#isLast() ? 'Next lesson' : 'Next';
    next.focus({ preventScroll: true });
  }

  #playOwn(/** @type {string} */ move) {
    const step = this.#current.steps[this.#step];
    this.board.load(step.position, step.history ?? []);
    this.#own = move;
    try {
      this.board.play(move);
    } catch {
      this.#own = null;
    }
  }

  #showMe() {
    const step = this.#current.steps[this.#step];
    clearTimeout(this.#retryTimer);
    const choices = this.#choices(step);
    const end = step.part?.[1] ?? choices.length;
    if (end < choices.length) {
      // One action of the move: the board shows the move made up to it.
      this.#loadStep(step);
      this.board.startBuild(choices.slice(0, end));
      this.#feedback('The board shows it done. Now try it yourself (Try again).', '');
      return;
    }
    this.#playOwn(step.answer);
    this.#feedback(`This move does it: ${step.answer}. Now try it yourself (Try again).`, '');
  }

  #isLast() {
    return this.#step + 1 >= this.#current.steps.length;
  }

  #next() {
    if (!this.#isLast()) this.#step += 1;
    else if (this.#lesson + 1 < this.#lessons.length) {
      this.#lesson += 1;
      this.#step = 0;
    } else {
      this.#feedback('You have finished every lesson of this game. Try the puzzles, or the other game.', 'right');
      return;
    }
    this.#fillPicker();
    this.showStep();
  }
}
