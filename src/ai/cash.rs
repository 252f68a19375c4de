//! Cash in Hand as the search sees it: the children of a position are the
//! bounded candidate list of `candidates_cash`, scored by `eval_cash`.

use super::budget::Budget;
use super::candidates_cash::candidates;
use super::eval_cash::evaluate;
use super::search::{Domain, WIN};
use crate::play::Transition;
use crate::position::Position;
use crate::variant::Rules;

pub(crate) struct Cash {
    pub rules: Rules,
}

impl Domain for Cash {
    fn children(
        &mut self,
        pos: &Position,
        budget: &mut Budget,
        _root: bool,
    ) -> Option<Vec<Transition>> {
        Some(candidates(pos, &self.rules, budget))
    }

    fn terminal(&self, pos: &Position) -> Option<i32> {
        if pos.stones_of(pos.side_to_move) == 0 {
            return Some(-WIN);
        }
        let limit = self.rules.quiet_ply_limit;
        (limit > 0 && pos.quiet >= limit).then_some(0)
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(pos, &self.rules)
    }
}
