//! Bytes as a sequence of calls on the game API the wasm `Game` class
//! exposes (`Session`: build a move choice by choice, commit, play texts,
//! undo/redo, list moves), natively: never panics, offered choices are
//! accepted, refused calls change nothing, undo then redo restores the game.
//! The AI (`ai_move`) is left out: one search takes milliseconds, which
//! would cut the executions a hundredfold; the soak tests drive it.
//!
//! Each choice call asks the builder only the question it chooses from (the
//! page's `build_view` asks them all: a call of its own here), and a refused
//! call is checked against what the builder shows, not a whole view: the
//! executions go to the calls, not to recomputing every list after each.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::{Board, Cell, Game, GameKind, MoveBuilder, Position, RuleOptions, Session, Stage};
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
const MAX_CALLS: usize = 48;

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

/// Everything a refused call must leave alone: the game and what the
/// builder shows (its lists follow from these).
#[derive(PartialEq, Debug)]
struct Shown {
    game: Game,
    stage: Stage,
    origin: Option<Cell>,
    path: Vec<(Cell, u8)>,
    to_place: u32,
    board: Board,
}

fn shown(s: &Session) -> Shown {
    let b = s.builder();
    Shown {
        game: s.game().clone(),
        stage: b.stage(),
        origin: b.origin(),
        path: b.path(),
        to_place: b.to_place(),
        board: b.board(),
    }
}

/// A random legal move's text, built choice by choice (cheaper than the
/// full list, which the `legal_moves` call gets once per input). `None`
/// when the game is over or the builder offers nothing.
fn random_move(s: &Session, seed: u8) -> Option<String> {
    if s.game().outcome().is_some() {
        return None;
    }
    let mut rng = SmallRng::seed_from_u64(seed as u64);
    let mut b = MoveBuilder::new(s.game().position(), s.game().rules());
    fn any<T: Clone>(options: &[T], rng: &mut SmallRng) -> Option<T> {
        (!options.is_empty()).then(|| options[rng.random_range(0..options.len())].clone())
    }
    loop {
        let r = match b.stage() {
            Stage::Origin => b.select_origin(any(&b.origins(), &mut rng)?),
            Stage::Count => b.pick_up(any(&b.count_options(), &mut rng)? as u32),
            Stage::Step => {
                let o = any(&b.step_options(), &mut rng)?;
                b.step(o.cell, any(&o.drops(), &mut rng)? as u32)
            }
            Stage::Place => {
                let c = any(&b.place_options(), &mut rng)?;
                let (low, high) = b.place_range(c).expect("an offered cell has a range");
                b.place(c, rng.random_range(low..=high))
            }
            Stage::Done => return b.finish().map(|t| t.mv.to_string()),
        };
        r.expect("the builder accepts what it offers");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, calls)) = data.split_first() else { return };
    let mut s = session(first);
    let mut listed = false;
    let mut bytes = calls[..calls.len().min(3 * MAX_CALLS)].chunks(3);
    while let Some(call) = bytes.next() {
        let (kind, a, b) = (call[0], *call.get(1).unwrap_or(&0), *call.get(2).unwrap_or(&0));
        let before = (11..=14).contains(&(kind % 16)).then(|| shown(&s));
        let builder = s.builder();
        // The builder works from the position alone; once the game is over
        // (a repetition draw is not in the position) the page offers no
        // choice (`build_view` says "over") and the session refuses them.
        let over = s.game().outcome().is_some();
        let result = match kind % 16 {
            0..=3 if over => {
                let origin = builder.origins().first().copied();
                if let Some(c) = origin {
                    assert!(s.select_origin(c).is_err(), "a finished game takes no move");
                }
                None
            }
            0 => pick(&builder.origins(), a).map(|c| s.select_origin(c)),
            1 => pick(&builder.count_options(), a).map(|k| s.pick_up(k as u32)),
            2 => pick(&builder.step_options(), a).map(|o| {
                let drops = o.drops();
                s.step(o.cell, drops[b as usize % drops.len()] as u32)
            }),
            3 => pick(&builder.place_options(), a)
                .map(|c| (c, builder.place_range(c).expect("an offered cell has a range")))
                .map(|(c, (low, high))| s.place(c, low + b as u32 % (high - low + 1))),
            4 => {
                let done = s.game().outcome().is_none() && builder.stage() == Stage::Done;
                let text = builder.finish().map(|t| t.mv.to_string());
                let plies = s.game().plies().len();
                let r = s.commit();
                assert_eq!(r.is_ok(), done, "commit works exactly when the move is done: {r:?}");
                if done {
                    assert_eq!(s.game().plies().len(), plies + 1);
                    assert_eq!(s.game().move_texts().last(), text.as_ref());
                }
                None
            }
            5 => {
                s.undo_choice();
                None
            }
            6 => {
                s.cancel();
                None
            }
            7 => {
                let game = s.game().clone();
                if s.undo() {
                    assert!(s.redo(), "what was undone can be redone");
                    assert_eq!(s.game(), &game, "undo then redo restores the game");
                }
                None
            }
            8 => {
                s.undo();
                None
            }
            9 => {
                s.redo();
                None
            }
            // The whole sorted list costs far more than any other call (and
            // in Cash in Hand usually ends at the work limit): once per input,
            // in Intermedium, where it is small.
            10 if !listed && s.game().game() == GameKind::Intermedium => {
                listed = true;
                match s.legal_moves(8) {
                    Ok(moves) => {
                        assert!(moves.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
                        pick(&moves, a).map(|m| s.play(&m))
                    }
                    Err(e) => {
                        assert_eq!(e.code, "limit");
                        None
                    }
                }
            }
            10 => random_move(&s, a).map(|m| s.play(&m)),
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
                    assert_eq!(Some(shown(&s)), before, "a refused move changed the session");
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
                    assert_eq!(Some(shown(&s)), before, "a refused call changed the session");
                }
                None
            }
            // What the page asks after every click.
            _ => {
                let view = s.build_view();
                let over = s.game().outcome().is_some();
                assert_eq!(view.stage, if over { "over" } else { s.builder().stage().name() });
                assert_eq!(
                    view.mv.is_some(),
                    view.stage == "done",
                    "a move text exactly when done"
                );
                None
            }
        };
        if let Some(Err(e)) = result {
            panic!("an offered choice was refused: {e}");
        }
    }
});
