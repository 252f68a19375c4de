#!/usr/bin/env bash
# Runs every test: Rust unit, integration and property tests, the wasm build,
# and (once the web app exists) the browser tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"
./setup.sh browser

echo "== cargo test"
cargo test --all-targets
cargo test --doc

echo "== fuzz targets build, soak"
# Keeps the fuzz targets (their own workspace) compiling and the soak
# command alive; ./fuzz.sh runs the fuzzers themselves.
cargo build --manifest-path tests/fuzz/Cargo.toml --bins
cargo run --quiet -- soak --game intermedium --games 200 --seed 1
cargo run --quiet -- soak --game cash-in-hand --games 200 --seed 1

echo "== wasm build"
cargo build --target wasm32-unknown-unknown --lib

if [ -f tests/browser/run.mjs ]; then
  echo "== browser tests"
  ./build.sh
  node tests/browser/run.mjs
fi
