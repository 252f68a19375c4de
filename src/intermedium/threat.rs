//! Capture threats in one move, answered without enumerating moves. Used by
//! the AI's evaluation (`crate::ai`), which must ask "can the side to move
//! capture the stack (or city) on this cell in one move?" at every leaf; full
//! move generation costs a millisecond, this walk a few microseconds.
//!
//! A move captures the enemy stack or city on `target` exactly when its last
//! drop lands on a cell L orthogonally next to `target` that held exactly one
//! stone as it is reached (earlier drops of the same move count), and afterwards
//! every orthogonal neighbour of `target` is occupied. Whether that holds
//! depends only on the drops onto those 2-4 neighbours, counted up to 2, so a
//! memoised walk over (cell, last direction, steps left, those counts,
//! first-move rule still unmet) decides it exactly.

use super::movegen::{own_stacks, sowings_from, Generated, Keep};
use super::sowing::{city, overflow_risk, Effect};
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
    /// Work left (walk states and generated moves); once it runs out every
    /// answer is "no" and `out_of_work` is set; unbounded for the AI, which charges the
    /// walk's work to its node budget instead (`walk_work`).
    budget: StdCell<u64>,
    out_of_work: StdCell<bool>,
}

impl<'a> Attacker<'a> {
    pub(crate) fn new(pos: &'a Position, rules: &'a RuleOptions) -> Attacker<'a> {
        let stacks: Vec<(Cell, u8)> = own_stacks(pos).map(|c| (c, pos.board.get(c))).collect();
        let tallest = stacks.iter().map(|s| s.1).max().unwrap_or(0);
        Attacker {
            pos,
            rules,
            stacks,
            tallest,
            budget: StdCell::new(u64::MAX),
            out_of_work: StdCell::new(false),
        }
    }

    /// An attacker that stops after `budget` units of work: past it every
    /// answer is "no" and `out_of_work` tells that they say nothing.
    pub(crate) fn with_budget(
        pos: &'a Position,
        rules: &'a RuleOptions,
        budget: u64,
    ) -> Attacker<'a> {
        let a = Attacker::new(pos, rules);
        a.budget.set(budget);
        a
    }

    /// Whether the budget ran out (the answers since then are not to be trusted).
    pub(crate) fn out_of_work(&self) -> bool {
        self.out_of_work.get()
    }

    /// The budget left.
    pub(crate) fn budget_left(&self) -> u64 {
        self.budget.get()
    }

    /// Takes one unit of work; false (and `out_of_work` set) when none is left.
    fn charge(&self, units: u64) -> bool {
        let left = self.budget.get();
        if left < units {
            self.budget.set(0);
            self.out_of_work.set(true);
            return false;
        }
        self.budget.set(left - units);
        true
    }

    /// Whether the side to move has a legal move that captures what stands
    /// on `target` (an enemy stack, or the enemy city even when empty).
    /// `target` must be of the opponent's colour; otherwise `false`.
    pub(crate) fn can_capture(&self, target: Cell) -> bool {
        let (pos, rules) = (self.pos, self.rules);
        let g = pos.board.geometry();
        if self.out_of_work() || !g.contains(target) || pos.owner(target) == pos.side_to_move {
            return false;
        }
        let mut ring = [Cell::new(0, 0); 4];
        let mut len = 0;
        for c in g.orthogonal(target) {
            ring[len] = c;
            len += 1;
        }
        let ring = &ring[..len];
        // The last drop needs a ring cell holding at most one stone at the start of the
        // move, or a big own stack there that is sown and passed over again.
        if !ring.iter().any(|&t| pos.board.get(t) <= 1 || pos.board.get(t) >= 8) {
            return false;
        }
        self.stacks.iter().any(|&(origin, n)| {
            if self.out_of_work() {
                return false;
            }
            let n = n as usize;
            // Every empty ring cell needs a drop: reach the ring, then one more
            // step for each further empty cell.
            let nearest = ring.iter().map(|&t| cheb(origin, t)).min().unwrap_or(usize::MAX);
            let empty = ring.iter().filter(|&&t| t == origin || pos.board.get(t) == 0).count();
            if nearest + empty.saturating_sub(1) > n {
                return false;
            }
            // Past 255 stones the walk's shortcut does not hold: the real
            // generator decides.
            if self.tallest as usize + n > 255 && overflow_risk(pos, origin) {
                return self.exact_from(origin, target);
            }
            let need = rules.first_move_rule && pos.move_number == 1;
            FAILED.with(|failed| {
                let mut failed = failed.borrow_mut();
                failed.clear();
                let base =
                    ring.iter().map(|&t| if t == origin { 0 } else { pos.board.get(t) }).collect();
                let mut walk =
                    Walk { pos, g, origin, ring, base, failed: &mut failed, attacker: self };
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

impl Attacker<'_> {
    /// Whether a move from `origin` captures on `target`, by generating them
    /// (for boards where a drop can overflow), within the budget.
    fn exact_from(&self, origin: Cell, target: Cell) -> bool {
        let (pos, rules) = (self.pos, self.rules);
        let mut out = Vec::new();
        let limit = crate::game_rules::DEFAULT_MOVE_LIMIT.min(self.budget.get() as usize);
        let mut budget = limit;
        let listed = sowings_from(
            pos,
            rules,
            origin,
            &mut budget,
            limit,
            Some((&mut out, Keep::All)),
            &mut || false,
        );
        self.charge((limit - budget) as u64);
        if listed.is_err() {
            if limit < crate::game_rules::DEFAULT_MOVE_LIMIT {
                self.out_of_work.set(true);
            }
            return false;
        }
        captures_on(pos, &out, target)
    }
}

fn captures_on(pos: &Position, out: &[Generated], target: Cell) -> bool {
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
    /// Stones on each ring cell at the start of the move (the origin emptied).
    base: Vec<u8>,
    /// States already shown to lead nowhere (a success ends the search).
    failed: &'a mut FxHashSet<u64>,
    /// Charged one unit per state visited.
    attacker: &'a Attacker<'a>,
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
        let key = memo_key(remaining, k, last, self.g.index(at), need);
        // Short walks are cheaper to redo than to remember.
        let memo = remaining >= 4;
        if memo && self.failed.contains(&key) {
            return false;
        }
        if !self.attacker.charge(1) {
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
            // steps left, and every ring cell still empty needs a drop on the way.
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

    /// The last drop on `to`, with `k` drops made on the ring ahead of it.
    fn lands_capturing(&self, to: Cell, k: &[u8; 4]) -> bool {
        let Some(li) = self.ring_index(to) else { return false };
        if self.base[li] as u16 + k[li] as u16 != 1 {
            return false;
        }
        (0..self.ring.len()).all(|i| i == li || self.base[i] as u16 + k[i] as u16 >= 1)
    }
}

/// The memo slot of a walk state: a mixed-radix number, each field below
/// its radix (drops counted up to 2, 4 directions or none, under 128 cells),
/// so that no two states share a slot.
fn memo_key(remaining: usize, k: [u8; 4], last: Option<Diagonal>, at: usize, need: bool) -> u64 {
    let last_i = last.map_or(4, |d| d.index()) as u64;
    let k_code = k.iter().fold(0u64, |acc, &x| acc * 3 + x as u64);
    (((remaining as u64 * 81 + k_code) * 5 + last_i) * 128 + at as u64) * 2 + need as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{GameKind, Side};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Checks the walk against full move generation for every enemy cell of
    /// `pos` (a stack, or the city even when empty); returns how many can
    /// be captured.
    fn assert_agrees(pos: &Position, rules: &RuleOptions) -> usize {
        let moves = super::super::movegen::generate(pos, rules, 5_000_000, &mut || false).unwrap();
        let g = pos.board.geometry();
        let enemy_city = super::city(pos.side_to_move.opponent());
        let mut positives = 0;
        for target in g.cells().filter(|&c| pos.owner(c) != pos.side_to_move) {
            let counts = pos.board.get(target) > 0 || target == enemy_city;
            let expected = moves.iter().any(|m| {
                m.effect.captured.contains(&target)
                    || (target == enemy_city && m.effect.city_captured)
            });
            let got = Attacker::new(pos, rules).can_capture(target);
            assert_eq!(got && counts, expected && counts, "{pos} target {target}");
            positives += (got && counts) as usize;
        }
        positives
    }

    /// A position of set-up stacks, `side` to move on move 5.
    fn setup(stacks: &[(&str, u8)], side: Side) -> Position {
        let mut pos = Position::start(GameKind::Intermedium);
        pos.board = crate::board::Board::empty(pos.board.geometry());
        for &(cell, n) in stacks {
            pos.board.set(cell.parse().unwrap(), n);
        }
        pos.side_to_move = side;
        pos.move_number = 5;
        pos
    }

    /// The walk agrees with full move generation on positions reached by
    /// random play, for every enemy cell, and on the same boards taken as a
    /// first move (random play reaches captures only later).
    #[test]
    fn agrees_with_generation() {
        let rules = RuleOptions::default();
        let mut rng = SmallRng::seed_from_u64(7);
        let mut checked = 0;
        let (mut positives, mut first_positives) = (0, 0);
        for _game in 0..6 {
            let mut pos = Position::start(GameKind::Intermedium);
            for _ply in 0..60 {
                let moves = super::super::movegen::generate(&pos, &rules, 5_000_000, &mut || false)
                    .unwrap();
                if moves.is_empty() {
                    break;
                }
                positives += assert_agrees(&pos, &rules);
                // The same board on a first move: the first-move rule applies.
                let first = Position { move_number: 1, ..pos };
                first_positives += assert_agrees(&first, &rules);
                checked += 1;
                let pick = rng.random_range(0..moves.len());
                let m = &moves[pick];
                if m.effect.city_captured {
                    break;
                }
                pos =
                    super::super::sowing::transition(&pos, m.mv.clone(), m.effect.clone()).position;
            }
        }
        assert!(checked > 300);
        assert!(positives > 20, "only {positives} capturable targets met");
        assert!(
            first_positives > 10 && first_positives < positives,
            "{first_positives} capturable on a first move, {positives} later"
        );
    }

    /// Red's a1 can only fall to a last drop on b1 or a2, both 8 or more:
    /// b1's 8 stones loop twice through c2, b3 and a2, the 4th drop making
    /// b1 1 and the 8th landing on it.
    #[test]
    fn a_ring_of_tall_stacks_can_still_take_the_last_drop() {
        let pos = setup(&[("a1", 1), ("b1", 8), ("a2", 8)], Side::First);
        let rules = RuleOptions::default();
        assert!(Attacker::new(&pos, &rules).can_capture("a1".parse().unwrap()));
        assert_agrees(&pos, &rules);
    }

    /// Red's a5 falls to a last drop on b5 (1 stone) with a4 and a6
    /// occupied. Blue's a2 could do it (a2-b3-a4-b5, a2-b3-c4-b5), but b3
    /// holds 255 and a drop there overflows. Nothing else can: b5 holds 1
    /// (no move), a4 or a6 would leave itself empty, and a sowing of b3's
    /// 255 stones from file b ends on an even file, on a4 or a6 (which hold
    /// more than 1) if next to a5. Too many sowings to list, so the answer is
    /// worked out here; the walk alone, blind to overflow, would say yes.
    #[test]
    fn a_path_through_a_full_stack_captures_nothing() {
        let stacks = [("a5", 1), ("b5", 1), ("a4", 2), ("a6", 2), ("a2", 3), ("b3", 255)];
        let rules = RuleOptions::default();
        let a5 = "a5".parse().unwrap();
        assert!(!Attacker::new(&setup(&stacks, Side::First), &rules).can_capture(a5));
        // Without b3, a2 captures.
        let open = setup(&stacks[..5], Side::First);
        assert!(Attacker::new(&open, &rules).can_capture(a5));
        assert_agrees(&open, &rules);
    }

    /// Over 255 stones (a10's 254: any cell could overflow) the moves are
    /// listed. Blue's c8 takes Red's city with c8-b9-c10 (c10 held 1; d9,
    /// e10 occupied), but not Red's f10, which needs a last drop on f9 (1)
    /// with e10 and g10 occupied: c8 is too far, e10 and g10 would leave
    /// themselves empty, and a10's 254 stones end on an even file (e10 and
    /// g10 hold 2). A move that takes the city takes nothing else.
    #[test]
    fn listed_moves_answer_for_the_city_and_for_stacks_apart() {
        let mut stacks = vec![("d10", 0), ("f10", 1), ("c8", 2), ("c10", 1), ("d9", 1)];
        stacks.extend([("e10", 2), ("g10", 2), ("f9", 1), ("a10", 254)]);
        let pos = setup(&stacks, Side::First);
        let rules = RuleOptions::default();
        let attacker = Attacker::new(&pos, &rules);
        assert!(attacker.can_capture("d10".parse().unwrap()));
        assert!(!attacker.can_capture("f10".parse().unwrap()));
    }

    /// Every walk state has its own memo slot (a shared slot could mark a
    /// state failed that has not been tried).
    #[test]
    fn memo_keys_are_distinct() {
        let mut seen = FxHashSet::default();
        let lasts = [None].into_iter().chain(Diagonal::ALL.map(Some));
        let lasts: Vec<Option<Diagonal>> = lasts.collect();
        for remaining in 0..12 {
            for code in 0..81u32 {
                let k = [0, 1, 2, 3].map(|i| (code / 3u32.pow(i) % 3) as u8);
                for &last in &lasts {
                    for at in 0..70 {
                        for need in [false, true] {
                            assert!(seen.insert(memo_key(remaining, k, last, at, need)));
                        }
                    }
                }
            }
        }
    }

    /// The walk reports its work, which the AI charges to its node budget.
    #[test]
    fn the_walk_counts_its_states() {
        let pos = setup(&[("a1", 1), ("b1", 8), ("a2", 8)], Side::First);
        let rules = RuleOptions::default();
        let before = walk_work();
        assert!(Attacker::new(&pos, &rules).can_capture("a1".parse().unwrap()));
        assert!(walk_work() > before + 1, "{} states", walk_work() - before);
    }
}
