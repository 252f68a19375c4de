//! What the side to move could capture with one move (the Cash in Hand
//! part of `Position::threats`), exactly and without listing moves: every
//! enemy stack some move captures, each with a move that takes it, and,
//! when it finishes within the limit, one move per largest set of stacks
//! captured together (a set no other move's captures contain).
//!
//! Listing moves is hopeless in a middle game: each capture multiplies into
//! every redistribution, and sowings number in the millions. But which
//! stacks fall is decided by few numbers. Sowing only touches cells of the
//! mover's colour (diagonal steps keep the colour), step legality depends on
//! the board before the move and the cells visited (`sowing`), and an enemy
//! stack falls when its orthogonal neighbours (mover's cells) are all
//! occupied and together taller than it. That test is monotone: higher
//! neighbours never save a stack.
//!
//! First, per enemy stack, `target` decides whether some move captures it
//! (a small search: only that stack's neighbours matter). In real middle
//! games this settles every position within the page's limit. Then the
//! largest sets are searched over the threatened stacks only: the search
//! keeps, per (cell, heights of the cells next to a threatened stack), the
//! states no other beats (one with a subset of the cells visited and no
//! less cash can do all the other can), and prunes what cannot do better:
//! - a height next to those stacks counts only up to one more than the
//!   tallest of them (that neighbour alone outweighs each);
//! - an origin next to none of them gives all its stones (its height left
//!   never matters; the extra cash ends on the last cell);
//! - on a cell next to none of them a partial drop is 1 (more cash left,
//!   the same heights: the spare cash can always be dropped at the end);
//! - each arrival is judged with all the cash dropped there, and a state is
//!   followed on only while some cell next to a stack that could still fall
//!   (its empty neighbours and missing height within the cash) is reachable
//!   in as many steps as there are stones in hand, each step affordable
//!   with the cash that could be left by then.
//!
//! Whatever a pruned path captures, a kept one captures too, so the sets
//! found are exactly those of the full move list (tests compare them). That
//! search is still exponential in the cells a long sowing can wander over
//! and finishes within the page's limit in about two fifths of real
//! middle-game positions (tests/ai/analysis.rs measures it); past the limit
//! the answer keeps the per-stack moves (`largest: false`), still naming
//! every stack that can fall.
//!
//! Boards holding more than 255 stones (set-ups only) can make a
//! redistribution overflow; there the full move list is used.

use super::capture::captures;
use super::parts::sown_move;
use super::sowing::{bit, cash_needed, has_first_step, max_partial, Visited};
use super::target::{capturing_sowing, OutOfWork};
use crate::board::{Cell, MAX_CELLS};
use crate::errors::LimitExceeded;
use crate::position::Position;
use crate::transition::Transition;
use rustc_hash::{FxHashMap, FxHashSet};

/// Capped heights of the mover's cells next to a threatened stack, by board
/// index (every other cell 0).
type Heights = [u8; MAX_CELLS];

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    cell: u8,
    heights: Heights,
}

/// A merged state with a parent link, so that one real path can be written.
#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    cell: u8,
    drop: u8,
    visited: Visited,
}

struct Search<'a> {
    pos: &'a Position,
    /// Per board index: the height a neighbour cell is capped at (0 for cells
    /// next to no threatened stack: their height never matters).
    cap: [u8; MAX_CELLS],
    work_left: usize,
    judged: FxHashSet<Heights>,
    /// Captured cells (bit per index) -> one move that captures exactly them.
    found: FxHashMap<u64, Transition>,
    /// The threatened stacks (bit per index).
    threatened: u64,
    /// The threatened stacks: cell, height, orthogonal neighbours.
    targets: Vec<(Cell, u32, Vec<Cell>)>,
}

/// The capture threats of the side to move.
pub(crate) struct CaptureThreats {
    /// Capturing moves: every stack that some move captures is taken by one.
    pub moves: Vec<Transition>,
    /// Whether `moves` is one move per largest set of stacks captured
    /// together (else one move per threatened stack, as found).
    pub largest: bool,
}

