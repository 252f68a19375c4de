// The dependency rule of docs/architecture.md: a file of src/ uses only
// files of its own layer or lower ones, and no two files use each other
// through a cycle. The layers are the table in docs/architecture.md (or, until
// that page holds it, docs/architecture-layers.md): the markdown table whose
// header is `| layer | name | paths |`, one row per layer from the bottom up,
// paths relative to src/ (`dir/` for a directory; the longest matching path
// decides a file's layer; every file must match one).
// A file depends on another when it names one of its items (`use crate::..`,
// `super::..`, `self::..`, a child module, or an inline `crate::x::y` path).
// Re-exports (`pub use`) are not dependencies of the file that writes them: a
// path through a re-export is followed to the file that defines the item, so
// lib.rs and mod.rs files may re-export freely. Nor are the uses of a
// `#[cfg(test)]` module: a test may drive its file through a higher layer.
// Exit status 1 naming a line for every edge that breaks the order or closes a cycle.
//   node tools/check-layers.mjs [src-dir] [layers.md]   (LIST=1 also prints every file's dependencies)
import fs from 'node:fs';
import path from 'node:path';

const src = path.resolve(process.argv[2] ?? 'src');
const rel = (f) => path.relative(process.cwd(), f);

/** The layer table: [{ n, name, paths }] from a markdown file. */
function readLayers(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const cells = (line) => line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
  const head = lines.findIndex((l) => /^\|/.test(l.trim()) && cells(l).join('|').toLowerCase() === 'layer|name|paths');
  if (head < 0) return null;
  const layers = [];
  for (const line of lines.slice(head + 2)) {
    if (!/^\|/.test(line.trim())) break;
    const [n, name, paths] = cells(line);
    layers.push({ n: Number(n), name, paths: [...paths.matchAll(/`([^`]+)`/g)].map((m) => m[1]) });
  }
  return layers;
}

function layerTable() {
  const given = process.argv[3];
  const candidates = given ? [given] : ['docs/architecture.md', 'docs/architecture-layers.md'];
  for (const file of candidates) {
    if (!fs.existsSync(file)) continue;
    const layers = readLayers(file);
    if (layers) return { file, layers };
  }
  console.error(`check-layers: no layer table (| layer | name | paths |) in ${candidates.join(' or ')}`);
  process.exit(1);
}
const table = layerTable();
for (const { n, name } of table.layers) {
  if (!Number.isInteger(n)) {
    console.error(`check-layers: ${table.file}: layer '${name}' has no number`);
    process.exit(1);
  }
}

/** The layer of a file: the row whose path matches it longest. */
function layerOf(file) {
  const r = path.relative(src, file).split(path.sep).join('/');
  let best = null, length = -1;
  for (const layer of table.layers) {
    for (const p of layer.paths) {
      const hit = p.endsWith('/') ? r.startsWith(p) : r === p;
      if (hit && p.length > length) [best, length] = [layer, p.length];
    }
  }
  return best;
}

/** Source text with comments and string literals blanked (same length, so offsets keep their lines). */
function strip(text) {
  let out = '';
  for (let i = 0; i < text.length; ) {
    const rest = text.slice(i, i + 3);
    let m;
    if (rest.startsWith('//')) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (rest.startsWith('/*')) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if ((m = /^r(#*)"/.exec(text.slice(i, i + 20)))) {
      const close = '"' + m[1];
      const end = text.indexOf(close, i + m[0].length);
      const stop = end < 0 ? text.length : end + close.length;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1).replace(/[^\n]/g, ' ');
      i = j + 1;
    } else if ((m = /^'(\\.|[^\\'])'/.exec(text.slice(i, i + 5)))) {
      out += ' '.repeat(m[0].length); // a char literal such as '{'
      i += m[0].length;
    } else {
      out += text[i++];
    }
  }
  return out;
}

/** Expands a use tree (`a::{b, c::{d as e}}`) into `{path, name}`: each path and the name it gets here. */
function expandUse(tree) {
  tree = tree.replace(/\s+/g, ' ').trim();
  const open = tree.indexOf('{');
  if (open < 0) {
    const m = /^(.*?)(?: as (\w+))?$/.exec(tree);
    const path = m[1].replace(/\s/g, '');
    return [{ path, name: m[2] ?? path.split('::').pop() }];
  }
  const prefix = tree.slice(0, open).replace(/\s/g, '');
  const inner = tree.slice(open + 1, tree.lastIndexOf('}'));
  const parts = [];
  let depth = 0, start = 0;
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if ((c === ',' || i === inner.length) && depth === 0) {
      if (inner.slice(start, i).trim()) parts.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  return parts.flatMap((p) =>
    expandUse(p).map(({ path, name }) =>
      path === 'self' ? { path: prefix.replace(/::$/, ''), name: name === 'self' ? prefix.replace(/::$/, '').split('::').pop() : name } : { path: prefix + path, name },
    ),
  );
}

const files = new Map(); // file -> {crate, module: [..], text, reexports: Map(name -> abs path)}
const moduleFile = new Map(); // crate + '|' + module path -> file

function load(file, crate, module) {
  const text = strip(fs.readFileSync(file, 'utf8'));
  const info = { crate, module, text, reexports: new Map(), locals: new Map() };
  files.set(file, info);
  moduleFile.set(crate + '|' + module.join('::'), file);
  const dir = /(?:^|\/)(lib|main|mod)\.rs$/.test(file) ? path.dirname(file) : file.replace(/\.rs$/, '');
  for (const m of text.matchAll(/(?:^|[\s;}])mod\s+(\w+)\s*;/g)) {
    const name = m[1];
    const child = [path.join(dir, name + '.rs'), path.join(dir, name, 'mod.rs')].find((f) => fs.existsSync(f));
    if (child) load(child, crate, [...module, name]);
  }
}

/** Inline `mod name { .. }` blocks of a file, as [start, end] offsets. */
function inlineModules(text) {
  const spans = [];
  for (const m of text.matchAll(/\bmod\s+\w+\s*\{/g)) {
    let depth = 0, i = m.index + m[0].length - 1;
    for (; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) break;
    }
    spans.push([m.index, i]);
  }
  return spans;
}

/** `#[cfg(test)] mod name { .. }` blocks: tests may drive a file through a higher layer. */
function testModules(text) {
  const starts = [...text.matchAll(/#\[cfg\(test\)\]\s*mod\s+\w+\s*\{/g)].map((m) => m.index);
  return inlineModules(text).filter(([a]) => starts.some((s) => s <= a && !/[;}]/.test(text.slice(s, a))));
}

/** An absolute module path for a path written in `file` at `offset`, or null (another crate). */
function absolute(file, segs, offset, spans) {
  const info = files.get(file);
  const depth = spans.filter(([a, b]) => a < offset && offset < b).length;
  if (segs[0] === 'crate') return { crate: info.crate, segs: segs.slice(1) };
  if (segs[0] === 'sowboard' && info.crate === 'bin') return { crate: 'lib', segs: segs.slice(1) };
  if (segs[0] === 'self') return depth > 0 ? null : { crate: info.crate, segs: [...info.module, ...segs.slice(1)] };
  if (segs[0] === 'super') {
    let up = 0;
    while (segs[up] === 'super') up++;
    if (up <= depth) return null; // inside the file itself
    return { crate: info.crate, segs: [...info.module.slice(0, info.module.length - (up - depth)), ...segs.slice(up)] };
  }
  // A bare first segment: a child module of this file, else another crate.
  if (depth === 0 && moduleFile.has(info.crate + '|' + [...info.module, segs[0]].join('::'))) {
    return { crate: info.crate, segs: [...info.module, ...segs] };
  }
  return null;
}

/** The file defining the item a path names, following re-exports. */
function resolve({ crate, segs }, seen = 0) {
  let file = moduleFile.get(crate + '|');
  let i = 0;
  for (; i < segs.length; i++) {
    const next = moduleFile.get(crate + '|' + segs.slice(0, i + 1).join('::'));
    if (!next) break;
    file = next;
  }
  const alias = i < segs.length && files.get(file).reexports.get(segs[i]);
  if (alias && seen < 20) return resolve({ crate: alias.crate, segs: [...alias.segs, ...segs.slice(i + 1)] }, seen + 1);
  return file;
}

const lineOf = (text, offset) => text.slice(0, offset).split('\n').length;

load(path.join(src, 'lib.rs'), 'lib', []);
if (fs.existsSync(path.join(src, 'main.rs'))) load(path.join(src, 'main.rs'), 'bin', []);

// Every file's uses and re-exports first; paths are resolved (through
// re-exports, but not glob re-exports) once all are known.
const uses = [];
for (const [file, info] of files) {
  const spans = inlineModules(info.text);
  const tests = testModules(info.text);
  const inTest = (offset) => tests.some(([a, b]) => a < offset && offset < b);
  for (const m of info.text.matchAll(/(\bpub(?:\s*\([^)]*\))?\s+)?\buse\s+([^;]+);/g)) {
    for (const { path: p, name } of expandUse(m[2])) {
      const abs = absolute(file, p.split('::'), m.index, spans);
      if (!abs) continue;
      if (name !== '*' && name !== 'self') info.locals.set(name, abs);
      if (m[1] && !spans.some(([a, b]) => a < m.index && m.index < b)) {
        if (name !== '*') info.reexports.set(name, abs);
      } else {
        uses.push({ file, abs, line: lineOf(info.text, m.index), test: inTest(m.index) });
      }
    }
  }
  const outside = info.text.replace(/\buse\s+[^;]+;/g, (u) => u.replace(/[^\n]/g, ' '));
  for (const m of outside.matchAll(/(?<![\w:])\w+(?:::\w+)+/g)) {
    const segs = m[0].split('::');
    const local = info.locals.get(segs[0]);
    const abs = local ? { crate: local.crate, segs: [...local.segs, ...segs.slice(1)] } : absolute(file, segs, m.index, spans);
    if (abs) uses.push({ file, abs, line: lineOf(info.text, m.index), test: inTest(m.index) });
  }
}

const edges = new Map([...files.keys()].map((f) => [f, new Map()]));
// Each edge keeps its first line outside tests, else its first line in one.
const testOnly = new Map([...files.keys()].map((f) => [f, new Set()]));
for (const { file, abs, line, test } of uses) {
  const to = resolve(abs);
  if (!to || to === file) continue;
  const e = edges.get(file), t = testOnly.get(file);
  if (!e.has(to)) {
    e.set(to, line);
    if (test) t.add(to);
  } else if (!test && t.has(to)) {
    e.set(to, line);
    t.delete(to);
  }
}

// Tarjan's strongly connected components: each one with two or more files is a cycle.
let index = 0;
const idx = new Map(), low = new Map(), stack = [], onStack = new Set(), cycles = [];
function visit(v) {
  idx.set(v, index); low.set(v, index); index++;
  stack.push(v); onStack.add(v);
  for (const w of edges.get(v).keys()) {
    if (testOnly.get(v).has(w)) continue;
    if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const scc = [];
    let w;
    do { w = stack.pop(); onStack.delete(w); scc.push(w); } while (w !== v);
    if (scc.length > 1) cycles.push(scc);
  }
}
for (const v of files.keys()) if (!idx.has(v)) visit(v);

if (process.env.LIST) for (const [f, e] of edges) console.log(rel(f), '->', [...e.keys()].map(rel).join(' '));
let failed = false;
const unplaced = [...files.keys()].filter((f) => !layerOf(f));
if (unplaced.length) {
  failed = true;
  console.error(`check-layers: ${unplaced.length} file(s) in no layer of ${table.file}:`);
  for (const f of unplaced) console.error(`- ${rel(f)}`);
}
const upward = [];
for (const [f, e] of edges) {
  const from = layerOf(f);
  for (const [to, line] of e) {
    if (testOnly.get(f).has(to)) continue; // a test may drive its file through a higher layer
    const target = layerOf(to);
    if (from && target && target.n > from.n) upward.push(`    ${rel(f)}:${line} (${from.n} ${from.name}) uses ${rel(to)} (${target.n} ${target.name})`);
  }
}
if (upward.length) {
  failed = true;
  console.error(`check-layers: ${upward.length} use(s) of a higher layer (${table.file}):`);
  for (const u of upward) console.error(u);
}
if (cycles.length) {
  failed = true;
  console.error(`check-layers: ${cycles.length} import cycle(s) between files of ${rel(src)}:`);
  for (const scc of cycles) {
    const set = new Set(scc);
    console.error(`- ${scc.map(rel).sort().join(', ')}`);
    for (const f of scc) {
      for (const [to, line] of edges.get(f)) {
        if (set.has(to) && !testOnly.get(f).has(to)) console.error(`    ${rel(f)}:${line} uses ${rel(to)}`);
      }
    }
  }
}
if (failed) process.exit(1);
const count = [...edges.values()].reduce((n, e) => n + e.size, 0);
console.log(`check-layers: ${files.size} files in ${table.layers.length} layers, ${count} dependencies, none upward, no cycle`);
