//! The Intermedium move builder: choose an origin, then each next cell.
//! Only steps that can still end in a legal move are offered.

use super::complete::{can_complete, Partial};
use super::sowing::{effect, transition, validate, Drops};
use super::Intermedium;
use crate::board::{Board, Cell, Diagonal};
use crate::errors::IllegalMove;
use crate::game_rules::GameRules;
use crate::moves::SowMove;
use crate::position::Position;
use crate::stages::{check_origin_basics, BuildSteps, DropSet, Stage, StepOption};
use crate::transition::{sorted, Transition};
use crate::variant::{GameKind, RuleOptions};

/// An Intermedium move under construction: the origin and the path so far.
#[derive(Clone, Debug)]
pub struct Builder {
    position: Position,
    rules: RuleOptions,
    origin: Option<Cell>,
    path: Vec<Cell>,
}

impl Builder {
    pub fn new(pos: &Position, rules: &RuleOptions) -> Builder {
        Builder { position: *pos, rules: *rules, origin: None, path: Vec::new() }
    }

    fn stones(&self) -> usize {
        self.origin.map_or(0, |o| self.position.board.get(o) as usize)
    }

    fn drops(&self) -> Drops {
        let g = self.position.board.geometry();
        let mut drops: Drops = [0; 40];
        for &c in &self.path {
            drops[g.index(c) / 2] += 1;
        }
        drops
    }

    fn completable(&self, origin: Cell, path: &[Cell], drops: &Drops) -> bool {
        let at = path.last().copied().unwrap_or(origin);
        let last = match path.len() {
            0 => None,
            1 => Diagonal::between(origin, path[0]),
            k => Diagonal::between(path[k - 2], path[k - 1]),
        };
        let remaining = self.position.board.get(origin) as usize - path.len();
        can_complete(&self.position, &self.rules, &Partial { origin, at, last, remaining, drops })
    }

    fn why_not_completable(&self, cell: Cell) -> IllegalMove {
        if self.rules.first_move_rule && self.position.move_number == 1 {
            IllegalMove::FirstMoveRule
        } else {
            IllegalMove::NoLegalMoveFrom(cell)
        }
    }

    /// Off board, not diagonal or a reversal, for the last cell of `path`.
    fn step_shape_error(&self, origin: Cell, path: &[Cell]) -> Option<IllegalMove> {
        let step = path.len();
        let to = path[step - 1];
        let from = if step == 1 { origin } else { path[step - 2] };
        if !self.position.board.geometry().contains(to) {
            return Some(IllegalMove::OffBoard(to));
        }
        let dir = match Diagonal::between(from, to) {
            Some(d) => d,
            None => return Some(IllegalMove::NotDiagonal { step, from, to }),
        };
        let before =
            if step >= 2 { Some(if step == 2 { origin } else { path[step - 3] }) } else { None };
        if let Some(b) = before {
            if Diagonal::between(b, from) == Some(dir.reverse()) {
                return Some(IllegalMove::Reversal { step });
            }
        }
        None
    }
}

impl BuildSteps for Builder {
    fn game(&self) -> GameKind {
        GameKind::Intermedium
    }

    fn clone_box(&self) -> Box<dyn BuildSteps> {
        Box::new(self.clone())
    }

    fn stage(&self) -> Stage {
        match self.origin {
            None => Stage::Origin,
            Some(_) if self.path.len() < self.stones() => Stage::Step,
            Some(_) => Stage::Done,
        }
    }

    /// Own stacks of 2 or more from which a legal move can be completed
    /// (none once the game is over).
    fn origins(&self) -> Vec<Cell> {
        // `status` would also judge whether the side has a legal move, which
        // is whether this very list is empty: ask only the other endings.
        let pos = &self.position;
        if Intermedium.eliminated(pos).is_some() || self.rules.quiet_limit_reached(pos.quiet) {
            return Vec::new();
        }
        let g = self.position.board.geometry();
        let colour = self.position.side_to_move.colour();
        g.cells()
            .filter(|&c| c.colour() == colour && self.position.board.get(c) >= 2)
            .filter(|&c| self.completable(c, &[], &[0; 40]))
            .collect()
    }

