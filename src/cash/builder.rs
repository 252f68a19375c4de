//! PLACEHOLDER for the Cash in Hand move builder (issue 3): the signatures are
//! the contract `crate::builder::MoveBuilder` relies on; the bodies refuse.

use crate::board::{Board, Cell};
use crate::builder::{Stage, StepOption};
use crate::errors::IllegalMove;
use crate::play::Transition;
use crate::position::Position;
use crate::variant::Rules;

#[derive(Clone, Debug)]
pub struct Builder {
    position: Position,
}

impl Builder {
    pub fn new(pos: &Position, _rules: &Rules) -> Builder {
        Builder { position: *pos }
    }
    pub fn stage(&self) -> Stage {
        Stage::Origin
    }
    pub fn origins(&self) -> Vec<Cell> {
        Vec::new()
    }
    pub fn select_origin(&mut self, cell: Cell) -> Result<(), IllegalMove> {
        Err(IllegalMove::EmptyOrigin(cell))
    }
    pub fn origin(&self) -> Option<Cell> {
        None
    }
    pub fn count_options(&self) -> Vec<u8> {
        Vec::new()
    }
    pub fn pick_up(&mut self, _count: u32) -> Result<(), IllegalMove> {
        Err(IllegalMove::PickUpZero)
    }
    pub fn cash(&self) -> u8 {
        0
    }
    pub fn step_options(&self) -> Vec<StepOption> {
        Vec::new()
    }
    pub fn step(&mut self, _cell: Cell, _drop: u32) -> Result<(), IllegalMove> {
        Err(IllegalMove::PickUpZero)
    }
    pub fn path(&self) -> Vec<(Cell, u8)> {
        Vec::new()
    }
    pub fn captured(&self) -> &[Cell] {
        &[]
    }
    pub fn to_place(&self) -> u32 {
        0
    }
    pub fn place_options(&self) -> Vec<Cell> {
        Vec::new()
    }
    pub fn place(&mut self, cell: Cell, _n: u32) -> Result<(), IllegalMove> {
        Err(IllegalMove::PlaceOnEmpty(cell))
    }
    pub fn undo(&mut self) -> bool {
        false
    }
    pub fn board(&self) -> Board {
        self.position.board
    }
    pub fn finish(&self) -> Option<Transition> {
        None
    }
}
