//! Move values of both games and their notation. Legality lives with each
//! game's rules; this module only turns text into typed moves and back.

use crate::board::Cell;
use crate::errors::NotationError;
use crate::variant::GameKind;
use std::fmt;

/// No legal move's text comes anywhere near this; longer input is refused
/// ahead of any work on it.
pub const MAX_MOVE_TEXT: usize = 4096;

/// An Intermedium move: the origin, then the cell of every drop in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SowMove {
    pub origin: Cell,
    pub path: Vec<Cell>,
}

/// A Cash in Hand move in Browne's notation:
/// `ORIGIN:K CELL:D ... (:CAPTURES) CELL:N ...`.
/// Numbers are kept as written (u32) so that "too many" is a legality error
/// that names the numbers, not a syntax error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CashMove {
    pub origin: Cell,
    pub count: u32,
    pub steps: Vec<(Cell, u32)>,
    /// The capture list as written; `None` when the text left it out.
    pub captures: Option<Vec<Cell>>,
    pub placements: Vec<(Cell, u32)>,
}

/// A move of either game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Sow(SowMove),
    Cash(CashMove),
}

impl Move {
    /// Reads a move in the notation of `game`.
    pub fn parse(game: GameKind, text: &str) -> Result<Move, NotationError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(NotationError::TooLong(text.len()));
        }
        match game {
            GameKind::Intermedium => SowMove::parse(text).map(Move::Sow),
            GameKind::CashInHand => CashMove::parse(text).map(Move::Cash),
        }
    }

    pub fn game(&self) -> GameKind {
        match self {
            Move::Sow(_) => GameKind::Intermedium,
            Move::Cash(_) => GameKind::CashInHand,
        }
    }

    /// The stack the move starts from.
    pub fn origin(&self) -> Cell {
        match self {
            Move::Sow(m) => m.origin,
            Move::Cash(m) => m.origin,
        }
    }

    /// Stones picked up: the whole stack in Intermedium.
    pub fn stones(&self) -> u32 {
        match self {
            Move::Sow(m) => m.path.len() as u32,
            Move::Cash(m) => m.count,
        }
    }

    /// The sowing: each cell stepped on with the stones dropped there, in
    /// order (one stone per step in Intermedium).
    pub fn drops(&self) -> Vec<(Cell, u32)> {
        match self {
            Move::Sow(m) => m.path.iter().map(|&c| (c, 1)).collect(),
            Move::Cash(m) => m.steps.clone(),
        }
    }

    /// Cash in Hand: captured stones put back, per cell (none in Intermedium).
    pub fn placements(&self) -> Vec<(Cell, u32)> {
        match self {
            Move::Sow(_) => Vec::new(),
            Move::Cash(m) => m.placements.clone(),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Sow(m) => m.fmt(f),
            Move::Cash(m) => m.fmt(f),
        }
    }
}

pub(crate) fn parse_cell(token: &str) -> Result<Cell, NotationError> {
    token.parse::<Cell>().map_err(|_| NotationError::BadCell(token.to_string()))
}

impl SowMove {
    /// Reads `a6-b5-c4-d5` (case-insensitive, spaces around `-` allowed).
    pub fn parse(text: &str) -> Result<SowMove, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::Empty);
        }
        if text.len() > MAX_MOVE_TEXT {
            return Err(NotationError::TooLong(text.len()));
        }
        let cells =
            text.split('-').map(|t| parse_cell(t.trim())).collect::<Result<Vec<Cell>, _>>()?;
        let (origin, path) = cells.split_first().expect("split yields at least one token");
        if path.is_empty() {
            return Err(NotationError::MissingPath);
        }
        Ok(SowMove { origin: *origin, path: path.to_vec() })
    }
}

impl fmt::Display for SowMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.origin)?;
        for c in &self.path {
            write!(f, "-{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sow_notation_round_trips() {
        let m = SowMove::parse(" A6-b5 - C4-d5 ").unwrap();
        assert_eq!(m.to_string(), "a6-b5-c4-d5");
        assert_eq!(m.path.len(), 3);
    }

    #[test]
    fn sow_notation_errors() {
        assert_eq!(SowMove::parse(""), Err(NotationError::Empty));
        assert_eq!(SowMove::parse("a6"), Err(NotationError::MissingPath));
        assert_eq!(SowMove::parse("a6--b5"), Err(NotationError::BadCell(String::new())));
        assert_eq!(SowMove::parse("a6-zz"), Err(NotationError::BadCell("zz".into())));
    }

    #[test]
    fn a_moves_parts_for_drawing_it() {
        let cell = |t: &str| t.parse::<Cell>().unwrap();
        let sow = Move::parse(GameKind::Intermedium, "a4-b5-a6").unwrap();
        assert_eq!(sow.origin(), cell("a4"));
        assert_eq!(sow.stones(), 2);
        assert_eq!(sow.drops(), vec![(cell("b5"), 1), (cell("a6"), 1)]);
        assert!(sow.placements().is_empty());

        let cash =
            Move::parse(GameKind::CashInHand, "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4").unwrap();
        assert_eq!(cash.origin(), cell("c3"));
        assert_eq!(cash.stones(), 8);
        assert_eq!(cash.drops(), vec![(cell("d4"), 3), (cell("e5"), 1), (cell("f4"), 4)]);
        assert_eq!(cash.placements(), vec![(cell("g6"), 1), (cell("g7"), 4)]);
    }
}
