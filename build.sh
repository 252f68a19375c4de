#!/usr/bin/env bash
# Builds the web app: the engine as WebAssembly (ES module output, no bundler)
# into www/pkg. www/ is then a complete static site.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"
./setup.sh >/dev/null
# wasm-pack runs the first wasm-opt on PATH with the flags in Cargo.toml: the
# pinned one from npm binaryen (setup.sh installs it into tools/).
export PATH="$PWD/tools/node_modules/.bin:$PATH"
# --no-pack: we publish no npm package. --no-default-features: the library
# without the command line's dependencies.
wasm-pack --quiet build --release --target web --no-pack --out-dir www/pkg -- --no-default-features
ls -l www/pkg/sowboard_bg.wasm | awk '{print "build: www/pkg/sowboard_bg.wasm " $5 " bytes"}'
# The service worker's file list and version (www/pkg/precache.js).
node tools/precache.mjs
