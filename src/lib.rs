//! sowboard: the rules of two sowing games played on a two-dimensional board,
//! Intermedium and Cash in Hand, as `docs/RULES.md` defines them.
//! `docs/architecture.md` describes the layers.
//!
//! ```
//! use sowboard::{Game, GameKind, RuleOptions};
//!
//! let mut game = Game::new(GameKind::Intermedium, RuleOptions::default());
//! let moves = game.legal_moves(sowboard::DEFAULT_MOVE_LIMIT).unwrap();
//! assert_eq!(moves.len(), 358);
//! game.play_text("a4-b5-a6-b7-a8").unwrap();
//! assert_eq!(game.position().side_to_move, sowboard::Side::Second);
//! assert!(game.outcome().is_none());
//! ```

// The modules by layer, from the bottom up: a file uses only its own layer
// and those below (docs/architecture.md, checked by tools/check-layers.mjs).

// 1. Values: cells, the game table, positions, moves, errors, transitions.
mod board;
mod errors;
mod moves;
mod position;
mod sorting;
mod transition;
mod variant;
// 2. Contracts: what every game implements.
mod game_rules;
mod stages;
// 3. The games.
mod cash;
mod intermedium;
// 4. Dispatch: the game interface over every game, and the game record.
mod builder;
mod game;
mod games;
pub mod move_code;
mod perft;
mod play;
pub mod record;
mod threats;
// 5. The AI.
pub mod ai;
// 6. Users of the AI: the session the page's `Game` class wraps, and the
//    offline tools (puzzles, tactics suites, weight tuning).
pub mod offline;
mod session;
// 7. Adapters: the browser binding (the command line is the binary, `main.rs`).
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use board::{Board, Cell, CellParseError, Colour, Diagonal, Geometry};
pub use builder::{DropSet, MoveBuilder, Stage, StepOption};
pub use cash::CashInHand;
pub use cash::{first_moves as cash_first_moves, random_move as cash_random_move};
pub use errors::{IllegalMove, LimitExceeded, NotationError, PlayError};
pub use game::{Game, Ply};
pub use game_rules::{CapturingMoves, GameRules};
pub use intermedium::{city, Intermedium};
pub use moves::{CashMove, Move, SowMove};
pub use perft::perft;
pub use play::{Transition, DEFAULT_MOVE_LIMIT};
pub use position::{max_playable_stones, Position, PositionError};
pub use session::{BuildView, Session, SessionError};
pub use stages::BuildSteps;
pub use threats::{capture_outcome, BiggestCapture, CaptureOutcome, Threat, Threats, REPLY_LIMIT};
pub use variant::{EndReason, GameKind, Outcome, RuleOptions, Rules, Side};
