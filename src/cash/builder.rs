//! The Cash in Hand move builder: origin, pick-up count, each step with its
//! drop, then the placement of captured stones. Every choice it offers can be
//! completed into a legal move, and (on any board of at most 255 stones,
//! which includes every game from the start) every choice that can be
//! completed is offered. Wrong input is refused with the same error
//! `validate` gives, and changes nothing.

use super::capture::{captures, receivers, remove};
use super::complete::{finishing_drops, overflow_possible, pick_up_possible, PickUps, Sowing};
use super::sowing::{
    bit, can_leave, cash_needed, has_first_step, least_cash_to_leave, max_partial, step_error,
    Visited,
};
use super::validate::check_pick_up;
use super::CashInHand;
use crate::board::{Board, Cell};
use crate::errors::IllegalMove;
use crate::game_rules::GameRules;
use crate::moves::CashMove;
use crate::position::Position;
use crate::stages::{check_origin_basics, BuildSteps, DropSet, Stage, StepOption};
use crate::transition::Transition;
use crate::variant::{GameKind, RuleOptions};

/// A Cash in Hand move under construction. The choices made are the origin,
/// the count, the path and the placements; the rest is derived from them.
#[derive(Clone, Debug)]
pub struct Builder {
    position: Position,
    rules: RuleOptions,
    origin: Option<Cell>,
    count: Option<u8>,
    path: Vec<(Cell, u8)>,
    placements: Vec<(Cell, u32)>,
    // Derived by `refresh`:
    cash: u32,
    visited: Visited,
    /// Once the sowing is complete: the captures.
    captured: Vec<Cell>,
    captured_stones: u32,
    /// Boxed to keep the builder (and `MoveBuilder`) small.
    boards: Box<Boards>,
    /// `overflow_possible` of the position, asked once (it sums the board)
    /// rather than per cell and per target.
    overflow: bool,
}

/// The boards a move under way passes through.
#[derive(Clone, Debug)]
struct Boards {
    /// After the pick-up and the drops so far.
    sown: Board,
    /// After the captures (the same as `sown` until the sowing is complete).
    after_capture: Board,
}

impl Builder {
    /// A builder for the side to move in `pos` (nothing chosen yet).
    pub fn new(pos: &Position, rules: &RuleOptions) -> Builder {
        Builder {
            position: *pos,
            rules: *rules,
            origin: None,
            count: None,
            path: Vec::new(),
            placements: Vec::new(),
            cash: 0,
            visited: 0,
            captured: Vec::new(),
            captured_stones: 0,
            boards: Box::new(Boards { sown: pos.board, after_capture: pos.board }),
            overflow: overflow_possible(pos),
        }
    }

    /// Recomputes the derived fields from the choices.
    fn refresh(&mut self) {
        let pos = &self.position;
        let g = pos.board.geometry();
        self.boards.sown = pos.board;
        self.cash = 0;
        self.visited = 0;
        self.captured.clear();
        self.captured_stones = 0;
        let (Some(origin), Some(count)) = (self.origin, self.count) else {
            self.boards.after_capture = self.boards.sown;
            return;
        };
        self.boards.sown.set(origin, pos.board.get(origin) - count);
        self.visited = bit(g, origin);
        self.cash = count as u32;
        for &(cell, d) in &self.path {
            // Each drop is checked against 255 as it is made.
            self.boards.sown.set(cell, self.boards.sown.get(cell) + d);
            self.visited |= bit(g, cell);
            self.cash -= d as u32;
        }
        self.boards.after_capture = self.boards.sown;
        if self.cash == 0 {
            self.captured = captures(&self.boards.sown, pos.side_to_move);
            self.captured_stones = remove(&mut self.boards.after_capture, &self.captured);
        }
    }

    fn stack(&self, cell: Cell) -> u32 {
        self.position.board.get(cell) as u32
    }

    fn origin_possible(&self, cell: Cell) -> bool {
        let n = self.stack(cell);
        if !self.overflow {
            // Picking up everything is the most permissive pick-up.
            return pick_up_possible(&self.position, cell, n);
        }
        // Fewer stones than the cheapest first step never start a move.
        let Some(least) = self.least_first_step(cell) else { return false };
        let pick_ups = PickUps::new(&self.position, cell);
        (least..=n).any(|k| pick_ups.possible(k))
    }

