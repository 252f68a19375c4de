// Size budgets of what the site ships, gzip -9, so that they hold as
// features grow (docs/first-load.md). ./test.sh runs it after ./build.sh.
// Each row of BUDGETS sums its files (paths in www/); `ceiling` is the bound
// checked, `target` the size aimed at (issue 55). A met target is its own
// ceiling; one not met yet has a ceiling at the measured size + 2%, so that
// nothing grows meanwhile, and the check prints "target X, ceiling Y, not
// met". Exit status 1 naming every row over its ceiling.
//   node tools/check-sizes.mjs [www-dir]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const KB = 1000;

/** @type {{what: string, files: string[], ceiling: number, target: number}[]} */
export const BUDGETS = [
  // The rules-only engine the page's and the widget's main thread load.
  { what: 'rules wasm', files: ['pkg/sowboard_bg.wasm'], target: 100 * KB, ceiling: 100 * KB },
  // The whole engine the AI and analysis workers load.
  { what: 'AI wasm', files: ['pkg/sowboard_ai_bg.wasm'], target: 200 * KB, ceiling: 200 * KB },
];

/** The gzip -9 size of a file. @param {string} file */
export const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * Each row's size against its budget.
 * @param {string} www @param {typeof BUDGETS} budgets
 * @returns {{what: string, size: number, ceiling: number, target: number, over: boolean, missing: string[]}[]}
 */
export function checkSizes(www, budgets = BUDGETS) {
  return budgets.map(({ what, files, ceiling, target }) => {
    const missing = files.filter((f) => !fs.existsSync(path.join(www, f)));
    const size = files.filter((f) => !missing.includes(f)).reduce((n, f) => n + gzipSize(path.join(www, f)), 0);
    return { what, size, ceiling, target, over: missing.length > 0 || size > ceiling, missing };
  });
}

/** One line for a row. @param {ReturnType<typeof checkSizes>[number]} r */
export function describe(r) {
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  if (r.missing.length) return `${r.what}: missing ${r.missing.join(', ')} (run ./build.sh)`;
  const met = r.size <= r.target ? 'met' : `not met (${kb(r.size - r.target)} over the target)`;
  return `${r.what}: ${kb(r.size)} gzip: target ${kb(r.target)}, ceiling ${kb(r.ceiling)}, ${r.over ? 'CEILING EXCEEDED' : met}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const www = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../www'));
  const rows = checkSizes(www);
  for (const r of rows) console.log(`check-sizes: ${describe(r)}`);
  if (rows.some((r) => r.over)) process.exit(1);
}
