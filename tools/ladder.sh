#!/usr/bin/env bash
# Re-runs the level ladder and prints each level's approximate rating
# (issue 11, item 5): `sowboard match` plays level 1 against greedy and each
# level against the one below, and the ratings are chained Elo differences
# from those scores, anchored on greedy = 1000.
#
#   tools/ladder.sh [GAME ...]          (default: intermedium cash-in-hand)
#   GAMES=40 SEED=5 STEPS="8" tools/ladder.sh cash-in-hand
#
# GAMES: games per step (default 40); SEED: match seed (default 5); PLIES:
# random opening plies (default: Intermedium 2, the match default; Cash in
# Hand 0, the standard start: one random first move mostly decides the
# game for Black, so its pairs split one-one and measure the opening,
# docs/ai/journal.md "Measured (round 14 ...)"; the levels' own seeds still vary the games); STEPS:
# which steps to play, by the upper level (1 = level1 vs greedy; default
# "1 2 3 4 5 6 7 8"); OUT: directory for each match's full output (default
# target/ladder). A step not played now is read from OUT when an earlier
# run left it there, so after level 8 changes `STEPS=8` re-runs the top
# step alone and the table is recomputed from all eight. Uses
# target/release/sowboard (run `cargo build --release` first); matches use
# every core, so run it alone or under `nice`.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release/sowboard
GAMES=${GAMES:-40}
SEED=${SEED:-5}
LEVELS=8
STEPS=${STEPS-"$(seq -s " " 1 $LEVELS)"}
OUT=${OUT:-target/ladder}
mkdir -p "$OUT"
[ -x "$BIN" ] || { echo "no $BIN: run cargo build --release" >&2; exit 1; }
[ $# -gt 0 ] || set -- intermedium cash-in-hand

for game in "$@"; do
  case "$game" in cash-in-hand) plies=${PLIES:-0} ;; *) plies=${PLIES:-2} ;; esac
  for n in $(seq 1 $LEVELS); do
    if [ "$n" = 1 ]; then below=greedy; else below=level$((n - 1)); fi
    file="$OUT/$game-level$n-$below.txt"
    if [[ " $STEPS " == *" $n "* ]]; then
      echo "playing $game: level$n vs $below, $GAMES games, seed $SEED, $plies opening plies" >&2
      "$BIN" match --game "$game" --a "level$n" --b "$below" --games "$GAMES" --seed "$SEED" --opening-plies "$plies" >"$file"
    fi
  done
  echo
  echo "$game (command: sowboard match --game $game --a levelN --b levelN-1 --games $GAMES --seed $SEED --opening-plies $plies)"
  echo
  echo "| step | games | score | Wilson 95% | ms/move (upper / lower) | rating |"
  echo "| --- | --- | --- | --- | --- | --- |"
  rating=1000
  for n in $(seq 1 $LEVELS); do
    if [ "$n" = 1 ]; then below=greedy; else below=level$((n - 1)); fi
    file="$OUT/$game-level$n-$below.txt"
    if [ ! -f "$file" ]; then
      echo "| level$n vs $below | - | not played | - | - | - |"
      rating=""
      continue
    fi
    # The summary lines of `sowboard match`: the score with its interval
    # and each agent's mean time a move.
    awk -v n="$n" -v below="$below" -v prev="$rating" '
      $1 == "level" n && NF == 7 { upper_ms = $6 }
      $1 == below && NF == 7 { lower_ms = $6 }
      /^score level/ && /Wilson/ {
        score = $3; sub("%", "", score)
        lo = $7; sub("%", "", lo); hi = $9; sub(/%;?/, "", hi)
        games = $10
      }
      END {
        if (score == "") { printf "| level%s vs %s | - | unfinished | - | - | - |\n", n, below; exit }
        # A clean sweep has no finite Elo: count it as half a game short.
        p = score / 100
        if (p >= 1) p = (games - 0.5) / games
        if (p <= 0) p = 0.5 / games
        diff = -400 * log(1 / p - 1) / log(10)
        r = (prev == "") ? "-" : sprintf("%.0f", prev + diff)
        printf "| level%s vs %s | %s | %s%% | %s-%s%% | %s / %s | %s |\n", n, below, games, score, lo, hi, upper_ms, lower_ms, r
      }' "$file"
    if [ -n "$rating" ]; then
      rating=$(awk -v prev="$rating" '
        /^score level/ && /Wilson/ {
          p = $3; sub("%", "", p); p /= 100
          g = $10
          if (p >= 1) p = (g - 0.5) / g
          if (p <= 0) p = 0.5 / g
          printf "%.0f", prev - 400 * log(1 / p - 1) / log(10); found = 1
        }
        END { if (!found) printf "" }' "$file")
    fi
  done
  echo
  echo "ratings: greedy = 1000; a 200-point gap is about a 76% score"
done
