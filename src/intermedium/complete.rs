//! Whether a partly sown Intermedium move can still be finished legally.
//! Used by the move builder (to offer only completable steps) and by the
//! has-a-legal-move check, without enumerating the exponential set of paths.
//!
//! A finished path is refused only by the first-move rule or by a cell
//! passing 255 stones. Without the overflow risk the question is a walk
//! existence problem over (cell, last direction, steps left, still needs an
//! empty cell), answered by memoised search in O(cells x 5 x steps) time.
//!
//! Where a cell can pass 255 (set-ups of more than 255 stones only), a
//! depth-first search over paths decides, cutting every path at the drop
//! that would overflow and handing over to the walk as soon as no cell can
//! overflow with the steps left. It visits at most `OVERFLOW_SEARCH_BUDGET`
//! states and answers "no" past them, so a "yes" is always a path found: the
//! builder never offers a step it cannot complete. (Its search from a state
//! is the part of its parent's search below that state, so a step offered
//! for a path it found has that path's next step offered in turn.)

use super::movegen::own_stacks;
use super::sowing::{effect, overflow_risk, Drops};
use crate::board::{Cell, Diagonal, Geometry, MAX_CELLS};
use crate::position::Position;
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
const OVERFLOW_SEARCH_BUDGET: usize = 20_000;

pub(crate) fn can_complete(pos: &Position, rules: &RuleOptions, p: &Partial) -> bool {
    let n = pos.board.get(p.origin) as u16;
    // The tallest stack of the board first (one pass over bytes, no cell
    // names): only when it could overflow are the origin's colour's cells
    // looked at one by one.
    let tallest = pos.board.stacks().iter().copied().max().unwrap_or(0) as u16;
    if tallest + n > 255 && overflow_risk(pos, p.origin) {
        let mut drops = *p.drops;
        let mut budget = OVERFLOW_SEARCH_BUDGET;
        return exhaustive(
            pos,
            rules,
            p.origin,
            p.at,
            p.last,
            p.remaining,
            &mut drops,
            &mut budget,
        );
    }
    without_overflow(pos, rules, p)
}

/// `can_complete` where no cell can pass 255 with the steps left.
fn without_overflow(pos: &Position, rules: &RuleOptions, p: &Partial) -> bool {
    let g = pos.board.geometry();
    // Drop slots are shared by a cell of each colour: look at the origin's
    // only (and only on a first move: `&&` skips the scan otherwise).
    let need_empty = rules.first_move_rule
        && pos.move_number == 1
        && !g.cells().any(|c| {
            c.colour() == p.origin.colour()
                && c != p.origin
                && p.drops[g.index(c) / 2] > 0
                && pos.board.get(c) == 0
        });
    if !need_empty {
        // Every click of the move builder asks this: answered without a walk.
        return open_walk_exists(g, p.at, p.last, p.remaining);
    }
    Walk::new(pos, p.origin, p.remaining).exists(p.at, p.last, p.remaining, true)
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

/// Whether some cell of the origin's colour could still pass 255 stones
/// with `remaining` more drops.
fn overflow_left(pos: &Position, origin: Cell, drops: &Drops, remaining: usize) -> bool {
    let g = pos.board.geometry();
    g.cells().any(|c| {
        let base = if c == origin { 0 } else { pos.board.get(c) as usize };
        c.colour() == origin.colour() && base + drops[g.index(c) / 2] as usize + remaining > 255
    })
}

/// Depth-first search over paths, cut at every drop that would overflow, for
/// the boards where a stack near 255 makes overflow possible; once no cell
/// can overflow, the walk decides. Past its budget it answers "no" (see the module).
#[allow(clippy::too_many_arguments)]
fn exhaustive(
    pos: &Position,
    rules: &RuleOptions,
    origin: Cell,
    at: Cell,
    last: Option<Diagonal>,
    remaining: usize,
    drops: &mut Drops,
    budget: &mut usize,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    if remaining == 0 {
        return effect(pos, rules, origin, drops, at).is_ok();
    }
    if !overflow_left(pos, origin, drops, remaining) {
        // The walk's own work is bounded by its memo; it is charged in full
        // so that the search stays within its budget, the same from any state.
        *budget = budget.saturating_sub(remaining);
        return without_overflow(pos, rules, &Partial { origin, at, last, remaining, drops });
    }
    let g = pos.board.geometry();
    for (dir, to) in g.diagonal(at) {
        if last == Some(dir.reverse()) {
            continue;
        }
        let slot = g.index(to) / 2;
        let base = if to == origin { 0 } else { pos.board.get(to) as u16 };
        if base + drops[slot] as u16 + 1 > 255 {
            continue; // this drop overflows: no path through it is legal
        }
        drops[slot] += 1;
        let ok = exhaustive(pos, rules, origin, to, Some(dir), remaining - 1, drops, budget);
        drops[slot] -= 1;
        if ok {
            return true;
        }
    }
    false
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
    use crate::variant::GameKind;

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
