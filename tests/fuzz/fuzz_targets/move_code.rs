//! Any text as the move code of a link (src/move_code.rs), in either game
//! from its start: never panics; what decodes is a game of legal moves whose
//! own code decodes to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowboard::{move_code, GameKind, Position, Rules};

/// Code characters read per input: a few dozen moves. Longer codes only
/// replay more moves of the same kinds, each costing a full decode, encode,
/// decode and replay, so the executions would go to repetition.
const MAX_CHARS: usize = 160;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(&rest[..rest.len().min(MAX_CHARS)]) else { return };
    let kind = if first & 1 == 0 { GameKind::Intermedium } else { GameKind::CashInHand };
    let rules = Rules {
        first_move_rule: first & 2 == 0,
        repetition_draw: first & 4 == 0,
        ..Rules::default()
    };
    if let Ok(game) = move_code::decode(Position::start(kind), rules, text) {
        let code = move_code::encode(&game).expect("a decoded game encodes");
        let again =
            move_code::decode(Position::start(kind), rules, &code).expect("its code decodes");
        assert_eq!(again.move_texts(), game.move_texts());
        let replayed = sowboard::record::replay(
            Position::start(kind),
            game.move_texts().iter().map(String::as_str),
            rules,
        )
        .expect("decoded moves are legal");
        assert_eq!(replayed.outcome(), game.outcome());
    }
});
