//! The built-in AI. Depends on the rules only through the game interface
//! (`Game`, `Position`, `Transition`, the move builder, and one cheap
//! capture-threat query on `Position`); the rules know nothing of it.
//!
//! Everything is single-threaded and deterministic for a given seed: work
//! is bounded by a node budget, optionally cut short by a deadline read from
//! the caller's `Clock` (wasm has no `std::time::Instant`).
//!
//! - `levels`: the eight levels; `search`: selective alpha-beta;
//!   `eval_intermedium`, `eval_cash`, `candidates_cash`: game knowledge;
//!   `merge_draw`: Cash in Hand's merge draw, how far each side is from it;
//! - `agents`: every player the match harness fields, with the reference
//!   agents `random`, `greedy`, `uct` (`uct.rs`, plain), `mcts` (`mcts.rs`,
//!   the strong yardstick) and `baseline5` (the first version's level 5, frozen).

pub mod analyse;
mod budget;
mod candidates_cash;
mod cash;
pub mod eval_cash;
pub mod eval_intermedium;
mod intermedium;
mod mcts;
mod merge_draw;
mod players;
mod playout;
pub mod review;
mod search;
mod uct;
mod zobrist;

pub use merge_draw::merge_distance;
pub use players::levels::LEVELS;
pub use players::{choose, choose_move, Agent};

/// Milliseconds from some fixed start. Supplied by the caller because wasm
/// has no `std::time::Instant`.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// A clock that never advances: searches end on their node budget alone.
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The wall clock, natively.
#[cfg(not(target_arch = "wasm32"))]
pub struct SystemClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl SystemClock {
    pub fn new() -> SystemClock {
        SystemClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1e3
    }
}

/// How much work a search may do.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Node budget; `None` means the level's own (see `levels.rs`). This is
    /// the main bound: it gives the same move natively and in wasm.
    pub nodes: Option<u64>,
    /// Milliseconds from the start of the search, measured on the `Clock`;
    /// `None` means no deadline. A safety net for slow machines: the top
    /// levels can take several seconds in rare positions (measured natively:
    /// the top level (then 5) mean 0.6-1.7 s, max 5-10 s per move in Intermedium).
    pub time_ms: Option<f64>,
}
