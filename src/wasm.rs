//! The WebAssembly adapter: a thin `#[wasm_bindgen]` layer over `Game` and
//! `MoveBuilder` for the web page and the `<sowing-board>` element. It only
//! converts values (JS in, typed Rust values, JS out) and holds no rules.
//!
//! Errors: every failure throws a JS `Error` with a human `message` and a
//! stable `code` (the engine's `code()` values, plus `bad-argument`,
//! `out-of-range`, `too-long`, `bad-position` and `limit` for argument errors).
//! Every method checks its arguments before touching state, so a throwing
//! call leaves the object exactly as it was.

use crate::ai::{choose_move, Clock, Limits};
use crate::board::{Board, Cell};
use crate::builder::{MoveBuilder, Stage};
use crate::errors::IllegalMove;
use crate::game::Game;
use crate::moves::Move;
use crate::perft::perft as engine_perft;
use crate::play::DEFAULT_MOVE_LIMIT;
use crate::position::Position;
use crate::variant::{GameKind, Outcome, Rules, Side};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Longest position string accepted (the longest real one is about 250 characters).
const MAX_POSITION_TEXT: u32 = 2_000;
/// Most moves accepted by `load` (a game ends by the quiet-ply limit long before).
const MAX_MOVES: u32 = 100_000;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Rule options; every field is optional and defaults to RULES.md's default. */
export interface RuleOptions {
  /** Intermedium: a player's first move must drop a stone on an empty cell (default true). */
  firstMoveRule?: boolean;
  /** Draw after this many plies without a capture; 0 turns it off (default 100). */
  quietLimit?: number;
  /** Draw when a position occurs for the third time (default true). */
  repetitionDraw?: boolean;
}
/** The result of a finished game. */
export interface Outcome {
  /** `blue`/`red`/`white`/`black`, or null for a draw. */
  winner: string | null;
  /** `city-captured` | `no-moves` | `eliminated` | `repetition` | `quiet-limit`. */
  reason: string;
  /** A sentence for people, e.g. "blue wins: the city was captured". */
  description: string;
}
/** A legal next cell while sowing, with every drop allowed there (ascending). */
export interface StepChoice { cell: string; drops: number[]; }
/** One drop of a sowing. */
export interface Drop { cell: string; count: number; }
/** The move under construction and the legal choices for its next part. */
export interface BuildState {
  /** `origin` | `count` | `step` | `place` | `done` | `over` (the game is finished). */
  stage: string;
  /** The side to move: `blue`/`red`/`white`/`black`. */
  side: string;
  origin: string | null;
  /** Stones still in hand. */
  cash: number;
  /** The drops made so far, in order. */
  path: Drop[];
  /** Stage `origin`: stacks a legal move starts from. */
  origins: string[];
  /** Stage `count` (Cash in Hand): legal pick-up counts. */
  counts: number[];
  /** Stage `step`: legal next cells and drops. */
  steps: StepChoice[];
  /** Stage `place` (Cash in Hand): stacks that may receive captured stones. */
  places: string[];
  /** Stage `place`: captured stones still to put back. */
  toPlace: number;
  /** Stacks this move captures (known once the sowing is complete). */
  captured: string[];
  /** Stage `done`: the finished move in notation (call `commit`). */
  move: string | null;
}
/** A move of the record, for drawing it. */
export interface MoveInfo {
  /** 1-based ply number. */
  ply: number;
  move: string;
  /** The side that played it. */
  side: string;
  origin: string;
  /** Stones picked up. */
  count: number;
  path: Drop[];
  captured: string[];
  /** Cash in Hand: captured stones put back. */
  placements: Drop[];
  /** The position after the move. */
  position: string;
  outcome: Outcome | null;
}
"#;

/// An argument or engine error on its way to JS.
struct ApiError {
    code: &'static str,
    message: String,
}

impl ApiError {
    fn new(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { code, message: message.into() }
    }
    fn arg(message: impl Into<String>) -> ApiError {
        ApiError::new("bad-argument", message)
    }
}

impl From<ApiError> for JsValue {
    fn from(e: ApiError) -> JsValue {
        let err = js_sys::Error::new(&e.message);
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&err, &"code".into(), &e.code.into());
        err.into()
    }
}

