//! A game as text, for export and import: the start position string on the
//! first line, then one move per line (moves may also be separated by `;`).
//! Blank lines and lines starting with `#` are ignored. A plain list of
//! moves, with no position line, starts from the standard start of the game
//! whose notation its first move is written in.
//!
//! ```
//! use sowboard::{record, GameKind, Game, RuleOptions};
//! let mut game = Game::new(GameKind::Intermedium, RuleOptions::default());
//! game.play_text("a4-b5-a6-b7-a8").unwrap();
//! let text = record::export(&game);
//! assert_eq!(record::import(&text, RuleOptions::default()).unwrap(), game);
//! ```

use crate::errors::PlayError;
use crate::game::Game;
use crate::moves::Move;
use crate::position::{Position, PositionError};
use crate::variant::{GameKind, RuleOptions};
use std::fmt;

/// Longest record accepted: far beyond any real game, small enough that
/// hostile input cannot make an import slow.
pub const MAX_RECORD_TEXT: usize = 1_000_000;

/// Why a record could not be imported. Nothing is half-loaded: an import
/// either yields the whole game or this error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    TooLong(usize),
    Empty,
    Position(PositionError),
    /// Move number `index` (from 1), as written, and why it is refused.
    Move {
        index: usize,
        text: String,
        error: PlayError,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::TooLong(n) => {
                write!(f, "the game text is {n} bytes long; the most accepted is {MAX_RECORD_TEXT}")
            }
            RecordError::Empty => {
                f.write_str("no game: expected a position string on the first line, then the moves")
            }
            RecordError::Position(e) => write!(f, "bad position: {e}"),
            RecordError::Move { index, text, error } => write!(f, "move {index} ({text}): {error}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl RecordError {
    pub fn code(&self) -> &'static str {
        match self {
            RecordError::TooLong(_) => "record-too-long",
            RecordError::Empty => "record-empty",
            RecordError::Position(_) => "bad-position",
            RecordError::Move { error, .. } => error.code(),
        }
    }
}

/// Reads a game record and replays it under `rules`.
pub fn import(text: &str, rules: RuleOptions) -> Result<Game, RecordError> {
    let (start, moves) = read(text)?;
    replay(start, moves, rules)
}

/// A record's start position and its move texts in order, read as
/// `import` reads them but with no move replayed: a caller that refuses
/// some starts (the page's stone cap) judges the start with no replay paid
/// for, then plays the moves with `replay`.
pub fn read(text: &str) -> Result<(Position, Vec<&str>), RecordError> {
    if text.len() > MAX_RECORD_TEXT {
        return Err(RecordError::TooLong(text.len()));
    }
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    let first = lines.next().ok_or(RecordError::Empty)?;
    let mut moves = Vec::new();
    let start = match first.parse::<Position>() {
        Ok(start) => start,
        Err(error) => {
            let kind = game_of_moves(first).ok_or(RecordError::Position(error))?;
            moves.extend(moves_of(first));
            Position::start(kind)
        }
    };
    moves.extend(lines.flat_map(moves_of));
    Ok((start, moves))
}

/// The moves of one line of a record, separated by `;`.
fn moves_of(line: &str) -> impl Iterator<Item = &str> {
    line.split(';').map(str::trim).filter(|m| !m.is_empty())
}

/// The game whose notation the first move of `line` (a line of moves, not a
/// position) is written in; None when it is a position line, or no game's
/// move.
fn game_of_moves(line: &str) -> Option<GameKind> {
    let first_word = line.split_whitespace().next()?;
    if GameKind::from_name(first_word).is_some() {
        return None;
    }
    let first_move = line.split(';').map(str::trim).find(|m| !m.is_empty())?;
    let mut kinds = GameKind::ALL.into_iter().filter(|&k| Move::parse(k, first_move).is_ok());
    match (kinds.next(), kinds.next()) {
        (Some(kind), None) => Some(kind),
        _ => None,
    }
}

