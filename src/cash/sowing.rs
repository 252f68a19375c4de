//! Step legality (docs/RULES.md section 3, part 2): the visited rule, the target
//! height and the gate.
//!
//! A step only ever lands on a cell not yet visited and its gate cells are of
//! the other colour, which sowing never touches. So every height a step
//! depends on is the height *at the start of the move*: legality is judged on
//! the original board plus the set of visited cells, and the stones already
//! dropped in this move never matter to it.

use crate::board::{Board, Cell, Diagonal, Geometry};
use crate::errors::IllegalMove;

/// Cells visited so far in a move, one bit per board index (8 x 8 = 64 cells).
pub(crate) type Visited = u64;

pub(crate) fn bit(g: Geometry, cell: Cell) -> Visited {
    1u64 << g.index(cell)
}

/// The least cash with which the step from `from` in `dir` is allowed,
/// visiting aside: the target's height, and the gate's combined height when
/// both gate cells are occupied (a gate with an empty side never blocks).
/// Always at least 1, since a step drops at least one stone.
pub(crate) fn cash_needed(board: &Board, from: Cell, dir: Diagonal) -> u32 {
    let g = board.geometry();
    let Some(to) = g.step(from, dir) else { return u32::MAX };
    let (a, b) = g.gate(from, dir);
    let (ha, hb) = (board.get(a) as u32, board.get(b) as u32);
    let gate = if ha > 0 && hb > 0 { ha + hb } else { 0 };
    (board.get(to) as u32).max(gate).max(1)
}

/// The least cash that allows some step from `at`, or `None` if every
/// diagonal neighbour is visited or off the board.
pub(crate) fn least_cash_to_leave(board: &Board, at: Cell, visited: Visited) -> Option<u32> {
    let g = board.geometry();
    g.diagonal(at)
        .filter(|&(_, to)| visited & bit(g, to) == 0)
        .map(|(dir, _)| cash_needed(board, at, dir))
        .min()
}

/// Whether cash `cash` standing on `at` can take some step.
pub(crate) fn can_leave(board: &Board, at: Cell, cash: u32, visited: Visited) -> bool {
    least_cash_to_leave(board, at, visited).is_some_and(|need| need <= cash)
}

/// The largest drop on `to` (reached with `cash`) that still leaves cash able
/// to step on from there; 0 if only dropping everything is possible. Since a
/// step that is allowed with some cash is allowed with more, the drops that
/// leave a movable remainder are exactly `1..=max_partial`.
pub(crate) fn max_partial(board: &Board, to: Cell, cash: u32, visited: Visited) -> u32 {
    let visited = visited | bit(board.geometry(), to);
    match least_cash_to_leave(board, to, visited) {
        Some(need) if need < cash => cash - need,
        _ => 0,
    }
}

/// Why the step number `step` from `from` to `to` with `cash` in hand is
/// illegal, if it is. `board` is the board at the start of the move.
pub(crate) fn step_error(
    board: &Board,
    step: usize,
    from: Cell,
    to: Cell,
    cash: u32,
    visited: Visited,
) -> Option<IllegalMove> {
    let g = board.geometry();
    if !g.contains(to) {
        return Some(IllegalMove::OffBoard(to));
    }
    let Some(dir) = Diagonal::between(from, to) else {
        return Some(IllegalMove::NotDiagonal { step, from, to });
    };
    if visited & bit(g, to) != 0 {
        return Some(IllegalMove::Revisit { step, cell: to });
    }
    let cash8 = cash.min(255) as u8;
    let height = board.get(to);
    if height as u32 > cash {
        return Some(IllegalMove::TargetTooTall { step, cell: to, height, cash: cash8 });
    }
    let (a, b) = g.gate(from, dir);
    let (ha, hb) = (board.get(a) as u32, board.get(b) as u32);
    if ha > 0 && hb > 0 && ha + hb > cash {
        return Some(IllegalMove::GateBlocked { step, a, b, height: ha + hb, cash: cash8 });
    }
    None
}

/// Whether a pick-up of `cash` stones from `origin` has a legal first step.
pub(crate) fn has_first_step(board: &Board, origin: Cell, cash: u32) -> bool {
    can_leave(board, origin, cash, bit(board.geometry(), origin))
}

