//! Whether a partly sown Intermedium move can still be finished legally.
//! Used by the move builder (to offer only completable steps) and by the
//! has-a-legal-move check, without enumerating the exponential set of paths.
//!
//! A finished path is refused only by the first-move rule or by a cell
//! passing 255 stones. Without the overflow risk the question is a walk
//! existence problem over (cell, last direction, steps left, still needs an
//! empty cell), answered by memoised search in O(cells x 5 x steps) time.
//!
//! Where a cell can pass 255 (set-ups of more than 255 stones only), each
//! cell of the mover's colour has a room: the stones it can still take. A
//! depth-first search over paths decides, stepping only where there is room
//! (the roomiest neighbour first) and handing over to the walk as soon as no
//! cell can overflow with the steps left. Exact tests answer most questions
//! ahead of it: a cell already past 255 has no completion, nor has a walk
//! whose reachable cells (through cells with room) have less room in all
//! than the steps left, or none of the empty cells the first-move rule asks
//! for; and a walk that can go round a four-cell loop through its cell for
//! all the steps left, within the rooms, has one (this is asked at every
//! state of the search too). The search visits at most `OVERFLOW_SEARCH_BUDGET` states and answers
//! "no" past them, so a "yes" is always a path found: the builder never
//! offers a step it cannot complete. (Its search from a state is the part of
//! its parent's search below that state, so a step offered for a path it
//! found has that path's next step offered in turn.)

use super::movegen::own_stacks;
use super::sowing::{overflow_risk, Drops};
use crate::board::{Cell, Diagonal, Geometry, MAX_CELLS};
use crate::position::Position;
use crate::sorting;
use crate::variant::RuleOptions;

/// A partial sowing: where it stands, how it got there, what it dropped.
pub(crate) struct Partial<'a> {
    pub origin: Cell,
    pub at: Cell,
    pub last: Option<Diagonal>,
    pub remaining: usize,
    pub drops: &'a Drops,
}

/// The most states the overflow search visits; past them it answers "no".
const OVERFLOW_SEARCH_BUDGET: usize = 2_000;

pub(crate) fn can_complete(pos: &Position, rules: &RuleOptions, p: &Partial) -> bool {
    let n = pos.board.get(p.origin) as u16;
    // The tallest stack of the board first (one pass over bytes, no cell
    // names): only when it could overflow are the origin's colour's cells
    // looked at one by one.
    let tallest = pos.board.stacks().iter().copied().max().unwrap_or(0) as u16;
    if tallest + n > 255 && overflow_risk(pos, p.origin) {
        return Rooms::new(pos, rules, p)
            .is_some_and(|mut r| r.completes(p.at, p.last, p.remaining));
    }
    let need = needs_empty(pos, rules, p.origin, p.drops);
    walk_exists(pos, p.origin, p.at, p.last, p.remaining, need)
}

/// Whether the first-move rule still asks this sowing for a drop on a cell
/// that is empty in the position (the origin aside).
fn needs_empty(pos: &Position, rules: &RuleOptions, origin: Cell, drops: &Drops) -> bool {
    let g = pos.board.geometry();
    // Drop slots are shared by a cell of each colour: look at the origin's
    // only (and only on a first move: `&&` skips the scan otherwise).
    rules.first_move_rule
        && pos.move_number == 1
        && !g.cells().any(|c| {
            c.colour() == origin.colour()
                && c != origin
                && drops[g.index(c) / 2] > 0
                && pos.board.get(c) == 0
        })
}

/// Whether some path of `remaining` steps goes on from `at` (reached by
/// `last`), dropping on an empty cell if `need`, when no cell can overflow.
fn walk_exists(
    pos: &Position,
    origin: Cell,
    at: Cell,
    last: Option<Diagonal>,
    remaining: usize,
    need: bool,
) -> bool {
    let g = pos.board.geometry();
    if !need {
        // Every click of the move builder asks this: answered without a walk.
        return open_walk_exists(g, at, last, remaining);
    }
    // Without an empty cell to drop on, no walk meets the rule.
    if !g.cells().any(|c| c.colour() == origin.colour() && c != origin && pos.board.get(c) == 0) {
        return false;
    }
    Walk::new(pos, origin, remaining).exists(at, last, remaining, true)
}

