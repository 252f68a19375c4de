//! Cash in Hand as the search sees it: the children of a position are the
//! bounded candidate list of `candidates_cash`, scored by `eval_cash`; in
//! small positions (endgames) every distinct move, so that no winning or
//! saving move is missed there.

use super::candidates_cash::candidates;
use super::eval_cash::{compress, conversion, evaluate_with, Weights, HAND};
use crate::ai::engine::budget::Budget;
use crate::ai::engine::search::{Domain, WIN};
use crate::play::Transition;
use crate::position::Position;
use crate::variant::{Rules, Side};

/// Work allowed for listing every distinct move; past it the candidate
/// list stands in. Positions where the mover's stacks are all small have a
/// few hundred distinct moves; a failed attempt costs about this much.
const EXACT_LIMIT: usize = 4_000;
/// The exact list is tried only when no own stack is taller than this (a
/// taller one alone has tens of thousands of moves).
const EXACT_MAX_STACK: u8 = 5;

pub(crate) struct CashDomain {
    pub rules: Rules,
    /// The improved generation (capture-seeking sowings, exact lists in
    /// small positions); off for `baseline5`, the first version.
    pub improved: bool,
    /// Whether the last list holds every distinct move.
    pub exact: bool,
    /// The levels' evaluation terms for finishing a won game
    /// (`eval_cash::conversion`); off for `baseline5`.
    pub convert: bool,
    /// Scores beyond a clear lead compressed (`eval_cash::compress`), for
    /// `mcts`, whose win probability would otherwise saturate and see no
    /// difference between finishing a won game and dawdling.
    pub press: bool,
    /// The evaluation's weights: `HAND` but for levels 5-8 and `mcts-tuned`.
    pub weights: &'static Weights,
}

impl CashDomain {
    pub(crate) fn new(rules: Rules, improved: bool) -> CashDomain {
        CashDomain { rules, improved, exact: false, convert: false, press: false, weights: &HAND }
    }

    /// The Cash in Hand of levels 1-5: improved, and scored on converting a lead.
    pub(crate) fn for_levels(rules: Rules) -> CashDomain {
        CashDomain { convert: true, ..CashDomain::new(rules, true) }
    }

    /// The Cash in Hand of `mcts`: the levels' and compressed leads.
    pub(crate) fn for_mcts(rules: Rules) -> CashDomain {
        CashDomain { press: true, ..CashDomain::for_levels(rules) }
    }

    /// The same with other evaluation weights.
    pub(crate) fn weighted(self, weights: &'static Weights) -> CashDomain {
        CashDomain { weights, ..self }
    }
}

impl Domain for CashDomain {
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
        let score = evaluate_with(pos, &self.rules, self.weights);
        if !self.improved {
            return score;
        }
        let score = if self.convert { conversion(pos, &self.rules, score) } else { score };
        // A fortress cannot lose: the side behind it is at least drawing,
        // its opponent at most.
        let me = pos.side_to_move;
        let score = if fortress(pos, me) {
            score.max(0)
        } else if fortress(pos, me.opponent()) {
            score.min(0)
        } else {
            score
        };
        // A merge still to walk to: a floor for its side, a cap for the other.
        let score = super::merge_draw::bound(pos, score);
        if self.press {
            compress(score)
        } else {
            score
        }
    }

    fn complete(&self) -> bool {
        self.exact
    }
}

/// Cash in Hand's known flaw: a side whose stones are all in one
/// stack at least as tall as the opponent's whole material can never lose.
/// The stack is never captured (its neighbours can never hold more stones
/// than it), it always has a move (its diagonal cells are its own colour
/// and empty, and no gate can outweigh it), and the side has no other
/// stones to lose. So the game is at best a draw for the opponent.
pub(crate) fn fortress(pos: &Position, side: Side) -> bool {
    let g = pos.board.geometry();
    let colour = side.colour();
    let mut stacks = g.cells().filter(|c| c.colour() == colour && pos.board.is_occupied(*c));
    match (stacks.next(), stacks.next()) {
        (Some(c), None) => pos.board.get(c) as u32 >= pos.stones_of(side.opponent()),
        _ => false,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// White's 24 on d3 is walled in by 32 black stones and falls next move
    /// unless it moves; c2 stepping onto it merges all 64 white stones.
    const MERGE: &str = "cash-in-hand 0,0,0,0,0,0,0,32/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,8,0,0,0,0/0,0,8,24,8,0,0,0/0,0,40,8,0,0,0,0/0,0,0,0,0,0,0,0 white 0 20";

    #[test]
    fn a_merged_side_is_scored_as_at_least_a_draw() {
        let rules = Rules::default();
        let pos: Position = MERGE.parse().unwrap();
        let merged = pos.play_text("c2:40 d3:40", &rules).unwrap().position;
        assert!(fortress(&merged, Side::First));
        assert!(!fortress(&pos, Side::First));
        let cash = CashDomain::new(rules, true);
        // Black to move: at most a draw, though Black has as many stones.
        assert!(cash.evaluate(&merged) <= 0);
        let mut white = merged;
        white.side_to_move = Side::First;
        assert!(cash.evaluate(&white) >= 0);
    }
}
