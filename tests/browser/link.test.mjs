// Games by link, under node with the real engine: the link fragment
// (www/link/codec.js), the list of link games (www/link/store.js), and a
// short run of the decoder fuzzing (the long one: tests/browser/fuzz-decoders.mjs).
import fs from 'node:fs';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { DEFAULT_RULES, MAX_LINK, formatLink, linkFor, parseLink, replayLink } from '../../www/link/codec.js';
import { compareLink, parseLinks } from '../../www/link/store.js';
import { fuzzDecoders } from './lib/fuzz-decoders.mjs';

const PKG = new URL('../../www/pkg/', import.meta.url);
const engine = await import(new URL('sowboard_ai.js', PKG));
await engine.default({ module_or_path: fs.readFileSync(new URL('sowboard_ai_bg.wasm', PKG)) });

/** @returns {import('../../www/link/codec.js').Link} */
const sample = (over = {}) => ({
  id: 'abc123xyz',
  game: 'intermedium',
  position: null,
  rules: { ...DEFAULT_RULES },
  code: 'A',
  sender: 1,
  names: ['Ann', 'Bo Ek'],
  end: null,
  drawOffer: null,
  ...over,
});

/** A game of `plies` moves chosen by the AI at level 1 (fewer if it ends sooner). */
function aiGame(kind, plies, seed = 1, rules = undefined) {
  const g = new engine.Game(kind, rules);
  while (g.ply < plies && !g.outcome()) g.play(/** @type {string} */ (g.aiMove(1, seed + g.ply)));
  const moves = g.moves();
  g.free();
  return moves;
}

test('link: a fragment reads back to the same link, every field', () => {
  const links = [
    sample(),
    sample({
      game: 'cash-in-hand',
      sender: 0,
      names: ['', 'Zoë & “Max”?#='],
      end: 'resign',
      rules: { firstMoveRule: false, quietLimit: 0, repetitionDraw: false },
    }),
    sample({
      position:
        'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 red 0 1',
      drawOffer: 0,
      end: null,
    }),
    sample({ end: 'agree', code: 'Ci-_9z' }),
  ];
  for (const link of links) {
    const back = parseLink(formatLink(link));
    assertEqual(back, { link }, `round trip of ${formatLink(link)}`);
  }
});

test('link: damaged, foreign, newer-version and over-long fragments are refused in words', () => {
  const good = formatLink(sample());
  const cases = [
    ['', /not a link/],
    ['#p=intermedium', /not a link/],
    [good.replace('l=1', 'l=2'), /newer version/],
    [good.replace('l=1', 'l=x'), /no valid version/],
    [good.replace('id=abc123xyz', 'id=A!'), /id/],
    [good.replace('g=intermedium', 'g=chess'), /no game/],
    [good.replace('r=1.100.1', 'r=2.1.1'), /rule options/],
    [good.replace('m=A', 'm=A*B'), /moves/],
    [good.replace('s=1', 's=7'), /which side/],
    [`${good}&zz=1`, /unknown part/],
    [`${good}&m=B`, /twice/],
    [`${good}&e=x`, /ends the game/],
    [`${good}&d=-1`, /draw offer/],
    [`${good}&n0=${'x'.repeat(41)}`.replace('n0=Ann&', ''), /name/],
    [good.replace('m=A', `m=${'A'.repeat(MAX_LINK)}`), /characters long/],
    [`${good}&p=cash-in-hand%2032`, /start position/],
  ];
  for (const [hash, why] of cases) {
    const r = parseLink(hash);
    assert('error' in r && why.test(r.error), `${hash.slice(0, 60)}: ${JSON.stringify(r)}`);
  }
});

