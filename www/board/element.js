// <sowing-board>: the board component used by the app and by embedding sites.
// It owns one game (a wasm `Game`), draws it, lets a person build a move one
// click at a time from the engine's legal choices, animates moves, and runs
// the AI in its own worker. It implements no rule itself.
import { loadEngine } from '../engine.js';
import { AiClient } from './ai-client.js';
import { sowingFrames, playFrames } from './animate.js';
import { attachInput } from './input.js';
import { cellName, makeLayout, parseCell } from './layout.js';
import { drawBoard } from './render.js';
import { sheet } from './styles.js';
import { marksFor } from './marks.js';
import { TEMPLATE, chooserFor, promptFor, renderControls } from './controls.js';

/** Per-level deadline (ms) when `ai-time` is not set: none for the quick levels. */
const SAFETY_DEADLINE_MS = { 4: 5000, 5: 8000 };


const RULE_ATTRIBUTES = ['first-move-rule', 'quiet-limit', 'repetition-draw'];
const RECORD_ATTRIBUTES = ['game', 'position', 'moves', ...RULE_ATTRIBUTES];
const SIDE_NAMES = ['blue', 'red', 'white', 'black'];

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** An Error with a stable `code`, like the engine's. */
function codedError(code, message) {
  const err = new Error(message);
  err.code = code;
  return err;
}

export class SowingBoard extends HTMLElement {
  static observedAttributes = [...RECORD_ATTRIBUTES, 'ai', 'level', 'readonly', 'animation', 'coordinates', 'orientation', 'ai-time'];

