// Takes the README's screenshots of the app, one per game, at a desktop
// size: a game of the AI against itself loaded on the board, the move list
// beside it. After ./build.sh, with the site served:
//   node tests/browser/server.mjs --root www --port 8765 &
//   node docs/images/screenshots.mjs http://127.0.0.1:8765/
// writes docs/images/intermedium.png and docs/images/cash-in-hand.png.
import fs from 'node:fs';
import { launch } from '../../tests/browser/lib/browser.mjs';
import { appReady } from '../../tests/browser/lib/page.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8765/';
const PKG = new URL('../../www/pkg/', import.meta.url);
const wasm = await import(new URL('sowboard.js', PKG).href);
await wasm.default({ module_or_path: fs.readFileSync(new URL('sowboard_bg.wasm', PKG)) });

/** A game of `plies` moves the AI plays against itself at `level`. */
function aiGame(game, plies, level, seed) {
  const g = new wasm.Game(game, {});
  for (let i = 0; i < plies && !g.outcome(); i++) g.play(g.aiMove(level, seed + i));
  return { start: g.startPosition(), moves: g.moves() };
}

const shots = [
  { game: 'intermedium', plies: 12, level: 4, seed: 3 },
  { game: 'cash-in-hand', plies: 10, level: 4, seed: 5 },
];
const { context, close } = await launch({ viewport: { width: 1024, height: 720 } });
try {
  for (const shot of shots) {
    const { start, moves } = aiGame(shot.game, shot.plies, shot.level, shot.seed);
    const page = await context.newPage();
    await page.goto(url + 'icon.svg');
    await page.evaluate(() => localStorage.clear());
    await page.goto(url);
    await appReady(page);
    // Choosing a game starts it; then the AI's game is loaded as a game
    // the player reviews, the human to move.
    await page.selectOption('#game', shot.game);
    await page.waitForFunction((g) => document.querySelector('#board')?.getAttribute('game') === g, shot.game);
    await page.evaluate(([s, m]) => /** @type {any} */ (document.querySelector('#board')).load(s, m), [start, moves]);
    await page.waitForTimeout(1500);
    const file = new URL(`${shot.game}.png`, import.meta.url);
    await page.screenshot({ path: file.pathname });
    console.log(`${file.pathname}: ${moves.length} plies`);
    await page.close();
  }
} finally {
  await close();
}