/// Every stack the side to move can capture with a move that takes it, and,
/// when that search finishes within what is left of `limit` units of work,
/// one move per largest set of stacks captured together instead.
pub(crate) fn capture_threats(
    pos: &Position,
    limit: usize,
) -> Result<CaptureThreats, LimitExceeded> {
    if super::complete::overflow_possible(pos) {
        return by_listing(pos, limit).map(|moves| CaptureThreats { moves, largest: true });
    }
    let mut work = limit;
    let (threatened, witnesses) =
        threatened_stacks(pos, &mut work).map_err(|OutOfWork| LimitExceeded { limit })?;
    if threatened == 0 {
        return Ok(CaptureThreats { moves: Vec::new(), largest: true });
    }
    match largest_sets(pos, threatened, work) {
        Ok(found) => Ok(CaptureThreats { moves: maximal(found), largest: true }),
        Err(()) => Ok(CaptureThreats { moves: maximal(witnesses), largest: false }),
    }
}

/// Every enemy stack some move captures (bit per index), and a move for
/// each, from the exact per-stack search (`target`): one move per distinct
/// set the moves found capture (a stack an earlier move also takes is not
/// searched again).
fn threatened_stacks(
    pos: &Position,
    work: &mut usize,
) -> Result<(u64, FxHashMap<u64, Transition>), OutOfWork> {
    let board = pos.board;
    let g = board.geometry();
    let enemy = pos.side_to_move.opponent().colour();
    let mut witnesses: FxHashMap<u64, Transition> = FxHashMap::default();
    let mut threatened: u64 = 0;
    for e in g.cells().filter(|&c| c.colour() == enemy && board.is_occupied(c)) {
        if threatened & bit(g, e) != 0 {
            continue;
        }
        if let Some(s) = capturing_sowing(pos, e, work)? {
            let t = sown_move(pos, s.origin, s.count, s.path);
            let mask = mask_of(g, &t.captured);
            debug_assert!(mask & bit(g, e) != 0, "the witness captures its target");
            threatened |= mask;
            witnesses.entry(mask).or_insert(t);
        }
    }
    Ok((threatened, witnesses))
}

fn mask_of(g: crate::board::Geometry, cells: &[Cell]) -> u64 {
    cells.iter().fold(0u64, |m, &c| m | bit(g, c))
}

/// Every distinct set of the threatened stacks that one move captures, with
/// a move for each, within `work` units.
fn largest_sets(
    pos: &Position,
    threatened: u64,
    work: usize,
) -> Result<FxHashMap<u64, Transition>, ()> {
    let board = pos.board;
    let g = board.geometry();
    let mover = pos.side_to_move;
    let targets: Vec<(Cell, u32, Vec<Cell>)> = g
        .cells()
        .filter(|&c| threatened & bit(g, c) != 0)
        .map(|c| (c, board.get(c) as u32, g.orthogonal(c).collect()))
        .collect();
    let mut cap = [0u8; MAX_CELLS];
    for (e, h, around) in &targets {
        debug_assert!(e.colour() != mover.colour());
        for &n in around {
            let i = g.index(n);
            cap[i] = cap[i].max((*h as u8).saturating_add(1));
        }
    }
    let mut s = Search {
        pos,
        cap,
        work_left: work,
        judged: FxHashSet::default(),
        found: FxHashMap::default(),
        threatened,
        targets,
    };
    for origin in g.cells().filter(|c| c.colour() == mover.colour()) {
        let n = board.get(origin);
        // Away from every threatened stack the origin's height never
        // matters: taking all of it does whatever taking part does.
        let low = if cap[g.index(origin)] == 0 { n.max(1) } else { 1 };
        for k in low..=n {
            if has_first_step(&board, origin, k as u32) {
                s.sowings(origin, k)?;
            }
        }
    }
    Ok(s.found)
}

/// The sets no other set contains, with their moves.
fn maximal(found: FxHashMap<u64, Transition>) -> Vec<Transition> {
    let masks: Vec<u64> = found.keys().copied().collect();
    found
        .into_iter()
        .filter(|(m, _)| !masks.iter().any(|&o| o != *m && o & m == *m))
        .map(|(_, t)| t)
        .collect()
}

/// The same answer from the full move list (boards over 255 stones).
fn by_listing(pos: &Position, limit: usize) -> Result<Vec<Transition>, LimitExceeded> {
    let g = pos.board.geometry();
    let mut found: FxHashMap<u64, Transition> = FxHashMap::default();
    for t in super::movegen::generate(pos, limit)? {
        if !t.captured.is_empty() {
            found.entry(t.captured.iter().fold(0u64, |m, &c| m | bit(g, c))).or_insert(t);
        }
    }
    Ok(maximal(found))
}

