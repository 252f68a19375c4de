// Analysis mode: what the engine sees in the position on show — an
// evaluation bar beside the board, the score from the first player's side
// with its unit, the best line (hover or tap a move to preview it on the
// board, click to play the line as a variation), the threats of the side not
// to move — and the game review: every position analysed in the worker with
// a progress bar and cancel, the win-chance graph (click a ply to go there, a
// dot to see that mistake), the moves classified with counts and an accuracy
// per side, and at each mistake the better move on the board with its line
// to step through. Analysis, review and the better line ask the engine for
// the same evaluation (`Game.evaluate`'s contract), so the same strength
// gives the same move and score. The engine decides everything; this file
// draws and asks.
import { loadEngine } from '../engine.js';
import { AnalysisClient } from './client.js';
import { drawGraph } from './graph.js';
import { showThreats, stopThreats } from './threats-view.js';
import { evalLong, evalShort, unitWords } from './score-words.js';
import { sideLabel } from '../app/words.js';
import { initEditor } from './editor.js';
import { readRules, setRuleAttributes } from '../board/options.js';
import { $ } from '../dom.js';
import { ANALYSIS_STRENGTH, REVIEW_STRENGTH } from './strengths.js';

/** @typedef {import('../pkg/sowboard.js').Analysis} Analysis */
/** @typedef {import('../pkg/sowboard.js').ReviewedMove} ReviewedMove */
/** @typedef {import('../pkg/sowboard.js').Score} Score */
/** @typedef {import('../board/element.js').SowingBoard} SowingBoard */

const CLASSES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];
/** The classes listed and marked on the graph. */
const FLAGGED = ['inaccuracy', 'mistake', 'blunder'];

export { scoreWords } from './score-words.js';

/** The page's analysis, once `initAnalysis` has run. @type {ReturnType<typeof initAnalysis> | null} */
let current = null;

/**
 * Runs the review of the game on the board at once (turning analysis on)
 * and opens it at the player's first blunder (else first mistake, else
 * first inaccuracy): the position it is played in with the better move drawn and
 * its line to step through. `player`: the side whose mistakes to open (by
 * default the side the AI does not play, or anyone's when both or neither
 * are played by it). Resolves to the move opened, or null (no such move, or
 * the review stopped or failed: the panel says which).
 * @param {{player?: string | null}} [options]
 * @returns {Promise<ReviewedMove | null>}
 */
