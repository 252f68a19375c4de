//! Checking a written move, part by part, with one clear error per rule.

use super::capture::{captures, remove};
use super::parts::{transition, Parts};
use super::sowing::{bit, can_leave, has_first_step, step_error};
use crate::board::{Board, Cell};
use crate::errors::IllegalMove;
use crate::moves::CashMove;
use crate::position::Position;
use crate::sorting;
use crate::transition::Transition;

/// Adds `n` stones to `cell`, refusing to pass 255.
pub(crate) fn add(board: &mut Board, cell: Cell, n: u32) -> Result<(), IllegalMove> {
    let total = board.get(cell) as u32 + n;
    if total > 255 {
        return Err(IllegalMove::StackOverflow(cell));
    }
    board.set(cell, total as u8);
    Ok(())
}

/// The pick-up: origin on the board, own, occupied; 1..=stack stones; a
/// legal first step for that cash. Returns the stones picked up.
pub(crate) fn check_pick_up(pos: &Position, origin: Cell, count: u32) -> Result<u8, IllegalMove> {
    let g = pos.board.geometry();
    if !g.contains(origin) {
        return Err(IllegalMove::OffBoard(origin));
    }
    check_origin(pos, origin)?;
    let stack = pos.board.get(origin);
    if count == 0 {
        return Err(IllegalMove::PickUpZero);
    }
    if count > stack as u32 {
        return Err(IllegalMove::PickUpTooMany { count, stack });
    }
    let cash = count as u8;
    if !has_first_step(&pos.board, origin, count) {
        return Err(IllegalMove::NoFirstStep { origin, cash });
    }
    Ok(cash)
}

/// The origin alone: own and occupied (on the board already checked).
pub(crate) fn check_origin(pos: &Position, origin: Cell) -> Result<(), IllegalMove> {
    if pos.owner(origin) != pos.side_to_move {
        return Err(IllegalMove::NotYourStack { cell: origin });
    }
    if pos.board.get(origin) == 0 {
        return Err(IllegalMove::EmptyOrigin(origin));
    }
    Ok(())
}

/// Checks the sowing and returns the board after it (captures not yet made).
fn sow(pos: &Position, mv: &CashMove) -> Result<(Board, Vec<(Cell, u8)>), IllegalMove> {
    let g = pos.board.geometry();
    let picked = check_pick_up(pos, mv.origin, mv.count)?;
    let written: u64 = mv.steps.iter().map(|&(_, d)| d as u64).sum();
    let dropped_total = written.min(u32::MAX as u64) as u32;
    let mut board = pos.board;
    board.set(mv.origin, pos.board.get(mv.origin) - picked);
    let mut visited = bit(g, mv.origin);
    let mut at = mv.origin;
    let mut cash = picked as u32;
    let mut path = Vec::with_capacity(mv.steps.len());
    for (i, &(to, drop)) in mv.steps.iter().enumerate() {
        let step = i + 1;
        if cash == 0 {
            return Err(IllegalMove::DropsDontAddUp { dropped: dropped_total, picked });
        }
        if let Some(e) = step_error(&pos.board, step, at, to, cash, visited) {
            return Err(e);
        }
        if drop == 0 {
            return Err(IllegalMove::ZeroDrop { step, cell: to });
        }
        if drop > cash {
            return Err(IllegalMove::DropsDontAddUp { dropped: dropped_total, picked });
        }
        add(&mut board, to, drop)?;
        cash -= drop;
        visited |= bit(g, to);
        at = to;
        path.push((to, drop as u8));
        if cash > 0 && !can_leave(&pos.board, at, cash, visited) {
            return Err(IllegalMove::Stuck { cell: at, cash: cash as u8 });
        }
    }
    if cash > 0 {
        return Err(IllegalMove::DropsDontAddUp { dropped: dropped_total, picked });
    }
    Ok((board, path))
}

/// Checks the redistribution of `stones` onto `board` (captures removed) and
/// returns the board after it.
pub(crate) fn redistribute(
    board: &Board,
    stones: u32,
    placements: &[(Cell, u32)],
) -> Result<Board, IllegalMove> {
    let g = board.geometry();
    let mut out = *board;
    let mut used: u64 = 0;
    let mut placed: u64 = 0;
    for &(cell, n) in placements {
        if !g.contains(cell) {
            return Err(IllegalMove::OffBoard(cell));
        }
        if n == 0 {
            return Err(IllegalMove::PlaceZero(cell));
        }
        if used & bit(g, cell) != 0 {
            return Err(IllegalMove::PlaceTwice(cell));
        }
        if !board.is_occupied(cell) {
            return Err(IllegalMove::PlaceOnEmpty(cell));
        }
        used |= bit(g, cell);
        placed += n as u64;
    }
    if placed != stones as u64 {
        let placed = placed.min(u32::MAX as u64) as u32;
        return Err(IllegalMove::RedistributionSum { placed, captured: stones });
    }
    for &(cell, n) in placements {
        add(&mut out, cell, n)?;
    }
    Ok(out)
}

/// Checks a written move and returns what it does. Nothing is changed: the
/// position is a value and the result is a new one.
pub(crate) fn validate(pos: &Position, mv: &CashMove) -> Result<Transition, IllegalMove> {
    let (mut board, path) = sow(pos, mv)?;
    let captured = captures(&board, pos.side_to_move);
    if let Some(written) = &mv.captures {
        let mut written = written.clone();
        sorting::sort_by_key(&mut written, |c| c.file_major_key());
        if written != captured {
            return Err(IllegalMove::CaptureMismatch { written, actual: captured });
        }
    }
    let stones = remove(&mut board, &captured);
    let board = redistribute(&board, stones, &mv.placements)?;
    Ok(transition(
        pos,
        Parts {
            origin: mv.origin,
            count: mv.count,
            path,
            captured,
            stones,
            placements: mv.placements.clone(),
            board,
        },
    ))
}