test('link: the engine replays the moves; a tampered code is refused naming the move', () => {
  const moves = aiGame('intermedium', 12);
  const position = engine.startPosition('intermedium');
  const fragment = linkFor(engine, { ...sample(), position, moves });
  const parsed = parseLink(fragment);
  assert('link' in parsed, 'parsed');
  const { link } = /** @type {any} */ (parsed);
  assertEqual(replayLink(engine, link), { position, moves }, 'replayed');
  // Every one-character change is refused with words, or replays legal moves (the engine's own).
  let refused = 0;
  for (let i = 0; i < link.code.length; i++) {
    for (const c of ['A', 'z', '_']) {
      const code = link.code.slice(0, i) + c + link.code.slice(i + 1);
      const r = replayLink(engine, { ...link, code });
      if ('error' in r) {
        refused++;
        assert(/its moves are damaged: /.test(r.error), r.error);
      } else engine.Game.load(position, r.moves).free(); // legal: the engine replays them again
    }
  }
  assert(refused > 0, 'some tampered codes are refused');
  const truncated = replayLink(engine, { ...link, code: link.code.slice(0, -3) });
  assert('error' in truncated && /move \d+/.test(truncated.error), JSON.stringify(truncated));
  const offer = replayLink(engine, { ...link, drawOffer: 3 });
  assert('error' in offer && /draw offer/.test(offer.error), 'a draw offer for another ply');
});

/** A game of exactly `plies` moves, each a random walk through the engine's
 * move builder (no draw rules, so that it lasts); null if it ended sooner. */
function randomGame(kind, plies, seed) {
  let s = seed;
  const pick = (n) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
  const g = new engine.Game(kind, { quietLimit: 0, repetitionDraw: false });
  while (g.ply < plies && !g.outcome()) {
    for (let b = g.build(); b.stage !== 'done'; b = g.build()) {
      if (b.stage === 'origin') g.selectOrigin(b.origins[pick(b.origins.length)]);
      else if (b.stage === 'count') g.pickUp(b.counts[pick(b.counts.length)]);
      else if (b.stage === 'step') {
        const o = b.steps[pick(b.steps.length)];
        g.step(o.cell, o.drops[pick(o.drops.length)]);
      } else g.place(b.places[pick(b.places.length)], b.toPlace);
    }
    g.commit();
  }
  const moves = g.ply === plies ? g.moves() : null;
  g.free();
  return moves;
}

test('link: a 100-ply game fits well under 2,000 characters of URL in both games', () => {
  const url = (kind, moves) =>
    `https://example.org/games/sowboard/${linkFor(engine, {
      ...sample({ game: kind, rules: { firstMoveRule: true, quietLimit: 0, repetitionDraw: false } }),
      position: engine.startPosition(kind),
      moves,
    })}`;
  for (const kind of ['intermedium', 'cash-in-hand']) {
    const lengths = [];
    for (let seed = 1; lengths.length < 5 && seed < 40; seed++) {
      const moves = randomGame(kind, 100, seed);
      if (moves) lengths.push(url(kind, moves).length);
    }
    // Games the AI plays (level 1, no draw rules, four seeds): those that reach
    // 100 plies, cut there (most Cash in Hand games do; most Intermedium games
    // end sooner), so the longest is also given per 100 plies. Four games, not
    // more: each is up to 100 level-1 searches in wasm, and a code that grows
    // per ply shows in any of them.
    const rules = { firstMoveRule: true, quietLimit: 0, repetitionDraw: false };
    const games = Array.from({ length: 4 }, (_, i) => aiGame(kind, 100, 1000 * (i + 1), rules));
    const full = games.filter((m) => m.length === 100).map((m) => url(kind, m).length);
    const longest = games.reduce((a, b) => (b.length > a.length ? b : a));
    const per100 = Math.round((url(kind, longest).length / longest.length) * 100);
    console.log(
      `     ${kind}: 100 random plies in ${lengths.join(', ')} URL characters; AI games: ${full.length} of ${games.length} reach 100 plies${full.length ? ` (${full.join(', ')} characters)` : ''}, the others end after ${games
        .filter((m) => m.length < 100)
        .map((m) => m.length)
        .join(', ')} plies; the longest, ${longest.length} plies, in ${url(kind, longest).length} (${per100} per 100 plies)`,
    );
    assert(lengths.length === 5 && Math.max(...lengths) < 1000, `${kind}: random games ${lengths}`);
    assert(full.every((n) => n < 1000) && per100 < 1500, `${kind}: AI games ${full} / ${per100} per 100 plies`);
  }
});

