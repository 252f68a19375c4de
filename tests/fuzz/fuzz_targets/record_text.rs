//! Any text as a game record to import: never panics; what imports exports
//! to a record that imports to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowboard::{record, Rules};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let rules = Rules::default();
    if let Ok(game) = record::import(text, rules) {
        let again = record::import(&record::export(&game), rules).expect("exported records import");
        assert_eq!(again, game);
    }
});
