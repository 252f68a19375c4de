//! A Cash in Hand move enumerator written straight from RULES.md section 3,
//! sharing no rules code with the engine: it picks up, sows with the three
//! step conditions (not visited, target no taller than the cash, gate no
//! taller than the cash), judges captures, puts the captured stones back in
//! every possible way, and decides the counters and the result itself. The
//! engine supplies only the data types (`Position`, `Board`, `Cell`) and the
//! position text used to compare outcomes. Exponential: for positions with
//! small stacks and few captured stones.

pub use crate::reference_support::engine_moves;
use crate::reference_support::{self, Moves};
use sowboard::{Board, Cell, Position, Rules, Side};
use std::collections::HashSet;

const SIZE: i32 = 8;
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const ORTHOGONALS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn at(f: i32, r: i32) -> Option<Cell> {
    ((0..SIZE).contains(&f) && (0..SIZE).contains(&r)).then(|| Cell::new(f as u8, r as u8))
}

fn shift(c: Cell, (df, dr): (i32, i32)) -> Option<Cell> {
    at(c.file as i32 + df, c.rank as i32 + dr)
}

fn cells() -> impl Iterator<Item = Cell> {
    (0..SIZE * SIZE).map(|i| Cell::new((i / SIZE) as u8, (i % SIZE) as u8))
}

/// White (the first player) owns the light cells: file + rank odd, 0-based
/// (a1 is dark).
fn owner(c: Cell) -> Side {
    if (c.file + c.rank) % 2 == 1 {
        Side::First
    } else {
        Side::Second
    }
}

fn name(side: Side) -> &'static str {
    match side {
        Side::First => "white",
        Side::Second => "black",
    }
}

fn stones_of(b: &Board, side: Side) -> u32 {
    cells().filter(|&c| owner(c) == side).map(|c| b.get(c) as u32).sum()
}

/// Whether a step from `s` to the diagonal neighbour `t` with `cash` in
/// hand passes: `t` no taller than the cash, and the two cells beside both
/// not both occupied with more stones together than the cash.
fn step_allowed(b: &Board, s: Cell, t: Cell, cash: u32) -> bool {
    let gate_a = Cell::new(s.file, t.rank);
    let gate_b = Cell::new(t.file, s.rank);
    let (ha, hb) = (b.get(gate_a) as u32, b.get(gate_b) as u32);
    b.get(t) as u32 <= cash && !(ha > 0 && hb > 0 && ha + hb > cash)
}

fn quiet_limit_reached(p: &Position, rules: &Rules) -> bool {
    rules.quiet_ply_limit > 0 && p.quiet >= rules.quiet_ply_limit
}

/// Whether the side to move has a legal move: a pick-up with a legal first
/// step (RULES.md: a stop may take all the cash, so such a sowing can always
/// be finished). Picking up the whole stack is the easiest to pass. Not
/// exact on set-ups of more than 255 stones, where the engine also refuses
/// moves that would push a stack past 255 (stacks of 128 or more).
pub fn has_move(p: &Position) -> bool {
    cells().filter(|&c| owner(c) == p.side_to_move && p.board.get(c) > 0).any(|origin| {
        let cash = p.board.get(origin) as u32;
        DIAGONALS
            .iter()
            .filter_map(|&d| shift(origin, d))
            .any(|t| step_allowed(&p.board, origin, t, cash))
    })
}

/// The result of the game in `p` as the position tells it, if it is over.
fn result(p: &Position, rules: &Rules) -> Option<String> {
    let mover = p.side_to_move;
    for side in [mover, mover.opponent()] {
        if stones_of(&p.board, side) == 0 {
            return Some(format!("{} wins eliminated", name(side.opponent())));
        }
    }
    if !has_move(p) {
        return Some(format!("{} wins no-moves", name(mover.opponent())));
    }
    quiet_limit_reached(p, rules).then(|| "draw quiet-limit".to_string())
}

/// Every distinct outcome of the moves of `p`, each with the position it
/// leads to. Empty when the game is already over.
pub fn moves(p: &Position, rules: &Rules) -> Moves {
    let mut out = Moves::new();
    if result(p, rules).is_some() {
        return out;
    }
    let mut sown = HashSet::new();
    for origin in cells().filter(|&c| owner(c) == p.side_to_move) {
        let n = p.board.get(origin) as u32;
        if n == 0 {
            continue;
        }
        assert!(n <= 7, "the reference enumerator is for small stacks, {origin} holds {n}");
        for k in 1..=n {
            let mut b = p.board;
            b.set(origin, (n - k) as u8);
            let mut visited = vec![origin];
            sow(&mut b, origin, k, &mut visited, &mut sown);
        }
    }
    // Different sowings often leave the same board: judge each board once.
    for board in sown {
        finish(p, rules, board, &mut out);
    }
    out
}

/// Steps on from `s` with `cash` in hand; collects every finished board.
fn sow(b: &mut Board, s: Cell, cash: u32, visited: &mut Vec<Cell>, out: &mut HashSet<Board>) {
    if cash == 0 {
        out.insert(*b);
        return;
    }
    for t in DIAGONALS.iter().filter_map(|&d| shift(s, d)) {
        if visited.contains(&t) || !step_allowed(b, s, t, cash) {
            continue;
        }
        let before = b.get(t);
        visited.push(t);
        for d in 1..=cash {
            let Some(after) = before.checked_add(d as u8).filter(|_| d <= 255) else { break };
            b.set(t, after);
            sow(b, t, cash - d, visited, out);
        }
        b.set(t, before);
        visited.pop();
    }
}

