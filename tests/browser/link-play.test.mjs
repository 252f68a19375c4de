// "Play a friend by link" (issue 14) in headless Chromium: two people, each in
// a browser of their own (separate storage), play by passing links; links
// that are tampered, stale, contradicting, for another game, garbage or
// over-long are refused or handled as docs/web-app.md says, and nothing stored
// is lost. Screenshots on a phone and a desktop.
import { test, assert, assertEqual } from './lib/harness.mjs';
import { launch, watchErrors } from './lib/browser.mjs';
import { appReady, clickCell } from './lib/page.mjs';

const SOON = { timeout: 8000 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A person: a browser of their own with the app open. */
async function person(ctx, options = {}) {
  const { context, close } = await launch(options);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(ctx.url);
  await appReady(page);
  return { page, errors, close };
}

/** Starts a game by link from the dialog. */
async function startFriendGame(
  page,
  { game = 'intermedium', side = '0', you = '', them = '', quiet = '100', firstMoveRule = true, repetitionDraw = true } = {},
) {
  await page.click('#friend-new');
  await page.waitForSelector('#friend-dialog[open]');
  await page.selectOption('#friend-kind', game);
  await page.selectOption('#friend-side', side);
  await page.fill('#friend-you', you);
  await page.fill('#friend-them', them);
  await page.fill('#friend-quiet', quiet);
  await page.setChecked('#friend-fmr', firstMoveRule);
  await page.setChecked('#friend-rep', repetitionDraw);
  await page.click('#friend-start');
  // The page may show a link game already, so the panel being visible says
  // nothing: wait until the board holds the new game (no moves, its sides).
  const first = { intermedium: 'blue', 'cash-in-hand': 'white' }[game];
  await page.waitForFunction(
    (side) => {
      const board = /** @type {any} */ (document.querySelector('#board'));
      return (
        !document.getElementById('friend-game').hidden &&
        !(/** @type {HTMLDialogElement} */ (document.getElementById('friend-dialog')).open) &&
        board.moves.length === 0 &&
        board.sides[0] === side
      );
    },
    first,
    SOON,
  );
}

/** The link on offer, once it is shown. */
async function linkToSend(page) {
  await page.waitForSelector('#friend-send:not([hidden])', SOON);
  await page.waitForFunction(() => /#l=1&/.test(document.getElementById('friend-link').value), null, SOON);
  return page.inputValue('#friend-link');
}

/** Opens a link as the recipient does: pasted into the address bar of a page showing the app. */
async function openLink(page, url) {
  await page.goto(url);
  await appReady(page);
  await page.waitForFunction(() => !location.hash, null, SOON); // the app took it
}

const status = (page) => page.textContent('#friend-status');
const moves = (page) => page.evaluate(() => document.querySelector('#board').moves);
const stored = (page) =>
  page.evaluate(() => ({ links: localStorage.getItem('sowboard.links'), save: localStorage.getItem('sowboard.save') }));
const noticeText = async (page) => {
  await page.waitForSelector('#notice:not([hidden])', SOON);
  return page.textContent('#notice');
};
const hideNotice = (page) =>
  page.evaluate(() => {
    document.getElementById('notice').hidden = true;
  });
const play = (page, move) => page.evaluate((m) => document.querySelector('#board').play(m), move);
const waitPly = (page, n) => page.waitForFunction((k) => document.querySelector('#board').ply === k, n, SOON);

test('link play: two people play a whole game by passing links; the engine ends it; their own games are kept', async (ctx) => {
  const alice = await person(ctx);
  const bob = await person(ctx, PHONE);
  try {
    // Alice has a game of her own in progress: it must survive.
    await alice.page.selectOption('#mode', 'hotseat');
    await play(alice.page, 'a4-b5-a6-b7-a8');
    await alice.page.waitForFunction(() => JSON.parse(localStorage.getItem('sowboard.save')).moves.length === 1);
    const aliceOwn = (await stored(alice.page)).save;

    // A draw after 4 plies without a capture: a short game the engine ends.
    await startFriendGame(alice.page, { you: 'Alice', them: 'Bob', quiet: '4' });
    assert(/Your turn: you play Blue/.test(await status(alice.page)), await status(alice.page));
    assertEqual(await moves(alice.page), [], 'a new game on the board');
    for (const cell of 'c4-b3-a4-b5-c6'.split('-')) await clickCell(alice.page, cell);
    await waitPly(alice.page, 1);
    let url = await linkToSend(alice.page);
    assert(/Bob’s turn/.test(await status(alice.page)), await status(alice.page));
    // Alice cannot move for Bob: a click on his stack is refused, with the reason.
    await clickCell(alice.page, 'f8');
    await alice.page.waitForFunction(
      () => /your friend’s turn/.test(document.querySelector('#board').shadowRoot.querySelector('.flash')?.textContent ?? ''),
      null,
      SOON,
    );
    assertEqual(await moves(alice.page), ['c4-b3-a4-b5-c6'], 'Alice’s board keeps her move only');
    await alice.page.screenshot({ path: `${ctx.artifacts}/link-send-desktop.png` });

    const sequence = [
      [bob, 'f8-g7-f6-e7-f8'],
      [alice, 'g4-f5-g6-f7-g8'],
      [bob, 'c7-b6-a5-b4-a3'],
    ];
    let turn = 1;
    for (const [who, move] of sequence) {
      await openLink(who.page, url);
      await waitPly(who.page, turn);
      const s = await status(who.page);
      assert(/Your turn: you play/.test(s), `the recipient is told it is their turn: ${s}`);
      if (turn === 1) {
        assert(/Red/.test(s), 'Bob plays Red');
        assertEqual(await who.page.getAttribute('#board', 'player'), 'red', 'the board takes Bob’s moves only');
        await who.page.screenshot({ path: `${ctx.artifacts}/link-received-phone.png` });
      }
      await play(who.page, move);
      turn++;
      await waitPly(who.page, turn);
      url = await linkToSend(who.page);
      if (turn === 2) {
        // Bob's phone: the link to send, under the board, is brought into view after his move.
        await who.page.waitForFunction(
          () => {
            const r = document.getElementById('friend-copy').getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight + 1; // scrolled to a fraction of a pixel
          },
          null,
          SOON,
        );
        await who.page.screenshot({ path: `${ctx.artifacts}/link-send-phone.png` });
      }
    }
    // Bob's last move made the fourth quiet ply: the engine declared the draw.
    const over = await bob.page.evaluate(() => document.querySelector('#board').outcome);
    assertEqual(over?.reason, 'quiet-limit', 'the engine ends the game');
    assert(/Draw/.test(await status(bob.page)), await status(bob.page));
    await openLink(alice.page, url);
    await waitPly(alice.page, 4);
    assert(/Draw/.test(await status(alice.page)), `Alice sees the end: ${await status(alice.page)}`);
    assert(
      /Bob · Intermedium · over · 4 moves/.test(await alice.page.textContent('#friend-list')),
      await alice.page.textContent('#friend-list'),
    );
    await alice.page.screenshot({ path: `${ctx.artifacts}/link-over-desktop.png` });

    // Back to her own game: as she left it.
    await alice.page.click('#friend-leave');
    await alice.page.waitForFunction(() => document.querySelector('#board').moves.join() === 'a4-b5-a6-b7-a8', null, SOON);
    const game = (text) => {
      const { rev, ...rest } = JSON.parse(text);
      return rest;
    }; // the save counter aside
    assertEqual(game((await stored(alice.page)).save), game(aliceOwn), 'her own saved game untouched');
    assertEqual(alice.errors, [], 'no console errors (Alice)');
    assertEqual(bob.errors, [], 'no console errors (Bob)');
  } finally {
    await alice.close();
    await bob.close();
  }
});

test('link play: resign and a draw offer travel in the link; an offer accepted ends the game for both', async (ctx) => {
  const alice = await person(ctx);
  const bob = await person(ctx);
  try {
    await startFriendGame(alice.page, { side: '1', you: 'Alice', them: 'Bob', game: 'cash-in-hand' });
    // Alice plays second: her first link invites Bob, who moves first.
    let url = await linkToSend(alice.page);
    assert(/Bob’s turn \(White\)/.test(await status(alice.page)), await status(alice.page));
    await openLink(bob.page, url);
    await bob.page
      .waitForFunction(() => /Your turn: you play White/.test(document.querySelector('#friend-status')?.textContent ?? ''), null, SOON)
      .catch(() => {});
    assert(/Your turn: you play White/.test(await status(bob.page)), await status(bob.page));
    const first = await bob.page.evaluate(() => document.querySelector('#board').moves.length);
    assertEqual(first, 0, 'no moves yet');
    // Bob offers a draw on his turn: the offer goes with his move.
    await bob.page.click('#friend-draw');
    await bob.page.waitForFunction(
      () => /Your draw offer goes with your move/.test(document.getElementById('friend-status').textContent),
      null,
      SOON,
    );
    await play(bob.page, 'a8:24 b7:3 c6:6 d7:9 e6:1 f5:5');
    await waitPly(bob.page, 1);
    await bob.page.waitForFunction(() => /offers a draw/.test(document.getElementById('friend-status').textContent), null, SOON);
    url = await linkToSend(bob.page);
    assert(/&d=1/.test(url), `the offer is in the link: ${url}`);
    await openLink(alice.page, url);
    assert(/Bob offers a draw/.test(await status(alice.page)), await status(alice.page));
    await alice.page.click('#friend-accept');
    await alice.page.waitForFunction(() => /Draw agreed/.test(document.getElementById('friend-status').textContent), null, SOON);
    url = await linkToSend(alice.page);
    assert(/&e=a/.test(url), `the acceptance is in the link: ${url}`);
    await openLink(bob.page, url);
    assert(/Draw agreed/.test(await status(bob.page)), await status(bob.page));
    assert(await bob.page.isHidden('#friend-resign'), 'nothing more to do');

    // A new game: Bob resigns; Alice hears it by link.
    await startFriendGame(bob.page, { them: 'Alice' });
    await play(bob.page, 'a4-b5-a6-b7-a8');
    await waitPly(bob.page, 1);
    url = await linkToSend(bob.page);
    await openLink(alice.page, url);
    await play(alice.page, 'a7-b6-a5-b4-a3');
    await waitPly(alice.page, 2);
    await bob.page.click('#friend-resign'); // on Alice's turn: a resignation needs no turn
    await bob.page.click('#ask-dialog button[value="yes"]');
    await bob.page.waitForFunction(() => /You resigned/.test(document.getElementById('friend-status').textContent), null, SOON);
    const resign = await linkToSend(bob.page);
    assert(/&e=r/.test(resign), resign);
    await openLink(alice.page, resign);
    // Alice's copy has her newer move: kept, and the resignation taken.
    assert(/older than your copy/.test(await noticeText(alice.page)), 'the older link is said');
    assertEqual((await moves(alice.page)).length, 2, 'her newer move kept');
    assert(/resigned: you win/.test(await status(alice.page)), await status(alice.page));
    assertEqual([...alice.errors, ...bob.errors], [], 'no console errors');
  } finally {
    await alice.close();
    await bob.close();
  }
});

test('link play: the rule options chosen travel in the link; Share… where the browser has it; the last move is animated; the list says when', async (ctx) => {
  // Alice's browser has the Web Share API (as phones do; Chromium on Linux has
  // none): a stand-in records what the page shares. Bob's has none.
  const a = await launch();
  await a.context.addInitScript(() => {
    /** @type {any} */ (navigator).share = async (data) => {
      /** @type {any} */ (window).__shared = data;
    };
  });
  const alicePage = await a.context.newPage();
  const alice = { page: alicePage, errors: watchErrors(alicePage), close: a.close };
  await alicePage.goto(ctx.url);
  await appReady(alicePage);
  const bob = await person(ctx);
  try {
    // The rule options of the dialog, all three away from their defaults.
    await startFriendGame(alice.page, { you: 'Alice', them: 'Bob', quiet: '30', firstMoveRule: false, repetitionDraw: false });
    await play(alice.page, 'a4-b5-a6-b7-a8');
    await waitPly(alice.page, 1);
    const url = await linkToSend(alice.page);
    assert(/&r=0\.30\.0(&|$)/.test(url), `the rules are in the link: ${url}`);
    assert(await alice.page.isVisible('#friend-share'), 'Share… is offered where navigator.share exists');
    await alice.page.click('#friend-share');
    await alice.page.waitForFunction(() => /** @type {any} */ (window).__shared, null, SOON);
    assertEqual(await alice.page.evaluate(() => /** @type {any} */ (window).__shared.url), url, 'the link shared is the link shown');

    // Bob: the last move is played on the board after the earlier ones are
    // loaded, and animated. The animation is slowed to the board's slowest
    // (2 s a step, 12 s for this move) so that it is still running when he clicks.
    await bob.page.evaluate(() => {
      const board = document.querySelector('#board');
      board.setAttribute('animation-speed', '2000');
      /** @type {any} */ (window).__seen = [];
      for (const kind of ['change', 'move']) {
        board.addEventListener(kind, (e) =>
          /** @type {any} */ (window).__seen.push([kind, e.detail.kind ?? e.detail.move, e.detail.moves?.length]),
        );
      }
    });
    await openLink(bob.page, url);
    assert(await bob.page.isHidden('#friend-share'), 'no Share… without navigator.share');
    const seen = await bob.page.evaluate(() => /** @type {any} */ (window).__seen);
    const load = seen.findIndex(([kind, what, n]) => kind === 'change' && what === 'load' && n === 0);
    const move = seen.findIndex(([kind, what]) => kind === 'move' && what === 'a4-b5-a6-b7-a8');
    assert(load >= 0 && move > load, `the game loaded before its last move, then that move played: ${JSON.stringify(seen)}`);
    await clickCell(bob.page, 'a7');
    await bob.page.waitForFunction(
      () => /Wait for the move to finish/.test(document.querySelector('#board').shadowRoot.querySelector('.flash')?.textContent ?? ''),
      null,
      SOON,
    );
    const rules = await bob.page.evaluate(() =>
      ['first-move-rule', 'repetition-draw', 'quiet-limit'].map((n) => document.querySelector('#board').getAttribute(n)),
    );
    assertEqual(rules, ['off', 'off', '30'], 'Bob plays under the rules Alice chose');

    // The list: the friend's name, the game, whose turn, moves and when.
    const when = await bob.page.evaluate(() => {
      const game = JSON.parse(localStorage.getItem('sowboard.links') ?? '{}').games?.[0];
      return new Date(game.updated).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
    });
    const entry = await bob.page.textContent('#friend-list');
    assert(entry?.includes(`Alice · Intermedium · your turn · 1 move · ${when}`), `the list entry: ${entry}`);
    assertEqual([...alice.errors, ...bob.errors], [], 'no console errors');
  } finally {
    await alice.close();
    await bob.close();
  }
});

test('link play: tampered, stale, contradicting, other-game, garbage and over-long links are refused or handled, nothing lost', async (ctx) => {
  const alice = await person(ctx);
  const bob = await person(ctx);
  try {
    await startFriendGame(alice.page, { them: 'Bob' });
    await play(alice.page, 'a4-b5-a6-b7-a8');
    const link1 = await linkToSend(alice.page);
    await openLink(bob.page, link1);
    await play(bob.page, 'a7-b6-a5-b4-a3');
    const link2 = await linkToSend(bob.page);
    await openLink(alice.page, link2);
    await play(alice.page, 'c4-d5-c6-d7-c8');
    const link3 = await linkToSend(alice.page);
    await openLink(bob.page, link3);
    await waitPly(bob.page, 3);
    const before = await stored(bob.page);

    // Stale: Alice's first link again.
    await hideNotice(bob.page);
    await openLink(bob.page, link1);
    const stale = await noticeText(bob.page);
    assert(/older than your copy: it has 1 move, yours 3 moves/.test(stale), stale);
    assertEqual((await moves(bob.page)).length, 3, 'the newer copy stays on the board');
    assertEqual(
      (await stored(bob.page)).links.replace(/"updated":\d+/, ''),
      before.links.replace(/"updated":\d+/, ''),
      'the newer copy stays stored',
    );

    // Tampered moves: one character of the move code changed.
    const m = /&m=([^&]+)/.exec(link3)[1];
    const tamperedCode = m.slice(0, 2) + (m[2] === '_' ? 'A' : '_') + m.slice(3);
    await hideNotice(bob.page);
    await openLink(bob.page, link3.replace(`&m=${m}`, `&m=${tamperedCode}`));
    const tampered = await noticeText(bob.page);
    assert(/not opened: its moves are damaged: move \d+|contradicts your copy/.test(tampered), tampered);

    // A copy that contradicts: Alice's game with another first move, same id (made with the engine).
    const id = /[#&]id=([a-z0-9]+)/.exec(link3)[1];
    const contradicting = await bob.page.evaluate(async (gameId) => {
      const engine = await import('./pkg/sowboard.js');
      const { linkFor } = await import('./link/codec.js');
      const position = engine.startPosition('intermedium');
      return (
        location.origin +
        location.pathname +
        linkFor(engine, {
          id: gameId,
          game: 'intermedium',
          position,
          rules: { firstMoveRule: true, quietLimit: 100, repetitionDraw: true },
          moves: ['c4-b3-a4-b5-c6', 'a7-b6-a5-b4-a3', 'e4-f5-e6-f7-e8'],
          sender: 0,
          names: ['', 'Bob'],
          end: null,
          drawOffer: null,
        })
      );
    }, id);
    await hideNotice(bob.page);
    await openLink(bob.page, contradicting);
    const conflict = await noticeText(bob.page);
    assert(
      /contradicts your copy .* at move 1 \(yours: a4-b5-a6-b7-a8; the link’s: c4-b3-a4-b5-c6\)\. Your copy is kept/.test(conflict),
      conflict,
    );
    assertEqual((await moves(bob.page)).length, 3, 'not merged');
    assert(/contradicts this copy/.test(await status(bob.page)), 'flagged on the game');

    // Same id, other rules: another game under the same name is refused.
    await hideNotice(bob.page);
    await openLink(bob.page, link3.replace('r=1.100.1', 'r=1.50.1'));
    assert(/holds another game/.test(await noticeText(bob.page)), 'other rules refused');

    // Garbage and over-long links.
    for (const [hash, why] of [
      ['#l=1&id=zz', /not opened: its game name/],
      ['#l=9&id=abcdef', /newer version/],
      [`#l=1&m=${'A'.repeat(9000)}`, /characters long/],
      ['#l=1&%E0%A4%A', /not opened/],
    ]) {
      await hideNotice(bob.page);
      await openLink(bob.page, ctx.url + hash);
      const text = await noticeText(bob.page);
      assert(why.test(text) && /Nothing was changed/.test(text), `${hash.slice(0, 30)}: ${text}`);
    }
    const afterAll = await stored(bob.page);
    const games = JSON.parse(afterAll.links).games;
    assertEqual(games.length, 1, 'still one game');
    assertEqual(games[0].moves, JSON.parse(before.links).games[0].moves, 'its moves unchanged');
    assertEqual(afterAll.save, before.save, 'the own saved game unchanged');

    // A link for another game: a second game in the list, the first kept.
    await startFriendGame(alice.page, { them: 'Bob', game: 'cash-in-hand' });
    await play(alice.page, 'a8:24 b7:3 c6:6 d7:9 e6:1 f5:5');
    await openLink(bob.page, await linkToSend(alice.page));
    // A second new game within a minute of the first: Bob is asked, and opens it.
    await bob.page.waitForSelector('#ask-dialog[open]', SOON);
    await bob.page.click('#ask-dialog button[value="yes"]');
    await waitPly(bob.page, 1);
    const list = JSON.parse((await stored(bob.page)).links).games;
    assertEqual(list.map((g) => g.game).sort(), ['cash-in-hand', 'intermedium'], 'two games');
    assertEqual(list.find((g) => g.game === 'intermedium').moves.length, 3, 'the first kept');
    assertEqual(await bob.page.locator('#friend-list li').count(), 2, 'both listed');
    await bob.page.screenshot({ path: `${ctx.artifacts}/link-list-desktop.png` });
    assertEqual([...alice.errors, ...bob.errors], [], 'no console errors');
  } finally {
    await alice.close();
    await bob.close();
  }
});

test('link play: the widget loads a link fragment and gives the link after a move', async (ctx) => {
  const { page, errors, close } = await person(ctx);
  try {
    const result = await page.evaluate(async () => {
      const board = /** @type {any} */ (document.createElement('sowing-board'));
      board.setAttribute('animation', 'off');
      document.body.append(board);
      await new Promise((resolve) => board.addEventListener('ready', resolve, { once: true }));
      board.play('a4-b5-a6-b7-a8');
      const sent = board.link({ names: ['Ann', 'Bo'] });
      const other = /** @type {any} */ (document.createElement('sowing-board'));
      document.body.append(other);
      await new Promise((resolve) => other.addEventListener('ready', resolve, { once: true }));
      const info = other.loadLink(sent);
      let refused = '';
      try {
        other.loadLink(sent.replace('&m=', '&m=*'));
      } catch (e) {
        refused = `${e.code}: ${e.message}`;
      }
      other.play('a7-b6-a5-b4-a3');
      const back = other.link();
      board.loadLink(back);
      return { sent, info, refused, moves: other.moves, back, boardMoves: board.moves, player: board.getAttribute('player') };
    });
    assert(/^#l=1&id=[a-z0-9]+&g=intermedium&r=1\.100\.1&m=[A-Za-z0-9_-]+&s=0&n0=Ann&n1=Bo$/.test(result.sent), result.sent);
    assertEqual([result.info.player, result.info.sender, result.info.names], ['red', 0, ['Ann', 'Bo']], 'what the link says');
    assert(/^bad-link: this link cannot be opened: its moves are missing or damaged/.test(result.refused), result.refused);
    assertEqual(result.moves, ['a4-b5-a6-b7-a8', 'a7-b6-a5-b4-a3'], 'the recipient moved after the loaded move');
    assert(/&s=1&n0=Ann&n1=Bo$/.test(result.back), `sent back by red with the names: ${result.back}`);
    const id = (f) => /[#&]id=([a-z0-9]+)/.exec(f)?.[1];
    assertEqual(id(result.back), id(result.sent), 'the same game id both ways');
    assertEqual([result.boardMoves, result.player], [result.moves, 'blue'], 'the first board has the answer, and plays blue');
    assertEqual(errors, [], 'no console errors');
  } finally {
    await close();
  }
});

test('link play: a damaged list of link games is kept aside and said; storage that refuses still lets the game go on', async (ctx) => {
  const { context, close } = await launch();
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('sowboard.links', '{"version":1,"games":[{"id":"x"}');
      }
    });
    await page.goto(ctx.url);
    await appReady(page);
    const said = await noticeText(page);
    assert(/list of games by link was damaged/.test(said), said);
    assertEqual(
      await page.evaluate(() => localStorage.getItem('sowboard.links.damaged')),
      '{"version":1,"games":[{"id":"x"}',
      'kept aside',
    );
    // Now the storage refuses every write: the game by link goes on, and that is said once.
    await page.evaluate(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      document.getElementById('notice').hidden = true;
    });
    await startFriendGame(page, { them: 'Bob' });
    assert(/cannot be kept in this browser: the browser’s storage is full/.test(await noticeText(page)), 'said');
    await play(page, 'a4-b5-a6-b7-a8');
    const url = await linkToSend(page);
    assert(/#l=1&/.test(url), 'the link is still offered: it holds the whole game');
    assertEqual(errors, [], 'no console errors');
  } finally {
    await close();
  }
});

test('link play: two tabs of one browser showing the same game by link stay in step', async (ctx) => {
  const { context, close } = await launch();
  try {
    const one = await context.newPage();
    const errors = watchErrors(one);
    await one.goto(ctx.url);
    await appReady(one);
    await startFriendGame(one, { them: 'Bob' });
    await play(one, 'a4-b5-a6-b7-a8');
    const link = await linkToSend(one);
    const two = await context.newPage();
    watchErrors(two).forEach((e) => errors.push(e));
    await two.goto(ctx.url);
    await appReady(two);
    await two.click('#friend-list button');
    await waitPly(two, 1);
    // A reply arrives in the first tab: the second follows.
    const reply = await one.evaluate(async (url) => {
      const engine = await import('./pkg/sowboard.js');
      const { linkFor, parseLink, replayLink } = await import('./link/codec.js');
      const { link } = /** @type {any} */ (parseLink(new URL(url).hash));
      const { position, moves } = /** @type {any} */ (replayLink(engine, link));
      return location.origin + location.pathname + linkFor(engine, { ...link, position, moves: [...moves, 'a7-b6-a5-b4-a3'], sender: 1 });
    }, link);
    await openLink(one, reply);
    await waitPly(one, 2);
    await waitPly(two, 2);
    assert(/Your turn/.test(await status(two)), await status(two));
    assertEqual(errors, [], 'no console errors');
  } finally {
    await close();
  }
});

// ---- links from strangers (issue 53) ----------------------------------------------

const M = ['a4-b5-a6-b7-a8', 'a7-b6-a5-b4-a3', 'c4-d5-c6-d7-c8', 'c7-d6-c5-d4-c3', 'e4-f5-e6-f7-e8', 'e7-f6-e5-f4-e3'];

/** A link made with the engine, as a forger would: any fields. */
const craft = (page, fields) =>
  page.evaluate(async (f) => {
    const engine = await import('./pkg/sowboard.js');
    const { linkFor } = await import('./link/codec.js');
    return (
      location.origin +
      location.pathname +
      linkFor(engine, {
        game: 'intermedium',
        position: engine.startPosition('intermedium'),
        rules: { firstMoveRule: true, quietLimit: 100, repetitionDraw: true },
        names: ['Alice', 'Bob'],
        end: null,
        drawOffer: null,
        ...f,
      })
    );
  }, fields);
const storedGame = async (page) => JSON.parse((await stored(page)).links).games[0];

test('link play: a link acts only for its sender: forged resignations, draw acceptances and moves for the recipient are refused', async (ctx) => {
  const alice = await person(ctx);
  const bob = await person(ctx);
  try {
    await startFriendGame(alice.page, { you: 'Alice', them: 'Bob' });
    await play(alice.page, M[0]);
    const first = await linkToSend(alice.page);
    const id = /[#&]id=([a-z0-9]+)/.exec(first)[1];
    await openLink(bob.page, first);
    await play(bob.page, M[1]);
    await linkToSend(bob.page);
    const before = await storedGame(bob.page);

    // Bob's own side resigns, in a link he never sent.
    await hideNotice(bob.page);
    await openLink(bob.page, await craft(bob.page, { id, moves: M.slice(0, 2), sender: 1, end: 'resign' }));
    assert(/sent from your side .*nothing in it was taken/.test(await noticeText(bob.page)), await noticeText(bob.page));
    assert(!/resigned/.test(await status(bob.page)), await status(bob.page));
    assertEqual((await storedGame(bob.page)).end, null, 'no resignation stored');

    // A sender that did not make the last move.
    await hideNotice(bob.page);
    await openLink(bob.page, await craft(bob.page, { id, moves: M.slice(0, 2), sender: 0 }));
    const wrongSender = await noticeText(bob.page);
    assert(/says Blue sent it, but the last move in it is Red’s\. Nothing was changed/.test(wrongSender), wrongSender);

    // Moves of Bob's side chosen by Alice: with her own name on the link
    // (a resignation lets the sender be either side), and without.
    for (const fields of [{ sender: 0, end: 'resign' }, { sender: 1 }]) {
      await hideNotice(bob.page);
      await openLink(bob.page, await craft(bob.page, { id, moves: M.slice(0, 4), ...fields }));
      const text = await noticeText(bob.page);
      const why =
        fields.sender === 0 ? /holds a move for your side that you did not play here \(move 4: c7-d6-c5-d4-c3\)/ : /says it comes from you/;
      assert(why.test(text) && /your game is unchanged/.test(text), text);
    }
    const after = await storedGame(bob.page);
    assertEqual([after.moves, after.end, after.names], [before.moves, before.end, before.names], 'Bob’s copy unchanged');
    assertEqual(await moves(bob.page), M.slice(0, 2), 'the board unchanged');

    // Alice offers a draw with her move; an acceptance in Bob's name is not his.
    await openLink(alice.page, await linkToSend(bob.page));
    await alice.page.click('#friend-draw');
    await play(alice.page, M[2]);
    await openLink(bob.page, await linkToSend(alice.page));
    assert(/Alice offers a draw/.test(await status(bob.page)), await status(bob.page));
    await hideNotice(bob.page);
    await openLink(bob.page, await craft(bob.page, { id, moves: M.slice(0, 3), sender: 1, end: 'agree' }));
    assert(/nothing in it was taken/.test(await noticeText(bob.page)), 'said');
    assert(!/Draw agreed/.test(await status(bob.page)), await status(bob.page));
    assert(await bob.page.isVisible('#friend-accept'), 'the offer still stands for Bob to accept');

    // A later link from Alice may change her own name (spoofing characters
    // removed), never Bob's in his own copy.
    await play(bob.page, M[3]);
    await waitPly(bob.page, 4);
    await hideNotice(bob.page);
    await openLink(bob.page, await craft(bob.page, { id, moves: M.slice(0, 5), sender: 0, names: ['Al\u202eice\u200b', 'Mallory'] }));
    await waitPly(bob.page, 5);
    const names = (await storedGame(bob.page)).names;
    assertEqual(names, ['Alice', 'Bob'], 'Alice’s name cleaned, Bob’s kept');
    assertEqual([...alice.errors, ...bob.errors], [], 'no console errors');
  } finally {
    await alice.close();
    await bob.close();
  }
});

test('link play: a page that opens 201 links in a row drops no game; a full list refuses a new game; the player removes games', async (ctx) => {
  const bob = await person(ctx);
  try {
    // Bob's real games: two, played.
    for (const them of ['Alice', 'Carol']) {
      await startFriendGame(bob.page, { them });
      await play(bob.page, M[0]);
      await linkToSend(bob.page);
    }
    const real = JSON.parse((await stored(bob.page)).links).games;
    assertEqual(real.length, 2, 'two real games');
    // A hostile page opens the app and changes only the fragment, 201 times.
    const invite = (n) => craft(bob.page, { id: `atk${String(n).padStart(4, '0')}`, moves: [], sender: 1 });
    const links = [];
    for (let i = 0; i < 201; i++) links.push(new URL(await invite(i)).hash);
    const [popup] = await Promise.all([
      bob.page.context().waitForEvent('page'),
      bob.page.evaluate((url) => {
        /** @type {any} */ (window).__w = window.open(url);
      }, ctx.url),
    ]);
    await appReady(popup);
    await bob.page.evaluate(async (hashes) => {
      for (const h of hashes) {
        /** @type {any} */ (window).__w.location.hash = h;
        await new Promise((r) => setTimeout(r, 10));
      }
    }, links);
    // The first new game opened; the second is asked about; the rest were refused meanwhile.
    await popup.waitForSelector('#ask-dialog[open]', SOON);
    assert(/Another new game by link was opened moments ago/.test(await popup.textContent('#ask-dialog')), 'asked');
    await popup.click('#ask-dialog button[value="no"]');
    const games = JSON.parse((await stored(popup)).links).games;
    for (const g of real) {
      assertEqual(games.find((x) => x.id === g.id)?.moves, g.moves, `the game with ${g.names[1]} kept`);
    }
    assert(games.length <= 3, `at most one new game: ${games.length}`);
    await popup.close();

    // A full list: 200 games; a new link is refused with the reason, none dropped.
    await bob.page.evaluate(async () => {
      const { putLinkGame } = await import('./link/store.js');
      const engine = await import('./pkg/sowboard.js');
      const position = engine.startPosition('intermedium');
      for (let i = 0; i < 198; i++) {
        putLinkGame({
          id: `fill${String(i).padStart(4, '0')}`,
          game: 'intermedium',
          position,
          rules: { firstMoveRule: true, quietLimit: 100, repetitionDraw: true },
          moves: [],
          you: 0,
          names: ['', `F${i}`],
          end: null,
          drawOffer: null,
          updated: i,
          toMove: 0,
          result: null,
        });
      }
    });
    await bob.page.reload();
    await appReady(bob.page);
    const full = JSON.parse((await stored(bob.page)).links).games;
    assertEqual(full.length, 200, 'full');
    await hideNotice(bob.page);
    await openLink(bob.page, await invite(999));
    const refused = await noticeText(bob.page);
    assert(/your list of games by link is full \(200 games\)\. Remove a game/.test(refused), refused);
    const still = JSON.parse((await stored(bob.page)).links).games;
    assertEqual(still.map((g) => g.id).sort(), full.map((g) => g.id).sort(), 'no game dropped, none added');

    // The player removes one (asked first), then the link opens.
    await bob.page.click('#friend-list button[data-remove="fill0000"]');
    await bob.page.click('#ask-dialog button[value="yes"]');
    await bob.page.waitForFunction(() => JSON.parse(localStorage.getItem('sowboard.links')).games.length === 199, null, SOON);
    await openLink(bob.page, await invite(999));
    await bob.page.waitForFunction(
      () => JSON.parse(localStorage.getItem('sowboard.links')).games.some((g) => g.id === 'atk0999'),
      null,
      SOON,
    );
    assertEqual(bob.errors, [], 'no console errors');
  } finally {
    await bob.close();
  }
});

test('link play: a link too long a game is refused with its reason', async (ctx) => {
  const bob = await person(ctx);
  try {
    // 1,001 plies of Cash in Hand stones stepping to and fro (no draw rule
    // on to end it): over the bound of 1,000 plies.
    const url = await bob.page.evaluate(async () => {
      const engine = await import('./pkg/sowboard.js');
      const { linkFor } = await import('./link/codec.js');
      const rules = { firstMoveRule: true, quietLimit: 0, repetitionDraw: false };
      const cycle = ['b7:1 c6:1', 'g7:1 f6:1', 'c6:1 b7:1', 'f6:1 g7:1'];
      const moves = ['a8:1 b7:1', 'h8:1 g7:1', ...Array.from({ length: 999 }, (_, i) => cycle[i % 4])];
      return (
        location.origin +
        location.pathname +
        linkFor(engine, {
          id: 'longgame1',
          game: 'cash-in-hand',
          position: engine.startPosition('cash-in-hand'),
          rules,
          moves,
          sender: 0,
          names: ['', ''],
          end: null,
          drawOffer: null,
        })
      );
    });
    assert(url.length < 8192, `a link of ${url.length} characters: within the link's own bound`);
    await openLink(bob.page, url);
    const text = await noticeText(bob.page);
    assert(/holds 1001 moves, more than a game by link may \(1000\)\. Nothing was changed/.test(text), text);
    assertEqual((await stored(bob.page)).links, null, 'nothing stored');
  } finally {
    await bob.close();
  }
});

test('link play: the sender takes back a move until the link is copied; then it is final and said', async (ctx) => {
  const alice = await person(ctx, { permissions: ['clipboard-read', 'clipboard-write'] });
  try {
    await startFriendGame(alice.page, { them: 'Bob' });
    await play(alice.page, M[0]);
    await linkToSend(alice.page);
    assert(/until you copy or share the link, you can take your move back/i.test(await status(alice.page)), await status(alice.page));
    await alice.page.click('#friend-takeback');
    await waitPly(alice.page, 0);
    assert(/Your turn/.test(await status(alice.page)), await status(alice.page));
    assertEqual((await storedGame(alice.page)).moves, [], 'taken back in the store too');
    await play(alice.page, M[2]);
    await linkToSend(alice.page);
    await alice.page.click('#friend-copy');
    await alice.page.waitForFunction(() => /your move is final/.test(document.getElementById('friend-status').textContent), null, SOON);
    assert(await alice.page.isHidden('#friend-takeback'), 'no take-back once sent');
    assertEqual((await storedGame(alice.page)).moves, [M[2]], 'the move kept');
    assertEqual(alice.errors, [], 'no console errors');
  } finally {
    await alice.close();
  }
});
