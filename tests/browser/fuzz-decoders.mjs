// The page's decoders fuzzed with fast-check, long (issue 16 item 1, the
// JavaScript part): share links, saved games, links of games by link (their
// shape, and their moves replayed by the real engine under node), and the
// stored list of link games. Not part of ./test.sh (the browser suite runs a
// short version, link.test.mjs).
//   node tests/browser/fuzz-decoders.mjs [runs per decoder, default 1000000] [seed]
// Needs www/pkg (./build.sh). Prints inputs tried and time per decoder.
import fs from 'node:fs';
import { fuzzDecoders } from './lib/fuzz-decoders.mjs';

const runs = Number(process.argv[2] ?? 1_000_000);
const seed = process.argv[3] == null ? Date.now() % 2 ** 31 : Number(process.argv[3]);
const PKG = new URL('../../www/pkg/', import.meta.url);
const engine = await import(new URL('sowboard.js', PKG));
await engine.default({ module_or_path: fs.readFileSync(new URL('sowboard_bg.wasm', PKG)) });

console.log(`fuzzing the page's decoders: ${runs} inputs each, seed ${seed}`);
const started = Date.now();
const counts = fuzzDecoders({
  runs,
  engine,
  seed,
  log: (name, n, ms) => console.log(`${name}: ${n} inputs, ${(ms / 1000).toFixed(1)} s, no failure`),
});
console.log(`all: ${Object.values(counts).reduce((a, b) => a + b, 0)} inputs in ${((Date.now() - started) / 1000).toFixed(0)} s`);
