// Analysis mode (issue 12): what the engine sees in the position on show —
// an evaluation bar beside the board, the score, the best line (hover or
// tap a move to preview it on the board, click to play the line as a
// variation), the threats of the side not to move — and the game review:
// every position analysed in the worker with a progress bar and cancel,
// the advantage graph (click a point to go to that ply), the moves
// classified with counts per side, and the better move at each mistake.
// The engine decides everything; this file draws and asks.
import { loadEngine } from '../engine.js';
import { AnalysisClient } from './client.js';
import { drawGraph, squash } from './graph.js';
import { sideLabel } from '../app/words.js';
import { initEditor } from './editor.js';
import { readRules, setRuleAttributes } from '../board/options.js';
import { $ } from '../dom.js';

/** @typedef {import('../pkg/sowboard.js').Analysis} Analysis */
/** @typedef {import('../pkg/sowboard.js').ReviewedMove} ReviewedMove */
/** @typedef {import('../pkg/sowboard.js').Score} Score */
/** @typedef {import('../board/element.js').SowingBoard} SowingBoard */

const CLASSES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];
/** Most moves listed for one threat summary. */
const THREATS_SHOWN = 4;
/** Work limit for listing the threats (the walk answers "none" at once). */
const THREAT_LIMIT = 300_000;

/**
 * A score in words for people: "+1.25", "−0.40", "wins in 3", "loses in 2";
 * a result the engine proved only over the moves it looked at says so
 * ("wins in 5 as far as the engine looked").
 * @param {Score} s
 */
