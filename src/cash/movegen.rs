//! Every distinct Cash in Hand move (docs/RULES.md section 5), with bounded work.
//!
//! The number of written moves is astronomical (a 32-stone corner alone
//! sows in more than 10^15 ways), but a partial sowing's future depends only
//! on where the cash stands and how many stones each cell has received (the
//! cells visited are the origin and those with a drop; the cash left is the
//! pick-up minus the drops). So for each origin and pick-up the search keeps
//! one node per (cell, drops) state, merging every path that reaches it, and
//! processes states by decreasing cash. A finished sowing is judged once per
//! distinct board (captures, then every redistribution), and results are
//! merged by (final board, whether anything is captured), which with the
//! side and counters that follow from them is the resulting position.
//!
//! Work is counted and the search stops with `LimitExceeded` past the
//! caller's limit: one unit per step tried, sowing state created or
//! redistribution node visited, `JUDGE_COST` per finished sowing judged and
//! `MOVE_COST` per distinct move kept (moves are what fills memory: the
//! default limit of 5 000 000 units keeps at most 300 000 of them).

use super::capture::{captures, receivers, remove};
use super::parts::{transition, Parts};
use super::sowing::{bit, cash_needed, has_first_step, max_partial, path_to, Node};
use crate::board::{Board, Cell, MAX_CELLS};
use crate::errors::LimitExceeded;
use crate::position::Position;
use crate::transition::Transition;
use crate::variant::RuleOptions;
use rustc_hash::{FxHashMap, FxHashSet};

/// Work units charged for judging a finished sowing (captures, board hashing).
const JUDGE_COST: usize = 4;
/// Work units charged for each distinct move found (it is built and kept).
const MOVE_COST: usize = 16;

/// Stones dropped on each cell of the mover's colour (slot = board index / 2;
/// the cells of one colour have distinct slots on an 8-file board).
type Drops = [u8; MAX_CELLS / 2];

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    cell: u8,
    drops: Drops,
}

enum Stop {
    /// The work limit is reached.
    Limit,
    /// As many moves as were asked for are found.
    Enough,
}

struct Generator<'a> {
    pos: &'a Position,
    work_left: usize,
    want: usize,
    /// Sowing boards already judged (different origins, pick-ups or paths
    /// can sow the same board).
    sown_seen: FxHashSet<Board>,
    results: FxHashSet<(Board, bool)>,
    /// Whether to build the moves found, or only count them (`results`).
    keep: bool,
    out: Vec<Transition>,
}