export function openReview(options = {}) {
  if (!current) return Promise.reject(new Error('the analysis is not set up on this page'));
  return current.openReview(options);
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
  const lineClient = new AnalysisClient();
  let on = false;
  /** The game kept while a variation is on the board. @type {{position: string, moves: string[]} | null} */
  let mainline = null;
  /** The analysis on show, and the game state it belongs to. */
  let shown = /** @type {{key: string, analysis: Analysis | null, moves: string[]} | null} */ (null);
  /** The finished review, for the game it reviewed. @type {{key: string, plies: ReviewedMove[]} | null} */
  let reviewed = null;
  /**
   * The better move of a reviewed mistake on show: the position of the
   * mistake (`ply` - 1 of the game) with line move `step` drawn on the
   * position it is played from.
   * @type {{p: ReviewedMove, base: string[], line: string[], step: number, positions: string[], key: string, analysis: Analysis | null} | null}
   */
  let better = null;
  /** Touch: the line move previewed by a first tap (a second tap plays it). */
  let tapped = -1;

  /** The board's rule options: every engine call here plays under them. */
  const rules = () => readRules((name) => board.getAttribute(name));
  const gameName = () => board.getAttribute('game') || 'intermedium';
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
    $('review-graph').hidden = !on || !reviewed;
    $('analyse').setAttribute('aria-pressed', String(on));
    document.body.classList.toggle('analysing', on);
    if (on) {
      board.setAttribute('ai', 'none'); // both sides are moved by hand while analysing
      onEnter?.();
      $('eval-unit').textContent = unitWords(gameName(), board.sides);
      refresh();
      if (reviewed) renderReview();
    } else {
      client.cancel();
      reviewClient.cancel();
      endBetter();
      board.preview(null);
      stopThreats(board);
      onExit();
    }
  }

  /** Analyses the position on show, unless that is already done or under way. */
  function refresh() {
    if (!on) return;
    const moves = movesOnShow();
    const key = keyOf(moves);
    showThreats(board, moves, rules());
    renderVariation();
    renderReviewCurrent();
    if (better && !mainline && shownPly() === better.p.ply - 1) {
      // The review's position: its numbers, at the review's strength.
      client.cancel();
      shown = null;
      renderBetterAnalysis();
      return;
    }
    if (shown?.key === key) return;
    shown = { key, analysis: null, moves };
    renderAnalysis();
    if (board.outcome && moves.length === board.moves.length) {
      client.cancel();
      return;
    }
    client
      .run({ type: 'analyse', position: board.startPosition ?? '', moves, rules: rules(), ...ANALYSIS_STRENGTH }, (e) => {
        if (shown?.key !== key) return;
        shown.analysis = e.analysis;
        renderAnalysis(true);
      })
      .then((result) => {
        if (shown?.key !== key || !result) return;
        shown.analysis = result;
        renderAnalysis(false);
      })
      .catch((err) => {
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
      setBar(board.outcome?.winner == null ? 0.5 : board.outcome.winner === firstName() ? 1 : 0, 'the game is over');
      return;
    }
    if (!a) {
      text.textContent = 'Thinking…';
      pv.replaceChildren();
      return;
    }
    const toMove = sideToMoveAt(shown?.moves.length ?? 0);
    const words = evalLong(gameName(), a.first, board.sides);
    setBar(a.first.chance, words);
    text.textContent = `${words} · ${sideLabel(toMove)} to move · level ${ANALYSIS_STRENGTH.level} search, depth ${a.depth} · ${formatNodes(a.nodes)} nodes${thinking ? ' · thinking…' : ''}`;
    text.dataset.score = a.first.text;
    renderLine(a.pv);
  }

  /** The analysis of a reviewed mistake's position at the review's strength (the better line's search). */
  function renderBetterAnalysis() {
    if (!better) return;
    const a = better.analysis;
    if (!a) {
      $('eval-text').textContent = `Thinking at the review’s strength (level ${REVIEW_STRENGTH.level})…`;
      $('pv').replaceChildren();
      return;
    }
    const words = evalLong(gameName(), a.first, board.sides);
    setBar(a.first.chance, words);
    $('eval-text').textContent =
      `${words} · ${sideLabel(better.p.side)} to move · level ${REVIEW_STRENGTH.level} search on ${formatNodes(REVIEW_STRENGTH.nodes)} nodes (the review’s), depth ${a.depth}`;
    $('eval-text').dataset.score = a.first.text;
    renderLine(a.pv, better.base);
  }

  const formatNodes = (/** @type {number} */ n) =>
    n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(n);

  /** The side to move after `ply` plies of the game on the board. @param {number} ply */
  function sideToMoveAt(ply) {
    return ply < board.ply ? board.sideAt(ply + 1) : (board.sideToMove ?? firstName());
  }

  /** The bar: the first player's chance to win, from the bottom. @param {number} chance 0..1 @param {string} words */
  function setBar(chance, words) {
    const share = Math.round(chance * 100);
    $('eval-fill').style.height = `${share}%`;
    $('eval-bar').setAttribute('aria-valuenow', String(share));
    $('eval-bar').setAttribute('aria-valuetext', words);
    $('eval-bar').title = `${sideLabel(firstName())}’s chance to win: ${share}% (${words})`;
  }

  /** @param {string[]} line @param {string[]} [base] the moves leading to the line */
  function renderLine(line, base = shown?.moves ?? []) {
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
      b.addEventListener('pointerleave', () => {
        if (tapped !== k) restorePreview();
      });
      b.addEventListener('blur', () => {
        restorePreview();
        tapped = -1;
      });
      b.addEventListener('pointerdown', (e) => {
        b.dataset.touch = String(e.pointerType === 'touch');
      });
      b.addEventListener('click', () => {
        if (b.dataset.touch === 'true' && tapped !== k) {
          tapped = k;
          show();
          return;
        }
        tapped = -1;
        playLine(base, line.slice(0, k + 1));
      });
      li.append(b);
      return li;
    });
    $('pv').replaceChildren(...items);
  }

  /** The position (text) after `moves` from the board's start. @param {string[]} moves */
  async function positionAfter(moves) {
    const engine = await loadEngine();
    const probe = engine.Game.load(board.startPosition ?? '', moves, rules());
    try {
      return probe.position();
    } finally {
      probe.free();
    }
  }

  /** Shows line move `k` on the position it is played from. */
  async function previewLine(base, line, k) {
    const position = await positionAfter([...base, ...line.slice(0, k)]);
    try {
      board.preview(position, line[k]);
    } catch {
      restorePreview();
    }
  }

  /** What the board shows when no line move is previewed: the better move, or the game. */
  function restorePreview() {
    if (better && !mainline && shownPly() === better.p.ply - 1) drawBetter();
    else board.preview(null);
  }

  /** Plays `base` + `line` on the board as a variation (the game is kept). */
  function playLine(base, line) {
    endBetter();
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

  // ---- review ---------------------------------------------------------------

  /**
   * Reviews the game (not a variation); resolves to its plies, or null when
   * stopped or failed. `reuse`: keep a finished review of the same game.
   */
  async function startReview(reuse = false) {
    const moves = (mainline ?? { moves: board.moves }).moves;
    const position = mainline?.position ?? board.startPosition ?? '';
    if (!moves.length) {
      $('review-note').textContent = 'No moves to review yet.';
      return null;
    }
    const key = `${position}|${moves.join(';')}`;
    if (reuse && reviewed?.key === key) {
      renderReview();
      return reviewed.plies;
    }
    const progress = $('review-progress');
    progress.hidden = false;
    progress.value = 0;
    progress.max = moves.length + 1;
    $('review-cancel').hidden = false;
    $('review-start').disabled = true;
    $('review-note').textContent = `Reviewing ${moves.length} moves…`;
    try {
      const plies = await reviewClient.run({ type: 'review', position, moves, rules: rules(), ...REVIEW_STRENGTH }, (e) => {
        progress.value = e.done;
        $('review-note').textContent = `Reviewing: position ${e.done} of ${e.total}`;
      });
      if (!plies) {
        $('review-note').textContent = 'Review stopped.';
        return null;
      }
      reviewed = { key, plies };
      renderReview();
      onReviewed?.({ position, moves, plies, rules: rules() });
      return plies;
    } catch (err) {
      $('review-note').textContent = `The review failed: ${/** @type {Error} */ (err).message}`;
      return null;
    } finally {
      progress.hidden = true;
      $('review-cancel').hidden = true;
      $('review-start').disabled = false;
    }
  }

  /** A reviewed move in words: "12. Blue’s blunder c4-d5 (64% → 21%)". @param {ReviewedMove} p */
  function moveWords(p) {
    const game = gameName();
    return `${sideLabel(p.side)}’s ${p.class} (${evalShort(game, p.beforeFirst, board.sides)} → ${evalShort(game, p.afterFirst, board.sides)})`;
  }

  function renderReview() {
    if (!reviewed) return;
    const { plies } = reviewed;
    const sides = board.sides;
    // The summary per side: a grid of divs with table roles.
    const cell = (/** @type {string} */ role, /** @type {string} */ text) =>
      Object.assign(document.createElement('div'), { textContent: text, role });
    const row = (/** @type {HTMLElement[]} */ cells, /** @type {string} */ cls = '') => {
      const r = document.createElement('div');
      r.setAttribute('role', 'row');
      r.className = 'review-row';
      if (cls) r.dataset.class = cls;
      for (const c of cells) c.setAttribute('role', c.getAttribute('role') ?? 'cell');
      r.append(...cells);
      return r;
    };
    const own = (/** @type {string} */ s) => plies.filter((p) => p.side === s);
    const head = row([cell('columnheader', ''), ...sides.map((s) => cell('columnheader', sideLabel(s)))]);
    const rows = CLASSES.map((c) =>
      row([cell('rowheader', c), ...sides.map((s) => cell('cell', String(own(s).filter((p) => p.class === c).length)))], c),
    );
    // Accuracy: the mean of the side's move accuracies (the engine's, per move).
    const accuracy = row(
      [
        cell('rowheader', 'accuracy'),
        ...sides.map((s) => {
          const mine = own(s);
          return cell('cell', mine.length ? `${(mine.reduce((t, p) => t + p.accuracy, 0) / mine.length).toFixed(1)}%` : '–');
        }),
      ],
      'accuracy',
    );
    accuracy.title =
      'Accuracy: how much of its chance to win each move kept (100% = no loss against the engine’s best), averaged over the side’s moves';
    $('review-counts').replaceChildren(head, ...rows, accuracy);
    // The flagged moves, each with its better move.
    const list = $('review-mistakes');
    list.replaceChildren(
      ...plies
        .filter((p) => FLAGGED.includes(p.class))
        .map((p) => {
          const li = document.createElement('li');
          li.dataset.class = p.class;
          li.dataset.ply = String(p.ply);
          const go = Object.assign(document.createElement('button'), { type: 'button', textContent: `${p.ply}. ${p.move}` });
          go.addEventListener('click', () => goToPly(p.ply));
          const show = Object.assign(document.createElement('button'), {
            type: 'button',
            textContent: 'Show the better move',
            className: 'better',
          });
          show.addEventListener('click', () => {
            showBetter(p);
          });
          const what = document.createElement('span');
          what.textContent = ` ${moveWords(p)} `;
          li.append(go, what, show);
          return li;
        }),
    );
    $('review-note').textContent =
      `Reviewed ${plies.length} move${plies.length === 1 ? '' : 's'} at level ${REVIEW_STRENGTH.level} (${formatNodes(REVIEW_STRENGTH.nodes)} nodes a position). Click the graph to go to a move, a dot to see that mistake.`;
    renderReviewCurrent();
  }

  /** Shows ply `ply` of the game (leaving a variation or a better line). @param {number} ply */
  function goToPly(ply) {
    endBetter();
    if (mainline) backToGame();
    board.preview(null);
    board.viewPly = ply >= board.ply ? null : ply;
  }

  /** Forgets the review of a game that is no longer on the board. */
  function clearReview() {
    reviewed = null;
    reviewClient.cancel();
    endBetter();
    for (const id of ['review-graph', 'review-counts', 'review-mistakes']) $(id).replaceChildren();
    $('review-graph').hidden = true;
    $('review-note').textContent = '';
  }

  /** The graph, with the ply on show marked. */
  function renderReviewCurrent() {
    const box = $('review-graph');
    box.hidden = !on || !reviewed;
    if (!reviewed || !on) return;
    const { plies } = reviewed;
    const game = gameName();
    const chances = [plies[0].beforeFirst.chance, ...plies.map((p) => p.afterFirst.chance)];
    const marks = ['', ...plies.map((p) => p.class)];
    const titles = [
      'The start',
      ...plies.map(
        (p) =>
          `${p.ply}. ${p.move}: ${FLAGGED.includes(p.class) ? moveWords(p) : `${sideLabel(p.side)}, ${p.class}; ${evalShort(game, p.afterFirst, board.sides)}`}`,
      ),
    ];
    drawGraph(box, {
      chances,
      marks,
      titles,
      current: mainline ? null : better ? better.p.ply - 1 : shownPly(),
      firstName: sideLabel(firstName()),
      onPick: (ply) => goToPly(ply),
      onMark: (ply) => {
        const p = plies[ply - 1];
        if (p) showBetter(p);
      },
    });
  }

  // ---- the better move and its line ------------------------------------------

  /**
   * Goes to the position `p` is played in and draws the engine's move there, then
   * fetches its line (the same evaluation at the review's strength, so it
   * starts with that move) to step through.
   * @param {ReviewedMove} p
   */
  async function showBetter(p) {
    if (mainline) backToGame();
    const base = board.moves.slice(0, p.ply - 1);
    const key = `${keyOf(board.moves)}#${p.ply}`;
    better = { p, base, line: [p.best], step: 0, positions: [await positionAfter(base)], key, analysis: null };
    board.viewPly = p.ply - 1;
    drawBetter();
    renderBetter(true);
    renderReviewCurrent();
    const result = await lineClient
      .run({ type: 'analyse', position: board.startPosition ?? '', moves: base, rules: rules(), ...REVIEW_STRENGTH }, () => {})
      .catch(() => null);
    if (better?.key !== key || !result) {
      if (better?.key === key) renderBetter(false);
      return;
    }
    // The contract: the line's first move is the review's better move.
    const line = result.pv[0] === p.best ? result.pv : [p.best];
    const positions = [better.positions[0]];
    for (let k = 1; k < line.length; k++) positions.push(await positionAfter([...base, ...line.slice(0, k)]));
    if (better?.key !== key) return;
    better.line = line;
    better.positions = positions;
    better.analysis = result;
    renderBetter(false);
    refresh();
  }

  /** Draws the better line's current move on the position it is played from. */
  function drawBetter() {
    if (!better) return;
    try {
      board.preview(better.positions[better.step], better.line[better.step]);
    } catch {
      board.preview(null);
    }
  }

  /** @param {number} step */
  function stepBetter(step) {
    if (!better) return;
    better.step = Math.max(0, Math.min(better.line.length - 1, step));
    if (shownPly() !== better.p.ply - 1) board.viewPly = better.p.ply - 1;
    drawBetter();
    renderBetter(false);
  }

  /** The better line's panel: the move on show, the line, step buttons and the way back. @param {boolean} loading */
  function renderBetter(loading) {
    const box = $('better-line');
    if (!better) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const { p, line, step } = better;
    box.hidden = false;
    const text = document.createElement('p');
    text.className = 'better-text';
    text.textContent = `Move ${p.ply}: ${sideLabel(p.side)} played ${p.move}, a ${p.class} (${evalShort(gameName(), p.beforeFirst, board.sides)} → ${evalShort(gameName(), p.afterFirst, board.sides)}). Better was ${p.best}, drawn on the board.${loading ? ' Working out its line…' : ''}`;
    const items = line.map((move, k) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: move });
      b.dataset.k = String(k);
      if (k === step) b.setAttribute('aria-current', 'step');
      b.addEventListener('click', () => stepBetter(k));
      const li = document.createElement('li');
      li.append(b);
      return li;
    });
    const ol = document.createElement('ol');
    ol.className = 'pv better-moves';
    ol.setAttribute('aria-label', 'The better line: select a move to see it');
    ol.append(...items);
    const prev = Object.assign(document.createElement('button'), {
      type: 'button',
      textContent: '‹ Previous',
      id: 'better-prev',
      title: 'The line’s previous move (←)',
    });
    prev.disabled = step === 0;
    prev.addEventListener('click', () => stepBetter(step - 1));
    const next = Object.assign(document.createElement('button'), {
      type: 'button',
      textContent: 'Next ›',
      id: 'better-next',
      title: 'The line’s next move (→)',
    });
    next.disabled = step >= line.length - 1;
    next.addEventListener('click', () => stepBetter(step + 1));
    const back = Object.assign(document.createElement('button'), {
      type: 'button',
      textContent: 'Back to the game',
      id: 'better-back',
      title: 'Back to the move played (Esc)',
    });
    back.addEventListener('click', () => {
      const ply = p.ply;
      goToPly(ply);
    });
    const where = Object.assign(document.createElement('span'), {
      className: 'better-step',
      textContent: `move ${step + 1} of ${line.length}`,
    });
    const controls = document.createElement('div');
    controls.className = 'better-controls';
    controls.append(prev, where, next, back);
    box.replaceChildren(text, ol, controls);
  }

  /** Leaves the better line (the board shows the game again on the next view). */
  function endBetter() {
    if (!better) return;
    better = null;
    lineClient.cancel();
    renderBetter(false);
  }

  /** @param {{player?: string | null}} options */
  async function openReview({ player } = {}) {
    if (player === undefined) {
      const ai = (board.getAttribute('ai') ?? 'none').trim().toLowerCase();
      player = board.sides.includes(ai) ? (board.sides.find((s) => s !== ai) ?? null) : null;
    }
    if (!on) setOn(true);
    const plies = await startReview(true);
    if (!plies) return null;
    const mine = plies.filter((p) => player == null || p.side === player);
    const first = ['blunder', 'mistake', 'inaccuracy'].map((c) => mine.find((p) => p.class === c)).find(Boolean) ?? null;
    if (first) await showBetter(first);
    else
      $('review-note').textContent =
        `${$('review-note').textContent} No inaccuracy${player ? ` by ${sideLabel(player)}` : ''}: well played.`;
    $('analysis').scrollIntoView?.({ block: 'nearest' });
    return first;
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
  $('threats-toggle').addEventListener('change', () => showThreats(board, movesOnShow(), rules()));
  $('variation-back').addEventListener('click', backToGame);
  $('review-start').addEventListener('click', () => {
    startReview();
  });
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
    endBetter();
    board.preview(null);
    refresh();
  });
  // The board says "view" a moment after its ply on show changes: the
  // better move stays drawn while its position is on show.
  board.addEventListener('view', () => {
    if (!on) return;
    if (better && !mainline && shownPly() === better.p.ply - 1) drawBetter();
    else {
      endBetter();
      board.preview(null);
    }
    refresh();
  });
  // The arrow keys step through the better line while it is on show (ahead of
  // the board's own keys, which step through the game); Escape leaves it.
  document.addEventListener(
    'keydown',
    (e) => {
      if (!better || e.altKey || e.ctrlKey || e.metaKey) return;
      const t = /** @type {HTMLElement} */ (e.target);
      if (t.closest?.('input, select, textarea, [contenteditable]')) return;
      const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (step) stepBetter(better.step + step);
      else if (e.key === 'Escape') goToPly(better.p.ply);
      else return;
      e.preventDefault();
      e.stopPropagation();
    },
    true,
  );
  new ResizeObserver(() => renderReviewCurrent()).observe($('review-graph'));
  const api = {
    get on() {
      return on;
    },
    setOn,
    get mainline() {
      return mainline;
    },
    openReview,
  };
  current = api;
  // `mainline`: the game a variation is played from, what the page saves
  // meanwhile, so that a reload brings back the game, not the variation.
  return api;
}
