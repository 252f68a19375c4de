//! Draws by repetition, as the players see them: the positions a move would
//! repeat for the third time.

use crate::ai::engine::zobrist;
use crate::game::Game;
use crate::play::Transition;

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
    seen.sort_unstable();
    let mut twice: Vec<u64> = seen.windows(2).filter(|w| w[0] == w[1]).map(|w| w[0]).collect();
    twice.dedup();
    twice
}
