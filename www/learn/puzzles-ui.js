// Puzzle mode: one puzzle at a time from www/puzzles/<game>.json, of the
// chosen theme, the next one rated nearest the player's rating (rating.js).
// The learner's move is judged by the engine (puzzle-judge.js); in a
// two-move puzzle the opponent's reply is played on the board automatically
// (off the puzzle's line, the AI's, from its worker). Solved puzzles, and per
// game the streak, its best and the rating, are saved with the lesson
// progress. `learn.html#puzzles/<id>` opens one puzzle. An outcome puzzle's
// answer is judged by what it captures (the engine's `captureOutcome`, asked
// of the analysis worker), not by its listed solutions.
import {
  answerGroups,
  byOutcome,
  judgeOutcome,
  judgePuzzleMove,
  otherAnswersText,
  outcomeText,
  replyFor,
  solvedByWin,
  solverMoves,
  solverSide,
} from './puzzle-judge.js';
import { describeResult, tryMove } from './judge.js';
import { nearest, puzzleRating, ratedAfter, themeLabel, themesOf } from './rating.js';
import { judgeMistake, loadMistakes } from './mistakes.js';
import { AnalysisClient } from '../analysis/client.js';
import { AiClient } from '../board/ai-client.js';
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
  #theme = 'all';
  /** Each puzzle's rating, by id. */
  #ratings = /** @type {Map<string, number>} */ (new Map());
  /** A puzzle asked for by the page's address, shown once its file is loaded. */
  wanted = /** @type {string | null} */ (null);
  /** @type {Puzzle | null} */
  #puzzle = null;
  /** Moves played in the current try (the learner's and the replies). */
  #played = /** @type {string[]} */ ([]);
  #done = false;
  #failedThis = false;
  /** Moves the page plays itself (replies, the solution): their `move` events are not answers. */
  #own = /** @type {string[]} */ ([]);
  #timer = 0;

  /**
   * @param {GameClass} Game @param {Board} board @param {Progress} progress @param {() => void} save
   */
  constructor(Game, board, progress, save) {
    this.Game = Game;
    this.board = board;
    this.progress = progress;
    this.save = save;
    const game = /** @type {HTMLSelectElement} */ ($('puzzle-game'));
    const theme = /** @type {HTMLSelectElement} */ ($('puzzle-theme'));
    game.addEventListener('change', () => {
      this.#game = game.value;
      this.#theme = 'all';
      this.start();
    });
    theme.addEventListener('change', () => {
      this.#theme = theme.value;
      this.start();
    });
    $('puzzle-next').addEventListener('click', () => this.#advance());
    $('puzzle-retry').addEventListener('click', () => this.#show());
    $('puzzle-solution').addEventListener('click', () => this.#solution());
    board.addEventListener('move', (e) => {
      if (!this.active) return;
      const move = /** @type {CustomEvent} */ (e).detail.move;
      if (this.#own[0] === move) {
        this.#own.shift();
        return;
      }
      this.#answer(move);
    });
  }

  /** The worker that reviews an answer to one of the player's mistakes, or
   * counts what an outcome puzzle's answer captures. */
  #reviewer = /** @type {AnalysisClient | null} */ (null);
  /** The AI worker that finds the reply after an answer off the puzzle's line. */
  #ai = /** @type {AiClient | null} */ (null);
  /** An answer to a mistake, or a reply, is with the engine: the board waits. */
  #checking = false;

  /** The puzzles of the chosen game and theme, in file order (the player's mistakes newest first). */
  #list() {
    if (this.#theme === 'mine') return loadMistakes().filter((m) => m.game === this.#game);
    const all = this.#files[this.#game] ?? [];
    return this.#theme === 'all' ? all : all.filter((p) => themesOf(p).includes(this.#theme));
  }

  /** The score of the game on show: streak, best, rating. */
  get #score() {
    return this.progress.games[this.#game];
  }

  /** The next puzzle of `list` after `current`: rated nearest the player, or the newest unsolved mistake. */
  #next(/** @type {Puzzle[]} */ list, /** @type {Puzzle | null} */ current) {
    if (this.#theme === 'mine') {
      return list.find((p) => p !== current && !this.progress.solved.includes(p.id)) ?? list.find((p) => p !== current) ?? list[0] ?? null;
    }
    return nearest(list, (p) => this.#ratingOf(p), this.#score.rating, this.progress.solved, current);
  }

  #ratingOf(/** @type {Puzzle} */ p) {
    let r = this.#ratings.get(p.id);
    if (r === undefined) {
      r = puzzleRating(this.Game, p);
      this.#ratings.set(p.id, r);
    }
    return r;
  }

  /** The theme menu of the game on show, each theme with its count of puzzles. */
  #fillThemes() {
    const all = this.#files[this.#game] ?? [];
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const p of all) for (const t of themesOf(p)) counts.set(t, (counts.get(t) ?? 0) + 1);
    const menu = /** @type {HTMLSelectElement} */ ($('puzzle-theme'));
    const mine = loadMistakes().filter((m) => m.game === this.#game).length;
    menu.replaceChildren(
      new Option(`All (${all.length})`, 'all'),
      ...[...counts].map(([t, n]) => new Option(`${themeLabel(t, this.#game)} (${n})`, t)),
      ...(mine || this.#theme === 'mine' ? [new Option(`Your mistakes (${mine})`, 'mine')] : []),
    );
    menu.value = this.#theme;
  }

  /** Loads the file if needed and shows the unsolved puzzle rated nearest the player. */
  async start() {
    if (this.wanted) {
      const game = this.wanted.startsWith('intermedium') ? 'intermedium' : 'cash-in-hand';
      this.#game = game;
      this.#theme = 'all';
      /** @type {HTMLSelectElement} */ ($('puzzle-game')).value = game;
    }
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
    this.#fillThemes();
    const list = this.#list();
    const wanted = list.find((p) => p.id === this.wanted);
    this.wanted = null;
    this.#failedThis = false;
    this.#puzzle = wanted ?? this.#next(list, null);
    this.#show();
  }

  /** @param {string} [change] the last result's change of rating, signed */
  #stats(change = '') {
    const list = this.#list();
    const solved = list.filter((p) => this.progress.solved.includes(p.id)).length;
    const s = this.#score;
    $('puzzle-rating').textContent = `Your rating: ${s.rating}${change ? ` (${change})` : ''}${s.played < 20 ? ' · provisional' : ''}`;
    $('puzzle-stats').textContent = `Solved ${solved} of ${list.length} here · streak ${s.streak} (best ${s.best})`;
  }

  /**
   * Rates the player on the puzzle on show, once per puzzle (its first try):
   * `solved` on that try, or not (a miss, the solution shown).
   */
  #rate(/** @type {boolean} */ solved) {
    const p = /** @type {Puzzle} */ (this.#puzzle);
    if (this.progress.rated.includes(p.id) || 'mine' in p) return '';
    const s = this.#score;
    const next = ratedAfter(s.rating, this.#ratingOf(p), solved, s.played);
    const change = next - s.rating;
    s.rating = next;
    s.played += 1;
    this.progress.rated.push(p.id);
    return change >= 0 ? `+${change}` : `−${-change}`;
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
    if (!p) {
      $('puzzle-goal').textContent = 'No puzzles here.';
      return;
    }
    const side = solverSide(this.Game, p);
    const source = p.id.startsWith('cash-setup-') ? ' · a set-up position' : '';
    const what = 'mine' in p ? `From your game (move ${/** @type {any} */ (p).ply})` : `Puzzle rated ${this.#ratingOf(p)}${source}`;
    $('puzzle-where').textContent = `${what} · you play ${cap(side)}`;
    $('puzzle-goal').textContent = p.goal;
    $('puzzle-goal').dataset.id = p.id;
    this.#feedback(solverMoves(p) > 1 ? `${cap(side)} to move. After your move the reply is played for you.` : `${cap(side)} to move.`, '');
    this.#played = [];
    this.#done = false;
    this.#own = [];
    this.board.setAttribute('orientation', side);
    this.board.load(p.position, []);
    // The engine that counts an outcome puzzle's answer starts with the
    // puzzle, so that the verdict follows the move at once.
    if (byOutcome(p) && !this.#reviewer?.busy) {
      this.#reviewer ??= new AnalysisClient();
      this.#reviewer.run({ type: 'ready', position: '', moves: [] }, () => {}).catch(() => {});
    }
  }

  #answer(/** @type {string} */ move) {
    const p = this.#puzzle;
    if (!p || this.#done || this.#checking) return;
    const first = this.#played.length === 0;
    const before = this.#played.slice();
    this.#played.push(move);
    if (first && 'mine' in p) {
      this.#answerMistake(/** @type {import('./mistakes.js').Mistake} */ (p), move);
      return;
    }
    if (first && byOutcome(p)) {
      this.#answerOutcome(p, move);
      return;
    }
    const right = first ? judgePuzzleMove(this.Game, p, move).right : solvedByWin(this.Game, p, this.#played);
    if (!right) {
      const at = before.length ? positionAfter(this.Game, p.position, before) : p.position;
      const what = tryMove(this.Game, at, move);
      this.#wrong(p, before, `✗ Not the best: ${what.legal ? describeResult(what) : ''} Try again, or show the solution.`);
      return;
    }
    const wins = this.#played.length + 1 >= p.line.length || solvedByWin(this.Game, p, this.#played);
    if (wins) return this.#solved();
    this.#feedback('✓ Right. Now the reply…', 'right');
    this.#reply(p, replyFor(this.Game, p, this.#played));
  }

  /**
   * Plays the opponent's reply: the line's, or the AI's from its worker
   * (the board waits for it as for a reviewed answer).
   * @param {Puzzle} p @param {ReturnType<typeof replyFor>} reply
   */
  async #reply(p, reply) {
    if (!reply) return this.#solved();
    let move = reply.move;
    if (reply.ai) {
      const played = this.#played;
      this.#checking = true;
      this.#ai ??= new AiClient();
      try {
        move = await this.#ai.request(reply.ai);
      } catch (err) {
        this.#checking = false;
        if (this.#puzzle !== p || this.#played !== played) return;
        this.#feedback(`The engine could not find the reply (${/** @type {Error} */ (err).message}). Try again.`, 'wrong');
        this.#played = [];
        this.board.load(p.position, []);
        return;
      }
      this.#checking = false;
      // The learner went on to another puzzle or try meanwhile.
      if (this.#puzzle !== p || this.#played !== played) return;
      if (!move) return this.#solved();
    }
    const shown = /** @type {string} */ (move);
    this.#timer = window.setTimeout(() => {
      this.#own.push(shown);
      this.#played.push(shown);
      try {
        this.board.play(shown);
      } catch {
        this.#own.pop();
      }
      this.#feedback(`✓ Right. The reply was ${shown}: now finish it.`, 'right');
    }, REPLY_MS);
  }

  /**
   * An outcome puzzle's answer, judged by what the engine counts it
   * captures (in the analysis worker; the board waits for the verdict).
   * @param {Puzzle} p @param {string} move
   */
  async #answerOutcome(p, move) {
    const played = this.#played;
    this.#checking = true;
    this.#reviewer ??= new AnalysisClient();
    const asked = this.#reviewer.run({ type: 'captureOutcome', position: p.position, move }, () => {});
    // Said only when the count takes a while (the engine still loading).
    requestAnimationFrame(() => {
      if (this.#checking && this.#played === played) this.#feedback('The engine is counting what your move captures…', '');
    });
    let outcome;
    try {
      outcome = await asked;
    } catch (err) {
      this.#checking = false;
      if (this.#puzzle !== p || this.#played !== played) return;
      this.#feedback(`The engine could not check the move (${/** @type {Error} */ (err).message}). Try again.`, 'wrong');
      this.#played = [];
      this.board.load(p.position, []);
      return;
    }
    this.#checking = false;
    // The learner went on to another puzzle or try meanwhile.
    if (!outcome || this.#puzzle !== p || this.#played !== played) return;
    const verdict = judgeOutcome(outcome, p);
    if (verdict.right) return this.#solved();
    this.#wrong(p, [], `✗ ${verdict.text} Try again, or show the solution.`);
  }

  /**
   * An answer to one of the player's mistakes: the review's better move is
   * right at once; another is reviewed by the engine in its worker.
   * @param {import('./mistakes.js').Mistake} p @param {string} move
   */
  async #answerMistake(p, move) {
    const same = judgePuzzleMove(this.Game, p, move).right;
    if (!same) this.#feedback('The engine is reviewing your move…', '');
    this.#checking = true;
    this.#reviewer ??= new AnalysisClient();
    const reviewer = this.#reviewer;
    let verdict;
    try {
      verdict = await judgeMistake((position, moves) => reviewer.run({ type: 'review', position, moves }, () => {}), p, move, same);
    } catch (err) {
      this.#checking = false;
      this.#feedback(`The engine could not review the move (${/** @type {Error} */ (err).message}). Try again.`, 'wrong');
      this.#played = [];
      this.board.load(p.position, []);
      return;
    }
    this.#checking = false;
    if (this.#puzzle !== p) return;
    if (verdict.right) {
      this.#solved();
      return;
    }
    const article = /^[aeiou]/.test(verdict.class) ? 'an' : 'a';
    this.#wrong(p, [], `✗ The engine classes ${move} as ${article} ${verdict.class} here too. Try again, or show the solution.`);
  }

  /** A wrong answer: the streak ends, the position (after the moves `kept`) comes back for a retry. @param {Puzzle} p @param {string[]} kept @param {string} text */
  #wrong(p, kept, text) {
    this.#failedThis = true;
    this.#score.streak = 0;
    const change = this.#rate(false);
    if (!this.progress.failed.includes(p.id)) this.progress.failed.push(p.id);
    this.save();
    this.#stats(change);
    this.#feedback(text, 'wrong');
    this.#timer = window.setTimeout(() => {
      this.#played = kept;
      this.board.load(p.position, kept);
    }, RETRY_MS);
  }

  #solved() {
    const p = /** @type {Puzzle} */ (this.#puzzle);
    this.#done = true;
    const clean = !this.#failedThis;
    if (!this.progress.solved.includes(p.id)) this.progress.solved.push(p.id);
    const s = this.#score;
    if (clean) {
      s.streak += 1;
      s.best = Math.max(s.best, s.streak);
    }
    const change = clean ? this.#rate(true) : '';
    this.save();
    this.#stats(change);
    const others = byOutcome(p) ? outcomeText(p) : otherAnswersText(answerGroups(this.Game, p));
    this.#feedback(`✓ Solved!${clean ? '' : ' (after a miss: the streak starts again)'}${others ? ` ${others}` : ''}`, 'right');
    /** @type {HTMLButtonElement} */ ($('puzzle-next')).focus({ preventScroll: true });
  }

  /** Plays the expected line from the start, one move at a time. */
  #solution() {
    const p = this.#puzzle;
    if (!p) return;
    clearTimeout(this.#timer);
    const change = this.#done ? '' : this.#rate(false);
    this.#done = true;
    this.#failedThis = true;
    this.#score.streak = 0;
    this.save();
    this.#stats(change);
    this.board.load(p.position, []);
    // The other answers are named by move, one per group: the put-backs of
    // one capture are counted, not listed.
    const groups = answerGroups(this.Game, p);
    const mine = groups.find((g) => g.includes(p.line[0])) ?? [];
    const otherMoves = groups.filter((g) => g !== mine).map((g) => g[0]);
    const backs = mine.length > 1 && !byOutcome(p) ? ` The captured stones may go back elsewhere too (${mine.length} ways in all).` : '';
    const also = byOutcome(p)
      ? ` ${outcomeText(p)}`
      : otherMoves.length > 3
        ? ` ${otherMoves.length} other moves do as well.`
        : otherMoves.length
          ? ` Also accepted: ${otherMoves.join('; ')}.`
          : '';
    this.#feedback(`Solution: ${p.line.join(', then ')}.${backs}${also}`, '');
    const playNext = (/** @type {number} */ i) => {
      if (i >= p.line.length || this.#puzzle !== p) return;
      this.#own.push(p.line[i]);
      try {
        this.board.play(p.line[i]);
      } catch {
        this.#own.pop();
        return;
      }
      this.#timer = window.setTimeout(() => playNext(i + 1), SHOW_MS);
    };
    this.#timer = window.setTimeout(() => playNext(0), 300);
  }

  #advance() {
    const list = this.#list();
    if (!this.#puzzle || !list.length) return;
    this.#failedThis = false;
    this.#puzzle = this.#next(list, this.#puzzle);
    this.#show();
  }
}

function cap(/** @type {string} */ s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The position after `moves` from `position`, from the engine. */
function positionAfter(/** @type {GameClass} */ Game, /** @type {string} */ position, /** @type {string[]} */ moves) {
  const g = Game.load(position, moves);
  try {
    return g.position();
  } finally {
    g.free();
  }
}
