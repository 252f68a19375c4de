//! Cross-checks the shallow Intermedium counts of the perft golden files
//! (run in full by `perft_files.rs`) against the brute-force path enumerator
//! in `common`, which shares nothing with the engine's move generator.

mod common;
mod perft_support;

use perft_support::{golden_files, read_cases};
use sowboard::GameKind;

#[test]
fn brute_force_agrees_on_shallow_intermedium_counts() {
    let mut checked = 0;
    for path in golden_files() {
        for case in read_cases(&path).iter().filter(|c| c.position.game == GameKind::Intermedium) {
            if case.position.board.stacks().iter().any(|&n| n > 8) {
                continue;
            }
            for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= 20_000) {
                let brute = common::brute_perft_intermedium(&case.position, &case.rules, depth);
                assert_eq!(
                    brute, expected,
                    "{}:{}: brute-force perft {depth}",
                    case.file, case.line
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 8, "only {checked} counts cross-checked");
}
