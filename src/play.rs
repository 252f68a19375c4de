//! The game interface over every rule set: play a move, list the distinct
//! moves, and tell whether a position is finished. Dispatches through
//! `GameKind::rules` (the `GameRules` contract); everything above this (game
//! record, perft, AI, wasm) uses only this.

use crate::errors::{IllegalMove, LimitExceeded, PlayError};
pub use crate::game_rules::DEFAULT_MOVE_LIMIT;
use crate::intermedium;
use crate::moves::Move;
use crate::position::Position;
pub use crate::transition::Transition;
use crate::variant::{Outcome, RuleOptions};

impl Transition {
    /// The full result after this move, as far as the position alone tells
    /// (repetition needs the game's history: see `Game`).
    pub fn outcome(&self, rules: &RuleOptions) -> Option<Outcome> {
        self.decisive.or_else(|| self.position.status(rules))
    }

    /// Whether the game is over after this move, short of the full
    /// legal-move check: a decisive result or the quiet-ply limit.
    pub(crate) fn ends_without_search(&self, rules: &RuleOptions) -> bool {
        self.decisive.is_some() || rules.quiet_limit_reached(self.position.quiet)
    }
}

impl Position {
    /// The result if the game is over in this position, as a position string
    /// alone can tell: a player has no stones (Cash in Hand), the side to move has no
    /// legal move (it has lost), or the quiet-ply limit is reached (draw).
    /// A win is reported ahead of a draw.
    pub fn status(&self, rules: &RuleOptions) -> Option<Outcome> {
        self.game.rules().status(self, rules)
    }

    /// Whether the side to move has a legal move, ignoring the quiet limit.
    pub fn has_legal_move(&self, rules: &RuleOptions) -> bool {
        self.game.rules().has_legal_move(self, rules)
    }

    /// Intermedium: whether the side to move can capture, in one move, an
    /// enemy stack or the enemy city (`Attacker::can_capture`), as the AI
    /// asks at every leaf. Exact, and far cheaper than generating the moves.
    /// Meaningless in Cash in Hand (the AI does not ask there).
    pub(crate) fn attacker<'a>(&'a self, rules: &'a RuleOptions) -> intermedium::Attacker<'a> {
        intermedium::Attacker::new(self, rules)
    }

    /// Intermedium: the running total of work done by `attacker` queries on
    /// this thread, in walk states (about 1/25 of a generated move each).
    pub(crate) fn threat_work() -> u64 {
        intermedium::walk_work()
    }

    /// Plays a move. A rejected move leaves nothing changed (positions are values).
    pub fn play(&self, mv: &Move, rules: &RuleOptions) -> Result<Transition, IllegalMove> {
        if mv.game() != self.game {
            return Err(IllegalMove::WrongGame { expected: self.game });
        }
        let game = self.game.rules();
        if rules.quiet_limit_reached(self.quiet) || game.eliminated(self).is_some() {
            let outcome = self.status(rules).expect("a finished position has a status");
            return Err(IllegalMove::GameOver(self.game, outcome));
        }
        // A move refused because the side to move has no move at all is
        // better explained as "the game is over".
        game.validate(self, rules, mv).map_err(|e| match self.status(rules) {
            Some(outcome) => IllegalMove::GameOver(self.game, outcome),
            None => e,
        })
    }

    /// Parses and plays a move written in the game's notation.
    pub fn play_text(&self, text: &str, rules: &RuleOptions) -> Result<Transition, PlayError> {
        let mv = self.game.rules().parse(text)?;
        Ok(self.play(&mv, rules)?)
    }

    /// The distinct legal moves (docs/RULES.md section 5), none if the game is over.
    /// `limit` bounds the enumeration work; past it the call fails rather
    /// than exhausting memory.
    pub fn legal_moves(
        &self,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        if self.status(rules).is_some() {
            return Ok(Vec::new());
        }
        self.successors(rules, limit)
    }

    /// The distinct moves without first checking whether the game is over
    /// (used where the caller already knows it is not, as in perft).
    pub(crate) fn successors(
        &self,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        self.game.rules().generate(self, rules, limit)
    }

    /// `successors`, giving up (with `LimitExceeded`) when `stop`, asked
    /// every few milliseconds of a long enumeration, says so.
    pub(crate) fn successors_until(
        &self,
        rules: &RuleOptions,
        limit: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        self.game.rules().generate_until(self, rules, limit, stop)
    }

    /// The number of distinct moves, as `successors(..).len()` but cheaper.
    pub(crate) fn count_successors(
        &self,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<usize, LimitExceeded> {
        self.game.rules().count(self, rules, limit)
    }
}