impl Search<'_> {
    fn tick(&mut self, units: usize) -> Result<(), ()> {
        self.work_left = self.work_left.checked_sub(units).ok_or(())?;
        Ok(())
    }

    fn capped(&self, index: usize, height: u32) -> u8 {
        height.min(self.cap[index] as u32) as u8
    }

    /// Every sowing of `k` stones from `origin`, merged as the module says.
    fn sowings(&mut self, origin: Cell, k: u8) -> Result<(), ()> {
        let board = self.pos.board;
        let g = board.geometry();
        let mut start: Heights = [0; MAX_CELLS];
        for c in g.cells() {
            let i = g.index(c);
            if self.cap[i] > 0 {
                start[i] = self.capped(i, board.get(c) as u32);
            }
        }
        let o = g.index(origin);
        if self.cap[o] > 0 {
            start[o] = self.capped(o, (board.get(origin) - k) as u32);
        }
        let mut nodes =
            vec![Node { parent: u32::MAX, cell: o as u8, drop: 0, visited: bit(g, origin) }];
        let mut heights: Vec<Heights> = vec![start];
        // Per (cell, heights): the (visited, cash) of the states kept. One
        // with fewer cells visited and no less cash can do all another can.
        let mut kept: FxHashMap<Key, Vec<(Visited, u8)>> = FxHashMap::default();
        let mut by_cash: Vec<Vec<u32>> = vec![Vec::new(); k as usize + 1];
        by_cash[k as usize].push(0);
        // Drops only lower the cash, so a bucket is complete when taken.
        for cash in (1..=k as u32).rev() {
            for id in std::mem::take(&mut by_cash[cash as usize]) {
                let node = nodes[id as usize];
                let at = g.cell(node.cell as usize);
                if id != 0
                    && !self.worth_following(&heights[id as usize], at, cash, node.visited)?
                {
                    continue;
                }
                for (dir, to) in g.diagonal(at) {
                    if node.visited & bit(g, to) != 0 || cash_needed(&board, at, dir) > cash {
                        continue;
                    }
                    self.tick(1)?;
                    let t = g.index(to);
                    let h = board.get(to) as u32;
                    if h + cash <= 255 {
                        let mut last = heights[id as usize];
                        if self.cap[t] > 0 {
                            last[t] = self.capped(t, h + cash);
                        }
                        if self.judged.insert(last) {
                            self.tick(4)?;
                            self.judge(origin, k, &nodes, id, (to, cash as u8), &last);
                        }
                    }
                    // More than 1 on a cell only counts up to its cap.
                    let useful = (self.cap[t] as u32).saturating_sub(h).max(1);
                    let partial =
                        max_partial(&board, to, cash, node.visited).min(255 - h).min(useful);
                    for d in 1..=partial {
                        let mut next = heights[id as usize];
                        if self.cap[t] > 0 {
                            next[t] = self.capped(t, h + d);
                        }
                        let left = (cash - d) as u8;
                        let visited = node.visited | bit(g, to);
                        let list = kept.entry(Key { cell: t as u8, heights: next }).or_default();
                        self.tick(1 + list.len() / 8)?;
                        if list.iter().any(|&(v, c)| v & !visited == 0 && c >= left) {
                            continue;
                        }
                        list.retain(|&(v, c)| !(visited & !v == 0 && left >= c));
                        list.push((visited, left));
                        by_cash[left as usize].push(nodes.len() as u32);
                        nodes.push(Node { parent: id, cell: t as u8, drop: d as u8, visited });
                        heights.push(next);
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether some cell next to a stack that could still fall is within
    /// `cash` diagonal steps of `at` over unvisited cells (heights and gates
    /// ignored, so this never says no wrongly).
    fn worth_following(
        &mut self,
        heights: &Heights,
        at: Cell,
        cash: u32,
        visited: Visited,
    ) -> Result<bool, ()> {
        let g = self.pos.board.geometry();
        let mut wanted: Visited = 0;
        for (_, need, around) in &self.targets {
            let (mut sum, mut empty, mut free) = (0u32, 0u32, 0 as Visited);
            for &n in around {
                let i = g.index(n);
                sum += heights[i] as u32;
                empty += u32::from(heights[i] == 0);
                if visited & bit(g, n) == 0 {
                    free |= bit(g, n);
                }
            }
            let captured = empty == 0 && sum > *need;
            if !captured && free != 0 && empty <= cash && sum + cash > *need {
                wanted |= free;
            }
        }
        if wanted == 0 {
            return Ok(false);
        }
        // Breadth-first over unvisited cells, one ring per stone in hand.
        let mut seen = visited | bit(g, at);
        let mut ring = vec![at];
        for step in 0..cash {
            self.tick(1)?;
            let mut next = Vec::new();
            for &c in &ring {
                for (dir, to) in g.diagonal(c) {
                    let b = bit(g, to);
                    // The step after `step` drops has at most cash - step in hand.
                    if seen & b == 0 && cash_needed(&self.pos.board, c, dir) <= cash - step {
                        if wanted & b != 0 {
                            return Ok(true);
                        }
                        seen |= b;
                        next.push(to);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            ring = next;
        }
        Ok(false)
    }

    /// The captures of a finished sowing (its capped board), kept with a
    /// real move when the set is new.
    fn judge(
        &mut self,
        origin: Cell,
        k: u8,
        nodes: &[Node],
        id: u32,
        last: (Cell, u8),
        capped: &Heights,
    ) {
        let board = self.pos.board;
        let g = board.geometry();
        // The enemy stacks and the capped heights are all a capture looks at.
        let mut probe = board;
        for c in g.cells() {
            let i = g.index(c);
            if self.cap[i] > 0 {
                probe.set(c, capped[i]);
            }
        }
        // Only the threatened stacks' neighbours are exact on the probe.
        let mask = mask_of(g, &captures(&probe, self.pos.side_to_move)) & self.threatened;
        if mask == 0 || self.found.contains_key(&mask) {
            return;
        }
        let mut path = Vec::new();
        let mut at = id;
        while at != 0 {
            let n = nodes[at as usize];
            path.push((g.cell(n.cell as usize), n.drop));
            at = n.parent;
        }
        path.reverse();
        path.push(last);
        let t = sown_move(self.pos, origin, k as u32, path);
        // No stack outside the threatened ones can fall.
        debug_assert_eq!(mask_of(g, &t.captured), mask);
        self.found.insert(mask, t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::DEFAULT_MOVE_LIMIT;
    use crate::variant::RuleOptions;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// The stacks some move of the full list captures (bit per index).
    fn captured_by_some_move(pos: &Position) -> Option<u64> {
        let g = pos.board.geometry();
        let all = super::super::movegen::generate(pos, 3_000_000).ok()?;
        Some(all.iter().fold(0, |m, t| m | mask_of(g, &t.captured)))
    }

    /// Random boards small enough to list every move: the per-stack search
    /// finds exactly the stacks some move captures, each with a legal move
    /// that captures what it says; the answer when the largest sets are out
    /// of reach (one move per set the stacks' moves take) covers them all.
    #[test]
    fn every_stack_some_move_captures_is_found_with_a_move_that_takes_it() {
        let rules = RuleOptions::default();
        let mut rng = SmallRng::seed_from_u64(7);
        let (mut compared, mut threatened_boards) = (0, 0);
        for _ in 0..400 {
            let Some(pos) = super::super::clustered_position(&mut rng) else { continue };
            let Some(brute) = captured_by_some_move(&pos) else { continue };
            let g = pos.board.geometry();
            let mut work = DEFAULT_MOVE_LIMIT;
            let Ok((threatened, witnesses)) = threatened_stacks(&pos, &mut work) else {
                panic!("{pos}: out of work")
            };
            assert_eq!(threatened, brute, "{pos}");
            assert_eq!(
                witnesses.keys().fold(0, |m, k| m | k),
                threatened,
                "{pos}: every threatened stack has a move"
            );
            for (mask, t) in &witnesses {
                let played = pos.play(&t.mv, &rules).unwrap_or_else(|e| panic!("{}: {e}", t.mv));
                assert_eq!(played.captured, t.captured, "{}", t.mv);
                assert_eq!(mask_of(g, &t.captured), *mask);
            }
            // The answer when the largest sets are out of reach.
            let fallback = maximal(witnesses.clone());
            assert_eq!(fallback.iter().fold(0, |m, t| m | mask_of(g, &t.captured)), threatened);
            compared += 1;
            threatened_boards += usize::from(threatened != 0);
        }
        assert!(compared > 300 && threatened_boards > 100, "{compared}, {threatened_boards}");
    }
}
