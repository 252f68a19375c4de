//! Building a move one choice at a time, for a person clicking a board or an
//! AI sampling moves. The builder only ever offers choices that can still be
//! completed into a legal move, so a user interface driven by it never
//! offers a click that the rules then refuse.
//!
//! Stages: `Origin` (choose an own stack) -> `Count` (Cash in Hand: how many
//! stones to pick up) -> `Step` (choose each next cell and, in Cash in Hand,
//! the drop there) -> `Place` (Cash in Hand: put captured stones back) -> `Done`.

use crate::board::{Board, Cell};
use crate::cash;
use crate::errors::IllegalMove;
use crate::intermedium;
use crate::play::Transition;
use crate::position::Position;
use crate::variant::{GameKind, Rules};

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
/// origin: the game goes on, the cell is on the board, holds stones, and is
/// the mover's.
pub(crate) fn check_origin_basics(
    pos: &Position,
    rules: &Rules,
    cell: Cell,
) -> Result<(), IllegalMove> {
    if let Some(outcome) = pos.status(rules) {
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

/// A move under construction, for either game.
#[derive(Clone, Debug)]
pub enum MoveBuilder {
    Sow(intermedium::Builder),
    Cash(cash::Builder),
}

impl MoveBuilder {
    /// A builder for the side to move. If the game is over, `origins` is empty.
    pub fn new(pos: &Position, rules: &Rules) -> MoveBuilder {
        match pos.game {
            GameKind::Intermedium => MoveBuilder::Sow(intermedium::Builder::new(pos, rules)),
            GameKind::CashInHand => MoveBuilder::Cash(cash::Builder::new(pos, rules)),
        }
    }

    pub fn stage(&self) -> Stage {
        match self {
            MoveBuilder::Sow(b) => b.stage(),
            MoveBuilder::Cash(b) => b.stage(),
        }
    }

    /// Own stacks from which some legal move starts.
    pub fn origins(&self) -> Vec<Cell> {
        match self {
            MoveBuilder::Sow(b) => b.origins(),
            MoveBuilder::Cash(b) => b.origins(),
        }
    }

    pub fn select_origin(&mut self, cell: Cell) -> Result<(), IllegalMove> {
        match self {
            MoveBuilder::Sow(b) => b.select_origin(cell),
            MoveBuilder::Cash(b) => b.select_origin(cell),
        }
    }

    pub fn origin(&self) -> Option<Cell> {
        match self {
            MoveBuilder::Sow(b) => b.origin(),
            MoveBuilder::Cash(b) => b.origin(),
        }
    }

    /// Cash in Hand, stage `Count`: the legal pick-up counts, ascending.
    pub fn count_options(&self) -> Vec<u8> {
        match self {
            MoveBuilder::Sow(_) => Vec::new(),
            MoveBuilder::Cash(b) => b.count_options(),
        }
    }

    pub fn pick_up(&mut self, count: u32) -> Result<(), IllegalMove> {
        match self {
            MoveBuilder::Sow(_) => Err(IllegalMove::WrongGame { expected: GameKind::Intermedium }),
            MoveBuilder::Cash(b) => b.pick_up(count),
        }
    }

    /// Stones still in hand.
    pub fn cash(&self) -> u8 {
        match self {
            MoveBuilder::Sow(b) => b.cash(),
            MoveBuilder::Cash(b) => b.cash(),
        }
    }

    /// Stage `Step`: the legal next cells.
    pub fn step_options(&self) -> Vec<StepOption> {
        match self {
            MoveBuilder::Sow(b) => b.step_options(),
            MoveBuilder::Cash(b) => b.step_options(),
        }
    }

    /// Steps to `cell` and drops `drop` stones there (always 1 in Intermedium).
    pub fn step(&mut self, cell: Cell, drop: u32) -> Result<(), IllegalMove> {
        match self {
            MoveBuilder::Sow(b) => b.step(cell, drop),
            MoveBuilder::Cash(b) => b.step(cell, drop),
        }
    }

    /// The cells stepped on so far with their drops, in order.
    pub fn path(&self) -> Vec<(Cell, u8)> {
        match self {
            MoveBuilder::Sow(b) => b.path(),
            MoveBuilder::Cash(b) => b.path(),
        }
    }

    /// Cells captured once the sowing is complete (file-then-rank order).
    pub fn captured(&self) -> Vec<Cell> {
        match self {
            MoveBuilder::Sow(b) => b.captured(),
            MoveBuilder::Cash(b) => b.captured().to_vec(),
        }
    }

    /// Cash in Hand, stage `Place`: captured stones not yet put back.
    pub fn to_place(&self) -> u32 {
        match self {
            MoveBuilder::Sow(_) => 0,
            MoveBuilder::Cash(b) => b.to_place(),
        }
    }

    /// Cash in Hand, stage `Place`: the cells that may receive stones.
    pub fn place_options(&self) -> Vec<Cell> {
        match self {
            MoveBuilder::Sow(_) => Vec::new(),
            MoveBuilder::Cash(b) => b.place_options(),
        }
    }

    pub fn place(&mut self, cell: Cell, n: u32) -> Result<(), IllegalMove> {
        match self {
            MoveBuilder::Sow(_) => Err(IllegalMove::WrongGame { expected: GameKind::Intermedium }),
            MoveBuilder::Cash(b) => b.place(cell, n),
        }
    }

    /// Takes back the last choice (a placement, a step, the pick-up count or
    /// the origin). `false` if there was nothing to take back.
    pub fn undo(&mut self) -> bool {
        match self {
            MoveBuilder::Sow(b) => b.undo(),
            MoveBuilder::Cash(b) => b.undo(),
        }
    }

    /// The board as the move stands so far (for drawing a move in progress).
    pub fn board(&self) -> Board {
        match self {
            MoveBuilder::Sow(b) => b.board(),
            MoveBuilder::Cash(b) => b.board(),
        }
    }

    /// The finished move and its result, once the stage is `Done`.
    pub fn finish(&self) -> Option<Transition> {
        match self {
            MoveBuilder::Sow(b) => b.finish(),
            MoveBuilder::Cash(b) => b.finish(),
        }
    }
}