/// A partial sowing kept by a search over sowings (`movegen`, `target`,
/// `sets`): where the cash stands, the drop made there, the cells visited,
/// and the state it came from, so that its path can be written.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    pub parent: u32,
    pub cell: u8,
    pub drop: u8,
    pub visited: Visited,
}

impl Node {
    /// The start of every sowing from `origin`: nothing dropped yet.
    pub fn root(g: Geometry, origin: Cell) -> Node {
        Node { parent: u32::MAX, cell: g.index(origin) as u8, drop: 0, visited: bit(g, origin) }
    }
}

/// The steps from the origin to node `id`, in order, with their drops.
pub(crate) fn path_to(nodes: &[Node], mut id: u32, g: Geometry) -> Vec<(Cell, u8)> {
    let mut path = Vec::new();
    while nodes[id as usize].parent != u32::MAX {
        let node = nodes[id as usize];
        path.push((g.cell(node.cell as usize), node.drop));
        id = node.parent;
    }
    path.reverse();
    path
}

/// Adds the state (`visited`, `left` cash) to `kept`, the states of one
/// (cell, summary) of a search none of which beats another, unless one
/// there beats it: one with a subset of the cells visited and no less cash
/// can do all the other can. Whether it is added.
pub(crate) fn keep_unbeaten(kept: &mut Vec<(Visited, u8)>, visited: Visited, left: u8) -> bool {
    if kept.iter().any(|&(v, c)| v & !visited == 0 && c >= left) {
        return false;
    }
    kept.retain(|&(v, c)| !(visited & !v == 0 && left >= c));
    kept.push((visited, left));
    true
}

/// The cells of `wanted` that a sowing standing on `at` with `cash` in hand
/// (`visited` visited) might still reach, over-estimated so as never to
/// miss one: over unvisited cells, the i-th step needing no more than
/// cash - (i - 1) (each step drops at least 1), the stones it drops ignored.
/// Stops once `enough` says so of what is reached. Also returns how many
/// rings of steps were looked at (the caller's work).
pub(crate) fn reachable(
    board: &Board,
    at: Cell,
    cash: u32,
    visited: Visited,
    wanted: Visited,
    enough: impl Fn(Visited) -> bool,
) -> (Visited, usize) {
    let g = board.geometry();
    let mut reached: Visited = 0;
    let mut seen = visited | bit(g, at);
    let mut ring = vec![at];
    for step in 0..cash {
        let mut next = Vec::new();
        for &c in &ring {
            for (dir, to) in g.diagonal(c) {
                let b = bit(g, to);
                if seen & b != 0 || cash_needed(board, c, dir) > cash - step {
                    continue;
                }
                seen |= b;
                if wanted & b != 0 {
                    reached |= b;
                    if enough(reached) {
                        return (reached, step as usize + 1);
                    }
                }
                next.push(to);
            }
        }
        if next.is_empty() {
            return (reached, step as usize + 1);
        }
        ring = next;
    }
    (reached, cash as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::GameKind;

    fn c(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn needs_count_target_and_full_gates_only() {
        let mut b = Board::empty(GameKind::CashInHand.geometry());
        b.set(c("c3"), 5);
        assert_eq!(cash_needed(&b, c("c3"), Diagonal::NE), 1);
        b.set(c("d4"), 3);
        assert_eq!(cash_needed(&b, c("c3"), Diagonal::NE), 3);
        b.set(c("d3"), 2);
        assert_eq!(cash_needed(&b, c("c3"), Diagonal::NE), 3, "a half-empty gate does not block");
        b.set(c("c4"), 2);
        assert_eq!(cash_needed(&b, c("c3"), Diagonal::NE), 4);
        assert_eq!(cash_needed(&b, c("a1"), Diagonal::SW), u32::MAX);
    }

    #[test]
    fn partial_drops_leave_enough_to_go_on() {
        let mut b = Board::empty(GameKind::CashInHand.geometry());
        b.set(c("a1"), 5);
        // From b2 the cheapest way on (c1, a3, c3) needs 1 stone.
        let visited = bit(b.geometry(), c("a1"));
        assert_eq!(max_partial(&b, c("b2"), 5, visited), 4);
        // From the corner h8 every neighbour is visited: no partial drop.
        let visited = bit(b.geometry(), c("g7"));
        assert_eq!(max_partial(&b, c("h8"), 5, visited), 0);
    }
}
