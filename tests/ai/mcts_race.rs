//! `mcts` in Intermedium city races (`Domain::order_fully`,
//! `Domain::widen_below`, `Intermedium::city_falls`): it parries a city
//! threat in one. (`city_falls` itself is tested in `src/ai/intermedium.rs`.)

use sowboard::ai::{choose, Agent, Limits, NoClock};
use sowboard::{Game, Rules, Transition, DEFAULT_MOVE_LIMIT};

/// Whether the side to move in `game` can capture the enemy city now.
fn city_in_one(game: &Game) -> bool {
    let rules = game.rules();
    game.position()
        .legal_moves(rules, DEFAULT_MOVE_LIMIT)
        .unwrap()
        .iter()
        .any(|t| t.decisive.is_some_and(|o| o.winner == Some(game.position().side_to_move)))
}

/// The game after `moves` (space-separated) from the Intermedium start.
fn game_after(moves: &str) -> Game {
    let mut game = Game::new(sowboard::GameKind::Intermedium, Rules::default());
    for mv in moves.split(' ') {
        game.play_text(mv).expect("a legal move");
    }
    game
}

/// Whether every move of the side to move in `game` lets the other side
/// take the city at once.
fn every_reply_loses_the_city(game: &Game) -> bool {
    let replies = game.position().legal_moves(game.rules(), DEFAULT_MOVE_LIMIT).unwrap();
    replies.iter().all(|t| {
        let mut g = game.clone();
        g.push(t.clone());
        city_in_one(&g)
    })
}

/// Asserts that after `line` from `game` every reply lets the side that
/// played the line's last move take the city at once.
fn assert_line_loses(game: &Game, line: [&str; 2]) {
    let mut lost = game.clone();
    for mv in line {
        lost.play_text(mv).unwrap();
    }
    assert!(every_reply_loses_the_city(&lost), "the line really loses");
}

