//! The stages of building a move one choice at a time, and the contract
//! (`BuildSteps`) each game's builder implements. `MoveBuilder` (in
//! `builder.rs`) holds one of them; the games' builders use only this file.
//!
//! Stages: `Origin` (choose an own stack) -> `Count` (Cash in Hand: how many
//! stones to pick up) -> `Step` (choose each next cell and, in Cash in Hand,
//! the drop there) -> `Place` (Cash in Hand: put captured stones back) -> `Done`.

use crate::board::{Board, Cell};
use crate::errors::IllegalMove;
use crate::position::Position;
use crate::transition::Transition;
use crate::variant::{GameKind, Outcome};
use std::fmt::Debug;

/// Where a move under construction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Choose the origin stack (`origins`, `select_origin`).
    Origin,
    /// Cash in Hand: choose how many stones to pick up (`count_options`, `pick_up`).
    Count,
    /// Choose the next cell and drop (`step_options`, `step`).
    Step,
    /// Cash in Hand: place captured stones (`place_options`, `place`).
    Place,
    /// The move is complete (`finish`).
    Done,
}

impl Stage {
    /// The stage's name in the wasm API: `origin`, `count`, `step`, `place`, `done`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Origin => "origin",
            Stage::Count => "count",
            Stage::Step => "step",
            Stage::Place => "place",
            Stage::Done => "done",
        }
    }
}

/// A legal next cell, with the drops allowed there. In Cash in Hand the
/// drops are every `d` in `1..=max_partial` plus `max_drop` (all the cash):
/// a smaller drop is allowed only if the stones left can still move on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StepOption {
    pub cell: Cell,
    /// Dropping everything in hand: always allowed on a legal target.
    pub max_drop: u8,
    /// The largest drop that leaves cash able to take another step (0 if none).
    pub max_partial: u8,
}

impl StepOption {
    /// Whether dropping `d` stones here is allowed.
    pub fn allows(&self, d: u32) -> bool {
        d == self.max_drop as u32 || (d >= 1 && d <= self.max_partial as u32)
    }

    /// Every allowed drop, ascending.
    pub fn drops(&self) -> Vec<u8> {
        let mut v: Vec<u8> = (1..=self.max_partial.min(self.max_drop)).collect();
        if self.max_partial < self.max_drop {
            v.push(self.max_drop);
        }
        v
    }
}

/// The checks every game's builder makes before taking `cell` as the
/// origin: the game goes on (`status` is the position's, from the game's
/// rules), the cell is on the board, holds stones, and is the mover's.
pub(crate) fn check_origin_basics(
    pos: &Position,
    status: Option<Outcome>,
    cell: Cell,
) -> Result<(), IllegalMove> {
    if let Some(outcome) = status {
        return Err(IllegalMove::GameOver(pos.game, outcome));
    }
    if !pos.board.geometry().contains(cell) {
        return Err(IllegalMove::OffBoard(cell));
    }
    if pos.owner(cell) != pos.side_to_move {
        return Err(IllegalMove::NotYourStack { cell });
    }
    if pos.board.get(cell) == 0 {
        return Err(IllegalMove::EmptyOrigin(cell));
    }
    Ok(())
}

/// A game's move builder. The `Count` and `Place` stages have defaults for
/// games without them (nothing offered, every choice refused).
/// Invariant: only choices that can still be completed into a legal move
/// are offered, and a refused choice changes nothing.
pub trait BuildSteps: Debug {
    /// Which game this builder builds moves of.
    fn game(&self) -> GameKind;

    /// A copy behind a new box (`MoveBuilder` is `Clone`).
    fn clone_box(&self) -> Box<dyn BuildSteps>;

    fn stage(&self) -> Stage;

    /// Own stacks from which some legal move starts (none once the game is over).
    fn origins(&self) -> Vec<Cell>;

    fn select_origin(&mut self, cell: Cell) -> Result<(), IllegalMove>;

    fn origin(&self) -> Option<Cell>;

    /// Stage `Count`: the legal pick-up counts, ascending.
    fn count_options(&self) -> Vec<u8> {
        Vec::new()
    }

    /// Stage `Count`: picks up `count` stones from the origin.
    fn pick_up(&mut self, _count: u32) -> Result<(), IllegalMove> {
        Err(IllegalMove::WrongGame { expected: self.game() })
    }

    /// Stones still in hand.
    fn cash(&self) -> u8;

    /// Stage `Step`: the legal next cells.
    fn step_options(&self) -> Vec<StepOption>;

    /// Steps to `cell` and drops `drop` stones there (always 1 in Intermedium).
    fn step(&mut self, cell: Cell, drop: u32) -> Result<(), IllegalMove>;

    /// The cells stepped on so far with their drops, in order.
    fn path(&self) -> Vec<(Cell, u8)>;

    /// Cells captured once the sowing is complete (file-then-rank order).
    fn captured(&self) -> Vec<Cell>;

    /// Stage `Place`: captured stones not yet put back.
    fn to_place(&self) -> u32 {
        0
    }

    /// Stage `Place`: the cells that may receive stones.
    fn place_options(&self) -> Vec<Cell> {
        Vec::new()
    }

    /// Stage `Place`: the fewest and most stones `cell` may receive now
    /// (near 255 a cell may take fewer than all the stones left).
    fn place_range(&self, _cell: Cell) -> Option<(u32, u32)> {
        None
    }

    /// Stage `Place`: puts `n` captured stones back on `cell`.
    fn place(&mut self, _cell: Cell, _n: u32) -> Result<(), IllegalMove> {
        Err(IllegalMove::WrongGame { expected: self.game() })
    }

    /// Takes back the last choice (a placement, a step, the pick-up count or
    /// the origin). `false` if there was nothing to take back.
    fn undo(&mut self) -> bool;

    /// The board as the move stands so far (for drawing a move in progress).
    fn board(&self) -> Board;

    /// The finished move and its result, once the stage is `Done`.
    fn finish(&self) -> Option<Transition>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_names_are_the_wasm_apis() {
        let names =
            [Stage::Origin, Stage::Count, Stage::Step, Stage::Place, Stage::Done].map(Stage::name);
        assert_eq!(names, ["origin", "count", "step", "place", "done"]);
    }

    #[test]
    fn step_drops_are_the_partial_range_plus_everything() {
        let option = |max_drop, max_partial| StepOption {
            cell: "c3".parse().unwrap(),
            max_drop,
            max_partial,
        };
        assert_eq!(option(5, 2).drops(), vec![1, 2, 5]);
        assert_eq!(option(3, 3).drops(), vec![1, 2, 3]);
        assert_eq!(option(4, 0).drops(), vec![4]);
        assert!(option(5, 2).allows(5) && option(5, 2).allows(1) && !option(5, 2).allows(3));
    }
}
