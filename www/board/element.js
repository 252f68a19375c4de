// <sowing-board>: the board component used by the app and by embedding sites.
// It owns one game (a wasm `Game`), draws it, passes clicks to the move
// builder (flow.js), animates moves, and hands the AI's turns to ai-turns.js.
// Attributes are read in options.js. It implements no rule itself.
import { loadEngine } from '../engine.js';
import { AiTurns } from './ai-turns.js';
import { sowingFrames, playFrames } from './animate.js';
import { attachInput } from './input.js';
import { cellName, parseCell } from './layout.js';
import { Painter } from './painter.js';
import { sheet } from './styles.js';
import { marksFor } from './marks.js';
import { MoveFlow, applyChoices } from './flow.js';
import { RECORD_ATTRIBUTES, VIEW_ATTRIBUTES, flag, notReady, readOptions, readRules } from './options.js';
import { Flash, TEMPLATE, chooserKey, promptFor, renderControls } from './controls.js';
import { openLink, linkOf } from '../link/board-link.js';
import { BoardAnalysis } from './analysis-view.js';
import { capital, describeBoard, describeCell } from './describe.js';
import { VERSION } from './version.js';

/** @typedef {import('../pkg/sowboard.js').Game} Game */
/** @typedef {import('../pkg/sowboard.js').MoveInfo} MoveInfo */
/** @typedef {typeof import('../pkg/sowboard.js')} Engine */

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
/** How long a refused click's reason stays on show. */
const FLASH_MS = 2600;

/** @param {any} err @returns {{code: string, message: string}} */
const errorDetail = (err) => ({ code: err?.code ?? 'bad-argument', message: err?.message ?? String(err) });

export class SowingBoard extends HTMLElement {
  static observedAttributes = [...RECORD_ATTRIBUTES, ...VIEW_ATTRIBUTES];