test('link store: records are checked field by field; a damaged list is refused as a whole', () => {
  const game = {
    id: 'abc123xyz',
    game: 'intermedium',
    position: engine.startPosition('intermedium'),
    rules: { ...DEFAULT_RULES },
    moves: ['a4-b5-a6-b7-a8'],
    you: 1,
    names: ['Ann', ''],
    end: null,
    drawOffer: { ply: 1, side: 0 },
    updated: 1,
    toMove: 1,
    result: null,
  };
  const good = JSON.stringify({ version: 1, games: [game] });
  assertEqual(parseLinks(good), { games: [game] }, 'a good list');
  assertEqual(parseLinks(null), { games: [] }, 'no list');
  for (const bad of [
    '{',
    '[]',
    JSON.stringify({ version: 2, games: [] }),
    JSON.stringify({ version: 1, games: [game, game] }),
    good.replace('"you":1', '"you":2'),
    good.replace('"moves":["a4-b5-a6-b7-a8"]', '"moves":[3]'),
    good.replace('"end":null', '"end":{"kind":"resign"}'),
    good.replace('"quietLimit":100', '"quietLimit":-1'),
  ]) {
    const r = parseLinks(bad);
    assert(r.error && r.games.length === 0, `refused: ${bad.slice(0, 80)} -> ${JSON.stringify(r).slice(0, 80)}`);
  }
});

test('link store: an incoming game is new, the same, newer, older, another game, or a contradiction', () => {
  const position = engine.startPosition('intermedium');
  const local = { game: 'intermedium', position, rules: { ...DEFAULT_RULES }, moves: ['a', 'b', 'c'] };
  const inc = (moves, over = {}) => ({ game: 'intermedium', position, rules: { ...DEFAULT_RULES }, moves, ...over });
  const L = /** @type {any} */ (local);
  assertEqual(compareLink(undefined, inc([])), { kind: 'new' }, 'new');
  assertEqual(compareLink(L, inc(['a', 'b', 'c'])), { kind: 'same' }, 'same');
  assertEqual(compareLink(L, inc(['a', 'b', 'c', 'd'])), { kind: 'newer' }, 'newer');
  assertEqual(compareLink(L, inc(['a'])), { kind: 'older' }, 'older');
  assertEqual(compareLink(L, inc(['a', 'x', 'c', 'd'])), { kind: 'conflict', ply: 2 }, 'conflict');
  assertEqual(compareLink(L, inc(['a', 'b', 'c'], { rules: { ...DEFAULT_RULES, quietLimit: 50 } })), { kind: 'other-game' }, 'other rules');
  assertEqual(compareLink(L, inc(['a'], { game: 'cash-in-hand' })), { kind: 'other-game' }, 'other game');
});

test('link: fuzzing the decoders briefly (share links, saved games, link games, link lists)', () => {
  const counts = fuzzDecoders({ runs: 3000, engine });
  for (const [name, n] of Object.entries(counts)) assert(n >= 3000, `${name}: ${n} inputs`);
});

test("link: the engine's move-code functions refuse bad arguments with a code, and long claims", () => {
  const position = engine.startPosition('intermedium');
  const code = (fn) => {
    try {
      fn();
      return 'none';
    } catch (e) {
      return /** @type {any} */ (e).code;
    }
  };
  const message = (fn) => {
    try {
      fn();
      return 'none';
    } catch (e) {
      return /** @type {any} */ (e).message;
    }
  };
  assertEqual(
    code(() => engine.decodeMoves(position, /** @type {any} */ (5))),
    'bad-argument',
    'a number as code',
  );
  assertEqual(
    code(() => engine.decodeMoves(position, 'A'.repeat(70_000))),
    'too-long',
    'an over-long code',
  );
  assertEqual(
    code(() => engine.decodeMoves('chess', 'A')),
    'bad-position',
    'no position',
  );
  assertEqual(
    code(() => engine.decodeMoves(position, 'A*')),
    'move-code',
    'a bad character',
  );
  // 10,001 moves claimed: refused before any is replayed.
  assert(/claims 575025 moves, more than 10000/.test(message(() => engine.decodeMoves(position, 'xxxR'))), 'too many moves claimed');
  assertEqual(
    code(() => engine.encodeMoves(position, ['a4-a5'])),
    'wrong-path-length',
    'an illegal move to encode',
  );
  assertEqual(engine.decodeMoves(position, engine.encodeMoves(position, [])), [], 'no moves');
});
