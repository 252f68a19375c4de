// Hostile input (issue 7, browser part): share links, pasted game texts,
// attributes of an embedding site, old or damaged saves, and junk across the
// wasm boundary. Everything runs on an origin of its own whose every response
// carries the strict Content-Security-Policy header (the page also has it as a
// meta tag). Nothing may run script, crash, half-load or break the page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, assert, assertEqual } from './lib/harness.mjs';
import { answer, appReady, boardReady, boardState, clickCell } from './lib/page.mjs';
import { serve } from './server.mjs';

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const here = path.dirname(fileURLToPath(import.meta.url));
const www = path.resolve(process.env.SOWBOARD_WWW ?? path.join(here, '../../www'));
const INTERMEDIUM_START =
  'intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1';
const FIRST_MOVES = ['a4-b5-a6-b7-a8', 'a7-b6-a5-b4-a3'];

// Markup and script of every kind. Every URL in them contains "pwn", so that a
// CSP report caused by the hostile text itself can be told from one caused by
// our own code.
const XSS = [
  '<img src=/pwn-img onerror="window.__pwned=1;alert(1)">',
  '"><script>window.__pwned=1;alert(1)</script>',
  "'><svg/onload=window.__pwned=1>",
  'javascript:window.__pwned=1//pwn',
  '</textarea><img src=/pwn-ta onerror=window.__pwned=1>',
  '</title></style></script><script src=/pwn.js></script>',
  '<iframe srcdoc="<script>parent.__pwned=1</script>" src="/pwn-frame"></iframe>',
  '{{constructor.constructor("window.__pwned=1")()}} ${window.__pwned=1}',
  '\u202eevil\u202c <b onmouseover=window.__pwned=1 style="background:url(/pwn-css)">x</b>',
  '\uff1cscript\uff1ewindow.__pwned=1\uff1c/script\uff1e',
  'intermedium\u0000<script>window.__pwned=1</script>',
  '\ud800\udfff\u200b\ufeff\u0301\u0000 <a href="javascript:window.__pwned=1//pwn">x</a>',
  '%3Cscript%3Ewindow.__pwned=1%3C/script%3E %253Cimg src=/pwn-enc onerror=window.__pwned=1%253E',
  '<math><mtext><table><mglyph><style><img src=/pwn-math onerror=window.__pwned=1>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1//pwn">',
  '<link rel=stylesheet href=/pwn.css><style>*{background:url(/pwn-style)}</style>',
  '\u0456ntermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4 blue 0 1', // a Cyrillic і
];

// ---- an origin of our own: www/ plus two test pages, strict CSP on everything ----

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sowboard-hostile-'));
for (const entry of fs.readdirSync(www)) fs.symlinkSync(path.join(www, entry), path.join(root, entry));
const esc = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// Every attribute the element reads (observedAttributes plus animation-speed).
const ATTRIBUTES = [
  'game',
  'position',
  'moves',
  'first-move-rule',
  'quiet-limit',
  'repetition-draw',
  'ai',
  'level',
  'readonly',
  'animation',
  'coordinates',
  'orientation',
  'ai-time',
  'animation-speed',
];
const hostileAttrs = ATTRIBUTES.map((a, i) => `${a}="${esc(XSS[i % XSS.length])}"`).join(' ');
fs.writeFileSync(
  path.join(root, 'hostile-widget.html'),
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>hostile attributes</title><link rel="icon" href="icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="hostile.css">
<script type="module" src="hostile-probe.js"></script>
<script type="module" src="widget.js"></script></head>
<body>
<sowing-board id="all" ${hostileAttrs}></sowing-board>
<sowing-board id="ai-only" game="intermedium" ai="${esc(XSS[0])}" level="${esc(XSS[1])}" animation="off"></sowing-board>
<sowing-board id="later" game="intermedium" moves="a4-b5-a6-b7-a8" animation="off"></sowing-board>
<sowing-board id="slow" game="intermedium" animation="on" animation-speed="Infinity"></sowing-board>
</body></html>`,
);
// Listens to the boards before widget.js defines them (module scripts run in order).
fs.writeFileSync(
  path.join(root, 'hostile-probe.js'),
  `window.__events = [];
for (const b of document.querySelectorAll('sowing-board')) {
  for (const type of ['error', 'ready']) b.addEventListener(type, (e) => window.__events.push({ id: b.id, type, detail: e.detail }));
}
`,
);
// Four small boards side by side, all on screen (no inline style under this CSP).
fs.writeFileSync(
  path.join(root, 'hostile.css'),
  'body { margin: 0; } sowing-board { display: inline-block; width: 300px; vertical-align: top; }\n',
);
fs.writeFileSync(
  path.join(root, 'blank.html'),
  `<!doctype html><html><head><meta charset="utf-8"><title>blank</title>
<link rel="icon" href="icon.svg" type="image/svg+xml"></head><body></body></html>`,
);
const site = await serve({ root, csp: CSP });
site.server.unref();
process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));

// ---- watching a page --------------------------------------------------------------

/** Records CSP violations and uncaught errors from before the page's own scripts run. */
function probe() {
  window.__violations = [];
  document.addEventListener(
    'securitypolicyviolation',
    (e) => {
      window.__violations.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: e.sourceFile,
        line: e.lineNumber,
      });
    },
    true,
  );
}

// A test that fails leaves its page open; a later page of this origin must not
// meet its AI writing a save: close any such page first.
const openPages = new Set();

async function openPage(ctx, url, { clearStorage = true } = {}) {
  for (const p of openPages) await p.close().catch(() => {});
  openPages.clear();
  if (clearStorage) {
    const cleaner = await ctx.context.newPage();
    await cleaner.goto(site.url + 'blank.html');
    await cleaner.evaluate(() => localStorage.clear());
    await cleaner.close();
  }
  const page = await ctx.context.newPage();
  openPages.add(page);
  const watch = { pageErrors: [], console: [], dialogs: [] };
  page.on('pageerror', (e) => watch.pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') watch.console.push(m.text());
  });
  page.on('dialog', (d) => {
    watch.dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  await page.addInitScript(probe);
  if (url) await page.goto(url);
  return { page, watch };
}

/** Everything that would show that hostile text ran or got into the DOM as markup. */
async function audit(page, watch, what) {
  const found = await page.evaluate(() => {
    const problems = [];
    const roots = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const el of roots[i].querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    }
    const OURS = new Set(['/app/main.js', '/widget.js', '/hostile-probe.js']);
    for (const r of roots) {
      for (const el of r.querySelectorAll('*')) {
        const tag = el.localName;
        if (
          [
            'img',
            'iframe',
            'object',
            'embed',
            'frame',
            'frameset',
            'svg',
            'math',
            'video',
            'audio',
            'base',
            'b',
            'style',
            'mglyph',
            'table',
          ].includes(tag)
        ) {
          problems.push(`<${tag}> in the DOM: ${el.outerHTML.slice(0, 80)}`);
        }
        if (tag === 'script' && (!el.src || !OURS.has(new URL(el.src).pathname) || el.textContent.trim()))
          problems.push(`script ${el.src || el.textContent.slice(0, 60)}`);
        if (tag === 'meta' && /refresh/i.test(el.httpEquiv)) problems.push('meta refresh');
        if (tag === 'link' && /pwn/.test(el.href)) problems.push(`link ${el.href}`);
        for (const a of el.attributes) {
          if (/^on/i.test(a.name)) problems.push(`${tag}[${a.name}]`);
          if (/^\s*javascript:/i.test(a.value) && /^(href|src|action|formaction|xlink:href|data)$/i.test(a.name))
            problems.push(`${tag}[${a.name}=${a.value.slice(0, 40)}]`);
        }
      }
    }
    return { problems, pwned: window.__pwned, violations: window.__violations ?? [] };
  });
  const hostile = found.violations.filter((v) => /pwn/.test(`${v.blocked} ${v.sample}`));
  const own = found.violations.filter((v) => !hostile.includes(v));
  assertEqual(found.pwned, undefined, `${what}: window.__pwned`);
  assertEqual(watch.dialogs, [], `${what}: dialogs`);
  assertEqual(found.problems, [], `${what}: markup from user text in the DOM`);
  assertEqual(own, [], `${what}: CSP violations by the page's own code`);
  // Blocked hostile text means it got into the DOM as markup: also a failure.
  assertEqual(hostile, [], `${what}: CSP violations by hostile text (it reached the DOM)`);
  assertEqual(watch.pageErrors, [], `${what}: uncaught page errors`);
  assertEqual(watch.console, [], `${what}: console errors`);
}

