// Checks that tools/check-layers.mjs fails on an import cycle, on a use of a
// higher layer and on a file in no layer, and passes without them, on small
// crates written to a temporary directory with their layer table.
//   node tools/check-layers.test.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const checker = path.join(path.dirname(new URL(import.meta.url).pathname), 'check-layers.mjs');

/** A layer table: `rows` as [[number, name, 'path path ..'], ..]; by default every file in layer 1. */
function table(files, rows) {
  rows ??= [[1, 'all', Object.keys(files).join(' ')]];
  const lines = rows.map(([n, name, paths]) => `| ${n} | ${name} | ${paths.split(' ').map((p) => '`' + p + '`').join(', ')} |`);
  return ['# Layers', '', '| layer | name | paths |', '| --- | --- | --- |', ...lines, ''].join('\n');
}

function run(files, rows) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-layers-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'src', name)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', name), text);
  }
  fs.writeFileSync(path.join(dir, 'layers.md'), table(files, rows));
  const args = [checker, path.join(dir, 'src'), path.join(dir, 'layers.md')];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true });
  return result;
}

const cases = [
  ['no cycle', 0, { 'lib.rs': 'mod a;\nmod b;\npub use a::A;\n', 'a.rs': 'use crate::b::B;\npub struct A(B);\n', 'b.rs': 'pub struct B;\n' }],
  ['a use cycle', 1, { 'lib.rs': 'mod a;\nmod b;\n', 'a.rs': 'use crate::b::B;\npub struct A;\n', 'b.rs': 'pub struct B;\nfn f() -> crate::a::A { crate::a::A }\n' }],
  ['a cycle through a re-export', 1, { 'lib.rs': 'mod a;\nmod b;\npub use b::B;\n', 'a.rs': 'use crate::B;\npub struct A;\n', 'b.rs': 'use crate::a::A;\npub struct B(A);\n' }],
  ['a child using its parent that uses it', 1, { 'lib.rs': 'mod g;\n', 'g/mod.rs': 'mod c;\npub struct P;\nfn f() { c::go() }\n', 'g/c.rs': 'use super::P;\npub fn go() {}\n' }],
  ['a re-export alone is no dependency', 0, { 'lib.rs': 'mod g;\n', 'g/mod.rs': 'mod c;\npub use c::go;\npub struct P;\n', 'g/c.rs': 'use super::P;\npub fn go() {}\n' }],
  ['a test module using super is the same file', 0, { 'lib.rs': 'mod a;\n', 'a.rs': 'pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n' }],
  ['paths in comments and strings do not count', 0, { 'lib.rs': 'mod a;\nmod b;\n', 'a.rs': 'use crate::b::B;\n', 'b.rs': '// crate::a::x\nconst S: &str = "crate::a::y";\npub struct B;\n' }],
];

// Two layers: `low.rs` and `base/` below `high.rs`; `base/top.rs` is placed above both.
const layered = [[1, 'low', 'lib.rs low.rs base/'], [2, 'high', 'high.rs base/top.rs']];
const lib = 'mod base;\nmod high;\nmod low;\n';
const orderCases = [
  ['a use of a lower layer', 0, /none upward/, { 'lib.rs': lib, 'low.rs': 'pub struct L;\n', 'high.rs': 'use crate::low::L;\npub struct H(L);\n', 'base/mod.rs': 'mod top;\n', 'base/top.rs': '' }],
  ['a use of a higher layer', 1, /low\.rs:2 \(1 low\) uses .*high\.rs \(2 high\)/, { 'lib.rs': lib, 'low.rs': '\nfn f() -> crate::high::H { crate::high::H }\n', 'high.rs': 'pub struct H;\n', 'base/mod.rs': 'mod top;\n', 'base/top.rs': '' }],
  ['the longest path decides', 0, /none upward/, { 'lib.rs': lib, 'low.rs': '', 'high.rs': 'pub struct H;\n', 'base/mod.rs': 'mod top;\n', 'base/top.rs': 'use crate::high::H;\n' }],
  ['a directory below its own child', 1, /base\/mod\.rs:2 .* uses .*top\.rs \(2 high\)/, { 'lib.rs': lib, 'low.rs': '', 'high.rs': '', 'base/mod.rs': 'mod top;\nfn f() { top::go() }\n', 'base/top.rs': 'pub fn go() {}\n' }],
  ['a test module may use a higher layer', 0, /none upward/, { 'lib.rs': lib, 'low.rs': 'pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::high::H;\n}\n', 'high.rs': 'pub struct H;\n', 'base/mod.rs': 'mod top;\n', 'base/top.rs': '' }],
  ['a higher layer outside the test module still fails', 1, /low\.rs:1 \(1 low\)/, { 'lib.rs': lib, 'low.rs': 'use crate::high::H;\n#[cfg(test)]\nmod tests {\n    use crate::high::H;\n}\n', 'high.rs': 'pub struct H;\n', 'base/mod.rs': 'mod top;\n', 'base/top.rs': '' }],
  ['a test module may close a cycle', 0, /no cycle/, { 'lib.rs': lib, 'low.rs': 'pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::base::B;\n}\n', 'high.rs': '', 'base/mod.rs': 'mod top;\nuse crate::low::f;\npub struct B;\n', 'base/top.rs': '' }],
  ['a file in no layer', 1, /in no layer[^]*extra\.rs/, { 'lib.rs': lib + 'mod extra;\n', 'low.rs': '', 'high.rs': '', 'base/mod.rs': 'mod top;\n', 'base/top.rs': '', 'extra.rs': '' }],
];

let failed = 0;
for (const [name, want, pattern, files] of orderCases) {
  const { status, stdout, stderr } = run(files, layered);
  if (status !== want || !pattern.test(want === 0 ? stdout : stderr)) {
    failed++;
    console.error(`check-layers.test: ${name}: exit ${status}, expected ${want}\n${stdout}${stderr}`);
  }
}
for (const [name, want, files] of cases) {
  const { status, stdout, stderr } = run(files);
  const named = want === 0 ? /no cycle/.test(stdout) : /import cycle/.test(stderr);
  if (status !== want || !named) {
    failed++;
    console.error(`check-layers.test: ${name}: exit ${status}, expected ${want}\n${stdout}${stderr}`);
  }
}
if (failed) process.exit(1);
console.log(`check-layers.test: ${cases.length + orderCases.length} cases pass`);
