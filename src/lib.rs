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

pub mod ai;
mod board;
mod builder;
mod cash;
mod errors;
mod game;
mod game_rules;
mod games;
mod intermedium;
pub mod move_code;
mod moves;
mod perft;
mod play;
mod position;
pub mod record;
mod session;
mod stages;
mod threats;
mod transition;
mod variant;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use board::{Board, Cell, CellParseError, Colour, Diagonal, Geometry};
pub use builder::{DropSet, MoveBuilder, Stage, StepOption};
pub use cash::CashInHand;
pub use cash::{first_moves as cash_first_moves, random_move as cash_random_move};
pub use errors::{IllegalMove, LimitExceeded, NotationError, PlayError};
pub use game::{Game, Ply};
pub use game_rules::GameRules;
pub use intermedium::{city, Intermedium};
pub use moves::{CashMove, Move, SowMove};
pub use perft::perft;
pub use play::{Transition, DEFAULT_MOVE_LIMIT};
pub use position::{Position, PositionError};
pub use session::{BuildView, Session, SessionError};
pub use stages::BuildSteps;
pub use threats::{Threat, Threats};
pub use variant::{EndReason, GameKind, Outcome, RuleOptions, Rules, Side};
