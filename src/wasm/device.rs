//! The AI worker's measure of the device: the search's node count, read
//! around a fixed search to learn the device's speed, and the node budget
//! a level plays on at that speed (`ai::device_nodes`).

use super::args::{arg_game, arg_int, ApiError, ApiResult};
use crate::ai::LEVELS;
use wasm_bindgen::prelude::*;

/// Nodes every AI search in this module instance has spent: read around a
/// search, the difference over the time taken is the device's speed in
/// nodes a millisecond.
#[wasm_bindgen(js_name = aiWorkDone)]
pub fn ai_work_done() -> f64 {
    crate::ai::work_done() as f64
}

/// The node budget `level` plays on in `game` on a device searching
/// `nodesPerMs` for its moves to end inside `deadlineMs`, or null when its
/// own budget fits (`aiMove`'s `nodes`).
#[wasm_bindgen(js_name = aiDeviceNodes, unchecked_return_type = "number | null")]
pub fn ai_device_nodes(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
    #[wasm_bindgen(js_name = nodesPerMs, unchecked_param_type = "number")] nodes_per_ms: JsValue,
    #[wasm_bindgen(js_name = deadlineMs, unchecked_param_type = "number")] deadline_ms: JsValue,
) -> ApiResult<JsValue> {
    let game = arg_game(&game)?;
    let level = arg_int(&level, "level", 1.0, f64::from(LEVELS))? as u8;
    let speed = positive(&nodes_per_ms, "nodesPerMs")?;
    let deadline = arg_int(&deadline_ms, "deadlineMs", 1.0, 600_000.0)?;
    let nodes = crate::ai::device_nodes(game, level, speed, deadline);
    Ok(nodes.map_or(JsValue::NULL, |n| JsValue::from(n as f64)))
}

/// A finite number above zero.
fn positive(v: &JsValue, name: &str) -> Result<f64, ApiError> {
    match v.as_f64() {
        Some(n) if n > 0.0 && n.is_finite() => Ok(n),
        _ => Err(ApiError::new("out-of-range", format!("{name} must be a number above 0"))),
    }
}
