//! The position every subcommand starts from (`--game G` or `--position
//! P`) and the rule flags, read the same way everywhere.

use super::game_arg;
use clap::Args;
use sowboard::{Position, Rules};

#[derive(Args)]
pub struct Setup {
    /// Start from the standard position of this game (intermedium, cash-in-hand).
    #[arg(long, conflicts_with = "position", required_unless_present = "position")]
    game: Option<String>,
    /// Start from this position string.
    #[arg(long)]
    position: Option<String>,
    /// Turn off Intermedium's first-move rule.
    #[arg(long)]
    no_first_move_rule: bool,
    /// Plies without a capture that make a draw (0 turns it off).
    #[arg(long, default_value_t = 100)]
    quiet_limit: u32,
    /// Turn off the draw by threefold repetition.
    #[arg(long)]
    no_repetition_draw: bool,
}

impl Setup {
    pub fn rules(&self) -> Rules {
        Rules {
            first_move_rule: !self.no_first_move_rule,
            quiet_ply_limit: self.quiet_limit,
            repetition_draw: !self.no_repetition_draw,
        }
    }

    pub fn position(&self) -> Result<Position, String> {
        match (&self.game, &self.position) {
            (Some(name), _) => game_arg::game_kind(name).map(Position::start),
            (None, Some(text)) => text.parse().map_err(|e| format!("bad position: {e}")),
            (None, None) => Err("give --game or --position".to_string()),
        }
    }
}
