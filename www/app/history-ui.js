// "My games": the dialog that lists the player's games (history-record.js
// keeps them), the results and rating against the AI's levels (strength.js),
// and what can be done with a game: replay it in the dialog, review it with
// the analysis, continue from any position against the AI, share it, delete
// it; and the whole history exported to and imported from one file
// (history-file.js).
import { $ } from '../dom.js';
import { loadEngine } from '../engine.js';
import { setRuleAttributes } from '../board/options.js';
import { ask } from './ask.js';
import { toFragment } from './fragment.js';
import { historyText, readHistoryText } from './history-file.js';
import { refusal } from './history-store.js';
import { LEVEL_RATINGS } from './ratings.js';
import { MIN_GAMES, RECENT_GAMES, estimate, ratingText, suggestLevel } from './strength.js';
import { gameLabel, movesText, plainError, sideLabel } from './words.js';

/** @typedef {import('./history-store.js').GameRecord} GameRecord */

const REASONS = /** @type {Record<string, string>} */ ({
  'city-captured': 'city captured',
  'no-moves': 'no move left',
  eliminated: 'no stones left',
  repetition: 'repetition',
  'quiet-limit': 'no capture for too long',
  resigned: 'resigned',
  agreed: 'draw agreed',
  recorded: '',
});

/** The opponent in words. @param {GameRecord} r */
function opponentText(r) {
  const o = r.opponent;
  if (o.kind === 'ai') return `AI level ${o.level}`;
  if (o.kind === 'link') return o.name ? `${o.name} (by link)` : 'a friend by link';
  return r.source === 'import' ? 'imported game' : 'two players';
}

/** The side names of each game (the engine's), for the results of games for two players. @type {Record<string, string[]>} */
const sideNames = {};

/** The result from the player's side: win, loss, draw (or who won, for two players). @param {GameRecord} r */
function resultOf(r) {
  if (!r.outcome) return { text: 'unfinished', cls: '' };
  const { winner, reason } = r.outcome;
  const why = REASONS[reason] ?? reason;
  const tail = why ? ` (${why})` : '';
  if (winner === null) return { text: `Draw${tail}`, cls: 'draw', score: 0.5 };
  if (r.you === null)
    return { text: `${sideLabel(sideNames[r.game]?.[winner] ?? (winner === 0 ? 'first player' : 'second player'))} won${tail}`, cls: '' };
  return winner === r.you ? { text: `Won${tail}`, cls: 'win', score: 1 } : { text: `Lost${tail}`, cls: 'loss', score: 0 };
}

/** Whether a game measures the player against a level (docs/history.md, "Which games count").
 * @param {GameRecord} r @param {Record<string, string>} starts the standard start of each game */
export function counts(r, starts) {
  return (
    r.opponent.kind === 'ai' &&
    r.opponent.rating != null &&
    r.outcome != null &&
    r.you != null &&
    r.fromPly === 0 &&
    !r.assisted &&
    r.position === starts[r.game]
  );
}

const when = (ms) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * `recorder`: the history kept as games are played (history-record.js, made
 * by the page from its start); `linkPlay()`: games by link, once loaded;
 * `analysis()`: the analysis once set up, `loadAnalysis()` sets it up.
 * @param {{board: import('../board/element.js').SowingBoard, settings: import('./settings.js').Settings,
 *   persistence: ReturnType<typeof import('./persistence.js').createPersistence>,
 *   recorder: ReturnType<typeof import('./history-record.js').createRecorder>,
 *   linkPlay: () => import('./link-play.js').LinkPlay | null, analysis: () => any, loadAnalysis: () => Promise<any>,
 *   inProgress: () => boolean, notice: (text: string) => void, renderState: () => void}} deps
 */
