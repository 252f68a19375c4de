//! The contract every game's rules implement (`GameRules`; `games.rs` is
//! the registry of the implementations, `game.rs` a game's record): what
//! `play.rs`, the game record, perft, the AI and the wasm adapter need from
//! a rule set.
//! Each game implements it once (`intermedium::Intermedium`,
//! `cash::CashInHand`); `GameKind::rules` (in `games.rs`) picks the one for
//! a position. A game's identity and board data (name, geometry, side names,
//! start position) are the table in `variant.rs`, below every rule, because
//! position strings are read ahead of any rule; the trait exposes them.

use crate::board::{Cell, Geometry};
use crate::errors::{IllegalMove, LimitExceeded, NotationError};
use crate::moves::Move;
use crate::position::Position;
use crate::transition::Transition;
use crate::variant::{EndReason, GameKind, Outcome, RuleOptions, Side};

/// A default bound on move enumeration (search states or sowings visited),
/// large enough for every ordinary position and small enough to stay within
/// memory on these machines.
pub const DEFAULT_MOVE_LIMIT: usize = 5_000_000;

/// What `GameRules::capturing_moves` finds: moves that may include quiet
/// ones (the caller keeps the captures).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CapturingMoves {
    pub moves: Vec<Transition>,
    /// Every largest set of stacks captured together has a move in `moves`.
    pub largest: bool,
}

/// The rules of one game. Methods take the position (whose `game` is this
/// one) and the rule options; none checks whether the game is already over
/// unless it says so (`Position::play` and `Position::legal_moves` do).
pub trait GameRules: Sync {
    /// Which game this is.
    fn kind(&self) -> GameKind;

    /// The board's size.
    fn geometry(&self) -> Geometry {
        self.kind().geometry()
    }

    /// The standard start position string (docs/RULES.md section 4).
    fn start_position_string(&self) -> &'static str {
        self.kind().start_position_string()
    }

    /// The side names, first player first (`blue`, `red` / `white`, `black`).
    fn side_names(&self) -> [&'static str; 2] {
        [self.kind().side_name(Side::First), self.kind().side_name(Side::Second)]
    }

    /// Reads a move written in this game's notation (syntax only).
    fn parse(&self, text: &str) -> Result<Move, NotationError>;

    /// Checks a move (of this game) in `pos` and returns what it does, with
    /// the move in canonical form. A refused move names the rule it breaks.
    fn validate(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        mv: &Move,
    ) -> Result<Transition, IllegalMove>;

    /// Every distinct move of the side to move (docs/RULES.md section 5).
    /// Fails with `LimitExceeded` instead of exhausting memory once more
    /// than `limit` units of work would be needed.
    fn generate(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<Vec<Transition>, LimitExceeded>;

    /// `generate`, asking `stop` from time to time during a long enumeration
    /// whether to give up (then it fails with `LimitExceeded`): for callers
    /// with a deadline. By default `stop` is never asked.
    fn generate_until(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
        _stop: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        self.generate(pos, rules, limit)
    }

    /// The number of distinct moves, as `generate(..).len()` (games with a
    /// cheaper count override it; perft counts its leaves with it).
    fn count(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<usize, LimitExceeded> {
        self.generate(pos, rules, limit).map(|moves| moves.len())
    }

    /// Whether the side to move has a legal move (exact), ignoring the quiet limit.
    fn has_legal_move(&self, pos: &Position, rules: &RuleOptions) -> bool;

    /// The player who has lost by having no stones, in games where that
    /// ends the game (Cash in Hand); none by default.
    fn eliminated(&self, _pos: &Position) -> Option<Side> {
        None
    }

    /// The capturing moves of the side to move, for `Position::threats`: at
    /// least one move for every stack (and city) some move captures, and
    /// whether there is one for every largest set of stacks captured
    /// together. By default every legal move (`generate`), which has both;
    /// a game with a cheaper exact answer overrides it. Fails with
    /// `LimitExceeded` past `limit`, as `generate` does.
    fn capturing_moves(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<CapturingMoves, LimitExceeded> {
        Ok(CapturingMoves { moves: self.generate(pos, rules, limit)?, largest: true })
    }

    /// The cities (Intermedium), for drawing; none by default.
    fn cities(&self) -> Vec<(Side, Cell)> {
        Vec::new()
    }

    /// The result if the game is over in `pos`, as a position alone can
    /// tell: a player eliminated, the side to move without a legal move (it
    /// has lost), or the quiet-ply limit (draw). A win is reported ahead of a
    /// draw. Repetition needs the history: see `Game`.
    fn status(&self, pos: &Position, rules: &RuleOptions) -> Option<Outcome> {
        if let Some(loser) = self.eliminated(pos) {
            return Some(Outcome::win(loser.opponent(), EndReason::Eliminated));
        }
        if !self.has_legal_move(pos, rules) {
            return Some(Outcome::win(pos.side_to_move.opponent(), EndReason::NoMoves));
        }
        if rules.quiet_limit_reached(pos.quiet) {
            return Some(Outcome::draw(EndReason::QuietLimit));
        }
        None
    }
}
