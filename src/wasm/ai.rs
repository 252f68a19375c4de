//! The AI members of the `Game` class: `aiMove`, `analyse`, `evaluate` and
//! `review`. Compiled with the `ai` feature only: the workers' module
//! (`pkg/sowboard_ai.js`) has them, the page's rules-only module
//! (`pkg/sowboard.js`) does not. Conversion only: the move is
//! `Session::ai_move`, the analysis and the evaluation
//! `crate::ai::analyse`, the review `crate::ai::review`, win chances and
//! accuracy `crate::ai::win_chance`.

use super::args::{arg_int, opt_int, ApiError, ApiResult};
use super::clock::PerformanceClock;
use super::game::JsGame;
use super::views::side_name;
use crate::ai::analyse::{analyse, evaluate, Analysis, Score, Strength, Verdict};
use crate::ai::review::{review, REVIEW};
use crate::ai::win_chance::win_chance;
use crate::ai::{Limits, LEVELS};
use crate::variant::{GameKind, Side};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct ScoreJs {
    kind: &'static str,
    value: i32,
    text: String,
    /// `Score::value`: one comparable number (estimates clamped to +-3000,
    /// a win 10000 less its distance).
    rank: i32,
    /// `Score::proven_over_every_move`.
    exact: bool,
    /// `win_chance::win_chance`, for the same side.
    chance: f64,
}

fn score_js(game: GameKind, s: Score) -> ScoreJs {
    let (kind, value) = match s {
        Score::Centi(c) => ("cp", c),
        Score::Win(k) => ("win", k as i32),
        Score::Loss(k) => ("loss", k as i32),
    };
    ScoreJs {
        kind,
        value,
        text: s.to_string(),
        rank: s.value(),
        exact: s.proven_over_every_move(),
        chance: win_chance(game, s),
    }
}

/// A score of `side` from the first player's side.
fn for_first(s: Score, side: Side) -> Score {
    match side {
        Side::First => s,
        Side::Second => s.negate(),
    }
}

#[derive(Serialize)]
struct AnalysisJs {
    best: String,
    score: ScoreJs,
    first: ScoreJs,
    pv: Vec<String>,
    depth: u32,
    nodes: f64,
}

fn analysis_js(game: GameKind, mover: Side, a: &Analysis) -> JsValue {
    let view = AnalysisJs {
        best: a.best.to_string(),
        score: score_js(game, a.score),
        first: score_js(game, for_first(a.score, mover)),
        pv: a.pv.iter().map(ToString::to_string).collect(),
        depth: a.depth,
        nodes: a.nodes as f64,
    };
    serde_wasm_bindgen::to_value(&view).unwrap_or(JsValue::NULL)
}

#[derive(Serialize)]
struct EvaluationJs {
    best: String,
    score: ScoreJs,
    first: ScoreJs,
    depth: u32,
    nodes: f64,
}

#[derive(Serialize)]
struct ReviewedJs {
    ply: usize,
    #[serde(rename = "move")]
    mv: String,
    side: String,
    before: ScoreJs,
    after: ScoreJs,
    best: String,
    class: &'static str,
    #[serde(rename = "beforeFirst")]
    before_first: ScoreJs,
    #[serde(rename = "afterFirst")]
    after_first: ScoreJs,
    accuracy: f64,
}

fn strength(level: &JsValue, nodes: &JsValue, default: Strength) -> Result<Strength, ApiError> {
    let level = opt_int(level, "level", 1.0, f64::from(LEVELS))?;
    let nodes = opt_int(nodes, "nodes", 1.0, 1e9)?;
    Ok(match (level, nodes) {
        (None, None) => default,
        (l, n) => {
            Strength { level: l.map_or(default.level, |l| l as u8), nodes: n.map(|n| n as u64) }
        }
    })
}

fn callback(v: &JsValue, name: &str) -> Result<Option<js_sys::Function>, ApiError> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.dyn_ref::<js_sys::Function>()
        .cloned()
        .map(Some)
        .ok_or_else(|| ApiError::arg(format!("{name} must be a function")))
}

