//! Cash in Hand candidate moves: a bounded list of the moves that matter,
//! built only with the rules' move builder (so every candidate is legal by
//! construction; nothing here decides legality).
//!
//! A Cash in Hand move chooses a stack, a pick-up count k, a path of
//! distinct cells with a drop on each, then where captured stones go: the
//! full list is astronomically long. The generator keeps:
//!
//! 1. **Pick-ups** per own stack of n stones: all n (moving the whole stack:
//!    escapes from threatened stacks), 1 and 2 (taking a small part: cheap
//!    walls and feelers), half, and n - 1 (leaving one stone behind to keep
//!    the cell).
//! 2. **Paths** by depth-first search through the builder's step options,
//!    at most `MAX_STEPS` stops, trying at each stop "drop everything" and
//!    "drop one and go on" (and half when the cash is large). Steps onto
//!    *hot* cells come first: cells orthogonally next to an enemy stack
//!    (filling them takes away the enemy's last empty neighbour, which is how
//!    captures happen, and builds the walls that restrict its movement).
//!    Each (stack, pick-up) pair keeps at most `PER_PICKUP` completed
//!    sowings, and the whole list at most `MAX_SOWINGS`.
//! 3. **Redistribution** when a sowing captures C stones: all C onto one
//!    stack, chosen among my stacks (the most endangered, to lift it above
//!    its neighbours' total; the tallest, as a bank; the one next to the
//!    enemy stack nearest capture, to tip it over) and among enemy stacks
//!    (Browne's tip: a taller enemy stack blocks the enemy's own steps onto
//!    it under movement restriction (b), trapping its neighbours). The
//!    search's evaluation then judges the variants.
//!
//! Work (builder operations) is charged to the caller's budget, and the
//! generator stops early when the budget runs out.

use crate::ai::engine::budget::Budget;
use crate::board::{Board, Cell, Geometry};
use crate::builder::Stage;
use crate::cash::Builder as MoveBuilder;
use crate::play::Transition;
use crate::position::Position;
use crate::sorting;
use crate::stages::BuildSteps;
use crate::variant::{Rules, Side};
use rustc_hash::FxHashSet;

/// Stops per path explored (longer sowings end by dropping everything).
const MAX_STEPS: usize = 3;
/// Completed sowings kept per (stack, pick-up count).
const PER_PICKUP: usize = 12;
/// Completed sowings kept in all.
const MAX_SOWINGS: usize = 400;
/// Stacks tried as receivers of captured stones, per side.
const OWN_RECEIVERS: usize = 3;
const ENEMY_RECEIVERS: usize = 2;

/// The candidate moves of the side to move (empty if it has no legal move).
/// `targeted` adds the capture-seeking sowings (`Gen::targeted`) first;
/// without it the list is the one of the first version (agent `baseline5`).
pub(crate) fn candidates(
    pos: &Position,
    rules: &Rules,
    budget: &mut Budget,
    targeted: bool,
) -> Vec<Transition> {
    let root = MoveBuilder::new(pos, rules);
    let hot = hot_cells(pos);
    let mut gen = Gen { pos, hot, sowings: 0, out: Vec::new(), seen: FxHashSet::default(), budget };
    if targeted {
        gen.targeted(&root);
    }
    for origin in root.origins() {
        let mut b = root.clone();
        if b.select_origin(origin).is_err() {
            continue;
        }
        for k in pickups(&b.count_options()) {
            if gen.sowings >= MAX_SOWINGS || gen.budget.exhausted() {
                break;
            }
            let mut b2 = b.clone();
            if b2.pick_up(k as u32).is_err() {
                continue;
            }
            let mut kept = 0;
            gen.sow(&mut b2, 0, &mut kept);
        }
    }
    gen.out
}

/// Pick-up counts to try, from the legal ones (ascending).
fn pickups(options: &[u8]) -> Vec<u8> {
    let Some(&n) = options.last() else { return Vec::new() };
    let mut wanted = vec![n, 1, 2, n / 2, n.saturating_sub(1)];
    wanted.retain(|k| options.contains(k));
    sorting::sort(&mut wanted);
    wanted.dedup();
    wanted
}

/// Own cells orthogonally next to an enemy stack: stepping there tightens it.
fn hot_cells(pos: &Position) -> Vec<bool> {
    let g = pos.board.geometry();
    let enemy = pos.side_to_move.opponent();
    let mut hot = vec![false; g.cell_count()];
    for c in g.cells().filter(|&c| Side::owner_of(c) == enemy && pos.board.is_occupied(c)) {
        for n in g.orthogonal(c) {
            hot[g.index(n)] = true;
        }
    }
    hot
}

struct Gen<'p, 'b, 'c> {
    pos: &'p Position,
    hot: Vec<bool>,
    sowings: usize,
    out: Vec<Transition>,
    seen: FxHashSet<(Board, bool)>,
    budget: &'b mut Budget<'c>,
}

