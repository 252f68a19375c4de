//! The `Game` class: a game record and the move being built, for the page
//! and the `<sowing-board>` element.

use super::args::{
    arg_game, arg_int, arg_moves, arg_position, arg_rules, arg_string, opt_int, ApiError, ApiResult,
};
use super::views;
use crate::board::{Board, Cell};
use crate::game::Game;
use crate::moves::MAX_MOVE_TEXT;
use crate::session::{Session, SessionError};
use crate::variant::GameKind;
use wasm_bindgen::prelude::*;

/// A game of Intermedium or Cash in Hand: its record (moves, undo/redo,
/// result) and the move being built one choice at a time.
// The logic is `Session`'s; this class converts JS arguments and results
// (a plain comment: doc comments reach the generated .d.ts).
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    session: Session,
}

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> ApiError {
        ApiError::new(e.code, e.message)
    }
}

impl JsGame {
    fn wrap(game: Game) -> JsGame {
        JsGame { session: Session::new(game) }
    }

    pub(super) fn game(&self) -> &Game {
        self.session.game()
    }

    #[cfg_attr(not(feature = "ai"), allow(dead_code))]
    pub(super) fn session(&self) -> &Session {
        &self.session
    }

    fn kind(&self) -> GameKind {
        self.game().game()
    }

    fn arg_cell(&self, v: &JsValue) -> Result<Cell, ApiError> {
        let text = arg_string(v, "cell", 8)?;
        Ok(self.session.parse_cell(&text)?)
    }

    fn arg_ply(&self, v: &JsValue, min: usize) -> Result<usize, ApiError> {
        Ok(arg_int(v, "ply", min as f64, self.game().plies().len() as f64)? as usize)
    }

    /// The build state after an accepted choice.
    fn chosen(&self, result: Result<(), SessionError>) -> ApiResult<JsValue> {
        result.map_err(ApiError::from)?;
        Ok(self.build())
    }

    fn board_bytes(board: &Board) -> Vec<u8> {
        board.stacks().to_vec()
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of `game` (`"intermedium"` or `"cash-in-hand"`) from its
    /// standard start, with optional rule options.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "RuleOptions")] options: JsValue,
    ) -> ApiResult<JsGame> {
        let kind = arg_game(&game)?;
        let rules = arg_rules(&options)?;
        Ok(JsGame::wrap(Game::new(kind, rules)))
    }

    /// A game from a position string and the moves played from it (an array
    /// of move texts, or one string with moves separated by `;`).
    /// Throws on the first bad move, naming it.
    pub fn load(
        #[wasm_bindgen(unchecked_param_type = "string")] position: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string[] | string")] moves: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "RuleOptions")] options: JsValue,
    ) -> ApiResult<JsGame> {
        let start = arg_position(&position)?;
        let moves = arg_moves(&moves)?;
        let rules = arg_rules(&options)?;
        let game = crate::record::replay(start, moves.iter().map(String::as_str), rules)
            .map_err(|e| ApiError::new(e.code(), e.to_string()))?;
        Ok(JsGame::wrap(game))
    }

