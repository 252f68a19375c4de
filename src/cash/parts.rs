//! A checked Cash in Hand move's parts, and the transition they make: the
//! move in canonical form and the position after it.

use super::capture::{captures, receivers, remove};
use crate::board::{Board, Cell};
use crate::moves::{CashMove, Move};
use crate::position::Position;
use crate::sorting;
use crate::transition::Transition;
use crate::variant::{EndReason, Outcome};

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
    sorting::sort_by_key(&mut placements, |(c, _)| c.file_major_key());
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

/// The move that picks up `count` stones from `origin` and sows them along
/// `path` (steps with their drops, summing to `count`), with the captures the
/// rules make on the sown board and the captured stones put back on the
/// first stacks with room, in file-then-rank order (any split is legal; a
/// threat only needs one). The board must hold at most 255 stones, so that
/// nothing overflows.
pub(crate) fn sown_move(
    pos: &Position,
    origin: Cell,
    count: u32,
    path: Vec<(Cell, u8)>,
) -> Transition {
    let board = pos.board;
    let mut sown = board;
    sown.set(origin, board.get(origin) - count as u8);
    for &(c, d) in &path {
        sown.set(c, sown.get(c) + d);
    }
    let captured = captures(&sown, pos.side_to_move);
    let mut after = sown;
    let stones = remove(&mut after, &captured);
    let mut left = stones;
    let mut placements = Vec::new();
    for c in receivers(&after) {
        let n = left.min(255 - after.get(c) as u32);
        if n > 0 {
            after.set(c, after.get(c) + n as u8);
            placements.push((c, n));
            left -= n;
        }
    }
    transition(pos, Parts { origin, count, path, captured, stones, placements, board: after })
}
