//! Cash in Hand (Cameron Browne 2000): RULES.md section 3.
//! PLACEHOLDER: the rules are not implemented yet (issue 3). Every entry point
//! refuses, so nothing can mistake this for a working game.

mod builder;

pub use builder::Builder;

use crate::errors::{IllegalMove, LimitExceeded, NotationError};
use crate::moves::CashMove;
use crate::play::Transition;
use crate::position::Position;
use crate::variant::Rules;
use std::fmt;

impl CashMove {
    pub fn parse(_text: &str) -> Result<CashMove, NotationError> {
        Err(NotationError::BadToken { token: String::new(), expected: "supported yet (Cash in Hand is not implemented)" })
    }
}

impl fmt::Display for CashMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.origin, self.count)
    }
}

pub(crate) fn validate(_pos: &Position, _rules: &Rules, _mv: &CashMove) -> Result<Transition, IllegalMove> {
    Err(IllegalMove::PickUpZero)
}

pub(crate) fn generate(_pos: &Position, _rules: &Rules, _limit: usize) -> Result<Vec<Transition>, LimitExceeded> {
    Ok(Vec::new())
}

pub(crate) fn has_legal_move(_pos: &Position) -> bool {
    false
}
