#!/usr/bin/env bash
# Builds the web app: the engine as WebAssembly (ES module output, no bundler)
# into www/pkg. www/ is then a complete static site.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"
./setup.sh >/dev/null
# wasm-opt is the pinned one from npm binaryen (setup.sh installs it into
# tools/), run here rather than by wasm-pack, which would run it over every
# .wasm of the output directory.
export PATH="$PWD/tools/node_modules/.bin:$PATH"
# Two modules from the one crate (docs/first-load.md): the rules for the
# page's and the widget's main thread (pkg/sowboard.js, no AI: the board is
# playable before any AI code arrives), and the whole engine, AI and analysis
# included, for the workers (pkg/sowboard_ai.js, the `ai` feature).
# --no-pack: wasm-pack writes no package.json (www/package.json is the
# package). --no-default-features: the library without the command line's
# dependencies.
# Both at opt-level 2 (the native build keeps Cargo.toml's 3): as fast in
# wasm as 3 (perft and level-8 searches, docs/first-load.md) and 6% smaller;
# "s" and "z" are smaller still but 25% and 100% slower. wasm-opt -O3, -Os
# and -Oz differ by under 0.5% in size.
#   build NAME [CARGO-ARGS...]
build() {
  local wasm="www/pkg/$1_bg.wasm"
  CARGO_PROFILE_RELEASE_OPT_LEVEL=2 wasm-pack --quiet build --release --no-opt --target web --no-pack \
    --out-dir www/pkg --out-name "$1" -- --no-default-features "${@:2}"
  wasm-opt -O3 "$wasm" -o "$wasm"
  ls -l "$wasm" | awk '{print "build: " $NF " " $5 " bytes"}'
}
build sowboard
build sowboard_ai --features ai
# The service worker's file list and version (www/pkg/precache.js).
node tools/precache.mjs
