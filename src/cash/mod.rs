//! Cash in Hand (Cameron Browne 2000): RULES.md section 3.
//!
//! A move picks up some stones of an own stack, sows them diagonally with
//! drops of any size under the visited, height and gate restrictions
//! (`sowing`), captures every enemy stack that is surrounded and outweighed
//! (`capture`), and puts the captured stones back on occupied cells.
//!
//! - `notation`: Browne's notation, read and printed.
//! - `validate`: a written move checked part by part.
//! - `movegen`: every distinct move, with bounded work.
//! - `complete`: whether a move under way can still be finished (only ever in
//!   doubt on boards holding more than 255 stones, where stacks can overflow).
//! - `builder`: a move one choice at a time; `random`: a random legal move.

mod builder;
mod capture;
mod complete;
mod movegen;
mod notation;
mod random;
mod sowing;
mod validate;

pub use builder::Builder;
pub use movegen::first_moves;
pub use random::random_move;

use crate::board::{Board, Cell};
use crate::errors::{IllegalMove, LimitExceeded};
use crate::moves::{CashMove, Move};
use crate::play::Transition;
use crate::position::Position;
use crate::variant::{EndReason, Outcome, Rules};

/// Everything a legal move is made of, once checked.
pub(crate) struct Parts {
    pub origin: Cell,
    pub count: u32,
    /// Steps in order with their drops.
    pub path: Vec<(Cell, u8)>,
    /// Captured cells, file-then-rank order.
    pub captured: Vec<Cell>,
    /// Stones captured (and put back).
    pub stones: u32,
    pub placements: Vec<(Cell, u32)>,
    /// The board after the whole move.
    pub board: Board,
}

/// The move in canonical form (captures written out when there are any,
/// redistribution in file-then-rank order) and the position after it. The
/// move wins at once when the opponent is left without stones.
pub(crate) fn transition(pos: &Position, parts: Parts) -> Transition {
    let mut placements = parts.placements;
    placements.sort_by_key(|(c, _)| c.file_major_key());
    let mv = CashMove {
        origin: parts.origin,
        count: parts.count,
        steps: parts.path.iter().map(|&(c, d)| (c, d as u32)).collect(),
        captures: (!parts.captured.is_empty()).then(|| parts.captured.clone()),
        placements,
    };
    let mut next = *pos;
    next.board = parts.board;
    next.finish_ply(!parts.captured.is_empty());
    let mover = pos.side_to_move;
    let decisive =
        (next.stones_of(mover.opponent()) == 0).then(|| Outcome::win(mover, EndReason::Eliminated));
    Transition {
        mv: Move::Cash(mv),
        position: next,
        captured: parts.captured,
        captured_stones: parts.stones,
        decisive,
    }
}

/// Checks a written move; the transition carries the canonical move.
pub(crate) fn validate(
    pos: &Position,
    _rules: &Rules,
    mv: &CashMove,
) -> Result<Transition, IllegalMove> {
    validate::validate(pos, mv)
}

/// Every distinct move of the side to move (RULES.md section 5), ignoring
/// whether the game is over (the caller checks that). Fails with
/// `LimitExceeded` once more than `limit` units of work (sowing states and
/// redistributions) would be needed.
pub(crate) fn generate(
    pos: &Position,
    _rules: &Rules,
    limit: usize,
) -> Result<Vec<Transition>, LimitExceeded> {
    movegen::generate(pos, limit)
}

/// The number of distinct moves, as `generate(..).len()` but without
/// building them.
pub(crate) fn count(pos: &Position, _rules: &Rules, limit: usize) -> Result<usize, LimitExceeded> {
    movegen::count(pos, limit)
}

/// Whether the side to move has a legal move. Picking up a whole stack is
/// the most permissive pick-up (every restriction compares a height with the
/// cash), and any legal first step can be finished by dropping everything
/// there, so a move exists iff some own stack can step with all its stones.
/// Only on boards of more than 255 stones, where a drop may overflow a
/// stack, does it take a (bounded) search.
pub(crate) fn has_legal_move(pos: &Position) -> bool {
    complete::has_legal_move(pos)
}
