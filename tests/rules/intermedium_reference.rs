//! An Intermedium move enumerator written straight from RULES.md section 2,
//! sharing no rules code with the engine: it walks every diagonal path that
//! never turns back, sows, and decides the first-move rule, captures, the
//! city capture, the counters and the result itself. The engine supplies only
//! the data types (`Position`, `Board`, `Cell`) and the position text used to
//! compare outcomes. Exponential: for positions with small stacks.

pub use crate::reference_support::engine_moves;
use crate::reference_support::{self, Moves};
use sowboard::{Board, Cell, Position, Rules, Side};

const FILES: i32 = 7;
const RANKS: i32 = 10;
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const ORTHOGONALS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn at(f: i32, r: i32) -> Option<Cell> {
    (0..FILES).contains(&f).then_some(())?;
    (0..RANKS).contains(&r).then_some(())?;
    Some(Cell::new(f as u8, r as u8))
}

fn shift(c: Cell, (df, dr): (i32, i32)) -> Option<Cell> {
    at(c.file as i32 + df, c.rank as i32 + dr)
}

/// Blue (the first player) owns the odd cells: file + rank odd, 0-based.
fn owner(c: Cell) -> Side {
    if (c.file + c.rank) % 2 == 1 {
        Side::First
    } else {
        Side::Second
    }
}

fn name(side: Side) -> &'static str {
    match side {
        Side::First => "blue",
        Side::Second => "red",
    }
}

/// The city a side defends: Blue's d1, Red's d10.
fn city(side: Side) -> Cell {
    match side {
        Side::First => Cell::new(3, 0),
        Side::Second => Cell::new(3, 9),
    }
}

fn all_neighbours_occupied(b: &Board, c: Cell) -> bool {
    ORTHOGONALS.iter().filter_map(|&d| shift(c, d)).all(|n| b.get(n) > 0)
}

fn quiet_limit_reached(p: &Position, rules: &Rules) -> bool {
    rules.quiet_ply_limit > 0 && p.quiet >= rules.quiet_ply_limit
}

/// Every distinct outcome of the moves of `p`, each with the position it
/// leads to. Empty when the game is already over.
pub fn moves(p: &Position, rules: &Rules) -> Moves {
    let mut out = Moves::new();
    if quiet_limit_reached(p, rules) {
        return out;
    }
    for_each_move(p, rules, &mut |next, city_taken| {
        let result = if city_taken {
            Some(format!("{} wins city-captured", name(p.side_to_move)))
        } else {
            result_after(&next, rules)
        };
        out.insert((next.to_string(), result), next);
        false
    });
    out
}

/// What the position after a move says about the game: the side to move
/// there has lost if it cannot move; a draw once the quiet limit is reached.
fn result_after(next: &Position, rules: &Rules) -> Option<String> {
    if !has_move(next, rules) {
        return Some(format!("{} wins no-moves", name(next.side_to_move.opponent())));
    }
    quiet_limit_reached(next, rules).then(|| "draw quiet-limit".to_string())
}

/// Whether the side to move has any legal move (the quiet limit aside).
pub fn has_move(p: &Position, rules: &Rules) -> bool {
    let mut found = false;
    for_each_move(p, rules, &mut |_, _| {
        found = true;
        true
    });
    found
}

/// Calls `f(position after, city captured)` for every legal path; stops
/// early when `f` returns true.
fn for_each_move(p: &Position, rules: &Rules, f: &mut dyn FnMut(Position, bool) -> bool) {
    for o in 0..FILES * RANKS {
        let origin = Cell::new((o % FILES) as u8, (o / FILES) as u8);
        let n = p.board.get(origin) as usize;
        if owner(origin) != p.side_to_move || n < 2 {
            continue;
        }
        assert!(n <= 10, "the reference enumerator is for small stacks, {origin} holds {n}");
        let mut path = Vec::with_capacity(n);
        if walk(p, rules, origin, n, None, &mut path, f) {
            return;
        }
    }
}

fn walk(
    p: &Position,
    rules: &Rules,
    origin: Cell,
    n: usize,
    last_dir: Option<(i32, i32)>,
    path: &mut Vec<Cell>,
    f: &mut dyn FnMut(Position, bool) -> bool,
) -> bool {
    if path.len() == n {
        return match sow(p, rules, origin, path) {
            Some((next, city_taken)) => f(next, city_taken),
            None => false,
        };
    }
    let here = *path.last().unwrap_or(&origin);
    for d in DIAGONALS {
        if last_dir == Some((-d.0, -d.1)) {
            continue; // no 180-degree turn
        }
        let Some(to) = shift(here, d) else { continue };
        path.push(to);
        let stop = walk(p, rules, origin, n, Some(d), path, f);
        path.pop();
        if stop {
            return true;
        }
    }
    false
}

/// Plays the sowing of `origin` along `path`: the position after it and
/// whether it captured the enemy city, or `None` if the move is illegal.
fn sow(p: &Position, rules: &Rules, origin: Cell, path: &[Cell]) -> Option<(Position, bool)> {
    let mover = p.side_to_move;
    let mut b = p.board;
    b.set(origin, 0);
    let mut before_last = 0;
    for &c in path {
        before_last = b.get(c);
        b.set(c, before_last.checked_add(1)?); // a stack over 255 is refused
    }
    // First-move rule: some stone lands on a cell that was empty before
    // the move began, the origin not counting.
    if rules.first_move_rule
        && p.move_number == 1
        && !path.iter().any(|&c| c != origin && p.board.get(c) == 0)
    {
        return None;
    }
    let last = *path.last().expect("a move has at least two steps");
    let mut captured = Vec::new();
    let mut city_taken = false;
    if before_last == 1 {
        for n in ORTHOGONALS.iter().filter_map(|&d| shift(last, d)) {
            if !all_neighbours_occupied(&b, n) {
                continue;
            }
            if b.get(n) > 0 && owner(n) != mover {
                captured.push(n);
            }
            if n == city(mover.opponent()) {
                city_taken = true;
            }
        }
    }
    for &c in &captured {
        b.set(c, 0);
    }
    let next = Position {
        game: p.game,
        board: b,
        side_to_move: mover.opponent(),
        quiet: if captured.is_empty() { p.quiet + 1 } else { 0 },
        move_number: p.move_number + u32::from(mover == Side::Second),
    };
    Some((next, city_taken))
}

/// Perft (RULES.md section 5) over `moves`.
pub fn perft(p: &Position, rules: &Rules, depth: u32) -> u64 {
    reference_support::perft(moves, p, rules, depth)
}