/// Whether some path of `remaining` steps goes on from `at` (reached by
/// `last`) when any cell may be stepped on. A walk is stuck only where its
/// one way on is back: a corner entered from its single diagonal neighbour.
/// On the Intermedium board no corner is diagonally next to an edge cell,
/// so a step that does not enter a corner always leaves a way on, and one
/// step of look-ahead decides (`open_walk_agrees_with_the_search` checks
/// every state against the memoised walk).
fn open_walk_exists(g: Geometry, at: Cell, last: Option<Diagonal>, remaining: usize) -> bool {
    remaining == 0
        || g.diagonal(at).any(|(dir, to)| {
            last != Some(dir.reverse()) && (remaining == 1 || g.diagonal(to).nth(1).is_some())
        })
}

struct Walk<'a> {
    pos: &'a Position,
    g: Geometry,
    origin: Cell,
    /// Steps left at the start: the largest `remaining` the memo holds.
    steps: usize,
    /// 0 unknown, 1 no, 2 yes; indexed by (cell, last, remaining, need).
    memo: Vec<u8>,
}

impl<'a> Walk<'a> {
    /// A walk of up to `steps` steps from `origin`, with an empty memo.
    fn new(pos: &'a Position, origin: Cell, steps: usize) -> Walk<'a> {
        let g = pos.board.geometry();
        Walk { pos, g, origin, steps, memo: vec![0; g.cell_count() * 5 * (steps + 1) * 2] }
    }

    /// The memo slot of a walk state: one slot per distinct state (cell
    /// index, last direction 0-3 or 4 for none, steps left 0..=`steps`,
    /// still needs an empty cell).
    fn key(&self, cell_index: usize, last_i: usize, remaining: usize, need: bool) -> usize {
        ((cell_index * 5 + last_i) * (self.steps + 1) + remaining) * 2 + need as usize
    }

    fn exists(&mut self, at: Cell, last: Option<Diagonal>, remaining: usize, need: bool) -> bool {
        if remaining == 0 {
            return !need;
        }
        let last_i = last.map_or(4, |d| d.index());
        let key = self.key(self.g.index(at), last_i, remaining, need);
        match self.memo[key] {
            1 => return false,
            2 => return true,
            _ => {}
        }
        let mut found = false;
        for (dir, to) in self.g.diagonal(at) {
            if last == Some(dir.reverse()) {
                continue;
            }
            let still_need = need && !(to != self.origin && self.pos.board.get(to) == 0);
            if self.exists(to, Some(dir), remaining - 1, still_need) {
                found = true;
                break;
            }
        }
        self.memo[key] = if found { 2 } else { 1 };
        found
    }
}

/// The overflow search's state: the room of each cell of the origin's
/// colour (by drop slot), where stepping is allowed, and the budget left.
struct Rooms<'a> {
    pos: &'a Position,
    g: Geometry,
    origin: Cell,
    /// Stones each cell of the origin's colour can still take (255 less
    /// its stones and the drops so far; the origin's start at 0).
    room: [u8; MAX_CELLS / 2],
    /// Cells empty in the position (the origin aside): a drop
    /// there meets the first-move rule.
    empty: [bool; MAX_CELLS / 2],
    budget: usize,
    /// The most stones on a cell of the colour at the search's root.
    tallest: u16,
    /// Whether the first-move rule still asks for an empty cell at the root.
    need: bool,
}

