//! The reference agents the levels are measured against: `random`,
//! `greedy`, plain `uct`, and `mcts` (the strong one) with its tuned-weights
//! twin `mcts-tuned`. None of them is a level.

use crate::ai::engine::budget::Budget;
use crate::ai::engine::{mcts, playout, uct};
use crate::ai::knowledge::cash::CashDomain;
use crate::ai::knowledge::eval_cash;
use crate::ai::knowledge::eval_intermedium::{HAND, TUNED};
use crate::ai::knowledge::intermedium::IntermediumDomain;
use crate::ai::{Clock, Limits};
use crate::game::Game;
use crate::play::Transition;
use crate::variant::GameKind;
use rand::rngs::SmallRng;
use rand::Rng;

/// Node budget for `uct` when the caller gives none.
const REFERENCE_NODES: u64 = 200_000;

/// Node budget of `mcts` when the caller gives none: about half a second a
/// move natively, the independent program's time (Intermedium: 514 ms a
/// move over a 40-game match, docs/ai/journal.md "capture quiescence";
/// 400 000 take about 260 ms).
fn mcts_nodes(game: GameKind) -> u64 {
    match game {
        GameKind::Intermedium => 750_000,
        GameKind::CashInHand => 600_000,
    }
}

/// Uniform over the legal moves (Cash in Hand: over the builder's choices
/// at each stage, since its full list is astronomically long).
pub(super) fn random(game: &Game, rng: &mut SmallRng) -> Option<Transition> {
    let (pos, rules) = (game.position(), game.rules());
    match pos.game {
        GameKind::Intermedium => playout::uniform(pos, rules, rng),
        GameKind::CashInHand => playout::random_by_builder(pos, rules, rng),
    }
}

/// One-ply material: the move after which the mover is furthest ahead in
/// stones; a winning move above all; ties broken at random.
pub(super) fn greedy(game: &Game, rng: &mut SmallRng) -> Option<Transition> {
    let (pos, rules) = (game.position(), game.rules());
    let mover = pos.side_to_move;
    let moves: Vec<Transition> = match pos.game {
        GameKind::Intermedium => pos.legal_moves(rules, crate::play::DEFAULT_MOVE_LIMIT).ok()?,
        GameKind::CashInHand => crate::ai::knowledge::candidates_cash::candidates(
            pos,
            rules,
            &mut Budget::unlimited(),
            true,
        ),
    };
    let value = |t: &Transition| -> i64 {
        if t.decisive.is_some_and(|o| o.winner == Some(mover)) {
            return i64::MAX;
        }
        let p = &t.position;
        p.stones_of(mover) as i64 - p.stones_of(mover.opponent()) as i64
    };
    let best = moves.iter().map(value).max()?;
    let ties: Vec<usize> = (0..moves.len()).filter(|&i| value(&moves[i]) == best).collect();
    let i = ties[rng.random_range(0..ties.len())];
    moves.into_iter().nth(i)
}

/// Plain UCT with random playouts and no game knowledge (`uct.rs`).
pub(super) fn uct(
    game: &Game,
    limits: Limits,
    clock: &dyn Clock,
    rng: &mut SmallRng,
) -> Option<Transition> {
    let mut budget = Budget::new(limits.nodes.unwrap_or(REFERENCE_NODES), limits.time_ms, clock);
    uct::choose(game.position(), game.rules(), rng, &mut budget)
}

/// MCTS with a solver, evaluation-valued leaves and progressive widening
/// (`mcts.rs`), on the hand weights, or on the frozen tuned ones (`tuned`:
/// agent `mcts-tuned`).
pub(super) fn mcts(
    game: &Game,
    tuned: bool,
    limits: Limits,
    clock: &dyn Clock,
    rng: &mut SmallRng,
) -> Option<Transition> {
    let (pos, rules) = (*game.position(), *game.rules());
    let nodes = limits.nodes.unwrap_or(mcts_nodes(pos.game));
    let mut budget = Budget::new(nodes, limits.time_ms, clock);
    match pos.game {
        GameKind::Intermedium => {
            let settings = mcts::Settings {
                scale: 400.0,
                noise: mcts::ROOT_NOISE,
                prove: false,
                manage: false,
            };
            let weights = if tuned { &TUNED } else { &HAND };
            let mut domain = IntermediumDomain::racing_with(rules, weights);
            mcts::choose(&mut domain, &pos, settings, &mut budget, rng)
        }
        GameKind::CashInHand => {
            let settings = mcts::Settings {
                scale: 600.0,
                noise: mcts::ROOT_NOISE,
                prove: false,
                manage: false,
            };
            let weights = if tuned { &eval_cash::TUNED } else { &eval_cash::HAND };
            let mut cash = CashDomain::for_mcts(rules).weighted(weights);
            mcts::choose(&mut cash, &pos, settings, &mut budget, rng)
        }
    }
}
