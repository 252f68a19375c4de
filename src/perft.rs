//! Perft (docs/RULES.md section 5): the number of distinct move sequences of a given
//! length. A finished game has no moves; repetition is not tracked.

use crate::errors::LimitExceeded;
use crate::play::DEFAULT_MOVE_LIMIT;
use crate::position::Position;
use crate::variant::RuleOptions;

/// `perft(P, depth)`. Each move generation is bounded by `DEFAULT_MOVE_LIMIT`.
pub fn perft(pos: &Position, rules: &RuleOptions, depth: u32) -> Result<u64, LimitExceeded> {
    if depth == 0 {
        return Ok(1);
    }
    if pos.status(rules).is_some() {
        return Ok(0);
    }
    count(pos, rules, depth)
}

/// Perft of a position known not to be finished (short of having no moves,
/// which shows up as an empty move list).
fn count(pos: &Position, rules: &RuleOptions, depth: u32) -> Result<u64, LimitExceeded> {
    if depth == 1 {
        return Ok(pos.count_successors(rules, DEFAULT_MOVE_LIMIT)? as u64);
    }
    let moves = pos.successors(rules, DEFAULT_MOVE_LIMIT)?;
    let mut total = 0;
    for t in &moves {
        if !t.ends_without_search(rules) {
            total += count(&t.position, rules, depth - 1)?;
        }
    }
    Ok(total)
}