    /// Chooses the origin; mid-move, a valid origin starts the move afresh
    /// from it (an invalid one changes nothing).
    fn select_origin(&mut self, cell: Cell) -> Result<(), IllegalMove> {
        let pos = &self.position;
        check_origin_basics(pos, Intermedium.status(pos, &self.rules), cell)?;
        let n = pos.board.get(cell);
        if n < 2 {
            return Err(IllegalMove::StackTooSmall { cell, count: n });
        }
        if !self.completable(cell, &[], &[0; 40]) {
            return Err(self.why_not_completable(cell));
        }
        self.origin = Some(cell);
        self.path.clear();
        Ok(())
    }

    fn origin(&self) -> Option<Cell> {
        self.origin
    }

    /// Stones still to sow.
    fn cash(&self) -> u8 {
        (self.stones() - self.path.len()) as u8
    }

    fn step_options(&self) -> Vec<StepOption> {
        let Some(origin) = self.origin else { return Vec::new() };
        if self.stage() != Stage::Step {
            return Vec::new();
        }
        let g = self.position.board.geometry();
        let at = self.path.last().copied().unwrap_or(origin);
        let mut options = Vec::new();
        for (_, to) in g.diagonal(at) {
            let mut path = self.path.clone();
            path.push(to);
            if self.step_shape_error(origin, &path).is_some() {
                continue;
            }
            let mut drops = self.drops();
            drops[g.index(to) / 2] += 1;
            if self.completable(origin, &path, &drops) {
                options.push(StepOption { cell: to, allowed: DropSet::range(1, 1) });
            }
        }
        options
    }

    fn step(&mut self, cell: Cell, drop: u32) -> Result<(), IllegalMove> {
        let Some(origin) = self.origin else {
            return Err(IllegalMove::NoOriginYet);
        };
        if self.stage() != Stage::Step {
            return Err(IllegalMove::WrongPathLength {
                cells: self.path.len() + 1,
                stones: self.stones() as u8,
            });
        }
        let mut path = self.path.clone();
        path.push(cell);
        if let Some(e) = self.step_shape_error(origin, &path) {
            return Err(e);
        }
        if drop != 1 {
            return Err(IllegalMove::WrongDrop { step: path.len(), drop });
        }
        let g = self.position.board.geometry();
        let mut drops = self.drops();
        drops[g.index(cell) / 2] += 1;
        if !self.completable(origin, &path, &drops) {
            return Err(self.why_not_completable(cell));
        }
        self.path = path;
        Ok(())
    }

    fn path(&self) -> Vec<(Cell, u8)> {
        self.path.iter().map(|&c| (c, 1)).collect()
    }

    /// Captures the finished move makes (empty until it is finished).
    fn captured(&self) -> Vec<Cell> {
        match (self.stage(), self.origin) {
            (Stage::Done, Some(origin)) => {
                let last = *self.path.last().expect("a finished path has cells");
                effect(&self.position, &self.rules, origin, &self.drops(), last)
                    .map(|e| sorted(e.captured))
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }

    fn undo(&mut self) -> bool {
        if self.path.pop().is_some() {
            return true;
        }
        self.origin.take().is_some()
    }

    /// The board with the stones sown so far (captures not yet applied).
    fn board(&self) -> Board {
        let mut board = self.position.board;
        if let Some(origin) = self.origin {
            board.set(origin, 0);
            for &c in &self.path {
                board.set(c, board.get(c).saturating_add(1));
            }
        }
        board
    }

    fn finish(&self) -> Option<Transition> {
        if self.stage() != Stage::Done {
            return None;
        }
        let mv = SowMove { origin: self.origin?, path: self.path.clone() };
        let effect = validate(&self.position, &self.rules, &mv).ok()?;
        Some(transition(&self.position, mv, effect))
    }
}