impl From<IllegalMove> for ApiError {
    fn from(e: IllegalMove) -> ApiError {
        ApiError::new(e.code(), e.to_string())
    }
}

type ApiResult<T> = Result<T, JsValue>;

fn describe_type(v: &JsValue) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else {
        v.js_typeof().as_string().unwrap_or_else(|| "unknown".into())
    }
}

/// A string argument of at most `max` UTF-16 units (checked before copying).
fn arg_string(v: &JsValue, name: &str, max: u32) -> Result<String, ApiError> {
    let s = v.dyn_ref::<js_sys::JsString>().ok_or_else(|| {
        ApiError::arg(format!("{name} must be a string, got {}", describe_type(v)))
    })?;
    if s.length() > max {
        return Err(ApiError::new(
            "too-long",
            format!("{name} is {} characters long; at most {max} are accepted", s.length()),
        ));
    }
    Ok(String::from(s))
}

/// A whole-number argument in `min..=max`.
fn arg_int(v: &JsValue, name: &str, min: f64, max: f64) -> Result<f64, ApiError> {
    let n = v.as_f64().ok_or_else(|| {
        ApiError::arg(format!("{name} must be a number, got {}", describe_type(v)))
    })?;
    if n.is_nan() {
        return Err(ApiError::arg(format!("{name} must be a number, got NaN")));
    }
    if n.fract() != 0.0 || n < min || n > max {
        return Err(ApiError::new(
            "out-of-range",
            format!("{name} must be a whole number from {min} to {max}, got {n}"),
        ));
    }
    Ok(n)
}

fn opt_int(v: &JsValue, name: &str, min: f64, max: f64) -> Result<Option<f64>, ApiError> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        arg_int(v, name, min, max).map(Some)
    }
}

fn arg_game(v: &JsValue) -> Result<GameKind, ApiError> {
    let name = arg_string(v, "game", 64)?;
    GameKind::from_name(name.trim()).ok_or_else(|| {
        ApiError::arg(format!("unknown game '{name}' (expected intermedium or cash-in-hand)"))
    })
}

fn arg_position(v: &JsValue) -> Result<Position, ApiError> {
    arg_string(v, "position", MAX_POSITION_TEXT)?
        .parse::<Position>()
        .map_err(|e| ApiError::new("bad-position", format!("bad position: {e}")))
}

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, which throws for a revoked Proxy. Every call into JS
    /// that can throw is caught: an exception unwinding through wasm would
    /// skip the Rust code after it and reach the caller without a `code`.
    #[wasm_bindgen(js_namespace = Array, js_name = isArray, catch)]
    fn js_is_array(v: &JsValue) -> Result<bool, JsValue>;
}

fn is_array(v: &JsValue, name: &str) -> Result<bool, ApiError> {
    js_is_array(v).map_err(|_| ApiError::arg(format!("{name} cannot be read (a revoked Proxy?)")))
}

/// Reads the rule options object (`undefined`/`null` for the defaults).
fn arg_rules(v: &JsValue) -> Result<Rules, ApiError> {
    let mut rules = Rules::default();
    if v.is_undefined() || v.is_null() {
        return Ok(rules);
    }
    if !v.is_object() || is_array(v, "rule options")? {
        return Err(ApiError::arg(format!(
            "rule options must be an object, got {}",
            describe_type(v)
        )));
    }
    let get = |key: &str| js_sys::Reflect::get(v, &key.into()).unwrap_or(JsValue::UNDEFINED);
    let flag = |key: &str, default: bool| -> Result<bool, ApiError> {
        let f = get(key);
        if f.is_undefined() {
            Ok(default)
        } else {
            f.as_bool().ok_or_else(|| {
                ApiError::arg(format!("{key} must be true or false, got {}", describe_type(&f)))
            })
        }
    };
    rules.first_move_rule = flag("firstMoveRule", rules.first_move_rule)?;
    rules.repetition_draw = flag("repetitionDraw", rules.repetition_draw)?;
    if let Some(n) = opt_int(&get("quietLimit"), "quietLimit", 0.0, 100_000.0)? {
        rules.quiet_ply_limit = n as u32;
    }
    Ok(rules)
}

