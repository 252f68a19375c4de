//! The game interface over both rule sets: play a move, list the distinct
//! moves, and tell whether a position is finished. Dispatches to each game's
//! module; everything above this (game record, perft, AI, wasm) uses only this.

use crate::board::Cell;
use crate::cash;
use crate::errors::{IllegalMove, LimitExceeded, PlayError};
use crate::intermedium;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::{EndReason, GameKind, Outcome, Rules};

/// A default bound on move enumeration (search states or sowings visited),
/// large enough for every ordinary position and small enough to stay within
/// memory on these machines.
pub const DEFAULT_MOVE_LIMIT: usize = 5_000_000;

/// A move and what it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transition {
    pub mv: Move,
    /// The position after the move (side switched, counters updated).
    pub position: Position,
    /// Cells whose stacks the move captured, in file-then-rank order.
    pub captured: Vec<Cell>,
    /// Stones captured (Cash in Hand puts them back as redistribution).
    pub captured_stones: u32,
    /// A result the move itself causes (a city capture, an elimination).
    pub decisive: Option<Outcome>,
}

impl Transition {
    /// The full result after this move, as far as the position alone tells
    /// (repetition needs the game's history: see `Game`).
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        self.decisive.or_else(|| self.position.status(rules))
    }

    /// Whether the game is over after this move, short of the full
    /// legal-move check: a decisive result or the quiet-ply limit.
    pub(crate) fn ends_without_search(&self, rules: &Rules) -> bool {
        self.decisive.is_some() || quiet_limit_reached(&self.position, rules)
    }
}

fn quiet_limit_reached(pos: &Position, rules: &Rules) -> bool {
    rules.quiet_ply_limit > 0 && pos.quiet >= rules.quiet_ply_limit
}

impl Position {
    /// The result if the game is over in this position, as a position string
    /// alone can tell: a player has no stones (Cash in Hand), the side to move has no
    /// legal move (it has lost), or the quiet-ply limit is reached (draw).
    /// A win is reported before a draw.
    pub fn status(&self, rules: &Rules) -> Option<Outcome> {
        let mover = self.side_to_move;
        if let Some(loser) = self.eliminated() {
            return Some(Outcome::win(loser.opponent(), EndReason::Eliminated));
        }
        if !self.has_legal_move(rules) {
            return Some(Outcome::win(mover.opponent(), EndReason::NoMoves));
        }
        if quiet_limit_reached(self, rules) {
            return Some(Outcome::draw(EndReason::QuietLimit));
        }
        None
    }

    /// Cash in Hand: the player without stones, if one has none (it has
    /// lost, RULES.md section 4). The side to move is judged first.
    fn eliminated(&self) -> Option<crate::variant::Side> {
        if self.game != GameKind::CashInHand {
            return None;
        }
        let mover = self.side_to_move;
        [mover, mover.opponent()].into_iter().find(|&s| self.stones_of(s) == 0)
    }

    /// Whether the side to move has a legal move, ignoring the quiet limit.
    pub fn has_legal_move(&self, rules: &Rules) -> bool {
        match self.game {
            GameKind::Intermedium => intermedium::has_legal_move(self, rules),
            GameKind::CashInHand => cash::has_legal_move(self),
        }
    }

    /// Intermedium: whether the side to move can capture, in one move, an
    /// enemy stack or the enemy city (`Attacker::can_capture`), as the AI
    /// asks at every leaf. Exact, and far cheaper than generating the moves.
    /// Meaningless in Cash in Hand (the AI does not ask there).
    pub(crate) fn attacker<'a>(&'a self, rules: &'a Rules) -> intermedium::Attacker<'a> {
        intermedium::Attacker::new(self, rules)
    }

    /// Intermedium: the running total of work done by `attacker` queries on
    /// this thread, in walk states (about 1/25 of a generated move each).
    pub(crate) fn threat_work() -> u64 {
        intermedium::walk_work()
    }

    /// Plays a move. A rejected move leaves nothing changed (positions are values).
    pub fn play(&self, mv: &Move, rules: &Rules) -> Result<Transition, IllegalMove> {
        if mv.game() != self.game {
            return Err(IllegalMove::WrongGame { expected: self.game });
        }
        if quiet_limit_reached(self, rules) || self.eliminated().is_some() {
            let outcome = self.status(rules).expect("a finished position has a status");
            return Err(IllegalMove::GameOver(self.game, outcome));
        }
        let result = match mv {
            Move::Sow(m) => intermedium::validate(self, rules, m)
                .map(|effect| intermedium::transition(self, m.clone(), effect)),
            Move::Cash(m) => cash::validate(self, rules, m),
        };
        // A move refused because the side to move has no move at all is
        // better explained as "the game is over".
        result.map_err(|e| match self.status(rules) {
            Some(outcome) => IllegalMove::GameOver(self.game, outcome),
            None => e,
        })
    }

    /// Parses and plays a move written in the game's notation.
    pub fn play_text(&self, text: &str, rules: &Rules) -> Result<Transition, PlayError> {
        let mv = Move::parse(self.game, text)?;
        Ok(self.play(&mv, rules)?)
    }

    /// The distinct legal moves (RULES.md section 5), none if the game is over.
    /// `limit` bounds the enumeration work; past it the call fails rather
    /// than exhausting memory.
    pub fn legal_moves(
        &self,
        rules: &Rules,
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
        rules: &Rules,
        limit: usize,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        match self.game {
            GameKind::Intermedium => Ok(intermedium::generate(self, rules, limit)?
                .into_iter()
                .map(|g| intermedium::transition(self, g.mv, g.effect))
                .collect()),
            GameKind::CashInHand => cash::generate(self, rules, limit),
        }
    }
}

impl Position {
    /// The number of distinct moves, as `successors(..).len()` but cheaper.
    pub(crate) fn count_successors(
        &self,
        rules: &Rules,
        limit: usize,
    ) -> Result<usize, LimitExceeded> {
        match self.game {
            GameKind::Intermedium => intermedium::count(self, rules, limit),
            GameKind::CashInHand => cash::count(self, rules, limit),
        }
    }
}

pub(crate) fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
    cells.sort_by_key(|c| c.file_major_key());
    cells
}
