//! Whether a Cash in Hand move under way can still be finished legally.
//!
//! On any board of at most 255 stones no stack can pass 255, and then the
//! answer is simple: a sowing with cash left can be finished iff it can take
//! one more step (it may drop everything there), and a finished sowing can
//! always be followed by a redistribution. Only set-up positions with more
//! than 255 stones can make a drop or a redistribution overflow; there a
//! depth-first search over the remaining steps decides, within a budget past
//! which it answers yes (a builder choice could then, in principle, lead to a
//! dead end; no position reachable from the start holds more than 128 stones).

use super::capture::is_captured;
use super::sowing::{bit, cash_needed, has_first_step, max_partial, Visited};
use crate::board::{Board, Cell, Colour};
use crate::position::Position;
use crate::stages::DropSet;
use crate::variant::Side;

/// Search nodes tried per question; past them the answer is no.
const SEARCH_BUDGET: usize = 20_000;

/// Whether any drop or redistribution on this position could pass 255.
pub(crate) fn overflow_possible(pos: &Position) -> bool {
    pos.board.total() > 255
}

/// A sowing in progress: the board so far (origin lowered, drops made), how
/// much cash is left and the cells visited.
pub(crate) struct Sowing {
    pub board: Board,
    pub cash: u32,
    pub visited: Visited,
}

/// Whether the stacks the sowing captures (`capture::captures`) fit in the
/// room left on the other occupied cells, so that no stack passes 255. One
/// pass, without building the capture list: this runs at every node of `search`.
fn captured_stones_fit(sown: &Board, mover: Side) -> bool {
    let g = sown.geometry();
    let enemy = mover.opponent().colour();
    let (mut stones, mut room) = (0u32, 0u32);
    for c in g.cells() {
        let h = sown.get(c) as u32;
        if h == 0 {
            continue;
        }
        if c.colour() == enemy && is_captured(sown, c) {
            stones += h;
        } else {
            room += 255 - h;
        }
    }
    room >= stones
}

/// Whether the stones a sowing under way must capture, at the least, fit in
/// the most room it can leave, with `cash` still to drop and the cells of
/// `visited` closed to drops. Every drop lands on the mover's colour: enemy
/// stacks stay as they are while their neighbours only fill and grow, so
/// every stack captured at this point is captured at the end; each drop takes one
/// from the room of the mover's stacks (never captured), and an empty cell
/// of the mover's colour not yet visited is at most a stack of 255 to be.
/// A necessary condition, exact to prune with: false means no finish.
fn captures_can_fit(board: &Board, mover: Side, cash: u32, visited: Visited) -> bool {
    let g = board.geometry();
    let enemy = mover.opponent().colour();
    let (mut stones, mut room) = (0u32, 0u32);
    for c in g.cells() {
        let h = board.get(c) as u32;
        if h == 0 {
            if c.colour() != enemy && visited & bit(g, c) == 0 {
                room += 255;
            }
        } else if c.colour() == enemy && is_captured(board, c) {
            stones += h;
        } else {
            room += 255 - h;
        }
    }
    stones + cash <= room
}

/// The drops of `candidates` on `to` (a legal next step, over 255 stones)
/// after which the sowing can be finished, with the board's tally made
/// once for all of them.
pub(crate) fn finishing_drops(
    pos: &Position,
    s: &Sowing,
    to: Cell,
    candidates: DropSet,
) -> DropSet {
    let mut tally = Tally::new(s.board, pos.side_to_move);
    let h = s.board.get(to) as u32;
    let visited = s.visited | bit(s.board.geometry(), to);
    let mut kept = DropSet::default();
    for d in candidates.iter().map(u32::from).filter(|&d| h + d <= 255) {
        tally.set(to, (h + d) as u8);
        let finishes = match s.cash - d {
            0 => tally.fits(),
            left => {
                captures_can_fit(&tally.board, pos.side_to_move, left, visited)
                    && search(pos, &mut tally, to, left, visited, &mut SEARCH_BUDGET.clone())
            }
        };
        if finishes {
            kept.insert(d);
        }
    }
    kept
}

