//! `mcts` finishes a won Cash in Hand game (round 5). Its leaves are win
//! probabilities, which at a lead of 50 stones or more read 0.99999 for
//! every move unless the lead is flattened (`eval_cash::compress`): it then
//! shuffled for hundreds of plies. Node budgets only, no clock.

use sowboard::ai::{choose, Agent, Limits, NoClock};
use sowboard::{Game, Position, Rules, Side};

/// White a8:30 and h1:30 against Black's four single stones on d4, e5, b2
/// and g7; White to move.
const FOUR_LEFT: &str = "cash-in-hand 30,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0/0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,30 white 0 20";

/// Plies until the game ends with `mcts` as White against `defender`, or
/// `None` if it has not ended within `cap`.
fn plies_to_finish(defender: Agent, seed: u64, cap: usize) -> Option<(usize, Option<Side>)> {
    let pos: Position = FOUR_LEFT.parse().expect("a valid set-up");
    let mut game = Game::from_position(pos, Rules::default());
    let limits = Limits { nodes: Some(60_000), time_ms: None };
    for ply in 0..cap {
        if let Some(outcome) = game.outcome() {
            return Some((ply, outcome.winner));
        }
        let agent = if ply % 2 == 0 { Agent::Mcts } else { defender };
        let t = choose(agent, &game, seed, limits, &NoClock).expect("a move while not over");
        game.push(t);
    }
    None
}

#[test]
fn mcts_far_ahead_wins_instead_of_shuffling() {
    for seed in [1, 2, 3] {
        for defender in [Agent::Level(3), Agent::Level(5)] {
            let end = plies_to_finish(defender, seed, 80);
            eprintln!("seed {seed} against {defender}: {end:?}");
            let (plies, winner) = end.unwrap_or_else(|| {
                panic!("seed {seed} against {defender}: not over after 80 plies")
            });
            assert_eq!(winner, Some(Side::First), "seed {seed} against {defender} after {plies}");
        }
    }
}
