#!/usr/bin/env bash
# Runs each fuzz target (tests/fuzz/fuzz_targets) for a while with libFuzzer.
#   ./fuzz.sh            every target, 600 s each
#   ./fuzz.sh 60 move_text
# cargo-fuzz needs nightly features; RUSTC_BOOTSTRAP lets the stable
# toolchain (the only one these machines have) use them.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"
seconds="${1:-600}"
shift || true
command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(position_text move_text builder_steps record_text game_api move_code)
for t in "${targets[@]}"; do
  echo "== fuzzing $t for $seconds s"
  # Start from the hand-written seeds (valid inputs the fuzzer mutates).
  mkdir -p "tests/fuzz/corpus/$t"
  cp -n tests/fuzz/seeds/"$t"/* "tests/fuzz/corpus/$t/" 2>/dev/null || true
  # The text targets keep comparison tracing, which helps libFuzzer guess
  # keywords and numbers. The others choose among the engine's options by
  # byte index, where it finds nothing, and their time went mostly to its
  # hooks (70% of builder_steps' profile): built without it, in a target
  # directory of their own so that neither build undoes the other.
  case "$t" in
    builder_steps|game_api|move_code) flavour=(--no-trace-compares --target-dir tests/fuzz/target/no-cmp) ;;
    *) flavour=() ;;
  esac
  # No sanitizer: the crate has no unsafe code, and AddressSanitizer
  # would cost half the executions; coverage guidance is unchanged.
  RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir tests/fuzz -O --sanitizer none "${flavour[@]}" "$t" -- \
    -max_total_time="$seconds" -max_len=4096 -print_final_stats=1
done
