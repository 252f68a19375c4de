//! The built-in AI. Depends on the rules only through the game interface
//! (`Game`, `Position`, `Transition`); the rules know nothing of it.
//!
//! PLACEHOLDER (issue 4): `choose_move` plays the first legal move. The
//! signatures below are the contract the CLI and the wasm adapter use.

use crate::game::Game;
use crate::play::{Transition, DEFAULT_MOVE_LIMIT};

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

/// How much work a search may do. `None` means the level's default.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    pub nodes: Option<u64>,
    /// Milliseconds from the start of the search, measured on the `Clock`.
    pub time_ms: Option<f64>,
}

/// The AI's move for the side to move in `game`, at `level` 1 (weakest) to
/// 5 (strongest). The same inputs and seed give the same move. `None` only
/// when the game is over.
pub fn choose_move(game: &Game, level: u8, seed: u64, limits: Limits, clock: &dyn Clock) -> Option<Transition> {
    let _ = (level, seed, limits, clock);
    game.legal_moves(DEFAULT_MOVE_LIMIT).ok()?.into_iter().next()
}
