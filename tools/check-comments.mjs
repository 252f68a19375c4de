// Comments say what the code is and why, in the present tense; the history
// of a change lives in git and docs/ai/journal.md. This fails on the words
// of a change log in a comment: "round N", "issue N", "was", "before", "now"
// (any case; text in `backticks` is code and is not read). Files: .rs, .js,
// .mjs, .ts and .css under the directories given, or given themselves
// (node_modules, pkg and target skipped); strings are not comments.
// Exit status 1 and every hit as file:line: text.
//   node tools/check-comments.mjs DIR|FILE...
import fs from 'node:fs';
import path from 'node:path';

const WORDS = /\bround\s+\d|\bissue\s+\d|\b(?:was|before|now)\b/i;
const EXTENSIONS = new Set(['.rs', '.js', '.mjs', '.ts', '.css']);
const SKIP = new Set(['node_modules', 'pkg', 'target', '.git']);

/** The comments of a source text: [{ line, text }], one entry per comment line. */
export function comments(source, ext) {
  const out = [];
  const rust = ext === '.rs';
  const css = ext === '.css';
  const lineAt = (i) => source.slice(0, i).split('\n').length;
  const push = (start, text) => text.split('\n').forEach((t, k) => out.push({ line: lineAt(start) + k, text: t }));
  for (let i = 0; i < source.length; ) {
    const two = source.slice(i, i + 2);
    let m;
    if (two === '//' && !css) {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      push(i, source.slice(i + 2, stop));
      i = stop;
    } else if (two === '/*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      push(i, source.slice(i + 2, stop - 2));
      i = stop;
    } else if (rust && (m = /^r(#*)"/.exec(source.slice(i, i + 20)))) {
      const close = '"' + m[1];
      const end = source.indexOf(close, i + m[0].length);
      i = end < 0 ? source.length : end + close.length;
    } else if (source[i] === '"' || (!rust && (source[i] === "'" || source[i] === '`'))) {
      const quote = source[i];
      let j = i + 1;
      while (j < source.length && source[j] !== quote && !(quote !== '`' && source[j] === '\n')) {
        j += source[j] === '\\' ? 2 : 1;
      }
      i = j + 1;
    } else if (rust && (m = /^'(\\.|[^\\'])'/.exec(source.slice(i, i + 5)))) {
      i += m[0].length; // a char literal such as '"' (a lone ' is a lifetime)
    } else {
      i++;
    }
  }
  return out;
}

/** The hits in one file: [{ line, text }]. */
export function check(file) {
  const source = fs.readFileSync(file, 'utf8');
  return comments(source, path.extname(file)).filter(({ text }) => WORDS.test(text.replace(/`[^`]*`/g, '')));
}

function* walk(dir) {
  if (!fs.statSync(dir).isDirectory()) {
    if (EXTENSIONS.has(path.extname(dir))) yield dir;
    return;
  }
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (EXTENSIONS.has(path.extname(entry.name))) yield full;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2);
  if (!dirs.length) {
    console.error('usage: node tools/check-comments.mjs DIR...');
    process.exit(2);
  }
  let files = 0;
  const hits = [];
  for (const dir of dirs) {
    for (const file of walk(dir)) {
      files++;
      for (const { line, text } of check(file)) hits.push(`${file}:${line}: ${text.replace(/^[/!*]+/, '').trim()}`);
    }
  }
  if (hits.length) {
    console.error(`check-comments: ${hits.length} comment line(s) read as a change log ("round N", "issue N", "was", "before", "now"); say what is, and why:`);
    for (const h of hits) console.error(`  ${h}`);
    process.exit(1);
  }
  console.log(`check-comments: ${files} files, every comment in the present tense`);
}
