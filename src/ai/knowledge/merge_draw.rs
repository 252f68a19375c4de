//! Cash in Hand's known flaw: the merge draw.
//!
//! A side whose stones all stand in one stack at least as tall as the
//! opponent's whole material can never lose (see `cash::fortress`): the
//! stack's orthogonal neighbours are all of the opponent's colour, so they
//! never hold more stones than it (no capture), and its gates never outweigh
//! it (it can always step). From the standard start each side has all 64
//! stones in two corner stacks, so carrying one of them unsplit across the
//! board onto the other secures a draw.
//!
//! "Reachable", worked out from the rules (docs/RULES.md section 3):
//! - the side has exactly two stacks and at least as many stones as the
//!   opponent (a third stack costs more moves to gather than this counts;
//!   fewer stones than the opponent make no fortress);
//! - every own-colour cell but those two is then empty, so a whole stack
//!   can step to any diagonal neighbour but the other stack, and onto the
//!   other stack when that one is not taller (rule (b));
//! - a step is blocked only by its gate: both gate cells (the opponent's
//!   colour) occupied with more stones than the stack carried (rule (c)).
//!   The taller stack passes every gate the shorter one does, so the
//!   fewest moves are the taller stack walking to the shorter one.
//!
//! The distance is measured on today's board: the opponent may still close
//! a gate or capture the travelling stack, which is why a longer walk is
//! worth less (`STEP`), and the search sees the concrete race.
//!
//! In the evaluation: a side that can merge in `d` moves scores at least
//! `-STEP * d` (so a side that is worse heads for the merge), and its
//! opponent at most `STEP * d` (so a side that is better blocks the walk
//! while it still can, since a longer or impossible walk raises its score).

use crate::ai::engine::search::WIN;
use crate::board::{Cell, Geometry};
use crate::position::Position;
use crate::variant::Side;

/// What one more move still needed for the merge costs (hundredths of a
/// stone): a draw three moves away is worth about four and a half stones
/// less than a draw on this move, for the side heading for it.
pub(crate) const STEP: i32 = 150;

/// Own moves `side` needs to gather all its stones into one stack that can
/// never be captured (0: already there), walking one whole stack one
/// diagonal step a move on the current board; `None` when no such walk
/// exists (see the module comment for what is counted).
pub fn merge_distance(pos: &Position, side: Side) -> Option<u32> {
    if pos.game != crate::variant::GameKind::CashInHand {
        return None;
    }
    let mine = pos.stones_of(side);
    if mine == 0 || mine < pos.stones_of(side.opponent()) {
        return None;
    }
    let g = pos.board.geometry();
    let colour = side.colour();
    let mut stacks = [None; 2];
    for c in g.cells().filter(|c| c.colour() == colour && pos.board.is_occupied(*c)) {
        match stacks {
            [None, _] => stacks[0] = Some(c),
            [Some(_), None] => stacks[1] = Some(c),
            _ => return None,
        }
    }
    match stacks {
        [Some(_), None] => Some(0),
        [Some(a), Some(b)] => {
            let (walker, target) =
                if pos.board.get(a) >= pos.board.get(b) { (a, b) } else { (b, a) };
            walk(pos, g, walker, target)
        }
        _ => None,
    }
}

/// Breadth-first search of whole-stack steps from `from` onto `to`.
fn walk(pos: &Position, g: Geometry, from: Cell, to: Cell) -> Option<u32> {
    let cash = pos.board.get(from) as u32;
    let mut seen = vec![false; g.cell_count()];
    seen[g.index(from)] = true;
    let mut frontier = vec![from];
    let mut moves = 0;
    while !frontier.is_empty() {
        moves += 1;
        let mut next = Vec::new();
        for at in frontier {
            for (dir, t) in g.diagonal(at) {
                if seen[g.index(t)] || !gate_open(pos, g, at, dir, cash) {
                    continue;
                }
                if t == to {
                    return Some(moves);
                }
                seen[g.index(t)] = true;
                next.push(t);
            }
        }
        frontier = next;
    }
    None
}

/// Whether a stack of `cash` stones may pass the gate of the step from `at`
/// in `dir` (a gate with an empty side never blocks).
fn gate_open(
    pos: &Position,
    g: Geometry,
    at: Cell,
    dir: crate::board::Diagonal,
    cash: u32,
) -> bool {
    let (a, b) = g.gate(at, dir);
    let (ha, hb) = (pos.board.get(a) as u32, pos.board.get(b) as u32);
    ha == 0 || hb == 0 || ha + hb <= cash
}

/// `score` (for the side to move) bounded by the merges within reach: at
/// least `-STEP * d` when the side to move can merge in `d` moves, at most
/// `STEP * d` when the opponent can. Decided scores are left alone.
pub(crate) fn bound(pos: &Position, score: i32) -> i32 {
    if score.abs() >= WIN / 2 {
        return score;
    }
    let me = pos.side_to_move;
    let mut score = score;
    if let Some(d) = merge_distance(pos, me) {
        score = score.max(-STEP * d as i32);
    }
    if let Some(d) = merge_distance(pos, me.opponent()) {
        score = score.min(STEP * d as i32);
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn the_start_is_seven_moves_from_a_merge_for_both_sides() {
        let start = Position::start(crate::variant::GameKind::CashInHand);
        assert_eq!(merge_distance(&start, Side::First), Some(7));
        assert_eq!(merge_distance(&start, Side::Second), Some(7));
    }

    #[test]
    fn a_closed_gate_forces_a_detour_and_a_sealed_corner_ends_the_walk() {
        // White a8:32 and c6:32 (two moves apart via b7); Black's b6 and c7
        // close the gate b7-c6 for 32 stones, so c6 must go round.
        let open = "cash-in-hand 32,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,32,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/64,0,0,0,0,0,0,0 white 0 10";
        assert_eq!(merge_distance(&at(open), Side::First), Some(2));
        let gate = "cash-in-hand 32,0,0,0,0,0,0,0/0,0,20,0,0,0,0,0/0,20,32,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/24,0,0,0,0,0,0,0 white 0 10";
        assert_eq!(merge_distance(&at(gate), Side::First), Some(4));
        // b8 and a7 hold 20 + 13 > 32: nothing leaves or enters a8.
        let sealed = "cash-in-hand 32,20,0,0,0,0,0,0/13,0,0,0,0,0,0,0/0,0,32,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/31,0,0,0,0,0,0,0 white 0 10";
        assert_eq!(merge_distance(&at(sealed), Side::First), None);
    }

    #[test]
    fn fewer_stones_or_a_third_stack_is_no_merge() {
        // 64 against 65: a single stack of 64 could still be captured.
        let fewer = "cash-in-hand 32,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,32,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/65,0,0,0,0,0,0,0 white 0 10";
        assert_eq!(merge_distance(&at(fewer), Side::First), None);
        let three = "cash-in-hand 31,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,32,0,1,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/64,0,0,0,0,0,0,0 white 0 10";
        assert_eq!(merge_distance(&at(three), Side::First), None);
        let one = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,64,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/64,0,0,0,0,0,0,0 white 0 10";
        assert_eq!(merge_distance(&at(one), Side::First), Some(0));
    }

    #[test]
    fn the_bound_lifts_the_merging_side_and_caps_its_opponent() {
        let start = Position::start(crate::variant::GameKind::CashInHand);
        assert_eq!(bound(&start, -5000), -7 * STEP);
        assert_eq!(bound(&start, 5000), 7 * STEP);
        assert_eq!(bound(&start, 300), 300);
        assert_eq!(bound(&start, WIN - 3), WIN - 3, "decided scores stand");
    }
}
