//! Every distinct set of given enemy stacks (the threatened ones) that one
//! move of the side to move captures, with a move for each: the largest-set
//! part of the Cash in Hand threats (`threats::capture_threats`).
//!
//! As in `target`, of a partial sowing only a summary matters to the
//! stacks: which of their neighbours are occupied and, per stack, how much
//! its neighbours still lack to outweigh it (a drop on a cell lowers that of
//! each stack next to it; nothing else about the heights counts). So the
//! search keeps, per (cell, summary), the states no other beats (one with a
//! subset of the cells visited and no less cash can do all the other can),
//! and prunes what cannot do better:
//! - an origin next to none of the stacks gives all its stones (its height
//!   left never matters; the extra cash ends on the last cell);
//! - a partial drop is 1 on a cell next to none of them, and elsewhere at
//!   most what the neediest stack next to it lacks (more cash left, the
//!   same summary);
//! - each arrival is judged with all the cash dropped there, and a state is
//!   followed on only while some unvisited neighbour of a stack that could
//!   still fall (its empty neighbours and what it lacks within the cash) is
//!   reachable in as many steps as there are stones in hand, each step
//!   affordable with the cash that could be left by then.
//!
//! Whatever a pruned path captures, a kept one captures too, so the sets
//! found are exactly those of the full move list (tests compare them). The
//! stacks must be all those some move captures: the captures of each move
//! written are checked against its set with the rules' own code.

use super::parts::sown_move;
use super::sowing::{
    bit, cash_needed, has_first_step, keep_unbeaten, max_partial, path_to, reachable, Node, Visited,
};
use super::target::OutOfWork;
use crate::board::{Board, Cell, Geometry, MAX_CELLS};
use crate::position::Position;
use crate::transition::Transition;
use rustc_hash::FxHashMap;

/// The most enemy stacks a board has (one colour's cells).
const MAX_STACKS: usize = MAX_CELLS / 2;

/// What a partial sowing has done to the stacks.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Summary {
    /// Which of their neighbours are occupied (bit per board index).
    occupied: u64,
    /// Per stack: how many stones its neighbours still lack to outweigh it.
    lacking: [u8; MAX_STACKS],
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    cell: u8,
    summary: Summary,
}

/// One of the stacks: its cell (bit) and its neighbours (bits).
struct Stack {
    bit: u64,
    neighbours: u64,
}

struct Search<'a> {
    pos: &'a Position,
    board: &'a Board,
    g: Geometry,
    stacks: Vec<Stack>,
    /// Per board index: the stacks next to it (bit per stack number).
    next_to: [u64; MAX_CELLS],
    work: usize,
    /// Captured stacks (bit per board index) -> one move that captures them.
    found: FxHashMap<u64, Transition>,
}

/// Every distinct non-empty set of the stacks in `stacks` (bit per board
/// index; every stack some move captures) that one move captures, with a
/// move for each, within `work` units (one per step tried, state kept or
/// reachability ring). The board must hold at most 255 stones.
pub(crate) fn capture_sets(
    pos: &Position,
    stacks: u64,
    work: usize,
) -> Result<FxHashMap<u64, Transition>, OutOfWork> {
    let board = &pos.board;
    let g = board.geometry();
    let mut s = Search {
        pos,
        board,
        g,
        stacks: Vec::new(),
        next_to: [0; MAX_CELLS],
        work,
        found: FxHashMap::default(),
    };
    for c in g.cells().filter(|&c| stacks & bit(g, c) != 0) {
        let number = s.stacks.len();
        let mut neighbours = 0;
        for n in g.orthogonal(c) {
            neighbours |= bit(g, n);
            s.next_to[g.index(n)] |= 1 << number;
        }
        s.stacks.push(Stack { bit: bit(g, c), neighbours });
    }
    let mover = pos.side_to_move.colour();
    for origin in g.cells().filter(|&c| c.colour() == mover && board.is_occupied(c)) {
        let n = board.get(origin) as u32;
        let low = if s.next_to[g.index(origin)] == 0 { n } else { 1 };
        for k in low..=n {
            if has_first_step(board, origin, k) {
                s.sowings(origin, k)?;
            }
        }
    }
    Ok(s.found)
}

