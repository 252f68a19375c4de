//! Helpers for the Cash in Hand tests: set-up positions, a brute-force
//! enumerator over move texts, and an exhaustive walk of the move builder.
//! The brute force asks `Position::play_text` which moves are legal, so it
//! checks the move checker against the generator and the builder; the rules
//! themselves are checked by `cash_reference`.
#![allow(dead_code)]

use sowboard::{
    Cell, GameKind, IllegalMove, MoveBuilder, Outcome, PlayError, Position, Rules, Side, Stage,
    Transition,
};
use std::collections::{BTreeSet, HashSet};

/// A Cash in Hand position with the given stacks, everything else empty.
pub fn cash(stacks: &[(&str, u8)], side: Side) -> Position {
    let mut board = sowboard::Board::empty(GameKind::CashInHand.geometry());
    for &(name, n) in stacks {
        let cell: Cell = name.parse().expect("test cells are valid");
        board.set(cell, n);
    }
    Position { game: GameKind::CashInHand, board, side_to_move: side, quiet: 0, move_number: 10 }
}

pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

pub fn cell(name: &str) -> Cell {
    name.parse().expect("test cells are valid")
}

/// A move's outcome as RULES.md section 5 compares moves: the position after
/// it (as text) and the result the move itself causes.
/// The result is written with `Debug` so that the sets sort and print.
pub type Result_ = (String, Option<String>);

pub fn result_of(t: &Transition) -> Result_ {
    (t.position.to_string(), t.decisive.map(|o: Outcome| format!("{o:?}")))
}

/// The outcomes of `Position::legal_moves`, checking that no two listed moves
/// have the same outcome (they must be distinct).
pub fn generated(p: &Position, rules: &Rules) -> BTreeSet<Result_> {
    let moves = p.legal_moves(rules, 50_000_000).expect("small positions stay within the limit");
    let set: BTreeSet<Result_> = moves.iter().map(result_of).collect();
    assert_eq!(set.len(), moves.len(), "generated moves must be distinct in {p}");
    set
}

/// Every distinct outcome a position allows, found the dumbest way: write
/// every move text that could be a move (every cell as origin, every
/// pick-up, every split of it into drops, every diagonal walk on the board,
/// then every redistribution over the cells that could be occupied) and keep
/// what `Position::play_text` accepts. The engine decides legality here; the
/// number of captured stones is read from the `RedistributionSum` error of
/// the move written without a redistribution.
/// Exponential: for positions with small stacks only.
pub fn brute_force(p: &Position, rules: &Rules) -> BTreeSet<Result_> {
    if p.status(rules).is_some() {
        return BTreeSet::new();
    }
    brute_force_unchecked(p, rules)
}

