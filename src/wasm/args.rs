//! Arguments from JS, checked ahead of touching any state: every failure
//! is an `ApiError` that becomes a JS `Error` with a stable `code`.

use crate::errors::IllegalMove;
use crate::moves::MAX_MOVE_TEXT;
use crate::position::Position;
use crate::variant::{GameKind, RuleOptions};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Longest position string accepted (the longest real one is about 250 characters).
const MAX_POSITION_TEXT: u32 = 2_000;
/// Most moves accepted by `load` (a game ends by the quiet-ply limit far sooner).
const MAX_MOVES: u32 = 100_000;

/// An argument or engine error on its way to JS.
pub(super) struct ApiError {
    code: &'static str,
    message: String,
}

impl ApiError {
    pub(super) fn new(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { code, message: message.into() }
    }
    pub(super) fn arg(message: impl Into<String>) -> ApiError {
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

pub(super) type ApiResult<T> = Result<T, JsValue>;

fn describe_type(v: &JsValue) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else {
        v.js_typeof().as_string().unwrap_or_else(|| "unknown".into())
    }
}

/// A string argument of at most `max` UTF-16 units (checked ahead of copying).
pub(super) fn arg_string(v: &JsValue, name: &str, max: u32) -> Result<String, ApiError> {
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

/// A number as JS writes it (`String(n)`: `1.5`, `1e+21`, `Infinity`), as
/// the caller would; it also keeps Rust's float formatting, 14 KB, out of
/// the wasm.
fn js_number(n: f64) -> String {
    js_sys::Number::from(n).to_string_with_radix(10).map(String::from).unwrap_or_default()
}

/// A whole-number argument in `min..=max` (whole numbers themselves).
pub(super) fn arg_int(v: &JsValue, name: &str, min: f64, max: f64) -> Result<f64, ApiError> {
    let n = v.as_f64().ok_or_else(|| {
        ApiError::arg(format!("{name} must be a number, got {}", describe_type(v)))
    })?;
    if n.is_nan() {
        return Err(ApiError::arg(format!("{name} must be a number, got NaN")));
    }
    if n.fract() != 0.0 || n < min || n > max {
        return Err(ApiError::new(
            "out-of-range",
            format!(
                "{name} must be a whole number from {} to {}, got {}",
                min as i64,
                max as i64,
                js_number(n)
            ),
        ));
    }
    Ok(n)
}

pub(super) fn opt_int(
    v: &JsValue,
    name: &str,
    min: f64,
    max: f64,
) -> Result<Option<f64>, ApiError> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        arg_int(v, name, min, max).map(Some)
    }
}

pub(super) fn arg_game(v: &JsValue) -> Result<GameKind, ApiError> {
    let name = arg_string(v, "game", 64)?;
    GameKind::from_name(name.trim()).ok_or_else(|| {
        ApiError::arg(format!("unknown game '{name}' (expected {})", GameKind::names_text()))
    })
}

pub(super) fn arg_position(v: &JsValue) -> Result<Position, ApiError> {
    let pos = arg_string(v, "position", MAX_POSITION_TEXT)?
        .parse::<Position>()
        .map_err(|e| ApiError::new("bad-position", format!("bad position: {e}")))?;
    playable(&pos)?;
    Ok(pos)
}

/// A position the page may play (`Position::check_playable`), or the
/// `too-many-stones` error saying why not.
pub(super) fn playable(pos: &Position) -> Result<(), ApiError> {
    pos.check_playable().map_err(|e| ApiError::new("too-many-stones", format!("bad position: {e}")))
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
pub(super) fn arg_rules(v: &JsValue) -> Result<RuleOptions, ApiError> {
    let mut rules = RuleOptions::default();
    if v.is_undefined() || v.is_null() {
        return Ok(rules);
    }
    if !v.is_object() || is_array(v, "rule options")? {
        return Err(ApiError::arg(format!(
            "rule options must be an object, got {}",
            describe_type(v)
        )));
    }
    // A getter or Proxy that throws is refused (never read as "not given").
    let get = |key: &str| {
        js_sys::Reflect::get(v, &key.into())
            .map_err(|_| ApiError::arg(format!("rule options cannot be read: reading {key} threw")))
    };
    let flag = |key: &str, default: bool| -> Result<bool, ApiError> {
        let f = get(key)?;
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
    if let Some(n) = opt_int(&get("quietLimit")?, "quietLimit", 0.0, 100_000.0)? {
        rules.quiet_ply_limit = n as u32;
    }
    Ok(rules)
}

/// Move texts from an array of strings or one string separated by `;`.
pub(super) fn arg_moves(v: &JsValue) -> Result<Vec<String>, ApiError> {
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
            format!("{} moves given; at most {MAX_MOVES} are accepted", js_number(length)),
        ));
    }
    (0..length as u32)
        .map(|i| {
            let m = js_sys::Reflect::get_u32(v, i).map_err(unreadable)?;
            arg_string(&m, &format!("moves[{i}]"), MAX_MOVE_TEXT as u32)
        })
        .collect()
}