/// Captures on the sown board, every redistribution, the counters and the
/// result.
fn finish(p: &Position, rules: &Rules, mut b: Board, out: &mut Moves) {
    let mover = p.side_to_move;
    let captured = captured_by(&b, mover);
    let stones: u32 = captured.iter().map(|&c| b.get(c) as u32).sum();
    for &c in &captured {
        b.set(c, 0);
    }
    let receivers: Vec<Cell> = cells().filter(|&c| b.get(c) > 0).collect();
    let mut boards = Vec::new();
    redistribute(&mut b, &receivers, stones, &mut boards);
    for board in boards {
        let next = Position {
            game: p.game,
            board,
            side_to_move: mover.opponent(),
            quiet: if captured.is_empty() { p.quiet + 1 } else { 0 },
            move_number: p.move_number + u32::from(mover == Side::Second),
        };
        out.insert((next.to_string(), result(&next, rules)), next);
    }
}

/// Whether a sowing under way can still be finished into a legal move:
/// sown on from `s` with `cash` in hand (`visited` so far, `b` the board
/// now) with no stack over 255, then the captured stones put back on the
/// stacks left, at most 255 each (possible exactly when they fit in the
/// room those stacks have). `None` if `budget` drops run out before an
/// answer.
pub fn can_finish(
    b: &mut Board,
    mover: Side,
    s: Cell,
    cash: u32,
    visited: &mut Vec<Cell>,
    budget: &mut u32,
) -> Option<bool> {
    if cash == 0 {
        let captured = captured_by(b, mover);
        let stones: u32 = captured.iter().map(|&c| b.get(c) as u32).sum();
        let room: u32 = cells()
            .filter(|c| !captured.contains(c) && b.get(*c) > 0)
            .map(|c| 255 - b.get(c) as u32)
            .sum();
        return Some(stones <= room);
    }
    let mut unknown = false;
    for t in DIAGONALS.iter().filter_map(|&d| shift(s, d)) {
        if visited.contains(&t) || !step_allowed(b, s, t, cash) {
            continue;
        }
        let before = b.get(t);
        visited.push(t);
        // Large drops first: dropping everything usually finishes at once.
        for d in (1..=cash.min(255 - before as u32)).rev() {
            if *budget == 0 {
                unknown = true;
                break;
            }
            *budget -= 1;
            b.set(t, before + d as u8);
            let finished = can_finish(b, mover, t, cash - d, visited, budget);
            b.set(t, before);
            match finished {
                Some(true) => {
                    visited.pop();
                    return Some(true);
                }
                None => unknown = true,
                Some(false) => {}
            }
        }
        visited.pop();
    }
    (!unknown).then_some(false)
}

/// The pick-ups from `origin` after which the move can be finished
/// (`can_finish`), ascending; `None` if the budget runs out.
pub fn finishing_pick_ups(p: &Position, origin: Cell, budget: &mut u32) -> Option<Vec<u8>> {
    let n = p.board.get(origin);
    let mut counts = Vec::new();
    for k in 1..=n {
        let mut b = p.board;
        b.set(origin, n - k);
        if can_finish(&mut b, p.side_to_move, origin, k as u32, &mut vec![origin], budget)? {
            counts.push(k);
        }
    }
    Some(counts)
}

/// Each next step of a sowing under way (as for `can_finish`) with the
/// drops there after which the move can be finished, ascending, sorted by
/// cell (file, then rank); `None` if the budget runs out.
pub fn finishing_steps(
    b: &Board,
    mover: Side,
    s: Cell,
    cash: u32,
    visited: &[Cell],
    budget: &mut u32,
) -> Option<Vec<(Cell, Vec<u8>)>> {
    let mut out = Vec::new();
    for t in DIAGONALS.iter().filter_map(|&d| shift(s, d)) {
        if visited.contains(&t) || !step_allowed(b, s, t, cash) {
            continue;
        }
        let mut drops = Vec::new();
        let mut after = *b;
        let mut visited = visited.to_vec();
        visited.push(t);
        for d in 1..=cash.min(255 - b.get(t) as u32) {
            after.set(t, b.get(t) + d as u8);
            if can_finish(&mut after, mover, t, cash - d, &mut visited, budget)? {
                drops.push(d as u8);
            }
        }
        if !drops.is_empty() {
            out.push((t, drops));
        }
    }
    out.sort_by_key(|&(c, _)| (c.file, c.rank));
    Some(out)
}

/// The enemy stacks the sown board `b` captures for `mover`: no empty
/// orthogonal neighbour and fewer stones than those neighbours together.
fn captured_by(b: &Board, mover: Side) -> Vec<Cell> {
    cells()
        .filter(|&c| owner(c) != mover && b.get(c) > 0)
        .filter(|&c| {
            let around: Vec<u32> =
                ORTHOGONALS.iter().filter_map(|&d| shift(c, d)).map(|n| b.get(n) as u32).collect();
            !around.contains(&0) && (b.get(c) as u32) < around.iter().sum()
        })
        .collect()
}

/// Every way to add `left` stones to the `receivers` (any number each, no
/// stack over 255).
fn redistribute(b: &mut Board, receivers: &[Cell], left: u32, out: &mut Vec<Board>) {
    let Some((&first, rest)) = receivers.split_first() else {
        if left == 0 {
            out.push(*b);
        }
        return;
    };
    let h = b.get(first);
    for n in 0..=left.min(255 - h as u32) {
        b.set(first, h + n as u8);
        redistribute(b, rest, left - n, out);
    }
    b.set(first, h);
}

/// Perft (RULES.md section 5) over `moves`.
pub fn perft(p: &Position, rules: &Rules, depth: u32) -> u64 {
    reference_support::perft(moves, p, rules, depth)
}