/// Move texts from an array of strings or one string separated by `;`.
fn arg_moves(v: &JsValue) -> Result<Vec<String>, ApiError> {
    if v.is_undefined() || v.is_null() {
        return Ok(Vec::new());
    }
    if v.is_string() {
        let text = arg_string(v, "moves", MAX_MOVES * 64)?;
        return Ok(text
            .split(';')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect());
    }
    if !is_array(v, "moves")? {
        return Err(ApiError::arg(format!(
            "moves must be an array of strings or a string, got {}",
            describe_type(v)
        )));
    }
    // Through Reflect.get (caught), not Array methods: a Proxy or a getter may throw.
    let unreadable = |_| ApiError::arg("moves cannot be read (a getter or Proxy threw)");
    let length =
        js_sys::Reflect::get(v, &"length".into()).map_err(unreadable)?.as_f64().unwrap_or(f64::NAN);
    if length.is_nan() || length < 0.0 {
        return Err(ApiError::arg("moves has no valid length"));
    }
    if length > MAX_MOVES as f64 {
        return Err(ApiError::new(
            "too-long",
            format!("{length} moves given; at most {MAX_MOVES} are accepted"),
        ));
    }
    (0..length as u32)
        .map(|i| {
            let m = js_sys::Reflect::get_u32(v, i).map_err(unreadable)?;
            arg_string(&m, &format!("moves[{i}]"), crate::moves::MAX_MOVE_TEXT as u32)
        })
        .collect()
}

fn side_name(game: GameKind, side: Side) -> String {
    game.side_name(side).to_string()
}

#[derive(Serialize)]
struct OutcomeJs {
    winner: Option<String>,
    reason: &'static str,
    description: String,
}

fn outcome_js(game: GameKind, o: Outcome) -> OutcomeJs {
    OutcomeJs {
        winner: o.winner.map(|s| side_name(game, s)),
        reason: o.reason.code(),
        description: o.describe(game),
    }
}

#[derive(Serialize)]
struct DropJs {
    cell: String,
    count: u32,
}

#[derive(Serialize)]
struct StepJs {
    cell: String,
    drops: Vec<u8>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BuildJs {
    stage: &'static str,
    side: String,
    origin: Option<String>,
    cash: u8,
    path: Vec<DropJs>,
    origins: Vec<String>,
    counts: Vec<u8>,
    steps: Vec<StepJs>,
    places: Vec<String>,
    to_place: u32,
    captured: Vec<String>,
    #[serde(rename = "move")]
    mv: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveInfoJs {
    ply: usize,
    #[serde(rename = "move")]
    mv: String,
    side: String,
    origin: String,
    count: u32,
    path: Vec<DropJs>,
    captured: Vec<String>,
    placements: Vec<DropJs>,
    position: String,
    outcome: Option<OutcomeJs>,
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    // json_compatible: `None` becomes `null`, maps become plain objects.
    // Serialising these plain structs cannot fail.
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}

fn cells(list: impl IntoIterator<Item = Cell>) -> Vec<String> {
    list.into_iter().map(|c| c.to_string()).collect()
}

fn drops(list: impl IntoIterator<Item = (Cell, u32)>) -> Vec<DropJs> {
    list.into_iter().map(|(cell, count)| DropJs { cell: cell.to_string(), count }).collect()
}

/// The wall clock in wasm, for the AI's time budget.
struct DateClock;

impl Clock for DateClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}

/// Installs the panic hook once, when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A game of Intermedium or Cash in Hand: its record (moves, undo/redo,
/// result) and the move being built one choice at a time.
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    game: Game,
    builder: MoveBuilder,
}

impl JsGame {
    fn wrap(game: Game) -> JsGame {
        let builder = MoveBuilder::new(game.position(), game.rules());
        JsGame { game, builder }
    }

    fn reset_builder(&mut self) {
        self.builder = MoveBuilder::new(self.game.position(), self.game.rules());
    }

    fn kind(&self) -> GameKind {
        self.game.game()
    }

    fn arg_cell(&self, v: &JsValue) -> Result<Cell, ApiError> {
        let text = arg_string(v, "cell", 8)?;
        let cell: Cell = text.trim().parse().map_err(|_| {
            ApiError::new("notation", format!("'{text}' is not a cell name (expected a file letter and a rank number, like c4)"))
        })?;
        if !self.kind().geometry().contains(cell) {
            return Err(IllegalMove::OffBoard(cell).into());
        }
        Ok(cell)
    }

