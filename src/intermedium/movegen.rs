//! Every distinct Intermedium move (docs/RULES.md section 5), by the layered
//! walk search the module documentation describes, with bounded work.

use super::sowing::{city, effect, Drops, Effect};
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
    /// The direction of the last step (4 until the first step, or once it no
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

/// Which of a stack's distinct outcomes `sowings_from` keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    /// Every distinct move.
    All,
    /// Only the moves that capture (an enemy stack or the enemy city): the
    /// AI's capture search needs nothing else. The same moves, with the
    /// same paths and in the same order, as `All` filtered (when `All`
    /// finishes within the work limit: this visits fewer states); cheaper
    /// because states that can no longer end in a capture are not searched
    /// (`Reach`) and a last cell that cannot capture is rejected ahead of building its
    /// outcome.
    Captures,
}

/// Search states between two questions to the caller's `stop` (a few
/// milliseconds of work): a caller with a deadline reads its clock there.
const STATES_PER_STOP_CHECK: usize = 1 << 16;

/// Every distinct outcome of sowing the stack on `origin`, in a fixed order.
/// `budget` counts search states across all origins; exceeding it (or a yes
/// from `stop`) is an error rather than a hang. The moves go to `out`, which
/// says which to keep; without it they are only counted (all of them).
pub(crate) fn sowings_from(
    pos: &Position,
    rules: &RuleOptions,
    origin: Cell,
    budget: &mut usize,
    limit: usize,
    out: Option<(&mut Vec<Generated>, Keep)>,
    stop: &mut dyn FnMut() -> bool,
) -> Result<usize, LimitExceeded> {
    let (mut out, keep) = match out {
        Some((list, keep)) => (Some(list), keep),
        None => (None, Keep::All),
    };
    let g = pos.board.geometry();
    let n = pos.board.get(origin) as usize;
    let reach = (keep == Keep::Captures).then(|| Reach::new(pos, origin));
    if reach.as_ref().is_some_and(|r| !r.can_land(g.index(origin), n)) {
        return Ok(0);
    }
    let mut layers: Vec<Vec<Link>> = Vec::with_capacity(n + 1);
    let mut frontier: Vec<StateKey> =
        vec![StateKey { cell: g.index(origin) as u8, last: 4, drops: [0; 40] }];
    layers.push(vec![Link { parent: 0, cell: g.index(origin) as u8 }]);
    let mut index: FxHashMap<StateKey, u32> = FxHashMap::default();
    for step in 1..=n {
        index.clear();
        // Each state has at most 3 successors (no reverse step): sized
        // once, the maps and lists never grow mid-step.
        index.reserve(frontier.len() * 3);
        let mut next_frontier = Vec::with_capacity(frontier.len() * 3);
        let mut links = Vec::with_capacity(frontier.len() * 3);
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
                if reach.as_ref().is_some_and(|r| !r.can_land(ti, n - step)) {
                    continue;
                }
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
    let mut seen: FxHashMap<(Board, bool), ()> =
        FxHashMap::with_capacity_and_hasher(frontier.len(), Default::default());
    for (i, state) in frontier.iter().enumerate() {
        let last = g.cell(state.cell as usize);
        // `Reach` let only landing cells end a capture listing's walks.
        if keep == Keep::Captures && !joins_one_stone(pos, origin, &state.drops, last) {
            continue;
        }
        let Ok(effect) = effect(pos, rules, origin, &state.drops, last) else { continue };
        if keep == Keep::Captures && effect.captured.is_empty() && !effect.city_captured {
            continue;
        }
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

/// Where a capturing sowing can still end (`Keep::Captures`): its last
/// stone joins a single stone (a cell holding at most one, or the emptied
/// origin) next to an enemy stack or the enemy city that the stack can
/// surround. A diagonal step moves
/// one file, so a state `left` steps from the end can still land on such a
/// cell only if one lies within `left` steps with the same parity of file
/// distance; states that cannot are not searched, which changes no
/// capture's path (a state is dropped for its cell and steps left alone,
/// so every surviving state keeps its first parent).
struct Reach {
    /// For each cell index: the nearest landing cell (steps, by Chebyshev
    /// distance) at an even and at an odd file distance.
    nearest: Vec<[usize; 2]>,
}

impl Reach {
    fn new(pos: &Position, origin: Cell) -> Reach {
        let g = pos.board.geometry();
        let enemy_city = city(pos.side_to_move.opponent());
        let n = pos.board.get(origin) as usize;
        let cheb = |a: Cell, b: Cell| a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)) as usize;
        // A target (an enemy stack, or the enemy city) is taken only if every
        // empty cell around it gets a stone: reaching its nearest neighbour
        // and one step for each further empty one must fit in the stack.
        let within_reach = |t: Cell| {
            let ring = || g.orthogonal(t);
            let empty = ring().filter(|&c| c == origin || pos.board.get(c) == 0).count();
            let nearest = ring().map(|c| cheb(origin, c)).min().unwrap_or(usize::MAX);
            nearest + empty.saturating_sub(1) <= n
        };
        let targets: Vec<Cell> = g
            .cells()
            .filter(|&t| t.colour() != origin.colour())
            .filter(|&t| t == enemy_city || pos.board.is_occupied(t))
            .filter(|&t| within_reach(t))
            .collect();
        let landings: Vec<Cell> = g
            .cells()
            .filter(|&c| c.colour() == origin.colour())
            .filter(|&c| c == origin || pos.board.get(c) <= 1)
            .filter(|&c| g.orthogonal(c).any(|t| targets.contains(&t)))
            .collect();
        let nearest = g
            .cells()
            .map(|c| {
                let mut best = [usize::MAX; 2];
                for t in &landings {
                    let d = cheb(c, *t);
                    let parity = c.file.abs_diff(t.file) as usize % 2;
                    best[parity] = best[parity].min(d);
                }
                best
            })
            .collect();
        Reach { nearest }
    }

    /// Whether a landing cell may be reached from cell index `at` in
    /// exactly `left` more steps.
    fn can_land(&self, at: usize, left: usize) -> bool {
        self.nearest[at][left % 2] <= left
    }
}

/// Whether the last stone of a sowing whose drops are `drops` joins exactly
/// one stone on `last`, as a capture needs (`sowing::effect` decides the
/// rest).
fn joins_one_stone(pos: &Position, origin: Cell, drops: &Drops, last: Cell) -> bool {
    let g = pos.board.geometry();
    let before = if last == origin { 0 } else { pos.board.get(last) as u16 };
    before + drops[g.index(last) / 2] as u16 == 2
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
    generate_kept(pos, rules, limit, Keep::All, stop).map(|(out, _)| out)
}

/// `generate` keeping only what `keep` asks for, under the same work limit;
/// also the search states visited.
pub(crate) fn generate_kept(
    pos: &Position,
    rules: &RuleOptions,
    limit: usize,
    keep: Keep,
    stop: &mut dyn FnMut() -> bool,
) -> Result<(Vec<Generated>, usize), LimitExceeded> {
    let mut out = Vec::new();
    let mut budget = limit;
    for origin in own_stacks(pos) {
        sowings_from(pos, rules, origin, &mut budget, limit, Some((&mut out, keep)), stop)?;
    }
    Ok((out, limit - budget))
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

#[cfg(test)]
mod capture_tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// `Keep::Captures` lists exactly the capturing moves of `Keep::All`,
    /// with the same paths in the same order, over random games (captures
    /// of stacks and of cities, the first move rule, big stacks).
    #[test]
    fn the_capture_listing_is_the_full_listing_filtered() {
        let rules = RuleOptions::default();
        let mut rng = SmallRng::seed_from_u64(5);
        let (mut positions, mut captures) = (0, 0);
        for _ in 0..12 {
            let mut pos = Position::start(crate::variant::GameKind::Intermedium);
            for _ in 0..80 {
                let all = generate(&pos, &rules, 200_000, &mut || false).unwrap();
                let (kept, _) =
                    generate_kept(&pos, &rules, 200_000, Keep::Captures, &mut || false).unwrap();
                let want: Vec<&Generated> = all
                    .iter()
                    .filter(|g| !g.effect.captured.is_empty() || g.effect.city_captured)
                    .collect();
                assert_eq!(kept.len(), want.len(), "{pos}");
                for (k, w) in kept.iter().zip(want) {
                    assert_eq!(k.mv, w.mv, "{pos}");
                    assert_eq!(k.effect, w.effect, "{pos}");
                }
                positions += 1;
                captures += kept.len();
                if all.is_empty() {
                    break;
                }
                // Prefer captures, so that the games reach crowded boards.
                let pick = if !kept.is_empty() && rng.random_bool(0.5) {
                    &kept[rng.random_range(0..kept.len())]
                } else {
                    &all[rng.random_range(0..all.len())]
                };
                let t =
                    super::super::sowing::transition(&pos, pick.mv.clone(), pick.effect.clone());
                if t.decisive.is_some() {
                    break;
                }
                pos = t.position;
            }
        }
        assert!(positions > 300 && captures > 200, "{positions} positions, {captures} captures");
    }
}
