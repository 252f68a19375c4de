//! What the two reference enumerators (`intermedium_reference`,
//! `cash_reference`) share: the form of an outcome, the engine's moves in
//! that form, and perft over a reference's moves.

use sowboard::{Position, Rules};
use std::collections::{BTreeMap, BTreeSet};

/// An outcome as RULES.md section 5 compares moves: the position after the
/// move (as text) and the result the game has then, written
/// `"<winner> wins <reason>"` or `"draw <reason>"` (reasons as
/// `EndReason::code` spells them).
pub type Outcome = (String, Option<String>);

/// A reference's moves: each distinct outcome with the position it leads to.
pub type Moves = BTreeMap<Outcome, Position>;

/// The engine's distinct moves in the same form.
pub fn engine_moves(p: &Position, rules: &Rules) -> BTreeSet<Outcome> {
    p.legal_moves(rules, 50_000_000)
        .expect("small positions stay within the limit")
        .into_iter()
        .map(|t| {
            let result =
                t.outcome(rules).map(|o| format!("{} {}", o.result_text(p.game), o.reason.code()));
            (t.position.to_string(), result)
        })
        .collect()
}

/// Perft (RULES.md section 5) over a reference's `moves`.
pub fn perft(
    moves: fn(&Position, &Rules) -> Moves,
    p: &Position,
    rules: &Rules,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let next = moves(p, rules);
    if depth == 1 {
        return next.len() as u64;
    }
    next.iter()
        .filter(|((_, result), _)| result.is_none())
        .map(|(_, position)| perft(moves, position, rules, depth - 1))
        .sum()
}
