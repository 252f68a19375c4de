//! Bytes as a sequence of move-builder actions (choose among the offered
//! choices, or try arbitrary ones): never panics, offered choices are always
//! accepted, refused ones change nothing, and a finished move re-validates.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowboard::{Board, Cell, MoveBuilder, Position, Rules, Stage};
use std::sync::OnceLock;

const POSITIONS: [&str; 5] = [
    "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,0,2,0,0,0,0/0,4,1,1,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 10",
    "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20",
    "cash-in-hand 32,0,0,0,0,0,0,32/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,32 white 0 1",
    // More than 255 stones: drops and redistributions can overflow.
    "cash-in-hand 255,0,0,0,0,0,0,32/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,200 white 0 1",
    "cash-in-hand 7,1,7,1,7,1,7,1/1,7,1,7,1,7,1,7/7,1,7,1,7,1,7,1/1,7,1,7,1,7,1,7/7,1,7,1,7,1,7,1/1,7,1,7,1,7,1,7/7,1,7,1,7,1,7,1/1,7,1,7,1,7,1,7 white 0 1",
];

/// Actions read per input: a move takes at most a few dozen choices, so
/// longer inputs would only repeat undo/redo cycles at a slower pace.
const MAX_ACTIONS: usize = 96;

fn positions() -> &'static [Position] {
    static PARSED: OnceLock<Vec<Position>> = OnceLock::new();
    PARSED.get_or_init(|| POSITIONS.iter().map(|t| t.parse().unwrap()).collect())
}

/// What the builder shows (everything a refused action must leave alone);
/// cheaper to compare than its `Debug` text.
#[derive(PartialEq, Debug)]
struct Shown {
    stage: Stage,
    origin: Option<Cell>,
    cash: u8,
    path: Vec<(Cell, u8)>,
    captured: Vec<Cell>,
    to_place: u32,
    board: Board,
}

fn shown(b: &MoveBuilder) -> Shown {
    Shown {
        stage: b.stage(),
        origin: b.origin(),
        cash: b.cash(),
        path: b.path(),
        captured: b.captured(),
        to_place: b.to_place(),
        board: b.board(),
    }
}

fn pick<T: Clone>(options: &[T], byte: u8) -> Option<T> {
    (!options.is_empty()).then(|| options[byte as usize % options.len()].clone())
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, actions)) = data.split_first() else { return };
    let pos = &positions()[which as usize % POSITIONS.len()];
    let actions = &actions[..actions.len().min(2 * MAX_ACTIONS)];
    let rules = Rules::default();
    let mut b = MoveBuilder::new(pos, &rules);
    for pair in actions.chunks(2) {
        let (kind, arg) = (pair[0], *pair.get(1).unwrap_or(&0));
        let free_cell = Cell::new(arg % 16, arg / 16);
        let arbitrary = kind % 8 >= 5;
        let before = arbitrary.then(|| shown(&b));
        let result = match (kind % 8, b.stage()) {
            (0, _) => { b.undo(); Ok(()) }
            (1, Stage::Origin) => match pick(&b.origins(), arg) { Some(c) => b.select_origin(c), None => Ok(()) },
            (2, Stage::Count) => match pick(&b.count_options(), arg) { Some(k) => b.pick_up(k as u32), None => Ok(()) },
            (3, Stage::Step) => match pick(&b.step_options(), arg) {
                Some(o) => {
                    let drops = o.drops();
                    let d = drops[(kind as usize / 8) % drops.len()];
                    b.step(o.cell, d as u32)
                }
                None => Ok(()),
            },
            (4, Stage::Place) => match pick(&b.place_options(), arg) {
                Some(c) => {
                    let (low, high) = b.place_range(c).expect("an offered cell has a range");
                    b.place(c, low + (kind as u32 / 8) % (high - low + 1))
                }
                None => Ok(()),
            },
            // Arbitrary, probably wrong, input: must be refused cleanly.
            (5, _) => b.select_origin(free_cell).map(|_| ()),
            (6, _) => b.step(free_cell, kind as u32 / 8),
            (7, _) => b.place(free_cell, kind as u32 / 8),
            _ => Ok(()),
        };
        match (result, before) {
            (Err(e), None) => panic!("an offered choice was refused: {e}"),
            (Err(_), Some(before)) => assert_eq!(shown(&b), before, "a refused action changed the builder"),
            _ => {}
        }
        if b.stage() == Stage::Done {
            let t = b.finish().expect("a finished builder yields its move");
            let again = pos.play(&t.mv, &rules).expect("a built move re-validates");
            assert_eq!(again.position, t.position);
            return;
        }
    }
});
