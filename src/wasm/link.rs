//! Move codes for links (`crate::move_code`): a game's moves as a short
//! URL-safe code and back, every decoded move rebuilt by the engine.

use super::args::{arg_moves, arg_position, arg_rules, arg_string, ApiError, ApiResult};
use crate::move_code::{self, MAX_CODE_LEN};
use wasm_bindgen::prelude::*;

/// The moves played from `position` (an array of move texts, or one string
/// separated by `;`) as a move code. Throws on the first illegal move.
#[wasm_bindgen(js_name = encodeMoves)]
pub fn encode_moves(
    #[wasm_bindgen(unchecked_param_type = "string")] position: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[] | string")] moves: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "RuleOptions")] options: JsValue,
) -> ApiResult<String> {
    let start = arg_position(&position)?;
    let moves = arg_moves(&moves)?;
    let rules = arg_rules(&options)?;
    let game = crate::record::replay(start, moves.iter().map(String::as_str), rules)
        .map_err(|e| ApiError::new(e.code(), e.to_string()))?;
    move_code::encode(&game).map_err(|e| ApiError::new(e.code(), e.to_string()).into())
}

/// The moves (texts) a move code writes from `position` under `options`.
/// Throws (code `move-code`) naming the first move that is damaged, not
/// legal, or after the end of the game.
#[wasm_bindgen(js_name = decodeMoves)]
pub fn decode_moves(
    #[wasm_bindgen(unchecked_param_type = "string")] position: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] code: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "RuleOptions")] options: JsValue,
) -> ApiResult<Vec<String>> {
    let start = arg_position(&position)?;
    let code = arg_string(&code, "code", MAX_CODE_LEN as u32)?;
    let rules = arg_rules(&options)?;
    let game = move_code::decode(start, rules, &code)
        .map_err(|e| ApiError::new(e.code(), e.to_string()))?;
    Ok(game.move_texts())
}
