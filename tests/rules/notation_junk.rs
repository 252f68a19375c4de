//! Move notation refuses what is not a move: any valid move text, from
//! random games of both games, with junk appended (straight after it or after
//! a space) or inserted anywhere, is an error, never read as the move it
//! contains. Junk starts with a character no move text holds, so no insertion
//! can make another valid move.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::{cash_random_move, Game, GameKind, Move, Position, Rules, DEFAULT_MOVE_LIMIT};

/// A move text of `game` from a random game (a random ply of it).
fn random_move_text(game: GameKind, seed: u64, plies: usize) -> Option<String> {
    let rules = Rules::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    match game {
        GameKind::Intermedium => {
            let mut g = Game::new(game, rules);
            let mut last = None;
            for _ in 0..=plies {
                let moves = g.legal_moves(DEFAULT_MOVE_LIMIT).ok()?;
                if moves.is_empty() || g.outcome().is_some() {
                    break;
                }
                let pick = rng.random_range(0..moves.len());
                let t = moves.into_iter().nth(pick)?;
                last = Some(t.mv.to_string());
                g.push(t);
            }
            last
        }
        GameKind::CashInHand => {
            let mut p = Position::start(game);
            let mut last = None;
            for _ in 0..=plies {
                let Some(t) = cash_random_move(&p, &rules, &mut rng) else { break };
                last = Some(t.mv.to_string());
                if t.outcome(&rules).is_some() {
                    break;
                }
                p = t.position;
            }
            last
        }
    }
}

/// Junk: a character that is in no move text, then anything a move text may hold.
fn junk() -> impl Strategy<Value = String> {
    ("[xyzXYZ!?#*@%&~=+/_|\\\\]", "[a-h0-9:() -]{0,5}").prop_map(|(a, b)| a + &b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_move_with_junk_appended_or_inserted_is_refused(
        cash in any::<bool>(), seed in any::<u64>(), plies in 0usize..24,
        junk in junk(), at in any::<prop::sample::Index>(), how in 0u8..3,
    ) {
        let game = if cash { GameKind::CashInHand } else { GameKind::Intermedium };
        let Some(text) = random_move_text(game, seed, plies) else { return Ok(()) };
        prop_assert!(Move::parse(game, &text).is_ok(), "the move itself reads: {}", text);
        let bad = match how {
            0 => format!("{text}{junk}"),
            1 => format!("{text} {junk}"),
            _ => {
                // At a character boundary strictly inside the text, or at its start.
                let i = at.index(text.len());
                format!("{}{junk}{}", &text[..i], &text[i..])
            }
        };
        let parsed = Move::parse(game, &bad);
        prop_assert!(parsed.is_err(), "{:?} was read as {:?}", bad, parsed);
    }
}

/// The example, in both games: a valid move with letters after it.
#[test]
fn trailing_letters_are_refused() {
    assert!(Move::parse(GameKind::Intermedium, "a4-b5-a6-b7-a8").is_ok());
    assert!(Move::parse(GameKind::Intermedium, "a4-b5-a6-b7-a8xyz").is_err());
    assert!(Move::parse(GameKind::Intermedium, "a4-b5-a6-b7-a8 xyz").is_err());
    assert!(Move::parse(GameKind::CashInHand, "a8:24 b7:3 c6:6 d7:9 e6:1 f5:5").is_ok());
    assert!(Move::parse(GameKind::CashInHand, "a8:24 b7:3 c6:6 d7:9 e6:1 f5:5xyz").is_err());
    assert!(Move::parse(GameKind::CashInHand, "a8:24 b7:3 c6:6 d7:9 e6:1 f5:5 xyz").is_err());
}