impl<'a> Rooms<'a> {
    /// The rooms after the partial sowing `p`, or `None` if a cell has
    /// already passed 255 (no completion).
    fn new(pos: &'a Position, rules: &RuleOptions, p: &Partial) -> Option<Rooms<'a>> {
        let g = pos.board.geometry();
        let mut r = Rooms {
            pos,
            g,
            origin: p.origin,
            room: [0; MAX_CELLS / 2],
            empty: [false; MAX_CELLS / 2],
            budget: OVERFLOW_SEARCH_BUDGET,
            tallest: 0,
            need: needs_empty(pos, rules, p.origin, p.drops),
        };
        // The cells of the origin's colour, by rank and file (no cell names).
        let parity = (p.origin.file + p.origin.rank) as usize % 2;
        let (files, origin_i) = (g.files as usize, g.index(p.origin));
        let stacks = pos.board.stacks();
        for rank in 0..g.ranks as usize {
            for file in (0..files).filter(|f| (f + rank) % 2 == parity) {
                let i = rank * files + file;
                let base = if i == origin_i { 0 } else { stacks[i] as u16 };
                let h = base + p.drops[i / 2] as u16;
                if h > 255 {
                    return None;
                }
                r.room[i / 2] = (255 - h) as u8;
                r.empty[i / 2] = i != origin_i && base == 0;
                r.tallest = r.tallest.max(h);
            }
        }
        Some(r)
    }

    /// Whether some path of `remaining` steps from `at` (reached by `last`)
    /// finishes the move: a loop that fits, else (when the exact bounds
    /// leave it possible) the search.
    fn completes(&mut self, at: Cell, last: Option<Diagonal>, remaining: usize) -> bool {
        if remaining == 0 {
            return !self.need;
        }
        if self.loop_fits(at, last, remaining, self.need) {
            return true;
        }
        if !self.within_reach(at, remaining) {
            return false;
        }
        let (tallest, need) = (self.tallest, self.need);
        self.search(at, last, remaining, tallest, need)
    }

    /// Every drop to come lands on a cell reached from `at` through cells
    /// with room: whether together they can hold `remaining` more (and
    /// include an empty one, if the first-move rule asks for it).
    fn within_reach(&self, at: Cell, remaining: usize) -> bool {
        let g = self.g;
        let mut todo = [at; MAX_CELLS / 2];
        let (mut seen, mut len) = (1u64 << (g.index(at) / 2), 1);
        let (mut room, mut empty) = (0usize, false);
        while len > 0 {
            len -= 1;
            let c = todo[len];
            let slot = g.index(c) / 2;
            room += self.room[slot] as usize;
            empty |= self.empty[slot];
            for (_, to) in g.diagonal(c) {
                let s = g.index(to) / 2;
                if seen & (1 << s) == 0 && self.room[s] > 0 {
                    seen |= 1 << s;
                    todo[len] = to;
                    len += 1;
                }
            }
        }
        room >= remaining && (empty || !self.need)
    }

    /// Whether going round one of the four-cell loops through `at` (a
    /// diamond: two perpendicular steps and their reverses, in either turn)
    /// for the `remaining` steps fits in the rooms of its cells and meets
    /// the first-move rule if it must: a completion found without a search.
    fn loop_fits(&self, at: Cell, last: Option<Diagonal>, remaining: usize, need: bool) -> bool {
        let g = self.g;
        Diagonal::ALL.into_iter().any(|a| {
            last != Some(a.reverse())
                && Diagonal::ALL.into_iter().filter(|&b| b != a && b != a.reverse()).any(|b| {
                    // The corners in the order the loop steps on them; `at` is last.
                    let Some(p1) = g.step(at, a) else { return false };
                    let Some(p2) = g.step(p1, b) else { return false };
                    let Some(p3) = g.step(at, b) else { return false };
                    let mut met = !need;
                    for (i, c) in [p1, p2, p3, at].into_iter().enumerate() {
                        // Steps i+1, i+5, ... of the remaining ones land on c.
                        let visits = if i < remaining { (remaining - i - 1) / 4 + 1 } else { 0 };
                        let slot = g.index(c) / 2;
                        if (self.room[slot] as usize) < visits {
                            return false;
                        }
                        met |= visits > 0 && self.empty[slot];
                    }
                    met
                })
        })
    }

    fn search(
        &mut self,
        at: Cell,
        last: Option<Diagonal>,
        remaining: usize,
        tallest: u16,
        need: bool,
    ) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        if remaining == 0 {
            return !need;
        }
        if tallest as usize + remaining <= 255 {
            // No cell can overflow any more. The walk's own work is bounded
            // by its memo; it is charged in full so that the search stays
            // within its budget, the same from any state.
            self.budget = self.budget.saturating_sub(remaining);
            return walk_exists(self.pos, self.origin, at, last, remaining, need);
        }
        if self.loop_fits(at, last, remaining, need) {
            return true;
        }
        // The next cells with room, the roomiest first (a stable order: the
        // same state is always searched the same way).
        let mut next: [(u8, Diagonal, Cell); 4] = [(0, Diagonal::ALL[0], at); 4];
        let mut k = 0;
        for (dir, to) in self.g.diagonal(at) {
            let room = self.room[self.g.index(to) / 2];
            if last != Some(dir.reverse()) && room > 0 {
                next[k] = (room, dir, to);
                k += 1;
            }
        }
        sorting::sort_by_key(&mut next[..k], |&(room, _, _)| std::cmp::Reverse(room));
        for &(room, dir, to) in &next[..k] {
            let slot = self.g.index(to) / 2;
            self.room[slot] = room - 1;
            let h = 255 - room as u16 + 1;
            let ok = self.search(
                to,
                Some(dir),
                remaining - 1,
                tallest.max(h),
                need && !self.empty[slot],
            );
            self.room[slot] = room;
            if ok {
                return true;
            }
        }
        false
    }
}

