//! The built-in AI, in four parts, each using only the parts listed above it:
//!
//! - `engine`: the searches, knowing no game: selective alpha-beta
//!   (`search`), Monte Carlo tree search (`mcts`), plain UCT (`uct`), random
//!   playouts (`playout`), the work bound (`budget`), position hashes
//!   (`zobrist`);
//! - `knowledge`: what the searches know of each game: the search domains
//!   (`IntermediumDomain`, `CashDomain`), the evaluations, Cash in Hand's
//!   candidate moves and its merge draw;
//! - `players`: the eight levels and the reference agents, and `choose`;
//! - the analysis: `analyse` (the analysis board's search) and `review`
//!   (a whole game's moves judged).
//!
//! The rules know nothing of the AI, and the AI reaches them only through
//! the game interface (`Game`, `Position`, `Transition`, the move builder,
//! and Intermedium's exact capture-threat walk on `Position`).
//!
//! Everything is single-threaded and deterministic for a given seed: work
//! is bounded by a node budget, optionally cut short by a deadline read from
//! the caller's `Clock` (wasm has no `std::time::Instant`).

pub mod analyse;
mod engine;
mod knowledge;
mod players;
pub mod review;
pub mod win_chance;

pub use engine::budget::work_done;
pub use knowledge::merge_draw::merge_distance;
pub use knowledge::{eval_cash, eval_intermedium};
pub use players::levels::LEVELS;
pub use players::{choose, choose_move, device_nodes, Agent};

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
    /// Node budget; `None` means the level's own (see `players/levels.rs`). This is
    /// the main bound: it gives the same move natively and in wasm.
    pub nodes: Option<u64>,
    /// Milliseconds from the start of the search, measured on the `Clock`;
    /// `None` means no deadline. A safety net for slow machines: the top
    /// levels can take several seconds in rare positions (measured natively
    /// in Intermedium: the top level's mean 0.6-1.7 s a move, max 5-10 s).
    pub time_ms: Option<f64>,
}
