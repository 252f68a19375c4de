//! The AI: behaviour per game, properties over both games, the promises
//! every level keeps (guarantees), the tactics suite, and the `match`
//! command that pits agents against each other.

mod analysis;
mod both_games;
mod cash;
mod cash_finish;
mod cash_frozen;
mod clock;
mod contract;
mod guarantees;
mod hostile;
mod intermedium;
mod match_cli;
mod mcts_race;
mod merge_draw;
mod puzzles;
mod tactics;
