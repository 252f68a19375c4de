// Size budgets of what the site ships, gzip -9, so that they hold as
// features grow (docs/first-load.md). ./test.sh runs it after ./build.sh.
// Each row of BUDGETS sums its files (paths in www/); `budget` is the bound
// checked, `goal` (when set) the size aimed at, printed beside it.
// Exit status 1 naming every row over its budget.
//   node tools/check-sizes.mjs [www-dir]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const KB = 1000;

/** @type {{what: string, files: string[], budget: number, goal?: number}[]} */
export const BUDGETS = [
  // The rules-only engine the page's and the widget's main thread load.
  { what: 'rules wasm', files: ['pkg/sowboard_bg.wasm'], budget: 128 * KB, goal: 100 * KB },
  // The whole engine the AI and analysis workers load.
  { what: 'AI wasm', files: ['pkg/sowboard_ai_bg.wasm'], budget: 218 * KB, goal: 200 * KB },
];

/** The gzip -9 size of a file. @param {string} file */
export const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * Each row's size against its budget.
 * @param {string} www @param {typeof BUDGETS} budgets
 * @returns {{what: string, size: number, budget: number, goal?: number, over: boolean, missing: string[]}[]}
 */
export function checkSizes(www, budgets = BUDGETS) {
  return budgets.map(({ what, files, budget, goal }) => {
    const missing = files.filter((f) => !fs.existsSync(path.join(www, f)));
    const size = files.filter((f) => !missing.includes(f)).reduce((n, f) => n + gzipSize(path.join(www, f)), 0);
    return { what, size, budget, goal, over: missing.length > 0 || size > budget, missing };
  });
}

/** One line for a row. @param {ReturnType<typeof checkSizes>[number]} r */
export function describe(r) {
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  if (r.missing.length) return `${r.what}: missing ${r.missing.join(', ')} (run ./build.sh)`;
  const goal = r.goal === undefined ? '' : r.size <= r.goal ? `; goal ${kb(r.goal)} met` : `; goal ${kb(r.goal)}, ${kb(r.size - r.goal)} over it`;
  return `${r.what}: ${kb(r.size)} gzip, budget ${kb(r.budget)}${r.over ? ' EXCEEDED' : ''}${goal}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const www = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../www'));
  const rows = checkSizes(www);
  for (const r of rows) console.log(`check-sizes: ${describe(r)}`);
  if (rows.some((r) => r.over)) process.exit(1);
}
