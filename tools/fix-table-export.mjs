// Works around a bug in older binaryen (Debian's wasm-opt 108): it reads every
// exported table as table 0, so after `wasm-opt` the `__wbindgen_externrefs`
// export names the function table and the module fails to instantiate
// ("Table.set(): Argument 1 is invalid for table"). This rewrites that one
// export to point at the module's externref table again. A module that is
// already right is left unchanged.
//   node tools/fix-table-export.mjs path/to/module_bg.wasm
import fs from 'node:fs';

const file = process.argv[2];
const bytes = fs.readFileSync(file);
const EXTERNREF = 0x6f, TABLE_SECTION = 4, EXPORT_SECTION = 7, IMPORT_SECTION = 2;

function leb(pos) {
  let result = 0, shift = 0, b;
  do { b = bytes[pos++]; result |= (b & 0x7f) << shift; shift += 7; } while (b & 0x80);
  return [result >>> 0, pos];
}
function skipLimits(pos) {
  const flags = bytes[pos++];
  let n; [n, pos] = leb(pos);
  if (flags & 1) [n, pos] = leb(pos);
  return pos;
}

let tableTypes = [], importedTables = 0, exportSection = null;
for (let pos = 8; pos < bytes.length;) {
  const id = bytes[pos];
  let [size, start] = leb(pos + 1);
  const end = start + size;
  if (id === IMPORT_SECTION) {
    let [count, p] = leb(start);
    for (let i = 0; i < count; i++) {
      let len; [len, p] = leb(p); p += len; [len, p] = leb(p); p += len;
      const kind = bytes[p++];
      if (kind === 0) [, p] = leb(p);
      else if (kind === 1) { tableTypes.push(bytes[p++]); importedTables++; p = skipLimits(p); }
      else if (kind === 2) p = skipLimits(p);
      else if (kind === 3) p += 2;
      else if (kind === 4) { p++; [, p] = leb(p); }
    }
  } else if (id === TABLE_SECTION) {
    let [count, p] = leb(start);
    for (let i = 0; i < count; i++) { tableTypes.push(bytes[p++]); p = skipLimits(p); }
  } else if (id === EXPORT_SECTION) {
    exportSection = [start, end];
  }
  pos = end;
}

const want = tableTypes.indexOf(EXTERNREF);
if (want < 0 || !exportSection) process.exit(0);
let [count, p] = leb(exportSection[0]);
for (let i = 0; i < count; i++) {
  let len; [len, p] = leb(p);
  const name = bytes.subarray(p, p + len).toString('utf8'); p += len;
  const kind = bytes[p++];
  const at = p; let index; [index, p] = leb(p);
  if (kind === 1 && name === '__wbindgen_externrefs' && index !== want) {
    if (p - at !== 1 || want > 127) throw new Error('unexpected table index encoding');
    bytes[at] = want;
    fs.writeFileSync(file, bytes);
    console.log(`fix-table-export: ${name} now names table ${want} (was ${index})`);
  }
}
