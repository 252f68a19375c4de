//! A game record (`Game`): a start position, the moves played, undo/redo,
//! and the result including draws by repetition (which need the history).
//! Not to be confused with `game_rules.rs` (the contract each game's rules
//! implement) or `games.rs` (the registry that picks a game's rules).

use crate::errors::{IllegalMove, LimitExceeded, PlayError};
use crate::moves::Move;
use crate::play::Transition;
use crate::position::Position;
use crate::variant::{EndReason, GameKind, Outcome, RuleOptions};

/// One ply of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    pub transition: Transition,
    /// The game's result after this ply, if it ended here.
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: RuleOptions,
    start: Position,
    start_outcome: Option<Outcome>,
    plies: Vec<Ply>,
    /// Plies taken back, most recent last, for redo.
    undone: Vec<Ply>,
}

impl Game {
    /// A new game from the standard start.
    pub fn new(game: GameKind, rules: RuleOptions) -> Game {
        Game::from_position(Position::start(game), rules)
    }

    /// A game from any position (it may already be finished).
    pub fn from_position(start: Position, rules: RuleOptions) -> Game {
        Game {
            rules,
            start_outcome: start.status(&rules),
            start,
            plies: Vec::new(),
            undone: Vec::new(),
        }
    }

    pub fn rules(&self) -> &RuleOptions {
        &self.rules
    }

    pub fn game(&self) -> GameKind {
        self.start.game
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |p| &p.transition.position)
    }

    /// The position after `ply` plies (0 is the start), if there are that many.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        if ply == 0 {
            Some(&self.start)
        } else {
            self.plies.get(ply - 1).map(|p| &p.transition.position)
        }
    }

    /// The result, or `None` while the game goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.plies.last().map_or(self.start_outcome, |p| p.outcome)
    }

    /// The moves in notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.plies.iter().map(|p| p.transition.mv.to_string()).collect()
    }

    /// Plays a move. A rejected move changes nothing, the redo list included.
    pub fn play(&mut self, mv: &Move) -> Result<&Ply, IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(self.game(), outcome));
        }
        let transition = self.position().play(mv, &self.rules)?;
        self.push(transition);
        Ok(self.plies.last().expect("just pushed"))
    }

    /// Parses and plays a move written in the game's notation.
    pub fn play_text(&mut self, text: &str) -> Result<&Ply, PlayError> {
        let mv = Move::parse(self.game(), text)?;
        Ok(self.play(&mv)?)
    }

    /// Appends a transition already known to be legal here (from `legal_moves`).
    pub fn push(&mut self, transition: Transition) {
        let outcome =
            transition.outcome(&self.rules).or_else(|| self.repetition(&transition.position));
        self.plies.push(Ply { transition, outcome });
        self.undone.clear();
    }

    fn repetition(&self, next: &Position) -> Option<Outcome> {
        if !self.rules.repetition_draw {
            return None;
        }
        let same = |p: &Position| p.board == next.board && p.side_to_move == next.side_to_move;
        let earlier = std::iter::once(&self.start)
            .chain(self.plies.iter().map(|p| &p.transition.position))
            .filter(|p| same(p))
            .count();
        (earlier + 1 >= 3).then(|| Outcome::draw(EndReason::Repetition))
    }

    /// Takes back the last ply; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let ply = self.plies.pop()?;
        let mv = ply.transition.mv.clone();
        self.undone.push(ply);
        Some(mv)
    }

    /// Replays the last ply taken back; `None` if there is none.
    pub fn redo(&mut self) -> Option<Move> {
        let ply = self.undone.pop()?;
        let mv = ply.transition.mv.clone();
        self.plies.push(ply);
        Some(mv)
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The distinct legal moves in the current position (none once the game is over).
    pub fn legal_moves(&self, limit: usize) -> Result<Vec<Transition>, LimitExceeded> {
        if self.outcome().is_some() {
            return Ok(Vec::new());
        }
        self.position().successors(&self.rules, limit)
    }
}
