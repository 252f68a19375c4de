//! The stone cap of the page and widget (`Position::check_playable`,
//! docs/RULES.md section 7): the standard starts, every position of the
//! puzzles, lessons, perft and tactics files, and positions from random play
//! are accepted; set-ups of more than 255 stones are refused with the count.

use rand::rngs::SmallRng;
use rand::SeedableRng;
use sowboard::{cash_random_move, GameKind, Position, PositionError, Rules, MAX_PLAYABLE_STONES};

/// Every position string in `text`: each "intermedium " or "cash-in-hand "
/// followed by four more space-separated fields that parse as a position.
fn positions_in(text: &str) -> Vec<Position> {
    let mut found = Vec::new();
    for game in ["intermedium ", "cash-in-hand "] {
        for (i, _) in text.match_indices(game) {
            let fields: Vec<&str> = text[i..]
                .split_whitespace()
                .take(5)
                .map(|f| f.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()))
                .collect();
            if let Ok(p) = fields.join(" ").parse::<Position>() {
                found.push(p);
            }
        }
    }
    found
}

#[test]
fn every_shipped_position_is_playable() {
    let root = env!("CARGO_MANIFEST_DIR");
    let files = [
        "www/puzzles/intermedium.json",
        "www/puzzles/cash-in-hand.json",
        "www/learn/lessons.js",
        "tests/perft/intermedium.perft",
        "tests/perft/cash.perft",
        "tests/tactics/intermedium.txt",
        "tests/tactics/cash-in-hand.txt",
    ];
    let mut seen = 0;
    for file in files {
        let text = std::fs::read_to_string(format!("{root}/{file}")).unwrap();
        let positions = positions_in(&text);
        assert!(!positions.is_empty(), "{file}: no position found");
        for p in positions {
            assert_eq!(p.check_playable(), Ok(()), "{file}: {p}");
            seen += 1;
        }
    }
    assert!(seen > 50, "only {seen} positions read");
    for game in [GameKind::Intermedium, GameKind::CashInHand] {
        assert_eq!(Position::start(game).check_playable(), Ok(()));
    }
}

/// Play never adds stones: random Cash in Hand games keep 128 and stay
/// playable at every ply (Intermedium's captures only remove stones).
#[test]
fn random_play_stays_playable() {
    let rules = Rules::default();
    for seed in 0..8 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut p = Position::start(GameKind::CashInHand);
        for _ in 0..200 {
            let Some(t) = cash_random_move(&p, &rules, &mut rng) else { break };
            assert_eq!(t.position.check_playable(), Ok(()));
            p = t.position;
        }
    }
}

#[test]
fn more_than_255_stones_are_refused_with_the_count() {
    let full = |n: u8, game: GameKind| {
        let mut p = Position::start(game);
        for c in game.geometry().cells() {
            p.board.set(c, n);
        }
        p
    };
    for game in [GameKind::Intermedium, GameKind::CashInHand] {
        let p = full(255, game);
        let total = 255 * game.geometry().cell_count() as u32;
        assert_eq!(p.check_playable(), Err(PositionError::TooManyStones { total }));
        assert!(p
            .check_playable()
            .unwrap_err()
            .to_string()
            .contains(&format!("holds {total} stones")));
        // Exactly the cap is accepted, one more is not.
        let mut p = Position::start(game);
        let cells: Vec<_> = game.geometry().cells().collect();
        for c in &cells {
            p.board.set(*c, 0);
        }
        p.board.set(cells[0], 200);
        p.board.set(cells[1], (MAX_PLAYABLE_STONES - 200) as u8);
        assert_eq!(p.check_playable(), Ok(()));
        p.board.set(cells[1], (MAX_PLAYABLE_STONES - 199) as u8);
        assert_eq!(p.check_playable(), Err(PositionError::TooManyStones { total: 256 }));
    }
}
