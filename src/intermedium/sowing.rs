//! What an Intermedium sowing does (docs/RULES.md section 2): drops applied,
//! the first-move rule, captures and the city; a written move checked step
//! by step.

use crate::board::{Board, Cell, Diagonal, MAX_CELLS};
use crate::errors::IllegalMove;
use crate::moves::{Move, SowMove};
use crate::position::Position;
use crate::transition::{sorted, Transition};
use crate::variant::{EndReason, Outcome, RuleOptions, Side};

/// Whether sowing the whole stack on `origin` could take some other cell of
/// its colour past 255 stones (the walks of `threat` and `complete` assume
/// it cannot; where it can, they judge finished paths in full).
pub(crate) fn overflow_risk(pos: &Position, origin: Cell) -> bool {
    let n = pos.board.get(origin) as u16;
    let g = pos.board.geometry();
    g.cells()
        .any(|c| c.colour() == origin.colour() && c != origin && pos.board.get(c) as u16 + n > 255)
}

/// Blue's city (`d1`) and Red's city (`d10`).
pub fn city(side: Side) -> Cell {
    match side {
        Side::First => Cell::new(3, 0),
        Side::Second => Cell::new(3, 9),
    }
}

/// Drops per cell of one colour. Cells of one colour have distinct `index / 2`
/// on any board, so 40 slots cover the largest board's 80 cells.
pub(crate) type Drops = [u8; MAX_CELLS / 2];

/// What a sowing does once its drops and last cell are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Effect {
    pub board: Board,
    pub captured: Vec<Cell>,
    pub city_captured: bool,
}

/// Applies the drops (origin already emptied) and judges captures.
/// `Err` if a cell would overflow or the first-move rule is not met.
pub(crate) fn effect(
    pos: &Position,
    rules: &RuleOptions,
    origin: Cell,
    drops: &Drops,
    last: Cell,
) -> Result<Effect, IllegalMove> {
    let g = pos.board.geometry();
    let mover = pos.side_to_move;
    let mut board = pos.board;
    board.set(origin, 0);
    let mut hit_empty = false;
    // Slot s holds the drops of whichever of cells 2s and 2s+1 has the origin's colour.
    let same_colour_index = |slot: usize| {
        let i = slot * 2;
        if g.cell(i).colour() == origin.colour() {
            i
        } else {
            i + 1
        }
    };
    for (slot, &d) in drops.iter().enumerate() {
        if d == 0 {
            continue;
        }
        let cell = g.cell(same_colour_index(slot));
        if cell != origin && pos.board.get(cell) == 0 {
            hit_empty = true;
        }
        let n = board.get(cell) as u16 + d as u16;
        if n > 255 {
            return Err(IllegalMove::StackOverflow(cell));
        }
        board.set(cell, n as u8);
    }
    if rules.first_move_rule && pos.move_number == 1 && !hit_empty {
        return Err(IllegalMove::FirstMoveRule);
    }
    let mut captured = Vec::new();
    let mut city_captured = false;
    // The capture rule fires only when the last stone joins exactly one stone.
    if board.get(last) == 2 {
        let enemy_city = city(mover.opponent());
        for n in g.orthogonal(last) {
            if !board.surrounded(n) {
                continue;
            }
            if board.is_occupied(n) {
                captured.push(n);
            }
            if n == enemy_city {
                city_captured = true;
            }
        }
        for &c in &captured {
            board.set(c, 0);
        }
    }
    Ok(Effect { board, captured, city_captured })
}

/// Checks a written move step by step and returns what it does.
pub(crate) fn validate(
    pos: &Position,
    rules: &RuleOptions,
    mv: &SowMove,
) -> Result<Effect, IllegalMove> {
    let g = pos.board.geometry();
    for &c in std::iter::once(&mv.origin).chain(&mv.path) {
        if !g.contains(c) {
            return Err(IllegalMove::OffBoard(c));
        }
    }
    let origin = mv.origin;
    if pos.owner(origin) != pos.side_to_move {
        return Err(IllegalMove::NotYourStack { cell: origin });
    }
    let n = pos.board.get(origin);
    if n == 0 {
        return Err(IllegalMove::EmptyOrigin(origin));
    }
    if n < 2 {
        return Err(IllegalMove::StackTooSmall { cell: origin, count: n });
    }
    if mv.path.len() != n as usize {
        return Err(IllegalMove::WrongPathLength { cells: mv.path.len(), stones: n });
    }
    let mut drops: Drops = [0; MAX_CELLS / 2];
    let mut from = origin;
    let mut prev: Option<Diagonal> = None;
    for (i, &to) in mv.path.iter().enumerate() {
        let step = i + 1;
        let dir = Diagonal::between(from, to).ok_or(IllegalMove::NotDiagonal { step, from, to })?;
        if prev == Some(dir.reverse()) {
            return Err(IllegalMove::Reversal { step });
        }
        let slot = &mut drops[g.index(to) / 2];
        *slot = slot.saturating_add(1);
        prev = Some(dir);
        from = to;
    }
    effect(pos, rules, origin, &drops, from)
}

/// The move with the position after it and the result it causes itself (a
/// city capture); later checks on the new position (no moves, quiet limit)
/// are the caller's.
pub(crate) fn transition(pos: &Position, mv: SowMove, effect: Effect) -> Transition {
    let mut next = *pos;
    next.board = effect.board;
    next.finish_ply(!effect.captured.is_empty());
    Transition {
        mv: Move::Sow(mv),
        position: next,
        decisive: effect
            .city_captured
            .then(|| Outcome::win(pos.side_to_move, EndReason::CityCaptured)),
        captured_stones: effect.captured.iter().map(|&c| pos.board.get(c) as u32).sum(),
        captured: sorted(effect.captured),
    }
}