  /** @type {Engine | null} */ #engine = null;
  /** @type {Game | null} */ #game = null;
  /** @type {MoveFlow | null} */ #flow = null;
  /** @type {Record<string, any>} */ #els;
  /** @type {Painter} */ #painter;
  /** The `analysis` attribute's bar and threats, and `analyse()`. @type {BoardAnalysis} */ #analysis;
  /** @type {(() => void)[]} */ #unbind = [];
  #ai = new AiTurns({ onThinking: (on) => this.#onThinking(on) });
  /** @type {number | null} */ #viewPly = null;
  /** @type {{file: number, rank: number} | null} */ #focus = null;
  /** The cursor is drawn only while the keyboard is in use. */
  #keyboard = false;
  /** The hinted move (not played). @type {MoveInfo | null} */ #hint = null;
  /** A position shown instead of the game's, with a move marked (analysis lines). @type {{board: Uint8Array, move: MoveInfo | null} | null} */ #preview = null;
  /** Cells marked as threatened (analysis). @type {string[]} */ #threatened = [];
  /** @type {{frame: any, cancel: () => void, byAi: boolean} | null} */ #anim = null;
  #reloadQueued = false;
  /** Bumped by `load`, so that a reload queued before it does not undo it. */
  #reloadToken = 0;
  #reflecting = false;
  /** @type {Flash} */ #flash;
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
    const $ = (s) => root.querySelector(s);
    this.#els = {
      canvas: $('canvas'), board: $('.board'), prompt: $('.prompt'), flash: $('.flash'), thinking: $('.thinking'),
      chooser: $('.chooser'), chooserLabel: $('.chooser .label'), build: $('.build'),
      stepper: $('.stepper'), stepperLabel: $('.stepper .label'), stepperInput: $('.stepper input'),
      replay: $('.replay'), counter: $('.counter'), live: $('.sr'), desc: $('#board-desc'),
    };
    this.#painter = new Painter(this.#els.canvas, this.#els.board, this);
    this.#flash = new Flash(this.#els.flash, this.#els.prompt);
    this.#analysis = new BoardAnalysis(/** @type {any} */ (this), this.#els.board);
  }

  connectedCallback() {
    const { canvas } = this.#els;
    /** @param {EventTarget} target @param {string} type @param {(e: any) => void} fn */
    const listen = (target, type, fn) => {
      target.addEventListener(type, fn);
      this.#unbind.push(() => target.removeEventListener(type, fn));
    };
    this.#unbind.push(attachInput(canvas, {
      hit: (x, y, inner) => this.#painter.hit(x, y, inner),
      // A press that is refused ends the gesture: a drag from the wrong cell chooses nothing.
      press: (cell) => this.#onGesture(cell, (name) => this.#flow?.enter(name) ?? {}, false, true),
      enter: (cell, again) => this.#onGesture(cell, (name) => this.#flow?.enter(name, again) ?? {}, true),
      release: (cell, dragged) => {
        if (dragged && cell) this.#onGesture(cell, (name) => this.#flow?.release(name) ?? {}, true);
      },
      key: (key) => this.#onKey(key),
    }));
    listen(/** @type {ShadowRoot} */ (this.shadowRoot), 'click', (e) => {
      const button = e.target.closest?.('button');
      if (button?.dataset.act) this.#onAction(button.dataset.act, button);
    });
    listen(this.#els.chooser, 'keydown', (e) => this.#onChooserKey(e));
    // The stepper: typed digits, arrows (the input's own), the wheel, Enter.
    const { stepperInput } = this.#els;
    listen(stepperInput, 'input', () => { this.#flow?.setCount(stepperInput.valueAsNumber); this.#render(); });
    // A tap on the count selects it: the digits typed replace it. WebKit
    // (Safari) drops a selection made on focus when the button comes up, so
    // the first mouseup after the focus keeps it.
    let keepSelection = false;
    listen(stepperInput, 'focus', () => { stepperInput.select(); keepSelection = true; });
    listen(stepperInput, 'mouseup', (e) => {
      if (keepSelection) { e.preventDefault(); stepperInput.select(); }
      keepSelection = false;
    });
    listen(stepperInput, 'keydown', (e) => {
      keepSelection = false;
      if (e.key === 'Enter') { e.preventDefault(); this.#pickCount(); }
      else if (e.key === 'Escape') { e.preventDefault(); this.#cancelMove(); }
    });
    // The wheel over the stepper, or over the board while the count is open.
    for (const target of [this.#els.stepper, canvas]) {
      listen(target, 'wheel', (e) => {
        if (this.#flow?.count == null || !this.#canInput()) return;
        e.preventDefault();
        this.#flow.stepCount(e.deltaY < 0 ? 1 : -1);
        this.#render();
      });
    }
    listen(this.#els.build, 'keydown', (e) => { if (e.key === 'Escape') this.#cancelMove(); });
    // The keyboard cursor shows as soon as the board has the keyboard focus.
    listen(canvas, 'focus', () => {
      if (!canvas.matches(':focus-visible')) return;
      this.#keyboard = true;
      this.#focus ??= this.#firstFocus();
      this.#announceCursor();
      this.#draw();
    });
    const resize = new ResizeObserver(() => this.#draw());
    resize.observe(this);
    this.#unbind.push(() => resize.disconnect());
    for (const query of ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)']) {
      listen(matchMedia(query), 'change', () => this.#draw());
    }
    if (this.#game) {
      // Moved to another place in the page: keep the game, carry on.
      this.#render();
      this.#maybeAi();
      return;
    }
    loadEngine().then((engine) => {
      if (!this.isConnected || this.#game) return;
      this.#engine = engine;
      this.#reload();
      this.#reportProblems(); // bad values given from the start are reported too
      this.#syncAnalysis();
      this.#emit('ready', { position: this.position, moves: this.moves });
    }, (err) => this.#emit('error', { code: err?.code ?? 'engine-load', message: `the game engine failed to load: ${err.message}` }));
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
    if (!this.#engine || this.#reflecting || (oldValue === value && !RECORD_ATTRIBUTES.includes(name))) return;
    if (RECORD_ATTRIBUTES.includes(name)) {
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
      this.#render();
      this.#maybeAi();
    } else if (name === 'analysis' || name === 'analysis-level') {
      if (name === 'analysis-level') this.#reportProblems();
      this.#syncAnalysis();
    } else if (name === 'readonly') {
      this.#viewPly = this.readonly ? 0 : null;
      this.#render();
      this.#maybeAi();
    } else {
      this.#draw();
    }
  }

  // ---- public API ---------------------------------------------------------

  /** The widget's version (the engine it loads must be the same). */
  static version = VERSION;
  get version() { return VERSION; }

  /** The current position string (live game, not the one under review). */
  get position() { return this.#game?.position() ?? null; }
  /** The moves played, in notation. */
  get moves() { return this.#game?.moves() ?? []; }
  /** The result ({winner, reason, description}) or null while the game runs. */
  get outcome() { return this.#game?.outcome() ?? null; }
  /** The position the record starts from. */
  get startPosition() { return this.#game?.startPosition() ?? null; }
  /** Plies played. */
  get ply() { return this.#game?.ply ?? 0; }
  /** The side to move (`blue`/`red`/`white`/`black`). */
  get sideToMove() { return this.#game?.sideToMove() ?? null; }
  /** The game's two sides, the first to move first (from the engine; none before `ready`). */
  get sides() { return this.#game?.sides() ?? []; }
  /** Whether the AI is computing a move. */
  get thinking() { return this.#ai.thinking; }
  get readonly() { return this.hasAttribute('readonly'); }
  get canRedo() { return this.#game?.canRedo() ?? false; }

  /** The side that played move `ply` (1 = the first move of the record).
   * @param {number} ply */
  sideAt(ply) { return this.#game?.moveAt(ply).side ?? ''; }

  /** The ply on show (0 = start), or null when showing the live game. */
  get viewPly() { return this.#viewPly; }
  set viewPly(ply) {
    if (!this.#game) return;
    const g = this.#game;
    const n = g.ply;
    const before = this.#viewPly ?? n;
    this.#viewPly = ply == null || (!this.readonly && ply >= n) ? null : Math.max(0, Math.min(n, Math.trunc(ply)));
    this.#flow?.cancel();
    this.#stopAnimation();
    const after = this.#viewPly ?? n;
    // One step forward replays that move's sowing; other jumps just show the position.
    if (after === before + 1) this.#animate(g.moveAt(after), false, () => { this.#anim = null; this.#render(); this.#maybeAi(); });
    this.#render();
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
   * move on the board now. */
  get building() { return this.#canInput() ? this.#game?.build() ?? null : null; }

  /** Makes `choices` (flow.js `Choice`s) on the move builder as the move
   * under way, dropping any other first (a lesson resuming a move half
   * made). Throws the engine's error, with nothing under way, if one is
   * refused; sends no `build` event. @param {import('./flow.js').Choice[]} choices */
  startBuild(choices) {
    const g = this.#game;
    if (!g || !this.#flow) throw notReady();
    this.#flow.cancel();
    try { applyChoices(g, choices); } catch (err) { this.#flow.cancel(); throw err; } finally { this.#render(); }
  }

  /** Takes back the last choice of the move under way (the Undo step button). */
  undoChoice() {
    if (this.#canInput()) this.#undoStep();
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

  /** Asks the AI for a suggestion for the side to move and shows it (not played). */
  async hint() {
    const g = this.#game, engine = this.#engine;
    if (!g || !engine || g.outcome()) return null;
    const move = await this.#ai.ask(this.#aiRequest(Math.max(3, this.#options().level)));
    if (!move || this.#game !== g) return null;
    const probe = engine.Game.load(g.position(), [move], this.#rules());
    this.#hint = probe.lastMove();
    probe.free();
    this.#render();
    this.#announce(`Hint: ${move}`);
    return move;
  }

  /** Loads a game by link (a fragment `#l=1&...`, see README "Play a friend
   * by link"): the engine replays its moves, the last one is animated, and
   * `player` becomes the side that did not send it. Throws an Error with
   * code `bad-link` naming what is wrong; nothing changes then.
   * @param {string} fragment */
  loadLink(fragment) {
    if (!this.#engine) throw notReady();
    const { game, rules, info } = openLink(this.#engine, fragment);
    this.setAttribute('first-move-rule', rules.firstMoveRule ? 'on' : 'off');
    this.setAttribute('repetition-draw', rules.repetitionDraw ? 'on' : 'off');
    this.setAttribute('quiet-limit', String(rules.quietLimit));
    this.#reloadToken++;
    this.#replaceGame(() => game);
    this.#link = info;
    const last = game.lastMove();
    if (last) this.#animate(last, false, () => { this.#anim = null; this.#render(); });
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
    this.#render();
  }

  /** Cells marked as threatened on the board (analysis: stacks and the city
   * the side not to move could capture now); [] for none. @param {string[]} cells */
  set threatened(cells) { this.#threatened = [...cells]; this.#draw(); }
  get threatened() { return [...this.#threatened]; }

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
   * for sites that point at cells); null before the first draw or off the board.
   * @param {string} name */
  cellRect(name) { return this.#painter.cellRect(name); }

  // ---- record ---------------------------------------------------------------

  #options() {
    return readOptions((name) => this.getAttribute(name), this.sides);
  }

  #rules() { return readRules((name) => this.getAttribute(name)); }

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
      try { game = new engine.Game(this.getAttribute('game') || 'intermedium'); } catch { game = new engine.Game('intermedium'); }
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
      try { this.setAttribute('game', game.gameName); } finally { this.#reflecting = false; }
    }
    this.#viewPly = this.readonly ? 0 : null;
    this.#changed('load');
  }

  /** After any change of the record other than a move. @param {string} kind */
  #changed(kind) {
    const g = /** @type {Game} */ (this.#game);
    this.#ai.cancel();
    this.#stopAnimation();
    this.#flow?.cancel();
    this.#hint = null;
    this.#preview = null;
    if (kind !== 'load' && this.readonly) this.#viewPly = g.ply;
    this.#render();
    this.#emit('change', { kind, position: this.position, moves: this.moves });
    this.#maybeAi();
  }

  /** @param {MoveInfo} info @param {boolean} animate @param {boolean} byAi */
  #afterMove(info, animate, byAi) {
    const g = /** @type {Game} */ (this.#game);
    this.#ai.cancel(); // a hint asked for the position before is void
    this.#stopAnimation();
    this.#flow?.cancel();
    this.#hint = null;
    this.#preview = null;
    if (this.readonly) this.#viewPly = g.ply;
    this.#announce(`${capital(info.side)} played ${info.move}${info.captured.length ? `, capturing ${info.captured.join(' ')}` : ''}.`
      + (info.outcome ? ` ${info.outcome.description}.` : ''));
    const detail = { move: info.move, position: info.position };
    const finish = () => {
      this.#anim = null;
      this.#render();
      this.#maybeAi();
    };
    if (!(animate && this.#animate(info, byAi, finish))) finish();
    this.#emit('move', detail);
    this.#emit('change', { kind: 'move', position: this.position, moves: this.moves });
    if (info.outcome) this.#emit('gameover', info.outcome);
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
      show: (/** @type {any} */ frame) => { if (this.#anim) { this.#anim.frame = frame; this.#draw(); } },
      done,
    });
    this.#render();
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
  #aiPlays(side) { return this.#options().aiSides.includes(side); }

  /** @param {number} level */
  #aiRequest(level) {
    const g = /** @type {Game} */ (this.#game);
    const budgetMs = this.#options().budgetMs;
    return {
      position: g.startPosition(),
      moves: g.moves(),
      rules: this.#rules(),
      level,
      seed: (this.#seedBase + g.ply * 7919) % 2 ** 31,
      budgetMs,
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
    if (this.#game) this.#renderControls();
    this.#emit('thinking', { thinking: on });
  }

  // ---- input ------------------------------------------------------------------

  /** Why the person at the board cannot choose now, or null when they can. */
  #whyNoInput() {
    const g = this.#game;
    if (!g) return 'The board is still loading.';
    if (this.readonly) return this.#viewPly != null && this.#viewPly < g.ply ? 'This is a replay: use › to step through it.' : 'This is a replay.';
    if (this.#viewPly != null) return `You are looking back at move ${this.#viewPly}: press » to go back to the game.`;
    if (this.#anim) return this.#anim.byAi ? 'The AI is moving: wait for your turn.' : 'Wait for the move to finish.';
    if (g.outcome()) return 'The game is over.';
    if (this.#aiPlays(g.sideToMove())) return this.#ai.thinking ? 'The AI is thinking: wait for its move.' : 'It is the AI’s turn.';
    const player = this.#options().player;
    if (player && g.sideToMove() !== player) return 'It is your friend’s turn: wait for their link.';
    return null;
  }

  #canInput() { return this.#whyNoInput() == null; }

  /** Shows a short reason under the board for a while (and tells screen readers).
   * @param {string} text */
  #flashReason(text) {
    this.#flash.show(text, FLASH_MS);
    this.#announce(text);
  }

  /** A refused choice on `cell`: its reason on show, and a `refused` event
   * with the engine's code and message when it gave them (the lessons
   * explain from them). @param {string} cell @param {import('./flow.js').Outcome} outcome */
  #refuse(cell, { refused, code, message }) {
    this.#flashReason(refused ?? '');
    this.#emit('refused', { cell, reason: refused, code: code ?? null, message: message ?? null });
  }

  /** @param {{file: number, rank: number}} cell @param {boolean} [byKeyboard] */
  #onCell({ file, rank }, byKeyboard = false) {
    this.#focus = { file, rank };
    this.#keyboard = byKeyboard;
    const why = this.#whyNoInput();
    if (why) {
      this.#render();
      if (why !== 'This is a replay.') this.#flashReason(why);
      return;
    }
    const name = cellName(file, rank);
    const flow = /** @type {MoveFlow} */ (this.#flow);
    this.#flash.clear();
    let chosen = false;
    try {
      const outcome = flow.click(name);
      const { moved, refused } = outcome;
      if (refused) this.#refuse(name, outcome);
      if (moved) this.#afterMove(moved, false, false);
      chosen = !moved && !refused;
    } catch (err) {
      this.#emit('error', errorDetail(err));
    }
    this.#render();
    // A choice that did not finish the move is said with what comes next; a
    // finished move is said once, by #afterMove.
    if (chosen) { this.#announce(`${name}. ${this.#els.prompt.textContent}`); this.#built(); }
  }

  /**
   * One part of a pointer gesture on a cell (see input.js); false ends the
   * gesture (input not possible now, or the move was played).
   * @param {{file: number, rank: number}} cell
   * @param {(name: string) => import('./flow.js').Outcome} act
   * @param {boolean} [quiet] no reason shown when input is not possible
   * @param {boolean} [endIfRefused] a refused choice ends the gesture
   */
  #onGesture({ file, rank }, act, quiet = false, endIfRefused = false) {
    this.#focus = { file, rank };
    this.#keyboard = false;
    const why = this.#whyNoInput();
    if (why) {
      this.#render();
      if (!quiet && why !== 'This is a replay.') this.#flashReason(why);
      return false;
    }
    let going = true, chosen = false;
    const sowing = this.#flow?.build().stage === 'step';
    try {
      const outcome = act(cellName(file, rank));
      const { moved, refused } = outcome;
      // The sowing is over: the same drag goes on to put no captured stone back.
      if (sowing && this.#flow?.build().stage === 'place') going = false;
      if (refused) this.#refuse(cellName(file, rank), outcome);
      else this.#flash.clear();
      if (refused && endIfRefused) going = false;
      if (moved) { going = false; this.#afterMove(moved, false, false); }
      chosen = !moved && !refused;
    } catch (err) {
      going = false;
      this.#emit('error', errorDetail(err));
    }
    this.#render();
    if (chosen) { this.#announce(`${cellName(file, rank)}. ${this.#els.prompt.textContent}`); this.#built(); }
    return going;
  }

  /** @param {number} n */
  #choose(n) {
    const flow = this.#flow;
    if (!flow || !this.#canInput()) return;
    try {
      const { moved } = flow.choose(n);
      if (moved) this.#afterMove(moved, false, false);
      else { this.#render(); this.#announce(`${n}. ${this.#els.prompt.textContent}`); this.#built(); }
    } catch (err) {
      this.#emit('error', errorDetail(err));
    }
    this.#render();
  }

  /** The stepper's count is picked up (its button, or Enter in it). */
  #pickCount() {
    const flow = this.#flow;
    if (!flow || !this.#canInput()) return;
    try {
      const { moved } = flow.pickCount();
      if (moved) this.#afterMove(moved, false, false);
      else { this.#render(); this.#announce(this.#els.prompt.textContent); this.#built(); }
    } catch (err) {
      this.#emit('error', errorDetail(err));
    }
    this.#render();
  }

  #undoStep() {
    this.#flow?.undoStep();
    // Back to the pick-up count: pointer players get the stepper again.
    if (!this.#keyboard && this.#flow?.build().stage === 'count') this.#flow.setCount(Infinity);
    this.#render();
    this.#built();
  }

  #cancelMove() {
    this.#flow?.cancel();
    this.#render();
    this.#built();
    if (this.#keyboard) this.#els.canvas.focus();
  }

  /** The first cell for the keyboard cursor: a stack the player may move, else a1. */
  #firstFocus() {
    const origin = this.#canInput() ? this.#flow?.build().origins[0] : null;
    return (origin && parseCell(origin)) || { file: 0, rank: 0 };
  }

  /** @param {string} key */
  #onKey(key) {
    const g = this.#game;
    if (!g) return;
    if (key === 'Escape') { this.#cancelMove(); return; }
    if (key === 'Backspace') { if (this.#canInput()) this.#undoStep(); return; }
    if (key === 'Enter' || key === ' ') {
      this.#focus ??= this.#firstFocus();
      this.#onCell(this.#focus, true);
      return;
    }
    const flip = this.#options().flipped ? -1 : 1;
    const delta = /** @type {Record<string, number[]>} */ ({ ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] })[key];
    if (!delta) return;
    this.#keyboard = true;
    const f = this.#focus ?? this.#firstFocus();
    this.#focus = {
      file: Math.max(0, Math.min(g.files - 1, f.file + delta[0] * flip)),
      rank: Math.max(0, Math.min(g.ranks - 1, f.rank + delta[1] * flip)),
    };
    this.#announceCursor();
    this.#draw();
  }

  /** The number chooser by keyboard: arrows and digits move among the
   * numbers, Enter takes one (the button's own click), Escape cancels the
   * move, Backspace undoes a step. @param {KeyboardEvent} e */
  #onChooserKey(e) {
    if (e.key === 'Escape') { e.preventDefault(); this.#cancelMove(); return; }
    if (e.key === 'Backspace') { e.preventDefault(); this.#undoStep(); this.#els.canvas.focus(); return; }
    const buttons = /** @type {HTMLButtonElement[]} */ ([...this.#els.chooser.querySelectorAll('button')]);
    const at = buttons.indexOf(/** @type {any} */ (this.shadowRoot?.activeElement));
    const next = chooserKey(e.key, at, buttons.map((b) => Number(b.dataset.n)), Date.now());
    if (next == null) return;
    e.preventDefault();
    buttons[next]?.focus();
  }

  /** @param {string} act @param {HTMLElement} button */
  #onAction(act, button) {
    const g = this.#game;
    if (!g) return;
    if (act === 'undo-step') this.#undoStep();
    else if (act === 'cancel') this.#cancelMove();
    else if (act === 'choose') {
      this.#choose(Number(button.dataset.n));
      if (this.#keyboard) this.#els.canvas.focus(); // back to the board for the next cell
    }
    else if (act === 'count-up' || act === 'count-down') {
      if (this.#canInput()) this.#flow?.stepCount(act === 'count-up' ? 1 : -1);
      this.#render();
    }
    else if (act === 'count-ok') this.#pickCount();
    else if (act === 'first') this.viewPly = 0;
    else if (act === 'prev') this.viewPly = (this.#viewPly ?? g.ply) - 1;
    else if (act === 'next') this.viewPly = (this.#viewPly ?? g.ply) + 1;
    else if (act === 'last') this.viewPly = this.readonly ? g.ply : null;
  }

  // ---- drawing --------------------------------------------------------------------

  /** Full update: controls and text, then the canvas. */
  #render() {
    this.#renderControls();
    this.#draw();
  }

  #draw() {
    const g = this.#game;
    if (!g) return;
    const { coordinates, flipped } = this.#options();
    this.#painter.draw({ files: g.files, ranks: g.ranks, board: this.#boardOnShow(), sides: g.sides(), cities: g.cities(), marks: this.#marks(), coordinates, flipped });
  }

  #boardOnShow() {
    const g = /** @type {Game} */ (this.#game);
    if (this.#anim) return this.#anim.frame.board;
    if (this.#preview) return this.#preview.board;
    if (this.#viewPly != null) return g.boardAt(this.#viewPly);
    return g.board();
  }

  #marks() {
    const g = /** @type {Game} */ (this.#game);
    const shown = this.#viewPly ?? g.ply;
    const outcome = shown === g.ply ? g.outcome() : null;
    const lostCity = outcome?.reason === 'city-captured'
      ? g.cities().find((c) => c.side !== outcome.winner)?.cell ?? null
      : null;
    const preview = this.#preview;
    const marks = marksFor({
      focus: this.#focus && this.#keyboard ? cellName(this.#focus.file, this.#focus.rank) : null,
      frame: this.#anim?.frame ?? null,
      last: shown > 0 && !preview ? g.moveAt(shown) : null,
      build: this.#canInput() && !preview ? g.build() : null,
      pending: this.#flow?.pending ?? null,
      count: this.#flow?.count ?? null,
      hint: preview ? preview.move : this.#hint,
      lostCity,
    });
    if (!preview) marks.threatened = this.#threatened;
    return marks;
  }

  #renderControls() {
    const g = this.#game;
    if (!g) return;
    const flow = /** @type {MoveFlow} */ (this.#flow);
    const canInput = this.#canInput();
    const b = canInput ? g.build() : null;
    const side = g.sideToMove();
    const { aiSides, player } = this.#options();
    const reviewing = this.readonly || this.#viewPly != null;
    const shownPly = this.#viewPly ?? g.ply;
    renderControls(this.#els, {
      // A previewed line is not the game: say so rather than whose move it is.
      prompt: this.#preview ? `Preview${this.#preview.move ? `: ${this.#preview.move.move}` : ''} (not played)` : promptFor({
        build: b,
        side,
        aiToMove: aiSides.includes(side),
        // Against the AI, or with a `player` (a game by link), the one person at the board is "you".
        yours: (aiSides.length === 1 && !aiSides.includes(side)) || player === side,
        readonly: this.readonly,
        outcome: g.outcome(),
        review: this.#viewPly != null && (!this.readonly || this.#viewPly < g.ply)
          ? { ply: this.#viewPly, move: this.#viewPly > 0 ? g.moveAt(this.#viewPly).move : null, side: this.#viewPly > 0 ? g.moveAt(this.#viewPly).side : null }
          : null,
      }),
      // Pointer players set the pick-up count with the stepper, keyboard
      // players with the number chooser, as before.
      chooser: canInput && !(b?.stage === 'count' && flow.count != null) ? flow.chooser() : null,
      stepper: b?.stage === 'count' && flow.count != null
        ? { origin: b.origin ?? '', value: flow.count, min: b.counts[0], max: b.counts[b.counts.length - 1] }
        : null,
      building: Boolean(b && b.stage !== 'origin'),
      replay: reviewing ? { shown: shownPly, total: g.ply } : null,
      focusChooser: this.#keyboard,
    });
    this.#describe();
  }

  /** The canvas's accessible name and description: the game, whose turn, the position. */
  #describe() {
    const g = /** @type {Game} */ (this.#game);
    const { canvas, desc, prompt } = this.#els;
    const shown = this.#viewPly ?? g.ply;
    const last = shown > 0 ? g.moveAt(shown) : null;
    const label = `${g.gameName === 'cash-in-hand' ? 'Cash in Hand' : 'Intermedium'} board`;
    if (canvas.getAttribute('aria-label') !== label) canvas.setAttribute('aria-label', label);
    desc.textContent = `${describeBoard({
      prompt: prompt.textContent, board: this.#boardOnShow(), files: g.files, sides: g.sides(), cities: g.cities(), last,
    })} Arrow keys move the cursor, Enter or Space chooses, Backspace undoes a step, Escape cancels the move.`;
  }

  /** Says what the keyboard cursor is on, and whether it can be chosen now. */
  #announceCursor() {
    const g = this.#game;
    if (!g || !this.#focus) return;
    const { file, rank } = this.#focus;
    this.#announce(describeCell({
      name: cellName(file, rank), file, rank, count: this.#boardOnShow()[rank * g.files + file] ?? 0,
      sides: g.sides(), cities: g.cities(), build: this.#canInput() ? g.build() : null,
    }));
  }

  /** @param {string} text */
  #announce(text) {
    this.#els.live.textContent = text;
  }

  /** Events go out after the current update has finished (never mid-update).
   * @param {string} type @param {unknown} detail */
  #emit(type, detail) {
    setTimeout(() => this.dispatchEvent(new CustomEvent(type, { detail })), 0);
  }
}
