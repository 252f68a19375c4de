//! Cash in Hand (Cameron Browne 2000): docs/RULES.md section 3.
//!
//! A move picks up some stones of an own stack, sows them diagonally with
//! drops of any size under the visited, height and gate restrictions
//! (`sowing`), captures every enemy stack that is surrounded and outweighed
//! (`capture`), and puts the captured stones back on occupied cells.
//!
//! - `notation`: Browne's notation, read and printed.
//! - `validate`: a written move checked part by part.
//! - `movegen`: every distinct move, with bounded work.
//! - `complete`: whether a move under way can still be finished (only ever in
//!   doubt on boards holding more than 255 stones, where stacks can overflow).
//! - `parts`: a checked move's parts and the transition they make.
//! - `builder`: a move one choice at a time; `random`: a random legal move.
//! - `threats`: what one move can capture, without listing moves (`target`:
//!   whether one given stack can fall; `sets`: every set of given stacks
//!   one move captures).
//!
//! This file is the module's face: it implements `GameRules` with its
//! children and only re-exports `builder`, so that the builder may ask the
//! rules for a position's status; no other child uses it.

mod builder;
mod capture;
mod complete;
mod movegen;
mod notation;
mod parts;
mod random;
mod sets;
mod sowing;
mod target;
mod threats;
mod validate;

pub use builder::Builder;
pub use movegen::first_moves;
#[cfg(test)]
pub(crate) use random::clustered_position;
pub use random::random_move;
pub(crate) use threats::{cannot_stalemate, capture_threats};

use crate::errors::{IllegalMove, LimitExceeded, NotationError};
use crate::game_rules::{CapturingMoves, GameRules};
use crate::moves::{CashMove, Move};
use crate::position::Position;
use crate::transition::Transition;
use crate::variant::{GameKind, RuleOptions, Side};

/// The rules of Cash in Hand.
#[derive(Clone, Copy, Debug, Default)]
pub struct CashInHand;

impl GameRules for CashInHand {
    fn kind(&self) -> GameKind {
        GameKind::CashInHand
    }

    fn parse(&self, text: &str) -> Result<Move, NotationError> {
        CashMove::parse(text).map(Move::Cash)
    }

    /// The transition carries the canonical move (captures written out).
    fn validate(
        &self,
        pos: &Position,
        _rules: &RuleOptions,
        mv: &Move,
    ) -> Result<Transition, IllegalMove> {
        let Move::Cash(m) = mv else {
            return Err(IllegalMove::WrongGame { expected: self.kind() });
        };
        validate::validate(pos, m)
    }

    /// Work counts sowing states and redistributions.
    fn generate(
        &self,
        pos: &Position,
        _rules: &RuleOptions,
        limit: usize,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        movegen::generate(pos, limit)
    }

    fn count(
        &self,
        pos: &Position,
        _rules: &RuleOptions,
        limit: usize,
    ) -> Result<usize, LimitExceeded> {
        movegen::count(pos, limit)
    }

    /// Picking up a whole stack is the most permissive pick-up (every
    /// restriction compares a height with the cash), and any legal first
    /// step can be finished by dropping everything there, so a move exists
    /// iff some own stack can step with all its stones. Only on boards of
    /// more than 255 stones, where a drop may overflow a stack, does it take
    /// a (bounded) search.
    fn has_legal_move(&self, pos: &Position, _rules: &RuleOptions) -> bool {
        complete::has_legal_move(pos)
    }

    /// Never the full list (a middle game's moves number in the millions:
    /// each capture times every redistribution): an exact search per enemy
    /// stack finds a move for every stack some move captures, then, within
    /// what is left of `limit`, one move per largest set captured together
    /// (`capture_threats`).
    fn capturing_moves(
        &self,
        pos: &Position,
        _rules: &RuleOptions,
        limit: usize,
    ) -> Result<CapturingMoves, LimitExceeded> {
        let found = capture_threats(pos, limit)?;
        Ok(CapturingMoves { moves: found.moves, largest: found.largest })
    }

    /// A player without stones has lost (docs/RULES.md section 3); the side
    /// to move is judged first.
    fn eliminated(&self, pos: &Position) -> Option<Side> {
        let mover = pos.side_to_move;
        [mover, mover.opponent()].into_iter().find(|&s| pos.stones_of(s) == 0)
    }
}
