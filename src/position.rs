//! Positions and their text form (docs/RULES.md section 4):
//! `GAME RANKS SIDE QUIET MOVENO`.

use crate::board::{Board, Cell};
use crate::variant::{GameKind, Side};
use std::fmt;
use std::str::FromStr;

/// A position of either game: board, side to move and the two counters.
/// Any stone counts are allowed (set-up positions need not be standard).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub game: GameKind,
    pub board: Board,
    pub side_to_move: Side,
    /// Plies since the last capture.
    pub quiet: u32,
    /// Full-move number, 1 at the start, +1 after the second player moves.
    pub move_number: u32,
}

/// What is wrong with a position string. Each variant names the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    FieldCount {
        found: usize,
    },
    UnknownGame(String),
    RankCount {
        expected: u8,
        found: usize,
    },
    CellCount {
        rank: u8,
        expected: u8,
        found: usize,
    },
    BadCount {
        cell: String,
        text: String,
    },
    CountTooLarge {
        cell: String,
        text: String,
    },
    UnknownSide {
        game: GameKind,
        text: String,
    },
    BadQuiet(String),
    BadMoveNumber(String),
    /// More stones than a position the page and widget play may hold
    /// (`Position::check_playable`; parsing alone accepts it).
    TooManyStones {
        game: GameKind,
        total: u32,
    },
}