/** A new game and a move by clicks (the AI answers): the page still works. */
async function stillPlayable(page, what) {
  const inProgress = await page.evaluate(() => {
    const b = document.querySelector('#board');
    return b.ply > 0 && !b.outcome;
  });
  await page.click('#new-game');
  if (inProgress) await answer(page, 'yes'); // a game in progress is not dropped without asking
  await page.waitForFunction(
    (s) => document.querySelector('#board').position === s && document.querySelector('#board').ply === 0,
    INTERMEDIUM_START,
  );
  for (const cell of ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(page, cell, '#board');
  await page
    .waitForFunction(() => document.querySelector('#board').ply >= 1, null, { timeout: 20_000 })
    .catch(() => {
      throw new Error(`${what}: a move by clicks was not played afterwards`);
    });
  assertEqual((await boardState(page, '#board')).moves[0], FIRST_MOVES[0], `${what}: the move played`);
}

const noticeText = (page) =>
  page.evaluate(() => {
    const n = document.getElementById('notice');
    return n.hidden ? null : n.textContent;
  });
const fragment = (params) => `#${new URLSearchParams(params)}`;

// ---- 1. share links ------------------------------------------------------------------

test('hostile: the app under a strict CSP header loads, plays and reports no violation', async (ctx) => {
  const { page, watch } = await openPage(ctx, site.url);
  await appReady(page);
  const header = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
  assertEqual(header, CSP, 'the CSP header is sent');
  await stillPlayable(page, 'plain page');
  // The AI worker also runs under the policy (its own response carries it).
  await page.waitForFunction(() => document.querySelector('#board').ply >= 2, null, { timeout: 60_000 });
  await audit(page, watch, 'plain page');
  await page.close();
});

test('hostile: share links with markup and script in every field run nothing and say the link is bad', async (ctx) => {
  const links = [];
  for (let i = 0; i < XSS.length; i++) {
    const j = (i + 1) % XSS.length,
      k = (i + 2) % XSS.length;
    // The position, the moves, and parameters the page does not read at all.
    links.push([
      `markup ${i}`,
      fragment([
        ['p', XSS[i]],
        ['m', `${XSS[j]};${XSS[k]}`],
        ['game', XSS[k]],
        ['ai', XSS[i]],
        ['level', XSS[j]],
        ['mode', XSS[k]],
        ['__proto__', XSS[i]],
        ['constructor', XSS[k]],
        ['p', XSS[j]],
      ]),
    ]);
  }
  links.push(['a good position, markup in the moves', fragment({ p: INTERMEDIUM_START, m: `${FIRST_MOVES[0]};${XSS[1]};${XSS[0]}` })]);
  links.push([
    'a good move with markup after it',
    fragment({ p: INTERMEDIUM_START, m: `${FIRST_MOVES[0]}<script>window.__pwned=1</script>` }),
  ]);
  links.push(['markup inside a position', fragment({ p: INTERMEDIUM_START.replace('blue', XSS[2]) })]);
  links.push(['a 150 000 character position (350 000 characters escaped)', fragment({ p: `intermedium ${'<b>'.repeat(50_000)}` })]);
  links.push(['20 000 junk moves', fragment({ p: INTERMEDIUM_START, m: Array(20_000).fill(XSS[0]).join(';') })]);
  links.push(['a link longer than the page reads (300 000 characters)', fragment({ p: `intermedium ${'x'.repeat(300_000)}` })]);
  links.push(['moves but no position', fragment({ m: FIRST_MOVES.join(';'), q: XSS[1] })]);
  links.push(['raw markup as the fragment', `#${XSS[1]}${XSS[0]}`]);
  links.push(['a lone percent sign and bad escapes', '#p=%&m=%E0%A4%A&%ZZ']);
  const { page, watch } = await openPage(ctx, null);
  for (const [what, hash] of links) {
    await page.goto('about:blank');
    await page.goto(site.url + hash);
    await appReady(page);
    const text = await noticeText(page);
    assert(text && /link|shared game/i.test(text), `${what}: a message about the bad link is shown (${text?.slice(0, 120)})`);
    const state = await boardState(page, '#board');
    assertEqual([state.start, state.ply], [INTERMEDIUM_START, 0], `${what}: a fresh game is shown`);
    assertEqual(await page.evaluate(() => location.hash), '', `${what}: the fragment is dropped`);
    await audit(page, watch, what);
  }
  await stillPlayable(page, 'after the hostile links');
  await audit(page, watch, 'after the hostile links');
  await page.close();
});

test('hostile: a bad share link leaves the saved game in place', async (ctx) => {
  const { page, watch } = await openPage(ctx, site.url);
  await appReady(page);
  await page.selectOption('#mode', 'hotseat');
  await page.evaluate((m) => {
    const b = document.querySelector('#board');
    for (const x of m) b.play(x);
  }, FIRST_MOVES);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('sowboard.save')).moves.length === 2);
  await page.goto('about:blank');
  await page.goto(site.url + fragment({ p: XSS[0], m: XSS[1] }));
  await appReady(page);
  assert(/link|shared game/i.test((await noticeText(page)) ?? ''), 'the bad link is reported');
  const state = await boardState(page, '#board');
  assertEqual(state.moves, FIRST_MOVES, 'the saved game is shown, not a fresh one');
  assertEqual(await page.inputValue('#mode'), 'hotseat', 'the saved settings are kept');
  await page.reload();
  await appReady(page);
  assertEqual((await boardState(page, '#board')).moves, FIRST_MOVES, 'and it is still saved');
  await audit(page, watch, 'bad link over a save');
  await page.close();
});