    /// The least pick-up from `origin` with a legal first step, if any.
    fn least_first_step(&self, origin: Cell) -> Option<u32> {
        let visited = bit(self.position.board.geometry(), origin);
        least_cash_to_leave(&self.position.board, origin, visited)
    }

    fn at(&self) -> Option<Cell> {
        self.path.last().map(|&(c, _)| c).or(self.origin)
    }

    /// The sowing as it stands (origin lowered, drops made so far).
    fn sowing(&self) -> Sowing {
        Sowing { board: self.boards.sown, cash: self.cash, visited: self.visited }
    }

    /// Whether dropping `d` on `to` (a legal step) leaves a finishable move.
    fn drop_completable(&self, to: Cell, d: u32) -> bool {
        finishing_drops(&self.position, &self.sowing(), to, DropSet::range(d, d)).contains(d)
    }

    /// The room (up to 255) on the cells that may still receive stones:
    /// occupied after the captures and not yet given any.
    fn free_room(&self) -> u32 {
        let board = &self.boards.after_capture;
        let placed = |c: Cell| self.placements.iter().any(|&(p, _)| p == c);
        // Any order will do for a sum: the cells directly, not `receivers`' list.
        board
            .geometry()
            .cells()
            .filter(|&c| board.is_occupied(c) && !placed(c))
            .map(|c| 255 - board.get(c) as u32)
            .sum()
    }

    /// `place_range`, given the free room (see `free_room`), which is only
    /// needed where a placement could overflow.
    fn range_within(&self, cell: Cell, free_room: impl FnOnce() -> u32) -> Option<(u32, u32)> {
        let g = self.boards.after_capture.geometry();
        if self.stage() != Stage::Place
            || !g.contains(cell)
            || !self.boards.after_capture.is_occupied(cell)
            || self.placements.iter().any(|&(c, _)| c == cell)
        {
            return None;
        }
        let left = self.to_place();
        if !self.overflow {
            return Some((1, left));
        }
        let room = 255 - self.boards.after_capture.get(cell) as u32;
        // What the other free cells can still take, beyond this one.
        let others = free_room() - room;
        let low = left.saturating_sub(others).max(1);
        let high = left.min(room);
        (low <= high).then_some((low, high))
    }
}

impl BuildSteps for Builder {
    fn game(&self) -> GameKind {
        GameKind::CashInHand
    }

    fn clone_box(&self) -> Box<dyn BuildSteps> {
        Box::new(self.clone())
    }

    /// What the move needs next (see `Stage`).
    fn stage(&self) -> Stage {
        match (self.origin, self.count) {
            (None, _) => Stage::Origin,
            (Some(_), None) => Stage::Count,
            _ if self.cash > 0 => Stage::Step,
            _ if self.to_place() > 0 => Stage::Place,
            _ => Stage::Done,
        }
    }

    /// Own stacks from which a legal move starts (none once the game is over).
    fn origins(&self) -> Vec<Cell> {
        let pos = &self.position;
        // `status` would also judge whether the side has a legal move, which
        // is whether this very list is empty: ask only the other endings.
        if CashInHand.eliminated(pos).is_some() || self.rules.quiet_limit_reached(pos.quiet) {
            return Vec::new();
        }
        let colour = pos.side_to_move.colour();
        pos.board
            .geometry()
            .cells()
            .filter(|c| c.colour() == colour && pos.board.is_occupied(*c))
            .filter(|&c| self.origin_possible(c))
            .collect()
    }

    /// Chooses the origin (starting the move afresh if one is chosen already).
    fn select_origin(&mut self, cell: Cell) -> Result<(), IllegalMove> {
        let pos = &self.position;
        check_origin_basics(pos, CashInHand.status(pos, &self.rules), cell)?;
        if !self.origin_possible(cell) {
            let n = pos.board.get(cell);
            // Only near 255 stones can a stack with a first step still have no move.
            return Err(if has_first_step(&pos.board, cell, n as u32) {
                IllegalMove::NoLegalMoveFrom(cell)
            } else {
                IllegalMove::NoFirstStep { origin: cell, cash: n }
            });
        }
        *self = Builder::new(&self.position, &self.rules);
        self.origin = Some(cell);
        self.refresh();
        Ok(())
    }

