//! Any text as a position string: parsing never panics; what parses prints
//! back to a string that parses to the same position; asking a parsed
//! position for its status and a bounded move list never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowboard::{Position, Rules};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = text.parse::<Position>() else { return };
    let printed = pos.to_string();
    let again: Position = printed.parse().expect("printed positions parse");
    assert_eq!(again, pos);
    let rules = Rules::default();
    let _ = pos.status(&rules);
    // A small work limit: enough to walk every generator path (and the
    // limit's own), while a tall set-up cannot take milliseconds per input.
    let _ = pos.legal_moves(&rules, 1_000);
});
