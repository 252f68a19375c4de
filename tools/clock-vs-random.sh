#!/bin/sh
# Every level from 2 to 8 against `random` under a time budget (issue 52):
# the CLI's --budget-ms lifts the node budgets, so the clock alone stops
# each search. Prints one line per level, game and budget; each must win at
# least 19 of 20. A long run (about an hour on two idle cores); not part of
# ./test.sh. Results: docs/ai/clock.md.
#
#   tools/clock-vs-random.sh [BUDGETS] [LEVELS] [GAMES]
#   tools/clock-vs-random.sh "50 100 300" "2 3 4 5 6 7 8" "intermedium cash-in-hand"
set -eu
cd "$(dirname "$0")/.."
BIN=${SOWBOARD:-target/release/sowboard}
BUDGETS=${1:-50 100 300}
LEVELS=${2:-2 3 4 5 6 7 8}
GAMES=${3:-intermedium cash-in-hand}
echo "game budget-ms level wins-draws-losses mean-ms max-ms"
for ms in $BUDGETS; do
  for game in $GAMES; do
    for n in $LEVELS; do
      out=$("$BIN" match --game "$game" --a "level$n" --b random --games 20 --seed 7 \
        --budget-ms "$ms" --threads "${THREADS:-1}")
      row=$(printf '%s\n' "$out" | grep "^level$n ")
      set -- $row
      echo "$game $ms level$n $2-$3-$4 $6 $7"
    done
  done
done