    /// The origin chosen, if any.
    fn origin(&self) -> Option<Cell> {
        self.origin
    }

    /// The legal pick-up counts, ascending: those with a legal first step.
    fn count_options(&self) -> Vec<u8> {
        let Some(origin) = self.origin else { return Vec::new() };
        if self.stage() != Stage::Count {
            return Vec::new();
        }
        let n = self.stack(origin);
        if !self.overflow {
            // A pick-up can start iff its cash reaches the cheapest first step.
            return match self.least_first_step(origin) {
                Some(least) => (least..=n).map(|k| k as u8).collect(),
                None => Vec::new(),
            };
        }
        let Some(least) = self.least_first_step(origin) else { return Vec::new() };
        let pick_ups = PickUps::new(&self.position, origin);
        (least..=n).filter(|&k| pick_ups.possible(k)).map(|k| k as u8).collect()
    }

    /// Picks up `count` stones from the origin (stage `Count`).
    fn pick_up(&mut self, count: u32) -> Result<(), IllegalMove> {
        let Some(origin) = self.origin else { return Err(IllegalMove::NoOriginYet) };
        if self.stage() != Stage::Count {
            return Err(IllegalMove::WrongStage { action: "pick up" });
        }
        let k = check_pick_up(&self.position, origin, count)?;
        if !pick_up_possible(&self.position, origin, count) {
            return Err(IllegalMove::NoLegalMoveFrom(origin));
        }
        self.count = Some(k);
        self.refresh();
        Ok(())
    }

    /// Stones still in hand.
    fn cash(&self) -> u8 {
        self.cash as u8
    }

    /// The legal next cells with exactly the drops that can be finished (see `StepOption`).
    fn step_options(&self) -> Vec<StepOption> {
        let Some(at) = self.at() else { return Vec::new() };
        if self.stage() != Stage::Step {
            return Vec::new();
        }
        let board = &self.position.board;
        let g = board.geometry();
        let cash = self.cash;
        let mut options = Vec::new();
        for (dir, to) in g.diagonal(at) {
            if self.visited & bit(g, to) != 0 || cash_needed(board, at, dir) > cash {
                continue;
            }
            let partial = max_partial(board, to, cash, self.visited);
            // The drops that leave cash able to step on, and all the cash.
            let mut allowed = DropSet::range(1, partial);
            allowed.insert(cash);
            if self.overflow {
                // Some of them could overflow or dead-end, not necessarily
                // the largest or the smallest: keep those that finish.
                allowed = finishing_drops(&self.position, &self.sowing(), to, allowed);
            }
            if !allowed.is_empty() {
                options.push(StepOption { cell: to, allowed });
            }
        }
        options
    }

    /// Steps to `cell` and drops `drop` stones there (stage `Step`). Once
    /// the cash is spent the captures are judged: stage `Place` if there
    /// are any, `Done` otherwise.
    fn step(&mut self, cell: Cell, drop: u32) -> Result<(), IllegalMove> {
        let Some(at) = self.at() else { return Err(IllegalMove::NoOriginYet) };
        if self.stage() != Stage::Step {
            return Err(IllegalMove::WrongStage { action: "step" });
        }
        let board = &self.position.board;
        let step = self.path.len() + 1;
        if let Some(e) = step_error(board, step, at, cell, self.cash, self.visited) {
            return Err(e);
        }
        if drop == 0 {
            return Err(IllegalMove::ZeroDrop { step, cell });
        }
        let picked = self.count.unwrap_or(0);
        if drop > self.cash {
            let dropped = (picked as u32 - self.cash).saturating_add(drop);
            return Err(IllegalMove::DropsDontAddUp { dropped, picked });
        }
        if self.boards.sown.get(cell) as u32 + drop > 255 {
            return Err(IllegalMove::StackOverflow(cell));
        }
        let visited = self.visited | bit(board.geometry(), cell);
        let left = self.cash - drop;
        if left > 0 && !can_leave(board, cell, left, visited) {
            return Err(IllegalMove::Stuck { cell, cash: left as u8 });
        }
        if self.overflow && !self.drop_completable(cell, drop) {
            return Err(IllegalMove::NoLegalMoveFrom(cell));
        }
        self.path.push((cell, drop as u8));
        self.refresh();
        Ok(())
    }