/// Plays `moves` (in notation) from `start`; the first refused move is
/// reported with its number and text, and no game is returned.
pub fn replay<'a>(
    start: Position,
    moves: impl IntoIterator<Item = &'a str>,
    rules: RuleOptions,
) -> Result<Game, RecordError> {
    let mut game = Game::from_position(start, rules);
    for (i, mv) in moves.into_iter().enumerate() {
        game.play_text(mv).map_err(|error| RecordError::Move {
            index: i + 1,
            text: mv.to_string(),
            error,
        })?;
    }
    Ok(game)
}

/// Writes a game record that `import` reads back to the same game.
pub fn export(game: &Game) -> String {
    let mut text = game.start().to_string();
    text.push('\n');
    for mv in game.move_texts() {
        text.push_str(&mv);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::GameKind;

    #[test]
    fn bad_records_say_what_is_wrong() {
        let rules = RuleOptions::default();
        assert_eq!(import("", rules), Err(RecordError::Empty));
        assert_eq!(import("# only a comment\n\n", rules), Err(RecordError::Empty));
        assert!(matches!(import("chess", rules), Err(RecordError::Position(_))));
        let start = GameKind::Intermedium.start_position_string();
        let e = import(&format!("{start}\na4-b5-a6-b7-a8; a2-b3"), rules).unwrap_err();
        assert_eq!(e.code(), "not-your-stack");
        assert!(e.to_string().starts_with("move 2 (a2-b3): "), "{e}");
        assert!(matches!(
            import(&"x".repeat(MAX_RECORD_TEXT + 1), rules),
            Err(RecordError::TooLong(_))
        ));
    }

    #[test]
    fn separators_and_comments_are_accepted() {
        let start = GameKind::Intermedium.start_position_string();
        let g = import(
            &format!("# a game\n{start}\n\n a4-b5-a6-b7-a8 ;a7-b6-c5-d4-e3\n"),
            RuleOptions::default(),
        )
        .unwrap();
        assert_eq!(g.plies().len(), 2);
        assert_eq!(import(&export(&g), RuleOptions::default()).unwrap(), g);
    }

    #[test]
    fn a_plain_list_of_moves_starts_from_the_standard_start() {
        let rules = RuleOptions::default();
        let g = import("a4-b5-a6-b7-a8\na7-b6-c5-d4-e3\n", rules).unwrap();
        assert_eq!(g.plies().len(), 2);
        assert_eq!(g.start().to_string(), GameKind::Intermedium.start_position_string());
        let one_line = import("a4-b5-a6-b7-a8; a7-b6-c5-d4-e3", rules).unwrap();
        assert_eq!(one_line, g);
        let mut cash = Game::new(GameKind::CashInHand, rules);
        cash.play_text("h1:1 g2:1").unwrap();
        assert_eq!(import("h1:1 g2:1\n", rules).unwrap(), cash);
        // A refused move is still reported with its number.
        let e = import("a4-b5-a6-b7-a8\na2-b3", rules).unwrap_err();
        assert!(e.to_string().starts_with("move 2 (a2-b3): "), "{e}");
        // Neither a position nor a move: the position's error.
        assert!(matches!(import("hello world", rules), Err(RecordError::Position(_))));
    }

    #[test]
    fn the_start_is_read_without_replaying_the_moves() {
        let start = GameKind::Intermedium.start_position_string();
        // The second move is refused by `import`; `read` replays no move.
        let text = format!("{start}\na4-b5-a6-b7-a8; a2-b3");
        assert_eq!(start_of_text(&text), start);
        assert_eq!(read(&text).unwrap().1, ["a4-b5-a6-b7-a8", "a2-b3"]);
        assert_eq!(start_of_text("h1:1 g2:1; h1:1"), GameKind::CashInHand.start_position_string());
        assert_eq!(read(""), Err(RecordError::Empty));
        assert!(matches!(read("hello world"), Err(RecordError::Position(_))));
    }

    fn start_of_text(text: &str) -> String {
        read(text).unwrap().0.to_string()
    }
}
