//! Intermedium (Stepping Stones, Matt Crispis 1976): docs/RULES.md section 2.
//!
//! A move sows all n stones of an own stack along a diagonal path of n steps
//! without 180-degree turns. Its outcome depends only on *how many* stones land
//! on each cell and on the last cell, so move generation walks paths layer by
//! layer and merges every partial path with the same (current cell, last
//! direction, drop counts): the number of distinct states grows far slower
//! than the 4 x 3^(n-1) paths. Each state keeps one parent link, so every
//! distinct outcome still comes with a real path that stands for it.
//!
//! - `sowing`: what a sowing does (drops, first-move rule, captures, city);
//!   a written move checked step by step.
//! - `movegen`: every distinct move, with bounded work.
//! - `complete`: whether a partial sowing can still be finished (exact
//!   has-a-legal-move); `threat`: the AI's one-move capture query.
//! - `builder`: a move one choice at a time.
//!
//! This file is the module's face: it implements `GameRules` with its
//! children and only re-exports `builder`, so that the builder may ask the
//! rules for a position's status; no other child uses it.

mod builder;
mod complete;
mod movegen;
mod sowing;
mod threat;

pub use builder::Builder;
pub use sowing::city;
pub(crate) use threat::{walk_work, Attacker};

use crate::board::Cell;
use crate::errors::{IllegalMove, LimitExceeded, NotationError};
use crate::game_rules::GameRules;
use crate::moves::{Move, SowMove};
use crate::position::Position;
use crate::transition::Transition;
use crate::variant::{GameKind, RuleOptions, Side};

/// The side to move's capturing moves (an enemy stack or the enemy city
/// taken): `generate`'s list filtered to them (`captured_stones > 0 ||
/// decisive.is_some()`), paths and order included, found with far less work
/// (`movegen::Keep::Captures`), so it may finish where the full list would
/// pass `limit`. For the AI's capture search, which plays out captures
/// only. Also gives the search states visited (its work).
pub(crate) fn capturing_successors(
    pos: &Position,
    rules: &RuleOptions,
    limit: usize,
) -> Result<(Vec<Transition>, usize), LimitExceeded> {
    let (moves, states) =
        movegen::generate_kept(pos, rules, limit, movegen::Keep::Captures, &mut || false)?;
    let moves = moves.into_iter().map(|g| sowing::transition(pos, g.mv, g.effect)).collect();
    Ok((moves, states))
}

/// The rules of Intermedium.
#[derive(Clone, Copy, Debug, Default)]
pub struct Intermedium;

impl GameRules for Intermedium {
    fn kind(&self) -> GameKind {
        GameKind::Intermedium
    }

    fn parse(&self, text: &str) -> Result<Move, NotationError> {
        SowMove::parse(text).map(Move::Sow)
    }

    fn validate(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        mv: &Move,
    ) -> Result<Transition, IllegalMove> {
        let Move::Sow(m) = mv else {
            return Err(IllegalMove::WrongGame { expected: self.kind() });
        };
        sowing::validate(pos, rules, m).map(|effect| sowing::transition(pos, m.clone(), effect))
    }

    fn generate(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        self.generate_until(pos, rules, limit, &mut || false)
    }

    fn generate_until(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        Ok(movegen::generate(pos, rules, limit, stop)?
            .into_iter()
            .map(|g| sowing::transition(pos, g.mv, g.effect))
            .collect())
    }

    fn count(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<usize, LimitExceeded> {
        movegen::count(pos, rules, limit)
    }

    fn has_legal_move(&self, pos: &Position, rules: &RuleOptions) -> bool {
        complete::has_legal_move(pos, rules)
    }

    fn cities(&self) -> Vec<(Side, Cell)> {
        [Side::First, Side::Second].into_iter().map(|side| (side, city(side))).collect()
    }
}