test('hostile: a share link over the start count is refused with the cap and its reason, and the saved game stays', async (ctx) => {
  const { page, watch } = await openPage(ctx, site.url);
  await appReady(page);
  await page.selectOption('#mode', 'hotseat');
  await page.evaluate((m) => {
    const b = document.querySelector('#board');
    for (const x of m) b.play(x);
  }, FIRST_MOVES);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('sowboard.save')).moves.length === 2);
  const cashStart = await page.evaluate(async () => (await import('/pkg/sowboard.js')).startPosition('cash-in-hand'));
  // One stone more than each start holds (the start's d5, a cash corner of 33).
  const over = [
    ['intermedium', INTERMEDIUM_START.replace('0,0,0,0,0,0,0/0,0,0,0,0,0,0/4', '0,0,0,0,0,0,0/0,0,0,1,0,0,0/4'), 89, 88],
    ['cash-in-hand', cashStart.replace('32,0,0,0,0,0,0,32/', '33,0,0,0,0,0,0,32/'), 129, 128],
  ];
  for (const [game, position, total, cap] of over) {
    await page.goto('about:blank');
    await page.goto(site.url + fragment({ p: position }));
    await appReady(page);
    const text = (await noticeText(page)) ?? '';
    const reason = `holds ${total} stones; a game of ${game} holds at most ${cap} (its start holds ${cap}, and play never adds stones)`;
    assert(text.startsWith('The shared game could not be opened: ') && text.includes(reason), `${game}: the reason is shown (${text})`);
    assertEqual((await boardState(page, '#board')).moves, FIRST_MOVES, `${game}: the saved game is shown, not the link's`);
    assertEqual(await page.evaluate(() => location.hash), '', `${game}: the fragment is dropped`);
    await audit(page, watch, `${game} over the cap`);
  }
  await page.close();
});

// ---- 2. the import dialog ---------------------------------------------------------------

