//! The alpha-beta levels (Intermedium 1-3, Cash in Hand 1-4) and the frozen
//! `baseline5`: a selective alpha-beta search of the level's shape and
//! budget, a pick among its scored moves (`pick`), then the guard against
//! hanging a big stack (`guards`; not for `baseline5`, frozen without it).

use super::guards::{spare_stones, Guard, Rescue};
use super::levels::{Level, Pick};
use super::pick::{overlooked, preference};
use super::repetition::repetition_draws;
use crate::ai::engine::budget::Budget;
use crate::ai::engine::playout;
use crate::ai::engine::search::search;
use crate::ai::knowledge::cash::CashDomain;
use crate::ai::knowledge::intermedium::IntermediumDomain;
use crate::ai::{Clock, Limits};
use crate::game::Game;
use crate::play::Transition;
use crate::variant::GameKind;
use rand::rngs::SmallRng;

/// The move of the alpha-beta level `lv`; `timid` for the levels with the
/// beginner's guard (`guards::TIMID_LEVELS`).
pub(super) fn play(
    game: &Game,
    lv: Level,
    timid: bool,
    limits: Limits,
    clock: &dyn Clock,
    rng: &mut SmallRng,
) -> Option<Transition> {
    let pos = *game.position();
    let rules = *game.rules();
    let mut budget = Budget::new(limits.nodes.unwrap_or(lv.nodes), limits.time_ms, clock);
    let draws = repetition_draws(game);
    let report = match pos.game {
        GameKind::Intermedium => {
            search(&mut IntermediumDomain::new(rules), &pos, lv.shape, &mut budget, &draws)
        }
        GameKind::CashInHand => {
            let mut cash = if lv.first_version {
                CashDomain::new(rules, false)
            } else {
                CashDomain::for_levels(rules)
            };
            search(&mut cash, &pos, lv.shape, &mut budget, &draws)
        }
    };
    // The candidate list is never empty while a legal move exists; should
    // that ever fail, a legal move still beats none.
    let Some(report) = report else { return playout::playout_move(&pos, &rules, rng) };
    let unseen = overlooked(&report, &lv, rng);
    let order = preference(&report, &lv, rng, &unseen);
    let mut i = order[0];
    if !lv.first_version {
        let guard = if timid { Guard::Timid } else { Guard::Weighed };
        let beginner = matches!(lv.pick, Pick::Beginner { .. });
        let rescue = if beginner { Rescue::AllMoves } else { Rescue::TopRanked };
        i = spare_stones(&report, &order, &rules, &draws, guard, rescue);
    }
    report.moves.into_iter().nth(i).map(|m| m.transition)
}
