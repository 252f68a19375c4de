//! The JS shapes of engine values (see the TypeScript in `types.rs`): plain
//! objects with cell names as strings. Conversion only; what a move did and
//! which choices the builder offers come from the core.

use crate::board::Cell;
use crate::game::Game;
use crate::session::BuildView;
use crate::variant::{GameKind, Outcome, Side};
use serde::Serialize;
use wasm_bindgen::JsValue;

pub(super) fn side_name(game: GameKind, side: Side) -> String {
    game.side_name(side).to_string()
}

#[derive(Serialize)]
pub(super) struct OutcomeJs {
    winner: Option<String>,
    reason: &'static str,
    description: String,
}

pub(super) fn outcome_js(game: GameKind, o: Outcome) -> OutcomeJs {
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

/// How many captured stones one stack may take at this stage.
#[derive(Serialize)]
struct PlaceRangeJs {
    cell: String,
    least: u32,
    most: u32,
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
    place_ranges: Vec<PlaceRangeJs>,
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

#[derive(Serialize)]
struct CityJs {
    cell: String,
    side: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RulesJs {
    first_move_rule: bool,
    quiet_limit: u32,
    repetition_draw: bool,
}

pub(super) fn to_js<T: Serialize>(value: &T) -> JsValue {
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

/// `MoveInfo`: the move played at `ply` (1-based, at most the plies played).
pub(super) fn move_info(game: &Game, ply: usize) -> JsValue {
    let kind = game.game();
    let record = &game.plies()[ply - 1];
    let t = &record.transition;
    let mover = game.position_at(ply - 1).map_or(Side::First, |p| p.side_to_move);
    to_js(&MoveInfoJs {
        ply,
        mv: t.mv.to_string(),
        side: side_name(kind, mover),
        origin: t.mv.origin().to_string(),
        count: t.mv.stones(),
        path: drops(t.mv.drops()),
        captured: cells(t.captured.iter().copied()),
        placements: drops(t.mv.placements()),
        position: t.position.to_string(),
        outcome: record.outcome.map(|o| outcome_js(kind, o)),
    })
}

/// `BuildState`: the move being built and the choices for its next part
/// (none once the game is over: stage `over`), from the session's view.
pub(super) fn build_state(kind: GameKind, game: &Game, v: &BuildView) -> JsValue {
    to_js(&BuildJs {
        stage: v.stage,
        side: side_name(kind, game.position().side_to_move),
        origin: v.origin.map(|c| c.to_string()),
        cash: v.cash,
        path: drops(v.path.iter().map(|&(c, d)| (c, d as u32))),
        origins: cells(v.origins.iter().copied()),
        counts: v.counts.clone(),
        steps: v
            .steps
            .iter()
            .map(|(cell, drops)| StepJs { cell: cell.to_string(), drops: drops.clone() })
            .collect(),
        places: cells(v.places.iter().map(|&(c, _)| c)),
        place_ranges: v
            .places
            .iter()
            .map(|&(c, (least, most))| PlaceRangeJs { cell: c.to_string(), least, most })
            .collect(),
        to_place: v.to_place,
        captured: cells(v.captured.iter().copied()),
        mv: v.mv.clone(),
    })
}

/// `{cell, side}[]`: the game's cities (none in Cash in Hand).
pub(super) fn cities(kind: GameKind) -> JsValue {
    let list: Vec<CityJs> = kind
        .rules()
        .cities()
        .into_iter()
        .map(|(side, cell)| CityJs { cell: cell.to_string(), side: side_name(kind, side) })
        .collect();
    to_js(&list)
}

/// `Required<RuleOptions>`: the rule options in force.
pub(super) fn rules(game: &Game) -> JsValue {
    let r = game.rules();
    to_js(&RulesJs {
        first_move_rule: r.first_move_rule,
        quiet_limit: r.quiet_ply_limit,
        repetition_draw: r.repetition_draw,
    })
}
