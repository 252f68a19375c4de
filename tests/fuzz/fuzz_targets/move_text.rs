//! Any text as a move, in every game and a few positions: playing it never
//! panics, a refused move changes nothing, and an accepted move's canonical
//! notation plays to the same result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowboard::{Game, GameKind, Position, Rules};

const POSITIONS: [&str; 4] = [
    "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,0,2,0,0,0,0/0,4,1,1,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 10",
    "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20",
    "intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1",
    "cash-in-hand 32,0,0,0,0,0,0,32/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,32 white 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let pos: Position = POSITIONS[which as usize % POSITIONS.len()].parse().unwrap();
    let mut game = Game::from_position(pos, Rules::default());
    let before = game.clone();
    match game.play_text(text) {
        Err(_) => assert_eq!(game, before, "a refused move changed the game"),
        Ok(ply) => {
            let canonical = ply.transition.mv.to_string();
            let t = ply.transition.clone();
            let again = pos.play_text(&canonical, &Rules::default()).expect("canonical notation plays");
            assert_eq!(again.position, t.position);
            assert_eq!(again.mv.to_string(), canonical);
            assert_eq!(GameKind::ALL.contains(&pos.game), true);
        }
    }
});
