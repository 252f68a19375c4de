#!/usr/bin/env bash
# Installs everything the build and the tests need. Idempotent: each step is
# skipped when its tool is already there, so a second run takes seconds.
#   ./setup.sh          Rust side: wasm target, wasm-pack, wasm-bindgen, wasm-opt
#   ./setup.sh browser  also Chromium and the browser-test npm packages
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"

say() { echo "setup: $*"; }

apt_updated=""
apt_install() {
  # apt-get update once per run, and only when something is missing.
  if [ -z "$apt_updated" ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! command -v wasm-pack >/dev/null; then
  say "installing wasm-pack (about 2 minutes)"
  cargo install --locked wasm-pack
fi

# wasm-pack cannot download wasm-bindgen here; install the CLI matching the
# wasm-bindgen version in Cargo.lock ourselves.
want=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/[^0-9.]/,""); print; exit}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ -n "$want" ] && [ "$want" != "$have" ]; then
  say "installing wasm-bindgen-cli $want (about 2 minutes)"
  cargo install --force wasm-bindgen-cli --version "$want"
fi

if ! command -v node >/dev/null; then
  # build.sh runs one small node script; the browser tests run on node.
  say "installing node"
  apt_install nodejs npm
fi

if ! command -v wasm-opt >/dev/null; then
  say "installing binaryen (wasm-opt)"
  apt_install binaryen
fi

if [ "${1:-}" = "browser" ]; then
  if [ ! -x /usr/bin/chromium ]; then
    say "installing chromium"
    apt_install chromium chromium-driver
  fi
  if [ -f tests/browser/package.json ] && { [ ! -d tests/browser/node_modules/playwright-core ] || [ ! -x tests/browser/node_modules/.bin/tsc ]; }; then
    say "installing browser-test packages"
    (cd tests/browser && npm ci --no-audit --no-fund --silent)
  fi
fi
say "ready"