/// Whether the side to move has any legal move (exact, without enumerating paths).
pub(crate) fn has_legal_move(pos: &Position, rules: &RuleOptions) -> bool {
    own_stacks(pos).any(|origin| {
        let n = pos.board.get(origin) as usize;
        let p =
            Partial { origin, at: origin, last: None, remaining: n, drops: &[0; MAX_CELLS / 2] };
        can_complete(pos, rules, &p)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::intermedium::sowing::effect;
    use crate::variant::GameKind;
    use proptest::prelude::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Every continuation of a partial sowing tried in turn, each judged by
    /// the rules' own `effect`: the answer `can_complete` must give.
    fn any_continuation(
        pos: &Position,
        rules: &RuleOptions,
        origin: Cell,
        at: Cell,
        last: Option<Diagonal>,
        remaining: usize,
        drops: &mut Drops,
    ) -> bool {
        if remaining == 0 {
            return effect(pos, rules, origin, drops, at).is_ok();
        }
        let g = pos.board.geometry();
        g.diagonal(at).filter(|&(dir, _)| last != Some(dir.reverse())).any(|(dir, to)| {
            drops[g.index(to) / 2] += 1;
            let ok = any_continuation(pos, rules, origin, to, Some(dir), remaining - 1, drops);
            drops[g.index(to) / 2] -= 1;
            ok
        })
    }

    /// A board where sowing can overflow: an origin of 2-9 stones among
    /// cells at 255 (walls: small regions to walk in) and 250-254 (room for
    /// a few drops), some empty cells, the rest small; a first move or a
    /// later one.
    fn overflow_board(seed: u64) -> (Position, RuleOptions, Cell) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = Position::start(GameKind::Intermedium);
        let g = pos.board.geometry();
        for c in g.cells() {
            let h = match rng.random_range(0..10) {
                0..=2 => 255,
                3..=4 => rng.random_range(250..=254),
                5 => 0,
                _ => rng.random_range(1..=6),
            };
            pos.board.set(c, h);
        }
        pos.move_number = rng.random_range(1..=2);
        let rules = RuleOptions { first_move_rule: rng.random_bool(0.7), ..RuleOptions::default() };
        let origin = loop {
            let c = g.cell(rng.random_range(0..g.cell_count()));
            if c.colour() == pos.side_to_move.colour() {
                break c;
            }
        };
        pos.board.set(origin, rng.random_range(2..=9));
        (pos, rules, origin)
    }

    /// `can_complete` against every continuation, at the origin and after
    /// each step of a random partial path (any step, completable or not, so
    /// both answers occur): the differences, and how many yes and no.
    fn compare(seed: u64) -> (Vec<String>, usize, usize) {
        let (pos, rules, origin) = overflow_board(seed);
        let (mut wrong, mut yes, mut no) = (Vec::new(), 0, 0);
        if !overflow_risk(&pos, origin) {
            return (wrong, yes, no);
        }
        let g = pos.board.geometry();
        let n = pos.board.get(origin) as usize;
        let mut rng = SmallRng::seed_from_u64(seed ^ 1);
        let (mut at, mut last, mut drops) = (origin, None, [0u8; MAX_CELLS / 2]);
        for step in 0..=n {
            let p = Partial { origin, at, last, remaining: n - step, drops: &drops };
            let want =
                any_continuation(&pos, &rules, origin, at, last, n - step, &mut drops.clone());
            if can_complete(&pos, &rules, &p) != want {
                wrong.push(format!("{pos} from {origin}, after {step} steps: want {want}"));
            }
            if want {
                yes += 1
            } else {
                no += 1
            }
            let next: Vec<_> = g.diagonal(at).filter(|&(d, _)| last != Some(d.reverse())).collect();
            if step == n || next.is_empty() {
                break;
            }
            let (dir, to) = next[rng.random_range(0..next.len())];
            drops[g.index(to) / 2] += 1;
            (at, last) = (to, Some(dir));
        }
        (wrong, yes, no)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// On small boards of the overflow kind, the search with its exact
        /// bounds answers as trying every continuation does (its budget is
        /// never reached there: at most 3^9 paths).
        #[test]
        fn the_overflow_search_answers_as_every_continuation(seed in any::<u64>()) {
            let (wrong, _, _) = compare(seed);
            prop_assert!(wrong.is_empty(), "{:?}", wrong);
        }
    }

    /// The comparison above meets both answers, often.
    #[test]
    fn overflow_boards_give_both_answers() {
        let (mut yes, mut no) = (0, 0);
        for seed in 0..300 {
            let (wrong, y, n) = compare(seed);
            assert!(wrong.is_empty(), "{wrong:?}");
            (yes, no) = (yes + y, no + n);
        }
        assert!(yes > 300 && no > 300, "{yes} yes, {no} no");
    }

    /// A walk from the board's first cell, `steps` long.
    fn walk(pos: &Position, steps: usize) -> Walk<'_> {
        Walk::new(pos, pos.board.geometry().cells().next().expect("a cell"), steps)
    }

    /// The shortcut without a walk (`open_walk_exists`) answers as the
    /// memoised walk does, in every state.
    #[test]
    fn open_walk_agrees_with_the_search() {
        let pos = Position::start(GameKind::Intermedium);
        let g = pos.board.geometry();
        let mut stuck = 0;
        for steps in 0..=30 {
            let mut walk = walk(&pos, steps);
            for at in g.cells() {
                for last in Diagonal::ALL.into_iter().map(Some).chain([None]) {
                    let searched = walk.exists(at, last, steps, false);
                    assert_eq!(
                        open_walk_exists(g, at, last, steps),
                        searched,
                        "{at} {last:?} {steps}"
                    );
                    stuck += usize::from(!searched);
                }
            }
        }
        // The four corners, each entered by its one step, for every length
        // from 1: the test is not comparing two answers that are always yes.
        assert_eq!(stuck, 4 * 30);
    }

    /// Every walk state has a memo slot of its own, inside the memo. (The
    /// first version multiplied by the state's own `remaining + 1`, so
    /// states whose (cell x 5 + last + 1) x (remaining + 1) matched shared a
    /// slot: a "no" of one could answer for another. Found by the mutation
    /// run: mutants of that formula survived.)
    #[test]
    fn every_walk_state_has_its_own_memo_slot() {
        let pos = Position::start(GameKind::Intermedium);
        let g = pos.board.geometry();
        for steps in [1, 4, 9] {
            let walk = walk(&pos, steps);
            let mut seen = vec![false; walk.memo.len()];
            for cell in 0..g.cell_count() {
                for last in 0..5 {
                    for remaining in 0..=steps {
                        for need in [false, true] {
                            let k = walk.key(cell, last, remaining, need);
                            assert!(k < seen.len(), "slot {k} outside the memo");
                            assert!(!seen[k], "slot {k} shared (steps {steps})");
                            seen[k] = true;
                        }
                    }
                }
            }
        }
    }
}
