//! Runs every perft golden file `tests/perft/*.perft`, whatever the game:
//! the counts up to a million in one test, the slow big ones (Intermedium
//! perft 3 from the start: 62 M) in another, so that quick runs (mutation
//! testing) can skip `golden_counts_over_a_million` by name.

use crate::perft_support::{golden_files, read_cases};
use sowboard::perft;

const A_MILLION: u64 = 1_000_000;

fn check_golden_counts(keep: impl Fn(u64) -> bool) {
    let files = golden_files();
    assert!(!files.is_empty(), "no tests/perft/*.perft files");
    for path in files {
        let cases = read_cases(&path);
        assert!(!cases.is_empty(), "{}: no positions", path.display());
        for case in cases {
            for &(depth, expected) in case.counts.iter().filter(|(_, n)| keep(*n)) {
                let got = perft(&case.position, &case.rules, depth)
                    .expect("golden positions stay within the move limit");
                assert_eq!(
                    got, expected,
                    "{}:{}: perft {depth} of {}",
                    case.file, case.line, case.position
                );
            }
        }
    }
}

#[test]
fn golden_counts_up_to_a_million() {
    check_golden_counts(|n| n <= A_MILLION);
}

#[test]
fn golden_counts_over_a_million() {
    check_golden_counts(|n| n > A_MILLION);
}
