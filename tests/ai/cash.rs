//! Cash in Hand AI behaviour: captures found by the candidate generator,
//! legal moves only, reproducible games.

use sowboard::ai::{choose, choose_move, Agent, Limits, NoClock, LEVELS};
use sowboard::{Game, GameKind, Rules};

const SMALL: Limits = Limits { nodes: Some(20_000), time_ms: None };

/// Black's 3-stack on d4 has one free neighbour left (d5); White's e6 can
/// step there, after which d4 is surrounded by more stones than it holds.
const CAPTURE: &str = "cash-in-hand 0,0,0,0,0,0,0,5/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,0,0,0,0,0,0/0,0,2,3,2,0,0,0/0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 white 0 10";

#[test]
fn finds_a_capture_for_material() {
    let game = Game::from_position(CAPTURE.parse().unwrap(), Rules::default());
    // The capture is real.
    let t = game.position().play_text("e6:1 d5:1 (:d4) c4:3", game.rules()).unwrap();
    assert_eq!(t.captured_stones, 3);
    for level in 2..=LEVELS {
        let t = choose_move(&game, level, 9, SMALL, &NoClock).expect("a move");
        assert!(
            t.captured_stones >= 3,
            "level {level} played {} capturing {}",
            t.mv,
            t.captured_stones
        );
        assert_eq!(game.position().play(&t.mv, game.rules()).as_ref(), Ok(&t));
    }
    let t = choose(Agent::Greedy, &game, 1, SMALL, &NoClock).unwrap();
    assert!(t.captured_stones >= 3);
}

#[test]
fn reference_agents_move_legally() {
    let game = Game::new(GameKind::CashInHand, Rules::default());
    for agent in [Agent::Random, Agent::Greedy, Agent::Uct] {
        let limits = Limits { nodes: Some(2_000), time_ms: None };
        let t = choose(agent, &game, 1, limits, &NoClock).expect("a move");
        assert_eq!(game.position().play(&t.mv, game.rules()).unwrap(), t, "{agent}");
    }
}
