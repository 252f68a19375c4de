//! Bytes as a sequence of move-builder actions (choose among the offered
//! choices, or try arbitrary ones): never panics, offered choices are always
//! accepted, refused ones change nothing, and a finished move re-validates.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowboard::{Cell, MoveBuilder, Position, Rules, Stage};

const POSITIONS: [&str; 3] = [
    "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,0,2,0,0,0,0/0,4,1,1,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 10",
    "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20",
    "cash-in-hand 32,0,0,0,0,0,0,32/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,32 white 0 1",
];

fn pick<T: Clone>(options: &[T], byte: u8) -> Option<T> {
    (!options.is_empty()).then(|| options[byte as usize % options.len()].clone())
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, actions)) = data.split_first() else { return };
    let pos: Position = POSITIONS[which as usize % POSITIONS.len()].parse().unwrap();
    let rules = Rules::default();
    let mut b = MoveBuilder::new(&pos, &rules);
    for pair in actions.chunks(2) {
        let (kind, arg) = (pair[0], *pair.get(1).unwrap_or(&0));
        let snapshot = format!("{:?}", b);
        let free_cell = Cell::new(arg % 16, arg / 16);
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
                Some(c) => { let n = 1 + (kind as u32 / 8) % b.to_place().max(1); b.place(c, n.min(b.to_place())) }
                None => Ok(()),
            },
            // Arbitrary, probably wrong, input: must be refused cleanly.
            (5, _) => b.select_origin(free_cell).map(|_| ()),
            (6, _) => b.step(free_cell, kind as u32 / 8),
            (7, _) => b.place(free_cell, kind as u32 / 8),
            _ => Ok(()),
        };
        match (kind % 8, result) {
            (1..=4, Err(e)) => panic!("an offered choice was refused: {e}"),
            (_, Err(_)) => assert_eq!(format!("{:?}", b), snapshot, "a refused action changed the builder"),
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
