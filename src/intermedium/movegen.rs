//! Every distinct Intermedium move (docs/RULES.md section 5), by the layered
//! walk search the module documentation describes, with bounded work.

use super::sowing::{effect, Drops, Effect};
use crate::board::{Board, Cell, Geometry};
use crate::errors::LimitExceeded;
use crate::moves::SowMove;
use crate::position::Position;
use crate::variant::RuleOptions;
use rustc_hash::FxHashMap;

/// One distinct move: a path that stands for its group, and what it does.
pub(crate) struct Generated {
    pub mv: SowMove,
    pub effect: Effect,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct StateKey {
    cell: u8,
    /// The direction of the last step (4 before the first step, or once it no
    /// longer matters because no steps remain).
    last: u8,
    drops: Drops,
}

/// One node of the layered search: a parent link for path reconstruction.
#[derive(Clone, Copy)]
struct Link {
    parent: u32,
    cell: u8,
}

/// Search states between two questions to the caller's `stop` (a few
/// milliseconds of work): a caller with a deadline reads its clock there.
const STATES_PER_STOP_CHECK: usize = 1 << 16;

/// Every distinct outcome of sowing the stack on `origin`, in a fixed order.
/// `budget` counts search states across all origins; exceeding it (or a yes
/// from `stop`) is an error rather than a hang.
pub(crate) fn sowings_from(
    pos: &Position,
    rules: &RuleOptions,
    origin: Cell,
    budget: &mut usize,
    limit: usize,
    mut out: Option<&mut Vec<Generated>>,
    stop: &mut dyn FnMut() -> bool,
) -> Result<usize, LimitExceeded> {
    let g = pos.board.geometry();
    let n = pos.board.get(origin) as usize;
    let mut layers: Vec<Vec<Link>> = Vec::with_capacity(n + 1);
    let mut frontier: Vec<StateKey> =
        vec![StateKey { cell: g.index(origin) as u8, last: 4, drops: [0; 40] }];
    layers.push(vec![Link { parent: 0, cell: g.index(origin) as u8 }]);
    let mut index: FxHashMap<StateKey, u32> = FxHashMap::default();
    for step in 1..=n {
        index.clear();
        let mut next_frontier = Vec::new();
        let mut links = Vec::new();
        let final_step = step == n;
        for (pi, state) in frontier.iter().enumerate() {
            let from = g.cell(state.cell as usize);
            for (dir, to) in g.diagonal(from) {
                if state.last as usize == dir.reverse().index() {
                    continue;
                }
                let ti = g.index(to);
                let mut key = StateKey {
                    cell: ti as u8,
                    last: if final_step { 4 } else { dir.index() as u8 },
                    drops: state.drops,
                };
                key.drops[ti / 2] = key.drops[ti / 2].saturating_add(1);
                if index.contains_key(&key) {
                    continue;
                }
                if *budget == 0 || (budget.is_multiple_of(STATES_PER_STOP_CHECK) && stop()) {
                    return Err(LimitExceeded { limit });
                }
                *budget -= 1;
                index.insert(key, next_frontier.len() as u32);
                next_frontier.push(key);
                links.push(Link { parent: pi as u32, cell: ti as u8 });
            }
        }
        frontier = next_frontier;
        layers.push(links);
    }
    // Different last cells can still leave the same board; keep one of each.
    let mut seen: FxHashMap<(Board, bool), ()> = FxHashMap::default();
    for (i, state) in frontier.iter().enumerate() {
        let last = g.cell(state.cell as usize);
        let Ok(effect) = effect(pos, rules, origin, &state.drops, last) else { continue };
        if seen.insert((effect.board, effect.city_captured), ()).is_some() {
            continue;
        }
        let Some(out) = out.as_deref_mut() else { continue };
        let mut path = vec![Cell::new(0, 0); n];
        let mut at = i;
        for step in (1..=n).rev() {
            let link = layers[step][at];
            path[step - 1] = g.cell(link.cell as usize);
            at = link.parent as usize;
        }
        out.push(Generated { mv: SowMove { origin, path }, effect });
    }
    Ok(seen.len())
}

/// All distinct moves of the side to move, ignoring whether the game is over
/// (the caller checks that). Fails with `LimitExceeded` instead of exhausting
/// memory when the search would visit more than `limit` states.
pub(crate) fn generate(
    pos: &Position,
    rules: &RuleOptions,
    limit: usize,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Vec<Generated>, LimitExceeded> {
    let mut out = Vec::new();
    let mut budget = limit;
    for origin in own_stacks(pos) {
        sowings_from(pos, rules, origin, &mut budget, limit, Some(&mut out), &mut *stop)?;
    }
    Ok(out)
}

/// The number of distinct moves, without building them (for perft leaves).
pub(crate) fn count(
    pos: &Position,
    rules: &RuleOptions,
    limit: usize,
) -> Result<usize, LimitExceeded> {
    let mut budget = limit;
    own_stacks(pos).try_fold(0, |total, origin| {
        Ok(total + sowings_from(pos, rules, origin, &mut budget, limit, None, &mut || false)?)
    })
}

pub(crate) fn own_stacks(pos: &Position) -> impl Iterator<Item = Cell> + '_ {
    let g: Geometry = pos.board.geometry();
    let colour = pos.side_to_move.colour();
    g.cells().filter(move |&c| c.colour() == colour && pos.board.get(c) >= 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::GameKind;

    #[test]
    fn stop_is_asked_every_few_thousand_states_and_ends_the_listing() {
        let pos: Position = "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,40,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 5"
            .parse()
            .unwrap();
        assert_eq!(pos.game, GameKind::Intermedium);
        let rules = RuleOptions::default();
        let mut asked = 0;
        let listed = generate(&pos, &rules, 5_000_000, &mut || {
            asked += 1;
            asked == 3
        });
        assert!(listed.is_err(), "a stop is reported as the work limit");
        assert_eq!(asked, 3);
        // Never stopping changes nothing: a small stack's list is complete.
        let start = Position::start(GameKind::Intermedium);
        let free = generate(&start, &rules, 5_000_000, &mut || false).unwrap();
        assert_eq!(free.len(), count(&start, &rules, 5_000_000).unwrap());
    }
}
