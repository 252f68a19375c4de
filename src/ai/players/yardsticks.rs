//! Players frozen so that measurements stay comparable as the levels
//! change: `baseline5`, the first version's level 5, against which the
//! reference `mcts` is measured. (`mcts-tuned`'s frozen part is its weights,
//! `eval_intermedium::TUNED` and `eval_cash::TUNED`: see `reference`.)

use super::levels::{shape, Level, Pick};
use crate::ai::engine::search::Shape;
use crate::variant::GameKind;

/// The first version's level 5 (agent `baseline5`): its shape and budget,
/// and its code path (`Level::first_version`).
pub(super) fn baseline5(game: GameKind) -> Level {
    let first = match game {
        GameKind::Intermedium => shape(5, 20, 6, 1),
        GameKind::CashInHand => shape(3, 40, 24, 1),
    };
    let first = Shape { rescue: false, deep_draws: false, ..first };
    let nodes = match game {
        GameKind::Intermedium => 1_500_000,
        GameKind::CashInHand => 3_000_000,
    };
    Level { shape: first, nodes, pick: Pick::Best, first_version: true }
}