    /// A game from its text record (export/import format: the start position
    /// on the first line, then one move per line or separated by `;`).
    /// Throws naming the bad line or move; nothing is half-loaded. A start
    /// over the stone cap is refused (`too-many-stones`) with no move
    /// replayed.
    #[wasm_bindgen(js_name = importText)]
    pub fn import_text(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "RuleOptions")] options: JsValue,
    ) -> ApiResult<JsGame> {
        let text = arg_string(&text, "text", crate::record::MAX_RECORD_TEXT as u32)?;
        let rules = arg_rules(&options)?;
        let refused = |e: crate::record::RecordError| ApiError::new(e.code(), e.to_string());
        // The stone cap is judged on the start alone: no move is replayed first.
        let (start, moves) = crate::record::read(&text).map_err(refused)?;
        super::args::playable(&start)?;
        let game = crate::record::replay(start, moves, rules).map_err(refused)?;
        Ok(JsGame::wrap(game))
    }

    /// The game's text record (see `importText`).
    #[wasm_bindgen(js_name = exportText)]
    pub fn export_text(&self) -> String {
        crate::record::export(self.game())
    }

    /// The game's name: `intermedium` or `cash-in-hand`.
    #[wasm_bindgen(getter, js_name = gameName)]
    pub fn game_name(&self) -> String {
        self.kind().name().to_string()
    }

    /// Board width in cells.
    #[wasm_bindgen(getter)]
    pub fn files(&self) -> u8 {
        self.kind().geometry().files
    }

    /// Board height in cells.
    #[wasm_bindgen(getter)]
    pub fn ranks(&self) -> u8 {
        self.kind().geometry().ranks
    }

    /// The two sides, first player first: `["blue", "red"]` or `["white", "black"]`.
    pub fn sides(&self) -> Vec<String> {
        self.kind().rules().side_names().map(String::from).to_vec()
    }

    /// The cities (Intermedium; none in Cash in Hand), for drawing them.
    #[wasm_bindgen(unchecked_return_type = "{ cell: string; side: string }[]")]
    pub fn cities(&self) -> JsValue {
        views::cities(self.kind())
    }

    /// The rule options in force.
    #[wasm_bindgen(unchecked_return_type = "Required<RuleOptions>")]
    pub fn rules(&self) -> JsValue {
        views::rules(self.game())
    }

    /// The current position string.
    pub fn position(&self) -> String {
        self.game().position().to_string()
    }

    /// The position string the record starts from.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> String {
        self.game().start().to_string()
    }

    /// The position string after `ply` plies (0 is the start).
    #[wasm_bindgen(js_name = positionAt)]
    pub fn position_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> ApiResult<String> {
        let ply = self.arg_ply(&ply, 0)?;
        Ok(self.game().position_at(ply).map(|p| p.to_string()).unwrap_or_default())
    }

    /// The side to move: `blue`/`red`/`white`/`black`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        views::side_name(self.kind(), self.game().position().side_to_move)
    }

    /// Stone counts of every cell, `a1, b1, ...` rank by rank (index =
    /// rank * files + file), as the move being built stands: one call per redraw.
    pub fn board(&self) -> Vec<u8> {
        JsGame::board_bytes(&self.session.board())
    }

    /// The stone counts after `ply` plies (0 is the start), same layout as `board`.
    #[wasm_bindgen(js_name = boardAt)]
    pub fn board_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> ApiResult<Vec<u8>> {
        let ply = self.arg_ply(&ply, 0)?;
        Ok(self.game().position_at(ply).map(|p| JsGame::board_bytes(&p.board)).unwrap_or_default())
    }

    /// Plies played so far.
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> usize {
        self.game().plies().len()
    }

    /// The moves played, in notation.
    pub fn moves(&self) -> Vec<String> {
        self.game().move_texts()
    }

    /// The result, or null while the game goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        match self.game().outcome() {
            Some(o) => views::to_js(&views::outcome_js(self.kind(), o)),
            None => JsValue::NULL,
        }
    }

    /// The last move played, or null at the start.
    #[wasm_bindgen(js_name = lastMove, unchecked_return_type = "MoveInfo | null")]
    pub fn last_move(&self) -> JsValue {
        match self.game().plies().len() {
            0 => JsValue::NULL,
            n => views::move_info(self.game(), n),
        }
    }

    /// The move played at `ply` (1-based).
    #[wasm_bindgen(js_name = moveAt, unchecked_return_type = "MoveInfo")]
    pub fn move_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> ApiResult<JsValue> {
        let ply = self.arg_ply(&ply, 1)?;
        Ok(views::move_info(self.game(), ply))
    }

    /// The move being built: its stage and the legal choices for its next part.
    #[wasm_bindgen(unchecked_return_type = "BuildState")]
    pub fn build(&self) -> JsValue {
        views::build_state(self.kind(), self.game(), &self.session.build_view())
    }

    /// Chooses the origin stack of the move being built.
    #[wasm_bindgen(js_name = selectOrigin, unchecked_return_type = "BuildState")]
    pub fn select_origin(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] cell: JsValue,
    ) -> ApiResult<JsValue> {
        let cell = self.arg_cell(&cell)?;
        let result = self.session.select_origin(cell);
        self.chosen(result)
    }

    /// Cash in Hand: picks up `count` stones from the origin.
    #[wasm_bindgen(js_name = pickUp, unchecked_return_type = "BuildState")]
    pub fn pick_up(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
    ) -> ApiResult<JsValue> {
        let count = arg_int(&count, "count", 0.0, 255.0)? as u32;
        let result = self.session.pick_up(count);
        self.chosen(result)
    }

    /// Steps to `cell` and drops `drop` stones there (1 in Intermedium).
    #[wasm_bindgen(unchecked_return_type = "BuildState")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] cell: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] drop: JsValue,
    ) -> ApiResult<JsValue> {
        let cell = self.arg_cell(&cell)?;
        let drop = opt_int(&drop, "drop", 0.0, 255.0)?.unwrap_or(1.0) as u32;
        let result = self.session.step(cell, drop);
        self.chosen(result)
    }

    /// Cash in Hand: puts `count` captured stones back on `cell`.
    #[wasm_bindgen(unchecked_return_type = "BuildState")]
    pub fn place(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] cell: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
    ) -> ApiResult<JsValue> {
        let cell = self.arg_cell(&cell)?;
        let count = arg_int(&count, "count", 0.0, 255.0)? as u32;
        let result = self.session.place(cell, count);
        self.chosen(result)
    }

    /// Takes back the last choice of the move being built; false if there is none.
    #[wasm_bindgen(js_name = undoChoice)]
    pub fn undo_choice(&mut self) -> bool {
        self.session.undo_choice()
    }

    /// Abandons the move being built.
    pub fn cancel(&mut self) {
        self.session.cancel();
    }

    /// Plays the move built (stage `done`) and returns it.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo")]
    pub fn commit(&mut self) -> ApiResult<JsValue> {
        self.session.commit().map_err(ApiError::from)?;
        Ok(self.last_move())
    }

    /// Plays a whole move written in notation and returns it. An illegal
    /// move throws and changes nothing.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> ApiResult<JsValue> {
        let text = arg_string(&text, "move", MAX_MOVE_TEXT as u32)?;
        self.session.play(&text).map_err(ApiError::from)?;
        Ok(self.last_move())
    }

    /// Takes back the last ply; false at the start.
    pub fn undo(&mut self) -> bool {
        self.session.undo()
    }

    /// Replays the last ply taken back; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.session.redo()
    }

    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.game().can_redo()
    }

    /// The distinct legal moves in the current position, in notation, sorted (at most `limit`, default 10000).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] limit: JsValue,
    ) -> ApiResult<Vec<String>> {
        let limit = opt_int(&limit, "limit", 1.0, 1e6)?.unwrap_or(10_000.0) as usize;
        Ok(self.session.legal_moves(limit).map_err(ApiError::from)?)
    }
}
