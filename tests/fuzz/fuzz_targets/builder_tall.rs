//! The move builder on tall-stack boards (every cell 255, every cell 50, or
//! each cell 100-255 at random; both games, either side to move), driven by
//! bytes that choose among the offered choices only: whatever was offered can
//! be completed. At every stage short of `Done` something is offered, each
//! offered choice is accepted, and the finished move re-validates.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowboard::{Board, Cell, GameKind, MoveBuilder, Position, Rules, Side, Stage};

/// Choices read per input: an Intermedium move of 255 stones takes 256.
const MAX_CHOICES: usize = 300;

/// A tall-stack board from the first bytes: its game, side, kind of heights.
fn board(head: &[u8; 4]) -> Position {
    let game = if head[0] & 1 == 0 { GameKind::Intermedium } else { GameKind::CashInHand };
    let mut pos = Position::start(game);
    pos.side_to_move = if head[0] & 2 == 0 { Side::First } else { Side::Second };
    pos.move_number = 1 + (head[0] >> 2 & 1) as u32; // the first move (its rule) or a later one
    let mut seed = u32::from_le_bytes(*head) | 1;
    let g = pos.board.geometry();
    let mut b = Board::empty(g);
    for c in g.cells() {
        let n = match head[1] % 3 {
            0 => 255,
            1 => 50,
            _ => {
                // xorshift: a board per seed, cells 100-255
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                100 + (seed % 156) as u8
            }
        };
        b.set(c, n);
    }
    pos.board = b;
    pos
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let pos = board(&[data[0], data[1], data[2], data[3]]);
    let rules = Rules::default();
    let mut b = MoveBuilder::new(&pos, &rules);
    // One choice per byte: an input ends where its bytes do (most inputs
    // are short, which keeps executions fast; the fuzzer lengthens them).
    let mut bytes = data[4..].iter().copied().take(MAX_CHOICES);
    loop {
        let Some(x) = bytes.next().map(usize::from) else { return };
        match b.stage() {
            Stage::Origin => {
                let origins = b.origins();
                if origins.is_empty() {
                    return; // no legal move: nothing offered, nothing to complete
                }
                b.select_origin(origins[x % origins.len()]).expect("an offered origin is accepted");
            }
            Stage::Count => {
                let counts = b.count_options();
                assert!(!counts.is_empty(), "no pick-up offered from {:?}", b.origin());
                b.pick_up(counts[x % counts.len()] as u32).expect("an offered count is accepted");
            }
            Stage::Step => {
                let options = b.step_options();
                assert!(!options.is_empty(), "no step offered with {} in hand: {:?}", b.cash(), b.path());
                let o = &options[x % options.len()];
                let drops = o.drops();
                let d = drops[(x / 4) % drops.len()];
                b.step(o.cell, d as u32).expect("an offered step is accepted");
            }
            Stage::Place => {
                let places = b.place_options();
                assert!(!places.is_empty(), "{} stones to put back, nowhere offered", b.to_place());
                let c: Cell = places[x % places.len()];
                let (low, high) = b.place_range(c).expect("an offered cell has a range");
                b.place(c, low + (x as u32 / 4) % (high - low + 1)).expect("an offered placement is accepted");
            }
            Stage::Done => {
                let t = b.finish().expect("a finished builder yields its move");
                let again = pos.play(&t.mv, &rules).expect("a built move re-validates");
                assert_eq!(again.position, t.position);
                return;
            }
        }
    }
});
