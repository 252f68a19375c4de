//! Capture threats in one move, answered without enumerating moves. Used by
//! the AI's evaluation (`crate::ai`), which must ask "can the side to move
//! capture the stack (or city) on this cell right now?" at every leaf; full
//! move generation costs a millisecond, this walk a few microseconds.
//!
//! A move captures the enemy stack or city on `target` exactly when its last
//! drop lands on a cell L orthogonally next to `target` that held exactly one
//! stone just before (earlier drops of the same move count), and afterwards
//! every orthogonal neighbour of `target` is occupied. Whether that holds
//! depends only on the drops onto those 2-4 neighbours, counted up to 2, so a
//! memoised walk over (cell, last direction, steps left, those counts,
//! first-move rule still unmet) decides it exactly.

use super::movegen::{own_stacks, sowings_from, Generated};
use super::sowing::{city, Effect};
use crate::board::{Cell, Diagonal, Geometry};
use crate::position::Position;
use crate::variant::RuleOptions;
use rustc_hash::FxHashSet;
use std::cell::{Cell as StdCell, RefCell};

/// The side to move's stacks that can be sown, gathered once so that many
/// targets can be asked about cheaply.
pub(crate) struct Attacker<'a> {
    pos: &'a Position,
    rules: &'a RuleOptions,
    stacks: Vec<(Cell, u8)>,
    /// The tallest stack of the mover's colour (for the overflow check).
    tallest: u8,
}

impl<'a> Attacker<'a> {
    pub(crate) fn new(pos: &'a Position, rules: &'a RuleOptions) -> Attacker<'a> {
        let stacks: Vec<(Cell, u8)> = own_stacks(pos).map(|c| (c, pos.board.get(c))).collect();
        let tallest = stacks.iter().map(|s| s.1).max().unwrap_or(0);
        Attacker { pos, rules, stacks, tallest }
    }

    /// Whether the side to move has a legal move that captures what stands
    /// on `target` (an enemy stack, or the enemy city even when empty).
    /// `target` must be of the opponent's colour; otherwise `false`.
    pub(crate) fn can_capture(&self, target: Cell) -> bool {
        let (pos, rules) = (self.pos, self.rules);
        let g = pos.board.geometry();
        if !g.contains(target) || pos.owner(target) == pos.side_to_move {
            return false;
        }
        let mut ring = [Cell::new(0, 0); 4];
        let mut len = 0;
        for c in g.orthogonal(target) {
            ring[len] = c;
            len += 1;
        }
        let ring = &ring[..len];
        // The last drop needs a ring cell holding at most one stone before the
        // move, or a big own stack there that is sown and passed over again.
        if !ring.iter().any(|&t| pos.board.get(t) <= 1 || pos.board.get(t) >= 8) {
            return false;
        }
        self.stacks.iter().any(|&(origin, n)| {
            let n = n as usize;
            // Every empty ring cell needs a drop: reach the ring, then one more
            // step for each further empty cell.
            let nearest = ring.iter().map(|&t| cheb(origin, t)).min().unwrap_or(usize::MAX);
            let empty = ring.iter().filter(|&&t| t == origin || pos.board.get(t) == 0).count();
            if nearest + empty.saturating_sub(1) > n {
                return false;
            }
            if self.tallest as usize + n > 255 && overflow_risk(pos, origin) {
                return exact_from(pos, rules, origin, target);
            }
            let need = rules.first_move_rule && pos.move_number == 1;
            FAILED.with(|failed| {
                let mut failed = failed.borrow_mut();
                failed.clear();
                let base =
                    ring.iter().map(|&t| if t == origin { 0 } else { pos.board.get(t) }).collect();
                let mut walk = Walk { pos, g, origin, ring, base, failed: &mut failed };
                walk.exists(origin, None, n, [0; 4], need)
            })
        })
    }
}

thread_local! {
    /// The walk's memo, kept between calls so that its memory is reused.
    static FAILED: RefCell<FxHashSet<u64>> = RefCell::new(FxHashSet::default());
    /// Walk states visited so far on this thread, for callers that bound work.
    static WORK: StdCell<u64> = const { StdCell::new(0) };
}

/// Walk states visited so far on this thread (a running total). The AI
/// charges the difference to its node budget, since a walk over a big stack
/// can cost as much as generating many moves.
pub(crate) fn walk_work() -> u64 {
    WORK.with(|w| w.get())
}

/// Diagonal distance between two cells of one colour.
fn cheb(a: Cell, b: Cell) -> usize {
    (a.file.abs_diff(b.file)).max(a.rank.abs_diff(b.rank)) as usize
}

/// Whether some cell could pass 255 stones: then the walk's shortcut does not
/// hold and the real generator decides.
fn overflow_risk(pos: &Position, origin: Cell) -> bool {
    let n = pos.board.get(origin) as u16;
    let g = pos.board.geometry();
    g.cells()
        .any(|c| c.colour() == origin.colour() && c != origin && pos.board.get(c) as u16 + n > 255)
}