/// A board under search, with the count of the mover's occupied cells kept
/// up to date as cells change. The captured stones fit in the room of the
/// stacks left exactly when the board's total is at most 255 times the
/// number of stacks left (room = 255 x stacks - (total - captured)), and the
/// mover's stacks are never captured: so once they alone are enough, the
/// answer is yes without judging a capture. Only otherwise does `fits` make
/// the whole pass of `captured_stones_fit` (those passes were half of a grown
/// fuzz corpus's time). Same answers.
#[derive(Clone)]
struct Tally {
    board: Board,
    mover: Side,
    /// The mover's occupied cells: never captured, each room for 255 - h.
    own_stacks: u32,
    /// Stones on the board (at a leaf of the search, the position's total).
    total: u32,
}

impl Tally {
    fn new(board: Board, mover: Side) -> Tally {
        // One pass over the rows (this runs once per pick-up and per target).
        let files = board.geometry().files as usize;
        let even = mover.colour() == Colour::Even;
        let (mut own_stacks, mut total) = (0, 0);
        for (rank, row) in board.stacks().chunks(files).enumerate() {
            for (file, &h) in row.iter().enumerate() {
                own_stacks += (h > 0 && ((file + rank) % 2 == 0) == even) as u32;
                total += h as u32;
            }
        }
        Tally { board, mover, own_stacks, total }
    }

    fn set(&mut self, cell: Cell, h: u8) {
        let was = self.board.get(cell);
        if cell.colour() == self.mover.colour() {
            self.own_stacks = self.own_stacks + (h > 0) as u32 - (was > 0) as u32;
        }
        self.total = self.total + h as u32 - was as u32;
        self.board.set(cell, h);
    }

    fn get(&self, cell: Cell) -> u32 {
        self.board.get(cell) as u32
    }

    /// Whether the captured stones fit in the room (see `captured_stones_fit`).
    fn fits(&self) -> bool {
        self.own_stacks * 255 >= self.total || captured_stones_fit(&self.board, self.mover)
    }
}

fn search(
    pos: &Position,
    tally: &mut Tally,
    at: Cell,
    cash: u32,
    visited: Visited,
    budget: &mut usize,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let g = pos.board.geometry();
    for (dir, to) in g.diagonal(at) {
        if visited & bit(g, to) != 0 || cash_needed(&pos.board, at, dir) > cash {
            continue;
        }
        let h = tally.get(to);
        if h + cash <= 255 {
            tally.set(to, (h + cash) as u8);
            let ok = tally.fits();
            tally.set(to, h as u8);
            if ok {
                return true;
            }
        }
        let partial = max_partial(&pos.board, to, cash, visited).min(255 - h);
        for d in (1..=partial).rev() {
            tally.set(to, (h + d) as u8);
            let ok = search(pos, tally, to, cash - d, visited | bit(g, to), budget);
            tally.set(to, h as u8);
            if ok {
                return true;
            }
        }
    }
    false
}

/// Whether picking up `count` stones from `origin` starts a move that can be finished.
pub(crate) fn pick_up_possible(pos: &Position, origin: Cell, count: u32) -> bool {
    PickUps::new(pos, origin).possible(count)
}

/// The pick-ups from one origin (`pick_up_possible`), judged with one tally
/// of the board for every count instead of one per count.
pub(crate) struct PickUps<'a> {
    pos: &'a Position,
    origin: Cell,
    /// The position's tally, when the board holds more than 255 stones.
    tally: Option<Tally>,
}