    /// The steps so far with their drops, in order.
    fn path(&self) -> Vec<(Cell, u8)> {
        self.path.clone()
    }

    /// The cells the move captures, once the sowing is complete (file-then-rank order).
    fn captured(&self) -> Vec<Cell> {
        self.captured.clone()
    }

    /// Captured stones not yet put back.
    fn to_place(&self) -> u32 {
        self.captured_stones - self.placements.iter().map(|&(_, n)| n).sum::<u32>()
    }

    /// Stage `Place`: the occupied cells (after captures) not yet given stones
    /// and with room for one more, each with its range.
    fn place_choices(&self) -> Vec<(Cell, (u32, u32))> {
        if self.stage() != Stage::Place {
            return Vec::new();
        }
        // The free room once for all cells, not once per cell (and only
        // where it matters).
        let free_room = if self.overflow { self.free_room() } else { 0 };
        receivers(&self.boards.after_capture)
            .into_iter()
            .filter_map(|c| Some((c, self.range_within(c, || free_room)?)))
            .collect()
    }

    /// The numbers of stones that may go on `cell` at this stage, as (least, most), or
    /// `None` if it cannot take any. Without overflow it is `(1, to_place)`.
    fn place_range(&self, cell: Cell) -> Option<(u32, u32)> {
        self.range_within(cell, || self.free_room())
    }

    /// Puts `n` captured stones on `cell` (stage `Place`); `Done` once all
    /// are back.
    fn place(&mut self, cell: Cell, n: u32) -> Result<(), IllegalMove> {
        if self.stage() != Stage::Place {
            return Err(IllegalMove::WrongStage { action: "place stones" });
        }
        let g = self.boards.after_capture.geometry();
        if !g.contains(cell) {
            return Err(IllegalMove::OffBoard(cell));
        }
        if n == 0 {
            return Err(IllegalMove::PlaceZero(cell));
        }
        if self.placements.iter().any(|&(c, _)| c == cell) {
            return Err(IllegalMove::PlaceTwice(cell));
        }
        if !self.boards.after_capture.is_occupied(cell) {
            return Err(IllegalMove::PlaceOnEmpty(cell));
        }
        let left = self.to_place();
        if n > left {
            let placed = (self.captured_stones - left).saturating_add(n);
            return Err(IllegalMove::RedistributionSum { placed, captured: self.captured_stones });
        }
        if self.boards.after_capture.get(cell) as u32 + n > 255 {
            return Err(IllegalMove::StackOverflow(cell));
        }
        match self.place_range(cell) {
            Some((low, high)) if (low..=high).contains(&n) => {}
            _ => return Err(IllegalMove::NoLegalMoveFrom(cell)),
        }
        self.placements.push((cell, n));
        Ok(())
    }

    /// Takes back the last choice: a placement, a step, the count or the origin.
    fn undo(&mut self) -> bool {
        if self.placements.pop().is_some() {
            return true;
        }
        if self.path.pop().is_some() {
            self.refresh();
            return true;
        }
        if self.count.take().is_some() {
            self.refresh();
            return true;
        }
        if self.origin.take().is_some() {
            self.refresh();
            return true;
        }
        false
    }

    /// The board as the move stands: after the pick-up and the drops; once
    /// the sowing is complete, after the captures and the placements so far.
    fn board(&self) -> Board {
        if self.count.is_none() || self.cash > 0 {
            return self.boards.sown;
        }
        let mut board = self.boards.after_capture;
        for &(cell, n) in &self.placements {
            // `place` checked the room.
            board.set(cell, (board.get(cell) as u32 + n) as u8);
        }
        board
    }

    /// The finished move and its result, once the stage is `Done`.
    fn finish(&self) -> Option<Transition> {
        if self.stage() != Stage::Done {
            return None;
        }
        let mv = CashMove {
            origin: self.origin?,
            count: self.count? as u32,
            steps: self.path.iter().map(|&(c, d)| (c, d as u32)).collect(),
            captures: Some(self.captured.clone()),
            placements: self.placements.clone(),
        };
        super::validate::validate(&self.position, &mv).ok()
    }
}
