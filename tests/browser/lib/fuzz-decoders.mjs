// Property-based fuzzing (fast-check) of the page's decoders: the share link
// (`fromFragment`), the saved game (`parseSave`), the link of a game by link
// (`parseLink`, then `replayLink` through the engine) and the stored list of
// link games (`parseLinks`). Each gets random text and near-valid inputs
// (valid ones with fields replaced by anything); the properties: never
// throw, answer in the documented shape, and what is accepted reads back the same.
import fc from 'fast-check';
import { fromFragment, toFragment } from '../../../www/app/fragment.js';
import { parseSave } from '../../../www/app/save.js';
import { DEFAULT_RULES, formatLink, parseLink, replayLink } from '../../../www/link/codec.js';
import { parseLinks } from '../../../www/link/store.js';

const POSITION =
  'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1';
const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Anything JSON can hold, and the odd values JSON cannot. */
const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(undefined, NaN, Infinity, -0, 1e308, '', '0'));
const urlText = fc.string({ unit: fc.constantFrom(...'#&=;.%-_ +lpmsdegnr0123456789aAzZ:,/'.split('')), maxLength: 80 });
const code = fc.string({ unit: fc.constantFrom(...CODE_CHARS.split('')), minLength: 1, maxLength: 40 });

const link = fc.record({
  id: fc.stringMatching(/^[a-z0-9]{6,16}$/),
  game: fc.constantFrom('intermedium', 'cash-in-hand'),
  position: fc.constant(null),
  rules: fc.record({ firstMoveRule: fc.boolean(), quietLimit: fc.nat(100_000), repetitionDraw: fc.boolean() }),
  code,
  sender: fc.constantFrom(0, 1),
  names: fc.tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 })),
  end: fc.constantFrom(null, 'resign', 'agree'),
  drawOffer: fc.option(fc.nat(200), { nil: null }),
});

/** A valid link's fragment with one of its `k=v` parts replaced, dropped or doubled. */
const nearLink = fc.tuple(link, fc.nat(), fc.nat(3), urlText).map(([l, i, how, junk]) => {
  const parts = formatLink(l).slice(1).split('&');
  const at = i % parts.length;
  if (how === 0) parts[at] = `${parts[at].split('=')[0]}=${junk}`;
  else if (how === 1) parts.splice(at, 1);
  else if (how === 2) parts.push(parts[at]);
  else parts[at] = junk;
  return `#${parts.join('&')}`;
});

const save = fc.record(
  {
    version: fc.oneof(fc.constant(1), anything),
    game: fc.oneof(fc.constantFrom('intermedium', 'cash-in-hand'), anything),
    position: fc.oneof(fc.string(), anything),
    moves: fc.oneof(fc.array(fc.string(), { maxLength: 5 }), anything),
    mode: fc.oneof(fc.constantFrom('ai', 'hotseat', 'demo'), anything),
    side: fc.oneof(fc.constantFrom('first', 'second'), anything),
    level: fc.oneof(fc.integer({ min: 0, max: 9 }), anything),
    levels: fc.oneof(fc.constant(undefined), fc.constant(8), anything),
    animation: fc.oneof(fc.boolean(), anything),
    tab: fc.oneof(fc.string(), anything),
    rev: fc.oneof(fc.nat(), anything),
  },
  { requiredKeys: [] },
);

const linkGame = fc.record(
  {
    id: fc.oneof(fc.stringMatching(/^[a-z0-9]{6,16}$/), anything),
    game: fc.oneof(fc.constant('intermedium'), anything),
    position: fc.oneof(fc.constant(POSITION), anything),
    rules: fc.oneof(fc.constant(DEFAULT_RULES), anything),
    moves: fc.oneof(fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }), anything),
    you: fc.oneof(fc.constantFrom(0, 1), anything),
    names: fc.oneof(fc.tuple(fc.string(), fc.string()), anything),
    end: fc.oneof(fc.constantFrom(null, { kind: 'agree' }, { kind: 'resign', side: 1 }), anything),
    drawOffer: fc.oneof(fc.constant(null), fc.record({ ply: fc.nat(), side: fc.constantFrom(0, 1) }), anything),
    updated: fc.oneof(fc.nat(), anything),
    toMove: fc.oneof(fc.constantFrom(0, 1), anything),
    result: fc.oneof(fc.constant(null), anything),
  },
  { requiredKeys: [] },
);