impl Search<'_> {
    fn tick(&mut self, units: usize) -> Result<(), OutOfWork> {
        self.work = self.work.checked_sub(units).ok_or(OutOfWork)?;
        Ok(())
    }

    /// `summary` after `cell` gets `drop` more stones (making it `height`).
    fn with(&self, mut summary: Summary, cell: Cell, drop: u32, height: u32) -> Summary {
        let i = self.g.index(cell);
        if self.next_to[i] != 0 && height > 0 {
            summary.occupied |= 1 << i;
        }
        let mut stacks = self.next_to[i];
        while stacks != 0 {
            let s = stacks.trailing_zeros() as usize;
            stacks &= stacks - 1;
            summary.lacking[s] = (summary.lacking[s] as u32).saturating_sub(drop) as u8;
        }
        summary
    }

    /// The stacks the summary captures (bit per board index).
    fn captured(&self, summary: &Summary) -> u64 {
        self.stacks
            .iter()
            .enumerate()
            .filter(|(i, s)| s.neighbours & !summary.occupied == 0 && summary.lacking[*i] == 0)
            .fold(0, |m, (_, s)| m | s.bit)
    }

    fn start(&self, origin: Cell, k: u32) -> Summary {
        let board = self.board;
        let mut summary = Summary { occupied: 0, lacking: [0; MAX_STACKS] };
        for (i, s) in self.stacks.iter().enumerate() {
            let cell = self.g.cell(s.bit.trailing_zeros() as usize);
            summary.lacking[i] = (board.get(cell) as u32 + 1).min(255) as u8;
        }
        for c in self.g.cells().filter(|&c| self.next_to[self.g.index(c)] != 0) {
            let h = board.get(c) as u32 - if c == origin { k } else { 0 };
            summary = self.with(summary, c, h, h);
        }
        summary
    }

    /// Every sowing of `k` stones from `origin`, merged as the module says.
    fn sowings(&mut self, origin: Cell, k: u32) -> Result<(), OutOfWork> {
        let board = self.board;
        let g = self.g;
        let mut nodes = vec![Node::root(g, origin)];
        let mut summaries = vec![self.start(origin, k)];
        let mut kept: FxHashMap<Key, Vec<(Visited, u8)>> = FxHashMap::default();
        let mut by_cash: Vec<Vec<u32>> = vec![Vec::new(); k as usize + 1];
        by_cash[k as usize].push(0);
        // Drops only lower the cash, so a bucket is complete when taken.
        for cash in (1..=k).rev() {
            for id in std::mem::take(&mut by_cash[cash as usize]) {
                let node = nodes[id as usize];
                let summary = summaries[id as usize];
                let at = g.cell(node.cell as usize);
                if id != 0 && !self.worth_following(&summary, at, cash, node.visited)? {
                    continue;
                }
                for (dir, to) in g.diagonal(at) {
                    if node.visited & bit(g, to) != 0 || cash_needed(board, at, dir) > cash {
                        continue;
                    }
                    self.tick(1)?;
                    let h = board.get(to) as u32;
                    let taken = self.captured(&self.with(summary, to, cash, h + cash));
                    if taken != 0 && !self.found.contains_key(&taken) {
                        let mut path = path_to(&nodes, id, g);
                        path.push((to, cash as u8));
                        let t = sown_move(self.pos, origin, k, path);
                        debug_assert_eq!(
                            t.captured.iter().fold(0, |m, &c| m | bit(g, c)),
                            taken,
                            "no stack outside the set can fall"
                        );
                        self.found.insert(taken, t);
                    }
                    let i = g.index(to);
                    // More than what the neediest stack next to it lacks is
                    // cash thrown away.
                    let useful = (0..self.stacks.len())
                        .filter(|&s| self.next_to[i] & (1 << s) != 0)
                        .map(|s| summary.lacking[s] as u32)
                        .max()
                        .unwrap_or(1)
                        .max(1);
                    let partial = max_partial(board, to, cash, node.visited).min(useful);
                    for d in 1..=partial {
                        let next = self.with(summary, to, d, h + d);
                        let left = (cash - d) as u8;
                        let visited = node.visited | bit(g, to);
                        let list = kept.entry(Key { cell: i as u8, summary: next }).or_default();
                        self.tick(1 + list.len() / 8)?;
                        if keep_unbeaten(list, visited, left) {
                            by_cash[left as usize].push(nodes.len() as u32);
                            nodes.push(Node { parent: id, cell: i as u8, drop: d as u8, visited });
                            summaries.push(next);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether some unvisited neighbour of a stack that could still fall is
    /// reachable (see the module; this never says no wrongly).
    fn worth_following(
        &mut self,
        summary: &Summary,
        at: Cell,
        cash: u32,
        visited: Visited,
    ) -> Result<bool, OutOfWork> {
        let mut wanted: Visited = 0;
        for (i, s) in self.stacks.iter().enumerate() {
            let empty = s.neighbours & !summary.occupied;
            let lacking = summary.lacking[i] as u32;
            if empty == 0 && lacking == 0 {
                continue; // falls already, whatever follows
            }
            // An empty neighbour already visited is the emptied origin.
            let open = s.neighbours & !visited;
            if empty & visited == 0 && open != 0 && empty.count_ones() <= cash && lacking <= cash {
                wanted |= open;
            }
        }
        if wanted == 0 {
            return Ok(false);
        }
        let (reached, rings) = reachable(self.board, at, cash, visited, wanted, |r| r != 0);
        self.tick(rings)?;
        Ok(reached != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::RuleOptions;

    /// White's e4 (3) is already surrounded by Black's four 1s: any Black
    /// move that keeps them, h8's, captures it. Only Black's stacks are
    /// origins: White's b1, first in board order, could "sow" too if asked
    /// (its drops touch no neighbour of e4), which is no Black move.
    const OUTWEIGHED: &str = "cash-in-hand 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0/0,0,0,1,3,1,0,0/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0 black 0 9";

    #[test]
    fn a_stack_already_outweighed_falls_to_a_move_of_the_mover() {
        let pos: Position = OUTWEIGHED.parse().unwrap();
        let g = pos.board.geometry();
        let e4 = bit(g, "e4".parse().unwrap());
        let Ok(found) = capture_sets(&pos, e4, 100_000) else { panic!("out of work") };
        assert_eq!(found.keys().copied().collect::<Vec<_>>(), vec![e4]);
        for t in found.values() {
            let played = pos.play(&t.mv, &RuleOptions::default());
            assert_eq!(played.map(|p| p.captured), Ok(t.captured.clone()), "{}", t.mv);
        }
    }

    /// The search gives up when its work budget runs out.
    #[test]
    fn the_search_stops_when_its_work_runs_out() {
        let pos: Position = OUTWEIGHED.parse().unwrap();
        let e4 = bit(pos.board.geometry(), "e4".parse().unwrap());
        assert!(matches!(capture_sets(&pos, e4, 0), Err(OutOfWork)));
    }

    /// White's e4 (2) is outweighed by Black's d4, f4 and e3 (1 each) but
    /// e5 is empty: g7's two stones fill it (g7:2 f6:1 e5:1). The state on
    /// f6 must still be followed, though e4 lacks no weight.
    #[test]
    fn a_stack_outweighed_but_open_falls_to_a_sowing_that_closes_it() {
        let pos: Position = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,1,2,1,0,0/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 black 0 9"
            .parse()
            .unwrap();
        let e4 = bit(pos.board.geometry(), "e4".parse().unwrap());
        let Ok(found) = capture_sets(&pos, e4, 100_000) else { panic!("out of work") };
        assert_eq!(found.keys().copied().collect::<Vec<_>>(), vec![e4]);
    }

    /// A set that needs a partial drop of 2 on a neighbour: White's b3 (3)
    /// takes Black's d4 (5, its four neighbours 1 each) and a5 (1, b5 empty)
    /// together only by b3:3 c4:2 b5:1 (a drop of 1 on c4 leaves d4 at 5
    /// against 5). So the cap on a partial drop (`useful`) must come from
    /// the stacks next to the cell; the same board turned half round puts
    /// the stack that needs the weight first in board order instead.
    #[test]
    fn a_set_needing_a_partial_drop_of_two_is_found() {
        let boards = [
            ("cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/1,0,0,1,0,0,0,0/1,0,1,5,1,0,0,0/0,3,0,1,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 white 0 9", "d4", "a5"),
            ("cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,1,0,3,0/0,0,0,1,5,1,0,1/0,0,0,0,1,0,0,1/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 white 0 9", "e5", "h4"),
        ];
        for (text, heavy, open) in boards {
            let pos: Position = text.parse().unwrap();
            let g = pos.board.geometry();
            let both = bit(g, heavy.parse().unwrap()) | bit(g, open.parse().unwrap());
            let Ok(found) = capture_sets(&pos, both, 100_000) else { panic!("out of work") };
            let t = found.get(&both).unwrap_or_else(|| panic!("{heavy} and {open} together"));
            let played = pos.play(&t.mv, &RuleOptions::default()).expect("a legal move");
            let mut captured: Vec<String> = played.captured.iter().map(|c| c.to_string()).collect();
            captured.sort();
            let mut want = vec![heavy.to_string(), open.to_string()];
            want.sort();
            assert_eq!(captured, want, "{}", t.mv);
        }
    }
}
