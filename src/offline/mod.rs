//! Offline tools: they run from the command line and in tests, never in
//! play (no player uses them). `puzzles` finds the page's "find the best
//! move" puzzles, `tactics` builds and scores the tactics suites, both
//! decided by one exhaustive search (`solver`); `tune` fits an evaluation's
//! weights to game results.

pub mod capture_puzzles;
pub mod puzzles;
mod setups;
mod solver;
pub mod tactics;
pub mod tune;
