//! Intermedium levels 4-8: the tree search of agent `mcts` (`mcts.rs`)
//! with the domain's exact knowledge taken as proof (a city threat no move
//! parries is a loss; `mcts::Settings::prove`), on the lean domain
//! (`IntermediumDomain::lean`), evaluating with `eval_intermedium::MOBILE`. Levels
//! 4-7 run on fewer nodes (4 and 5 also misplay, `pick::misplay`), after a
//! short alpha-beta search whose move they play when it wins clearly more
//! material (`material_check`); level 8 gives all its nodes to the tree.
//! Then a root move the search cannot tell from its choice goes first when
//! it wins 4 stones more in two plies, and the guards have the last word.

use super::guards::{allows_city_capture, biggest_reply_capture, guard_intermedium, SPARE_CHECKS};
use super::levels::{level, TopSearch, LEVELS};
use super::material_check::clear_material;
use super::pick::misplay;
use super::repetition::{draws_by_repetition, repetition_draws};
use crate::ai::engine::budget::Budget;
use crate::ai::engine::search::{search, Report};
use crate::ai::engine::{mcts, playout};
use crate::ai::knowledge::eval_intermedium::{MOBILE, MOBILE_SCALE, REFIT};
use crate::ai::knowledge::intermedium::IntermediumDomain;
use crate::ai::{Clock, Limits};
use crate::game::Game;
use crate::play::Transition;
use crate::variant::{GameKind, Rules};
use rand::rngs::SmallRng;

/// Levels 4-7's share of their nodes for the alpha-beta search that checks
/// the tree search's choice for material (1 / this; level 8 has no check,
/// `TopSearch::check`).
const TACTICS_SHARE: u64 = 4;

/// The move of Intermedium level 4-8 playing by `plan`.
pub(super) fn play(
    game: &Game,
    plan: TopSearch,
    limits: Limits,
    clock: &dyn Clock,
    rng: &mut SmallRng,
) -> Option<Transition> {
    let pos = *game.position();
    let rules = *game.rules();
    let nodes = limits.nodes.unwrap_or(plan.nodes);
    let mut budget = Budget::new(nodes, limits.time_ms, clock);
    let draws = repetition_draws(game);
    // Levels 4-7: a short alpha-beta search first, that reads
    // exchanges of material exactly where the tree search only
    // samples them. Level 8 gives its nodes to the tree search
    // instead (`TopSearch::check`).
    let report = if plan.check {
        // Under a deadline, its share of the time too: the tree search
        // must not start with the time spent.
        let mut tactics =
            budget.share(nodes / TACTICS_SHARE).time_share(1.0 / TACTICS_SHARE as f64);
        let lv = level(GameKind::Intermedium, LEVELS);
        let mut lean = IntermediumDomain::lean(rules, &REFIT);
        let report = search(&mut lean, &pos, lv.shape, &mut tactics, &draws);
        budget.spend(tactics.spent());
        report
    } else {
        None
    };
    let settings = mcts::Settings {
        scale: MOBILE_SCALE,
        noise: mcts::ROOT_NOISE,
        prove: true,
        manage: plan.manage,
    };
    let mut domain = IntermediumDomain::lean(rules, &MOBILE);
    let mcts::Ranked { mut moves, lost, stats } =
        mcts::ranked(&mut domain, &pos, settings, &mut budget, rng, &draws);
    if moves.is_empty() {
        // Only a deadline that cut the root's list short gets here.
        return playout::playout_move(&pos, &rules, rng);
    }
    // The last `lost` moves are proven lost: none of the checks
    // below may pick one.
    let open = moves.len() - lost;
    prefer_material_among_ties(&mut moves, &stats, open, &rules);
    if let Some(report) = report {
        prefer_clear_material(&mut moves, open, &report);
    }
    // A misplay never passes over a win in one or a repetition draw
    // the search chose, nor misplays into a draw: it swaps undecided
    // moves only.
    let undecided = |t: &Transition| t.decisive.is_none() && !draws_by_repetition(t, &draws);
    if let Some(k) =
        misplay(&plan, open, rng).filter(|&k| undecided(&moves[0]) && undecided(&moves[k]))
    {
        moves.swap(0, k);
    }
    // A search the deadline cut has proven some moves lost but not yet
    // those that lose at once: the guard may then reach past `open` for a
    // move that parries (`guard_intermedium`).
    let cut = budget.check_time();
    let i = guard_intermedium(&moves, open, &rules, cut);
    moves.into_iter().nth(i)
}

/// Moves the alpha-beta search's best move to the front of `moves` when it
/// scores `CLEAR_MATERIAL` more than the tree search's choice
/// (`clear_material`) and is among the first `open` (the tree search has
/// not proven it lost: the alpha-beta may not see that far).
fn prefer_clear_material(moves: &mut [Transition], open: usize, report: &Report) {
    let Some(better) = clear_material(&moves[0], report) else { return };
    if let Some(k) = moves[..open].iter().position(|t| t.mv == better) {
        moves[..=k].rotate_right(1);
    }
}

