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
}

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
}