test('hostile: pasting markup and script into the import dialog runs nothing and changes nothing', async (ctx) => {
  const { page, watch } = await openPage(ctx, site.url);
  await appReady(page);
  await page.selectOption('#mode', 'hotseat');
  await page.evaluate(() => document.querySelector('#board').play('a4-b5-a6-b7-a8'));
  const before = await boardState(page, '#board');
  await page.click('#export');
  // The dialog opens once its module is in (it may still be on its way): the text goes in then.
  await page.waitForSelector('#export-dialog[open]');
  const texts = [
    ...XSS,
    `${INTERMEDIUM_START}\n${XSS[0]}\n${XSS[1]}`,
    `${INTERMEDIUM_START}\n${FIRST_MOVES[0]}\n${FIRST_MOVES[1]}\n</textarea><script>window.__pwned=1</script>`,
    `${XSS[1]}\n${FIRST_MOVES[0]}`,
    `${INTERMEDIUM_START.replace('blue', XSS[0])}\n`,
    'x'.repeat(1 << 20),
    `${INTERMEDIUM_START}\n${Array(50_000).fill(XSS[3]).join('\n')}`,
    '\u0000\u0000\u0000',
    ' \n\t\n ',
  ];
  for (const [i, text] of texts.entries()) {
    await page.evaluate((t) => {
      document.getElementById('game-text').value = t;
    }, text);
    await page.click('#import');
    await page.waitForSelector('#import-error:not([hidden])');
    const error = await page.evaluate(() => {
      const e = document.getElementById('import-error');
      return e.hidden ? null : e.textContent;
    });
    assert(error && /could not be loaded/.test(error), `text ${i}: a message says why (${error?.slice(0, 100)})`);
    assert(await page.locator('#export-dialog').isVisible(), `text ${i}: the dialog stays open`);
    assertEqual(await boardState(page, '#board'), before, `text ${i}: the game is unchanged`);
    await audit(page, watch, `import text ${i}`);
  }
  // A good text still loads afterwards, and a move can be played.
  await page.evaluate(
    (t) => {
      document.getElementById('game-text').value = t;
    },
    `${INTERMEDIUM_START}\n${FIRST_MOVES.join('\n')}`,
  );
  await page.click('#import');
  await answer(page, 'yes'); // it replaces a game in progress
  await page.waitForFunction(() => document.querySelector('#board').ply === 2);
  assert(!(await page.locator('#export-dialog').isVisible()), 'the dialog closes after a good import');
  for (const cell of ['c4', 'd5', 'c6', 'd7', 'c8']) await clickCell(page, cell, '#board');
  await page.waitForFunction(() => document.querySelector('#board').ply === 3);
  await audit(page, watch, 'after the hostile imports');
  await page.close();
});

// ---- 3. attributes of an embedding site ---------------------------------------------------

test('hostile: markup in every attribute of <sowing-board> runs nothing, is reported, and the board stays usable', async (ctx) => {
  const { page, watch } = await openPage(ctx, site.url + 'hostile-widget.html');
  for (const id of ['all', 'ai-only', 'later', 'slow']) await boardReady(page, `#${id}`);
  await page.waitForTimeout(200);
  const events = () => page.evaluate(() => window.__events.filter((e) => e.type === 'error'));
  const checkDetails = (list, what) => {
    for (const e of list) {
      assert(
        e.detail && typeof e.detail.code === 'string' && e.detail.code && typeof e.detail.message === 'string' && e.detail.message,
        `${what}: error detail has a code and a message (${JSON.stringify(e.detail).slice(0, 120)})`,
      );
    }
  };
  let errs = await events();
  checkDetails(errs, 'initial attributes');
  assert(
    errs.some((e) => e.id === 'all'),
    `the board with hostile attributes reports an error (${JSON.stringify(errs).slice(0, 200)})`,
  );
  assert(
    errs.some((e) => e.id === 'ai-only' && /ai=/.test(e.detail.message)),
    'a bad initial ai attribute is reported',
  );
  assert(
    errs.some((e) => e.id === 'ai-only' && /level=/.test(e.detail.message)),
    'a bad initial level attribute is reported',
  );
  // The boards fell back to a fresh game and play.
  for (const id of ['all', 'ai-only']) {
    const s = await page.evaluate((i) => {
      const b = document.getElementById(i);
      try {
        b.play('a4-b5-a6-b7-a8');
      } catch (e) {
        return `play threw ${e.code}: ${e.message}`;
      }
      return { start: b.startPosition, moves: b.moves };
    }, id);
    assertEqual(s, { start: INTERMEDIUM_START, moves: [FIRST_MOVES[0]] }, `#${id} plays from a fresh game`);
  }
  await audit(page, watch, 'initial hostile attributes');

  // Changing every attribute of a working board later, one at a time, and
  // back again (the board reloads from its attributes: the same game).
  const REPORTED = ['game', 'position', 'moves', 'quiet-limit', 'ai', 'level'];
  for (const [i, attr] of ATTRIBUTES.entries()) {
    for (const value of [XSS[i % XSS.length], XSS[(i + 5) % XSS.length], 'x'.repeat(100_000)]) {
      const before = await boardState(page, '#later');
      assertEqual(before.moves, [FIRST_MOVES[0]], `before ${attr}=hostile: the game from the attributes`);
      const n = (await events()).length;
      const original = await page.evaluate(
        ([a, v]) => {
          const b = document.getElementById('later');
          const was = b.getAttribute(a);
          b.setAttribute(a, v);
          return was;
        },
        [attr, value],
      );
      await page.waitForTimeout(30);
      const fresh = (await events()).slice(n);
      checkDetails(fresh, `${attr}=hostile`);
      if (REPORTED.includes(attr))
        assert(
          fresh.some((e) => e.id === 'later'),
          `${attr}="${value.slice(0, 30)}" is reported with an error event`,
        );
      const now = await boardState(page, '#later');
      assertEqual([now.start, now.moves], [before.start, before.moves], `${attr}=hostile: the game is unchanged`);
      await page.evaluate(
        ([a, v]) => {
          const b = document.getElementById('later');
          if (v == null) b.removeAttribute(a);
          else b.setAttribute(a, v);
        },
        [attr, original],
      );
      await page.waitForTimeout(30);
    }
  }
  await audit(page, watch, 'hostile attributes set later');
  // Usable: a reply by clicks on the canvas.
  const later = await page.evaluate(() => {
    const b = document.getElementById('later');
    b.setAttribute('animation', 'off');
    return { moves: b.moves };
  });
  const red = later.moves.length === 1;
  for (const cell of red ? ['a7', 'b6', 'a5', 'b4', 'a3'] : ['a4', 'b5', 'a6', 'b7', 'a8']) await clickCell(page, cell, '#later');
  await page
    .waitForFunction((n) => document.getElementById('later').ply === n, later.moves.length + 1, { timeout: 5000 })
    .catch(() => {
      throw new Error('#later: a move by clicks after the hostile attributes');
    });

  // animation-speed="Infinity": the animation must still end, and the board take clicks.
  await page.evaluate(() => document.getElementById('slow').play('a4-b5-a6-b7-a8'));
  await page.waitForTimeout(2500);
  await clickCell(page, 'a7', '#slow');
  assert(
    await page.locator('#slow').locator('button[data-act="cancel"]').isVisible(),
    'after a move with animation-speed="Infinity" the next player can start a move',
  );
  await audit(page, watch, 'after the hostile attributes');
  await page.close();
});

