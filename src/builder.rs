//! Building a move one choice at a time, for a person clicking a board or an
//! AI sampling moves: `MoveBuilder` holds the builder of the position's game
//! (each game implements `BuildSteps`, see `stages.rs` for the stages). The
//! builder only ever offers choices that can still be completed into a
//! legal move, so a user interface driven by it never offers a click that
//! the rules then refuse.

use crate::board::{Board, Cell};
use crate::cash;
use crate::errors::IllegalMove;
use crate::intermedium;
use crate::position::Position;
use crate::stages::BuildSteps;
pub use crate::stages::{DropSet, Stage, StepOption};
use crate::transition::Transition;
use crate::variant::{GameKind, RuleOptions};
use std::fmt;

/// A move under construction, for either game.
pub struct MoveBuilder(Box<dyn BuildSteps>);

/// The game, the stage and the choices made. Written here rather than
/// required of every `BuildSteps`: a trait object's table would hold each
/// builder's `Debug` (and all it formats) in the wasm, used or not.
impl fmt::Debug for MoveBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveBuilder")
            .field("game", &self.0.game())
            .field("stage", &self.0.stage())
            .field("origin", &self.0.origin())
            .field("path", &self.0.path())
            .field("captured", &self.0.captured())
            .finish()
    }
}

impl Clone for MoveBuilder {
    fn clone(&self) -> MoveBuilder {
        MoveBuilder(self.0.clone_box())
    }
}

impl MoveBuilder {
    /// A builder for the side to move. If the game is over, `origins` is empty.
    pub fn new(pos: &Position, rules: &RuleOptions) -> MoveBuilder {
        MoveBuilder(match pos.game {
            GameKind::Intermedium => Box::new(intermedium::Builder::new(pos, rules)),
            GameKind::CashInHand => Box::new(cash::Builder::new(pos, rules)),
        })
    }

    pub fn stage(&self) -> Stage {
        self.0.stage()
    }

    /// Own stacks from which some legal move starts.
    pub fn origins(&self) -> Vec<Cell> {
        self.0.origins()
    }

    pub fn select_origin(&mut self, cell: Cell) -> Result<(), IllegalMove> {
        self.0.select_origin(cell)
    }

    pub fn origin(&self) -> Option<Cell> {
        self.0.origin()
    }

    /// Cash in Hand, stage `Count`: the legal pick-up counts, ascending.
    pub fn count_options(&self) -> Vec<u8> {
        self.0.count_options()
    }

    pub fn pick_up(&mut self, count: u32) -> Result<(), IllegalMove> {
        self.0.pick_up(count)
    }

    /// Stones still in hand.
    pub fn cash(&self) -> u8 {
        self.0.cash()
    }

    /// Stage `Step`: the legal next cells.
    pub fn step_options(&self) -> Vec<StepOption> {
        self.0.step_options()
    }

    /// Steps to `cell` and drops `drop` stones there (always 1 in Intermedium).
    pub fn step(&mut self, cell: Cell, drop: u32) -> Result<(), IllegalMove> {
        self.0.step(cell, drop)
    }

    /// The cells stepped on so far with their drops, in order.
    pub fn path(&self) -> Vec<(Cell, u8)> {
        self.0.path()
    }

    /// Cells captured once the sowing is complete (file-then-rank order).
    pub fn captured(&self) -> Vec<Cell> {
        self.0.captured()
    }

    /// Cash in Hand, stage `Place`: captured stones not yet put back.
    pub fn to_place(&self) -> u32 {
        self.0.to_place()
    }

    /// Cash in Hand, stage `Place`: the cells that may receive stones.
    pub fn place_options(&self) -> Vec<Cell> {
        self.0.place_options()
    }

    /// Cash in Hand, stage `Place`: each cell that may receive stones, with
    /// the fewest and most it may take at this stage (one pass, for a view of them all).
    pub fn place_choices(&self) -> Vec<(Cell, (u32, u32))> {
        self.0.place_choices()
    }

    /// Cash in Hand, stage `Place`: the fewest and most stones `cell` may take at this stage.
    pub fn place_range(&self, cell: Cell) -> Option<(u32, u32)> {
        self.0.place_range(cell)
    }

    pub fn place(&mut self, cell: Cell, n: u32) -> Result<(), IllegalMove> {
        self.0.place(cell, n)
    }

    /// Takes back the last choice (a placement, a step, the pick-up count or
    /// the origin). `false` if there is nothing to take back.
    pub fn undo(&mut self) -> bool {
        self.0.undo()
    }

    /// The board as the move stands so far (for drawing a move in progress).
    pub fn board(&self) -> Board {
        self.0.board()
    }

    /// The finished move and its result, once the stage is `Done`.
    pub fn finish(&self) -> Option<Transition> {
        self.0.finish()
    }
}
