//! `Game.threats`: what the side not to move could capture
//! (`Position::threats`, rules only), as JS values.

use super::args::{opt_int, ApiResult};
use super::game::JsGame;
use crate::game_rules::DEFAULT_MOVE_LIMIT;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct ThreatJs {
    #[serde(rename = "move")]
    mv: String,
    captured: Vec<String>,
    stones: u32,
    city: bool,
}

#[derive(Serialize)]
struct ThreatsJs {
    threats: Vec<ThreatJs>,
    complete: bool,
    largest: bool,
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// What the side not to move could capture if it were to move: capturing
    /// moves with the stacks they take and whether they take the city.
    /// `complete`: every stack (and city) that can fall is taken by one of
    /// them (false, and the list empty, when that is not settled within
    /// `limit`, default the engine's 5 000 000); `largest`: every largest set
    /// of stacks captured together has a move in the list (see `Threats`).
    #[wasm_bindgen(unchecked_return_type = "Threats")]
    pub fn threats(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] limit: JsValue,
    ) -> ApiResult<JsValue> {
        let limit = opt_int(&limit, "limit", 1.0, DEFAULT_MOVE_LIMIT as f64)?
            .map_or(DEFAULT_MOVE_LIMIT, |n| n as usize);
        let t = self.game().position().threats(self.game().rules(), limit);
        let view = ThreatsJs {
            threats: t
                .threats
                .iter()
                .map(|x| ThreatJs {
                    mv: x.mv.to_string(),
                    captured: x.captured.iter().map(ToString::to_string).collect(),
                    stones: x.stones,
                    city: x.city,
                })
                .collect(),
            complete: t.complete,
            largest: t.largest,
        };
        Ok(serde_wasm_bindgen::to_value(&view).unwrap_or(JsValue::NULL))
    }
}
