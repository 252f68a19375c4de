//! Cross-checks the Intermedium perft golden counts (all run against the
//! engine by `perft_golden`) with `intermedium_reference`, which decides
//! the rules itself, and its moves with the engine's on every golden position.

use crate::intermedium_reference as reference;
use crate::perft_support::{golden_files, read_cases, Case};
use sowboard::GameKind;

/// The golden counts the reference is fast enough to recompute: stacks of
/// at most 10 stones and at most 200,000 leaves (see the labels in
/// `tests/perft/intermedium.perft`).
fn small_cases() -> Vec<Case> {
    golden_files()
        .iter()
        .flat_map(|path| read_cases(path))
        .filter(|c| c.position.game == GameKind::Intermedium)
        .filter(|c| c.position.board.stacks().iter().all(|&n| n <= 10))
        .collect()
}

#[test]
fn the_reference_agrees_on_intermedium_golden_counts() {
    let mut checked = 0;
    for case in small_cases() {
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= 200_000) {
            let count = reference::perft(&case.position, &case.rules, depth);
            assert_eq!(count, expected, "{}:{}: reference perft {depth}", case.file, case.line);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} counts cross-checked");
}

#[test]
fn the_reference_finds_the_engines_moves_in_the_golden_positions() {
    for case in small_cases() {
        let mine: std::collections::BTreeSet<_> =
            reference::moves(&case.position, &case.rules).into_keys().collect();
        let engine = reference::engine_moves(&case.position, &case.rules);
        assert_eq!(engine, mine, "{}:{}: moves of {}", case.file, case.line, case.position);
    }
}
