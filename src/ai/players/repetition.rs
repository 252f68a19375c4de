//! Draws by repetition, as the players see them: the positions a move would
//! repeat for the third time.

use crate::ai::engine::zobrist;
use crate::game::Game;
use crate::play::Transition;
use crate::sorting;

/// Whether `t` draws by repetition: its position is one of `draws`.
pub(super) fn draws_by_repetition(t: &Transition, draws: &[u64]) -> bool {
    draws.contains(&zobrist::hash(&t.position))
}

/// Positions (by hash) that the game has seen twice: a move into one of
/// them draws by repetition.
pub(crate) fn repetition_draws(game: &Game) -> Vec<u64> {
    if !game.rules().repetition_draw {
        return Vec::new();
    }
    let mut seen: Vec<u64> =
        (0..=game.plies().len()).filter_map(|i| game.position_at(i)).map(zobrist::hash).collect();
    sorting::sort(&mut seen);
    let mut twice: Vec<u64> = seen.windows(2).filter(|w| w[0] == w[1]).map(|w| w[0]).collect();
    twice.dedup();
    twice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{GameKind, RuleOptions};

    /// Cash in Hand stones stepping to and fro (after one step out of the
    /// corners) bring a position back every four plies: the positions seen
    /// twice are exactly the draws, and none are listed when the rule is off.
    #[test]
    fn positions_seen_twice_are_the_draws() {
        let cycle = ["b7:1 c6:1", "g7:1 f6:1", "c6:1 b7:1", "f6:1 g7:1"];
        for on in [true, false] {
            let rules = RuleOptions { repetition_draw: on, ..RuleOptions::default() };
            let mut game = Game::new(GameKind::CashInHand, rules);
            for mv in ["a8:1 b7:1", "h8:1 g7:1"] {
                game.play_text(mv).unwrap();
            }
            let back = zobrist::hash(game.position());
            for mv in &cycle[..3] {
                game.play_text(mv).unwrap();
            }
            assert_eq!(repetition_draws(&game), Vec::<u64>::new(), "nothing seen twice yet");
            game.play_text(cycle[3]).unwrap();
            let expected = if on { vec![back] } else { Vec::new() };
            assert_eq!(repetition_draws(&game), expected, "seen twice (rule {on})");
            game.play_text(cycle[0]).unwrap();
            let next = zobrist::hash(game.position_at(3).unwrap());
            let mut expected = if on { vec![back, next] } else { Vec::new() };
            expected.sort_unstable();
            assert_eq!(repetition_draws(&game), expected);
        }
    }
}
