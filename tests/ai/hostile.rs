//! Hostile but legal set-ups (issue 16): the AI keeps to its deadline even
//! where listing the root's moves alone would take seconds. No wall clock:
//! a clock that advances one millisecond each time it is read.

use sowboard::ai::{choose_move, Clock, Limits};
use sowboard::{Game, Position, Rules};
use std::cell::Cell;

/// Advances 1 ms per read and counts the reads.
#[derive(Default)]
struct Ticking(Cell<u32>);

impl Clock for Ticking {
    fn now_ms(&self) -> f64 {
        self.0.set(self.0.get() + 1);
        self.0.get() as f64
    }
}

/// Blue's 255-stone stack: its distinct sowings pass the work limit, which
/// the listing reaches after about 2 s natively (5,000,000 states).
const TALL: &str = "intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,255,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,200,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 5";

#[test]
fn the_root_list_of_a_255_stone_stack_stops_at_the_deadline() {
    let pos: Position = TALL.parse().expect("a valid position");
    let rules = Rules::default();
    let game = Game::from_position(pos, rules);
    for level in [1, 5] {
        let clock = Ticking::default();
        let limits = Limits { nodes: None, time_ms: Some(10.0) };
        let t = choose_move(&game, level, 7, limits, &clock).expect("a move");
        assert!(pos.play(&t.mv, &rules).is_ok(), "level {level}: {} is legal", t.mv);
        // The listing asks the clock every 65,536 states: reads past the
        // deadline's 10 show that it was asked, and so stopped about 10 x
        // 65,536 states in, not at the 5,000,000 of the work limit (which
        // never reads the clock: one read at the start would be all).
        let reads = clock.0.get();
        assert!((10..40).contains(&reads), "level {level}: {reads} clock reads");
    }
}
