#!/usr/bin/env bash
# Formats the JavaScript of www/ and tests/browser/ with Prettier
# (prettier.config.mjs), then lints it with ESLint (eslint.config.mjs).
#   tools/format.sh           rewrite the files, then lint
#   tools/format.sh --check   change nothing: fail on a file Prettier would
#                             change or on a lint finding (./test.sh runs this)
# Both tools are pinned in tests/browser/package.json (./setup.sh browser).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=tests/browser/node_modules/.bin
files=('www/**/*.js' 'www/**/*.ts' 'tests/browser/**/*.mjs' 'tests/browser/**/*.ts')
if [ "${1:-}" = "--check" ]; then
  "$bin/prettier" --check --log-level warn "${files[@]}"
else
  "$bin/prettier" --write --log-level warn "${files[@]}"
fi
"$bin/eslint" --max-warnings 0 www tests/browser
