//! Intermedium (Stepping Stones, Matt Crispis 1976): RULES.md section 2.
//!
//! A move sows all n stones of an own stack along a diagonal path of n steps
//! without 180-degree turns. Its outcome depends only on *how many* stones land
//! on each cell and on the last cell, so move generation walks paths layer by
//! layer and merges every partial path with the same (current cell, last
//! direction, drop counts): the number of distinct states grows far slower
//! than the 4 x 3^(n-1) paths. Each state keeps one parent link, so every
//! distinct outcome still comes with a real path that stands for it.

mod builder;
mod complete;
mod threat;

pub use builder::Builder;
pub(crate) use threat::{walk_work, Attacker};

use crate::board::{Board, Cell, Diagonal, Geometry, MAX_CELLS};
use crate::errors::{IllegalMove, LimitExceeded};
use crate::moves::{Move, SowMove};
use crate::play::{sorted, Transition};
use crate::position::Position;
use crate::variant::{EndReason, Outcome, Rules, Side};
use rustc_hash::FxHashMap;

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
fn effect(
    pos: &Position,
    rules: &Rules,
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
pub(crate) fn validate(pos: &Position, rules: &Rules, mv: &SowMove) -> Result<Effect, IllegalMove> {
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

/// One distinct move: a path that stands for its group, and what it does.
pub(crate) struct Generated {
    pub mv: SowMove,
    pub effect: Effect,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct StateKey {
    cell: u8,
    /// The direction of the last step (4 before the first step, or once it no
    /// longer matters because no steps remain).
    last: u8,
    drops: Drops,
}

/// One node of the layered search: a parent link for path reconstruction.
#[derive(Clone, Copy)]
struct Link {
    parent: u32,
    cell: u8,
}

/// Every distinct outcome of sowing the stack on `origin`, in a fixed order.
/// `budget` counts search states across all origins; exceeding it is an error
/// rather than a hang.
fn sowings_from(
    pos: &Position,
    rules: &Rules,
    origin: Cell,
    budget: &mut usize,
    limit: usize,
    mut out: Option<&mut Vec<Generated>>,
) -> Result<usize, LimitExceeded> {
    let g = pos.board.geometry();
    let n = pos.board.get(origin) as usize;
    let mut layers: Vec<Vec<Link>> = Vec::with_capacity(n + 1);
    let mut frontier: Vec<StateKey> =
        vec![StateKey { cell: g.index(origin) as u8, last: 4, drops: [0; 40] }];
    layers.push(vec![Link { parent: 0, cell: g.index(origin) as u8 }]);
    let mut index: FxHashMap<StateKey, u32> = FxHashMap::default();
    for step in 1..=n {
        index.clear();
        let mut next_frontier = Vec::new();
        let mut links = Vec::new();
        let final_step = step == n;
        for (pi, state) in frontier.iter().enumerate() {
            let from = g.cell(state.cell as usize);
            for (dir, to) in g.diagonal(from) {
                if state.last as usize == dir.reverse().index() {
                    continue;
                }
                let ti = g.index(to);
                let mut key = StateKey {
                    cell: ti as u8,
                    last: if final_step { 4 } else { dir.index() as u8 },
                    drops: state.drops,
                };
                key.drops[ti / 2] = key.drops[ti / 2].saturating_add(1);
                if index.contains_key(&key) {
                    continue;
                }
                if *budget == 0 {
                    return Err(LimitExceeded { limit });
                }
                *budget -= 1;
                index.insert(key, next_frontier.len() as u32);
                next_frontier.push(key);
                links.push(Link { parent: pi as u32, cell: ti as u8 });
            }
        }
        frontier = next_frontier;
        layers.push(links);
    }
    // Different last cells can still leave the same board; keep one of each.
    let mut seen: FxHashMap<(Board, bool), ()> = FxHashMap::default();
    for (i, state) in frontier.iter().enumerate() {
        let last = g.cell(state.cell as usize);
        let Ok(effect) = effect(pos, rules, origin, &state.drops, last) else { continue };
        if seen.insert((effect.board, effect.city_captured), ()).is_some() {
            continue;
        }
        let Some(out) = out.as_deref_mut() else { continue };
        let mut path = vec![Cell::new(0, 0); n];
        let mut at = i;
        for step in (1..=n).rev() {
            let link = layers[step][at];
            path[step - 1] = g.cell(link.cell as usize);
            at = link.parent as usize;
        }
        out.push(Generated { mv: SowMove { origin, path }, effect });
    }
    Ok(seen.len())
}

/// All distinct moves of the side to move, ignoring whether the game is over
/// (the caller checks that). Fails with `LimitExceeded` instead of exhausting
/// memory when the search would visit more than `limit` states.
pub(crate) fn generate(
    pos: &Position,
    rules: &Rules,
    limit: usize,
) -> Result<Vec<Generated>, LimitExceeded> {
    let mut out = Vec::new();
    let mut budget = limit;
    for origin in own_stacks(pos) {
        sowings_from(pos, rules, origin, &mut budget, limit, Some(&mut out))?;
    }
    Ok(out)
}

/// The number of distinct moves, without building them (for perft leaves).
pub(crate) fn count(pos: &Position, rules: &Rules, limit: usize) -> Result<usize, LimitExceeded> {
    let mut budget = limit;
    own_stacks(pos).try_fold(0, |total, origin| {
        Ok(total + sowings_from(pos, rules, origin, &mut budget, limit, None)?)
    })
}

fn own_stacks(pos: &Position) -> impl Iterator<Item = Cell> + '_ {
    let g: Geometry = pos.board.geometry();
    let colour = pos.side_to_move.colour();
    g.cells().filter(move |&c| c.colour() == colour && pos.board.get(c) >= 2)
}

/// Whether the side to move has any legal move (exact, without enumerating paths).
pub(crate) fn has_legal_move(pos: &Position, rules: &Rules) -> bool {
    own_stacks(pos).any(|origin| {
        let n = pos.board.get(origin) as usize;
        let p = complete::Partial {
            origin,
            at: origin,
            last: None,
            remaining: n,
            drops: &[0; MAX_CELLS / 2],
        };
        complete::can_complete(pos, rules, &p)
    })
}
