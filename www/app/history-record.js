// Keeps the player's games in the history (history-store.js) as they are
// played: the page's own game after every change (so the game in progress is
// listed too, and a finished one is stored by its last move), and the games
// by link once they are over (read from their own list, www/link/store.js).
// A game played from its start here is one record; loading another game
// (a new game, an import, a shared link) starts the next record at its
// first move. When the browser refuses storage the games go on; the player
// is told once, and every later change tries again with everything unsaved.

// This module loads once the board is playable (the page keeps the board's
// changes until then, see `changed`); the store (IndexedDB) and the list of
// games by link load with the first write or sync.
import { loadEngine } from '../engine.js';
import { readRules } from '../board/options.js';
import { LEVEL_RATINGS } from './ratings.js';
import { currentGame } from './settings.js';
import { plainError } from './words.js';

/** @typedef {import('./history-store.js').GameRecord} GameRecord */
/** @typedef {import('./history-store.js').HistoryStore} HistoryStore */
/** A change of the board: its kind (the `change` event's), the ply after it,
 * and whether a game by link or an analysis variation is on the board then.
 * @typedef {{kind: string, ply: number, link: boolean, variation: boolean}} BoardChange */

/** A random record id. */
export const newRecordId = () => Array.from(crypto.getRandomValues(new Uint32Array(3)), (n) => n.toString(36)).join('');

const sameMoves = (a, b) => a.length === b.length && a.every((m, i) => m === b[i]);

/**
 * @param {{board: import('../board/element.js').SowingBoard, settings: import('./settings.js').Settings,
 *   linkActive: () => boolean, mainline: () => ({position: string, moves: string[]} | null | undefined),
 *   analysing: () => boolean, notice: (text: string) => void}} deps
 */
