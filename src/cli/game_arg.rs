//! The `--game` argument, read the same way by every subcommand.

use sowboard::GameKind;

/// The game named `name` (any case), or the message every subcommand gives.
pub fn game_kind(name: &str) -> Result<GameKind, String> {
    GameKind::from_name(name)
        .ok_or_else(|| format!("unknown game '{name}' (expected {})", GameKind::names_text()))
}
