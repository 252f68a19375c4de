//! `mcts` in Intermedium city races (`Domain::order_fully`,
//! `Domain::widen_below`, `Intermedium::city_falls`): it parries a city
//! threat in one. (`city_falls` itself is tested in `src/ai/intermedium.rs`.)

use sowboard::ai::{choose, Agent, Limits, NoClock};
use sowboard::{Game, Rules, DEFAULT_MOVE_LIMIT};

/// Whether the side to move in `game` can capture the enemy city now.
fn city_in_one(game: &Game) -> bool {
    let rules = game.rules();
    game.position()
        .legal_moves(rules, DEFAULT_MOVE_LIMIT)
        .unwrap()
        .iter()
        .any(|t| t.decisive.is_some_and(|o| o.winner == Some(game.position().side_to_move)))
}

/// Red threatens e3-d2-c1 onto Blue's full city ring; only capturing e1
/// (g2-f1-e2 or g2-f3-e2) parries it.
const CITY_THREAT: &str = "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,2,0,0/0,0,0,1,1,0,2/0,0,1,1,1,1,0 blue 0 10";

#[test]
fn mcts_parries_a_city_threat_in_one() {
    let game = Game::from_position(CITY_THREAT.parse().unwrap(), Rules::default());
    for seed in 0..4 {
        let limits = Limits { nodes: Some(30_000), time_ms: None };
        let t = choose(Agent::Mcts, &game, seed, limits, &NoClock).expect("a move");
        let mut after = game.clone();
        after.push(t);
        assert!(!city_in_one(&after), "seed {seed}: Red can still take the city");
    }
}
