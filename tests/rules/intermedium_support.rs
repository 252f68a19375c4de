//! Helpers shared by the integration tests.
#![allow(dead_code)]

use sowboard::{Cell, GameKind, Move, Position, Rules, Side, SowMove};
use std::collections::HashSet;

/// A position of `game` with the given stacks and everything else empty.
pub fn setup(
    game: GameKind,
    stacks: &[(&str, u8)],
    side: Side,
    quiet: u32,
    move_number: u32,
) -> Position {
    let mut board = sowboard::Board::empty(game.geometry());
    for &(name, n) in stacks {
        let cell: Cell = name.parse().expect("test cells are valid");
        assert!(game.geometry().contains(cell), "{name} is off the board");
        board.set(cell, n);
    }
    Position { game, board, side_to_move: side, quiet, move_number }
}

pub fn inter(stacks: &[(&str, u8)], side: Side) -> Position {
    setup(GameKind::Intermedium, stacks, side, 0, 5)
}

pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

/// Every distinct outcome (position string + result) an Intermedium position
/// allows, found the dumbest way: try every diagonal walk of the right length
/// from every cell (reversals included) and keep what `Position::play` accepts.
/// This checks the move checker against the generator; the rules themselves
/// (captures, the city, the first-move rule) are the engine's here, and are
/// checked by `intermedium_reference`. Exponential, for small stacks.
pub fn brute_force_intermedium(p: &Position, rules: &Rules) -> HashSet<(String, Option<String>)> {
    let mut out = HashSet::new();
    if p.status(rules).is_some() {
        return out;
    }
    let g = p.board.geometry();
    for origin in g.cells() {
        let n = p.board.get(origin) as usize;
        if n == 0 || n > 8 {
            assert!(
                n <= 8 || Side::owner_of(origin) != p.side_to_move,
                "brute force is for small stacks"
            );
            continue;
        }
        let mut path = Vec::new();
        walk(p, rules, origin, origin, n, &mut path, &mut out);
    }
    out
}

fn walk(
    p: &Position,
    rules: &Rules,
    origin: Cell,
    at: Cell,
    remaining: usize,
    path: &mut Vec<Cell>,
    out: &mut HashSet<(String, Option<String>)>,
) {
    if remaining == 0 {
        let mv = Move::Sow(SowMove { origin, path: path.clone() });
        if let Ok(t) = p.play(&mv, rules) {
            out.insert((t.position.to_string(), t.outcome(rules).map(|o| o.result_text(p.game))));
        }
        return;
    }
    for (df, dr) in [(1i16, 1i16), (-1, 1), (-1, -1), (1, -1)] {
        let f = at.file as i16 + df;
        let r = at.rank as i16 + dr;
        if f < 0
            || r < 0
            || f >= p.board.geometry().files as i16
            || r >= p.board.geometry().ranks as i16
        {
            continue;
        }
        let to = Cell::new(f as u8, r as u8);
        path.push(to);
        walk(p, rules, origin, to, remaining - 1, path, out);
        path.pop();
    }
}

/// The engine's distinct moves as the same kind of set.
pub fn engine_outcomes(p: &Position, rules: &Rules) -> HashSet<(String, Option<String>)> {
    p.legal_moves(rules, sowboard::DEFAULT_MOVE_LIMIT)
        .expect("within limit")
        .into_iter()
        .map(|t| (t.position.to_string(), t.outcome(rules).map(|o| o.result_text(p.game))))
        .collect()
}

/// The game an all-defaults rule set with the first-move rule switched off.
pub fn no_first_move_rule() -> Rules {
    Rules { first_move_rule: false, ..Rules::default() }
}
