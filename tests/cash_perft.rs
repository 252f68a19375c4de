//! The Cash in Hand perft golden data, cross-checked at depths 1 to 3 by
//! the brute-force enumerator (independent of the engine's generator).

mod cash_support;
mod perft_support;

use perft_support::{golden_files, read_cases};
use sowboard::{perft, GameKind, Position, Rules};

#[test]
fn shallow_golden_counts_agree_with_brute_force() {
    let mut checked = 0;
    for path in golden_files() {
        for case in read_cases(&path) {
            if case.position.game != GameKind::CashInHand {
                continue;
            }
            for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= 3) {
                let brute = cash_support::brute_perft(&case.position, &case.rules, depth);
                assert_eq!(
                    brute, expected,
                    "{}:{}: brute-force perft {depth}",
                    case.file, case.line
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 8, "the golden file should have shallow Cash in Hand counts");
}

#[test]
fn perft_from_the_start_is_out_of_reach_but_fails_cleanly() {
    let p = Position::start(GameKind::CashInHand);
    assert!(perft(&p, &Rules::default(), 1).is_err());
    assert_eq!(perft(&p, &Rules::default(), 0), Ok(1));
}
