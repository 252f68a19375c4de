//! The AI: behaviour per game, properties over both games, and the `match`
//! command that pits agents against each other.

mod both_games;
mod cash;
mod intermedium;
mod match_cli;
