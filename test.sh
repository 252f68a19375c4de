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

echo "== wasm build"
cargo build --target wasm32-unknown-unknown --lib

if [ -f tests/browser/run.mjs ]; then
  echo "== browser tests"
  ./build.sh
  echo "== JavaScript type check (tsc, against www/pkg/sowboard.d.ts)"
  tests/browser/node_modules/.bin/tsc -p tests/browser
  node tests/browser/run.mjs
fi
