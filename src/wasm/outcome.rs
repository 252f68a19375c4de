//! `captureOutcome`: what one move achieves in stones, for the Learn page's
//! outcome puzzles. Conversion only: the numbers are
//! `threats::capture_outcome`'s (the rules' capture-threat query).

use super::args::{arg_position, arg_rules, arg_string, ApiError, ApiResult};
use crate::moves::MAX_MOVE_TEXT;
use crate::threats::{capture_outcome as outcome_of, REPLY_LIMIT};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CaptureOutcomeJs {
    captured: u32,
    reply: u32,
    reply_exact: bool,
    open: u32,
    open_settled: bool,
}

/// What `move` achieves from `position`: the stones it captures; the most
/// one reply of the opponent then captures (`replyExact` false when the
/// engine's search did not settle that within its limit, `REPLY_LIMIT`, as
/// is usual in a middle game: then `reply` is the
/// most a reply found takes); and `open`, the mover's stones on stacks some
/// reply captures (`openSettled` false when even that is not settled).
/// Throws the engine's refusal for an illegal move.
#[wasm_bindgen(js_name = captureOutcome, unchecked_return_type = "CaptureOutcome")]
pub fn capture_outcome(
    #[wasm_bindgen(unchecked_param_type = "string")] position: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] mv: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "RuleOptions")] options: JsValue,
) -> ApiResult<JsValue> {
    let pos = arg_position(&position)?;
    let text = arg_string(&mv, "move", MAX_MOVE_TEXT as u32)?;
    let rules = arg_rules(&options)?;
    let t = pos.play_text(&text, &rules).map_err(|e| ApiError::new(e.code(), e.to_string()))?;
    let o = outcome_of(&t, &rules, REPLY_LIMIT);
    let view = CaptureOutcomeJs {
        captured: o.captured,
        reply: o.reply.stones,
        reply_exact: o.reply.exact,
        open: o.reply.open,
        open_settled: o.reply.complete,
    };
    Ok(serde_wasm_bindgen::to_value(&view).unwrap_or(JsValue::NULL))
}
