//! Which game is being played, who plays it, and the rule options.

use crate::board::{Cell, Colour, Geometry};
use std::fmt;

/// The games this engine knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Intermedium,
    CashInHand,
}

/// The two players. `First` moves first and owns the odd cells in both games
/// (Blue in Intermedium, White in Cash in Hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    pub fn colour(self) -> Colour {
        match self {
            Side::First => Colour::Odd,
            Side::Second => Colour::Even,
        }
    }

    /// The owner of a cell: the side whose colour the cell has.
    pub fn owner_of(cell: Cell) -> Side {
        match cell.colour() {
            Colour::Odd => Side::First,
            Colour::Even => Side::Second,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl GameKind {
    /// Every game, in a fixed order. A new game goes here too (docs/architecture.md, "Adding a game").
    pub const ALL: [GameKind; 2] = [GameKind::Intermedium, GameKind::CashInHand];

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Intermedium => "intermedium",
            GameKind::CashInHand => "cash-in-hand",
        }
    }

    /// Every game's name for messages: `intermedium or cash-in-hand`.
    pub fn names_text() -> String {
        let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// Reads a game name, case-insensitively.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name().eq_ignore_ascii_case(name))
    }

    pub fn geometry(self) -> Geometry {
        match self {
            GameKind::Intermedium => Geometry::new(7, 10),
            GameKind::CashInHand => Geometry::new(8, 8),
        }
    }

    pub fn side_name(self, side: Side) -> &'static str {
        match (self, side) {
            (GameKind::Intermedium, Side::First) => "blue",
            (GameKind::Intermedium, Side::Second) => "red",
            (GameKind::CashInHand, Side::First) => "white",
            (GameKind::CashInHand, Side::Second) => "black",
        }
    }

    pub fn side_from_name(self, name: &str) -> Option<Side> {
        [Side::First, Side::Second]
            .into_iter()
            .find(|&s| self.side_name(s).eq_ignore_ascii_case(name))
    }

    /// The standard starting position of this game, as docs/RULES.md section 4 writes it.
    pub fn start_position_string(self) -> &'static str {
        match self {
            GameKind::Intermedium => "intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1",
            GameKind::CashInHand => "cash-in-hand 32,0,0,0,0,0,0,32/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,32 white 0 1",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Rule options (docs/RULES.md section 8). Defaults live here and
/// nowhere else. The wasm API calls the same object `RuleOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleOptions {
    /// Intermedium: a player's first move must drop a stone on a cell empty at the start of the move.
    pub first_move_rule: bool,
    /// Draw when this many consecutive plies pass without a capture; 0 turns it off.
    pub quiet_ply_limit: u32,
    /// Draw when a position (board and side to move) occurs for the third time.
    pub repetition_draw: bool,
}

impl Default for RuleOptions {
    fn default() -> RuleOptions {
        RuleOptions { first_move_rule: true, quiet_ply_limit: 100, repetition_draw: true }
    }
}

impl RuleOptions {
    /// Whether `quiet` plies without a capture end the game in a draw.
    pub fn quiet_limit_reached(&self, quiet: u32) -> bool {
        self.quiet_ply_limit > 0 && quiet >= self.quiet_ply_limit
    }
}

/// The former name of `RuleOptions`, kept so that existing code compiles.
pub type Rules = RuleOptions;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Intermedium: the winner surrounded the loser's city.
    CityCaptured,
    /// The loser had no legal move on their turn.
    NoMoves,
    /// Cash in Hand: the loser has no stones left.
    Eliminated,
    /// Draw: the same position occurred for the third time.
    Repetition,
    /// Draw: `quiet_ply_limit` plies passed without a capture.
    QuietLimit,
}

impl EndReason {
    pub fn code(self) -> &'static str {
        match self {
            EndReason::CityCaptured => "city-captured",
            EndReason::NoMoves => "no-moves",
            EndReason::Eliminated => "eliminated",
            EndReason::Repetition => "repetition",
            EndReason::QuietLimit => "quiet-limit",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn win(winner: Side, reason: EndReason) -> Outcome {
        Outcome { winner: Some(winner), reason }
    }

    pub fn draw(reason: EndReason) -> Outcome {
        Outcome { winner: None, reason }
    }

    /// `blue wins`, `black wins`, `draw`: the CLI's result line.
    pub fn result_text(self, game: GameKind) -> String {
        match self.winner {
            Some(side) => format!("{} wins", game.side_name(side)),
            None => "draw".to_string(),
        }
    }

    /// A sentence for people: who won and why.
    pub fn describe(self, game: GameKind) -> String {
        let why = match self.reason {
            EndReason::CityCaptured => "the city was captured",
            EndReason::NoMoves => "the opponent had no legal move",
            EndReason::Eliminated => "the opponent lost all stones",
            EndReason::Repetition => "the same position occurred three times",
            EndReason::QuietLimit => "too many moves passed without a capture",
        };
        format!("{}: {}", self.result_text(game), why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_names_for_messages() {
        assert_eq!(GameKind::names_text(), "intermedium or cash-in-hand");
        for g in GameKind::ALL {
            assert_eq!(GameKind::from_name(&g.name().to_uppercase()), Some(g));
        }
    }
}
