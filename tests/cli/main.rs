//! The command line's exact interface (other tools depend on it).

mod cash;
mod intermedium;
mod puzzles;
mod soak;
mod tune;
