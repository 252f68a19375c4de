// The player's games, kept in this browser's IndexedDB (nothing leaves it).
// One record per game, by a random id; every write is one transaction on
// that record, so tabs writing at once each keep their own games.
//
// Schema versions (the database's version number):
//   1  store `games`: records of format 1 (moves as one `;`-joined text,
//      the opponent as a short text, the result as "1-0", "0-1", "1/2-1/2"
//      or "*", the date as ISO text).
//   2  `games` holds format 2 (`validRecord` below); `aside` keeps every
//      record that cannot be read, with the reason, never deleting it;
//      `deleted` remembers deleted games by link (their list in
//      www/link/store.js would bring them back otherwise).
// Opening a version-1 database converts its records in the upgrade
// transaction; a record that does not convert goes to `aside`.

import { LEVEL_RATINGS } from './ratings.js';

export const DB_NAME = 'sowboard-history';
export const DB_VERSION = 2;
const GAMES = ['intermedium', 'cash-in-hand'];

/**
 * @typedef {{kind: 'ai', level: number, rating: number | null} | {kind: 'hotseat'} | {kind: 'link', name: string}} Opponent
 * @typedef {object} GameRecord
 * @property {2} format
 * @property {string} id
 * @property {string} game  `intermedium` or `cash-in-hand`
 * @property {string} position  the start position
 * @property {import('../pkg/sowboard.js').RuleOptions} rules
 * @property {string[]} moves
 * @property {Opponent} opponent  the AI's level (and its rating when played), two players, or a friend by link
 * @property {0 | 1 | null} you  the side played here (index, first player 0); null for two players
 * @property {{winner: 0 | 1 | null, reason: string} | null} outcome  null while the game runs (or when it is left unfinished)
 * @property {number} started  ms since 1970
 * @property {number} updated
 * @property {number} fromPly  the ply the game is taken up at (0: played from its start here)
 * @property {boolean} assisted  a takeback, a hint, or the analysis during the game
 * @property {'play' | 'import' | 'link'} source
 */

/** A stored value checked field by field; throws naming what is wrong. @returns {GameRecord} */
export function validRecord(r) {
  const fail = (what) => {
    throw new Error(`damaged (${what})`);
  };
  if (!r || typeof r !== 'object' || Array.isArray(r)) fail('not an object');
  if (r.format !== 2) fail(`unknown format ${JSON.stringify(r.format)}`);
  if (typeof r.id !== 'string' || !/^[a-z0-9:-]{4,40}$/.test(r.id)) fail('id');
  if (!GAMES.includes(r.game)) fail('game');
  if (typeof r.position !== 'string' || r.position.length > 2000 || !r.position.startsWith(`${r.game} `)) fail('position');
  if (!r.rules || typeof r.rules !== 'object' || Array.isArray(r.rules)) fail('rules');
  if (!Array.isArray(r.moves) || r.moves.length > 100_000 || !r.moves.every((m) => typeof m === 'string' && m.length < 4096)) fail('moves');
  const o = r.opponent;
  const opponentOk =
    o?.kind === 'hotseat' ||
    (o?.kind === 'ai' && Number.isInteger(o.level) && o.level >= 1 && o.level <= 8 && (o.rating === null || Number.isFinite(o.rating))) ||
    (o?.kind === 'link' && typeof o.name === 'string' && o.name.length <= 40);
  if (!opponentOk) fail('opponent');
  if (!(r.you === 0 || r.you === 1 || r.you === null)) fail('side');
  const out = r.outcome;
  if (out !== null && !(out && [0, 1, null].includes(out.winner) && typeof out.reason === 'string' && out.reason.length < 40))
    fail('outcome');
  if (!Number.isFinite(r.started) || !Number.isFinite(r.updated)) fail('time');
  if (!Number.isInteger(r.fromPly) || r.fromPly < 0) fail('fromPly');
  if (typeof r.assisted !== 'boolean') fail('assisted');
  if (!['play', 'import', 'link'].includes(r.source)) fail('source');
  return /** @type {GameRecord} */ (r);
}

/** A format-1 record as format 2; throws naming what cannot be converted. @returns {GameRecord} */
export function fromFormat1(r) {
  const fail = (what) => {
    throw new Error(`a version-1 record is damaged (${what})`);
  };
  if (!r || typeof r !== 'object') fail('not an object');
  if (typeof r.moves !== 'string') fail('moves');
  const moves = r.moves
    .split(';')
    .map((m) => m.trim())
    .filter(Boolean);
  /** @type {Opponent} */
  let opponent;
  const ai = /^ai:([1-8])$/.exec(r.opponent ?? '');
  if (ai) {
    const level = Number(ai[1]);
    // Format 1 kept no rating: the level's rating of this version stands in.
    opponent = { kind: 'ai', level, rating: LEVEL_RATINGS[r.game]?.[level - 1] ?? null };
  } else if (r.opponent === 'hotseat') opponent = { kind: 'hotseat' };
  else if (typeof r.opponent === 'string' && r.opponent.startsWith('link:')) opponent = { kind: 'link', name: r.opponent.slice(5, 45) };
  else throw new Error('a version-1 record is damaged (opponent)');
  const results = { '1-0': 0, '0-1': 1, '1/2-1/2': null };
  if (!(r.result in results) && r.result !== '*') fail('result');
  const when = Date.parse(r.date);
  if (!Number.isFinite(when)) fail('date');
  return validRecord({
    format: 2,
    id: r.id,
    game: r.game,
    position: r.start,
    rules: r.rules ?? {},
    moves,
    opponent,
    you: r.side ?? null,
    outcome: r.result === '*' ? null : { winner: results[r.result], reason: 'recorded' },
    started: when,
    updated: when,
    fromPly: 0,
    assisted: false,
    source: 'play',
  });
}