  #engine = null;
  #game = null;
  #els = null;
  #ctx = null;
  #layout = null;
  #unbind = [];
  #ai = null;
  /** Bumped on every change of the record: an AI answer for an older one is dropped. */
  #generation = 0;
  #thinking = false;
  #viewPly = null;
  #pending = null; // {kind: 'step'|'place', cell, options}
  #focus = null;
  /** The cursor is drawn only while the keyboard is in use. */
  #keyboard = false;
  #hint = null;
  #anim = null; // {frame, cancel}
  #reloadQueued = false;
  /** Bumped by `load`, so that a reload queued before it does not undo it. */
  #reloadToken = 0;
  #reflecting = false;
  #aiTimer = 0;
  #seedBase = Math.floor(Math.random() * 2 ** 31);

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet];
    const tpl = document.createElement('template');
    tpl.innerHTML = TEMPLATE; // static markup only
    root.append(tpl.content.cloneNode(true));
    const $ = (s) => root.querySelector(s);
    this.#els = {
      canvas: $('canvas'), board: $('.board'), prompt: $('.prompt'), thinking: $('.thinking'),
      chooser: $('.chooser'), chooserLabel: $('.chooser .label'), build: $('.build'),
      replay: $('.replay'), counter: $('.counter'), live: $('.sr'),
    };
    this.#ctx = this.#els.canvas.getContext('2d');
  }

  connectedCallback() {
    const { canvas } = this.#els;
    const listen = (target, type, fn, opts) => {
      target.addEventListener(type, fn, opts);
      this.#unbind.push(() => target.removeEventListener(type, fn, opts));
    };
    this.#unbind.push(attachInput(canvas, {
      hit: (x, y) => this.#layout?.hit(x, y),
      click: (cell) => this.#onCell(cell),
      key: (key) => this.#onKey(key),
    }));
    listen(this.shadowRoot, 'click', (e) => {
      const act = e.target.closest?.('button')?.dataset.act;
      if (act) this.#onAction(act, e.target.closest('button'));
    });
    const resize = new ResizeObserver(() => this.#redraw());
    resize.observe(this);
    this.#unbind.push(() => resize.disconnect());
    for (const query of ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)']) {
      listen(matchMedia(query), 'change', () => this.#redraw());
    }
    canvas.setAttribute('aria-label', 'Game board. Arrow keys move the cursor, Enter selects, Backspace undoes a step, Escape cancels the move.');
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
      this.#checkAiAttributes(); // bad values given from the start are reported too
      this.#emit('ready', { position: this.position, moves: this.moves });
    }, (err) => this.#emit('error', { code: 'engine-load', message: `the game engine failed to load: ${err.message}` }));
  }

  disconnectedCallback() {
    // Free everything this element started: listeners, observers, the AI worker.
    for (const off of this.#unbind.splice(0)) off();
    this.#ai?.terminate();
    this.#ai = null;
    this.#stopAnimation();
    clearTimeout(this.#aiTimer);
    this.#generation++;
    this.#thinking = false;
  }

  attributeChangedCallback(name, oldValue, value) {
    if (!this.#engine || this.#reflecting || oldValue === value && !RECORD_ATTRIBUTES.includes(name)) return;
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
    if (name === 'ai' || name === 'level' || name === 'ai-time') {
      this.#checkAiAttributes();
      this.#cancelAi();
      this.#render();
      this.#maybeAi();
    } else if (name === 'readonly') {
      this.#viewPly = this.readonly ? 0 : null;
      this.#render();
      this.#maybeAi();
    } else {
      this.#redraw();
    }
  }

  // ---- public API ---------------------------------------------------------

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
  /** Whether the AI is computing a move. */
  get thinking() { return this.#thinking; }
  get readonly() { return this.hasAttribute('readonly'); }
  get canRedo() { return this.#game?.canRedo() ?? false; }

  /** The ply on show (0 = start), or null when showing the live game. */
  get viewPly() { return this.#viewPly; }
  set viewPly(ply) {
    if (!this.#game) return;
    const n = this.#game.ply;
    const before = this.#viewPly ?? n;
    this.#viewPly = ply == null || (!this.readonly && ply >= n) ? null : Math.max(0, Math.min(n, Math.trunc(ply)));
    this.#clearChoice();
    this.#stopAnimation();
    const after = this.#viewPly ?? n;
    // One step forward replays that move's sowing; other jumps just show the position.
    if (after === before + 1) this.#animate(this.#game.moveAt(after), () => { this.#anim = null; this.#render(); this.#maybeAi(); });
    this.#render();
    this.#emit('view', { ply: this.#viewPly });
    this.#maybeAi();
  }

  /** Plays a move in notation. Throws an Error with a `code` if it is illegal. */
  play(move) {
    if (!this.#game) throw codedError('not-ready', 'the board is not ready yet (wait for the ready event)');
    if (this.#thinking) this.#cancelAi();
    const info = this.#game.play(move);
    this.#afterMove(info, true);
    return info.move;
  }

  /** Takes back the last ply; against the AI, back to the human's last turn. */
  undo() {
    if (!this.#game || this.readonly) return false;
    this.#cancelAi();
    let done = this.#game.undo();
    while (done && this.#aiSides().length === 1 && this.#aiPlays(this.#game.sideToMove()) && this.#game.ply > 0) {
      this.#game.undo();
    }
    if (done) this.#changed('undo');
    return done;
  }

  /** Replays what `undo` took back (both plies against the AI). */
  redo() {
    if (!this.#game || this.readonly) return false;
    this.#cancelAi();
    let done = this.#game.redo();
    while (done && this.#aiSides().length === 1 && this.#aiPlays(this.#game.sideToMove()) && this.#game.canRedo()) {
      this.#game.redo();
    }
    if (done) this.#changed('redo');
    return done;
  }

  /** Back to the start position of this game, with no moves. */
  reset() {
    if (!this.#engine) return;
    this.#replaceGame(() => this.#engine.Game.load(this.#game?.startPosition() ?? this.#startText(), [], this.#rules()));
  }

  /** Loads a position and moves at once (like setting both attributes). Throws on bad input. */
  load(position, moves = []) {
    if (!this.#engine) throw codedError('not-ready', 'the board is not ready yet (wait for the ready event)');
    const game = this.#engine.Game.load(position, moves, this.#rules());
    this.#reloadToken++;
    this.#replaceGame(() => game);
  }

  /** Loads a game from its text record (start position line, then moves). Throws on bad input. */
  importText(text) {
    if (!this.#engine) throw codedError('not-ready', 'the board is not ready yet (wait for the ready event)');
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
    if (!this.#game || this.#game.outcome()) return null;
    const generation = this.#generation;
    const level = Math.max(3, this.#level());
    this.#setThinking(true);
    try {
      const move = await this.#client().request(this.#aiRequest(level));
      if (generation !== this.#generation || !move) return null;
      const probe = this.#engine.Game.load(this.#game.position(), [move], this.#rules());
      const info = probe.lastMove();
      probe.free();
      this.#hint = [info.origin, ...info.path.map((d) => d.cell)];
      this.#render();
      this.#announce(`Hint: ${move}`);
      return move;
    } finally {
      if (generation === this.#generation) this.#setThinking(false);
    }
  }

  /** Where a cell (`c4`) is on screen, in viewport coordinates (for tests and
   * for sites that point at cells); null before the first draw or off the board. */
  cellRect(name) {
    const c = parseCell(name), L = this.#layout;
    if (!c || !L || c.file >= L.files || c.rank >= L.ranks) return null;
    const { file, rank } = c;
    const box = this.#els.canvas.getBoundingClientRect();
    const o = L.origin(file, rank);
    return { x: box.left + o.x, y: box.top + o.y, width: L.cell, height: L.cell };
  }

  // ---- record ---------------------------------------------------------------

  #rules() {
    const flag = (name) => { const v = this.getAttribute(name); return v == null ? undefined : !/^(off|false|0|no)$/i.test(v); };
    const options = {};
    const fmr = flag('first-move-rule'), rep = flag('repetition-draw');
    if (fmr !== undefined) options.firstMoveRule = fmr;
    if (rep !== undefined) options.repetitionDraw = rep;
    const quiet = this.getAttribute('quiet-limit');
    if (quiet != null && quiet !== '') options.quietLimit = Number(quiet);
    return options;
  }

  #startText() {
    return this.#engine.startPosition(this.getAttribute('game') || 'intermedium');
  }

  #reload() {
    const position = this.getAttribute('position');
    const moves = this.getAttribute('moves') ?? '';
    this.#replaceGame(() => this.#engine.Game.load(position || this.#startText(), moves, this.#rules()));
  }

  /** Swaps in a new game; on failure keeps the old one (or a fresh game) and reports. */
  #replaceGame(make) {
    let game;
    try {
      game = make();
    } catch (err) {
      this.#emit('error', { code: err.code ?? 'bad-argument', message: err.message });
      if (this.#game) return;
      try { game = new this.#engine.Game(this.getAttribute('game') || 'intermedium'); } catch { game = new this.#engine.Game('intermedium'); }
    }
    this.#game?.free();
    this.#game = game;
    // The game attribute follows the game shown (the styles depend on it);
    // reflecting it must not trigger a reload.
    if (this.getAttribute('game') !== game.gameName) {
      this.#reflecting = true;
      try { this.setAttribute('game', game.gameName); } finally { this.#reflecting = false; }
    }
    this.#viewPly = this.readonly ? 0 : null;
    this.#changed('load');
  }

  /** After any change of the record other than a move. */
  #changed(kind) {
    this.#cancelAi();
    this.#stopAnimation();
    this.#clearChoice();
    this.#hint = null;
    if (kind !== 'load' && this.readonly) this.#viewPly = this.#game.ply;
    this.#render();
    this.#emit('change', { kind, position: this.position, moves: this.moves });
    this.#maybeAi();
  }

  #afterMove(info, animate) {
    this.#generation++;
    this.#stopAnimation();
    this.#clearChoice();
    this.#hint = null;
    if (this.readonly) this.#viewPly = this.#game.ply;
    this.#announce(`${info.side} played ${info.move}${info.captured.length ? `, capturing ${info.captured.join(' ')}` : ''}.`
      + (info.outcome ? ` ${info.outcome.description}.` : ''));
    const detail = { move: info.move, position: info.position };
    const finish = () => {
      this.#anim = null;
      this.#render();
      this.#maybeAi();
    };
    if (!(animate && this.#animate(info, finish))) finish();
    this.#emit('move', detail);
    this.#emit('change', { kind: 'move', position: this.position, moves: this.moves });
    if (info.outcome) this.#emit('gameover', info.outcome);
  }

  /** Animates a recorded move (MoveInfo) unless animation is off; `done`
   * runs at its end. Returns whether an animation started. */
  #animate(info, done) {
    if (!this.#animationOn()) return false;
    const frames = sowingFrames(this.#game.boardAt(info.ply - 1), info, this.#game.files);
    // From a site's attribute: bounded, so that no value can freeze the board
    // mid-animation (Infinity, 1e9) or make it misbehave (negative, NaN).
    const speed = Number(this.getAttribute('animation-speed'));
    const ms = Number.isFinite(speed) && speed > 0 ? Math.min(speed, 2000) : 160;
    this.#anim = { frame: frames[0], cancel: () => {} };
    this.#anim.cancel = playFrames(frames, {
      msPerFrame: ms,
      show: (frame) => { if (this.#anim) { this.#anim.frame = frame; this.#draw(); } },
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

  #animationOn() {
    const a = this.getAttribute('animation');
    return !(a && /^(off|false|0|no)$/i.test(a)) && !reducedMotion();
  }

  // ---- AI ---------------------------------------------------------------------

  /** Reports unusable `ai`/`level` values (the board then plays without / at level 3). */
  #checkAiAttributes() {
    const ai = this.getAttribute('ai');
    if (ai != null && !['none', 'both', ...SIDE_NAMES].includes(ai.toLowerCase())) {
      this.#emit('error', { code: 'bad-attribute', message: `ai="${ai}" is not a side (use ${this.#game?.sides().join(', ')}, both or none)` });
    }
    const level = this.getAttribute('level');
    if (level != null && !/^[1-5]$/.test(level.trim())) {
      this.#emit('error', { code: 'bad-attribute', message: `level="${level}" is not a level from 1 to 5; playing at level 3` });
    }
  }

  #aiSides() {
    const v = (this.getAttribute('ai') || 'none').toLowerCase();
    if (v === 'both') return this.#game?.sides() ?? [];
    return SIDE_NAMES.includes(v) ? [v] : [];
  }

  #aiPlays(side) { return this.#aiSides().includes(side); }

  #level() {
    const n = Number(this.getAttribute('level') ?? 3);
    return Number.isInteger(n) && n >= 1 && n <= 5 ? n : 3;
  }

  #client() {
    this.#ai ??= new AiClient();
    return this.#ai;
  }

  #aiRequest(level) {
    const given = Number(this.getAttribute('ai-time'));
    // Levels are bounded by node budgets; a deadline is only a safety net for
    // the rare positions where levels 4-5 would think for many seconds in wasm.
    const budget = Number.isFinite(given) && given >= 1 ? given : SAFETY_DEADLINE_MS[level];
    return {
      position: this.#game.startPosition(),
      moves: this.#game.moves(),
      rules: this.#rules(),
      level,
      seed: (this.#seedBase + this.#game.ply * 7919) % 2 ** 31,
      budgetMs: budget ? Math.round(budget) : undefined,
    };
  }

  #cancelAi() {
    clearTimeout(this.#aiTimer);
    this.#generation++;
    this.#setThinking(false);
    // A search for a position that is gone would hold up the next request in
    // the worker's queue: stop that worker; a fresh one starts when needed.
    if (this.#ai?.busy) {
      this.#ai.terminate();
      this.#ai = null;
    }
  }

  #maybeAi() {
    clearTimeout(this.#aiTimer);
    const g = this.#game;
    if (!g || !this.isConnected || this.readonly || this.#viewPly != null || this.#anim || this.#thinking) return;
    if (g.outcome() || !this.#aiPlays(g.sideToMove())) return;
    // A short pause so that an AI-vs-AI game can be followed by eye.
    const delay = this.#aiSides().length === 2 ? 350 : 0;
    this.#aiTimer = setTimeout(() => this.#runAi(), delay);
  }

  async #runAi() {
    const generation = this.#generation;
    this.#setThinking(true);
    try {
      const move = await this.#client().request(this.#aiRequest(this.#level()));
      if (generation !== this.#generation || !this.#game) return; // the game changed meanwhile
      this.#setThinking(false);
      if (move) this.#afterMove(this.#game.play(move), true);
    } catch (err) {
      if (generation !== this.#generation) return;
      this.#setThinking(false);
      this.#emit('error', { code: err.code ?? 'ai-failed', message: `AI: ${err.message}` });
    }
  }

  #setThinking(on) {
    if (this.#thinking === on) return;
    this.#thinking = on;
    this.#els.thinking.hidden = !on;
    this.#emit('thinking', { thinking: on });
  }

  // ---- input ------------------------------------------------------------------

  #canInput() {
    const g = this.#game;
    return g && !this.readonly && this.#viewPly == null && !this.#anim && !g.outcome() && !this.#aiPlays(g.sideToMove());
  }

  #clearChoice() {
    this.#pending = null;
    if (this.#game && !this.#game.outcome()) this.#game.cancel();
  }

  #onCell({ file, rank }, byKeyboard = false) {
    this.#focus = { file, rank };
    this.#keyboard = byKeyboard;
    if (!this.#canInput()) { this.#render(); return; }
    const name = cellName(file, rank);
    const g = this.#game;
    const b = g.build();
    try {
      if (b.stage === 'origin') {
        if (b.origins.includes(name)) g.selectOrigin(name);
        else this.#announce(`${name} is not a stack you can move from.`);
      } else if (b.stage === 'step') {
        const option = b.steps.find((s) => s.cell === name);
        if (option) this.#chooseStep(option);
        else if (b.path.length === 0) this.#reselect(name, b);
      } else if (b.stage === 'count') {
        this.#reselect(name, b);
      } else if (b.stage === 'place') {
        if (b.places.includes(name)) {
          if (b.toPlace === 1) g.place(name, 1);
          else this.#pending = { kind: 'place', cell: name, options: Array.from({ length: b.toPlace }, (_, i) => i + 1) };
        }
      }
      this.#completeIfDone();
    } catch (err) {
      this.#emit('error', { code: err.code ?? 'bad-argument', message: err.message });
    }
    this.#render();
    if (byKeyboard && this.#canInput()) this.#announce(`${name}. ${this.#els.prompt.textContent}`);
  }

  /** Clicking another own stack before sowing starts switches the origin. */
  #reselect(name, b) {
    if (name === b.origin) return;
    this.#game.cancel();
    this.#pending = null;
    if (this.#game.build().origins.includes(name)) this.#game.selectOrigin(name);
  }

  #chooseStep(option) {
    if (option.drops.length === 1) {
      this.#game.step(option.cell, option.drops[0]);
      this.#pending = null;
    } else if (this.#pending?.kind === 'step' && this.#pending.cell === option.cell) {
      // A second click on the same cell drops everything still in hand.
      this.#game.step(option.cell, option.drops.at(-1));
      this.#pending = null;
    } else {
      this.#pending = { kind: 'step', cell: option.cell, options: option.drops };
    }
  }

  #choose(n) {
    const g = this.#game;
    const b = g.build();
    try {
      if (b.stage === 'count') g.pickUp(n);
      else if (this.#pending?.kind === 'step') g.step(this.#pending.cell, n);
      else if (this.#pending?.kind === 'place') g.place(this.#pending.cell, n);
      this.#pending = null;
      this.#completeIfDone();
    } catch (err) {
      this.#emit('error', { code: err.code ?? 'bad-argument', message: err.message });
    }
    this.#render();
  }

  #completeIfDone() {
    if (this.#game.build().stage === 'done') this.#afterMove(this.#game.commit(), false);
  }

  #undoStep() {
    if (this.#pending) this.#pending = null;
    else this.#game?.undoChoice();
    this.#render();
  }

  #onKey(key) {
    const g = this.#game;
    if (!g) return;
    if (key === 'Escape') { this.#clearChoice(); this.#render(); return; }
    if (key === 'Backspace') { if (this.#canInput()) this.#undoStep(); return; }
    if (key === 'Enter' || key === ' ') {
      if (this.#focus) this.#onCell(this.#focus, true);
      return;
    }
    const flip = this.#flipped() ? -1 : 1;
    const delta = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[key];
    if (!delta) return;
    this.#keyboard = true;
    const f = this.#focus ?? { file: 0, rank: 0 };
    this.#focus = {
      file: Math.max(0, Math.min(g.files - 1, f.file + delta[0] * flip)),
      rank: Math.max(0, Math.min(g.ranks - 1, f.rank + delta[1] * flip)),
    };
    this.#announce(cellName(this.#focus.file, this.#focus.rank));
    this.#draw();
  }

  #onAction(act, button) {
    const g = this.#game;
    if (!g) return;
    if (act === 'undo-step') this.#undoStep();
    else if (act === 'cancel') { this.#clearChoice(); this.#render(); }
    else if (act === 'choose') {
      this.#choose(Number(button.dataset.n));
      if (this.#keyboard) this.#els.canvas.focus(); // back to the board for the next cell
    }
    else if (act === 'first') this.viewPly = 0;
    else if (act === 'prev') this.viewPly = (this.#viewPly ?? g.ply) - 1;
    else if (act === 'next') this.viewPly = (this.#viewPly ?? g.ply) + 1;
    else if (act === 'last') this.viewPly = this.readonly ? g.ply : null;
  }

  // ---- drawing --------------------------------------------------------------------

  #flipped() {
    const o = (this.getAttribute('orientation') || '').toLowerCase();
    const sides = this.#game?.sides() ?? [];
    return o === sides[1] || o === 'second';
  }

  #theme() {
    const cs = getComputedStyle(this.#els.board);
    const v = (name) => cs.getPropertyValue(name).trim();
    return {
      oddCell: v('--_odd-cell'), evenCell: v('--_even-cell'),
      firstStone: v('--_first-stone'), secondStone: v('--_second-stone'),
      firstText: v('--_first-text'), secondText: v('--_second-text'),
      stoneEdge: v('--_stone-edge'), highlight: v('--_highlight'), selected: v('--_selected'),
      lastMove: v('--_last-move'), capture: v('--_capture'), hint: v('--_hint'),
      coordinates: v('--_coordinates'), focus: v('--_focus'), border: v('--_border'),
      font: getComputedStyle(this).fontFamily || 'sans-serif',
    };
  }

  /** Full update: controls and text, then the canvas. */
  #render() {
    this.#renderControls();
    this.#draw();
  }

  #redraw() {
    this.#layout = null;
    this.#draw();
  }

  #draw() {
    const g = this.#game;
    if (!g) return;
    const { canvas } = this.#els;
    const width = this.clientWidth || 320;
    // --sowing-max-height lands on .board's max-height; computed, it is in px.
    const maxHeight = Number.parseFloat(getComputedStyle(this.#els.board).maxHeight) || Infinity;
    const coordinates = !/^(off|false|0|no)$/i.test(this.getAttribute('coordinates') || 'on');
    const L = makeLayout({ files: g.files, ranks: g.ranks, width, maxHeight, coordinates, flipped: this.#flipped() });
    this.#layout = L;
    // Back the canvas with device pixels so lines and digits stay crisp.
    const dpr = window.devicePixelRatio || 1;
    const pw = Math.round(L.totalW * dpr), ph = Math.round(L.totalH * dpr);
    if (canvas.width !== pw || canvas.height !== ph) {
      canvas.width = pw;
      canvas.height = ph;
      canvas.style.width = `${L.totalW}px`; // CSSOM, not an inline style attribute in markup
      canvas.style.height = `${L.totalH}px`;
    }
    this.#ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawBoard(this.#ctx, { layout: L, theme: this.#theme(), board: this.#boardOnShow(), sides: g.sides(), cities: g.cities(), marks: this.#marks() });
  }

  #boardOnShow() {
    if (this.#anim) return this.#anim.frame.board;
    if (this.#viewPly != null) return this.#game.boardAt(this.#viewPly);
    return this.#game.board();
  }

  #marks() {
    const g = this.#game;
    const shown = this.#viewPly ?? g.ply;
    return marksFor({
      focus: this.#focus && this.#keyboard ? cellName(this.#focus.file, this.#focus.rank) : null,
      frame: this.#anim?.frame ?? null,
      last: shown > 0 ? g.moveAt(shown) : null,
      build: this.#canInput() ? g.build() : null,
      pending: this.#pending,
      hint: this.#hint,
    });
  }

  #renderControls() {
    const g = this.#game;
    if (!g) return;
    const b = this.#canInput() ? g.build() : null;
    const side = g.sideToMove();
    const reviewing = this.readonly || this.#viewPly != null;
    const shownPly = this.#viewPly ?? g.ply;
    renderControls(this.#els, {
      prompt: promptFor({
        build: b,
        side,
        aiToMove: this.#aiPlays(side),
        readonly: this.readonly,
        outcome: g.outcome(),
        review: this.#viewPly != null && (!this.readonly || this.#viewPly < g.ply)
          ? { ply: this.#viewPly, move: this.#viewPly > 0 ? g.moveAt(this.#viewPly).move : null }
          : null,
      }),
      chooser: chooserFor(b, this.#pending),
      building: Boolean(b && b.stage !== 'origin'),
      replay: reviewing ? { shown: shownPly, total: g.ply } : null,
      focusChooser: this.#keyboard,
    });
  }

  #announce(text) {
    this.#els.live.textContent = text;
  }

  /** Events go out after the current update has finished (never mid-update). */
  #emit(type, detail) {
    setTimeout(() => this.dispatchEvent(new CustomEvent(type, { detail })), 0);
  }
}


