// Puzzle mode: one puzzle at a time from www/puzzles/<game>.json (ordered
// easiest first; the difficulty filter takes a third of the list). The
// learner's move is judged by the engine (puzzle-judge.js); in a two-move
// puzzle the opponent's reply is played on the board automatically. Solved
// count and streak are saved with the lesson progress.
import { answerGroups, judgePuzzleMove, otherAnswersText, replyFor, solvedByWin, solverMoves, solverSide } from './puzzle-judge.js';
import { describeResult, tryMove } from './judge.js';
import { $ } from '../dom.js';

/**
 * @typedef {import('../board/element.js').SowingBoard} Board
 * @typedef {typeof import('../pkg/sowboard.js').Game} GameClass
 * @typedef {import('./progress.js').Progress} Progress
 * @typedef {import('./puzzle-judge.js').Puzzle} Puzzle
 */

const RETRY_MS = 1400;
const REPLY_MS = 500;
const SHOW_MS = 1100;

export class Puzzles {
  active = false;
  /** @type {Record<string, Puzzle[]>} */
  #files = {};
  #game = 'intermedium';
  #level = 'all';
  /** @type {Puzzle | null} */
  #puzzle = null;
  /** Moves played in the current try (the learner's and the replies). */
  #played = /** @type {string[]} */ ([]);
  #done = false;
  #failedThis = false;
  /** Moves the page plays itself (replies, the solution): their `move` events are not answers. */
  #own = /** @type {string[]} */ ([]);
  #timer = 0;

