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

/// A set of drop sizes, 1 to 255 (one bit each): on set-ups of more than
/// 255 stones the drops that can be completed need not be a range (a drop
/// of 1 may dead-end where 2 to 5 go on), so a step option holds a set.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DropSet([u64; 4]);

impl DropSet {
    /// The drops `low..=high` (those outside 1..=255 left out).
    pub fn range(low: u32, high: u32) -> DropSet {
        let (low, high) = (low.max(1), high.min(255));
        let mut set = DropSet::default();
        if low > high {
            return set;
        }
        // Bits low..=high of each 64-bit word, without a loop over drops.
        for (w, word) in set.0.iter_mut().enumerate() {
            let (first, last) = (w as u32 * 64, w as u32 * 64 + 63);
            if high < first || low > last {
                continue;
            }
            let (a, b) = (low.max(first) - first, high.min(last) - first);
            *word = (u64::MAX >> (63 - b)) & (u64::MAX << a);
        }
        set
    }

    /// Adds `d` (ignored outside 1..=255).
    pub fn insert(&mut self, d: u32) {
        if (1..=255).contains(&d) {
            self.0[d as usize / 64] |= 1 << (d % 64);
        }
    }

    /// Takes `d` out.
    pub fn remove(&mut self, d: u32) {
        if d <= 255 {
            self.0[d as usize / 64] &= !(1 << (d % 64));
        }
    }

    pub fn contains(&self, d: u32) -> bool {
        d <= 255 && self.0[d as usize / 64] & (1 << (d % 64)) != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The drops, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                let b = (bits != 0).then(|| bits.trailing_zeros())?;
                bits &= bits - 1;
                Some((w as u32 * 64 + b) as u8)
            })
        })
    }
}

impl Debug for DropSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// A legal next cell, with every drop allowed there: exactly the drops
/// after which the move can still be completed. In Cash in Hand on a board
/// of at most 255 stones they are `1..=p` (the drops that leave cash able to
/// step on) plus all the cash; over 255 stones any set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StepOption {
    pub cell: Cell,
    pub allowed: DropSet,
}

impl StepOption {
    /// Whether dropping `d` stones here is allowed.
    pub fn allows(&self, d: u32) -> bool {
        self.allowed.contains(d)
    }

    /// Every allowed drop, ascending (never empty for an offered cell).
    pub fn drops(&self) -> Vec<u8> {
        self.allowed.iter().collect()
    }

    /// The largest allowed drop: all the cash in hand when that is allowed.
    pub fn most(&self) -> u8 {
        self.allowed.iter().last().unwrap_or(0)
    }
}

/// The checks every game's builder makes ahead of taking `cell` as the
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
pub trait BuildSteps {
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
        self.place_choices().into_iter().map(|(c, _)| c).collect()
    }

    /// Stage `Place`: each cell that may receive stones, with the fewest and
    /// most it may take at this stage (`place_range`), in `place_options`' order.
    fn place_choices(&self) -> Vec<(Cell, (u32, u32))> {
        Vec::new()
    }

    /// Stage `Place`: the fewest and most stones `cell` may receive at this stage
    /// (near 255 a cell may take fewer than all the stones left).
    fn place_range(&self, _cell: Cell) -> Option<(u32, u32)> {
        None
    }

    /// Stage `Place`: puts `n` captured stones back on `cell`.
    fn place(&mut self, _cell: Cell, _n: u32) -> Result<(), IllegalMove> {
        Err(IllegalMove::WrongGame { expected: self.game() })
    }

    /// Takes back the last choice (a placement, a step, the pick-up count or
    /// the origin). `false` if there is nothing to take back.
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
    fn drop_sets_hold_any_drops_from_1_to_255() {
        let mut set = DropSet::range(0, 3);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![1, 2, 3]);
        set.insert(255);
        set.insert(256);
        set.insert(0);
        set.remove(2);
        set.insert(2);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![1, 2, 3, 255]);
        assert!(set.contains(255) && !set.contains(256) && !set.contains(0) && !set.contains(4));
        assert!(DropSet::range(5, 4).is_empty() && !set.is_empty());
        let wide = DropSet::range(60, 200);
        assert_eq!(wide.iter().collect::<Vec<_>>(), (60..=200).collect::<Vec<u8>>());
        assert_eq!(DropSet::range(1, 300).iter().count(), 255);
        assert_eq!(format!("{set:?}"), "{1, 2, 3, 255}");
        let option = StepOption { cell: "c3".parse().unwrap(), allowed: DropSet::range(2, 5) };
        assert_eq!(option.drops(), vec![2, 3, 4, 5]);
        assert!(option.allows(2) && !option.allows(1) && !option.allows(6));
        assert_eq!(option.most(), 5);
    }
}
