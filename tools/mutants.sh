#!/usr/bin/env bash
# Mutation testing of the rules with cargo-mutants: it changes the code one
# small way at a time (a `<` made `<=`, a function returning a default...)
# and checks that some test fails. Not part of ./test.sh: every mutant is a
# rebuild plus a test run, and a full run takes hours on a 2-core machine.
#
#   tools/mutants.sh                        # every rules file (hours)
#   tools/mutants.sh src/cash/capture.rs    # one file or folder, or several
#   tools/mutants.sh src/game.rs --list     # options go to cargo mutants
#   tools/mutants.sh src/game.rs --re=undo  # (written --name=value)
#
# Each mutant is checked with the `rules` test binary alone, without its
# slow perft test (golden_counts_over_a_million); the results (caught.txt,
# missed.txt, timeout.txt, unviable.txt) go to mutants.out/.
#
# Code that only the AI uses (the one-move threat queries) is checked by
# the library's unit tests instead: MUTANTS_TESTS replaces the test
# arguments given to cargo test, e.g.
#   MUTANTS_TESTS='--lib intermedium::threat' tools/mutants.sh src/intermedium/threat.rs
# or, faster (the build phase then builds the library's tests alone):
#   MUTANTS_TESTS='-- intermedium::threat' tools/mutants.sh src/intermedium/threat.rs --cargo-arg=--lib
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants
files=()
extra=()
for arg in "$@"; do
  case "$arg" in
    -*) extra+=("$arg") ;;
    *) files+=("$arg") ;;
  esac
done
[ ${#files[@]} -gt 0 ] || files=(src/cash src/intermedium src/game.rs src/position.rs)
selection=()
for f in "${files[@]}"; do
  if [ -d "$f" ]; then selection+=(--file "$f/**/*.rs"); else selection+=(--file "$f"); fi
done
read -ra tests <<<"${MUTANTS_TESTS:---test rules -- --skip golden_counts_over_a_million}"
nice -n 5 cargo mutants "${selection[@]}" "${extra[@]}" -- "${tests[@]}"
