#!/usr/bin/env bash
# Builds the web app and serves www/ locally.  ./serve.sh [PORT]
set -euo pipefail
cd "$(dirname "$0")"
./build.sh
exec node tests/browser/server.mjs --root www --port "${1:-8080}"