fn exact_from(pos: &Position, rules: &RuleOptions, origin: Cell, target: Cell) -> bool {
    let mut out = Vec::new();
    let mut budget = crate::game_rules::DEFAULT_MOVE_LIMIT;
    if sowings_from(
        pos,
        rules,
        origin,
        &mut budget,
        crate::game_rules::DEFAULT_MOVE_LIMIT,
        Some(&mut out),
        &mut || false,
    )
    .is_err()
    {
        return false;
    }
    let enemy_city = city(pos.side_to_move.opponent());
    out.iter().any(|m: &Generated| {
        let e: &Effect = &m.effect;
        e.captured.contains(&target) || (target == enemy_city && e.city_captured)
    })
}

struct Walk<'a> {
    pos: &'a Position,
    g: Geometry,
    origin: Cell,
    ring: &'a [Cell],
    /// Stones on each ring cell before the move (the origin emptied).
    base: Vec<u8>,
    /// States already shown to lead nowhere (a success ends the search).
    failed: &'a mut FxHashSet<u64>,
}

impl Walk<'_> {
    fn ring_index(&self, c: Cell) -> Option<usize> {
        self.ring.iter().position(|&t| t == c)
    }

    fn exists(
        &mut self,
        at: Cell,
        last: Option<Diagonal>,
        remaining: usize,
        k: [u8; 4],
        need: bool,
    ) -> bool {
        let last_i = last.map_or(4, |d| d.index()) as u64;
        let k_code = k.iter().fold(0u64, |acc, &x| acc * 3 + x as u64);
        let key = (((remaining as u64 * 81 + k_code) * 5 + last_i) * 128 + self.g.index(at) as u64)
            * 2
            + need as u64;
        // Short walks are cheaper to redo than to remember.
        let memo = remaining >= 4;
        if memo && self.failed.contains(&key) {
            return false;
        }
        WORK.with(|w| w.set(w.get() + 1));
        for (dir, to) in self.g.diagonal(at) {
            if last == Some(dir.reverse()) {
                continue;
            }
            let still_need = need && !(to != self.origin && self.pos.board.get(to) == 0);
            if remaining == 1 {
                if !still_need && self.lands_capturing(to, &k) {
                    return true;
                }
                continue;
            }
            let left = remaining - 1;
            let mut k2 = k;
            if let Some(i) = self.ring_index(to) {
                k2[i] = (k2[i] + 1).min(2);
            }
            // The last cell must be a ring cell reachable in exactly the
            // steps left, and every ring cell still empty needs a drop before.
            if !self.ring.iter().any(|&t| {
                cheb(to, t) <= left && (to.file.abs_diff(t.file) as usize) % 2 == left % 2
            }) {
                continue;
            }
            if self
                .ring
                .iter()
                .enumerate()
                .any(|(i, &t)| self.base[i] as u16 + k2[i] as u16 == 0 && cheb(to, t) + 1 > left)
            {
                continue;
            }
            if self.exists(to, Some(dir), left, k2, still_need) {
                return true;
            }
        }
        if memo {
            self.failed.insert(key);
        }
        false
    }

    /// The last drop on `to`, with `k` drops made on the ring before it.
    fn lands_capturing(&self, to: Cell, k: &[u8; 4]) -> bool {
        let Some(li) = self.ring_index(to) else { return false };
        if self.base[li] as u16 + k[li] as u16 != 1 {
            return false;
        }
        (0..self.ring.len()).all(|i| i == li || self.base[i] as u16 + k[i] as u16 >= 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::GameKind;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The walk agrees with full move generation on positions reached by
    /// random play, for every enemy cell.
    #[test]
    fn agrees_with_generation() {
        let rules = RuleOptions::default();
        let mut rng = SmallRng::seed_from_u64(7);
        let mut checked = 0;
        let mut positives = 0;
        for _game in 0..6 {
            let mut pos = Position::start(GameKind::Intermedium);
            for _ply in 0..60 {
                let moves = super::super::movegen::generate(&pos, &rules, 5_000_000, &mut || false)
                    .unwrap();
                if moves.is_empty() {
                    break;
                }
                let g = pos.board.geometry();
                let enemy_city = super::city(pos.side_to_move.opponent());
                for target in g.cells().filter(|&c| pos.owner(c) != pos.side_to_move) {
                    let expected = moves.iter().any(|m| {
                        m.effect.captured.contains(&target)
                            || (target == enemy_city && m.effect.city_captured)
                    });
                    let expected = expected && (pos.board.get(target) > 0 || target == enemy_city);
                    let got = Attacker::new(&pos, &rules).can_capture(target)
                        && (pos.board.get(target) > 0 || target == enemy_city);
                    assert_eq!(got, expected, "{pos} target {target}");
                    positives += got as usize;
                    checked += 1;
                }
                let pick = rng.random_range(0..moves.len());
                let m = &moves[pick];
                if m.effect.city_captured {
                    break;
                }
                pos =
                    super::super::sowing::transition(&pos, m.mv.clone(), m.effect.clone()).position;
            }
        }
        assert!(checked > 1000);
        assert!(positives > 20, "only {positives} capturable targets met");
    }
}