/// Longest path a capture-seeking sowing may take.
const TARGET_MAX_STEPS: usize = 9;
/// Builder steps one (target, origin) pair may spend on its path search.
const TARGET_STEP_WORK: usize = 150;
/// Sowings kept per (target, origin) pair.
const TARGET_PER_PAIR: usize = 2;

/// Diagonal steps between two cells of one colour (no obstacles).
fn diagonal_distance(a: Cell, b: Cell) -> usize {
    a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)) as usize
}

/// A capture-seeking path search under way.
struct Hunt {
    /// Cells the sowing must still drop on (the target's empty neighbours,
    /// or one occupied neighbour to raise).
    needed: Vec<Cell>,
    max_steps: usize,
    work: usize,
    kept: usize,
}

impl Gen<'_, '_, '_> {
    /// Sowings aimed at capturing one enemy stack: for each enemy stack and
    /// each own stack, paths that drop on every empty orthogonal neighbour
    /// of the target (dropping one stone on the way and the rest on the last
    /// of them, which maximises the surrounding total), or, for a target
    /// already enclosed but too tall, that pile everything onto one of its
    /// neighbours. The general search below keeps paths to 3 stops, so
    /// captures needing a long walk (a 32-stone corner stack fencing in a
    /// far-away stack: 17-30 stones at once) were invisible to the search
    /// on both sides of the board.
    fn targeted(&mut self, root: &MoveBuilder) {
        let board = &self.pos.board;
        let g = board.geometry();
        let enemy = self.pos.side_to_move.opponent();
        let mut targets: Vec<(u8, Vec<Vec<Cell>>)> = Vec::new();
        for t in g.cells().filter(|&c| Side::owner_of(c) == enemy && board.is_occupied(c)) {
            let empty: Vec<Cell> = g.orthogonal(t).filter(|&n| !board.is_occupied(n)).collect();
            let plans = if empty.is_empty() {
                g.orthogonal(t).map(|n| vec![n]).collect()
            } else if empty.len() <= 3 {
                vec![empty]
            } else {
                continue;
            };
            targets.push((board.get(t), plans));
        }
        // The tallest targets first: they are worth the most.
        sorting::sort_by_key(&mut targets, |x| std::cmp::Reverse(x.0));
        for origin in root.origins() {
            let mut b = root.clone();
            if b.select_origin(origin).is_err() {
                continue;
            }
            let Some(&all) = b.count_options().last() else { continue };
            if b.pick_up(all as u32).is_err() {
                continue;
            }
            for (_, plans) in &targets {
                for needed in plans {
                    if self.budget.exhausted() {
                        return;
                    }
                    let reach = needed.iter().map(|&c| diagonal_distance(origin, c)).max();
                    let reach = reach.unwrap_or(0);
                    if reach == 0 || reach > all as usize || reach > TARGET_MAX_STEPS {
                        continue;
                    }
                    let max_steps =
                        (reach + 2 * needed.len()).min(TARGET_MAX_STEPS).min(all as usize);
                    let mut hunt = Hunt { needed: needed.clone(), max_steps, work: 0, kept: 0 };
                    self.hunt(&b, origin, 0, &mut hunt);
                }
            }
        }
    }

    fn hunt(&mut self, b: &MoveBuilder, at: Cell, steps: usize, h: &mut Hunt) {
        if h.kept >= TARGET_PER_PAIR || h.work >= TARGET_STEP_WORK || self.budget.exhausted() {
            return;
        }
        let cash = b.cash() as usize;
        let left = h.max_steps.saturating_sub(steps);
        let lower = h.needed.iter().map(|&c| diagonal_distance(at, c)).max().unwrap_or(0);
        if lower > left || lower > cash || h.needed.is_empty() {
            return;
        }
        let mut options = b.step_options();
        // Nearest to the remaining goals first.
        sorting::sort_by_key(&mut options, |o| {
            h.needed.iter().map(|&c| diagonal_distance(o.cell, c)).sum::<usize>()
        });
        for o in options {
            h.work += 1;
            self.budget.spend(1);
            let goal = h.needed.iter().position(|&c| c == o.cell);
            let last_goal = goal.is_some() && h.needed.len() == 1;
            let drop = if last_goal { o.most() as u32 } else { 1 };
            if !o.allows(drop) {
                continue;
            }
            let mut next = b.clone();
            if next.step(o.cell, drop).is_err() {
                continue;
            }
            if last_goal {
                h.kept += 1;
                self.finish(&next);
            } else {
                let removed = goal.map(|i| h.needed.swap_remove(i));
                self.hunt(&next, o.cell, steps + 1, h);
                if let Some(c) = removed {
                    h.needed.push(c);
                }
            }
            if h.kept >= TARGET_PER_PAIR || h.work >= TARGET_STEP_WORK {
                return;
            }
        }
    }

    fn sow(&mut self, b: &mut MoveBuilder, steps: usize, kept: &mut usize) {
        if *kept >= PER_PICKUP || self.sowings >= MAX_SOWINGS || self.budget.exhausted() {
            return;
        }
        self.budget.spend(1);
        match b.stage() {
            Stage::Step => {}
            Stage::Place | Stage::Done => {
                *kept += 1;
                self.sowings += 1;
                self.finish(b);
                return;
            }
            Stage::Origin | Stage::Count => return,
        }
        let g = self.pos.board.geometry();
        let mut options = b.step_options();
        sorting::sort_by_key(&mut options, |o| !self.hot[g.index(o.cell)]);
        let cash = b.cash() as u32;
        for o in options {
            let mut drops = vec![o.most() as u32];
            if steps + 1 < MAX_STEPS {
                if o.allows(1) && cash > 1 {
                    drops.push(1);
                }
                if cash >= 6 && o.allows(cash / 2) {
                    drops.push(cash / 2);
                }
            }
            for d in drops {
                let mut next = b.clone();
                if next.step(o.cell, d).is_ok() {
                    self.sow(&mut next, steps + 1, kept);
                }
                if *kept >= PER_PICKUP {
                    return;
                }
            }
        }
    }

    /// Completes a sowing: as is, or with each redistribution variant.
    fn finish(&mut self, b: &MoveBuilder) {
        if b.stage() == Stage::Done {
            if let Some(t) = b.finish() {
                self.keep(t);
            }
            return;
        }
        // After the captures: every occupied cell may receive stones.
        let board = b.board();
        let g = board.geometry();
        let allowed: Vec<Cell> = g.cells().filter(|&c| board.is_occupied(c)).collect();
        let left = b.to_place();
        for cell in receivers(self.pos, &board, &allowed) {
            let mut p = b.clone();
            if p.place(cell, left).is_err() {
                // Too many for one stack (255 at most): fill it, spread the
                // rest in the builder's order.
                p = b.clone();
                while p.stage() == Stage::Place {
                    let here = p.place_options();
                    let target = if here.contains(&cell) {
                        cell
                    } else if let Some(&c) = here.first() {
                        c
                    } else {
                        break;
                    };
                    let Some((_, most)) = p.place_range(target) else { break };
                    if p.place(target, most).is_err() {
                        break;
                    }
                }
            }
            if p.stage() == Stage::Done {
                if let Some(t) = p.finish() {
                    self.keep(t);
                }
            }
        }
    }

    fn keep(&mut self, t: Transition) {
        self.budget.spend(1);
        if self.seen.insert((t.position.board, t.decisive.is_some())) {
            self.out.push(t);
        }
    }
}