/// The top level's move in `game` with `seed` on `nodes` (`None`: its own
/// budget), and the game after it.
fn top_level_plays(game: &Game, seed: u64, nodes: Option<u64>) -> (Transition, Game) {
    let limits = Limits { nodes, time_ms: None };
    let t = sowboard::ai::choose_move(game, sowboard::ai::LEVELS, seed, limits, &NoClock)
        .expect("a move");
    let mut after = game.clone();
    after.push(t.clone());
    (t, after)
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

/// From a match (level 5 against `mcts`, seed 101, game 7, before this
/// round): Blue played e2-d3-c4-b5-a6, after which Red's f4-e3-d2-c1 makes
/// a city threat that no Blue move parries (a loss in three plies that the
/// tree search only sampled). Level 5 takes the exact knowledge as proof
/// (`mcts::Settings::prove`) and must not walk into it.
#[test]
fn top_level_does_not_walk_into_an_unstoppable_city_threat() {
    let game = game_after("d3-c2-b3-c4-b5 a9-b8-a7-b6-a5 b3-c4-b5-a6-b7-a8 b8-c7-d6-c5-b4-a5 c4-b5-a6-b7-c6-b5-a6 c9-b8-c7-b6-c5 e4-d5-c6-b7-a8 d8-c7-b8-a7-b6 c2-b3-c4-b5-c6-d5 c7-d6-e5-f4-e3-f2-g3-f4 a4-b5-a6-b7-c6 e7-f6-e5-f4-e3");
    assert_line_loses(&game, ["e2-d3-c4-b5-a6", "f4-e3-d2-c1"]);
    for seed in 0..3 {
        let (t, _) = top_level_plays(&game, seed, Some(250_000));
        assert_ne!(t.mv.to_string(), "e2-d3-c4-b5-a6", "seed {seed}");
    }
}

/// From a match (level 5 as Red against `mcts-tuned`, seed 103, game 38,
/// before round 11): the tree search preferred g7-f8-e7-d8-e9-f10, the
/// stack guard passed over it (it leaves a big stack to a capture) and took
/// the next move in the list, d8-c9-d10-e9-f10, which the tree had proven
/// lost: Blue's e8-d9-e10 then threatens the city and no Red move parries
/// it. A move proven lost is never the guard's rescue (`mcts::ranked` puts
/// such moves last and counts them).
#[test]
fn top_level_guard_does_not_trade_a_stack_for_the_city() {
    let game = game_after("e4-d5-e6-f7-g6 d8-e9-d10-c9-b10 c2-d3-c4-b3-a4 c7-d8-e9-f8-g7 d3-c4-b5-a4-b3-c4 f8-e9-d8-c9-b8-a9 a2-b3-c4-b5-a4 e7-d8-c9-b10-a9 c4-d5-c6-d7-e8-f9-e10-d9-e8 c9-d8-e9-f10-g9-f8-e9-d10 b3-a4-b5-a6-b7-c8-d9-e10");
    assert_line_loses(&game, ["d8-c9-d10-e9-f10", "e8-d9-e10"]);
    // Seed 0 is the one that played the losing move (with the level's own
    // budget and with four times it).
    for seed in 0..3 {
        let (t, _) = top_level_plays(&game, seed, None);
        assert_ne!(t.mv.to_string(), "d8-c9-d10-e9-f10", "seed {seed}");
    }
}

/// From round 23's full-budget match (level 8 as Blue against `mcts-tuned`,
/// seed 101, game 1): after Red's eighth ply Blue's c4-d3-e4-d5-e6-d7-e8-d9-e10
/// makes a city threat that no Red move parries (a win in three plies, as
/// `sowboard analyse` says), but the cheap prior ranked it too low for the
/// tree's widening to reach, and level 8 played c4-b5-c6-b7-c8-d9-c10-b9-c8.
/// Since round 24 each root move that starts a city race is screened by the
/// exact knowledge (`Domain::decided`), so the threat is seen as the win it is.
#[test]
fn top_level_takes_a_win_in_three_by_a_city_threat() {
    let game = game_after("b3-c4-d5-e6-d7 g7-f6-e5-f4-g3 g4-f3-e4-d3-c4 c7-d8-c9-b8-a7 g2-f3-e2-d3-c4 a7-b6-c5-d4-e3-f4 e2-d3-c4-b3-c2-d3 f8-e9-d8-c9-b8");
    for seed in 0..3 {
        let (t, after) = top_level_plays(&game, seed, Some(30_000));
        assert!(every_reply_loses_the_city(&after), "seed {seed}: {} leaves Red a parry", t.mv);
    }
}

/// From round 24's pilot (game 89, level 8 as Blue, far ahead): after
/// c8-d7-e8 Red's 8-stack answers c9-b8-a7-b6-a5-b4-c3-b2-c1 and no Blue
/// move then keeps the city. Stacks of 5-9 stand next to both cities, so
/// the tree screens thousands of replies per node; until round 25 each
/// threatening reply listed Blue's parries anew, the tree made 10
/// iterations on 126 000 nodes and played c8-d7-e8 for seeds 0 and 2. With
/// the parries shared (`Intermedium::parries`) it searches and parries.
#[test]
fn top_level_parries_a_city_race_fought_with_tall_stacks() {
    let game = game_after("d3-e4-f3-e2-f1 f8-e9-d8-c9-b10 e4-f3-e2-f1-g2-f3 a9-b8-c9-d8-c7 e2-f3-g2-f1-e2-f3-g4 e7-d8-c9-b8-a7 f3-e4-d5-c6-b7-c8-d9-e8-d7-c8 a7-b8-c9-d8-c7-b8");
    let threat = "c9-b8-a7-b6-a5-b4-c3-b2-c1";
    assert_line_loses(&game, ["c8-d7-e8", threat]);
    for seed in 0..3 {
        let (t, mut after) = top_level_plays(&game, seed, Some(126_000));
        if after.play_text(threat).is_ok() {
            assert!(!every_reply_loses_the_city(&after), "seed {seed}: {} loses the city", t.mv);
        }
    }
}