// ---- 4. saved data ----------------------------------------------------------------------

test('hostile: old, corrupt, illegal and markup-filled saves are reported, refused whole, and a fresh game starts', async (ctx) => {
  const good = {
    version: 1,
    game: 'intermedium',
    position: INTERMEDIUM_START,
    moves: FIRST_MOVES,
    mode: 'hotseat',
    side: 'second',
    level: 5,
    animation: false,
  };
  const saves = [
    ['an older version', JSON.stringify({ ...good, version: 0 })],
    ['a newer version', JSON.stringify({ ...good, version: 2 })],
    ['a version as a string', JSON.stringify({ ...good, version: '1' })],
    ['JSON cut short', JSON.stringify(good).slice(0, 60)],
    ['not JSON', '<script>window.__pwned=1</script>'],
    ['null', 'null'],
    ['an array', JSON.stringify([good])],
    ['a bad position', JSON.stringify({ ...good, position: 'intermedium 1,2,3 blue 0 1' })],
    ['an illegal second move', JSON.stringify({ ...good, moves: [FIRST_MOVES[0], 'a4-b5'] })],
    ['an illegal move after good ones', JSON.stringify({ ...good, moves: [...FIRST_MOVES, 'h9-g8'] })],
    ['markup in every field', JSON.stringify(Object.fromEntries(Object.keys(good).map((k, i) => [k, XSS[i]])))],
    ['markup in position and moves only', JSON.stringify({ ...good, position: XSS[0], moves: [XSS[1], XSS[2]] })],
    ['markup in the moves of a good position', JSON.stringify({ ...good, moves: [FIRST_MOVES[0], XSS[1]] })],
    [
      'a prototype-polluting save',
      `{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"version":1,"game":"intermedium","position":${JSON.stringify(XSS[0])},"moves":[],"mode":"ai","side":"first","level":3}`,
    ],
    ['a huge position', JSON.stringify({ ...good, position: 'x'.repeat(1_000_000) })],
  ];
  const { page, watch } = await openPage(ctx, site.url);
  await appReady(page);
  for (const [what, text] of saves) {
    await page.evaluate((t) => localStorage.setItem('sowboard.save', t), text);
    await page.reload();
    await appReady(page);
    const notice = await noticeText(page);
    assert(notice && /saved game/i.test(notice), `${what}: a message about the save (${notice?.slice(0, 120)})`);
    const state = await boardState(page, '#board');
    assertEqual([state.start, state.ply], [INTERMEDIUM_START, 0], `${what}: a fresh game, nothing half-loaded`);
    const settings = await page.evaluate(() =>
      ['mode', 'side', 'level'].map((id) => document.getElementById(id).value).concat(document.getElementById('animation').checked),
    );
    assertEqual(settings, ['ai', 'first', '3', true], `${what}: the default settings, none taken from the refused save`);
    assertEqual(await page.evaluate(() => ({}).polluted), undefined, `${what}: Object.prototype untouched`);
    // The damaged save is gone: what is stored now is the fresh game.
    const stored = await page.evaluate(() => localStorage.getItem('sowboard.save'));
    const parsed = stored && JSON.parse(stored);
    assert(
      !stored || (parsed.version === 1 && parsed.position === INTERMEDIUM_START && parsed.moves.length === 0),
      `${what}: the damaged save is replaced (${stored?.slice(0, 100)})`,
    );
    await audit(page, watch, what);
  }
  // A good save still loads whole afterwards.
  await page.evaluate((t) => localStorage.setItem('sowboard.save', t), JSON.stringify(good));
  await page.reload();
  await appReady(page);
  assertEqual((await boardState(page, '#board')).moves, FIRST_MOVES, 'a good save loads');
  assertEqual(await page.inputValue('#mode'), 'hotseat', 'with its settings');
  // The saved side is the second, Blue is to move: the AI would move at once, so the page asks first.
  await page.selectOption('#mode', 'ai');
  await answer(page, 'no');
  assertEqual(await page.inputValue('#mode'), 'hotseat', 'the mode stays as it was after "no"');
  await page.selectOption('#mode', 'ai');
  await answer(page, 'yes');
  await page.waitForFunction(() => document.querySelector('#board').ply === 3 || document.querySelector('#board').thinking);
  await page.selectOption('#side', 'first');
  await page.selectOption('#level', '1');
  await stillPlayable(page, 'after the damaged saves');
  await audit(page, watch, 'after the damaged saves');
  await page.close();
});

// ---- 5. the wasm boundary in the browser ------------------------------------------------