/** `JSON.stringify` that may give undefined (for `undefined`): the stored text is then null. */
const text = (v) => JSON.stringify(v) ?? null;

/**
 * Runs every decoder property `runs` times; returns the inputs tried per decoder.
 * @param {{runs: number, engine: any, seed?: number, log?: (name: string, inputs: number, ms: number) => void}} options
 */
export function fuzzDecoders({ runs, engine, seed, log }) {
  /** @type {Record<string, number>} */
  const counts = {};
  const check = (name, arb, property) => {
    counts[name] = 0;
    const started = Date.now();
    fc.assert(
      fc.property(arb, (input) => {
        counts[name]++;
        property(input);
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
    log?.(name, counts[name], Date.now() - started);
  };

  check(
    'share link (fromFragment)',
    fc.oneof(
      fc.string({ maxLength: 200 }),
      urlText.map((t) => `#${t}`),
      fc.tuple(fc.string(), fc.array(fc.string(), { maxLength: 4 })).map(([p, m]) => toFragment({ position: p, moves: m })),
    ),
    (hash) => {
      const r = fromFragment(hash);
      if (
        r !== null &&
        (typeof r.position !== 'string' ||
          !r.position ||
          !Array.isArray(r.moves) ||
          !r.moves.every((m) => typeof m === 'string' && m.length > 0))
      ) {
        throw new Error(`bad shape ${JSON.stringify(r)}`);
      }
    },
  );

  check('saved game (parseSave)', fc.oneof(fc.string({ maxLength: 200 }), save.map(text), anything.map(text)), (stored) => {
    const r = parseSave(stored);
    const keys = Object.keys(r).sort().join();
    if (!['', 'error', 'stamp,state'].includes(keys)) throw new Error(`bad shape ${keys}`);
    if (r.state) {
      // As `saveGame` writes it (eight levels: a five-level save's levels are read as today's).
      const again = parseSave(JSON.stringify({ version: 1, levels: 8, ...r.state }));
      if (JSON.stringify(again.state) !== JSON.stringify(r.state)) throw new Error('an accepted save does not read back the same');
    }
  });

  check(
    'link (parseLink)',
    fc.oneof(
      fc.string({ maxLength: 200 }),
      urlText.map((t) => `#l=1&${t}`),
      nearLink,
      link.map(formatLink),
    ),
    (hash) => {
      const r = parseLink(hash);
      if ('error' in r) {
        if (typeof r.error !== 'string' || !r.error) throw new Error('an error without words');
        return;
      }
      const again = parseLink(formatLink(r.link));
      if (JSON.stringify(again) !== JSON.stringify(r)) throw new Error(`does not read back the same: ${hash}`);
    },
  );

  check('link moves (replayLink, engine)', link, (l) => {
    const r = replayLink(engine, l);
    if ('error' in r) {
      if (typeof r.error !== 'string' || !r.error) throw new Error('an error without words');
      return;
    }
    // Accepted moves are legal: the engine replays them as text too.
    engine.Game.load(r.position, r.moves, l.rules).free();
  });

  check(
    'link games list (parseLinks)',
    fc.oneof(
      fc.string({ maxLength: 200 }),
      anything.map(text),
      fc.array(linkGame, { maxLength: 3 }).map((games) => text({ version: 1, games })),
    ),
    (stored) => {
      const r = parseLinks(stored);
      if (!Array.isArray(r.games) || (r.error !== undefined && typeof r.error !== 'string')) throw new Error('bad shape');
      if (!r.error && r.games.length) {
        const again = parseLinks(JSON.stringify({ version: 1, games: r.games }));
        if (JSON.stringify(again) !== JSON.stringify(r)) throw new Error('an accepted list does not read back the same');
      }
    },
  );
  return counts;
}