export function scoreWords(s) {
  const seen = s.exact === false ? ' as far as the engine looked' : '';
  if (s.kind === 'win') return s.value === 0 ? 'won' : `wins in ${s.value}${seen}`;
  if (s.kind === 'loss') return s.value === 0 ? 'lost' : `loses in ${s.value}${seen}`;
  const v = s.value / 100;
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)}`;
}

/**
 * @param {{board: SowingBoard, onExit: () => void, onEnter?: () => void,
 *   onReviewed?: (review: {position: string, moves: string[], plies: ReviewedMove[], rules: object}) => void}} hooks
 *   onExit: put the page's own settings (the AI's side) back on the board.
 *   onReviewed: a finished review, for the page to keep what it needs.
 */
export function initAnalysis({ board, onExit, onEnter, onReviewed }) {
  const client = new AnalysisClient();
  const reviewClient = new AnalysisClient();
  let on = false;
  /** The game kept while a variation is on the board. @type {{position: string, moves: string[]} | null} */
  let mainline = null;
  /** The analysis on show, and the game state it belongs to. */
  let shown = /** @type {{key: string, analysis: Analysis | null, moves: string[]} | null} */ (null);
  /** The finished review, for the game it reviewed. @type {{key: string, plies: ReviewedMove[]} | null} */
  let reviewed = null;
  /** Touch: the line move previewed by a first tap (a second tap plays it). */
  let tapped = -1;

  /** The board's rule options: every engine call here plays under them. */
  const rules = () => readRules((name) => board.getAttribute(name));
  const keyOf = (/** @type {string[]} */ moves) => `${board.startPosition}|${moves.join(';')}`;
  const shownPly = () => board.viewPly ?? board.ply;
  const movesOnShow = () => board.moves.slice(0, shownPly());
  const firstName = () => board.sides[0];
  /** The record this file last loaded into the board (a variation, or back to the game). */
  let loaded = '';

  function setOn(next) {
    on = next;
    $('analysis').hidden = !on;
    $('eval-bar').hidden = !on;
    $('analyse').setAttribute('aria-pressed', String(on));
    document.body.classList.toggle('analysing', on);
    if (on) {
      board.setAttribute('ai', 'none'); // both sides are moved by hand while analysing
      onEnter?.();
      refresh();
    } else {
      client.cancel();
      reviewClient.cancel();
      board.preview(null);
      board.threatened = [];
      onExit();
    }
  }

  /** Analyses the position on show, unless that is already done or under way. */
  function refresh() {
    if (!on) return;
    const moves = movesOnShow();
    const key = keyOf(moves);
    showThreats(moves);
    renderVariation();
    renderReviewCurrent();
    if (shown?.key === key) return;
    shown = { key, analysis: null, moves };
    renderAnalysis();
    if (board.outcome && moves.length === board.moves.length) { client.cancel(); return; }
    client.run({ type: 'analyse', position: board.startPosition ?? '', moves, rules: rules() }, (e) => {
      if (shown?.key !== key) return;
      shown.analysis = e.analysis;
      renderAnalysis(true);
    }).then((result) => {
      if (shown?.key !== key || !result) return;
      shown.analysis = result;
      renderAnalysis(false);
    }).catch((err) => {
      if (shown?.key === key) $('eval-text').textContent = `The analysis failed: ${err.message}`;
    });
  }

  /** @param {boolean} [thinking] */
  function renderAnalysis(thinking = true) {
    const a = shown?.analysis ?? null;
    const over = board.outcome && shown && shown.moves.length === board.moves.length;
    const text = $('eval-text');
    const pv = $('pv');
    if (over) {
      text.textContent = `The game is over: ${board.outcome?.description ?? ''}`;
      pv.replaceChildren();
      setBar(board.outcome?.winner == null ? 0 : board.outcome.winner === firstName() ? 1 : -1);
      return;
    }
    if (!a) {
      text.textContent = 'Thinking…';
      pv.replaceChildren();
      return;
    }
    const toMove = sideToMoveAt(shown?.moves.length ?? 0);
    const forFirst = toMove === firstName() ? a.score.rank : -a.score.rank;
    setBar(squash(forFirst));
    text.textContent = `${sideLabel(toMove)} to move: ${scoreWords(a.score)} · depth ${a.depth} · ${formatNodes(a.nodes)} nodes${thinking ? ' · thinking…' : ''}`;
    text.dataset.score = a.score.text;
    renderLine(a.pv);
  }

  const formatNodes = (/** @type {number} */ n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(n));

  /** The side to move after `ply` plies of the game on the board. @param {number} ply */
  function sideToMoveAt(ply) {
    return ply < board.ply ? board.sideAt(ply + 1) : board.sideToMove ?? firstName();
  }

  /** The bar: the first player's share from the bottom. @param {number} v -1..1 */
  function setBar(v) {
    const share = Math.round((v + 1) * 50);
    $('eval-fill').style.height = `${share}%`;
    $('eval-bar').setAttribute('aria-valuenow', String(share));
    $('eval-bar').title = `${sideLabel(firstName())}: ${share}%`;
  }

  /** @param {string[]} line */
  function renderLine(line) {
    const base = shown?.moves ?? [];
    const items = line.map((move, k) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = move;
      b.dataset.k = String(k);
      b.title = 'Hover or tap to see it on the board; click (tap again) to play the line to here';
      const show = () => previewLine(base, line, k);
      b.addEventListener('pointerenter', show);
      b.addEventListener('focus', show);
      b.addEventListener('pointerleave', () => { if (tapped !== k) board.preview(null); });
      b.addEventListener('blur', () => { board.preview(null); tapped = -1; });
      b.addEventListener('pointerdown', (e) => { b.dataset.touch = String(e.pointerType === 'touch'); });
      b.addEventListener('click', () => {
        if (b.dataset.touch === 'true' && tapped !== k) { tapped = k; show(); return; }
        tapped = -1;
        playLine(base, line.slice(0, k + 1));
      });
      li.append(b);
      return li;
    });
    $('pv').replaceChildren(...items);
  }

  /** Shows line move `k` on the position it is played from. */
  async function previewLine(base, line, k) {
    const engine = await loadEngine();
    const probe = engine.Game.load(board.startPosition ?? '', [...base, ...line.slice(0, k)], rules());
    const position = probe.position();
    probe.free();
    try { board.preview(position, line[k]); } catch { board.preview(null); }
  }

  /** Plays `base` + `line` on the board as a variation (the game is kept). */
  function playLine(base, line) {
    mainline ??= { position: board.startPosition ?? '', moves: board.moves };
    board.preview(null);
    loaded = `${mainline.position}|${[...base, ...line].join(';')}`;
    board.load(mainline.position, [...base, ...line]);
  }

  function renderVariation() {
    $('variation').hidden = mainline == null;
  }

  function backToGame() {
    if (!mainline) return;
    const { position, moves } = mainline;
    mainline = null;
    loaded = `${position}|${moves.join(';')}`;
    board.load(position, moves);
    // Said at once, not on the board's change event, which may come later.
    renderVariation();
  }

  async function showThreats(moves) {
    const box = $('threats-text');
    if (!$('threats-toggle').checked) {
      board.threatened = [];
      box.textContent = '';
      return;
    }
    const engine = await loadEngine();
    const g = engine.Game.load(board.startPosition ?? '', moves, rules());
    try {
      const t = g.threats(THREAT_LIMIT);
      const mover = g.sideToMove();
      const other = board.sides.find((s) => s !== mover) ?? '';
      const city = g.cities().find((c) => c.side === mover)?.cell;
      const cells = new Set();
      for (const x of t.threats) {
        for (const c of x.captured) cells.add(c);
        if (x.city && city) cells.add(city);
      }
      board.threatened = [...cells];
      if (!t.complete) box.textContent = `Too many moves to list ${sideLabel(other)}’s threats here.`;
      else if (!t.threats.length) box.textContent = `${sideLabel(other)} threatens nothing.`;
      else {
        // What can fall first (the moves are long in Cash in Hand), then how.
        const names = [...cells].map((c) => (c === city ? 'the city' : c));
        const list = t.threats.slice(0, THREATS_SHOWN).map((x) => `${x.move}${x.city ? ' (takes the city)' : ` (takes ${x.captured.join(', ')}: ${x.stones})`}`);
        box.textContent = `${sideLabel(other)} threatens ${names.join(', ')}. ${t.threats.length === 1 ? 'Move' : 'Moves'}: ${list.join('; ')}${t.threats.length > THREATS_SHOWN ? '…' : ''}`;
      }
    } finally {
      g.free();
    }
  }

  // ---- review ---------------------------------------------------------------

  async function startReview() {
    const moves = (mainline ?? { moves: board.moves }).moves;
    const position = mainline?.position ?? board.startPosition ?? '';
    if (!moves.length) { $('review-note').textContent = 'No moves to review yet.'; return; }
    const key = `${position}|${moves.join(';')}`;
    const progress = $('review-progress');
    progress.hidden = false;
    progress.value = 0;
    progress.max = moves.length + 1;
    $('review-cancel').hidden = false;
    $('review-start').disabled = true;
    $('review-note').textContent = `Reviewing ${moves.length} moves…`;
    try {
      const plies = await reviewClient.run({ type: 'review', position, moves, rules: rules() }, (e) => {
        progress.value = e.done;
        $('review-note').textContent = `Reviewing: position ${e.done} of ${e.total}`;
      });
      if (plies) {
        reviewed = { key, plies };
        renderReview();
        onReviewed?.({ position, moves, plies, rules: rules() });
      } else {
        $('review-note').textContent = 'Review stopped.';
      }
    } catch (err) {
      $('review-note').textContent = `The review failed: ${/** @type {Error} */ (err).message}`;
    } finally {
      progress.hidden = true;
      $('review-cancel').hidden = true;
      $('review-start').disabled = false;
    }
  }

  function renderReview() {
    if (!reviewed) return;
    const { plies } = reviewed;
    const sides = board.sides;
    // Counts per side: a grid of divs with table roles.
    const cell = (/** @type {string} */ role, /** @type {string} */ text) => Object.assign(document.createElement('div'), { textContent: text, role });
    const row = (/** @type {HTMLElement[]} */ cells, /** @type {string} */ cls = '') => {
      const r = document.createElement('div');
      r.setAttribute('role', 'row');
      r.className = 'review-row';
      if (cls) r.dataset.class = cls;
      for (const c of cells) c.setAttribute('role', c.getAttribute('role') ?? 'cell');
      r.append(...cells);
      return r;
    };
    const head = row([cell('columnheader', ''), ...sides.map((s) => cell('columnheader', sideLabel(s)))]);
    const rows = CLASSES.map((c) => row([cell('rowheader', c),
      ...sides.map((s) => cell('cell', String(plies.filter((p) => p.side === s && p.class === c).length)))], c));
    $('review-counts').replaceChildren(head, ...rows);
    // The mistakes, each with its better move.
    const list = $('review-mistakes');
    list.replaceChildren(...plies.filter((p) => p.class === 'mistake' || p.class === 'blunder' || p.class === 'inaccuracy').map((p) => {
      const li = document.createElement('li');
      li.dataset.class = p.class;
      const go = Object.assign(document.createElement('button'), { type: 'button', textContent: `${p.ply}. ${p.move}` });
      go.addEventListener('click', () => { board.viewPly = p.ply; });
      const better = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Show the better move', className: 'better' });
      better.addEventListener('click', () => showBetter(p));
      const what = document.createElement('span');
      what.textContent = ` ${sideLabel(p.side)}, ${p.class} (${scoreWords(p.before)} → ${scoreWords(p.after)}) `;
      li.append(go, what, better);
      return li;
    }));
    $('review-note').textContent = `Reviewed ${plies.length} moves. Click the graph to go to a move.`;
    renderReviewCurrent();
  }

  /** Forgets the review of a game that is no longer on the board. */
  function clearReview() {
    reviewed = null;
    reviewClient.cancel();
    for (const id of ['review-graph', 'review-counts', 'review-mistakes']) $(id).replaceChildren();
    $('review-note').textContent = '';
  }

  /** The graph, with the ply on show marked. */
  function renderReviewCurrent() {
    if (!reviewed) return;
    const { plies } = reviewed;
    const first = board.sides[0];
    const view = (/** @type {string} */ side, /** @type {Score} */ s) => squash(side === first ? s.rank : -s.rank);
    const values = [view(plies[0].side, plies[0].before), ...plies.map((p) => view(p.side, p.after))];
    const marks = ['', ...plies.map((p) => p.class)];
    drawGraph($('review-graph'), values, marks, mainline ? null : shownPly(), (ply) => {
      if (mainline) backToGame();
      board.viewPly = ply === board.ply ? null : ply;
    });
  }

  /** Goes to the position before `p` and shows the engine's move there. @param {ReviewedMove} p */
  async function showBetter(p) {
    if (mainline) backToGame();
    board.viewPly = p.ply - 1;
    const engine = await loadEngine();
    const probe = engine.Game.load(board.startPosition ?? '', board.moves.slice(0, p.ply - 1), rules());
    const position = probe.position();
    probe.free();
    board.preview(position, p.best);
    $('review-note').textContent = `Move ${p.ply}: ${sideLabel(p.side)} played ${p.move}; better was ${p.best} (shown on the board).`;
  }

  // ---- wiring ---------------------------------------------------------------

  initEditor({
    board,
    onLoad: (position, rules) => {
      mainline = null;
      clearReview();
      loaded = `${position}|`;
      // The edited rules go on the board first (board.load reads them).
      setRuleAttributes(board, rules);
      board.load(position, []);
    },
  });
  $('analyse').addEventListener('click', () => setOn(!on));
  $('threats-toggle').addEventListener('change', () => showThreats(movesOnShow()));
  $('variation-back').addEventListener('click', backToGame);
  $('review-start').addEventListener('click', startReview);
  $('review-cancel').addEventListener('click', () => reviewClient.cancel());
  board.addEventListener('change', (/** @type {any} */ e) => {
    // A game loaded from elsewhere (new game, import, link) ends the variation.
    if (e.detail.kind === 'load' && keyOf(board.moves) !== loaded) {
      mainline = null;
      clearReview();
    }
    if (!on) return;
    // The page puts its mode's AI back on a load; while analysing, nobody moves by itself.
    if (board.getAttribute('ai') !== 'none') board.setAttribute('ai', 'none');
    board.preview(null);
    refresh();
  });
  board.addEventListener('view', () => { if (on) { board.preview(null); refresh(); } });
  // The game a variation was played from: what the page saves meanwhile, so
  // that a reload brings back the game, not the variation.
  return { get on() { return on; }, setOn, get mainline() { return mainline; } };
}
