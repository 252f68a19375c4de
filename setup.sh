#!/usr/bin/env bash
# Installs everything the build and the tests need. Idempotent: each step is
# skipped when its tool is already there, so a second run takes seconds.
#   ./setup.sh          Rust side: wasm target, rustfmt, clippy, wasm-pack,
#                       wasm-bindgen, and wasm-opt (npm, in tools/)
#   ./setup.sh browser  also Chromium, Firefox ESR, WebKitGTK (WebKitWebDriver,
#                       MiniBrowser), Xvfb and the browser-test npm packages
#                       (with the JavaScript formatter and linter, tools/format.sh)
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

# ./test.sh checks the house style with both.
for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

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
  # wasm-opt (npm binaryen) and the browser tests run on node.
  say "installing node"
  apt_install nodejs npm
fi

# wasm-opt from the npm package binaryen, pinned by tools/package-lock.json
# (Debian's binaryen 108 breaks the externref table export wasm-bindgen emits).
# build.sh puts tools/node_modules/.bin first on PATH for wasm-pack.
if [ ! -x tools/node_modules/.bin/wasm-opt ]; then
  say "installing wasm-opt (npm binaryen)"
  (cd tools && npm ci --no-audit --no-fund --silent)
fi

if [ "${1:-}" = "browser" ]; then
  if [ ! -x /usr/bin/chromium ]; then
    say "installing chromium"
    apt_install chromium chromium-driver
  fi
  # The other two engines of the cross-engine tests (tests/browser/cross-engine.mjs):
  # Firefox ESR, and WebKitGTK's WebDriver with its MiniBrowser, run in Xvfb.
  missing=""
  [ -x /usr/bin/firefox-esr ] || missing="$missing firefox-esr"
  [ -x /usr/bin/WebKitWebDriver ] || missing="$missing webkit2gtk-driver"
  command -v Xvfb >/dev/null || missing="$missing xvfb"
  if [ -n "$missing" ]; then
    say "installing$missing"
    # shellcheck disable=SC2086
    apt_install $missing
  fi
  # npm ci when a package pinned in package.json (dependencies and
  # devDependencies: the tests' packages, Prettier and ESLint) is missing or
  # another version.
  pinned_ok() {
    (cd tests/browser && node -e '
      const pkg = require("./package.json");
      const deps = { ...pkg.dependencies, ...pkg.devDependencies };
      for (const [name, want] of Object.entries(deps)) {
        let have = null;
        try { have = require(`./node_modules/${name}/package.json`).version; } catch {}
        if (have !== want) process.exit(1);
      }')
  }
  if [ -f tests/browser/package.json ] && ! pinned_ok; then
    say "installing browser-test packages"
    (cd tests/browser && npm ci --no-audit --no-fund --silent)
  fi
fi
say "ready"