impl PickUps<'_> {
    pub(crate) fn new(pos: &Position, origin: Cell) -> PickUps<'_> {
        let tally = overflow_possible(pos).then(|| Tally::new(pos.board, pos.side_to_move));
        PickUps { pos, origin, tally }
    }

    /// Whether picking up `count` stones starts a move that can be finished.
    pub(crate) fn possible(&self, count: u32) -> bool {
        let (pos, origin) = (self.pos, self.origin);
        if !has_first_step(&pos.board, origin, count) {
            return false;
        }
        let Some(tally) = &self.tally else { return true };
        let mut tally = tally.clone();
        tally.set(origin, (pos.board.get(origin) as u32).saturating_sub(count) as u8);
        // A first step exists, so `count` is at least 1: the sowing goes on.
        let visited = bit(pos.board.geometry(), origin);
        captures_can_fit(&tally.board, pos.side_to_move, count, visited)
            && search(pos, &mut tally, origin, count, visited, &mut SEARCH_BUDGET.clone())
    }
}

/// See `CashInHand::has_legal_move`.
pub(crate) fn has_legal_move(pos: &Position) -> bool {
    let g = pos.board.geometry();
    let colour = pos.side_to_move.colour();
    g.cells().filter(|c| c.colour() == colour).any(|origin| {
        let n = pos.board.get(origin) as u32;
        if !overflow_possible(pos) {
            return n > 0 && has_first_step(&pos.board, origin, n);
        }
        let pick_ups = PickUps::new(pos, origin);
        (1..=n).rev().any(|k| pick_ups.possible(k))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::GameKind;
    use proptest::prelude::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The bound never refuses a pick-up that a search without a budget
        /// finishes, on small boards where drops and put-backs can overflow
        /// (stacks of 240-255 beside small ones and empty cells).
        #[test]
        fn the_capture_bound_refuses_no_finishable_pick_up(seed in any::<u64>()) {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut pos = Position::start(GameKind::CashInHand);
            let g = pos.board.geometry();
            for c in g.cells() {
                let h = match rng.random_range(0..8) {
                    0..=3 => rng.random_range(240..=255),
                    4 => 0,
                    _ => rng.random_range(1..=6),
                };
                pos.board.set(c, h);
            }
            pos.side_to_move = if rng.random_bool(0.5) { Side::First } else { Side::Second };
            let origin = g
                .cells()
                .filter(|c| c.colour() == pos.side_to_move.colour())
                .nth(rng.random_range(0..32))
                .unwrap();
            let n = rng.random_range(1..=5);
            pos.board.set(origin, n);
            for k in 1..=n as u32 {
                if !has_first_step(&pos.board, origin, k) {
                    continue;
                }
                let mut tally = Tally::new(pos.board, pos.side_to_move);
                tally.set(origin, n - k as u8);
                let visited = bit(g, origin);
                let bound = captures_can_fit(&tally.board, pos.side_to_move, k, visited);
                let found = search(&pos, &mut tally, origin, k, visited, &mut usize::MAX.clone());
                prop_assert!(bound || !found, "{} from {} picking up {}", pos, origin, k);
            }
        }
    }

    /// The tally's shortcut (the mover's stacks alone have room enough)
    /// never answers differently from the whole pass, on crowded boards of
    /// tall stacks where both answers occur.
    #[test]
    fn the_tally_fits_exactly_when_the_captured_stones_fit() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        let (mut yes, mut no) = (0, 0);
        for _ in 0..4000 {
            let mut board = Board::empty(GameKind::CashInHand.geometry());
            for c in board.geometry().cells() {
                if next() % 8 != 0 {
                    board.set(c, [1, 200, 254, 255, 255, 255][next() as usize % 6]);
                }
            }
            for mover in [Side::First, Side::Second] {
                let fits = captured_stones_fit(&board, mover);
                assert_eq!(Tally::new(board, mover).fits(), fits, "{board:?}");
                let mut tally = Tally::new(Board::empty(board.geometry()), mover);
                for c in board.geometry().cells() {
                    tally.set(c, board.get(c));
                }
                assert_eq!(tally.fits(), fits, "built cell by cell");
                if fits {
                    yes += 1
                } else {
                    no += 1
                }
            }
        }
        assert!(yes > 100 && no > 100, "both answers: {yes} yes, {no} no");
    }
}
