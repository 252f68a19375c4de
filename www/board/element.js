// <sowing-board>: the board component used by the app and by embedding sites.
// It owns one game (a wasm `Game`) and its public API (attributes, methods,
// events), animates moves, and hands the AI's turns to ai-turns.js. What the
// person at the board does is player-input.js's; what the board shows is
// board-view.js's. Attributes are read in options.js. It implements no rule.
import { loadEngine } from '../engine.js';
import { AiTurns, weakerLevels } from './ai-turns.js';
import { sowingFrames, playFrames } from './animate.js';
import { Painter } from './painter.js';
import { sheet } from './styles.js';
import { MoveFlow, applyChoices } from './flow.js';
import {
  RECORD_ATTRIBUTES,
  SAFETY_DEADLINE_MS,
  VIEW_ATTRIBUTES,
  errorDetail,
  flag,
  isRecordAttribute,
  notReady,
  readOptions,
  readRules,
  setRuleAttributes,
} from './options.js';
import { Flash, TEMPLATE } from './controls.js';
import { openLink, linkOf } from '../link/board-link.js';
import { BoardAnalysis, HINT_STRENGTH } from './analysis-view.js';
import { BoardView } from './board-view.js';
import { PlayerInput } from './player-input.js';
import { capital } from './describe.js';
import { VERSION } from './version.js';

/** @typedef {import('../pkg/sowboard.js').Game} Game */
/** @typedef {import('../pkg/sowboard.js').MoveInfo} MoveInfo */
/** @typedef {typeof import('../pkg/sowboard.js')} Engine */
/** @typedef {import('./board-view.js').BoardHost} BoardHost */
/** The events the element sends; www/types/widget.d.ts declares each with its
 * detail (tests/browser/widget-types.ts keeps the two the same).
 * @typedef {'ready' | 'move' | 'gameover' | 'error' | 'change' | 'thinking' | 'view' | 'refused' | 'build' | 'device'} BoardEvent */
