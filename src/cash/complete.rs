//! Whether a Cash in Hand move under way can still be finished legally.
//!
//! On any board of at most 255 stones no stack can pass 255, and then the
//! answer is simple: a sowing with cash left can be finished iff it can take
//! one more step (it may drop everything there), and a finished sowing can
//! always be followed by a redistribution. Only set-up positions with more
//! than 255 stones can make a drop or a redistribution overflow; there a
//! depth-first search over the remaining steps decides, within a budget past
//! which it answers yes (a builder choice could then, in principle, lead to a
//! dead end; no position reachable from the start holds more than 128 stones).

use super::capture::is_captured;
use super::sowing::{bit, can_leave, cash_needed, has_first_step, max_partial, Visited};
use crate::board::{Board, Cell};
use crate::position::Position;
use crate::variant::Side;

/// Search nodes tried per question before giving the benefit of the doubt.
const SEARCH_BUDGET: usize = 20_000;

/// Whether any drop or redistribution on this position could pass 255.
pub(crate) fn overflow_possible(pos: &Position) -> bool {
    pos.board.total() > 255
}

/// A sowing in progress: the board now (origin lowered, drops made), where
/// the cash stands, how much is left and the cells visited.
pub(crate) struct Sowing {
    pub board: Board,
    pub at: Cell,
    pub cash: u32,
    pub visited: Visited,
}

/// Whether the captures after this finished sowing can be put back.
pub(crate) fn redistribution_possible(pos: &Position, sown: &Board) -> bool {
    if !overflow_possible(pos) {
        return true;
    }
    captured_stones_fit(sown, pos.side_to_move)
}

/// Whether the stacks the sowing captures (`capture::captures`) fit in the
/// room left on the other occupied cells, so that no stack passes 255. One
/// pass, without building the capture list: this runs at every node of `search`.
fn captured_stones_fit(sown: &Board, mover: Side) -> bool {
    let g = sown.geometry();
    let enemy = mover.opponent().colour();
    let (mut stones, mut room) = (0u32, 0u32);
    for c in g.cells() {
        let h = sown.get(c) as u32;
        if h == 0 {
            continue;
        }
        if c.colour() == enemy && is_captured(sown, c) {
            stones += h;
        } else {
            room += 255 - h;
        }
    }
    room >= stones
}

/// Whether the sowing can be finished into a legal move.
pub(crate) fn can_finish(pos: &Position, s: &Sowing) -> bool {
    if s.cash == 0 {
        return redistribution_possible(pos, &s.board);
    }
    if !overflow_possible(pos) {
        return can_leave(&pos.board, s.at, s.cash, s.visited);
    }
    let mut board = s.board;
    let mut budget = SEARCH_BUDGET;
    search(pos, &mut board, s.at, s.cash, s.visited, &mut budget)
}

fn search(
    pos: &Position,
    board: &mut Board,
    at: Cell,
    cash: u32,
    visited: Visited,
    budget: &mut usize,
) -> bool {
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    let g = board.geometry();
    for (dir, to) in g.diagonal(at) {
        if visited & bit(g, to) != 0 || cash_needed(&pos.board, at, dir) > cash {
            continue;
        }
        let h = board.get(to) as u32;
        if h + cash <= 255 {
            board.set(to, (h + cash) as u8);
            let ok = redistribution_possible(pos, board);
            board.set(to, h as u8);
            if ok {
                return true;
            }
        }
        let partial = max_partial(&pos.board, to, cash, visited).min(255 - h);
        for d in (1..=partial).rev() {
            board.set(to, (h + d) as u8);
            let ok = search(pos, board, to, cash - d, visited | bit(g, to), budget);
            board.set(to, h as u8);
            if ok {
                return true;
            }
        }
    }
    false
}

/// Whether picking up `count` stones from `origin` starts a move that can be finished.
pub(crate) fn pick_up_possible(pos: &Position, origin: Cell, count: u32) -> bool {
    if !has_first_step(&pos.board, origin, count) {
        return false;
    }
    if !overflow_possible(pos) {
        return true;
    }
    let mut board = pos.board;
    board.set(origin, (board.get(origin) as u32).saturating_sub(count) as u8);
    let visited = bit(board.geometry(), origin);
    can_finish(pos, &Sowing { board, at: origin, cash: count, visited })
}

/// See `CashInHand::has_legal_move`.
pub(crate) fn has_legal_move(pos: &Position) -> bool {
    let g = pos.board.geometry();
    let colour = pos.side_to_move.colour();
    g.cells().filter(|c| c.colour() == colour).any(|origin| {
        let n = pos.board.get(origin) as u32;
        if !overflow_possible(pos) {
            return n > 0 && has_first_step(&pos.board, origin, n);
        }
        (1..=n).rev().any(|k| pick_up_possible(pos, origin, k))
    })
}
