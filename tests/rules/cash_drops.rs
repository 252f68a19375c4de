//! Over 255 stones the Cash in Hand builder offers exactly the origins,
//! pick-ups and drops after which the move can be finished (issue 19: a
//! drop of 1 may dead-end where larger ones go on), checked against the
//! completion search of `cash_reference`, written from the rules alone.

use crate::cash_reference::{finishing_pick_ups, finishing_steps};
use proptest::prelude::*;
use sowboard::{Cell, GameKind, MoveBuilder, Position, Rules, Side, Stage};

/// Drops the reference may try per question before the case is skipped.
const BUDGET: u32 = 200_000;

/// Over 255 stones in the corner a1-d4, most of them tall, so that drops
/// and redistributions can overflow and the tall stacks wall the sowings in:
/// up to 10 random stacks, or issue 19's box (Black's c1 steps only to b2,
/// and b2 on only to a1, behind White's gates) with random heights, where
/// the small drops on b2 overflow a1.
fn tall_position() -> impl Strategy<Value = Position> {
    let height = prop_oneof![1u8..=4, 120u8..=255, 245u8..=255];
    let stacks = prop::collection::vec((0u8..4, 0u8..4, height), 3..10);
    let random = (stacks, any::<bool>()).prop_map(|(stacks, white)| {
        let side = if white { Side::First } else { Side::Second };
        position(stacks.into_iter().map(|(f, r, n)| (Cell::new(f, r), n)), side)
    });
    let boxed = (200u8..=255, 200u8..=254, 1u8..=60, 1u8..=3, 250u8..=255).prop_map(
        |(c1, b2, a1, gate, wall)| {
            let stacks = [("c1", c1), ("b2", b2), ("a1", a1), ("a2", gate), ("c2", 1)];
            let walls = [("b3", wall), ("d1", 255)];
            let cells = stacks.into_iter().chain(walls).map(|(c, n)| (c.parse().unwrap(), n));
            position(cells, Side::Second)
        },
    );
    prop_oneof![random, boxed]
}

fn position(stacks: impl IntoIterator<Item = (Cell, u8)>, side: Side) -> Position {
    let mut board = sowboard::Board::empty(GameKind::CashInHand.geometry());
    for (c, n) in stacks {
        board.set(c, n);
    }
    Position { game: GameKind::CashInHand, board, side_to_move: side, quiet: 0, move_number: 3 }
}

/// The builder's next steps with their drops, sorted by cell (file, then rank).
fn offered_steps(b: &MoveBuilder) -> Vec<(Cell, Vec<u8>)> {
    let mut steps: Vec<_> = b.step_options().iter().map(|o| (o.cell, o.drops())).collect();
    steps.sort_by_key(|&(c, _)| (c.file, c.rank));
    steps
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Along a move chosen by `picks`, every stage offers exactly what the
    /// reference can finish: the origins, the pick-ups and, at each step,
    /// the cells with their drops (cases the reference cannot decide within
    /// its budget are skipped).
    #[test]
    fn offered_drops_are_exactly_those_that_finish(
        p in tall_position(),
        picks in prop::collection::vec(any::<u8>(), 12),
    ) {
        prop_assume!(p.board.total() > 255 && p.status(&Rules::default()).is_none());
        let rules = Rules::default();
        let mut b = MoveBuilder::new(&p, &rules);
        let mut budget = BUDGET;
        let mut origins = Vec::new();
        for c in p.board.geometry().cells() {
            if Side::owner_of(c) == p.side_to_move && p.board.get(c) > 0 {
                let counts = finishing_pick_ups(&p, c, &mut budget);
                prop_assume!(counts.is_some());
                if !counts.unwrap().is_empty() {
                    origins.push(c);
                }
            }
        }
        prop_assert_eq!(b.origins(), origins.clone(), "origins in {}", p);
        let Some(&origin) = origins.get(picks[0] as usize % origins.len().max(1)) else {
            return Ok(());
        };
        b.select_origin(origin).unwrap();
        let counts = finishing_pick_ups(&p, origin, &mut BUDGET.clone());
        prop_assume!(counts.is_some());
        let counts = counts.unwrap();
        prop_assert_eq!(b.count_options(), counts.clone(), "pick-ups from {} in {}", origin, p);
        b.pick_up(counts[picks[1] as usize % counts.len()] as u32).unwrap();
        let mut visited = vec![origin];
        for &pick in &picks[2..] {
            if b.stage() != Stage::Step {
                break;
            }
            let at = *visited.last().unwrap();
            let expected = finishing_steps(
                &b.board(), p.side_to_move, at, b.cash() as u32, &visited, &mut BUDGET.clone(),
            );
            prop_assume!(expected.is_some());
            let offered = offered_steps(&b);
            prop_assert_eq!(&offered, &expected.unwrap(), "steps after {:?} in {}", b.path(), p);
            let (to, drops) = &offered[pick as usize % offered.len()];
            b.step(*to, drops[pick as usize / 7 % drops.len()] as u32).unwrap();
            visited.push(*to);
        }
    }
}
