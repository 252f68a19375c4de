//! Levels on a slow device: the node budget that lets a level's moves end
//! inside the page's safety deadline on a device of a measured search
//! speed (the page's AI worker measures it, `work_done` over a fixed search
//! scaled to the game's costliest ordinary positions, then over its own
//! moves when they run slower). A level whose own budget fits plays as
//! everywhere; one that does not halves its budget until it fits, so the
//! budget depends on the measured speed alone and a game replays given
//! that speed.

use super::levels::{level, top_search};
use crate::variant::GameKind;

/// Share of the deadline that a level's most costly ordinary move may use,
/// at a speed measured in the game's costliest ordinary positions: the rest
/// covers what the measure does not see (work the node count leaves out,
/// such as the promises' candidate lists; a device that gets busier
/// between two measures).
const DEADLINE_SHARE: f64 = 0.5;

/// Most halvings of a level's budget: past them the level keeps a
/// sixty-fourth of its budget and leans on the deadline.
const MOST_HALVINGS: u32 = 6;

/// Cash in Hand levels 7-8 end their depth-3 searches well inside their
/// 3 000 000 nodes. Their longest ordinary move (849 000 nodes, 1 685 000
/// of the device probe's nodes in CPU time: `tools/probe-cost.mjs
/// cash-in-hand own`) takes the time of about 565 000 nodes in the game's
/// costliest positions, the speed the page measures (its nodes there cost
/// up to three times the probe's): a move's many nodes and their high cost
/// do not come together.
const CASH_TOP_MOST: u64 = 565_000;

/// The most nodes a move of `level` spends on a budget of `nodes`, counted
/// at the cost of the game's costliest positions: the managed tree search
/// (Intermedium level 8) runs up to half its budget more while its root is
/// unsettled (`mcts::EXTEND`); Cash in Hand's top searches stop at their
/// depth first.
fn most_work(game: GameKind, level: u8, nodes: u64) -> u64 {
    match (game, top_search(game, level)) {
        (GameKind::Intermedium, Some(plan)) if plan.manage => nodes.saturating_add(nodes / 2),
        (GameKind::CashInHand, Some(_)) if level >= 7 => nodes.min(CASH_TOP_MOST),
        _ => nodes,
    }
}

/// A level's own node budget.
fn own_nodes(game: GameKind, level: u8) -> u64 {
    top_search(game, level).map_or_else(|| self::level(game, level).nodes, |plan| plan.nodes)
}

/// The node budget `level` plays on, in `game`, on a device that searches
/// `nodes_per_ms` nodes a millisecond, for moves to end inside
/// `deadline_ms`: `None` when the level's own budget fits (it plays as
/// everywhere), else its budget halved as often as it takes (at most
/// `MOST_HALVINGS` times), which makes the level weaker on this device.
pub fn device_nodes(game: GameKind, level: u8, nodes_per_ms: f64, deadline_ms: f64) -> Option<u64> {
    let own = own_nodes(game, level);
    let room = nodes_per_ms.max(0.0) * deadline_ms.max(0.0) * DEADLINE_SHARE;
    let fits = |nodes: u64| most_work(game, level, nodes) as f64 <= room;
    if fits(own) {
        return None;
    }
    let halved = |k: u32| (own >> k).max(1);
    Some((1..=MOST_HALVINGS).map(halved).find(|&n| fits(n)).unwrap_or(halved(MOST_HALVINGS)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::LEVELS;

    #[test]
    fn a_fast_device_keeps_every_budget() {
        for game in [GameKind::Intermedium, GameKind::CashInHand] {
            for n in 1..=LEVELS {
                assert_eq!(device_nodes(game, n, 2_000.0, 8_000.0), None, "{game:?} level {n}");
            }
        }
    }

    #[test]
    fn a_slow_device_halves_the_top_level_until_it_fits() {
        // 630 000 nodes, up to 945 000 with the extension: 100 nodes/ms
        // and half of 8 s allow 400 000, so a quarter (157 500, most 236 250).
        let nodes = device_nodes(GameKind::Intermedium, 8, 100.0, 8_000.0);
        assert_eq!(nodes, Some(157_500));
        // Level 1 scores statically: it fits anywhere.
        assert_eq!(device_nodes(GameKind::Intermedium, 1, 0.01, 4_000.0), None);
        // Cash in Hand's top level is judged by the work its moves take:
        // half of 8 s at 142 nodes/ms is 568 000, at 140 it is 560 000, and
        // budgets of 1 500 000 and 750 000 still let a move reach 565 000.
        assert_eq!(device_nodes(GameKind::CashInHand, 8, 142.0, 8_000.0), None);
        assert_eq!(device_nodes(GameKind::CashInHand, 8, 140.0, 8_000.0), Some(375_000));
        // However slow, a budget is left, the same for the same speed.
        let crawl = device_nodes(GameKind::Intermedium, 8, 0.001, 8_000.0);
        assert_eq!(crawl, Some(630_000 >> MOST_HALVINGS));
        assert_eq!(device_nodes(GameKind::Intermedium, 8, 0.001, 8_000.0), crawl);
    }
}
