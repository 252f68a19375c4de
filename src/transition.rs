//! What a legal move does: the one result type every game's rules return
//! from validating, playing and generating moves. Its `outcome` method needs
//! the rules of the position's game, so it lives with the dispatch in `play.rs`.

use crate::board::Cell;
use crate::moves::Move;
use crate::position::Position;
use crate::sorting;
use crate::variant::Outcome;

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

/// Cells in file-then-rank order, the order `Transition::captured` uses.
pub(crate) fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
    sorting::sort_by_key(&mut cells, |c| c.file_major_key());
    cells
}
