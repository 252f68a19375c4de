//! Intermedium as the search sees it: every distinct move is a child (the
//! rules' generator merges paths with the same outcome), scored by
//! `eval_intermedium`.

use super::budget::Budget;
use super::eval_intermedium::{can_move, evaluate, evaluate_lite};
use super::search::{Domain, WIN};
use crate::play::{Transition, DEFAULT_MOVE_LIMIT};
use crate::position::Position;
use crate::variant::Rules;

pub(crate) struct Intermedium {
    pub rules: Rules,
    /// `Position::threat_work` when last read.
    pub work_seen: u64,
}

impl Intermedium {
    pub(crate) fn new(rules: Rules) -> Intermedium {
        Intermedium { rules, work_seen: Position::threat_work() }
    }
}

/// Generator work (search states) allowed for one node inside the tree:
/// about ten times what the starting position needs.
const INNER_LIMIT: usize = 40_000;

/// Walk states of the capture-threat test that cost about one node.
const WALK_STATES_PER_NODE: u64 = 25;

impl Domain for Intermedium {
    fn children(
        &mut self,
        pos: &Position,
        budget: &mut Budget,
        root: bool,
    ) -> Option<Vec<Transition>> {
        // Tall stacks have up to hundreds of thousands of distinct moves
        // (a 16-stack: 400 000, 2 s to list). Inside the tree such a node
        // is judged statically; at the root every move is listed.
        let limit = if root { DEFAULT_MOVE_LIMIT } else { INNER_LIMIT };
        match pos.successors(&self.rules, limit) {
            Ok(kids) => {
                budget.spend(kids.len() as u64 + 1);
                Some(kids)
            }
            Err(_) => {
                budget.spend(limit as u64 / 4);
                None
            }
        }
    }

    fn terminal(&self, pos: &Position) -> Option<i32> {
        if !can_move(pos, pos.side_to_move) {
            return Some(-WIN);
        }
        let limit = self.rules.quiet_ply_limit;
        (limit > 0 && pos.quiet >= limit).then_some(0)
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(pos, &self.rules)
    }

    fn prior(&self, pos: &Position) -> Option<i32> {
        Some(evaluate_lite(pos, &self.rules))
    }

    fn complete(&self) -> bool {
        // A list is either complete or not given at all.
        true
    }

    fn take_work(&mut self) -> u64 {
        let now = Position::threat_work();
        let done = now.saturating_sub(self.work_seen);
        // Keep the remainder for next time.
        self.work_seen = now - done % WALK_STATES_PER_NODE;
        done / WALK_STATES_PER_NODE
    }
}