/// Cells to receive all the captured stones, best guesses first.
fn receivers(pos: &Position, board: &Board, allowed: &[Cell]) -> Vec<Cell> {
    let g = board.geometry();
    let me = pos.side_to_move;
    let mut mine: Vec<(i32, Cell)> = Vec::new();
    let mut theirs: Vec<(i32, Cell)> = Vec::new();
    for &c in allowed {
        let (danger, pressure) = exposure(board, g, c);
        if Side::owner_of(c) == me {
            // Endangered stacks and stacks pressing on an enemy stack first,
            // then tall ones.
            mine.push((danger * 100 + pressure * 50 + board.get(c) as i32, c));
        } else {
            // Enemy stacks with many enemy stacks diagonally next to them:
            // taller, they block those stacks' steps.
            let blocked = g.diagonal(c).filter(|&(_, d)| board.is_occupied(d)).count() as i32;
            theirs.push((blocked * 10 - board.get(c) as i32, c));
        }
    }
    sorting::sort_by_key(&mut mine, |x| std::cmp::Reverse(x.0));
    sorting::sort_by_key(&mut theirs, |x| std::cmp::Reverse(x.0));
    let mut out: Vec<Cell> = mine.iter().take(OWN_RECEIVERS).map(|x| x.1).collect();
    if let Some(tallest) = mine.iter().max_by_key(|x| board.get(x.1)) {
        if !out.contains(&tallest.1) {
            out.push(tallest.1);
        }
    }
    out.extend(theirs.iter().take(ENEMY_RECEIVERS).map(|x| x.1));
    out
}

/// For a stack: 1 if it has no empty orthogonal neighbour and is not taller
/// than their total (it falls at the end of the next enemy move), else 0;
/// and how many enemy stacks next to it have at most one empty neighbour.
fn exposure(board: &Board, g: Geometry, c: Cell) -> (i32, i32) {
    let empty = g.orthogonal(c).filter(|&n| !board.is_occupied(n)).count();
    let around: u32 = g.orthogonal(c).map(|n| board.get(n) as u32).sum();
    let danger = (empty == 0 && (board.get(c) as u32) <= around) as i32;
    let pressure = g
        .orthogonal(c)
        .filter(|&n| board.is_occupied(n))
        .filter(|&n| g.orthogonal(n).filter(|&m| !board.is_occupied(m)).count() <= 1)
        .count() as i32;
    (danger, pressure)
}