/** @typedef {import('../types/widget.js').SowingBoardEventMap} EventMap */
/** The engine's outcome, its `reason` one of the five the rules name. @typedef {import('../types/widget.js').SowingOutcome} SowingOutcome */

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export class SowingBoard extends HTMLElement {
  static observedAttributes = [...RECORD_ATTRIBUTES, ...VIEW_ATTRIBUTES];

  /** @type {Engine | null} */ #engine = null;
  /** @type {Game | null} */ #game = null;
  /** @type {MoveFlow | null} */ #flow = null;
  /** @type {Record<string, any>} */ #els;
  /** @type {Painter} */ #painter;
  /** The `analysis` attribute's bar and threats, and `analyse()`. @type {BoardAnalysis} */ #analysis;
  /** @type {(() => void)[]} */ #unbind = [];
  #ai = new AiTurns({ onThinking: (on) => this.#onThinking(on), onDevice: (report) => this.#emit('device', report) });
  /** @type {number | null} */ #viewPly = null;
  /** The hinted move (not played). @type {MoveInfo | null} */ #hint = null;
  /** A position shown instead of the game's, with a move marked (analysis lines). @type {{board: Uint8Array, move: MoveInfo | null} | null} */ #preview =
    null;
  /** Cells marked as threatened (analysis). @type {string[]} */ #threatened = [];
  /** @type {{frame: any, cancel: () => void, byAi: boolean} | null} */ #anim = null;
  #reloadQueued = false;
  /** Bumped by `load`, so that a reload queued ahead of it does not undo it. */
  #reloadToken = 0;
  #reflecting = false;
  /** @type {Flash} */ #flash;
  /** The canvas, controls and spoken text. @type {BoardView} */ #view;
  /** What the person at the board does. @type {PlayerInput} */ #input;
  #seedBase = Math.floor(Math.random() * 2 ** 31);
  /** The game by link on this board (its id, names...), if any. @type {import('../link/board-link.js').LinkInfo | null} */ #link = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet];
    const tpl = document.createElement('template');
    tpl.innerHTML = TEMPLATE; // static markup only
    root.append(tpl.content.cloneNode(true));
    /** @param {string} s */
    const part = (s) => root.querySelector(s);
    this.#els = {
      canvas: part('canvas'),
      board: part('.board'),
      prompt: part('.prompt'),
      flash: part('.flash'),
      thinking: part('.thinking'),
      chooser: part('.chooser'),
      chooserLabel: part('.chooser .label'),
      build: part('.build'),
      stepper: part('.stepper'),
      stepperLabel: part('.stepper .label'),
      stepperInput: part('.stepper input'),
      replay: part('.replay'),
      counter: part('.counter'),
      live: part('.sr'),
      desc: part('#board-desc'),
    };
    this.#painter = new Painter(this.#els.canvas, this.#els.board, this);
    this.#flash = new Flash(this.#els.flash, this.#els.prompt);
    this.#analysis = new BoardAnalysis(/** @type {any} */ (this), this.#els.board);
    const board = this;
    /** @type {BoardHost} */
    const host = {
      element: this,
      els: this.#els,
      painter: this.#painter,
      flash: this.#flash,
      get game() {
        return board.#game;
      },
      get flow() {
        return board.#flow;
      },
      get viewPly() {
        return board.#viewPly;
      },
      get anim() {
        return board.#anim;
      },
      get hint() {
        return board.#hint;
      },
      get preview() {
        return board.#preview;
      },
      get threatened() {
        return board.#threatened;
      },
      options: () => this.#options(),
      aiPlays: (side) => this.#aiPlays(side),
      played: (info) => this.#afterMove(info, false, false),
      built: () => this.#built(),
      emit: (type, detail) => this.#emit(type, detail),
      view: /** @type {any} */ (null),
      input: /** @type {any} */ (null),
    };
    this.#view = host.view = new BoardView(host);
    this.#input = host.input = new PlayerInput(host);
  }

  connectedCallback() {
    /** @param {EventTarget} target @param {string} type @param {(e: any) => void} fn */
    const listen = (target, type, fn) => {
      target.addEventListener(type, fn);
      this.#unbind.push(() => target.removeEventListener(type, fn));
    };
    this.#unbind.push(this.#input.attach(listen));
    const resize = new ResizeObserver(() => this.#view.draw());
    resize.observe(this);
    this.#unbind.push(() => resize.disconnect());
    for (const query of ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)']) {
      listen(matchMedia(query), 'change', () => this.#view.draw());
    }
    if (this.#game) {
      // Moved to another place in the page: keep the game, carry on.
      this.#view.render();
      this.#maybeAi();
      return;
    }
    loadEngine().then(
      (engine) => {
        if (!this.isConnected || this.#game) return;
        this.#engine = engine;
        this.#reload();
        this.#reportProblems(); // bad values given from the start are reported too
        this.#syncAnalysis();
        this.#emit('ready', { position: this.position ?? '', moves: this.moves });
      },
      (err) => this.#emit('error', { code: err?.code ?? 'engine-load', message: `the game engine failed to load: ${err.message}` }),
    );
  }

  disconnectedCallback() {
    // Free everything this element started: listeners, observers, the AI worker.
    for (const off of this.#unbind.splice(0)) off();
    this.#ai.dispose();
    this.#analysis.set(false);
    this.#analysis.dispose();
    this.#stopAnimation();
    this.#flash.clear();
  }

  /** The `analysis` attribute: present (and not off/false/0/no) shows the bar and threats. */
  #syncAnalysis() {
    const v = this.getAttribute('analysis');
    const { analysisLevel, rules } = this.#options();
    this.#analysis.set(v != null && flag(v, true), { level: analysisLevel, rules });
  }

  /** @param {string} name @param {string | null} oldValue @param {string | null} value */
  attributeChangedCallback(name, oldValue, value) {
    if (!this.#engine || this.#reflecting || (oldValue === value && !isRecordAttribute(name))) return;
    if (isRecordAttribute(name)) {
      // Several attributes are often set in a row: reload once, afterwards.
      if (!this.#reloadQueued) {
        this.#reloadQueued = true;
        const token = this.#reloadToken;
        queueMicrotask(() => {
          this.#reloadQueued = false;
          if (token === this.#reloadToken) this.#reload();
        });
      }
      return;
    }
    if (name === 'ai' || name === 'level' || name === 'ai-time' || name === 'player') {
      this.#reportProblems();
      if (name === 'level') this.#syncAnalysis();
      this.#ai.cancel();
      this.#view.render();
      this.#maybeAi();
    } else if (name === 'analysis' || name === 'analysis-level') {
      if (name === 'analysis-level') this.#reportProblems();
      this.#syncAnalysis();
    } else if (name === 'readonly') {
      this.#viewPly = this.readonly ? 0 : null;
      this.#view.render();
      this.#maybeAi();
    } else {
      this.#view.draw();
    }
  }

  // ---- public API ---------------------------------------------------------

  /** The widget's version (the engine it loads must be the same). */
  static version = VERSION;
  get version() {
    return VERSION;
  }

  /** The current position string (live game, not the one under review). */
  get position() {
    return this.#game?.position() ?? null;
  }
  /** The moves played, in notation. */
  get moves() {
    return this.#game?.moves() ?? [];
  }
  /** The result ({winner, reason, description}) or null while the game runs.
   * @returns {SowingOutcome | null} */
  get outcome() {
    return /** @type {SowingOutcome | null} */ (this.#game?.outcome() ?? null);
  }
  /** The position the record starts from. */
  get startPosition() {
    return this.#game?.startPosition() ?? null;
  }
  /** Plies played. */
  get ply() {
    return this.#game?.ply ?? 0;
  }
  /** The side to move (`blue`/`red`/`white`/`black`). */
  get sideToMove() {
    return this.#game?.sideToMove() ?? null;
  }
  /** The game's two sides, the first to move first (from the engine; none until `ready`). */
  get sides() {
    return this.#game?.sides() ?? [];
  }
  /** Whether the AI is computing a move. */
  get thinking() {
    return this.#ai.thinking;
  }
  /** The levels that play weaker on this device in this board's game: their
   * node budgets would not end inside the safety deadline at the speed the
   * AI measured here (empty until the AI first plays on node budgets). */
  get weakerLevels() {
    return weakerLevels(this.getAttribute('game') || 'intermedium');
  }
  get readonly() {
    return this.hasAttribute('readonly');
  }
  get canRedo() {
    return this.#game?.canRedo() ?? false;
  }

  /** The side that played move `ply` (1 = the first move of the record).
   * @param {number} ply */
  sideAt(ply) {
    return this.#game?.moveAt(ply).side ?? '';
  }

  /** The ply on show (0 = start), or null when showing the live game. */
  get viewPly() {
    return this.#viewPly;
  }
  set viewPly(ply) {
    if (!this.#game) return;
    const g = this.#game;
    const n = g.ply;
    const before = this.#viewPly ?? n;
    // Anything but a number (NaN too) shows the live game, as null does.
    const v = typeof ply === 'number' ? ply : NaN;
    this.#viewPly = Number.isNaN(v) || (!this.readonly && v >= n) ? null : Math.max(0, Math.min(n, Math.trunc(v)));
    this.#flow?.cancel();
    this.#stopAnimation();
    const after = this.#viewPly ?? n;
    // One step forward replays that move's sowing; other jumps just show the position.
    if (after === before + 1)
      this.#animate(g.moveAt(after), false, () => {
        this.#anim = null;
        this.#view.render();
        this.#maybeAi();
      });
    this.#view.render();
    this.#emit('view', { ply: this.#viewPly });
    this.#maybeAi();
  }

  /** Plays a move in notation. Throws an Error with a `code` if it is illegal.
   * @param {string} move */
  play(move) {
    if (!this.#game) throw notReady();
    this.#ai.cancel();
    const info = this.#game.play(move);
    this.#afterMove(info, true, false);
    return info.move;
  }

  /** The move under way: the engine's build state, or null when no one can
   * move on the board at this point. */
  get building() {
    return this.#input.canInput() ? (this.#game?.build() ?? null) : null;
  }

  /** Makes `choices` (flow.js `Choice`s) on the move builder as the move
   * under way, dropping any other first (a lesson resuming a move half
   * made). Throws the engine's error, with nothing under way, if one is
   * refused; sends no `build` event. @param {import('./flow.js').Choice[]} choices */
  startBuild(choices) {
    const g = this.#game;
    if (!g || !this.#flow) throw notReady();
    this.#flow.cancel();
    try {
      applyChoices(g, choices);
    } catch (err) {
      this.#flow.cancel();
      throw err;
    } finally {
      this.#view.render();
    }
  }

  /** Takes back the last choice of the move under way (the Undo step button). */
  undoChoice() {
    if (this.#input.canInput()) this.#input.undoStep();
  }

  /** A choice made on the board that did not finish the move: a `build`
   * event with the engine's build state (lessons follow a move part by part). */
  #built() {
    const build = this.building;
    if (build) this.#emit('build', build);
  }

  /** Takes back the last ply; against the AI, back to the human's last turn. */
  undo() {
    const g = this.#game;
    if (!g || this.readonly) return false;
    this.#ai.cancel();
    const done = g.undo();
    while (done && this.#options().aiSides.length === 1 && this.#aiPlays(g.sideToMove()) && g.ply > 0) g.undo();
    if (done) this.#changed('undo');
    return done;
  }

  /** Replays what `undo` took back (both plies against the AI). */
  redo() {
    const g = this.#game;
    if (!g || this.readonly) return false;
    this.#ai.cancel();
    const done = g.redo();
    while (done && this.#options().aiSides.length === 1 && this.#aiPlays(g.sideToMove()) && g.canRedo()) g.redo();
    if (done) this.#changed('redo');
    return done;
  }

  /** Back to the start position of this game, with no moves. */
  reset() {
    const engine = this.#engine;
    if (!engine) return;
    this.#replaceGame(() => engine.Game.load(this.#game?.startPosition() ?? this.#startText(), [], this.#rules()));
  }

  /** Loads a position and moves at once (like setting both attributes). Throws on bad input.
   * @param {string} position @param {string[] | string} [moves] */
  load(position, moves = []) {
    if (!this.#engine) throw notReady();
    const game = this.#engine.Game.load(position, moves, this.#rules());
    this.#reloadToken++;
    this.#replaceGame(() => game);
  }

  /** Loads a game from its text record (start position line, then moves). Throws on bad input.
   * @param {string} text */
  importText(text) {
    if (!this.#engine) throw notReady();
    const game = this.#engine.Game.importText(text, this.#rules());
    this.#reloadToken++;
    this.#replaceGame(() => game);
  }

  /** The game as a text record (the start position, then one move per line). */
  exportText() {
    return this.#game?.exportText() ?? '';
  }

  /** Asks the engine for the best move for the side to move and shows it
   * (not played): the analysis's evaluation at the hint's strength
   * (`HINT_STRENGTH`, whatever level the AI plays), so the hint is the move
   * the analysis board and the review call best at that strength. Resolves
   * to the move, or null when the game is over or changed meanwhile. */
  async hint() {
    const g = this.#game,
      engine = this.#engine;
    if (!g || !engine || g.outcome()) return null;
    const position = g.startPosition(),
      moves = g.moves();
    const asked = `${position}|${moves.join(';')}`;
    this.#view.announce('Looking for the best move…');
    const found = await this.#analysis.hint({ position, moves, rules: this.#rules() });
    if (!found || this.#game !== g || `${g.startPosition()}|${g.moves().join(';')}` !== asked) return null;
    const probe = engine.Game.load(g.position(), [found.best], this.#rules());
    this.#hint = probe.lastMove();
    probe.free();
    this.#view.render();
    this.#view.announce(`Hint (level ${HINT_STRENGTH.level} search): ${found.best}`);
    return found.best;
  }

  /** Loads a game by link (a fragment `#l=1&...`, see docs/web-app.md, "Play
   * a friend by link"): the engine replays its moves, the last one is animated, and
   * `player` becomes the side that did not send it. Throws an Error with
   * code `bad-link` naming what is wrong; nothing changes then.
   * @param {string} fragment */
  loadLink(fragment) {
    if (!this.#engine) throw notReady();
    const { game, rules, info } = openLink(this.#engine, fragment);
    setRuleAttributes(this, rules);
    this.#reloadToken++;
    this.#replaceGame(() => game);
    this.#link = info;
    const last = game.lastMove();
    if (last)
      this.#animate(last, false, () => {
        this.#anim = null;
        this.#view.render();
      });
    this.setAttribute('player', game.sides()[1 - info.sender]);
    return { ...info, player: game.sides()[1 - info.sender] };
  }

  /** The link to send after a move: the game on the board, sent by the side
   * that moved last (with the id and names of the link loaded, if any).
   * @param {{names?: [string, string], end?: 'resign' | 'agree' | null, drawOffer?: boolean}} [extra] */
  link(extra = {}) {
    if (!this.#engine || !this.#game) throw notReady();
    const info = linkOf(this.#engine, this.#game, this.#link, extra);
    this.#link = info.link;
    return info.fragment;
  }

  /** Shows `position` (a position string) with `move` marked on it, as the
   * hint is, instead of the game; `preview(null)` shows the game again. For
   * the analysis board's line; the record is not touched. Throws on a bad
   * position or move (nothing changes then).
   * @param {string | null} position @param {string | null} [move] */
  preview(position, move = null) {
    let next = null;
    if (position != null && this.#engine) {
      const probe = this.#engine.Game.load(position, move ? [move] : [], this.#rules());
      next = { board: probe.boardAt(0), move: move ? probe.lastMove() : null };
      probe.free();
    }
    this.#preview = next;
    this.#view.render();
  }

  /** Cells marked as threatened on the board (analysis: stacks and the city
   * the side not to move could capture next); [] for none. @param {string[]} cells */
  set threatened(cells) {
    this.#threatened = [...cells];
    this.#view.draw();
  }
  get threatened() {
    return [...this.#threatened];
  }

  /** The engine's analysis of the position on show, from the analysis
   * worker: a Promise of `{best, score, pv, depth, nodes}` (the wasm API's
   * `Analysis`), null once the game is over there or when a later call
   * stopped this one. `level` 1-8 (default 8) or `nodes`; `onReport` gets
   * each deeper pass as it comes.
   * @param {{level?: number, nodes?: number, onReport?: (a: import('../pkg/sowboard.js').Analysis) => void}} [options] */
  analyse(options) {
    if (!this.#game) return Promise.reject(notReady());
    return this.#analysis.analyse(options);
  }

  /** Where a cell (`c4`) is on screen, in viewport coordinates (for tests and
   * for sites that point at cells); null until the first draw, or off the board.
   * @param {string} name */
  cellRect(name) {
    return this.#painter.cellRect(name);
  }

  // ---- record ---------------------------------------------------------------

  #options() {
    return readOptions((name) => this.getAttribute(name), this.sides);
  }

  #rules() {
    return readRules((name) => this.getAttribute(name));
  }

  #startText() {
    return /** @type {Engine} */ (this.#engine).startPosition(this.getAttribute('game') || 'intermedium');
  }

  #reload() {
    const engine = /** @type {Engine} */ (this.#engine);
    const position = this.getAttribute('position');
    const moves = this.getAttribute('moves') ?? '';
    this.#replaceGame(() => engine.Game.load(position || this.#startText(), moves, this.#rules()));
  }

  /** Swaps in a new game; on failure keeps the old one (or a fresh game) and reports.
   * @param {() => Game} make */
  #replaceGame(make) {
    const engine = /** @type {Engine} */ (this.#engine);
    let game;
    try {
      game = make();
    } catch (err) {
      this.#emit('error', errorDetail(err));
      if (this.#game) return;
      try {
        game = new engine.Game(this.getAttribute('game') || 'intermedium');
      } catch {
        game = new engine.Game('intermedium');
      }
    }
    this.#game?.free();
    this.#game = game;
    this.#link = null; // another game: a link's id no longer applies (loadLink sets it again)
    // A new game gets new AI seeds: replaying the same moves must not meet
    // exactly the same answers game after game.
    this.#seedBase = Math.floor(Math.random() * 2 ** 31);
    this.#flow = new MoveFlow(game);
    // The game attribute follows the game shown (the styles depend on it);
    // reflecting it must not trigger a reload.
    if (this.getAttribute('game') !== game.gameName) {
      this.#reflecting = true;
      try {
        this.setAttribute('game', game.gameName);
      } finally {
        this.#reflecting = false;
      }
    }
    this.#viewPly = this.readonly ? 0 : null;
    this.#changed('load');
  }

  /** After any change of the record other than a move. @param {'undo' | 'redo' | 'load'} kind */
  #changed(kind) {
    const g = /** @type {Game} */ (this.#game);
    this.#ai.cancel();
    this.#analysis.cancelHint();
    this.#stopAnimation();
    this.#flow?.cancel();
    this.#hint = null;
    this.#preview = null;
    if (kind !== 'load' && this.readonly) this.#viewPly = g.ply;
    this.#view.render();
    this.#emit('change', { kind, position: g.position(), moves: g.moves() });
    this.#maybeAi();
  }

  /** @param {MoveInfo} info @param {boolean} animate @param {boolean} byAi */
  #afterMove(info, animate, byAi) {
    const g = /** @type {Game} */ (this.#game);
    this.#ai.cancel();
    this.#analysis.cancelHint(); // a hint asked for the last position is void
    this.#stopAnimation();
    this.#flow?.cancel();
    this.#hint = null;
    this.#preview = null;
    if (this.readonly) this.#viewPly = g.ply;
    this.#view.announce(
      `${capital(info.side)} played ${info.move}${info.captured.length ? `, capturing ${info.captured.join(' ')}` : ''}.` +
        (info.outcome ? ` ${info.outcome.description}.` : ''),
    );
    const detail = { move: info.move, position: info.position };
    const finish = () => {
      this.#anim = null;
      this.#view.render();
      this.#maybeAi();
    };
    if (!(animate && this.#animate(info, byAi, finish))) finish();
    this.#emit('move', detail);
    this.#emit('change', { kind: 'move', position: g.position(), moves: g.moves() });
    if (info.outcome) this.#emit('gameover', /** @type {SowingOutcome} */ (info.outcome));
  }

  /** Animates a recorded move unless animation is off; `done` runs at its
   * end. Returns whether an animation started.
   * @param {MoveInfo} info @param {boolean} byAi @param {() => void} done */
  #animate(info, byAi, done) {
    const options = this.#options();
    if (!options.animation || reducedMotion()) return false;
    const g = /** @type {Game} */ (this.#game);
    const frames = sowingFrames(g.boardAt(info.ply - 1), info, g.files);
    const anim = { frame: frames[0], cancel: () => {}, byAi };
    this.#anim = anim;
    anim.cancel = playFrames(frames, {
      msPerFrame: options.msPerFrame,
      show: (/** @type {any} */ frame) => {
        if (this.#anim) {
          this.#anim.frame = frame;
          this.#view.draw();
        }
      },
      done,
    });
    this.#view.render();
    return true;
  }

  /** Stops a running animation; the caller redraws. */
  #stopAnimation() {
    this.#anim?.cancel();
    this.#anim = null;
  }

  // ---- AI ---------------------------------------------------------------------

  /** Reports unusable `ai`/`level` values (the board then plays without / at level 3). */
  #reportProblems() {
    for (const message of this.#options().problems) this.#emit('error', { code: 'bad-attribute', message });
  }

  /** @param {string} side */
  #aiPlays(side) {
    return this.#options().aiSides.includes(side);
  }

  /** @param {number} level */
  #aiRequest(level) {
    const g = /** @type {Game} */ (this.#game);
    const { budgetMs, timeGiven, game } = this.#options();
    return {
      position: g.startPosition(),
      moves: g.moves(),
      rules: this.#rules(),
      level,
      seed: (this.#seedBase + g.ply * 7919) % 2 ** 31,
      budgetMs,
      // On node budgets, a level whose budget this device cannot search
      // inside the safety deadline plays on what fits (`ai-time` is a clock
      // the site owner chose instead).
      device: timeGiven ? undefined : { game, deadlines: SAFETY_DEADLINE_MS },
    };
  }

  #maybeAi() {
    const g = this.#game;
    if (!g || !this.isConnected || this.readonly || this.#viewPly != null || this.#anim || this.#ai.thinking) return;
    if (g.outcome() || !this.#aiPlays(g.sideToMove())) return;
    // A short pause so that an AI-vs-AI game can be followed by eye.
    const delay = this.#options().aiSides.length === 2 ? 350 : 0;
    this.#ai.schedule(() => this.#runAi(), delay);
  }

  async #runAi() {
    const g = this.#game;
    if (!g) return;
    try {
      const move = await this.#ai.ask(this.#aiRequest(this.#options().level));
      if (move && this.#game === g) this.#afterMove(g.play(move), true, true);
    } catch (err) {
      this.#emit('error', { code: /** @type {any} */ (err)?.code ?? 'ai-failed', message: `AI: ${errorDetail(err).message}` });
    }
  }

  /** @param {boolean} on */
  #onThinking(on) {
    this.#els.thinking.hidden = !on;
    if (this.#game) this.#view.renderControls();
    this.#emit('thinking', { thinking: on });
  }

  /** Events go out after the current update has finished (never mid-update).
   * @template {BoardEvent} K @param {K} type @param {EventMap[K]['detail']} detail */
  #emit(type, detail) {
    setTimeout(() => this.dispatchEvent(new CustomEvent(type, { detail })), 0);
  }
}