export function createHistory({
  board,
  settings,
  persistence,
  recorder,
  linkPlay,
  analysis,
  loadAnalysis,
  inProgress,
  notice,
  renderState,
}) {
  const dialog = $('history-dialog');
  /** @type {GameRecord[]} */
  let games = [];
  /** The game open in the dialog. @type {GameRecord | null} */
  let open = null;
  /** Records kept aside and already said (once a page). */
  let asideSaid = 0;

  /** A message in the dialog. @param {string} text @param {boolean} [error] */
  function say(text, error = false) {
    const note = $('history-note');
    note.textContent = text;
    note.classList.toggle('error', error);
    note.hidden = !text;
  }

  async function load() {
    await recorder.syncLinks();
    await recorder.settled();
    try {
      const { games: all, aside, newlyAside } = await (await recorder.store()).all();
      games = all;
      if (newlyAside.length || (aside && aside !== asideSaid)) {
        asideSaid = aside;
        say(
          `${aside} stored ${aside === 1 ? 'game' : 'games'} could not be read and ${aside === 1 ? 'is' : 'are'} kept aside, not deleted (Export all includes ${aside === 1 ? 'it' : 'them'} as they are)${newlyAside.length ? `: ${newlyAside.join('; ')}` : ''}.`,
          true,
        );
      }
      return true;
    } catch (err) {
      games = [];
      say(`Your games cannot be kept in this browser: ${refusal(err)}.`, true);
      return false;
    }
  }

  // ---- the list and the strength ------------------------------------------------

  async function render() {
    const engine = await loadEngine();
    const starts = { intermedium: engine.startPosition('intermedium'), 'cash-in-hand': engine.startPosition('cash-in-hand') };
    for (const game of Object.keys(starts)) {
      if (sideNames[game]) continue;
      const g = new engine.Game(game);
      sideNames[game] = g.sides();
      g.free();
    }
    renderStrength(starts);
    const list = $('history-list');
    if (!games.length) {
      const li = document.createElement('li');
      li.className = 'history-muted';
      li.textContent = 'No games yet. Every game you play here is listed, with its result.';
      list.replaceChildren(li);
      return;
    }
    const currentId = linkPlay()?.active ? null : recorder.currentId;
    list.replaceChildren(
      ...games.map((r) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.id = r.id;
        const result = r.id === currentId && !r.outcome ? { text: 'in progress', cls: '' } : resultOf(r);
        const main = document.createElement('span');
        main.textContent = `${gameLabel(r.game)} · ${opponentText(r)}${r.you != null ? ` · you ${r.you === 0 ? 'first' : 'second'}` : ''}`;
        const res = document.createElement('span');
        res.className = `result ${result.cls}`;
        res.textContent = result.text;
        const meta = document.createElement('span');
        meta.className = 'when';
        meta.textContent = `${when(r.started)} · ${movesText(r.moves.length)}${counts(r, starts) ? '' : r.opponent.kind === 'ai' && r.outcome ? ' · not counted' : ''}`;
        b.append(main, res, meta);
        if (r.id === currentId) b.setAttribute('aria-current', 'true');
        li.append(b);
        return li;
      }),
    );
  }

  /** Wins, draws and losses per level, and the rating, for each game played against the AI. */
  function renderStrength(starts) {
    const box = $('history-strength');
    const parts = [];
    for (const game of Object.keys(LEVEL_RATINGS)) {
      const counted = games.filter((r) => r.game === game && counts(r, starts));
      const others = games.filter((r) => r.game === game && r.opponent.kind === 'ai' && r.outcome && !counts(r, starts)).length;
      if (!counted.length && !others) continue;
      const head = document.createElement('h3');
      head.textContent = `${gameLabel(game)} against the AI`;
      parts.push(head);
      if (counted.length) {
        const table = document.createElement('table');
        table.className = 'history-table';
        const caption = document.createElement('caption');
        caption.className = 'history-muted';
        caption.textContent = `Counted games by level (${counted.length})`;
        const thead = document.createElement('thead');
        const headRow = document.createElement('tr');
        for (const name of ['Level', 'Won', 'Drawn', 'Lost']) {
          const th = document.createElement('th');
          th.scope = 'col';
          th.textContent = name;
          headRow.append(th);
        }
        thead.append(headRow);
        const tbody = document.createElement('tbody');
        for (let level = 1; level <= 8; level++) {
          const at = counted.filter((r) => r.opponent.kind === 'ai' && r.opponent.level === level).map((r) => resultOf(r).score);
          if (!at.length) continue;
          const tr = document.createElement('tr');
          const rating = LEVEL_RATINGS[game][level - 1];
          const cells = [
            `${level}${rating ? ` (≈${rating})` : ''}`,
            at.filter((s) => s === 1).length,
            at.filter((s) => s === 0.5).length,
            at.filter((s) => s === 0).length,
          ];
          cells.forEach((c, i) => {
            const td = document.createElement(i ? 'td' : 'th');
            if (!i) td.setAttribute('scope', 'row');
            td.textContent = String(c);
            tr.append(td);
          });
          tbody.append(tr);
        }
        table.append(caption, thead, tbody);
        parts.push(table);
      }
      // The latest counted games, newest first in `games`.
      const recent = counted.slice(0, RECENT_GAMES);
      const e = estimate(
        recent.map((r) => ({
          rating: /** @type {number} */ (/** @type {any} */ (r.opponent).rating),
          score: /** @type {number} */ (resultOf(r).score),
        })),
      );
      const shown = ratingText(e);
      const p = document.createElement('p');
      p.className = 'history-rating';
      if (shown) {
        const strong = document.createElement('strong');
        strong.textContent = shown.headline;
        p.append(
          'Your strength: ',
          strong,
          ` — ${shown.detail}, from your latest ${recent.length} counted games. Same scale as the levels’ ratings.`,
        );
      } else {
        p.textContent = `Your strength is shown after ${MIN_GAMES} counted games (${counted.length} so far): fewer say too little.`;
      }
      parts.push(p);
      const latest = recent[0];
      const move = latest && latest.opponent.kind === 'ai' ? suggestLevel(e, latest.opponent.level, LEVEL_RATINGS[game]) : null;
      if (move) {
        const s = document.createElement('p');
        s.className = 'history-suggest';
        s.textContent =
          move.direction === 'up'
            ? `Your results say level ${move.level} is a fairer match: try moving up.`
            : `Your results say level ${move.level} is a fairer match: try moving down.`;
        parts.push(s);
      }
      if (others) {
        const o = document.createElement('p');
        o.className = 'history-muted';
        o.textContent = `${others} other ${others === 1 ? 'game' : 'games'} against the AI not counted: a takeback, a hint or the analysis during the game, the level or side changed, or not played from the start here.`;
        parts.push(o);
      }
    }
    box.replaceChildren(...parts);
  }

  async function show() {
    say('');
    closeDetail();
    if (!dialog.open) dialog.showModal();
    if (await load()) await render();
  }

  // ---- one game ------------------------------------------------------------------

  /** @param {GameRecord} r */
  function openDetail(r) {
    open = r;
    $('history-main').hidden = true;
    $('history-detail').hidden = false;
    $('history-link').hidden = true;
    $('history-detail-title').textContent = `${gameLabel(r.game)} · ${opponentText(r)}`;
    const result = r.id === recorder.currentId && !r.outcome ? 'in progress (on the board)' : resultOf(r).text;
    const you = r.you == null ? '' : ` You played ${r.you === 0 ? 'first' : 'second'}.`;
    $('history-detail-text').textContent =
      `${when(r.started)}: ${movesText(r.moves.length)}, ${result}.${you} Step through it with ‹ and › under the board.`;
    const replay = document.createElement('sowing-board');
    replay.setAttribute('readonly', '');
    replay.setAttribute('animation', 'off');
    replay.setAttribute('game', r.game);
    setRuleAttributes(replay, r.rules);
    replay.setAttribute('position', r.position);
    replay.setAttribute('moves', r.moves.join(';'));
    replay.setAttribute('aria-label', 'Replay of this game');
    // The game's last position first (the board opens a replay at its start).
    replay.addEventListener(
      'ready',
      () => {
        /** @type {any} */ (replay).viewPly = r.moves.length;
      },
      { once: true },
    );
    $('history-replay').replaceChildren(replay);
    $('history-review').focus();
  }

  function closeDetail() {
    open = null;
    $('history-detail').hidden = true;
    $('history-main').hidden = false;
    $('history-replay').replaceChildren();
  }

  /** The ply shown in the dialog's replay. */
  const replayPly = () => {
    const replay = /** @type {any} */ ($('history-replay').firstElementChild);
    return replay?.viewPly ?? open?.moves.length ?? 0;
  };

  /** Puts a game on the page's board (after asking, when a game is in progress). @param {GameRecord} r @param {number} ply */
  async function putOnBoard(r, ply, settingsNext, { analysing = false } = {}) {
    const onBoard =
      !linkPlay()?.active &&
      board.startPosition === r.position &&
      board.moves.length === r.moves.length &&
      board.moves.every((m, i) => m === r.moves[i]);
    if (
      !onBoard &&
      inProgress() &&
      !linkPlay()?.active &&
      !(await ask({
        text: `Open this game? The game in progress (${movesText(board.ply)}) will be replaced; it stays in My games.`,
        yes: 'Open it',
        no: 'Keep playing',
      }))
    )
      return false;
    const link = linkPlay();
    if (link?.active) await link.leave();
    // The analysis first, for a review: while it is on, nobody moves by itself.
    const a = analysing ? await loadAnalysis() : analysis();
    if (a && a.on !== analysing) a.setOn(analysing);
    settings.set(settingsNext);
    // The board says it loaded after this task (its change event): the
    // analysis and the history take the new game then.
    const loaded = new Promise((resolve) => board.addEventListener('change', resolve, { once: true }));
    const ok = persistence.loadGame({ position: r.position, moves: r.moves.slice(0, ply), rules: r.rules }, 'This game');
    if (ok) persistence.save();
    renderState();
    if (ok) await loaded;
    return ok;
  }

  async function review() {
    const r = open;
    if (!r) return;
    dialog.close();
    const level = r.opponent.kind === 'ai' ? r.opponent.level : settings.values.level;
    const next = { mode: r.opponent.kind === 'ai' ? 'ai' : 'hotseat', side: r.you === 1 ? 'second' : 'first', level };
    if (!(await putOnBoard(r, r.moves.length, next, { analysing: true }))) return;
    $('review-start').click();
  }

  async function continueHere() {
    const r = open;
    if (!r) return;
    const ply = replayPly();
    const engine = await loadEngine();
    const probe = engine.Game.load(r.position, r.moves.slice(0, ply), r.rules);
    const over = !!probe.outcome();
    const toMove = probe.sides().indexOf(probe.sideToMove());
    probe.free();
    if (over) {
      say('The game is over at this position: step back with ‹ to continue from an earlier one.', true);
      return;
    }
    // You keep your side against the AI; in other games you take the side to move.
    const you = r.opponent.kind === 'ai' && r.you != null ? r.you : toMove;
    const level = r.opponent.kind === 'ai' ? r.opponent.level : settings.values.level;
    dialog.close();
    if (await putOnBoard(r, ply, { mode: 'ai', side: you === 1 ? 'second' : 'first', level })) {
      notice(`Continuing from move ${ply} against the AI (level ${level}); you play ${sideLabel(board.sides[you])}.`);
    }
  }

  async function share() {
    const r = open;
    if (!r) return;
    const link = new URL(toFragment({ position: r.position, moves: r.moves, rules: r.rules }), location.href).href;
    const field = $('history-link');
    field.value = link;
    field.hidden = false;
    try {
      await navigator.clipboard.writeText(link);
      say('Link copied: it holds the whole game.');
    } catch {
      field.select(); // no clipboard: the link is selected for the player to copy
    }
  }

  async function removeOne() {
    const r = open;
    if (
      !r ||
      !(await ask({
        text: `Delete this game (${gameLabel(r.game)}, ${when(r.started)})? This cannot be undone.`,
        yes: 'Delete',
        no: 'Keep it',
      }))
    )
      return;
    try {
      await (await recorder.store()).remove([r.id]);
      recorder.forget(r.id);
      await show();
      say('The game was deleted.');
    } catch (err) {
      say(`The game could not be deleted: ${refusal(err)}.`, true);
    }
  }

  async function removeAll() {
    if (
      !games.length ||
      !(await ask({
        text: `Delete all ${games.length} games and your results? This cannot be undone: export them first to keep a copy.`,
        yes: 'Delete all',
        no: 'Keep them',
      }))
    )
      return;
    try {
      await (await recorder.store()).remove(games.map((g) => g.id));
      for (const g of games) recorder.forget(g.id);
      await show();
      say('All games were deleted.');
    } catch (err) {
      say(`The games could not be deleted: ${refusal(err)}.`, true);
    }
  }

  async function exportAll() {
    const engine = await loadEngine();
    const aside = await (await recorder.store()).asideRecords().catch(() => []);
    const text = historyText(engine, games, aside);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    a.download = `sowboard-games-${new Date().toISOString().slice(0, 10)}.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    say(`${games.length} ${games.length === 1 ? 'game' : 'games'} exported to ${a.download}.`);
  }

  /** @param {File} file */
  async function importFile(file) {
    const engine = await loadEngine();
    const { games: read, errors } = readHistoryText(engine, await file.text());
    let added = 0;
    try {
      if (read.length) added = await (await recorder.store()).addMissing(read);
    } catch (err) {
      say(`The games could not be stored: ${refusal(err)}.`, true);
      return;
    }
    await show();
    const known = read.length - added;
    const parts = [`${added} ${added === 1 ? 'game' : 'games'} imported`];
    if (known) parts.push(`${known} already here`);
    if (errors.length) parts.push(`${errors.length} could not be read (${errors.join('; ')})`);
    say(`${parts.join(', ')}.`, errors.length > 0 && !added);
  }

  // ---- wiring --------------------------------------------------------------------

  $('history').addEventListener('click', show);
  $('history-close').addEventListener('click', () => dialog.close());
  $('history-list').addEventListener('click', (/** @type {any} */ e) => {
    const id = e.target.closest('button')?.dataset.id;
    const r = id && games.find((g) => g.id === id);
    if (r) openDetail(r);
  });
  $('history-back').addEventListener('click', () => {
    const id = open?.id;
    closeDetail();
    /** @type {HTMLElement | null} */ ($('history-list').querySelector(`[data-id="${id}"]`))?.focus();
  });
  $('history-review').addEventListener('click', review);
  $('history-continue').addEventListener('click', continueHere);
  $('history-share').addEventListener('click', share);
  $('history-delete').addEventListener('click', removeOne);
  $('history-clear').addEventListener('click', removeAll);
  $('history-export').addEventListener('click', () => exportAll().catch((err) => say(`The export failed: ${plainError(err)}`, true)));
  $('history-import').addEventListener('click', () => $('history-file').click());
  $('history-file').addEventListener('change', () => {
    const file = $('history-file').files?.[0];
    $('history-file').value = '';
    if (file) importFile(file).catch((err) => say(`The import failed: ${plainError(err)}`, true));
  });
  // Escape in the open game goes back to the list first.
  dialog.addEventListener('cancel', (/** @type {Event} */ e) => {
    if (open) {
      e.preventDefault();
      $('history-back').click();
    }
  });
  dialog.addEventListener('close', closeDetail);

  return {
    /** The page is ready: finished games by link not in the history yet are added. */
    start: () => recorder.syncLinks(),
    show,
  };
}