/** A request's result as a promise. @template T @param {IDBRequest<T>} req @returns {Promise<T>} */
const done = (req) =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/** A transaction's end as a promise (a write is stored only once it completes). @param {IDBTransaction} tx */
const finished = (tx) =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(undefined);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('The write was aborted.', 'AbortError'));
  });

/** Why storage refused, in words. */
export function refusal(err) {
  const name = /** @type {any} */ (err)?.name;
  if (name === 'QuotaExceededError') return 'its storage is full';
  if (name === 'VersionError') return 'the history was written by a newer version of sowboard (reload to get it)';
  return 'it does not allow this site to store data';
}

/** Converts the records of an older schema, inside the upgrade transaction. @param {IDBTransaction} tx */
function migrate(db, tx, oldVersion) {
  if (oldVersion < 1) db.createObjectStore('games', { keyPath: 'id' });
  if (oldVersion < 2) {
    const aside = db.createObjectStore('aside', { autoIncrement: true });
    db.createObjectStore('deleted', { keyPath: 'id' });
    if (oldVersion === 1) {
      const games = tx.objectStore('games');
      games.openCursor().onsuccess = (e) => {
        const cursor = /** @type {IDBCursorWithValue | null} */ (/** @type {IDBRequest} */ (e.target).result);
        if (!cursor) return;
        try {
          cursor.update(fromFormat1(cursor.value));
        } catch (err) {
          aside.add({ record: cursor.value, error: /** @type {Error} */ (err).message, when: Date.now() });
          cursor.delete();
        }
        cursor.continue();
      };
    }
  }
}

/** Opens the history (creating or converting it). Rejects when the browser refuses storage. */
export function openHistory() {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (err) {
      reject(err); // no IndexedDB at all, or refused outright
      return;
    }
    req.onupgradeneeded = (e) => migrate(req.result, /** @type {IDBTransaction} */ (req.transaction), e.oldVersion);
    req.onsuccess = () => {
      const db = req.result;
      // A newer version of the page in another tab wants to convert the
      // history: this one steps aside (its next write reopens).
      db.onversionchange = () => db.close();
      resolve(new HistoryStore(db));
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => {
      /* another tab holds the old version open: the open goes on once it closes */
    };
  });
}

export class HistoryStore {
  /** @param {IDBDatabase} db */
  constructor(db) {
    this.db = db;
  }

  /** Stores one game (over the record with its id, if any). @param {GameRecord} record */
  async put(record) {
    const tx = this.db.transaction('games', 'readwrite');
    tx.objectStore('games').put(validRecord(record));
    await finished(tx);
  }

  /** Stores several games at once, keeping those already here (an import). Resolves to how many were new.
   * @param {GameRecord[]} records */
  async addMissing(records) {
    records.forEach(validRecord); // all checked, then written
    const tx = this.db.transaction('games', 'readwrite');
    const games = tx.objectStore('games');
    let added = 0;
    for (const record of records) {
      const key = await done(games.getKey(record.id));
      if (key === undefined) {
        games.put(record);
        added++;
      }
    }
    await finished(tx);
    return added;
  }

  /** One game, or null. @param {string} id */
  async get(id) {
    const value = await done(this.db.transaction('games').objectStore('games').get(id));
    try {
      return value ? validRecord(value) : null;
    } catch {
      return null;
    }
  }

  /**
   * Every readable game, newest first, and how many records are kept aside.
   * A record that fails its check is moved aside here (kept whole, with the
   * reason), never deleted; `newlyAside` counts those moved by this call.
   * @returns {Promise<{games: GameRecord[], aside: number, newlyAside: string[]}>}
   */
  async all() {
    const tx = this.db.transaction(['games', 'aside'], 'readwrite');
    const games = tx.objectStore('games'),
      aside = tx.objectStore('aside');
    const values = await done(games.getAll());
    const keys = await done(games.getAllKeys()); // in the same order
    /** @type {GameRecord[]} */
    const good = [];
    const newlyAside = [];
    for (const [i, value] of values.entries()) {
      try {
        good.push(validRecord(value));
      } catch (err) {
        const reason = `${value?.id ?? 'a game'}: ${/** @type {Error} */ (err).message}`;
        aside.add({ record: value, error: reason, when: Date.now() });
        games.delete(keys[i]);
        newlyAside.push(reason);
      }
    }
    const count = await done(aside.count());
    await finished(tx);
    good.sort((a, b) => b.started - a.started);
    return { games: good, aside: count, newlyAside };
  }

  /** The records kept aside, as stored. @returns {Promise<{record: any, error: string, when: number}[]>} */
  async asideRecords() {
    return done(this.db.transaction('aside').objectStore('aside').getAll());
  }

  /** Deletes games; a game by link is remembered as deleted (its link list would bring it back).
   * @param {string[]} ids */
  async remove(ids) {
    const tx = this.db.transaction(['games', 'deleted'], 'readwrite');
    for (const id of ids) {
      tx.objectStore('games').delete(id);
      if (id.startsWith('link-')) tx.objectStore('deleted').put({ id });
    }
    await finished(tx);
  }

  /** The ids of deleted games by link. @returns {Promise<Set<string>>} */
  async deletedIds() {
    const keys = await done(this.db.transaction('deleted').objectStore('deleted').getAllKeys());
    return new Set(/** @type {string[]} */ (keys));
  }
}