test('hostile: Game undo and redo with nothing to do return false and change nothing; a throwing rules getter and a 255-stone board are refused with codes', async (ctx) => {
  const { page } = await openPage(ctx, site.url + 'blank.html', { clearStorage: false });
  const result = await page.evaluate(async () => {
    const wasm = await import('/pkg/sowboard.js');
    await wasm.default();
    const { Game } = wasm;
    const snap = (g) => JSON.stringify([g.position(), g.moves(), g.build(), g.canRedo(), g.ply]);
    const out = [];
    for (const [game, move] of [
      ['intermedium', 'a4-b5-a6-b7-a8'],
      ['cash-in-hand', 'a8:24 b7:3 c6:6 d7:9 e6:1 f5:5'],
    ]) {
      const g = new Game(game);
      g.selectOrigin(g.build().origins[0]); // a move being built must survive too
      const fresh = snap(g);
      out.push([game, 'fresh', g.undo(), snap(g) === fresh, g.redo(), snap(g) === fresh]);
      g.cancel();
      g.play(move);
      out.push([game, 'the only ply undone', g.undo()]);
      const undone = snap(g);
      out.push([game, 'then', g.undo(), snap(g) === undone, g.redo(), g.moves().length, g.redo()]);
      g.free();
    }
    const code = (f) => {
      try {
        f();
        return 'no error';
      } catch (e) {
        return `${e.code}: ${e.message}`;
      }
    };
    const all = (n, files, ranks) => Array.from({ length: ranks }, () => Array(files).fill(n).join(',')).join('/');
    out.push(
      code(
        () =>
          new Game('intermedium', {
            get firstMoveRule() {
              throw new Error('getter');
            },
          }),
      ),
    );
    out.push(code(() => Game.load(`intermedium ${all(255, 7, 10)} blue 0 5`)));
    out.push(code(() => Game.load(`cash-in-hand ${all(50, 8, 8)} white 0 5`)));
    return out;
  });
  for (const game of ['intermedium', 'cash-in-hand']) {
    const rows = result.filter((r) => r[0] === game);
    assertEqual(rows[0], [game, 'fresh', false, true, false, true], `${game}: undo and redo on a fresh game`);
    assertEqual(rows[1], [game, 'the only ply undone', true], `${game}: the ply is taken back`);
    assertEqual(rows[2], [game, 'then', false, true, true, 1, false], `${game}: undo has nothing more; redo once`);
  }
  const [getter, tall, fifties] = result.slice(-3);
  assert(/^bad-argument: rule options cannot be read: reading firstMoveRule threw/.test(getter), getter);
  assert(/^too-many-stones: .*holds 17850 stones; a game of intermedium holds at most 88 \(its start holds 88/.test(tall), tall);
  assert(/^too-many-stones: .*holds 3200 stones; a game of cash-in-hand holds at most 128/.test(fifties), fifties);
  await page.close();
});

test('hostile: viewPly = NaN shows the live game and the board plays on; a 3,500-stone position attribute is refused with its reason', async (ctx) => {
  const { page, watch } = await openPage(ctx, site.url + 'blank.html', { clearStorage: false });
  const result = await page.evaluate(async () => {
    await import('/widget.js');
    const make = async (attrs) => {
      const board = /** @type {any} */ (document.createElement('sowing-board'));
      const events = [];
      for (const type of ['error', 'move'])
        board.addEventListener(type, (e) => events.push([type, e.detail.code ?? e.detail.move, e.detail.message]));
      for (const [k, v] of Object.entries(attrs)) board.setAttribute(k, v);
      document.body.append(board);
      await new Promise((resolve) => board.addEventListener('ready', resolve, { once: true }));
      return { board, events };
    };
    const { board, events } = await make({ game: 'intermedium', animation: 'off' });
    board.play('a4-b5-a6-b7-a8');
    board.viewPly = NaN;
    const view = board.viewPly;
    board.play('a7-b6-a5-b4-a3');
    const undone = board.undo();
    const fifties = Array.from({ length: 10 }, () => Array(7).fill(50).join(',')).join('/');
    const t = performance.now();
    const tall = await make({ game: 'intermedium', analysis: '', animation: 'off', position: `intermedium ${fifties} blue 0 5` });
    return {
      view,
      moves: board.moves,
      undone,
      events,
      tallEvents: tall.events,
      tallMs: performance.now() - t,
      tallPosition: tall.board.position,
    };
  });
  assertEqual(result.view, null, 'NaN shows the live game');
  assertEqual([result.moves, result.undone], [['a4-b5-a6-b7-a8'], true], 'play and undo work after it');
  assertEqual(
    result.events.filter((e) => e[0] === 'move').map((e) => e[1]),
    ['a4-b5-a6-b7-a8', 'a7-b6-a5-b4-a3'],
    'each move sent its event',
  );
  const refused = result.tallEvents.find((e) => e[0] === 'error');
  assert(refused && refused[1] === 'too-many-stones' && /3500 stones/.test(refused[2]), JSON.stringify(result.tallEvents));
  assert(!/ 50,50,50/.test(result.tallPosition ?? ''), `the board does not hold the refused position: ${result.tallPosition}`);
  await audit(page, watch, 'viewPly and a tall position');
  await page.close();
});

test('hostile: served with the headers of docs/deploying.md, the app loads and plays with no violation, and refuses framing', async (ctx) => {
  const { SITE_CSP } = await import('./server.mjs');
  const deployed = await serve({ root, site: true });
  deployed.server.unref();
  try {
    const { page, watch } = await openPage(ctx, deployed.url);
    await appReady(page);
    const headers = await page.evaluate(async () => Object.fromEntries((await fetch(location.href)).headers));
    assertEqual(headers['content-security-policy'], SITE_CSP, 'the CSP header');
    for (const directive of ["frame-ancestors 'self'", "base-uri 'none'", "form-action 'self'"])
      assert(SITE_CSP.includes(directive), directive);
    assertEqual(
      [headers['x-content-type-options'], headers['referrer-policy'], headers['cache-control']],
      ['nosniff', 'no-referrer', 'no-cache'],
      'the other headers',
    );
    const wasmType = await page.evaluate(async () => (await fetch('pkg/sowboard_bg.wasm')).headers.get('content-type'));
    assertEqual(wasmType, 'application/wasm', 'the .wasm MIME type');
    await stillPlayable(page, 'deployed');
    await audit(page, watch, 'deployed');
    // A page frames the app: refused with the headers; shown without them
    // (the same check on the origin without frame-ancestors, so that it can fail).
    const framer = await ctx.context.newPage();
    const framedShows = async (url) => {
      await framer.setContent(`<iframe src="${url}"></iframe>`);
      const child = framer.frames().find((f) => f !== framer.mainFrame());
      await child?.waitForLoadState('load').catch(() => {});
      await framer.waitForTimeout(500);
      return child ? child.evaluate(() => !!document.querySelector('#board')).catch(() => false) : false;
    };
    assertEqual(await framedShows(site.url), true, 'without frame-ancestors the app shows in a frame');
    assertEqual(await framedShows(deployed.url), false, 'with the headers it does not');
    await framer.close();
    await page.close();
  } finally {
    deployed.server.close();
  }
});

test('hostile: every wasm export called with junk throws a coded Error or returns, never traps, changes nothing', async (ctx) => {
  // The exported methods as the declaration file lists them: the page must find exactly these.
  // The whole engine (the workers' module): the page's rules-only module has
  // the same code less the AI members (wasm-api.test.mjs checks that).
  const dts = fs.readFileSync(path.join(www, 'pkg/sowboard_ai.d.ts'), 'utf8');
  const classBody = dts.slice(dts.indexOf('export class Game'), dts.indexOf('\n}', dts.indexOf('export class Game')));
  const declared = [...classBody.matchAll(/^ {4}(static )?([a-zA-Z]\w*)\(/gm)]
    .map((m) => (m[1] ? `static ${m[2]}` : m[2]))
    .filter((n) => n !== 'constructor')
    .sort();
  const { page, watch } = await openPage(ctx, site.url + 'blank.html', { clearStorage: false });
  const result = await page.evaluate(
    async ({ start, moves }) => {
      const wasm = await import('/pkg/sowboard_ai.js');
      await wasm.default();
      const { Game } = wasm;
      const big = 'x'.repeat(1 << 20);
      const revoked = Proxy.revocable({}, {});
      revoked.revoke();
      const junk = [
        undefined,
        null,
        NaN,
        Infinity,
        -Infinity,
        -1,
        -0.5,
        0,
        6,
        1.5,
        2 ** 31,
        2 ** 32 + 3,
        2 ** 53 + 2,
        -(2 ** 53),
        1e308,
        Number.MIN_VALUE,
        '',
        ' ',
        '\u0000',
        '\ud800',
        big,
        '<script>window.__pwned=1</script>',
        'javascript:window.__pwned=1',
        '1',
        'NaN',
        true,
        false,
        10n,
        -10n,
        Symbol('s'),
        {},
        [],
        [[]],
        ['a4', 5],
        { quietLimit: -1 },
        { quietLimit: 1e20, firstMoveRule: 'yes' },
        {
          get quietLimit() {
            throw new Error('getter');
          },
        },
        new Proxy(
          {},
          {
            get() {
              throw new Error('trap');
            },
          },
        ),
        revoked.proxy,
        Object.defineProperty(['a4-b5-a6-b7-a8'], 0, {
          get() {
            throw new Error('getter');
          },
        }),
        new Proxy(['a4-b5-a6-b7-a8'], {
          get() {
            throw new Error('trap');
          },
        }),
        { length: 1, 0: 'a4-b5-a6-b7-a8' },
        () => {},
        new Date(NaN),
        /x/,
        new Uint8Array(4),
        Object.create(null),
        new String('a4'),
        new Number(3),
      ];
      const describe = (v) => {
        try {
          return typeof v === 'symbol'
            ? 'Symbol'
            : typeof v === 'bigint'
              ? `${v}n`
              : typeof v === 'string'
                ? JSON.stringify(v.slice(0, 20)) + (v.length > 20 ? `…(${v.length})` : '')
                : Array.isArray(v)
                  ? 'array'
                  : String(v).slice(0, 20);
        } catch {
          return typeof v;
        }
      };
      const problems = [];
      const fresh = () => {
        const g = Game.load(start, moves);
        g.undo();
        return g;
      }; // a redo is pending
      const snap = (g) =>
        JSON.stringify([g.position(), g.moves(), g.startPosition(), g.build(), g.canRedo(), g.ply, g.gameName, g.rules()]);
      const protoNames = Object.getOwnPropertyNames(Game.prototype).filter(
        (n) => n !== 'constructor' && typeof Object.getOwnPropertyDescriptor(Game.prototype, n).value === 'function' && !n.startsWith('__'),
      );
      const staticNames = Object.getOwnPropertyNames(Game).filter((n) => typeof Game[n] === 'function' && !n.startsWith('__'));
      const bad = (label, e) => {
        if (
          !(e instanceof Error) ||
          e instanceof WebAssembly.RuntimeError ||
          /unreachable|RuntimeError|recursive use|null pointer|memory access/i.test(String(e?.message)) ||
          typeof e.code !== 'string' ||
          !e.code
        ) {
          problems.push(`${label}: threw ${e?.constructor?.name} ${String(e?.message ?? e).slice(0, 100)} code=${String(e?.code)}`);
        }
      };
      const argLists = (j) => [[j], [j, j], [j, j, j], ['a4', j], ['b5', j], [3, j], [3, 1, j], [start, j], [start, moves, j]];
      let calls = 0;
      for (const name of protoNames) {
        if (name === 'free') continue; // frees the object (and ignores arguments)
        for (const j of junk) {
          // aiMove with a sound level thinks: keep that short (level 1, 5 ms).
          // analyse and review search too: a sound level or node budget keeps them short.
          const lists =
            name === 'aiMove'
              ? [[j], [j, j], [j, j, j], [1, j, 5], [1, 0, j]]
              : name === 'analyse' || name === 'review'
                ? [
                    [1, j],
                    [j, 100],
                    [1, 100, j],
                    [j, 100, j],
                  ]
                : argLists(j);
          for (const args of lists) {
            const g = fresh();
            const twin = fresh();
            const before = snap(g);
            const label = `${name}(${args.map(describe).join(', ')})`;
            calls++;
            let threw = false;
            try {
              g[name](...args);
            } catch (e) {
              threw = true;
              bad(label, e);
            }
            try {
              if (threw) {
                if (snap(g) !== before) problems.push(`${label}: threw but changed the game`);
              } else {
                // Accepted: it must have done what the same call with the sound arguments does.
                try {
                  twin[name](...args.map((a) => (a === j ? undefined : a)));
                } catch {
                  /* compare anyway */
                }
                if (args.includes(j) && j !== undefined && snap(g) !== before && snap(g) !== snap(twin))
                  problems.push(`${label}: accepted junk and changed the game`);
              }
              // Still usable: a legal move plays.
              g.cancel();
              const legal = g.legalMoves(1);
              if (legal.length) g.play(legal[0]);
            } catch (e) {
              problems.push(`${label}: the object is unusable afterwards: ${e?.message}`);
            }
            g.free();
            twin.free();
          }
        }
      }
      const statics = [
        ['new Game', (a, b) => new Game(a, b)],
        ...staticNames.map((n) => [`Game.${n}`, (...a) => Game[n](...a)]),
        ...Object.keys(wasm)
          .filter((k) => typeof wasm[k] === 'function' && k !== 'Game' && k !== 'default' && k !== 'initSync')
          .map((k) => [k, (...a) => wasm[k](...a)]),
      ];
      for (const [label0, fn] of statics) {
        for (const j of junk) {
          for (const args of argLists(j)) {
            if (label0 === 'perft' && Number.isInteger(args[1]) && args[1] > 1) continue; // a deep perft of a real position is slow, not wrong
            const label = `${label0}(${args.map(describe).join(', ')})`;
            calls++;
            try {
              const r = fn(...args);
              r?.free?.();
            } catch (e) {
              bad(label, e);
            }
          }
        }
      }
      // After all that, the module still works.
      const g = new Game('intermedium');
      g.play(moves[0]);
      const ok = g.position() !== start && g.free() === undefined;
      return { problems, calls, ok, methods: [...protoNames, ...staticNames.map((n) => `static ${n}`)].sort(), pwned: window.__pwned };
    },
    { start: INTERMEDIUM_START, moves: FIRST_MOVES },
  );
  assertEqual(result.methods, declared, 'the methods found in the page are those declared in sowboard_ai.d.ts');
  assert(result.calls > 5000, `many calls were made (${result.calls})`);
  assertEqual(result.problems.slice(0, 15), [], `problems (${result.problems.length} in all)`);
  assert(result.ok, 'the engine still plays afterwards');
  assertEqual(result.pwned, undefined, 'window.__pwned');
  await audit(page, watch, 'wasm junk');
  await page.close();
});

// ---- the static check: no HTML parsing or eval of strings in www/ --------------------------

test('hostile: www/ builds no markup from strings and evaluates no strings (static check)', () => {
  // The only allowed uses: the element's static template and the app page's
  // markup of first use (the site's own static files app/dialogs.html, app/analysis-panel.html); no data in either.
  const ALLOWED = [
    { file: 'board/element.js', text: 'tpl.innerHTML = TEMPLATE; // static markup only' },
    { file: 'app/main.js', text: "template.innerHTML = await response.text(); // the site's own static markup" },
  ];
  const SINKS = [
    /\.innerHTML\b/,
    /\.outerHTML\s*=/,
    /insertAdjacentHTML/,
    /document\.write/,
    /\beval\s*\(/,
    /\bnew\s+Function\b/,
    /\bFunction\s*\(/,
    /set(Timeout|Interval)\s*\(\s*['"`]/,
    /createContextualFragment/,
    /\bsrcdoc\b/,
    /\bDOMParser\b/,
    /\.setHTMLUnsafe\b/,
    /parseHTMLUnsafe/,
    /\bon[a-z]+\s*=\s*['"`]/,
    /setAttribute\(\s*['"`]on/i,
    /setAttribute\(\s*['"`](href|src|srcdoc|style)['"`]/,
    /\blocation(\.href)?\s*=[^=]/,
    /javascript:/i,
  ];
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      const rel = path.relative(www, file);
      if (entry.isDirectory()) {
        if (rel !== 'pkg') walk(file);
        continue;
      }
      if (!/\.(m?js|html)$/.test(entry.name)) continue;
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (ALLOWED.some((a) => a.file === rel && line.includes(a.text))) return;
        for (const re of SINKS) if (re.test(line)) found.push(`${rel}:${i + 1}: ${line.trim().slice(0, 100)}`);
      });
    }
  };
  walk(www);
  // The generated wasm glue too, for the code sinks (it has no HTML).
  for (const name of ['pkg/sowboard.js', 'pkg/sowboard_ai.js']) {
    const glue = fs.readFileSync(path.join(www, name), 'utf8');
    for (const re of [/\beval\s*\(/, /\bnew\s+Function\b/, /innerHTML/, /document\.write/]) if (re.test(glue)) found.push(`${name}: ${re}`);
  }
  assertEqual(found, [], 'HTML or code sinks outside the allowlist');
  // Every page keeps the strict policy as a meta tag.
  for (const pageFile of ['index.html', 'embed.html']) {
    const html = fs.readFileSync(path.join(www, pageFile), 'utf8');
    assert(html.includes(`<meta http-equiv="Content-Security-Policy" content="${CSP}">`), `${pageFile} has the strict CSP meta tag`);
    assert(!/<script(?![^>]*\bsrc=)[^>]*>/i.test(html), `${pageFile} has no inline script`);
    assert(!/\sstyle=/i.test(html) && !/<style/i.test(html), `${pageFile} has no inline style`);
  }
});
