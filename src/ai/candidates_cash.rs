//! Cash in Hand candidate moves (stub).

use super::budget::Budget;
use crate::play::Transition;
use crate::position::Position;
use crate::variant::Rules;

pub(crate) fn candidates(pos: &Position, rules: &Rules, budget: &mut Budget) -> Vec<Transition> {
    let _ = (pos, rules, budget);
    Vec::new()
}