/// Root moves whose mean value is within this of the tree search's
/// choice's, after `TIE_VISITS` of its visits or more, are ones the search
/// cannot tell from it (`prefer_material_among_ties`). The tactics suite's
/// material answers come back with anything from 0.02 to 0.1 (0.01 misses
/// one). On `MOBILE_SCALE` 0.02 to 0.04 solve 26 of the 30 tactics, 0.05
/// 28 (docs/ai/journal.md, "the win-probability scale, and time
/// management").
const TIE_MEAN: f64 = 0.05;
/// The share of the choice's visits a tied move must have had.
const TIE_VISITS: f64 = 0.5;
/// Stones a tied move must gain over the choice in two plies to go first:
/// the tactics suite's own margin (`offline::tactics`).
const TIE_MATERIAL: i64 = 4;

/// Moves to the front of `moves` the explored move (among the first
/// `open`, in the first `SPARE_CHECKS`) that the tree search cannot tell
/// from its choice (`TIE_MEAN`, `TIE_VISITS`) and that gains the most
/// stones in two plies (its capture less the opponent's biggest capture
/// in reply), if that is `TIE_MATERIAL` more than the choice gains. With
/// `MOBILE` the tree search often values a won or lost position's moves
/// all alike, and which it plays is a matter of visit ties; a player then
/// takes the stones. Where the search does tell the moves apart it gives
/// stones in two plies on purpose, for the race to a city, and taking them
/// there loses games (docs/ai/journal.md, "the mobility weights kept, root
/// ties broken by material"). A move that lets the opponent capture our
/// city next is left where it is.
fn prefer_material_among_ties(
    moves: &mut [Transition],
    stats: &[mcts::RootStat],
    open: usize,
    rules: &Rules,
) {
    let Some(&chosen) = stats.first() else { return };
    if moves[0].decisive.is_some() {
        return;
    }
    let tied: Vec<usize> = (1..open.min(stats.len()).min(SPARE_CHECKS))
        .filter(|&i| {
            let s = stats[i];
            s.visits >= TIE_VISITS * chosen.visits
                && (s.mean - chosen.mean).abs() <= TIE_MEAN
                && moves[i].decisive.is_none()
        })
        .collect();
    // Most moves have no tie: the reply listings below (`gain`) are the
    // costly part, so they wait until one is found.
    if tied.is_empty() {
        return;
    }
    let gain =
        |t: &Transition| i64::from(t.captured_stones) - i64::from(biggest_reply_capture(t, rules));
    let floor = gain(&moves[0]) + TIE_MATERIAL;
    let best = tied
        .into_iter()
        // A move gains at most what it captures.
        .filter(|&i| i64::from(moves[i].captured_stones) >= floor)
        .filter(|&i| !allows_city_capture(&moves[i], rules))
        .map(|i| (gain(&moves[i]), i))
        .filter(|&(g, _)| g >= floor)
        // The first (most visited) of the best.
        .max_by_key(|&(g, i)| (g, std::cmp::Reverse(i)));
    if let Some((_, k)) = best {
        moves[..=k].rotate_right(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    /// A tactics-suite position (win-material): Red's two answers take 4
    /// stones more in two plies than `d6-c5-b4`, which the tree search
    /// chose with `MOBILE` on visits and values that tied with them.
    #[test]
    fn material_goes_first_only_among_moves_the_search_cannot_tell_apart() {
        let rules = Rules::default();
        let pos: Position = "intermedium 0,0,0,0,0,0,0/4,0,5,0,4,0,4/0,0,0,5,0,2,0/4,0,2,0,0,0,2/\
            0,1,0,2,2,1,0/0,2,2,1,0,2,0/6,0,2,0,1,0,0/1,1,0,1,0,4,0/0,1,4,0,0,0,4/0,0,0,0,0,0,0 red 0 6"
            .parse()
            .unwrap();
        let play = |m: &str| pos.play_text(m, &rules).unwrap();
        let order = ["d6-c5-b4", "c9-d8-e9-f8-e7-d8", "d8-c7-b6-a5-b4-a3", "f8-e7-d8"];
        let stat = |visits, mean| mcts::RootStat { visits, mean };
        let first = |stats: &[mcts::RootStat]| {
            let mut moves: Vec<Transition> = order.iter().map(|m| play(m)).collect();
            let open = moves.len();
            prefer_material_among_ties(&mut moves, stats, open, &rules);
            moves[0].mv.to_string()
        };
        let tied = [stat(74.0, 0.999), stat(73.0, 0.998), stat(73.0, 0.998), stat(73.0, 0.998)];
        assert_eq!(first(&tied), "d8-c7-b6-a5-b4-a3");
        // Valued lower, or looked at too little: the search's choice stays.
        let lower = [stat(74.0, 0.6), stat(73.0, 0.6), stat(73.0, 0.54), stat(73.0, 0.6)];
        assert_eq!(first(&lower), "d6-c5-b4");
        let few = [stat(74.0, 0.999), stat(73.0, 0.998), stat(30.0, 0.998), stat(73.0, 0.998)];
        assert_eq!(first(&few), "d6-c5-b4");
        // Unexplored (no statistics): not a candidate.
        assert_eq!(first(&tied[..2]), "d6-c5-b4");
    }
}