    fn arg_ply(&self, v: &JsValue, min: usize) -> Result<usize, ApiError> {
        Ok(arg_int(v, "ply", min as f64, self.game.plies().len() as f64)? as usize)
    }

    fn ensure_running(&self) -> Result<(), ApiError> {
        match self.game.outcome() {
            Some(o) => Err(IllegalMove::GameOver(self.kind(), o).into()),
            None => Ok(()),
        }
    }

    /// Applies one builder choice on a copy, so that a refused choice changes nothing.
    fn choose(
        &mut self,
        f: impl FnOnce(&mut MoveBuilder) -> Result<(), IllegalMove>,
    ) -> ApiResult<JsValue> {
        self.ensure_running()?;
        let mut next = self.builder.clone();
        f(&mut next).map_err(ApiError::from)?;
        self.builder = next;
        Ok(self.build())
    }

    fn move_info(&self, ply: usize) -> MoveInfoJs {
        let game = self.kind();
        let record = &self.game.plies()[ply - 1];
        let t = &record.transition;
        let mover = self.game.position_at(ply - 1).map_or(Side::First, |p| p.side_to_move);
        let (origin, count, path, placements) = match &t.mv {
            Move::Sow(m) => {
                (m.origin, m.path.len() as u32, drops(m.path.iter().map(|&c| (c, 1))), Vec::new())
            }
            Move::Cash(m) => (
                m.origin,
                m.count,
                drops(m.steps.iter().copied()),
                drops(m.placements.iter().copied()),
            ),
        };
        MoveInfoJs {
            ply,
            mv: t.mv.to_string(),
            side: side_name(game, mover),
            origin: origin.to_string(),
            count,
            path,
            captured: cells(t.captured.iter().copied()),
            placements,
            position: t.position.to_string(),
            outcome: record.outcome.map(|o| outcome_js(game, o)),
        }
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
    /// Throws naming the bad line or move; nothing is half-loaded.
    #[wasm_bindgen(js_name = importText)]
    pub fn import_text(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "RuleOptions")] options: JsValue,
    ) -> ApiResult<JsGame> {
        let text = arg_string(&text, "text", crate::record::MAX_RECORD_TEXT as u32)?;
        let rules = arg_rules(&options)?;
        let game = crate::record::import(&text, rules)
            .map_err(|e| ApiError::new(e.code(), e.to_string()))?;
        Ok(JsGame::wrap(game))
    }

    /// The game's text record (see `importText`).
    #[wasm_bindgen(js_name = exportText)]
    pub fn export_text(&self) -> String {
        crate::record::export(&self.game)
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
        vec![side_name(self.kind(), Side::First), side_name(self.kind(), Side::Second)]
    }

    /// The cities (Intermedium; none in Cash in Hand), for drawing them.
    #[wasm_bindgen(unchecked_return_type = "{ cell: string; side: string }[]")]
    pub fn cities(&self) -> JsValue {
        let list = match self.kind() {
            GameKind::Intermedium => {
                vec![(crate::city(Side::First), 0), (crate::city(Side::Second), 1)]
            }
            GameKind::CashInHand => Vec::new(),
        };
        #[derive(Serialize)]
        struct CityJs {
            cell: String,
            side: String,
        }
        let game = self.kind();
        let side = |i| if i == 0 { Side::First } else { Side::Second };
        to_js(
            &list
                .into_iter()
                .map(|(c, i)| CityJs { cell: c.to_string(), side: side_name(game, side(i)) })
                .collect::<Vec<_>>(),
        )
    }

    /// The rule options in force.
    #[wasm_bindgen(unchecked_return_type = "Required<RuleOptions>")]
    pub fn rules(&self) -> JsValue {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct RulesJs {
            first_move_rule: bool,
            quiet_limit: u32,
            repetition_draw: bool,
        }
        let r = self.game.rules();
        to_js(&RulesJs {
            first_move_rule: r.first_move_rule,
            quiet_limit: r.quiet_ply_limit,
            repetition_draw: r.repetition_draw,
        })
    }

    /// The current position string.
    pub fn position(&self) -> String {
        self.game.position().to_string()
    }

    /// The position string the record starts from.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> String {
        self.game.start().to_string()
    }

    /// The position string after `ply` plies (0 is the start).
    #[wasm_bindgen(js_name = positionAt)]
    pub fn position_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> ApiResult<String> {
        let ply = self.arg_ply(&ply, 0)?;
        Ok(self.game.position_at(ply).map(|p| p.to_string()).unwrap_or_default())
    }

    /// The side to move: `blue`/`red`/`white`/`black`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        side_name(self.kind(), self.game.position().side_to_move)
    }

    /// Stone counts of every cell, `a1, b1, ...` rank by rank (index =
    /// rank * files + file), as the move being built stands: one call per redraw.
    pub fn board(&self) -> Vec<u8> {
        JsGame::board_bytes(&self.builder.board())
    }

    /// The stone counts after `ply` plies (0 is the start), same layout as `board`.
    #[wasm_bindgen(js_name = boardAt)]
    pub fn board_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> ApiResult<Vec<u8>> {
        let ply = self.arg_ply(&ply, 0)?;
        Ok(self.game.position_at(ply).map(|p| JsGame::board_bytes(&p.board)).unwrap_or_default())
    }

    /// Plies played so far.
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> usize {
        self.game.plies().len()
    }

    /// The moves played, in notation.
    pub fn moves(&self) -> Vec<String> {
        self.game.move_texts()
    }

    /// The result, or null while the game goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        match self.game.outcome() {
            Some(o) => to_js(&outcome_js(self.kind(), o)),
            None => JsValue::NULL,
        }
    }

    /// The last move played, or null at the start.
    #[wasm_bindgen(js_name = lastMove, unchecked_return_type = "MoveInfo | null")]
    pub fn last_move(&self) -> JsValue {
        match self.game.plies().len() {
            0 => JsValue::NULL,
            n => to_js(&self.move_info(n)),
        }
    }

    /// The move played at `ply` (1-based).
    #[wasm_bindgen(js_name = moveAt, unchecked_return_type = "MoveInfo")]
    pub fn move_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
    ) -> ApiResult<JsValue> {
        let ply = self.arg_ply(&ply, 1)?;
        Ok(to_js(&self.move_info(ply)))
    }

    /// The move being built: its stage and the legal choices for its next part.
    #[wasm_bindgen(unchecked_return_type = "BuildState")]
    pub fn build(&self) -> JsValue {
        let b = &self.builder;
        let over = self.game.outcome().is_some();
        let stage = if over {
            "over"
        } else {
            match b.stage() {
                Stage::Origin => "origin",
                Stage::Count => "count",
                Stage::Step => "step",
                Stage::Place => "place",
                Stage::Done => "done",
            }
        };
        let at = |s: Stage| !over && b.stage() == s;
        to_js(&BuildJs {
            stage,
            side: self.side_to_move(),
            origin: b.origin().map(|c| c.to_string()),
            cash: b.cash(),
            path: drops(b.path().into_iter().map(|(c, d)| (c, d as u32))),
            origins: if at(Stage::Origin) { cells(b.origins()) } else { Vec::new() },
            counts: if at(Stage::Count) { b.count_options() } else { Vec::new() },
            steps: if at(Stage::Step) {
                b.step_options()
                    .into_iter()
                    .map(|o| StepJs { cell: o.cell.to_string(), drops: o.drops() })
                    .collect()
            } else {
                Vec::new()
            },
            places: if at(Stage::Place) { cells(b.place_options()) } else { Vec::new() },
            to_place: if at(Stage::Place) { b.to_place() } else { 0 },
            captured: cells(b.captured()),
            mv: if at(Stage::Done) { b.finish().map(|t| t.mv.to_string()) } else { None },
        })
    }

    /// Chooses the origin stack of the move being built.
    #[wasm_bindgen(js_name = selectOrigin, unchecked_return_type = "BuildState")]
    pub fn select_origin(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] cell: JsValue,
    ) -> ApiResult<JsValue> {
        let cell = self.arg_cell(&cell)?;
        self.choose(|b| b.select_origin(cell))
    }

    /// Cash in Hand: picks up `count` stones from the origin.
    #[wasm_bindgen(js_name = pickUp, unchecked_return_type = "BuildState")]
    pub fn pick_up(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
    ) -> ApiResult<JsValue> {
        let count = arg_int(&count, "count", 0.0, 255.0)? as u32;
        self.choose(|b| b.pick_up(count))
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
        self.choose(|b| b.step(cell, drop))
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
        self.choose(|b| b.place(cell, count))
    }

    /// Takes back the last choice of the move being built; false if there was none.
    #[wasm_bindgen(js_name = undoChoice)]
    pub fn undo_choice(&mut self) -> bool {
        self.builder.undo()
    }

    /// Abandons the move being built.
    pub fn cancel(&mut self) {
        self.reset_builder();
    }

    /// Plays the move built (stage `done`) and returns it.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo")]
    pub fn commit(&mut self) -> ApiResult<JsValue> {
        self.ensure_running()?;
        let t = self.builder.finish().ok_or_else(|| {
            ApiError::new("move-incomplete", "the move being built is not complete yet")
        })?;
        self.game.play(&t.mv).map_err(ApiError::from)?;
        self.reset_builder();
        Ok(self.last_move())
    }

    /// Plays a whole move written in notation and returns it. An illegal
    /// move throws and changes nothing.
    #[wasm_bindgen(unchecked_return_type = "MoveInfo")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> ApiResult<JsValue> {
        let text = arg_string(&text, "move", crate::moves::MAX_MOVE_TEXT as u32)?;
        self.game
            .play_text(&text)
            .map_err(|e| ApiError::new(e.code(), format!("{}: {e}", text.trim())))?;
        self.reset_builder();
        Ok(self.last_move())
    }

    /// Takes back the last ply; false at the start.
    pub fn undo(&mut self) -> bool {
        let done = self.game.undo().is_some();
        self.reset_builder();
        done
    }

    /// Replays the last ply taken back; false if there is none.
    pub fn redo(&mut self) -> bool {
        let done = self.game.redo().is_some();
        self.reset_builder();
        done
    }

    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// The distinct legal moves now, in notation, sorted (at most `limit`, default 10000).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] limit: JsValue,
    ) -> ApiResult<Vec<String>> {
        let limit = opt_int(&limit, "limit", 1.0, 1e6)?.unwrap_or(10_000.0) as usize;
        let mut moves: Vec<String> = self
            .game
            .legal_moves(DEFAULT_MOVE_LIMIT)
            .map_err(|e| ApiError::new("limit", e.to_string()))?
            .into_iter()
            .map(|t| t.mv.to_string())
            .collect();
        moves.sort();
        moves.truncate(limit);
        Ok(moves)
    }

    /// The AI's move for the side to move, in notation, without playing it;
    /// null once the game is over. `level` 1-5, `seed` a whole number (same
    /// seed, same move), `budgetMs` the thinking time (default: the level's).
    #[wasm_bindgen(js_name = aiMove, unchecked_return_type = "string | null")]
    pub fn ai_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
        #[wasm_bindgen(js_name = budgetMs, unchecked_optional_param_type = "number")]
        budget_ms: JsValue,
    ) -> ApiResult<JsValue> {
        let level = arg_int(&level, "level", 1.0, 5.0)? as u8;
        let seed = opt_int(&seed, "seed", 0.0, 9_007_199_254_740_991.0)?.unwrap_or(0.0) as u64;
        let time_ms = opt_int(&budget_ms, "budgetMs", 1.0, 600_000.0)?;
        if self.game.outcome().is_some() {
            return Ok(JsValue::NULL);
        }
        let clock = DateClock;
        let limits = Limits { nodes: None, time_ms };
        Ok(choose_move(&self.game, level, seed, limits, &clock)
            .map_or(JsValue::NULL, |t| t.mv.to_string().into()))
    }
}

/// The standard start position string of `game`.
#[wasm_bindgen(js_name = startPosition)]
pub fn start_position(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
) -> ApiResult<String> {
    Ok(arg_game(&game)?.start_position_string().to_string())
}

/// perft (RULES.md section 5) from a position string, for benchmarks and checks.
#[wasm_bindgen]
pub fn perft(
    #[wasm_bindgen(unchecked_param_type = "string")] position: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "RuleOptions")] options: JsValue,
) -> ApiResult<f64> {
    let pos = arg_position(&position)?;
    let depth = arg_int(&depth, "depth", 0.0, 6.0)? as u32;
    let rules = arg_rules(&options)?;
    engine_perft(&pos, &rules, depth)
        .map(|n| n as f64)
        .map_err(|e| ApiError::new("limit", e.to_string()).into())
}
