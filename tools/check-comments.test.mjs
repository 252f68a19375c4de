// Checks that tools/check-comments.mjs fails on a planted change-log comment
// ("round 3", "issue 12", "was", "before", "now") in Rust and JavaScript, and
// passes on present-tense comments, on those words in strings and in
// `backticks`, on files it does not read and on skipped directories.
//   node tools/check-comments.test.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const checker = path.join(path.dirname(new URL(import.meta.url).pathname), 'check-comments.mjs');

function run(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-comments-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const result = spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true });
  return result;
}

const clean = '//! The level ladder: each level scores 60-80% against the one below.\nfn f() {}\n';
const cases = [
  ['present tense passes', 0, null, { 'a.rs': clean }],
  ['a planted "round 3" fails', 1, /a\.rs:2: Measured in round 3/, { 'a.rs': clean.replace('fn f', '// Measured in round 3.\nfn f') }],
  ['"issue 12" in a doc comment fails', 1, /b\.rs:1/, { 'b.rs': '/// The guard of issue 12.\nfn g() {}\n' }],
  ['"was" fails', 1, /c\.rs:3/, { 'c.rs': 'fn h() {\n    let x = 1;\n    // Noise 150 (was 100).\n}\n' }],
  ['"Before" in a block comment fails', 1, /d\.rs:2/, { 'd.rs': '/* The weights.\n   Before the refit they differed. */\nfn k() {}\n' }],
  ['"now" in JavaScript fails', 1, /e\.js:1/, { 'e.js': 'const a = 1; // the board is now drawn\n' }],
  ['the words in strings pass', 0, null, { 'f.rs': 'const S: &str = "// round 3, was, now";\nconst C: char = \'"\';\n// A present comment.\n', 'g.js': "const u = 'http://x/round 3'; const t = `before // now`;\n" }],
  ['the words in backticks pass', 0, null, { 'h.rs': '/// Calls `now_ms` and `before`.\nfn n() {}\n' }],
  ['other files and skipped directories pass', 0, null, { 'notes.md': 'round 3 was before now\n', 'node_modules/x.js': '// round 3\n', 'i.rs': clean }],
  ['a lifetime does not open a string', 1, /j\.rs:2/, { 'j.rs': "fn f<'a>(x: &'a str) {}\n// was here\n" }],
];

let failed = 0;
for (const [name, want, pattern, files] of cases) {
  const { status, stdout, stderr } = run(files);
  const named = want === 0 ? /present tense/.test(stdout) : pattern.test(stderr);
  if (status !== want || !named) {
    failed++;
    console.error(`check-comments.test: ${name}: exit ${status}, expected ${want}\n${stdout}${stderr}`);
  }
}
if (failed) process.exit(1);
console.log(`check-comments.test: ${cases.length} cases pass`);
