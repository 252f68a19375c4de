//! The stone cap of the page and widget (`Position::check_playable`,
//! docs/RULES.md section 7): as many stones as the game's start holds (88,
//! 128). The standard starts, every position of the puzzles, lessons and
//! tactics files, and positions from random play are accepted; set-ups of
//! more stones are refused with the count and the cap.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::{cash_random_move, max_playable_stones, GameKind, Position, PositionError, Rules};

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

/// The caps are the starts' counts (no rule option changes a start).
#[test]
fn the_cap_is_the_start_count() {
    assert_eq!(max_playable_stones(GameKind::Intermedium), 88);
    assert_eq!(max_playable_stones(GameKind::CashInHand), 128);
    for game in [GameKind::Intermedium, GameKind::CashInHand] {
        assert_eq!(Position::start(game).total_stones(), max_playable_stones(game));
    }
}

/// Play never adds stones: random games keep at most the start's count
/// (Cash in Hand exactly 128, Intermedium 88 less its captures) and stay
/// playable at every ply.
#[test]
fn random_play_stays_playable() {
    let rules = Rules::default();
    for seed in 0..8 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut p = Position::start(GameKind::CashInHand);
        for _ in 0..200 {
            let Some(t) = cash_random_move(&p, &rules, &mut rng) else { break };
            assert_eq!(t.position.check_playable(), Ok(()));
            assert_eq!(t.position.total_stones(), 128);
            p = t.position;
        }
        let mut p = Position::start(GameKind::Intermedium);
        for _ in 0..300 {
            let Ok(moves) = p.legal_moves(&rules, 200_000) else { break };
            if moves.is_empty() {
                break;
            }
            let t = &moves[rng.random_range(0..moves.len())];
            assert_eq!(t.position.check_playable(), Ok(()));
            assert!(t.position.total_stones() <= p.total_stones());
            if t.decisive.is_some() {
                break;
            }
            p = t.position;
        }
    }
}

#[test]
fn more_stones_than_the_start_are_refused_with_the_count_and_the_cap() {
    let full = |n: u8, game: GameKind| {
        let mut p = Position::start(game);
        for c in game.geometry().cells() {
            p.board.set(c, n);
        }
        p
    };
    for game in [GameKind::Intermedium, GameKind::CashInHand] {
        let cap = max_playable_stones(game);
        let p = full(255, game);
        let total = 255 * game.geometry().cell_count() as u32;
        assert_eq!(p.check_playable(), Err(PositionError::TooManyStones { game, total }));
        let said = p.check_playable().unwrap_err().to_string();
        assert!(
            said.contains(&format!("holds {total} stones; a game of {game} holds at most {cap}")),
            "{said}"
        );
        // Exactly the cap is accepted, one more is not, in one stack or spread.
        let mut p = Position::start(game);
        let cells: Vec<_> = game.geometry().cells().collect();
        for c in &cells {
            p.board.set(*c, 0);
        }
        p.board.set(cells[0], cap as u8);
        assert_eq!(p.check_playable(), Ok(()));
        p.board.set(cells[1], 1);
        let over = Err(PositionError::TooManyStones { game, total: cap + 1 });
        assert_eq!(p.check_playable(), over);
        // The start with one stone more (an editor's first click).
        let mut p = Position::start(game);
        p.board.set(cells[20], p.board.get(cells[20]) + 1);
        assert_eq!(p.check_playable(), over);
    }
}