  /** @param {GameClass} Game @param {Board} board @param {Progress} progress @param {() => void} save */
  constructor(Game, board, progress, save) {
    this.Game = Game;
    this.board = board;
    this.progress = progress;
    this.save = save;
    const game = /** @type {HTMLSelectElement} */ ($('puzzle-game'));
    const level = /** @type {HTMLSelectElement} */ ($('puzzle-level'));
    game.addEventListener('change', () => { this.#game = game.value; this.start(); });
    level.addEventListener('change', () => { this.#level = level.value; this.start(); });
    $('puzzle-next').addEventListener('click', () => this.#advance());
    $('puzzle-retry').addEventListener('click', () => this.#show());
    $('puzzle-solution').addEventListener('click', () => this.#solution());
    board.addEventListener('move', (e) => {
      if (!this.active) return;
      const move = /** @type {CustomEvent} */ (e).detail.move;
      if (this.#own[0] === move) { this.#own.shift(); return; }
      this.#answer(move);
    });
  }

  /** The puzzles of the chosen game and difficulty, in file order. */
  #list() {
    const all = this.#files[this.#game] ?? [];
    const third = Math.ceil(all.length / 3);
    const range = { all: [0, all.length], easy: [0, third], medium: [third, 2 * third], hard: [2 * third, all.length] }[this.#level] ?? [0, all.length];
    return all.slice(range[0], range[1]);
  }

  #key() { return `${this.#game}/${this.#level}`; }

  /** Loads the file if needed and shows the first puzzle not yet solved from where the learner was. */
  async start() {
    if (!this.#files[this.#game]) {
      try {
        const res = await fetch(`puzzles/${this.#game}.json`);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        this.#files[this.#game] = await res.json();
      } catch (err) {
        this.#feedback(`The puzzles could not be loaded (${/** @type {Error} */ (err).message}).`, 'wrong');
        return;
      }
    }
    const list = this.#list();
    let at = Math.min(this.progress.puzzleAt[this.#key()] ?? 0, list.length - 1);
    for (let i = 0; i < list.length; i += 1) {
      const j = (at + i) % list.length;
      if (!this.progress.solved.includes(list[j].id)) { at = j; break; }
    }
    this.#puzzle = list[at] ?? null;
    this.#show();
  }

  #stats() {
    const list = this.#list();
    const solved = list.filter((p) => this.progress.solved.includes(p.id)).length;
    $('puzzle-stats').textContent = `Solved ${solved} of ${list.length} here · streak ${this.progress.streak} (best ${this.progress.best})`;
  }

  /** @param {string} text @param {'' | 'right' | 'wrong'} kind */
  #feedback(text, kind) {
    const f = $('puzzle-feedback');
    f.textContent = text;
    f.className = `feedback ${kind}`;
  }

  #show() {
    clearTimeout(this.#timer);
    const p = this.#puzzle;
    this.#stats();
    if (!p) { $('puzzle-goal').textContent = 'No puzzles here.'; return; }
    const list = this.#list();
    const side = solverSide(this.Game, p);
    $('puzzle-where').textContent = `Puzzle ${list.indexOf(p) + 1} of ${list.length} · you play ${cap(side)}`;
    $('puzzle-goal').textContent = p.goal;
    this.#feedback(solverMoves(p) > 1 ? `${cap(side)} to move. After your move the reply is played for you.` : `${cap(side)} to move.`, '');
    this.#played = [];
    this.#done = false;
    this.#own = [];
    this.board.setAttribute('orientation', side);
    this.board.load(p.position, []);
  }

  #answer(/** @type {string} */ move) {
    const p = this.#puzzle;
    if (!p || this.#done) return;
    const first = this.#played.length === 0;
    const before = this.#played.slice();
    this.#played.push(move);
    const right = first ? judgePuzzleMove(this.Game, p, move).right : solvedByWin(this.Game, p, this.#played);
    if (!right) {
      const at = before.length ? positionAfter(this.Game, p.position, before) : p.position;
      const what = tryMove(this.Game, at, move);
      this.#failedThis = true;
      this.progress.streak = 0;
      if (!this.progress.failed.includes(p.id)) this.progress.failed.push(p.id);
      this.save();
      this.#stats();
      this.#feedback(`✗ Not the best: ${what.legal ? describeResult(what) : ''} Try again, or show the solution.`, 'wrong');
      this.#timer = window.setTimeout(() => {
        this.#played = before;
        this.board.load(p.position, before);
      }, RETRY_MS);
      return;
    }
    const wins = this.#played.length + 1 >= p.line.length || solvedByWin(this.Game, p, this.#played);
    if (wins) return this.#solved();
    this.#feedback('✓ Right. Now the reply…', 'right');
    const reply = replyFor(this.Game, p, this.#played);
    if (!reply) return this.#solved();
    this.#timer = window.setTimeout(() => {
      this.#own.push(reply);
      this.#played.push(reply);
      try { this.board.play(reply); } catch { this.#own.pop(); }
      this.#feedback(`✓ Right. The reply was ${reply}: now finish it.`, 'right');
    }, REPLY_MS);
  }

  #solved() {
    const p = /** @type {Puzzle} */ (this.#puzzle);
    this.#done = true;
    const clean = !this.#failedThis;
    if (!this.progress.solved.includes(p.id)) this.progress.solved.push(p.id);
    if (clean) {
      this.progress.streak += 1;
      this.progress.best = Math.max(this.progress.best, this.progress.streak);
    }
    this.save();
    this.#stats();
    const others = otherAnswersText(answerGroups(this.Game, p));
    this.#feedback(`✓ Solved!${clean ? '' : ' (after a miss: the streak starts again)'}${others ? ` ${others}` : ''}`, 'right');
    /** @type {HTMLButtonElement} */ ($('puzzle-next')).focus({ preventScroll: true });
  }

  /** Plays the expected line from the start, one move at a time. */
  #solution() {
    const p = this.#puzzle;
    if (!p) return;
    clearTimeout(this.#timer);
    this.#done = true;
    this.#failedThis = true;
    this.progress.streak = 0;
    this.save();
    this.#stats();
    this.board.load(p.position, []);
    // The other answers are named by move, one per group: the put-backs of
    // one capture are counted, not listed.
    const groups = answerGroups(this.Game, p);
    const mine = groups.find((g) => g.includes(p.line[0])) ?? [];
    const otherMoves = groups.filter((g) => g !== mine).map((g) => g[0]);
    const backs = mine.length > 1 ? ` The captured stones may go back elsewhere too (${mine.length} ways in all).` : '';
    const also = otherMoves.length > 3 ? ` ${otherMoves.length} other moves do as well.`
      : otherMoves.length ? ` Also accepted: ${otherMoves.join('; ')}.` : '';
    this.#feedback(`Solution: ${p.line.join(', then ')}.${backs}${also}`, '');
    const playNext = (/** @type {number} */ i) => {
      if (i >= p.line.length || this.#puzzle !== p) return;
      this.#own.push(p.line[i]);
      try { this.board.play(p.line[i]); } catch { this.#own.pop(); return; }
      this.#timer = window.setTimeout(() => playNext(i + 1), SHOW_MS);
    };
    this.#timer = window.setTimeout(() => playNext(0), 300);
  }

  #advance() {
    const list = this.#list();
    if (!this.#puzzle || !list.length) return;
    const at = (list.indexOf(this.#puzzle) + 1) % list.length;
    this.progress.puzzleAt[this.#key()] = at;
    this.save();
    this.#failedThis = false;
    this.#puzzle = list[at];
    this.#show();
  }
}

function cap(/** @type {string} */ s) { return s.charAt(0).toUpperCase() + s.slice(1); }

/** The position after `moves` from `position`, from the engine. */
function positionAfter(/** @type {GameClass} */ Game, /** @type {string} */ position, /** @type {string[]} */ moves) {
  const g = Game.load(position, moves);
  try { return g.position(); } finally { g.free(); }
}
