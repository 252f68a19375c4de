//! A second search's word on material: where a level's main search (the
//! tree search, or a search on weights fitted to game results) trades
//! stones for position, a short alpha-beta search counting material as the
//! rules do may name a move that keeps clearly more, and the level plays it
//! instead (Intermedium levels 4-7; Cash in Hand levels 5-8, unless their
//! main search refutes it).

use crate::ai::engine::search::{Report, WIN};
use crate::moves::Move;
use crate::play::Transition;

/// Points (1/100 stone) by which the check must prefer its move to the
/// main search's choice for the level to play it instead. At 2 stones it
/// overrides the tree search too often: 27.5% against `mcts` over 40 games,
/// 45.0% at 4 stones (docs/ai/journal.md, "Intermedium level 5 by tree
/// search").
const CLEAR_MATERIAL: i32 = 400;

/// The check search's best move, when it scores `CLEAR_MATERIAL` more than
/// `chosen` at the same depth and neither is a win or loss (those the main
/// search sees itself; a selective search's win is not a proof).
pub(super) fn clear_material(chosen: &Transition, check: &Report) -> Option<Move> {
    let best = check.moves.first()?;
    let theirs = check.moves.iter().find(|m| m.transition.mv == chosen.mv)?;
    let decided = |s: i32| s.abs() >= WIN / 2;
    let clear = best.transition.mv != chosen.mv
        && !decided(best.score)
        && !decided(theirs.score)
        && best.depth == theirs.depth
        && best.score >= theirs.score + CLEAR_MATERIAL;
    clear.then(|| best.transition.mv.clone())
}