/// `brute_force` without first asking whether the game is over: what
/// `Position::play_text` accepts, whatever `Position::status` says.
pub fn brute_force_unchecked(p: &Position, rules: &Rules) -> BTreeSet<Result_> {
    let mut out = BTreeSet::new();
    let g = p.board.geometry();
    for origin in g.cells() {
        let n = p.board.get(origin) as u32;
        if n == 0 {
            continue;
        }
        if Side::owner_of(origin) == p.side_to_move {
            assert!(n <= 7, "brute force is for small stacks, {origin} holds {n}");
        } else {
            continue; // Play refuses these anyway; skip the exponential work.
        }
        for k in 1..=n {
            let mut steps = Vec::new();
            sow(p, rules, origin, k, k, origin, &mut steps, &mut out);
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn sow(
    p: &Position,
    rules: &Rules,
    origin: Cell,
    k: u32,
    left: u32,
    at: Cell,
    steps: &mut Vec<(Cell, u32)>,
    out: &mut BTreeSet<Result_>,
) {
    if left == 0 {
        judge(p, rules, origin, k, steps, out);
        return;
    }
    let g = p.board.geometry();
    for (df, dr) in [(1i32, 1i32), (-1, 1), (-1, -1), (1, -1)] {
        let f = at.file as i32 + df;
        let r = at.rank as i32 + dr;
        if f < 0 || r < 0 || f >= g.files as i32 || r >= g.ranks as i32 {
            continue;
        }
        let to = Cell::new(f as u8, r as u8);
        for d in 1..=left {
            steps.push((to, d));
            sow(p, rules, origin, k, left - d, to, steps, out);
            steps.pop();
        }
    }
}

fn text(origin: Cell, k: u32, steps: &[(Cell, u32)], placements: &[(Cell, u32)]) -> String {
    let mut s = format!("{origin}:{k}");
    for (c, d) in steps.iter().chain(placements) {
        s.push_str(&format!(" {c}:{d}"));
    }
    s
}

fn judge(
    p: &Position,
    rules: &Rules,
    origin: Cell,
    k: u32,
    steps: &[(Cell, u32)],
    out: &mut BTreeSet<Result_>,
) {
    match p.play_text(&text(origin, k, steps, &[]), rules) {
        Ok(t) => {
            out.insert(result_of(&t));
        }
        Err(PlayError::Illegal(IllegalMove::RedistributionSum { captured, .. })) => {
            let mut candidates: Vec<Cell> =
                p.board.geometry().cells().filter(|&c| p.board.get(c) > 0).collect();
            for &(c, _) in steps {
                if !candidates.contains(&c) {
                    candidates.push(c);
                }
            }
            let mut placements = Vec::new();
            place(p, rules, origin, k, steps, &candidates, captured, &mut placements, out);
        }
        Err(_) => {}
    }
}

#[allow(clippy::too_many_arguments)]
fn place(
    p: &Position,
    rules: &Rules,
    origin: Cell,
    k: u32,
    steps: &[(Cell, u32)],
    candidates: &[Cell],
    left: u32,
    placements: &mut Vec<(Cell, u32)>,
    out: &mut BTreeSet<Result_>,
) {
    if left == 0 {
        if let Ok(t) = p.play_text(&text(origin, k, steps, placements), rules) {
            out.insert(result_of(&t));
        }
        return;
    }
    let Some((&first, rest)) = candidates.split_first() else { return };
    for n in (0..=left).rev() {
        if n > 0 {
            placements.push((first, n));
        }
        place(p, rules, origin, k, steps, rest, left - n, placements, out);
        if n > 0 {
            placements.pop();
        }
    }
}

/// Every move the builder can finish from `p`, by trying every choice it
/// offers. Also checks the builder's promises on the way: every offered
/// choice is accepted and leads to at least one finished move, `undo`
/// restores the previous state, and the finished move re-validates.
pub fn builder_moves(p: &Position, rules: &Rules) -> BTreeSet<Result_> {
    let mut out = BTreeSet::new();
    let b = MoveBuilder::new(p, rules);
    for origin in b.origins() {
        let mut b = b.clone();
        b.select_origin(origin).expect("offered origins are accepted");
        let mut from_origin = 0;
        for k in b.count_options() {
            let mut b = b.clone();
            b.pick_up(k as u32).expect("offered counts are accepted");
            let found = walk(p, rules, &mut b, &mut out);
            assert!(found > 0, "count {k} from {origin} offered but leads nowhere");
            from_origin += found;
            assert!(b.undo());
            assert_eq!(b.stage(), Stage::Count);
        }
        assert!(from_origin > 0, "origin {origin} offered but leads nowhere");
    }
    out
}

/// Walks every choice from the builder's current state; returns how many
/// finished moves were reached.
fn walk(p: &Position, rules: &Rules, b: &mut MoveBuilder, out: &mut BTreeSet<Result_>) -> usize {
    match b.stage() {
        Stage::Step => {
            let mut found = 0;
            for option in b.step_options() {
                for d in option.drops() {
                    let board = b.board();
                    b.step(option.cell, d as u32).expect("offered steps are accepted");
                    let n = walk(p, rules, b, out);
                    assert!(n > 0, "step {}:{d} offered but leads nowhere", option.cell);
                    found += n;
                    assert!(b.undo());
                    assert_eq!(b.board(), board, "undo restores the board");
                }
            }
            found
        }
        Stage::Place => {
            let mut found = 0;
            for c in b.place_options() {
                // Near 255 a cell may take fewer than all the stones left.
                let (low, high) = b.place_range(c).expect("offered cells take stones");
                for n in low..=high {
                    b.place(c, n).expect("offered placements are accepted");
                    found += walk(p, rules, b, out);
                    assert!(b.undo());
                }
            }
            found
        }
        Stage::Done => {
            let t = b.finish().expect("a Done builder finishes");
            let again =
                p.play_text(&t.mv.to_string(), rules).expect("a finished move re-validates");
            assert_eq!(again, t, "re-validated move differs");
            out.insert(result_of(&t));
            1
        }
        other => panic!("unexpected stage {other:?} while walking"),
    }
}

/// A random number of stones for small random set-ups.
pub fn distinct_cells(names: &[(u8, u8)]) -> bool {
    let set: HashSet<_> = names.iter().collect();
    set.len() == names.len()
}
