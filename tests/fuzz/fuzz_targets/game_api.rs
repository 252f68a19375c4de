//! Bytes as a sequence of calls on the game API the wasm `Game` class
//! exposes (`Session`: build a move choice by choice, commit, play texts,
//! undo/redo, list moves), natively: never panics, offered choices are
//! accepted, refused calls change nothing, undo then redo restores the game.
//! The AI (`ai_move`) is left out: one search takes milliseconds, which
//! would cut the executions a hundredfold; the soak tests drive it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use sowboard::{cash_random_move, Game, GameKind, Position, RuleOptions, Session};
use std::sync::OnceLock;

// Set-ups of more than 255 stones are the builder_steps target's: their
// builder questions cost tens of microseconds each.
const SET_UPS: [&str; 4] = [
    "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,1,0,0,0/0,0,0,3,3,4,0,0/0,0,6,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20",
    "cash-in-hand 2,0,2,0,2,0,2,0/0,2,0,2,0,2,0,2/2,0,2,0,2,0,2,0/0,2,0,2,0,2,0,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 white 0 1",
    "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,0,2,0,0,0,0/0,4,1,1,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 10",
    "intermedium 0,0,0,0,0,0,0/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/0,0,0,0,0,0,0 blue 0 5",
];

/// Calls read per input (a few moves' worth of clicks).
const MAX_CALLS: usize = 64;

fn set_ups() -> &'static [Position] {
    static PARSED: OnceLock<Vec<Position>> = OnceLock::new();
    PARSED.get_or_init(|| SET_UPS.iter().map(|t| t.parse().unwrap()).collect())
}

fn pick<T: Clone>(options: &[T], byte: u8) -> Option<T> {
    (!options.is_empty()).then(|| options[byte as usize % options.len()].clone())
}

/// A session from the first byte: either game's start or a set-up, with rule options.
fn session(byte: u8) -> Session {
    let rules = RuleOptions {
        first_move_rule: byte & 0x10 != 0,
        repetition_draw: byte & 0x20 != 0,
        quiet_ply_limit: if byte & 0x40 != 0 { 4 } else { 100 },
    };
    let game = match byte % 8 {
        0..=1 => Game::new(GameKind::Intermedium, rules),
        2..=3 => Game::new(GameKind::CashInHand, rules),
        k => Game::from_position(set_ups()[k as usize - 4], rules),
    };
    Session::new(game)
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, calls)) = data.split_first() else { return };
    let mut s = session(first);
    let mut bytes = calls[..calls.len().min(3 * MAX_CALLS)].chunks(3);
    while let Some(call) = bytes.next() {
        let (kind, a, b) = (call[0], *call.get(1).unwrap_or(&0), *call.get(2).unwrap_or(&0));
        // The page's view, for the calls that choose from it or may be
        // refused (then it must not change); others skip its cost.
        let view = matches!(kind % 16, 0..=4 | 11..=14).then(|| s.build_view()).unwrap_or_default();
        let before = (11..=14).contains(&(kind % 16)).then(|| (s.game().clone(), view.clone()));
        let result = match kind % 16 {
            0 => pick(&view.origins, a).map(|c| s.select_origin(c)),
            1 => pick(&view.counts, a).map(|k| s.pick_up(k as u32)),
            2 => pick(&view.steps, a).map(|(c, drops)| s.step(c, drops[b as usize % drops.len()] as u32)),
            3 => pick(&view.places, a).map(|c| {
                let (low, high) = s.builder().place_range(c).expect("an offered cell has a range");
                s.place(c, low + b as u32 % (high - low + 1))
            }),
            4 => {
                let done = view.stage == "done";
                let plies = s.game().plies().len();
                let r = s.commit();
                assert_eq!(r.is_ok(), done, "commit works exactly when the move is done: {r:?}");
                if done {
                    assert_eq!(s.game().plies().len(), plies + 1);
                    assert_eq!(s.game().move_texts().last(), view.mv.as_ref());
                }
                None
            }
            5 => { s.undo_choice(); None }
            6 => { s.cancel(); None }
            7 => {
                let game = s.game().clone();
                if s.undo() {
                    assert!(s.redo(), "what was undone can be redone");
                    assert_eq!(s.game(), &game, "undo then redo restores the game");
                }
                None
            }
            8 => { s.undo(); None }
            9 => { s.redo(); None }
            // Listing every Cash in Hand move takes milliseconds (tens of
            // thousands of moves): Intermedium only, and a random move's text
            // in Cash in Hand.
            10 if s.game().game() == GameKind::Intermedium => match s.legal_moves(8) {
                Ok(moves) => pick(&moves, a).map(|m| s.play(&m)),
                Err(e) => { assert_eq!(e.code, "limit"); None }
            },
            10 => {
                let mut rng = SmallRng::seed_from_u64(a as u64);
                cash_random_move(s.game().position(), s.game().rules(), &mut rng)
                    .map(|t| s.play(&t.mv.to_string()))
            }
            // Arbitrary input: may be refused, and then changes nothing.
            11 => {
                // The next few calls' bytes, as printable text.
                let text: String = bytes
                    .by_ref()
                    .take(a as usize % 8)
                    .flatten()
                    .map(|&c| (c % 95 + 32) as char)
                    .collect();
                if s.play(&text).is_err() {
                    assert_eq!(Some((s.game().clone(), s.build_view())), before, "a refused move changed the session");
                }
                None
            }
            12..=14 => {
                let name = format!("{}{}", (b'a' + a % 20) as char, b % 14);
                let r = s.parse_cell(&name).and_then(|c| match kind % 16 {
                    12 => s.select_origin(c),
                    13 => s.step(c, b as u32 / 14),
                    _ => s.place(c, b as u32 / 14),
                });
                if r.is_err() {
                    assert_eq!(Some((s.game().clone(), s.build_view())), before, "a refused call changed the session");
                }
                None
            }
            _ => None,
        };
        if let Some(Err(e)) = result {
            panic!("an offered choice was refused: {e}");
        }
    }
});
