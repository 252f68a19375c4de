//! A playing session: a game record and the move being built, with the
//! operations the page and the `<sowing-board>` element use (build a move one
//! choice at a time, commit it, play a move text, undo/redo, list moves, ask
//! the AI) and the state they draw (`BuildView`). The wasm `Game` class
//! (src/wasm/game.rs) only converts JS values to and from these; keeping the
//! logic here lets native tests and the `game_api` fuzz target drive it.
//!
//! Every operation that fails leaves the session exactly as it is.

use crate::ai::{choose_move, Clock, Limits};
use crate::board::{Board, Cell};
use crate::builder::{MoveBuilder, Stage};
use crate::errors::IllegalMove;
use crate::game::Game;
use crate::game_rules::DEFAULT_MOVE_LIMIT;
use crate::sorting;
use crate::variant::GameKind;
use std::fmt;

/// Why a session operation is refused: a stable `code` (the engine's
/// `code()` values, plus `notation`, `move-incomplete` and `limit`) and a
/// message for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionError {
    pub code: &'static str,
    pub message: String,
}

impl SessionError {
    pub fn new(code: &'static str, message: impl Into<String>) -> SessionError {
        SessionError { code, message: message.into() }
    }
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SessionError {}

impl From<IllegalMove> for SessionError {
    fn from(e: IllegalMove) -> SessionError {
        SessionError::new(e.code(), e.to_string())
    }
}

/// The move being built and the choices for its next part, as the page
/// draws it. Choices are empty outside their stage and once the game is
/// over (stage `over`). The default is an empty view (stage `origin`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildView {
    /// `origin`, `count`, `step`, `place`, `done` or `over`.
    pub stage: &'static str,
    pub origin: Option<Cell>,
    pub cash: u8,
    pub path: Vec<(Cell, u8)>,
    pub origins: Vec<Cell>,
    pub counts: Vec<u8>,
    /// Each legal next cell with its allowed drops, ascending.
    pub steps: Vec<(Cell, Vec<u8>)>,
    /// Each stack that may receive captured stones, with the numbers it may
    /// take at this stage, (least, most): `(1, to_place)` unless the board holds more
    /// than 255 stones, where a placement must leave room for the rest.
    pub places: Vec<(Cell, (u32, u32))>,
    pub to_place: u32,
    pub captured: Vec<Cell>,
    /// The finished move's text (stage `done`).
    pub mv: Option<String>,
}

/// A game record and the move being built on its current position.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    builder: MoveBuilder,
}

impl Default for BuildView {
    fn default() -> BuildView {
        BuildView {
            stage: Stage::Origin.name(),
            origin: None,
            cash: 0,
            path: Vec::new(),
            origins: Vec::new(),
            counts: Vec::new(),
            steps: Vec::new(),
            places: Vec::new(),
            to_place: 0,
            captured: Vec::new(),
            mv: None,
        }
    }
}