/// Calls `f` with `args`; `false` stops the work. A throw stops it too and
/// is kept in `error` to be rethrown.
fn call(f: &js_sys::Function, args: &[JsValue], error: &mut Option<JsValue>) -> bool {
    let result = match args {
        [a] => f.call1(&JsValue::NULL, a),
        [a, b] => f.call2(&JsValue::NULL, a, b),
        _ => f.call0(&JsValue::NULL),
    };
    match result {
        Ok(v) => v != JsValue::FALSE,
        Err(e) => {
            *error = Some(e);
            false
        }
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// The AI's move for the side to move, in notation, without playing it;
    /// null once the game is over. `level` 1-8, `seed` a whole number (same
    /// seed, same move), `budgetMs` the thinking time (default: the level's),
    /// `nodes` the node budget in place of the level's (`aiDeviceNodes`).
    #[wasm_bindgen(js_name = aiMove, unchecked_return_type = "string | null")]
    pub fn ai_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
        #[wasm_bindgen(js_name = budgetMs, unchecked_optional_param_type = "number")]
        budget_ms: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] nodes: JsValue,
    ) -> ApiResult<JsValue> {
        let level = arg_int(&level, "level", 1.0, f64::from(LEVELS))? as u8;
        let seed = opt_int(&seed, "seed", 0.0, 9_007_199_254_740_991.0)?.unwrap_or(0.0) as u64;
        let time_ms = opt_int(&budget_ms, "budgetMs", 1.0, 600_000.0)?;
        let nodes = opt_int(&nodes, "nodes", 1.0, 1e12)?.map(|n| n as u64);
        let clock = PerformanceClock::new();
        let limits = Limits { nodes, time_ms };
        Ok(self.session().ai_move(level, seed, limits, &clock).map_or(JsValue::NULL, JsValue::from))
    }

    /// Analyses the current position: `{best, score, pv, depth, nodes}` of
    /// the last finished pass, or null once the game is over. `level` 1-8
    /// (default 5) or `nodes` (a node budget); `onReport(analysis)` gets
    /// each pass as the search deepens and may return false to stop.
    /// `score.kind` is `cp` (hundredths of a stone for the side to move),
    /// `win` or `loss` (a proven result, `value` plies away). Throws the
    /// `limit` error on a position with too many moves to list (set-ups
    /// with a 255-stone stack).
    #[wasm_bindgen(unchecked_return_type = "Analysis | null")]
    pub fn analyse(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] level: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] nodes: JsValue,
        #[wasm_bindgen(
            js_name = onReport,
            unchecked_optional_param_type = "(analysis: Analysis) => boolean | void"
        )]
        on_report: JsValue,
    ) -> ApiResult<JsValue> {
        let strength = strength(&level, &nodes, Strength::ANALYSIS)?;
        let f = callback(&on_report, "onReport")?;
        let clock = PerformanceClock::new();
        let (kind, mover) = (self.game().game(), self.game().position().side_to_move);
        let mut error = None;
        let result = analyse(self.game(), strength, &clock, &mut |a| match &f {
            Some(f) => call(f, &[analysis_js(kind, mover, a)], &mut error),
            None => true,
        });
        if let Some(e) = error {
            return Err(e);
        }
        let result = result
            .map_err(|e| ApiError::new("limit", format!("too many moves to analyse ({e})")))?;
        Ok(result.as_ref().map_or(JsValue::NULL, |a| analysis_js(kind, mover, a)))
    }

    /// The one search of the current position that the analysis answers
    /// with, the review scores each position with and a hint plays:
    /// `{best, score, first, depth, nodes}`, or null once the game is over.
    /// `level` 1-8 (default 8) or `nodes`, as for `analyse`; the same
    /// strength gives the same best move and score as `analyse`'s last pass
    /// and as `review` for this position. Throws the `limit` error on a
    /// position with too many moves to list.
    #[wasm_bindgen(unchecked_return_type = "Evaluation | null")]
    pub fn evaluate(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] level: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] nodes: JsValue,
    ) -> ApiResult<JsValue> {
        let strength = strength(&level, &nodes, Strength::ANALYSIS)?;
        let clock = PerformanceClock::new();
        let (kind, mover) = (self.game().game(), self.game().position().side_to_move);
        let result = evaluate(self.game(), strength, &clock)
            .map_err(|e| ApiError::new("limit", format!("too many moves to evaluate ({e})")))?;
        let Some(Verdict { best, score, depth, nodes }) = result else { return Ok(JsValue::NULL) };
        let view = EvaluationJs {
            best: best.to_string(),
            score: score_js(kind, score),
            first: score_js(kind, for_first(score, mover)),
            depth,
            nodes: nodes as f64,
        };
        Ok(serde_wasm_bindgen::to_value(&view).unwrap_or(JsValue::NULL))
    }

    /// Reviews every move of the game from its start: one
    /// `{ply, move, side, before, after, best, class}` per ply (scores for
    /// the player who moved; `class` best | good | inaccuracy | mistake |
    /// blunder; `beforeFirst`, `afterFirst` the same scores from the first
    /// player's side; `accuracy` 0-100), or null when `onProgress(done,
    /// total)` returned false.
    /// Default strength: level 4 within 200 000 nodes a position. Throws
    /// the `limit` error when a position of the game has too many moves to
    /// list (set-ups with a 255-stone stack).
    #[wasm_bindgen(unchecked_return_type = "ReviewedMove[] | null")]
    pub fn review(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] level: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] nodes: JsValue,
        #[wasm_bindgen(
            js_name = onProgress,
            unchecked_optional_param_type = "(done: number, total: number) => boolean | void"
        )]
        on_progress: JsValue,
    ) -> ApiResult<JsValue> {
        let strength = strength(&level, &nodes, REVIEW)?;
        let f = callback(&on_progress, "onProgress")?;
        let clock = PerformanceClock::new();
        let mut error = None;
        let result = review(self.game(), strength, &clock, &mut |done, total| match &f {
            Some(f) => call(f, &[(done as f64).into(), (total as f64).into()], &mut error),
            None => true,
        });
        if let Some(e) = error {
            return Err(e);
        }
        let result = result
            .map_err(|e| ApiError::new("limit", format!("too many moves to review ({e})")))?;
        let Some(plies) = result else { return Ok(JsValue::NULL) };
        let kind = self.game().game();
        let view: Vec<ReviewedJs> = plies
            .iter()
            .map(|r| ReviewedJs {
                ply: r.ply,
                mv: r.mv.to_string(),
                side: side_name(kind, r.side),
                before: score_js(kind, r.before),
                after: score_js(kind, r.after),
                best: r.best.to_string(),
                class: r.class.name(),
                before_first: score_js(kind, for_first(r.before, r.side)),
                after_first: score_js(kind, for_first(r.after, r.side)),
                accuracy: r.accuracy(kind),
            })
            .collect();
        Ok(serde_wasm_bindgen::to_value(&view).unwrap_or(JsValue::NULL))
    }
}
