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
//! the board at the start of the move and the cells visited (`sowing`), and an enemy
//! stack falls when its orthogonal neighbours (mover's cells) are all
//! occupied and together taller than it. That test is monotone: higher
//! neighbours never save a stack.
//!
//! So first, stack by stack, `target` decides whether some move captures it
//! and finds one that does (a small search: only that stack's neighbours
//! matter); in real middle games this settles every position within the
//! page's limit. Then `sets` searches, over the threatened stacks only and
//! within what is left of the limit, every set of them one move captures;
//! the largest of those sets are the answer. That search is exponential in
//! the cells a long sowing can wander over and finishes within the page's
//! limit in about three fifths of real middle-game positions
//! (tests/ai/analysis.rs measures it); past the limit the answer keeps the
//! per-stack moves (`largest: false`), still taking every stack that can
//! fall.
//!
//! Boards holding more than 255 stones (set-ups only) can make a
//! redistribution overflow; there the full move list is used.

use super::parts::sown_move;
use super::sets::capture_sets;
use super::sowing::bit;
use super::target::{capturing_sowing, OutOfWork};
use crate::board::{Cell, Geometry};
use crate::errors::LimitExceeded;
use crate::position::Position;
use crate::transition::Transition;
use rustc_hash::FxHashMap;

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
    match capture_sets(pos, threatened, work) {
        Ok(found) => Ok(CaptureThreats { moves: maximal(found), largest: true }),
        Err(OutOfWork) => Ok(CaptureThreats { moves: maximal(witnesses), largest: false }),
    }
}

/// Whether no move of the side to move can leave the opponent without a
/// legal move: true is proven, false only means it is not ruled out. Used
/// where replies are not listed (the puzzles' two-ply search).
///
/// After any move, take the opponent's tallest stack S. No target of S is
/// taller, so every first step of S can be blocked only by its gate, both
/// gate cells occupied and taller together than S; every orthogonal
/// neighbour of S lies in some gate, so all of them are occupied. They are
/// cells of the mover's colour: a capture does not empty them and the
/// redistribution (onto existing stacks) cannot fill them, so they were
/// all occupied after the sowing already, when S survived the capture
/// check: S held at least their total, so at least one stone per
/// neighbour, and S is one of the opponent's stacks at the start of the move (the
/// move creates none of theirs). So the opponent can be left without a
/// move only if some stack of theirs of at least that many stones can have
/// all its orthogonal neighbours filled by one sowing; the per-stack search
/// (`target`) decides that on the board with that stack lowered to 1 stone
/// (captured then exactly when its neighbours are all occupied; a lower
/// stack only frees the mover's steps, so no sowing is lost).
/// None when `work` runs out first.
pub(crate) fn cannot_stalemate(pos: &Position, work: &mut usize) -> Option<bool> {
    let board = pos.board;
    let g = board.geometry();
    let enemy = pos.side_to_move.opponent().colour();
    for s in g.cells().filter(|&c| c.colour() == enemy && board.is_occupied(c)) {
        if (board.get(s) as usize) < g.orthogonal(s).count() {
            continue;
        }
        let mut lowered = *pos;
        lowered.board.set(s, 1);
        if capturing_sowing(&lowered, s, work).ok()?.is_some() {
            return Some(false);
        }
    }
    Some(true)
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

fn mask_of(g: Geometry, cells: &[Cell]) -> u64 {
    cells.iter().fold(0u64, |m, &c| m | bit(g, c))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::DEFAULT_MOVE_LIMIT;
    use crate::variant::RuleOptions;
    use crate::variant::Side;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// The stacks some move of the full list captures (bit per index).
    fn captured_by_some_move(pos: &Position) -> Option<u64> {
        let g = pos.board.geometry();
        let all = super::super::movegen::generate(pos, 3_000_000).ok()?;
        Some(all.iter().fold(0, |m, t| m | mask_of(g, &t.captured)))
    }

    /// Variations on a stalemate trap (White to move): Black's stack in the
    /// a1 corner survives (its neighbours a2 and b1 hold no more than it),
    /// Black's c3 is surrounded, and White's f3 can move without touching
    /// either, capture c3 and put the stone back on a2 or b1, so that Black's
    /// only step, a1-b2, is gated. Heights, the surrounding stacks and extra
    /// stacks vary at random, so some variations have the stalemate and
    /// others not.
    fn trap_variation(rng: &mut SmallRng) -> Option<Position> {
        use rand::Rng;
        let trap = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0/0,1,1,1,0,1,0,0/1,0,1,0,0,0,0,0/2,1,0,0,0,0,0,0 white 0 20";
        let mut pos: Position = trap.parse().ok()?;
        let g = pos.board.geometry();
        for c in g.cells() {
            let h = pos.board.get(c);
            let v = match (h, rng.random_range(0..50)) {
                (0, 0) => rng.random_range(1..=3),
                (0, _) => 0,
                (_, 0..5) => 0,
                (h, 5..10) => h + 1,
                (h, _) => h,
            };
            pos.board.set(c, v);
        }
        (pos.stones_of(Side::First) > 0 && pos.stones_of(Side::Second) > 0).then_some(pos)
    }

    /// Random boards small enough to list every move: where no stalemate is
    /// said to be possible, no listed move leaves the opponent without a move
    /// (and the test meets such moves where it says "maybe").
    #[test]
    fn a_position_said_to_hold_no_stalemate_has_none() {
        use crate::variant::EndReason;
        let mut rng = SmallRng::seed_from_u64(11);
        let (mut proven, mut stalemates) = (0, 0);
        let rules = RuleOptions::default();
        for _ in 0..2000 {
            let Some(pos) = trap_variation(&mut rng) else { continue };
            let Ok(all) = super::super::movegen::generate(&pos, 200_000) else { continue };
            let stalemating = all
                .iter()
                .filter_map(|t| t.decisive.or_else(|| t.position.status(&rules)))
                .filter(|o| o.reason == EndReason::NoMoves)
                .count();
            let mut work = DEFAULT_MOVE_LIMIT;
            let Some(safe) = cannot_stalemate(&pos, &mut work) else { continue };
            if safe {
                assert_eq!(stalemating, 0, "{pos}");
                proven += 1;
            }
            stalemates += usize::from(stalemating > 0);
        }
        assert!(proven > 150 && stalemates > 100, "proven {proven}, with a stalemate {stalemates}");
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
