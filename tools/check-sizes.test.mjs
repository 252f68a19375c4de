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
    { what: 'zeros', files: ['zeros'], target: 1_000, ceiling: 1_000 },
    { what: 'both', files: ['zeros', 'noise'], target: 15_000, ceiling: 19_000 },
    { what: 'gone', files: ['absent'], target: 1_000_000, ceiling: 1_000_000 },
  ]);
  const [zeros, both, gone] = rows;
  if (zeros.over || zeros.size > 1_000 || !describe(zeros).endsWith(', met')) fail(`100 000 zero bytes gzip within 1 KB: ${describe(zeros)}`);
  if (!both.over || both.size < 20_000) fail(`20 000 random bytes do not fit 19 KB: ${describe(both)}`);
  if (!describe(both).includes('target 15.0 KB, ceiling 19.0 KB, CEILING EXCEEDED')) fail(`said: ${describe(both)}`);
  const within = checkSizes(dir, [{ what: 'noise', files: ['noise'], target: 15_000, ceiling: 21_000 }])[0];
  if (within.over || !describe(within).includes('not met')) fail(`over the target, within the ceiling: ${describe(within)}`);
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