impl Generator<'_> {
    fn tick(&mut self) -> Result<(), Stop> {
        self.charge(1)
    }

    fn charge(&mut self, units: usize) -> Result<(), Stop> {
        if self.work_left < units {
            self.work_left = 0;
            return Err(Stop::Limit);
        }
        self.work_left -= units;
        Ok(())
    }

    fn run(&mut self) -> Result<(), Stop> {
        let pos = self.pos;
        let g = pos.board.geometry();
        let colour = pos.side_to_move.colour();
        for origin in g.cells().filter(|c| c.colour() == colour) {
            let n = pos.board.get(origin);
            for k in 1..=n {
                if has_first_step(&pos.board, origin, k as u32) {
                    self.sowings(origin, k)?;
                }
            }
        }
        Ok(())
    }

    /// Every distinct sowing of `k` stones picked up from `origin`.
    fn sowings(&mut self, origin: Cell, k: u8) -> Result<(), Stop> {
        let board = self.pos.board;
        let g = board.geometry();
        let mut nodes = vec![Node::root(g, origin)];
        let mut drops_of: Vec<Drops> = vec![[0; MAX_CELLS / 2]];
        let mut index: FxHashMap<Key, u32> = FxHashMap::default();
        let mut by_cash: Vec<Vec<u32>> = vec![Vec::new(); k as usize + 1];
        by_cash[k as usize].push(0);
        // Drops only ever lower the cash, so by the time a bucket is taken
        // no state can still be added to it.
        for cash in (1..=k as u32).rev() {
            for id in std::mem::take(&mut by_cash[cash as usize]) {
                let node = nodes[id as usize];
                let at = g.cell(node.cell as usize);
                for (dir, to) in g.diagonal(at) {
                    if node.visited & bit(g, to) != 0 || cash_needed(&board, at, dir) > cash {
                        continue;
                    }
                    self.tick()?;
                    let h = board.get(to) as u32;
                    if h + cash <= 255 {
                        let mut sown = board;
                        sown.set(origin, board.get(origin) - k);
                        for (slot, &d) in drops_of[id as usize].iter().enumerate() {
                            if d > 0 {
                                let cell = slot_cell(g, slot, origin);
                                sown.set(cell, board.get(cell) + d);
                            }
                        }
                        sown.set(to, (h + cash) as u8);
                        if self.sown_seen.insert(sown) {
                            self.charge(JUDGE_COST)?;
                            let mut path = path_to(&nodes, id, g);
                            path.push((to, cash as u8));
                            self.judge(origin, k, path, sown)?;
                        }
                    }
                    let partial = max_partial(&board, to, cash, node.visited).min(255 - h);
                    for d in 1..=partial {
                        let mut key = Key { cell: g.index(to) as u8, drops: drops_of[id as usize] };
                        key.drops[g.index(to) / 2] = d as u8;
                        if index.contains_key(&key) {
                            continue;
                        }
                        self.tick()?;
                        let new_id = nodes.len() as u32;
                        index.insert(key, new_id);
                        nodes.push(Node {
                            parent: id,
                            cell: key.cell,
                            drop: d as u8,
                            visited: node.visited | bit(g, to),
                        });
                        drops_of.push(key.drops);
                        by_cash[(cash - d) as usize].push(new_id);
                    }
                }
            }
        }
        Ok(())
    }

    /// Captures on a finished sowing, then every redistribution.
    fn judge(
        &mut self,
        origin: Cell,
        count: u8,
        path: Vec<(Cell, u8)>,
        sown: Board,
    ) -> Result<(), Stop> {
        let captured = captures(&sown, self.pos.side_to_move);
        let make = |board: Board, stones: u32, placements: Vec<(Cell, u32)>| Parts {
            origin,
            count: count as u32,
            path: path.clone(),
            captured: captured.clone(),
            stones,
            placements,
            board,
        };
        if captured.is_empty() {
            return self.emit(make(sown, 0, Vec::new()), false);
        }
        let mut after = sown;
        let stones = remove(&mut after, &captured);
        let cells = receivers(&after);
        let mut amounts = vec![0u32; cells.len()];
        self.distribute(&after, &cells, 0, stones, &mut amounts, &|board, placements| {
            make(board, stones, placements)
        })
    }

    /// Every way to put `left` stones on `cells[i..]` (0 or more each, no
    /// stack past 255); `amounts[..i]` is already chosen.
    fn distribute(
        &mut self,
        after: &Board,
        cells: &[Cell],
        i: usize,
        left: u32,
        amounts: &mut Vec<u32>,
        make: &dyn Fn(Board, Vec<(Cell, u32)>) -> Parts,
    ) -> Result<(), Stop> {
        self.tick()?;
        if i == cells.len() {
            if left > 0 {
                return Ok(());
            }
            let mut board = *after;
            let mut placements = Vec::new();
            for (&cell, &n) in cells.iter().zip(amounts.iter()) {
                if n > 0 {
                    board.set(cell, (board.get(cell) as u32 + n) as u8);
                    placements.push((cell, n));
                }
            }
            return self.emit(make(board, placements), true);
        }
        let room = 255 - after.get(cells[i]) as u32;
        // The last cell must take whatever is left.
        let low = if i + 1 == cells.len() { left } else { 0 };
        for n in low..=left.min(room) {
            amounts[i] = n;
            self.distribute(after, cells, i + 1, left - n, amounts, make)?;
        }
        amounts[i] = 0;
        Ok(())
    }

    fn emit(&mut self, parts: Parts, captured_any: bool) -> Result<(), Stop> {
        if self.results.insert((parts.board, captured_any)) {
            self.charge(MOVE_COST)?;
            if self.keep {
                self.out.push(transition(self.pos, parts));
            }
            if self.results.len() >= self.want {
                return Err(Stop::Enough);
            }
        }
        Ok(())
    }
}

/// The cell of the mover's colour in `slot` (the colour of `origin`).
fn slot_cell(g: crate::board::Geometry, slot: usize, origin: Cell) -> Cell {
    let even = g.cell(slot * 2);
    if even.colour() == origin.colour() {
        even
    } else {
        g.cell(slot * 2 + 1)
    }
}

/// See `CashInHand::generate`.
pub(crate) fn generate(pos: &Position, limit: usize) -> Result<Vec<Transition>, LimitExceeded> {
    let mut gen = new_generator(pos, limit, usize::MAX);
    match gen.run() {
        Ok(()) | Err(Stop::Enough) => Ok(gen.out),
        Err(Stop::Limit) => Err(LimitExceeded { limit }),
    }
}

/// The number of distinct moves, as `generate(..).len()` without building
/// them (for perft's last ply).
pub(crate) fn count(pos: &Position, limit: usize) -> Result<usize, LimitExceeded> {
    let mut gen = new_generator(pos, limit, usize::MAX);
    gen.keep = false;
    match gen.run() {
        Ok(()) | Err(Stop::Enough) => Ok(gen.results.len()),
        Err(Stop::Limit) => Err(LimitExceeded { limit }),
    }
}

fn new_generator(pos: &Position, limit: usize, want: usize) -> Generator<'_> {
    Generator {
        pos,
        work_left: limit,
        want,
        sown_seen: FxHashSet::default(),
        results: FxHashSet::default(),
        keep: true,
        out: Vec::new(),
    }
}

/// Up to `want` distinct moves of a Cash in Hand position, the first ones the
/// generator finds (origins in board order, small pick-ups first), for
/// listing a few moves of a position whose full list is out of reach. The
/// flag tells whether the list is complete (every distinct move is in it).
/// At most `limit` units of work are spent; what is found by then is
/// returned. No moves once the game is over (or for a position of another game).
pub fn first_moves(
    pos: &Position,
    rules: &RuleOptions,
    want: usize,
    limit: usize,
) -> (Vec<Transition>, bool) {
    if pos.game != crate::variant::GameKind::CashInHand || pos.status(rules).is_some() {
        return (Vec::new(), true);
    }
    let mut gen = new_generator(pos, limit, want);
    let complete = gen.run().is_ok();
    (gen.out, complete)
}
