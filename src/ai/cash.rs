//! Cash in Hand as the search sees it: the children of a position are the
//! bounded candidate list of `candidates_cash`, scored by `eval_cash`; in
//! small positions (endgames) every distinct move, so that no winning or
//! saving move is missed there.

use super::budget::Budget;
use super::candidates_cash::candidates;
use super::eval_cash::evaluate;
use super::search::{Domain, WIN};
use crate::play::Transition;
use crate::position::Position;
use crate::variant::Rules;

/// Work allowed for listing every distinct move before falling back to the
/// candidate list. Positions where the mover's stacks are all small have a
/// few hundred distinct moves; a failed attempt costs about this much.
const EXACT_LIMIT: usize = 4_000;
/// The exact list is tried only when no own stack is taller than this (a
/// taller one alone has tens of thousands of moves).
const EXACT_MAX_STACK: u8 = 5;

pub(crate) struct Cash {
    pub rules: Rules,
    /// The improved generation (capture-seeking sowings, exact lists in
    /// small positions); off for `baseline5`, the first version.
    pub improved: bool,
    /// Whether the last list was every distinct move.
    pub exact: bool,
}

impl Cash {
    pub(crate) fn new(rules: Rules, improved: bool) -> Cash {
        Cash { rules, improved, exact: false }
    }
}

impl Domain for Cash {
    fn children(
        &mut self,
        pos: &Position,
        budget: &mut Budget,
        _root: bool,
    ) -> Option<Vec<Transition>> {
        self.exact = false;
        if self.improved {
            if let Some(all) = exact_moves(pos, &self.rules, budget) {
                self.exact = true;
                return Some(all);
            }
        }
        Some(candidates(pos, &self.rules, budget, self.improved))
    }

    fn terminal(&self, pos: &Position) -> Option<i32> {
        if pos.stones_of(pos.side_to_move) == 0 {
            return Some(-WIN);
        }
        // Stacks left but none can move: lost too (a walled-in stack).
        if self.improved && !pos.has_legal_move(&self.rules) {
            return Some(-WIN);
        }
        let limit = self.rules.quiet_ply_limit;
        (limit > 0 && pos.quiet >= limit).then_some(0)
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        if self.improved && pos.stones_of(pos.side_to_move) > 0 && !pos.has_legal_move(&self.rules)
        {
            return -WIN;
        }
        evaluate(pos, &self.rules)
    }

    fn complete(&self) -> bool {
        self.exact
    }
}

/// Every distinct move when the position is small enough to list them.
pub(crate) fn exact_moves(
    pos: &Position,
    rules: &Rules,
    budget: &mut Budget,
) -> Option<Vec<Transition>> {
    let g = pos.board.geometry();
    let colour = pos.side_to_move.colour();
    let tallest = g.cells().filter(|c| c.colour() == colour).map(|c| pos.board.get(c)).max();
    if tallest.unwrap_or(0) > EXACT_MAX_STACK {
        return None;
    }
    match pos.successors(rules, EXACT_LIMIT) {
        Ok(all) => {
            budget.spend(all.len() as u64 + 1);
            Some(all)
        }
        Err(_) => {
            budget.spend(EXACT_LIMIT as u64 / 4);
            None
        }
    }
}