export function createRecorder({ board, settings, linkActive, mainline, analysing, notice }) {
  /** @type {Promise<HistoryStore> | null} */
  let opening = null;
  let refusalSaid = false;
  /** Records not yet stored (storage refused them): written with the next change. @type {Map<string, GameRecord>} */
  const unsaved = new Map();
  /** The record of the game on the board, once it has a move played here. @type {GameRecord | null} */
  let current = null;
  /** The ply of the game on the board at its load (its record starts there). */
  let loadedPly = 0;
  /** A takeback, hint or the analysis since the load, while the record does not exist yet. */
  let assistedSinceLoad = false;
  /** Writes run one after another, in the order of the changes. */
  let chain = Promise.resolve();

  /** The history, opened once (again after a failure: storage may work later). */
  function store() {
    opening ??= import('./history-store.js')
      .then(({ openHistory }) => openHistory())
      .catch((err) => {
        opening = null;
        throw err;
      });
    return opening;
  }

  /** Storage refused: said once a page; the games go on in memory. */
  function refused(err) {
    if (refusalSaid) return;
    refusalSaid = true;
    import('./history-store.js')
      .then(
        ({ refusal }) => refusal(err),
        () => plainError(err), // the store's own module did not load
      )
      .then((why) =>
        notice(`Your games cannot be kept in this browser’s history: ${why}. You can go on playing; Share keeps a game as a link or text.`),
      );
  }

  /** Stores the records waiting; they stay waiting if storage refuses. */
  async function flush() {
    if (!unsaved.size) return;
    try {
      const s = await store();
      for (const [id, record] of unsaved) {
        await s.put(record);
        if (unsaved.get(id) === record) unsaved.delete(id);
      }
    } catch (err) {
      refused(err);
    }
  }

  /** Queues a record's write behind the writes already queued. @param {GameRecord} record */
  function keep(record) {
    unsaved.set(record.id, record);
    chain = chain.then(flush);
    return chain;
  }

  /** Who the player plays against on the board, or null (AI against AI is nobody's game). */
  function opponentNow() {
    const { mode, level } = settings.values;
    if (mode === 'ai')
      return {
        opponent: /** @type {const} */ ({ kind: 'ai', level, rating: LEVEL_RATINGS[currentGame(board)]?.[level - 1] ?? null }),
        you: /** @type {0 | 1} */ (settings.values.side === 'first' ? 0 : 1),
      };
    if (mode === 'hotseat') return { opponent: /** @type {const} */ ({ kind: 'hotseat' }), you: null };
    return null;
  }

  /** The game on the board as its record (new, or `current` brought up to date). */
  function recordNow() {
    const who = opponentNow();
    const outcome = board.outcome;
    const sides = board.sides;
    const now = Date.now();
    /** @type {GameRecord} */
    const base = current ?? {
      format: 2,
      id: newRecordId(),
      game: currentGame(board),
      position: board.startPosition ?? '',
      rules: {},
      moves: [],
      opponent: who?.opponent ?? { kind: 'hotseat' },
      you: who?.you ?? null,
      outcome: null,
      started: now,
      updated: now,
      fromPly: loadedPly,
      assisted: assistedSinceLoad,
      source: 'play',
    };
    // A change of opponent or side during the game: it no longer measures one level.
    const changed = !!current && !!who && JSON.stringify([who.opponent, who.you]) !== JSON.stringify([current.opponent, current.you]);
    return {
      ...base,
      rules: readRules((name) => board.getAttribute(name)),
      moves: board.moves,
      opponent: who?.opponent ?? base.opponent,
      you: who ? who.you : base.you,
      outcome: outcome
        ? { winner: /** @type {0 | 1 | null} */ (outcome.winner ? sides.indexOf(outcome.winner) : null), reason: outcome.reason }
        : null,
      updated: now,
      assisted: base.assisted || assistedSinceLoad || changed || analysing(),
    };
  }

  /** The record of a game loaded on the board, if this is one the history has running (a reload, another tab's save). */
  async function adopt() {
    const position = board.startPosition,
      moves = board.moves,
      game = currentGame(board);
    if (!moves.length) return;
    try {
      const { games } = await (await store()).all();
      const match = games.find(
        (r) => r.source === 'play' && !r.outcome && r.game === game && r.position === position && sameMoves(r.moves, moves),
      );
      if (match && !current && sameMoves(board.moves, moves)) current = match;
    } catch {
      // Storage refused: said with the first write.
    }
  }

  /** Counts the loads: a write queued ahead of a load belongs to the game that load replaced. */
  let generation = 0;
  /** A change of the board (its `change` event), as seen when it happens:
   * the page keeps the changes ahead of this module's arrival and hands them over in order.
   * @param {BoardChange} change */
  function changed({ kind, ply, link, variation }) {
    if (link) {
      syncLinks();
      return;
    }
    if (variation) return; // an analysis variation: the game it left is what counts
    if (kind === 'load') {
      const gen = ++generation;
      current = null;
      loadedPly = ply;
      assistedSinceLoad = false;
      chain = chain.then(() => (gen === generation ? adopt() : undefined));
      return;
    }
    if (kind === 'undo') assistedSinceLoad = true;
    const gen = generation;
    chain = chain
      .then(() => {
        if (gen !== generation || linkActive() || mainline()) return;
        if (!current && (kind !== 'move' || !opponentNow())) return; // a record starts with a move played here
        current = recordNow();
        unsaved.set(current.id, current);
      })
      .then(flush);
  }

  /** Finished games by link, stored once over (a deleted one is not brought back). */
  async function syncLinks() {
    let over;
    try {
      const { loadLinks } = await import('../link/store.js');
      over = loadLinks().games.filter((g) => g.end || g.result);
    } catch {
      return; // no list to read (its module did not load): nothing to add
    }
    if (!over.length) return;
    try {
      const s = await store();
      const deleted = await s.deletedIds();
      const engine = await loadEngine();
      for (const g of over) {
        const id = `link-${g.id}`;
        if (deleted.has(id)) continue;
        const stored = await s.get(id);
        if (stored?.outcome && stored.moves.length === g.moves.length) continue;
        let outcome;
        if (g.end?.kind === 'resign') outcome = { winner: /** @type {0 | 1} */ (1 - g.end.side), reason: 'resigned' };
        else if (g.end?.kind === 'agree') outcome = { winner: null, reason: 'agreed' };
        else {
          const replay = engine.Game.load(g.position, g.moves, g.rules);
          try {
            const o = replay.outcome();
            const sides = replay.sides();
            outcome = o ? { winner: /** @type {0 | 1 | null} */ (o.winner ? sides.indexOf(o.winner) : null), reason: o.reason } : null;
          } finally {
            replay.free();
          }
        }
        if (!outcome) continue;
        await keep({
          format: 2,
          id,
          game: g.game,
          position: g.position,
          rules: g.rules,
          moves: g.moves,
          opponent: { kind: 'link', name: g.names[1 - g.you] ?? '' },
          you: g.you,
          outcome,
          started: stored?.started ?? g.updated,
          updated: g.updated,
          fromPly: 0,
          assisted: false,
          source: 'link',
        });
      }
    } catch (err) {
      refused(err);
    }
  }

  return {
    changed,
    /** A hint is help: the game no longer measures the player alone. */
    hinted() {
      assistedSinceLoad = true;
    },
    store,
    syncLinks,
    /** The id of the game on the board, when the history has it. */
    get currentId() {
      return current?.id ?? null;
    },
    /** Waits for the writes queued so far. */
    settled: () => chain,
    /** The record of the game on the board is deleted: a move played on starts a new one. */
    forget(id) {
      unsaved.delete(id);
      if (current?.id !== id) return;
      current = null;
      loadedPly = board.ply;
    },
  };
}
