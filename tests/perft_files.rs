//! Runs every perft golden file `tests/perft/*.perft`, whatever the game.

mod perft_support;

use perft_support::{golden_files, read_cases};
use sowboard::perft;

#[test]
fn every_golden_perft_count_matches() {
    let files = golden_files();
    assert!(!files.is_empty(), "no tests/perft/*.perft files");
    for path in files {
        let cases = read_cases(&path);
        assert!(!cases.is_empty(), "{}: no positions", path.display());
        for case in cases {
            for &(depth, expected) in &case.counts {
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
