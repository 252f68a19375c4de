// Checks that tools/check-sizes.mjs passes files within their budgets and
// fails one over its budget or missing, on files written to a temporary
// directory: one that compresses well and one that does not.
//   node tools/check-sizes.test.mjs
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUDGETS, checkSizes, describe } from './check-sizes.mjs';

const fail = (message) => {
  console.error(`check-sizes.test: ${message}`);
  process.exit(1);
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-sizes-'));
try {
  fs.writeFileSync(path.join(dir, 'zeros'), Buffer.alloc(100_000));
  fs.writeFileSync(path.join(dir, 'noise'), crypto.randomBytes(20_000));
  const rows = checkSizes(dir, [
    { what: 'zeros', files: ['zeros'], budget: 1_000 },
    { what: 'both', files: ['zeros', 'noise'], budget: 19_000, goal: 15_000 },
    { what: 'gone', files: ['absent'], budget: 1_000_000 },
  ]);
  const [zeros, both, gone] = rows;
  if (zeros.over || zeros.size > 1_000) fail(`100 000 zero bytes gzip within 1 KB: ${describe(zeros)}`);
  if (!both.over || both.size < 20_000) fail(`20 000 random bytes do not fit 19 KB: ${describe(both)}`);
  if (!describe(both).includes('EXCEEDED') || !describe(both).includes('over it')) fail(`said: ${describe(both)}`);
  if (!gone.over || !describe(gone).includes('missing absent')) fail(`a missing file fails: ${describe(gone)}`);
  // The command: exit 1 on a site without the wasm, naming each row.
  const tool = path.join(path.dirname(new URL(import.meta.url).pathname), 'check-sizes.mjs');
  const run = spawnSync(process.execPath, [tool, dir], { encoding: 'utf8' });
  if (run.status !== 1) fail(`exit ${run.status} on a site without the wasm`);
  for (const { what } of BUDGETS) if (!run.stdout.includes(`${what}: missing`)) fail(`the output names ${what}: ${run.stdout}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log('check-sizes.test: ok');
