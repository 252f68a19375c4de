#!/usr/bin/env bash
# Builds the web app: the engine as WebAssembly (ES module output, no bundler)
# into www/pkg. www/ is then a complete static site.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"
./setup.sh >/dev/null
# wasm-opt comes from binaryen on PATH (setup.sh); wasm-pack runs it with the
# flags in Cargo.toml. --no-pack: we publish no npm package.
wasm-pack --quiet build --release --target web --no-pack --out-dir www/pkg
# Debian's wasm-opt 108 breaks one table export; put it right (see the script).
node tools/fix-table-export.mjs www/pkg/sowboard_bg.wasm
ls -l www/pkg/sowboard_bg.wasm | awk '{print "build: www/pkg/sowboard_bg.wasm " $5 " bytes"}'
