#!/usr/bin/env bash
# Runs each fuzz target (tests/fuzz/fuzz_targets) for a while with libFuzzer.
#   ./fuzz.sh            every target, 600 s each
#   ./fuzz.sh 60 move_text
#   FUZZ_JOBS=2 ./fuzz.sh 600 game_api   two fuzzers at once (one per core),
#                        sharing the corpus; prints the executions of both
#   FUZZ_RUNS=5000000 FUZZ_JOBS=2 ./fuzz.sh 0 builder_tall
#                        a count of executions per fuzzer instead of a time
#                        (0: no time limit), so that load only slows the run
# cargo-fuzz needs nightly features; RUSTC_BOOTSTRAP lets the stable
# toolchain (the only one these machines have) use them.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"
seconds="${1:-600}"
shift || true
command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(position_text move_text builder_steps builder_tall record_text game_api move_code)
for t in "${targets[@]}"; do
  echo "== fuzzing $t for $seconds s${FUZZ_RUNS:+ or $FUZZ_RUNS runs a fuzzer}"
  # Start from the hand-written seeds (valid inputs the fuzzer mutates).
  mkdir -p "tests/fuzz/corpus/$t"
  cp -n tests/fuzz/seeds/"$t"/* "tests/fuzz/corpus/$t/" 2>/dev/null || true
  # The text targets keep comparison tracing, which helps libFuzzer guess
  # keywords and numbers. The others choose among the engine's options by
  # byte index, where it finds nothing, and their time went mostly to its
  # hooks (70% of builder_steps' profile): built without it, in a target
  # directory of their own so that neither build undoes the other.
  case "$t" in
    builder_steps|builder_tall|game_api|move_code)
      dir=tests/fuzz/target/no-cmp
      flavour=(--no-trace-compares --target-dir "$dir") ;;
    *)
      dir=tests/fuzz/target
      flavour=() ;;
  esac
  # No sanitizer: the crate has no unsafe code, and AddressSanitizer
  # would cost half the executions; coverage guidance is unchanged.
  RUSTC_BOOTSTRAP=1 cargo fuzz build --fuzz-dir tests/fuzz -O --sanitizer none "${flavour[@]}" "$t"
  bin="$PWD/$dir/x86_64-unknown-linux-gnu/release/$t"
  corpus="$PWD/tests/fuzz/corpus/$t"
  jobs="${FUZZ_JOBS:-1}"
  # A run ends at the time limit or, with FUZZ_RUNS, after that many
  # executions of each fuzzer, whichever comes first.
  limits=(-max_total_time="$seconds")
  [ -z "${FUZZ_RUNS:-}" ] || limits+=(-runs="$FUZZ_RUNS")
  # Where a failing input is written (as `cargo fuzz run` does).
  mkdir -p "tests/fuzz/artifacts/$t"
  found=(-artifact_prefix="$PWD/tests/fuzz/artifacts/$t/")
  if [ "$jobs" -le 1 ]; then
    "$bin" "${found[@]}" "${limits[@]}" -max_len=4096 -print_final_stats=1 "$corpus"
  else
    # Each job logs to fuzz-<i>.log in the working directory.
    logs="$PWD/tests/fuzz/artifacts/jobs-$t"
    rm -rf "$logs" && mkdir -p "$logs"
    (cd "$logs" && "$bin" "${found[@]}" -jobs="$jobs" -workers="$jobs" "${limits[@]}" \
      -max_len=4096 -print_final_stats=1 "$corpus" >parent.log 2>&1) || {
      tail -n 40 "$logs"/*.log
      exit 1
    }
    grep -h "^stat::" "$logs"/fuzz-*.log
    total=$(grep -h "^stat::number_of_executed_units" "$logs"/fuzz-*.log | awk '{s += $2} END {print s}')
    echo "== $t: $total executions in $jobs jobs"
  fi
done