impl Session {
    pub fn new(game: Game) -> Session {
        let builder = MoveBuilder::new(game.position(), game.rules());
        Session { game, builder }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn builder(&self) -> &MoveBuilder {
        &self.builder
    }

    fn kind(&self) -> GameKind {
        self.game.game()
    }

    fn reset_builder(&mut self) {
        self.builder = MoveBuilder::new(self.game.position(), self.game.rules());
    }

    /// A cell name of this game's board (`c4`), or why not.
    pub fn parse_cell(&self, text: &str) -> Result<Cell, SessionError> {
        let cell: Cell = text.trim().parse().map_err(|_| {
            SessionError::new(
                "notation",
                format!("'{text}' is not a cell name (expected a file letter and a rank number, like c4)"),
            )
        })?;
        if !self.kind().geometry().contains(cell) {
            return Err(IllegalMove::OffBoard(cell).into());
        }
        Ok(cell)
    }

    fn ensure_running(&self) -> Result<(), SessionError> {
        match self.game.outcome() {
            Some(o) => Err(IllegalMove::GameOver(self.kind(), o).into()),
            None => Ok(()),
        }
    }

    /// Applies one builder choice on a copy, so that a refused choice changes nothing.
    fn choose(
        &mut self,
        f: impl FnOnce(&mut MoveBuilder) -> Result<(), IllegalMove>,
    ) -> Result<(), SessionError> {
        self.ensure_running()?;
        let mut next = self.builder.clone();
        f(&mut next)?;
        self.builder = next;
        Ok(())
    }

    pub fn select_origin(&mut self, cell: Cell) -> Result<(), SessionError> {
        self.choose(|b| b.select_origin(cell))
    }

    pub fn pick_up(&mut self, count: u32) -> Result<(), SessionError> {
        self.choose(|b| b.pick_up(count))
    }

    pub fn step(&mut self, cell: Cell, drop: u32) -> Result<(), SessionError> {
        self.choose(|b| b.step(cell, drop))
    }

    pub fn place(&mut self, cell: Cell, count: u32) -> Result<(), SessionError> {
        self.choose(|b| b.place(cell, count))
    }

    /// Takes back the last choice of the move being built; false if there is none.
    pub fn undo_choice(&mut self) -> bool {
        self.builder.undo()
    }

    /// Abandons the move being built.
    pub fn cancel(&mut self) {
        self.reset_builder();
    }

    /// Plays the move built (stage `done`).
    pub fn commit(&mut self) -> Result<(), SessionError> {
        self.ensure_running()?;
        let t = self.builder.finish().ok_or_else(|| {
            SessionError::new("move-incomplete", "the move being built is not complete yet")
        })?;
        self.game.play(&t.mv)?;
        self.reset_builder();
        Ok(())
    }

    /// Plays a whole move written in notation; an illegal one changes nothing.
    pub fn play(&mut self, text: &str) -> Result<(), SessionError> {
        self.game
            .play_text(text)
            .map_err(|e| SessionError::new(e.code(), format!("{}: {e}", text.trim())))?;
        self.reset_builder();
        Ok(())
    }

    /// Takes back the last ply; false at the start, where nothing changes
    /// (a move being built stays as it is).
    pub fn undo(&mut self) -> bool {
        let done = self.game.undo().is_some();
        if done {
            self.reset_builder();
        }
        done
    }

    /// Replays the last ply taken back; false if there is none, and then
    /// nothing changes.
    pub fn redo(&mut self) -> bool {
        let done = self.game.redo().is_some();
        if done {
            self.reset_builder();
        }
        done
    }

    /// The board as the move being built stands.
    pub fn board(&self) -> Board {
        self.builder.board()
    }

    /// The distinct legal moves in the current position, in notation, sorted, at most `limit`.
    pub fn legal_moves(&self, limit: usize) -> Result<Vec<String>, SessionError> {
        let mut moves: Vec<String> = self
            .game
            .legal_moves(DEFAULT_MOVE_LIMIT)
            .map_err(|e| SessionError::new("limit", e.to_string()))?
            .into_iter()
            .map(|t| t.mv.to_string())
            .collect();
        // The `limit` first in order, without sorting the whole list (the
        // texts are distinct, so this is the sorted list truncated).
        if limit < moves.len() {
            moves.select_nth_unstable(limit);
            moves.truncate(limit);
        }
        sorting::sort(&mut moves);
        Ok(moves)
    }

    /// The AI's move text for the side to move, without playing it; `None`
    /// once the game is over.
    pub fn ai_move(
        &self,
        level: u8,
        seed: u64,
        limits: Limits,
        clock: &dyn Clock,
    ) -> Option<String> {
        if self.game.outcome().is_some() {
            return None;
        }
        choose_move(&self.game, level, seed, limits, clock).map(|t| t.mv.to_string())
    }

    /// The move being built and the legal choices for its next part.
    pub fn build_view(&self) -> BuildView {
        let b = &self.builder;
        let over = self.game.outcome().is_some();
        let at = |s: Stage| !over && b.stage() == s;
        BuildView {
            stage: if over { "over" } else { b.stage().name() },
            origin: b.origin(),
            cash: b.cash(),
            path: b.path(),
            origins: if at(Stage::Origin) { b.origins() } else { Vec::new() },
            counts: if at(Stage::Count) { b.count_options() } else { Vec::new() },
            steps: if at(Stage::Step) {
                b.step_options().into_iter().map(|o| (o.cell, o.drops())).collect()
            } else {
                Vec::new()
            },
            places: if at(Stage::Place) { b.place_choices() } else { Vec::new() },
            to_place: if at(Stage::Place) { b.to_place() } else { 0 },
            captured: b.captured(),
            mv: if at(Stage::Done) { b.finish().map(|t| t.mv.to_string()) } else { None },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::RuleOptions;

    fn cash() -> Session {
        Session::new(Game::new(GameKind::CashInHand, RuleOptions::default()))
    }

    /// Everything a caller can see of a session.
    fn seen(s: &Session) -> (String, Vec<String>, BuildView, bool) {
        let g = s.game();
        (g.position().to_string(), g.move_texts(), s.build_view(), g.can_redo())
    }

    /// Undo and redo with nothing to take back or replay answer false and
    /// change nothing, not even a move being built: on a fresh game, and
    /// after the only ply is taken back (then only redo works, once).
    #[test]
    fn undo_and_redo_with_nothing_to_do_change_nothing() {
        for (game, mv) in [
            (GameKind::Intermedium, "a4-b5-a6-b7-a8"),
            (GameKind::CashInHand, "a8:24 b7:3 c6:6 d7:9 e6:1 f5:5"),
        ] {
            let mut s = Session::new(Game::new(game, RuleOptions::default()));
            let origin = s.build_view().origins[0];
            s.select_origin(origin).unwrap();
            let fresh = seen(&s);
            assert!(!s.undo(), "undo on a fresh game");
            assert_eq!(seen(&s), fresh);
            assert!(!s.redo(), "redo on a fresh game");
            assert_eq!(seen(&s), fresh);

            s.play(mv).unwrap();
            assert!(s.undo(), "the only ply is taken back");
            s.select_origin(origin).unwrap();
            let undone = seen(&s);
            assert_eq!(undone.1, Vec::<String>::new());
            assert!(!s.undo(), "undo after undoing the only ply");
            assert_eq!(seen(&s), undone);
            assert!(s.redo(), "the ply taken back is replayed");
            assert_eq!(s.game().move_texts(), vec![mv.to_string()]);
            let replayed = seen(&s);
            assert!(!s.redo(), "nothing more to replay");
            assert_eq!(seen(&s), replayed);
        }
    }

    #[test]
    fn a_refused_choice_changes_nothing() {
        let mut s = cash();
        let origin = s.build_view().origins[0];
        s.select_origin(origin).unwrap();
        let before = s.build_view();
        let e = s.pick_up(0).unwrap_err();
        assert_eq!(s.build_view(), before);
        assert!(!e.code.is_empty() && !e.message.is_empty());
        assert_eq!(s.parse_cell("zz").unwrap_err().code, "notation");
    }

    #[test]
    fn a_move_built_choice_by_choice_commits_and_undoes() {
        let mut s = cash();
        assert_eq!(s.commit().unwrap_err().code, "move-incomplete");
        while s.build_view().stage != "done" {
            let v = s.build_view();
            let done = match v.stage {
                "origin" => s.select_origin(v.origins[0]),
                "count" => s.pick_up(*v.counts.last().unwrap() as u32),
                "step" => s.step(v.steps[0].0, *v.steps[0].1.last().unwrap() as u32),
                "place" => s.place(v.places[0].0, v.to_place),
                other => panic!("unexpected stage {other}"),
            };
            done.unwrap();
        }
        let text = s.build_view().mv.unwrap();
        s.commit().unwrap();
        assert_eq!(s.game().move_texts(), [text]);
        assert!(s.undo() && s.game().plies().is_empty() && s.redo());
        assert_eq!(s.build_view().stage, "origin");
    }

    /// Over 255 stones a placement must leave room for the rest: the view
    /// gives each offered stack exactly the counts `place` accepts (the
    /// page's menu reads them, and offers no count `place` refuses).
    #[test]
    fn the_view_gives_each_stack_the_placements_the_builder_accepts() {
        let mut board = Board::empty(GameKind::CashInHand.geometry());
        for (name, n) in [
            ("c6", 250),
            ("d4", 10),
            ("c4", 255),
            ("e4", 255),
            ("d3", 255),
            ("h1", 247),
            ("h8", 255),
        ] {
            board.set(name.parse().unwrap(), n);
        }
        let start = crate::Position {
            game: GameKind::CashInHand,
            board,
            side_to_move: crate::Side::First,
            quiet: 0,
            move_number: 10,
        };
        let mut s = Session::new(Game::from_position(start, RuleOptions::default()));
        let cell = |n: &str| -> Cell { n.parse().unwrap() };
        s.select_origin(cell("c6")).unwrap();
        s.pick_up(250).unwrap();
        s.step(cell("d5"), 250).unwrap();
        let v = s.build_view();
        assert_eq!((v.stage, v.to_place), ("place", 10));
        assert_eq!(v.places, [(cell("d5"), (2, 5)), (cell("h1"), (5, 8))]);
        for &(c, (least, most)) in &v.places {
            for n in 1..=v.to_place {
                let accepted = s.place(c, n).is_ok();
                assert_eq!(accepted, (least..=most).contains(&n), "{c} takes {n}");
                if accepted {
                    assert!(s.undo_choice());
                }
            }
        }
        s.place(cell("d5"), 2).unwrap();
        assert_eq!(s.build_view().places, [(cell("h1"), (8, 8))]);
    }
}
