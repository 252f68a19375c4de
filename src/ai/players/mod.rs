//! The players: every agent the match harness can field, and `choose`, which
//! asks the right one for a move. docs/ai/design.md says how each level
//! chooses and why.
//!
//! - `levels`: the eight levels' settings; `pick`: how a level picks among
//!   scored moves (noise, overlooked captures, misplays);
//! - one file per family of players: `alpha_beta` (levels 1-3, Cash in Hand
//!   1-4, and the frozen `baseline5`), `intermedium_tree` (Intermedium
//!   levels 4-8: the tree search), `cash_wide` (Cash in Hand levels 5-8: a
//!   wide alpha-beta search checked for material), `reference` (`random`,
//!   `greedy`, `uct`, `mcts`, `mcts-tuned`);
//! - `guards`: the promises every level keeps (no big stack hung, no city
//!   capture allowed in one); `material_check`: a second search's word on
//!   material; `repetition`: moves that draw by repetition;
//! - `yardsticks`: players frozen so that measurements stay comparable;
//!   `device`: the budgets levels play on where a device is too slow for
//!   their own.

mod alpha_beta;
mod cash_wide;
mod device;
mod guards;
mod intermedium_tree;
pub(crate) mod levels;
mod material_check;
pub(crate) mod pick;
mod reference;
mod repetition;
mod yardsticks;

pub use device::device_nodes;
pub(crate) use repetition::repetition_draws;

use super::{Clock, Limits};
use crate::builder::{MoveBuilder, Stage};
use crate::game::Game;
use crate::play::Transition;
use crate::variant::GameKind;
use levels::{top_search, LEVELS};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::str::FromStr;

/// A player for `choose`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// Uniform over the legal moves (Cash in Hand: over the builder's
    /// choices at each stage).
    Random,
    /// The move that wins the most material at once (a win first); no lookahead.
    Greedy,
    /// Plain UCT with random playouts and no game knowledge.
    Uct,
    /// The strong reference: MCTS with a solver, evaluation-valued leaves
    /// and progressive widening (`mcts.rs`).
    Mcts,
    /// `mcts` evaluating with the tuned weights (`eval_intermedium::TUNED`,
    /// `eval_cash::TUNED`) instead of the hand weights: the same search with
    /// the better evaluation, the stronger yardstick for level 8. Its
    /// weights are frozen (`yardsticks`), so it does not move with level 8.
    MctsTuned,
    /// The first version's level 5, frozen as a yardstick (`yardsticks`).
    Baseline5,
    /// The built-in AI at level 1-`LEVELS`.
    Level(u8),
}

impl FromStr for Agent {
    type Err = String;

    /// `random`, `greedy`, `uct`, `mcts`, `mcts-tuned`, `baseline5`, `level1` .. `level8`.
    fn from_str(s: &str) -> Result<Agent, String> {
        match s.to_ascii_lowercase().as_str() {
            "random" => Ok(Agent::Random),
            "greedy" => Ok(Agent::Greedy),
            "uct" => Ok(Agent::Uct),
            "mcts" => Ok(Agent::Mcts),
            "mcts-tuned" => Ok(Agent::MctsTuned),
            "baseline5" => Ok(Agent::Baseline5),
            other => match other.strip_prefix("level").and_then(|n| n.parse::<u8>().ok()) {
                Some(n @ 1..=LEVELS) => Ok(Agent::Level(n)),
                _ => Err(format!(
                    "unknown agent '{s}' (expected random, greedy, uct, mcts, mcts-tuned, baseline5 or level1..level{LEVELS})"
                )),
            },
        }
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Greedy => f.write_str("greedy"),
            Agent::Uct => f.write_str("uct"),
            Agent::Mcts => f.write_str("mcts"),
            Agent::MctsTuned => f.write_str("mcts-tuned"),
            Agent::Baseline5 => f.write_str("baseline5"),
            Agent::Level(n) => write!(f, "level{n}"),
        }
    }
}

/// The AI's move for the side to move in `game`, at `level` 1 (weakest) to
/// `LEVELS` (strongest). The same inputs and seed give the same move.
/// `None` only when the game is over. Levels outside 1..=`LEVELS` are clamped.
pub fn choose_move(
    game: &Game,
    level: u8,
    seed: u64,
    limits: Limits,
    clock: &dyn Clock,
) -> Option<Transition> {
    choose(Agent::Level(level.clamp(1, LEVELS)), game, seed, limits, clock)
}

/// The move `agent` plays in `game` (`None` once the game is over). The same
/// inputs give the same move, unless `limits.time_ms` cuts a search short.
pub fn choose(
    agent: Agent,
    game: &Game,
    seed: u64,
    limits: Limits,
    clock: &dyn Clock,
) -> Option<Transition> {
    if game.outcome().is_some() {
        return None;
    }
    // A distinct stream per ply, so one seed serves a whole game.
    let mut rng = SmallRng::seed_from_u64(
        seed ^ (game.plies().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    let rng = &mut rng;
    let chosen = match agent {
        Agent::Random => reference::random(game, rng),
        Agent::Greedy => reference::greedy(game, rng),
        Agent::Uct => reference::uct(game, limits, clock, rng),
        Agent::Mcts => reference::mcts(game, false, limits, clock, rng),
        Agent::MctsTuned => reference::mcts(game, true, limits, clock, rng),
        Agent::Baseline5 => {
            let lv = yardsticks::baseline5(game.game());
            alpha_beta::play(game, lv, false, limits, clock, rng)
        }
        Agent::Level(n) => match (game.game(), top_search(game.game(), n)) {
            (GameKind::Intermedium, Some(plan)) => {
                intermedium_tree::play(game, plan, limits, clock, rng)
            }
            (GameKind::CashInHand, Some(plan)) => {
                cash_wide::play(game, n, plan, limits, clock, rng)
            }
            (_, None) => {
                let lv = levels::level(game.game(), n);
                alpha_beta::play(game, lv, n <= guards::TIMID_LEVELS, limits, clock, rng)
            }
        },
    };
    // A search cut ahead of ranking any move (its root list past the work
    // limit: a tall stack's sowings) still plays a legal move.
    chosen.or_else(|| builder_move(game, rng))
}

/// A legal move chosen at random among the move builder's offers at each
/// stage (it offers only choices it can finish): a few builder questions
/// per stone sown, however many distinct moves the position has. `None`
/// only when there is no legal move.
fn builder_move(game: &Game, rng: &mut SmallRng) -> Option<Transition> {
    fn pick<T: Copy>(items: &[T], rng: &mut SmallRng) -> Option<T> {
        (!items.is_empty()).then(|| items[rng.random_range(0..items.len())])
    }
    let mut b = MoveBuilder::new(game.position(), game.rules());
    loop {
        let chosen = match b.stage() {
            Stage::Origin => b.select_origin(pick(&b.origins(), rng)?),
            Stage::Count => b.pick_up(pick(&b.count_options(), rng)? as u32),
            Stage::Step => {
                let options = b.step_options();
                let o = options.get(rng.random_range(0..options.len().max(1)))?;
                b.step(o.cell, pick(&o.drops(), rng)? as u32)
            }
            Stage::Place => {
                let cell = pick(&b.place_options(), rng)?;
                let (low, high) = b.place_range(cell)?;
                b.place(cell, rng.random_range(low..=high))
            }
            Stage::Done => return b.finish(),
        };
        chosen.ok()?;
    }
}
