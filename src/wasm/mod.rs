//! The WebAssembly adapter: a thin `#[wasm_bindgen]` layer over `Game` and
//! `MoveBuilder` for the web page and the `<sowing-board>` element. It only
//! converts values (JS in, typed Rust values, JS out) and holds no rules.
//!
//! - `game`: the `Game` class; `args`: argument checking and `ApiError`;
//!   `views`: JS shapes of engine values; `types`: their TypeScript; `link`:
//!   move codes for links.
//! - With the `ai` feature only: `ai`, the class's `aiMove`, `analyse`,
//!   `evaluate` and `review`; `clock`, the AI's clock (`performance.now`);
//!   `device`, the AI worker's measure of the device's speed; and two rules
//!   queries that only the workers ask (the page's analysis and the Learn
//!   page, through the analysis worker), whose walks can take seconds on
//!   tall stacks: `threats`, the class's `threats`, and `outcome`, what a
//!   move achieves in stones (the Learn page's capture puzzles).
//!
//! `build.sh` builds the binding twice: without `ai` as the page's and the
//! widget's main-thread module (`pkg/sowboard.js`: the board plays with no AI
//! code loaded), with it as the workers' (`pkg/sowboard_ai.js`).
//!
//! Errors: every failure throws a JS `Error` with a human `message` and a
//! stable `code` (the engine's `code()` values, plus `bad-argument`,
//! `out-of-range`, `too-long`, `bad-position` and `limit` for argument errors).
//! Every method checks its arguments ahead of touching state, so a throwing
//! call leaves the object exactly as it is.

#[cfg(feature = "ai")]
mod ai;
mod args;
#[cfg(feature = "ai")]
mod clock;
#[cfg(feature = "ai")]
mod device;
mod game;
mod link;
#[cfg(feature = "ai")]
mod outcome;
#[cfg(feature = "ai")]
mod threats;
mod types;
mod views;

use crate::perft::perft as engine_perft;
use args::{arg_game, arg_int, arg_position, arg_rules, ApiError, ApiResult};
use wasm_bindgen::prelude::*;

/// Installs the panic hook once, when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The engine's version (`Cargo.toml`). The widget compares it with its own
/// (`www/board/version.js`) and refuses an engine from another release.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// How many AI levels there are (`aiMove` and the analysis take 1 to
/// this). The page's `LEVELS` (`www/board/options.js`) must equal it; the
/// browser suite checks that they do.
#[wasm_bindgen(js_name = aiLevels)]
pub fn ai_levels() -> u32 {
    u32::from(crate::ai::LEVELS)
}

/// The standard start position string of `game`.
#[wasm_bindgen(js_name = startPosition)]
pub fn start_position(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
) -> ApiResult<String> {
    Ok(arg_game(&game)?.start_position_string().to_string())
}

/// perft (docs/RULES.md section 5) from a position string, for benchmarks and checks.
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
