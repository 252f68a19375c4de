// The history as one file: the games one after another, each in the engine's
// game text format (Game.exportText: the start position, then one move per
// line), each after a comment line `# sowboard-game {...}` that holds what
// the format has no place for (date, opponent, the side played, a
// resignation, an id). The engine skips `#` lines, so every game of the
// file reads as a game alone too; records kept aside follow as
// `# sowboard-aside {...}` lines. A text with no such comment line (the Share
// dialog's text) is read as one game.

import { newRecordId } from './history-record.js';
import { validRecord } from './history-store.js';
import { plainError } from './words.js';

/** @typedef {import('./history-store.js').GameRecord} GameRecord */
/** @typedef {typeof import('../pkg/sowboard.js')} Engine */

const GAME_LINE = '# sowboard-game ';
const ASIDE_LINE = '# sowboard-aside ';

/** The file's text: every game, oldest first, then the records kept aside.
 * @param {Engine} engine @param {GameRecord[]} records @param {any[]} aside */
export function historyText(engine, records, aside) {
  const parts = ['# sowboard: my games. Each game: a comment line with its details, then the engine’s game record.\n'];
  for (const r of [...records].sort((a, b) => a.started - b.started)) {
    const { moves, position, ...details } = r;
    const g = engine.Game.load(position, moves, r.rules);
    try {
      parts.push(`\n${GAME_LINE}${JSON.stringify(details)}\n${g.exportText()}`);
    } finally {
      g.free();
    }
  }
  for (const a of aside) parts.push(`\n${ASIDE_LINE}${JSON.stringify(a)}\n`);
  return parts.join('');
}

/**
 * The games of a file, each replayed by the engine. A game that cannot be
 * read is named with the reason; the others are still returned.
 * @param {Engine} engine @param {string} text
 * @returns {{games: GameRecord[], errors: string[]}}
 */
export function readHistoryText(engine, text) {
  /** @type {{details: any, lines: string[]}[]} */
  const chunks = [{ details: null, lines: [] }];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith(GAME_LINE)) {
      let details;
      try {
        details = JSON.parse(line.slice(GAME_LINE.length));
      } catch {
        details = { damaged: true };
      }
      chunks.push({ details, lines: [] });
    } else if (!line.startsWith(ASIDE_LINE)) {
      chunks.at(-1)?.lines.push(line);
    }
  }
  const games = [],
    errors = [];
  const now = Date.now();
  let n = 0;
  for (const { details, lines } of chunks) {
    const body = lines.join('\n');
    // The text ahead of the first game line: a game only if it has more than comments.
    if (!details && !lines.some((l) => l.trim() && !l.trim().startsWith('#'))) continue;
    n++;
    try {
      if (details?.damaged) throw new Error('its details line is not readable');
      const rules = details?.rules ?? {};
      const g = engine.Game.importText(body, rules);
      try {
        const o = g.outcome();
        const sides = g.sides();
        const engineOutcome = o ? { winner: o.winner ? sides.indexOf(o.winner) : null, reason: o.reason } : null;
        const base = details ?? {
          format: 2,
          id: newRecordId(),
          opponent: { kind: 'hotseat' },
          you: null,
          outcome: null,
          started: now,
          updated: now,
          fromPly: g.ply,
          assisted: false,
          source: 'import',
        };
        games.push(
          validRecord({
            ...base,
            format: 2,
            game: g.gameName,
            position: g.startPosition(),
            rules,
            moves: g.moves(),
            // The rules' verdict stands; the details keep only what the rules cannot say (a resignation, a draw agreed).
            outcome: engineOutcome ?? base.outcome,
          }),
        );
      } finally {
        g.free();
      }
    } catch (err) {
      errors.push(`game ${n}: ${plainError(err)}`);
    }
  }
  return { games, errors };
}
