//! AI properties over positions reached by random play: every returned move
//! is legal (re-validated with `Position::play`), and the same seed replays
//! the same game.

use proptest::prelude::*;
use sowboard::ai::{choose, Agent, Limits, NoClock};
use sowboard::{Game, GameKind, Rules};

const TINY: Limits = Limits { nodes: Some(3_000), time_ms: None };

/// A game after `plies` random moves (fewer if it ends first).
fn random_game(kind: GameKind, plies: usize, seed: u64) -> Game {
    let mut game = Game::new(kind, Rules::default());
    for i in 0..plies {
        match choose(Agent::Random, &game, seed.wrapping_add(i as u64), TINY, &NoClock) {
            Some(t) => game.push(t),
            None => break,
        }
    }
    game
}

fn plays_legal_moves(kind: GameKind, plies: usize, seed: u64, level: u8) {
    let game = random_game(kind, plies, seed);
    let chosen = choose(Agent::Level(level), &game, seed, TINY, &NoClock);
    match chosen {
        None => {
            assert!(game.outcome().is_some(), "no move in an unfinished game: {}", game.position())
        }
        Some(t) => {
            assert!(game.outcome().is_none());
            let replayed = game.position().play(&t.mv, game.rules());
            assert_eq!(replayed.as_ref().ok(), Some(&t), "{} in {}", t.mv, game.position());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn intermedium_moves_are_legal(plies in 0usize..80, seed in any::<u64>(), level in 1u8..=5) {
        plays_legal_moves(GameKind::Intermedium, plies, seed, level);
    }

    #[test]
    fn cash_moves_are_legal(plies in 0usize..60, seed in any::<u64>(), level in 1u8..=5) {
        plays_legal_moves(GameKind::CashInHand, plies, seed, level);
    }
}

fn play_out(kind: GameKind, seed: u64, plies: usize) -> Vec<String> {
    let mut game = Game::new(kind, Rules::default());
    let agents = [Agent::Level(3), Agent::Level(2)];
    for i in 0..plies {
        let agent = agents[i % 2];
        match choose(agent, &game, seed, TINY, &NoClock) {
            Some(t) => game.push(t),
            None => break,
        }
    }
    game.move_texts()
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for kind in GameKind::ALL {
        let a = play_out(kind, 42, 24);
        assert_eq!(a, play_out(kind, 42, 24), "{kind}");
        assert!(a.len() >= 10, "{kind}");
    }
}

/// `mcts` takes the seed: the same seed replays its move, and from the
/// start (where several moves are about equal) different seeds pick
/// different moves, so games from one opening can differ.
#[test]
fn mcts_seeds_vary_its_choice_among_equal_moves() {
    let limits = Limits { nodes: Some(2_000), time_ms: None };
    for kind in [GameKind::Intermedium, GameKind::CashInHand] {
        let game = Game::new(kind, Rules::default());
        let pick = |seed: u64| {
            choose(Agent::Mcts, &game, seed, limits, &NoClock).expect("a move").position
        };
        let picks: Vec<_> = (0..8).map(pick).collect();
        assert_eq!(picks[0], pick(0), "{kind:?}: same seed, same move");
        assert!(picks.iter().any(|p| *p != picks[0]), "{kind:?}: every seed chose alike");
    }
}
