//! The Cash in Hand perft golden data, cross-checked at depths 1 to 3 by
//! `cash_reference` (which decides the rules itself), and at depth 1 by the
//! move-text brute force (which asks `Position::play_text`).

use crate::cash_reference as reference;
use crate::cash_support;
use crate::perft_support::{golden_files, read_cases, Case};
use sowboard::{perft, GameKind, Position, Rules};

fn cash_cases() -> Vec<Case> {
    golden_files()
        .iter()
        .flat_map(|path| read_cases(path))
        .filter(|c| c.position.game == GameKind::CashInHand)
        .collect()
}

#[test]
fn shallow_golden_counts_agree_with_the_reference() {
    let mut checked = 0;
    for case in cash_cases() {
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= 3) {
            let count = reference::perft(&case.position, &case.rules, depth);
            assert_eq!(count, expected, "{}:{}: reference perft {depth}", case.file, case.line);
            checked += 1;
        }
    }
    assert!(checked >= 8, "the golden file should have shallow Cash in Hand counts");
}

#[test]
fn golden_positions_have_the_same_moves_by_every_method() {
    for case in cash_cases() {
        let (p, rules) = (&case.position, &case.rules);
        let at = format!("{}:{}", case.file, case.line);
        let mine: std::collections::BTreeSet<_> = reference::moves(p, rules).into_keys().collect();
        assert_eq!(reference::engine_moves(p, rules), mine, "{at}: generator vs reference");
        let texts = cash_support::brute_force(p, rules);
        assert_eq!(cash_support::generated(p, rules), texts, "{at}: generator vs move texts");
    }
}

#[test]
fn perft_from_the_start_is_out_of_reach_but_fails_cleanly() {
    let p = Position::start(GameKind::CashInHand);
    assert!(perft(&p, &Rules::default(), 1).is_err());
    assert_eq!(perft(&p, &Rules::default(), 0), Ok(1));
}
