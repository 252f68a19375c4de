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

/// Advances a second per read and counts the reads: a search's deadline
/// comes a few clock reads after it starts, whatever the machine's speed.
#[derive(Default)]
struct Seconds(Cell<u32>);

impl Clock for Seconds {
    fn now_ms(&self) -> f64 {
        self.0.set(self.0.get() + 1);
        1000.0 * self.0.get() as f64
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

/// The analysis board on the same set-up: its moves cannot be listed, and
/// it says so (the `limit` error, which the page shows as "The analysis
/// failed: too many moves ...") instead of "no move", as it did before.
#[test]
fn analysing_a_255_stone_stack_is_the_limit_error_not_no_move() {
    use sowboard::ai::analyse::{analyse, Strength};
    use sowboard::ai::NoClock;
    let pos: Position = TALL.parse().unwrap();
    let game = Game::from_position(pos, Rules::default());
    assert!(game.outcome().is_none(), "Blue has moves");
    let strength = Strength { level: 3, nodes: Some(10_000) };
    let result = analyse(&game, strength, &NoClock, &mut |_| true);
    assert_eq!(
        result.map(|_| ()),
        Err(sowboard::LimitExceeded { limit: sowboard::DEFAULT_MOVE_LIMIT })
    );
}

/// The review of one move from that set-up: Blue's position at its start
/// cannot be listed, and the review says so (the `limit` error, which the
/// page shows as "The review failed: ...") instead of scoring it as lost for
/// Blue, which made the move from it a "blunder". (Red's position after it
/// has 430 moves, but each root move's evaluation lists Blue's moves to the
/// inner limit and gives up: the node budget did not bound that search, and
/// the review ran for more than ten minutes natively; the search's safety
/// deadline, `SEARCH_DEADLINE_MS`, bounds it now: `sowboard bench --hostile`,
/// docs/testing.md, "Robustness".)
#[test]
fn reviewing_a_move_from_a_255_stone_set_up_is_the_limit_error_not_a_blunder() {
    use sowboard::ai::review::{review, REVIEW};
    let mut game = Game::from_position(TALL.parse().unwrap(), Rules::default());
    game.play_text("c4-b3-a2-b1-c2").expect("a legal move");
    let result = review(&game, REVIEW, &Seconds::default(), &mut |_, _| true);
    assert!(result.is_err(), "{result:?}");
}

/// Blue's only stacks are tall: their distinct sowings pass the work limit,
/// so every search's root list stops there, before any move is ranked, and
/// random paths of 200 steps nearly always run into a corner (the playout
/// move's few tries all failed there). The first is at the page's cap (88
/// stones: a 78-stack against Red's five 2s); the second, 255 stones (a
/// 200-stack against Red's eleven 5s), is refused by the page but played by
/// the engine and the command line.
const ONLY_TALL: [&str; 2] = [
    "intermedium 0,0,0,0,0,0,0/0,0,2,0,2,0,0/0,2,0,2,0,2,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,78,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 5",
    "intermedium 0,0,0,0,0,0,0/5,0,5,0,5,0,5/0,5,0,5,0,5,0/5,0,5,0,5,0,5/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,200,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 5",
];

/// Every level whose search is cut before it ranks any move still plays a
/// legal move (the builder's), with its node budget: cut by the work limit
/// with no clock at all (level 1: the listing runs to the limit, a few
/// seconds), and at every level by a deadline on a clock that advances a
/// second per read (a 3 s deadline: the listing stops some 3 x 65,536
/// states in, far short of the limit, so no move is ranked). The same seed
/// gives the same move.
#[test]
fn a_search_cut_before_any_move_is_ranked_still_plays_a_legal_move() {
    use sowboard::ai::NoClock;
    let rules = Rules::default();
    for (i, text) in ONLY_TALL.into_iter().enumerate() {
        let pos: Position = text.parse().unwrap();
        assert_eq!(pos.check_playable().is_ok(), i == 0, "only the first is within the cap");
        let game = Game::from_position(pos, rules);
        let legal = |t: Option<sowboard::Transition>, what: &str| {
            let t = t.unwrap_or_else(|| panic!("{what}: no move, but Blue has moves"));
            assert!(pos.play(&t.mv, &rules).is_ok(), "{what}: {} is legal", t.mv);
            t.mv
        };
        let nodes = Limits { nodes: Some(2_000), time_ms: None };
        legal(choose_move(&game, 1, 3, nodes, &NoClock), &format!("{i}: level 1, work limit"));
        for level in 1..=sowboard::ai::LEVELS {
            let limits = Limits { nodes: Some(2_000), time_ms: Some(3_000.0) };
            let what = format!("{i}: level {level}, deadline");
            let first = legal(choose_move(&game, level, 3, limits, &Seconds::default()), &what);
            let again = legal(choose_move(&game, level, 3, limits, &Seconds::default()), &what);
            assert_eq!(first, again, "{what}: the same seed, the same move");
        }
    }
}
