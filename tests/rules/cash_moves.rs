//! Move generation, the move builder, the move-text brute force and the
//! enumerator written from the rules (`cash_reference`) find exactly the
//! same distinct moves.

use crate::cash_reference as reference;
use crate::cash_support::*;
use proptest::prelude::*;
use sowboard::{Board, Cell, GameKind, IllegalMove, PlayError, Position, Rules, Side};
use std::collections::BTreeSet;

fn small_positions() -> Vec<Position> {
    vec![
        // White's f5-e4 surrounds Black's d4: a capture and a redistribution.
        cash(
            &[("f5", 2), ("d5", 1), ("d3", 1), ("c4", 1), ("d4", 1), ("b2", 2), ("g7", 2)],
            Side::First,
        ),
        // Black to move among White stacks: tall targets and gates.
        cash(
            &[("c3", 4), ("d4", 2), ("e3", 1), ("d3", 2), ("c4", 1), ("e2", 1), ("b2", 1)],
            Side::Second,
        ),
        // Two captures at once are possible for White.
        cash(
            &[
                ("c2", 3),
                ("b3", 1),
                ("b2", 1),
                ("a3", 1),
                ("c3", 1),
                ("d2", 1),
                ("e1", 1),
                ("h8", 1),
            ],
            Side::First,
        ),
    ]
}

#[test]
fn generator_builder_and_brute_force_agree_on_set_ups() {
    let rules = Rules::default();
    let mut captures_seen = 0;
    for p in small_positions() {
        let generated = generated(&p, &rules);
        assert!(!generated.is_empty(), "{p} should have moves");
        let brute = brute_force(&p, &rules);
        assert_eq!(generated, brute, "generator vs brute force in {p}");
        assert_eq!(builder_moves(&p, &rules), brute, "builder vs brute force in {p}");
        let mine: BTreeSet<_> = reference::moves(&p, &rules).into_keys().collect();
        assert_eq!(reference::engine_moves(&p, &rules), mine, "generator vs reference in {p}");
        captures_seen += generated
            .iter()
            .filter(|(text, _)| text.ends_with(" 0 10") || text.ends_with(" 0 11"))
            .count();
    }
    assert!(captures_seen > 0, "the set-ups are meant to include captures");
}

/// Each generated move's own text is the move: it replays to the same
/// transition (a redistribution lists only the stacks that get stones).
#[test]
fn generated_moves_replay_from_their_text() {
    let rules = Rules::default();
    for p in small_positions() {
        let moves = p.legal_moves(&rules, 1_000_000).unwrap();
        assert!(moves.iter().any(|t| t.mv.to_string().contains(')')), "{p} has captures");
        for t in moves {
            let text = t.mv.to_string();
            assert_eq!(p.play_text(&text, &rules).as_ref(), Ok(&t), "{text} in {p}");
        }
    }
}

fn small_position() -> impl Strategy<Value = Position> {
    // 4 to 11 stacks of 1 to 4 stones, inside the 5 x 5 corner
    // a1-e5 so that stacks meet often.
    let stacks = prop::collection::vec((0u8..5, 0u8..5, 1u8..=4), 4..12);
    (stacks, any::<bool>()).prop_map(|(stacks, white)| {
        let mut board = Board::empty(GameKind::CashInHand.geometry());
        for (f, r, n) in stacks {
            board.set(Cell::new(f, r), n);
        }
        Position {
            game: GameKind::CashInHand,
            board,
            side_to_move: if white { Side::First } else { Side::Second },
            quiet: 3,
            move_number: 7,
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn offered_choices_are_exactly_the_legal_moves(p in small_position()) {
        let rules = Rules::default();
        generator_and_builder_match_brute_force(&p, &rules)?;
        // has_legal_move is exact (when both sides have stones, so that
        // play is not refused for elimination).
        if p.stones_of(Side::First) > 0 && p.stones_of(Side::Second) > 0 {
            prop_assert_eq!(p.has_legal_move(&rules), !brute_force_unchecked(&p, &rules).is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The same with a nearly full enemy stack somewhere: captured stones
    /// cannot all go there (the board holds more than 255 stones, so the
    /// overflow checks are live).
    #[test]
    fn offered_choices_are_exactly_the_legal_moves_next_to_full_stacks(
        p in small_position(),
        (f, r, n) in (0u8..5, 0u8..5, 250u8..=255),
    ) {
        let mut p = p;
        let cell = Cell::new(f, r);
        prop_assume!(Side::owner_of(cell) != p.side_to_move);
        p.board.set(cell, n);
        generator_and_builder_match_brute_force(&p, &Rules::default())?;
    }
}

/// The move generator and an exhaustive walk of the builder both find
/// exactly the brute-force moves of `p` (positions with too many moves for
/// the brute force are skipped).
fn generator_and_builder_match_brute_force(
    p: &Position,
    rules: &Rules,
) -> Result<(), TestCaseError> {
    // The brute force is exponential in the stones captured (it tries
    // every redistribution over every cell that might be occupied):
    // keep each case to a few seconds at most.
    let count = p.legal_moves(rules, 2_000_000).map(|m| m.len());
    prop_assume!(count.is_ok_and(|n| n <= 1500));
    let brute = brute_force(p, rules);
    prop_assert_eq!(&generated(p, rules), &brute, "generator vs brute force in {}", p);
    prop_assert_eq!(&builder_moves(p, rules), &brute, "builder vs brute force in {}", p);
    let mine: BTreeSet<_> = reference::moves(p, rules).into_keys().collect();
    prop_assert_eq!(reference::engine_moves(p, rules), mine, "generator vs reference in {}", p);
    Ok(())
}

/// Tall stacks of the mover's own, boxed in by White's gates: Black's c1 can
/// step only to b2 (d2 is behind c2 + d1 = 256), and from b2 only a1 and c1
/// are open (a3 and c3 are behind 256).
#[test]
fn generator_and_builder_agree_on_tall_own_stacks() {
    let rules = Rules::default();
    let gates = [("a2", 1), ("c2", 1), ("b3", 255), ("d1", 255)];
    let boxed = |own: &[(&str, u8)]| {
        let mut stacks = own.to_vec();
        stacks.extend(gates);
        cash(&stacks, Side::Second)
    };
    // A last drop may make a stack of up to 255 however large its two
    // parts are: all 16 of c1 on b2's 16.
    let p = boxed(&[("c1", 16), ("b2", 16), ("a1", 1)]);
    let moves = generated(&p, &rules);
    assert_eq!(builder_moves(&p, &rules), moves);
    assert!(moves.contains(&result_of(&p.play_text("c1:16 b2:16", &rules).unwrap())));

    // A partial drop on a tall stack is held to what keeps it within 255:
    // b2 (250) takes at most 5 of c1's stones, a1 (1) the rest: 30 moves.
    // b2's own moves go to a1 only (c1 is taller than its cash): 250 more.
    let p = boxed(&[("c1", 255), ("b2", 250), ("a1", 1)]);
    let moves = generated(&p, &rules);
    assert_eq!(moves.len(), 280);
    assert_eq!(builder_moves(&p, &rules), moves);
    for legal in ["c1:255 b2:5 a1:250", "c1:250 b2:1 a1:249", "b2:250 a1:250"] {
        assert!(moves.contains(&result_of(&p.play_text(legal, &rules).unwrap())), "{legal}");
    }
    assert_eq!(
        p.play_text("c1:255 b2:6 a1:249", &rules),
        Err(PlayError::Illegal(IllegalMove::StackOverflow(cell("b2"))))
    );
}