/// The most stones in all a position of `game` may hold to be played in the
/// page and the widget (docs/RULES.md section 7): as many as the game's
/// start holds (88 in Intermedium, 128 in Cash in Hand). Play never adds
/// stones (Intermedium's sowing keeps them and its captures remove them; Cash
/// in Hand keeps its total) and no rule option changes the start, so every
/// position of a game holds at most that many; no stack can then pass 255.
pub fn max_playable_stones(game: GameKind) -> u32 {
    Position::start(game).total_stones()
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::FieldCount { found } => {
                write!(f, "a position has 5 fields (GAME RANKS SIDE QUIET MOVENO), found {found}")
            }
            PositionError::UnknownGame(g) => {
                write!(f, "GAME: unknown game '{g}' (expected {})", GameKind::names_text())
            }
            PositionError::RankCount { expected, found } => {
                write!(f, "RANKS: expected {expected} ranks separated by '/', found {found}")
            }
            PositionError::CellCount { rank, expected, found } => {
                write!(f, "RANKS: rank {rank} has {found} cells, expected {expected}")
            }
            PositionError::BadCount { cell, text } => {
                write!(f, "RANKS: cell {cell} holds '{text}', which is not a stone count")
            }
            PositionError::CountTooLarge { cell, text } => {
                write!(f, "RANKS: cell {cell} holds {text} stones; the most a cell can hold is 255")
            }
            PositionError::UnknownSide { game, text } => write!(
                f,
                "SIDE: unknown side '{text}' for {game} (expected {} or {})",
                game.side_name(Side::First),
                game.side_name(Side::Second)
            ),
            PositionError::BadQuiet(t) => {
                write!(f, "QUIET: '{t}' is not a number of plies (0 or more)")
            }
            PositionError::BadMoveNumber(t) => {
                write!(f, "MOVENO: '{t}' is not a move number (1 or more)")
            }
            PositionError::TooManyStones { game, total } => write!(
                f,
                "RANKS: the board holds {total} stones; a game of {game} holds at most {} \
                 (its start holds {0}, and play never adds stones)",
                max_playable_stones(*game)
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The standard starting position of a game.
    pub fn start(game: GameKind) -> Position {
        // The error through `Display`: `expect` would keep `PositionError`'s
        // `Debug` in the wasm for a message that is never shown.
        let parsed = game.start_position_string().parse();
        parsed.unwrap_or_else(|e| panic!("the built-in start position of {game} is invalid: {e}"))
    }

    /// The side that owns the stones on a cell.
    pub fn owner(&self, cell: Cell) -> Side {
        Side::owner_of(cell)
    }

    /// Stones belonging to a side (those on its colour).
    pub fn stones_of(&self, side: Side) -> u32 {
        self.board.total_on(side.colour())
    }

    /// Stones on the board in all.
    pub fn total_stones(&self) -> u32 {
        self.board.stacks().iter().map(|&n| n as u32).sum()
    }

    /// Refuses a position of more stones than its game's start holds
    /// (`max_playable_stones`): no game reaches it, and the page and the
    /// widget load only positions a game can reach in stone count.
    pub fn check_playable(&self) -> Result<(), PositionError> {
        let total = self.total_stones();
        if total > max_playable_stones(self.game) {
            return Err(PositionError::TooManyStones { game: self.game, total });
        }
        Ok(())
    }

    /// Passes the turn and updates the counters, as after any move.
    pub(crate) fn finish_ply(&mut self, captured_any: bool) {
        self.quiet = if captured_any { 0 } else { self.quiet.saturating_add(1) };
        if self.side_to_move == Side::Second {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.side_to_move = self.side_to_move.opponent();
    }
}

/// A plain decimal number (digits only, no sign), of any length. A number
/// past `u64` reads as `u64::MAX`: every field then refuses it by its range
/// (a cell "holds N stones; the most is 255"), not as "not a number".
fn parse_number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(u64::MAX))
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads a position string. Fields may be separated by any run of spaces;
    /// names are case-insensitive.
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 5 {
            return Err(PositionError::FieldCount { found: fields.len() });
        }
        let game = GameKind::from_name(fields[0])
            .ok_or_else(|| PositionError::UnknownGame(fields[0].to_string()))?;
        let geometry = game.geometry();
        let ranks: Vec<&str> = fields[1].split('/').collect();
        if ranks.len() != geometry.ranks as usize {
            return Err(PositionError::RankCount { expected: geometry.ranks, found: ranks.len() });
        }
        let mut board = Board::empty(geometry);
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = geometry.ranks - 1 - i as u8;
            let cells: Vec<&str> = rank_text.split(',').collect();
            if cells.len() != geometry.files as usize {
                return Err(PositionError::CellCount {
                    rank: rank + 1,
                    expected: geometry.files,
                    found: cells.len(),
                });
            }
            for (file, text) in cells.iter().enumerate() {
                let cell = Cell::new(file as u8, rank);
                let n = parse_number(text).ok_or_else(|| PositionError::BadCount {
                    cell: cell.to_string(),
                    text: text.to_string(),
                })?;
                if n > 255 {
                    return Err(PositionError::CountTooLarge {
                        cell: cell.to_string(),
                        text: text.to_string(),
                    });
                }
                board.set(cell, n as u8);
            }
        }
        let side = game
            .side_from_name(fields[2])
            .ok_or_else(|| PositionError::UnknownSide { game, text: fields[2].to_string() })?;
        let quiet = parse_number(fields[3])
            .filter(|&n| n <= u32::MAX as u64)
            .ok_or_else(|| PositionError::BadQuiet(fields[3].to_string()))?;
        let move_number = parse_number(fields[4])
            .filter(|&n| n >= 1 && n <= u32::MAX as u64)
            .ok_or_else(|| PositionError::BadMoveNumber(fields[4].to_string()))?;
        Ok(Position {
            game,
            board,
            side_to_move: side,
            quiet: quiet as u32,
            move_number: move_number as u32,
        })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.board.geometry();
        write!(f, "{} ", self.game)?;
        for rank in (0..g.ranks).rev() {
            for file in 0..g.files {
                if file > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", self.board.get(Cell::new(file, rank)))?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} {} {}", self.game.side_name(self.side_to_move), self.quiet, self.move_number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_round_trip() {
        for game in GameKind::ALL {
            let text = game.start_position_string();
            let pos: Position = text.parse().unwrap();
            assert_eq!(pos.to_string(), text);
        }
        let p = Position::start(GameKind::Intermedium);
        assert_eq!(p.board.total(), 88);
        assert_eq!(p.stones_of(Side::First), 44);
        assert_eq!(Position::start(GameKind::CashInHand).board.total(), 128);
    }

    #[test]
    fn lenient_input_is_read() {
        let text = GameKind::Intermedium
            .start_position_string()
            .replace(' ', "   ")
            .replace("blue", "BLUE");
        let p: Position = format!("  INTERMEDIUM{}", &text["intermedium".len()..]).parse().unwrap();
        assert_eq!(p, Position::start(GameKind::Intermedium));
    }

    fn err(text: &str) -> String {
        text.parse::<Position>().unwrap_err().to_string()
    }

    #[test]
    fn each_bad_field_is_named() {
        let good = GameKind::Intermedium.start_position_string();
        assert!(err("intermedium").contains("5 fields"));
        assert!(err(&good.replace("intermedium", "chess")).contains("GAME"));
        let fields: Vec<&str> = good.split(' ').collect();
        let ranks = fields[1];
        let nine = ranks.split_once('/').unwrap().1;
        assert!(err(&format!("intermedium {nine} blue 0 1")).contains("expected 10 ranks"));
        let short_rank7 = ranks.replacen("4,0,4,0,4,0,4", "4,0,4,0,4,0", 1);
        assert!(err(&format!("intermedium {short_rank7} blue 0 1")).contains("rank 9 has 6 cells"));
        let rank7 = ranks.replacen("0,4,0,4,0,4,0", "0,4,0,4,0,4,0,0", 1);
        assert!(err(&format!("intermedium {rank7} blue 0 1")).contains("rank 8 has 8 cells"));
        assert!(err(&good.replacen("4", "256", 1)).contains("a9"));
        assert!(err(&good.replacen("4", "256", 1)).contains("255"));
        assert!(err(&good.replacen("4", "x", 1)).contains("not a stone count"));
        assert!(err(&good.replacen("4", "-1", 1)).contains("not a stone count"));
        assert!(err(&good.replace("blue", "white")).contains("SIDE"));
        assert!(err(&good.replace("blue 0 1", "blue x 1")).contains("QUIET"));
        assert!(err(&good.replace("blue 0 1", "blue 0 0")).contains("MOVENO"));
        assert!(err(&good.replace("blue 0 1", "blue 0 99999999999999")).contains("MOVENO"));
    }
}
