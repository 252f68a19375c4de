// Checks that tools/check-layers.mjs fails on an import cycle and passes
// without one, on small crates written to a temporary directory.
//   node tools/check-layers.test.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const checker = path.join(path.dirname(new URL(import.meta.url).pathname), 'check-layers.mjs');

function run(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-layers-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const result = spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' });
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

let failed = 0;
for (const [name, want, files] of cases) {
  const { status, stdout, stderr } = run(files);
  const named = want === 0 ? /no cycle/.test(stdout) : /import cycle/.test(stderr);
  if (status !== want || !named) {
    failed++;
    console.error(`check-layers.test: ${name}: exit ${status}, expected ${want}\n${stdout}${stderr}`);
  }
}
if (failed) process.exit(1);
console.log(`check-layers.test: ${cases.length} cases pass`);
