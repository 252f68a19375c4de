//! Intermedium as the search sees it: every distinct move is a child (the
//! rules' generator merges paths with the same outcome), scored by
//! `eval_intermedium`.

use super::budget::Budget;
use super::eval_intermedium::{can_move, evaluate};
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

/// Walk states of the capture-threat test that cost about one node.
const WALK_STATES_PER_NODE: u64 = 25;

impl Domain for Intermedium {
    fn children(&mut self, pos: &Position, budget: &mut Budget) -> Vec<Transition> {
        // The limit only guards memory: no real position comes near it.
        let kids = pos.successors(&self.rules, DEFAULT_MOVE_LIMIT).unwrap_or_default();
        budget.spend(kids.len() as u64 + 1);
        kids
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

    fn take_work(&mut self) -> u64 {
        let now = Position::threat_work();
        let done = now.saturating_sub(self.work_seen);
        // Keep the remainder for next time.
        self.work_seen = now - done % WALK_STATES_PER_NODE;
        done / WALK_STATES_PER_NODE
    }
}
