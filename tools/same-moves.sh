#!/usr/bin/env bash
# Records what the AI and the exhaustive solver decide, to show that a change
# leaves every decision as it is: each level's games against the level below
# (levels 2-8, both games, 2 games of 40 plies on node budgets, so any
# machine replays them move for move), the tactics suites' solve counts with
# every missed move, the shipped puzzle files and what the solver makes of
# their positions, and a few suite lines and puzzles generated from a seed.
# Timings are left out: they differ from run to run.
#
#   tools/same-moves.sh record DIR [BIN]   writes the record into DIR
#   tools/same-moves.sh DIR [BIN]          records again and compares with DIR:
#                                          exit 1 and the differences if any
#
# BIN is the sowboard binary (default: target/release/sowboard, built here).
# About 10 minutes of one core.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

mode=compare
if [ "${1:-}" = record ]; then
  mode=record
  shift
fi
want=${1:?usage: tools/same-moves.sh [record] DIR [BIN]}
bin=${2:-}
if [ -z "$bin" ]; then
  nice cargo build --release --quiet
  bin=target/release/sowboard
fi
bin=$(realpath "$bin")

if [ "$mode" = record ]; then
  out=$want
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

# The match table keeps its results: the header's first seven words and each
# row's first five fields (the timing and node columns after them are dropped,
# so records made before the node columns still compare).
untimed() { awk '/^agent +wins/ { rows = 3 } rows > 0 { NF = (rows == 3 ? 7 : 5); rows-- } { print }'; }

for game in intermedium cash-in-hand; do
  for n in 2 3 4 5 6 7 8; do
    nice "$bin" match --game "$game" --a "level$n" --b "level$((n - 1))" --games 2 --seed 5 \
      --max-plies 40 --threads 1 --verbose | untimed >"$out/match-$game-level$n.txt"
  done
  nice "$bin" tactics --game "$game" --verbose >"$out/tactics-$game.txt" 2>&1
  nice "$bin" tactics --game "$game" --generate 2 --seed 3 >"$out/tactics-generate-$game.txt"
done

# The shipped puzzles, and the solver's puzzles from their positions.
sha256sum www/puzzles/*.json >"$out/puzzles-shipped.sha256"
for game in intermedium cash-in-hand; do
  positions="$out/positions-$game.txt"
  node -e 'for (const p of JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))) console.log(p.position)' \
    "www/puzzles/$game.json" >"$positions"
  nice "$bin" puzzles --game "$game" --positions "$positions" >"$out/puzzles-classified-$game.json"
  rm "$positions"
done
nice "$bin" puzzles --game cash-in-hand --count 4 --seed 13 >"$out/puzzles-generated-cash-in-hand.json"

if [ "$mode" = record ]; then
  echo "same-moves: recorded into $out"
  exit 0
fi
# Binaries kept beside a record (such as the build it was made with) are not compared.
if diff -ru -x 'sowboard*' "$want" "$out"; then
  echo "same-moves: every decision is the same as in $want"
else
  echo "same-moves: decisions differ from $want (above)" >&2
  exit 1
fi
