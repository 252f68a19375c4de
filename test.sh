#!/usr/bin/env bash
# Runs every test: first the house-style checks (fast, and they fail early),
# then Rust unit, integration and property tests, the wasm build, and the
# browser tests in headless Chromium, then the cross-engine scenarios in
# Chromium, Firefox and WebKit.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"
./setup.sh browser

echo "== style and lint"
cargo fmt --check
node tools/check-layers.test.mjs
node tools/check-layers.mjs
node tools/check-comments.test.mjs
node tools/check-comments.mjs src www
# JavaScript of www/ and tests/browser/: Prettier's layout, then ESLint.
tools/format.sh --check
cargo clippy --all-targets -- -D warnings
# The library as the browser gets it (build.sh builds it without the CLI):
# the page's rules-only module, and the workers' with the AI.
cargo clippy --target wasm32-unknown-unknown --lib --no-default-features -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --no-default-features --features ai -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet

echo "== cargo test"
cargo test --all-targets
cargo test --doc

echo "== fuzz targets check, soak"
# Keeps the fuzz targets (their own workspace) compiling and the soak
# command alive; ./fuzz.sh runs the fuzzers themselves. The soaks play on
# one core each (the binary `cargo test` built) while the fuzz targets are
# checked; their reports follow, and either failing fails the run.
sowboard="${CARGO_TARGET_DIR:-target}/debug/sowboard"
soaks=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$soaks"' EXIT
declare -A soak_pid
for game in intermedium cash-in-hand; do
  "$sowboard" soak --game "$game" --games 200 --seed 1 >"$soaks/$game" 2>&1 &
  soak_pid[$game]=$!
done
cargo check --manifest-path tests/fuzz/Cargo.toml --bins
for game in intermedium cash-in-hand; do
  status=0
  wait "${soak_pid[$game]}" || status=$?
  cat "$soaks/$game"
  [ "$status" -eq 0 ] || { echo "soak $game failed (status $status)"; exit 1; }
done

if [ -f tests/browser/run.mjs ]; then
  echo "== browser tests"
  ./build.sh
  echo "== JavaScript type check (tsc, against www/pkg/sowboard.d.ts)"
  tests/browser/node_modules/.bin/tsc -p tests/browser
  echo "== size budgets (gzip -9)"
  node tools/check-sizes.test.mjs && node tools/check-sizes.mjs
  node tests/browser/run.mjs
  echo "== the same scenarios in Chromium, Firefox and WebKit"
  node tests/browser/cross-engine.mjs
fi
