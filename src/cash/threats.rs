//! The largest captures the side to move could make with one move (the Cash
//! in Hand part of `Position::threats`): every maximal set of enemy stacks
//! one move captures (a set no other move's captures contain), exactly and
//! without listing moves. Every stack that some move captures is in one.
//!
//! Listing moves is hopeless in a middle game: each capture multiplies into
//! every redistribution, and sowings number in the millions. But which
//! stacks fall is decided by few numbers. Sowing only touches cells of the
//! mover's colour (diagonal steps keep the colour), step legality depends on
//! the board before the move and the cells visited (`sowing`), and an enemy
//! stack falls when its orthogonal neighbours (mover's cells) are all
//! occupied and together taller than it. That test is monotone: higher
//! neighbours never save a stack. So the search keeps, per (cell, heights of
//! the cells next to an enemy stack), the states no other beats (one with a subset of the cells visited and no
//! less cash can do all the other can), and prunes what cannot do better:
//! - a height next to enemy stacks counts only up to one more than the
//!   tallest of them (that neighbour alone outweighs each);
//! - on a cell next to no enemy stack a partial drop is 1 (more cash left,
//!   the same heights: the spare cash can always be dropped at the end);
//! - each arrival is judged with all the cash dropped there, and a state is
//!   followed on only while some cell next to a stack that could still fall
//!   (its empty neighbours and missing height within the cash) is within
//!   as many diagonal steps as there are stones in hand.
//!
//! Whatever a pruned path captures, a kept one captures too, so the maximal
//! sets found are exactly those of the full move list (tests compare them).
//! The search is still exponential in the cells a long sowing can wander
//! over: in real middle games about a fifth of positions finish within the
//! page's limit (tests/ai/analysis.rs measures it); past the limit the
//! answer says it is incomplete.
//!
//! Boards holding more than 255 stones (set-ups only) can make a
//! redistribution overflow; there the full move list is used.

use super::capture::captures;
use super::parts::{transition, Parts};
use super::sowing::{bit, cash_needed, has_first_step, max_partial, Visited};
use crate::board::{Cell, MAX_CELLS};
use crate::errors::LimitExceeded;
use crate::position::Position;
use crate::transition::Transition;
use rustc_hash::{FxHashMap, FxHashSet};

/// Capped heights of the mover's cells next to an enemy stack, by board index
/// (every other cell 0).
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
    /// next to no enemy stack: their height never matters).
    cap: [u8; MAX_CELLS],
    work_left: usize,
    judged: FxHashSet<Heights>,
    /// Captured cells (bit per index) -> one move that captures exactly them.
    found: FxHashMap<u64, Transition>,
    /// The enemy stacks: cell, height, orthogonal neighbours.
    targets: Vec<(Cell, u32, Vec<Cell>)>,
}

/// One move per distinct non-empty set of stacks the side to move can
/// capture, within `limit` units of work (one per state or step tried).
pub(crate) fn capture_threats(
    pos: &Position,
    limit: usize,
) -> Result<Vec<Transition>, LimitExceeded> {
    if super::complete::overflow_possible(pos) {
        return by_listing(pos, limit);
    }
    let board = pos.board;
    let g = board.geometry();
    let mover = pos.side_to_move;
    let mut cap = [0u8; MAX_CELLS];
    for e in g.cells().filter(|&c| c.colour() == mover.opponent().colour()) {
        let h = board.get(e);
        if h == 0 {
            continue;
        }
        for n in g.orthogonal(e) {
            let i = g.index(n);
            cap[i] = cap[i].max(h.saturating_add(1));
        }
    }
    let targets = g
        .cells()
        .filter(|&c| c.colour() == mover.opponent().colour() && board.is_occupied(c))
        .map(|c| (c, board.get(c) as u32, g.orthogonal(c).collect()))
        .collect();
    let mut s = Search {
        pos,
        cap,
        work_left: limit,
        judged: FxHashSet::default(),
        found: FxHashMap::default(),
        targets,
    };
    for origin in g.cells().filter(|c| c.colour() == mover.colour()) {
        for k in 1..=board.get(origin) {
            if has_first_step(&board, origin, k as u32) {
                s.sowings(origin, k).map_err(|_| LimitExceeded { limit })?;
            }
        }
    }
    Ok(maximal(s.found))
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
        for _ in 0..cash {
            self.tick(1)?;
            let mut next = Vec::new();
            for &c in &ring {
                for (_, to) in g.diagonal(c) {
                    let b = bit(g, to);
                    if seen & b == 0 {
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
        let taken = captures(&probe, self.pos.side_to_move);
        if taken.is_empty() {
            return;
        }
        let mask = taken.iter().fold(0u64, |m, &c| m | bit(g, c));
        if self.found.contains_key(&mask) {
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
        // The real board of this path, the captures removed and every stone
        // put back on the first stacks with room (any split is legal).
        let mut sown = board;
        sown.set(origin, board.get(origin) - k);
        for &(c, d) in &path {
            sown.set(c, sown.get(c) + d);
        }
        debug_assert_eq!(captures(&sown, self.pos.side_to_move), taken);
        let mut after = sown;
        let stones: u32 = taken.iter().map(|&c| after.get(c) as u32).sum();
        for &c in &taken {
            after.set(c, 0);
        }
        let mut left = stones;
        let mut placements = Vec::new();
        for c in super::capture::receivers(&after) {
            let n = left.min(255 - after.get(c) as u32);
            if n > 0 {
                after.set(c, after.get(c) + n as u8);
                placements.push((c, n));
                left -= n;
            }
        }
        let parts = Parts {
            origin,
            count: k as u32,
            path,
            captured: taken,
            stones,
            placements,
            board: after,
        };
        self.found.insert(mask, transition(self.pos, parts));
    }
}
