//! Intermedium AI behaviour: city captures taken and prevented, legal moves
//! only, and reproducible games.

use sowboard::ai::{choose, choose_move, Agent, Limits, NoClock, LEVELS};
use sowboard::{EndReason, Game, Position, Rules, Side, DEFAULT_MOVE_LIMIT};

/// Small budgets keep the tests quick; the guarantees hold at any budget.
const SMALL: Limits = Limits { nodes: Some(20_000), time_ms: None };

fn game_at(text: &str) -> Game {
    Game::from_position(text.parse().expect("test positions are valid"), Rules::default())
}

fn wins_city(pos: &Position, rules: &Rules) -> bool {
    pos.legal_moves(rules, DEFAULT_MOVE_LIMIT)
        .unwrap()
        .iter()
        .any(|t| t.decisive.is_some_and(|o| o.reason == EndReason::CityCaptured))
}

/// Blue can surround Red's city d10 by sowing e8-d9-c10; a capture for
/// material (the 5-stack on b5) is on offer as a distraction.
const CITY_IN_ONE: &str = "intermedium 0,0,1,0,1,0,0/0,0,0,1,0,0,0/0,0,0,0,2,0,0/0,0,0,0,0,0,0/0,1,0,0,0,0,0/1,5,1,0,0,0,0/2,1,0,0,0,0,0/3,0,3,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 10";

#[test]
fn takes_a_city_capture_in_one() {
    let game = game_at(CITY_IN_ONE);
    assert!(wins_city(game.position(), game.rules()), "the set-up must offer a city capture");
    for level in 2..=LEVELS {
        let t = choose_move(&game, level, 3, SMALL, &NoClock).expect("a move");
        let outcome = t.decisive.expect("the city capture ends the game");
        assert_eq!(outcome.winner, Some(Side::First), "level {level}");
        assert_eq!(outcome.reason, EndReason::CityCaptured, "level {level}");
    }
}

/// Red threatens e3-d2-c1, landing on c1 with Blue's city ring (c1 e1 d2)
/// full. Blue can parry only by capturing e1 (g2-f1-e2 or g2-f3-e2).
const CITY_THREAT: &str = "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,2,0,0/0,0,0,1,1,0,2/0,0,1,1,1,1,0 blue 0 10";

#[test]
fn blocks_a_city_capture_in_one() {
    let game = game_at(CITY_THREAT);
    let rules = *game.rules();
    let pos = *game.position();
    // The threat is real: after a quiet Blue move Red captures the city.
    let quiet = pos.play_text("a6-b7-c8-d9-e10", &rules).unwrap();
    assert!(wins_city(&quiet.position, &rules));
    // And some Blue move parries it.
    let blue = pos.legal_moves(&rules, DEFAULT_MOVE_LIMIT).unwrap();
    let parries = blue.iter().filter(|t| !wins_city(&t.position, &rules)).count();
    assert!(parries > 0 && parries < blue.len());
    for level in 2..=LEVELS {
        let t = choose_move(&game, level, 5, SMALL, &NoClock).expect("a move");
        assert!(!wins_city(&t.position, &rules), "level {level} played {} and lost the city", t.mv);
    }
}

#[test]
fn even_the_beginner_takes_a_win_in_one() {
    let game = game_at(CITY_IN_ONE);
    for seed in 0..5 {
        let t = choose_move(&game, 1, seed, SMALL, &NoClock).unwrap();
        assert!(t.decisive.is_some());
    }
}

#[test]
fn reference_agents_move_legally() {
    let game = Game::new(sowboard::GameKind::Intermedium, Rules::default());
    for agent in [Agent::Random, Agent::Greedy, Agent::Uct] {
        let limits = Limits { nodes: Some(2_000), time_ms: None };
        let t = choose(agent, &game, 1, limits, &NoClock).expect("a move");
        assert_eq!(game.position().play(&t.mv, game.rules()).unwrap(), t, "{agent}");
    }
}
