//! Cash in Hand rules: the worked example of RULES.md section 6, one test
//! per reason a move is refused, and the end of the game.

use crate::cash_support::*;
use sowboard::{
    EndReason, Game, IllegalMove, NotationError, Outcome, PlayError, Position, Rules, Side,
};

const BROWNE: &str = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20";
const BROWNE_AFTER: &str = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,5,0/0,0,0,0,0,0,2,0/0,0,0,0,1,0,0,0/0,0,0,3,0,4,0,0/0,0,6,0,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 white 0 21";

/// Plays `text` expecting a legality error; checks that neither the position
/// nor a game record started from it changed.
fn reject(p: &Position, text: &str) -> IllegalMove {
    let rules = Rules::default();
    let before = p.to_string();
    let err = match p.play_text(text, &rules) {
        Err(PlayError::Illegal(e)) => e,
        other => panic!("{text} should be illegal, got {other:?}"),
    };
    assert_eq!(p.to_string(), before);
    let mut game = Game::from_position(*p, rules);
    assert!(game.play_text(text).is_err());
    assert_eq!(game.position(), p);
    assert!(game.plies().is_empty());
    err
}

#[test]
fn browne_example_gives_the_position_in_rules_md() {
    let t =
        pos(BROWNE).play_text("c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4", &Rules::default()).unwrap();
    assert_eq!(t.position.to_string(), BROWNE_AFTER);
    assert_eq!(t.captured, vec![cell("d3"), cell("e4")]);
    assert_eq!(t.captured_stones, 5);
    assert_eq!(t.decisive, None);
    assert_eq!(t.mv.to_string(), "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4");
    assert_eq!(t.position.board.total(), pos(BROWNE).board.total());
}

#[test]
fn browne_example_without_the_capture_list_gets_it_filled_in() {
    let t = pos(BROWNE).play_text("C3:8  d4:3 E5:1 f4:4 G7:4 g6:1", &Rules::default()).unwrap();
    assert_eq!(t.position.to_string(), BROWNE_AFTER);
    assert_eq!(t.mv.to_string(), "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4");
}

#[test]
fn browne_example_as_printed_is_refused_with_the_real_captures() {
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e3:1 f4:4 (:d3 e4) g6:1 g7:4");
    assert_eq!(
        e,
        IllegalMove::CaptureMismatch {
            written: vec![cell("d3"), cell("e4")],
            actual: vec![cell("d3")]
        }
    );
    let message = e.to_string();
    assert!(message.contains("(d3 e4)") && message.contains("captures (d3)"), "{message}");
    // Without the list, the redistribution total is what is wrong.
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e3:1 f4:4 g6:1 g7:4");
    assert_eq!(e, IllegalMove::RedistributionSum { placed: 5, captured: 2 });
}

#[test]
fn not_your_stack() {
    assert_eq!(reject(&pos(BROWNE), "d3:1 c4:1"), IllegalMove::NotYourStack { cell: cell("d3") });
}

#[test]
fn empty_origin() {
    assert_eq!(reject(&pos(BROWNE), "a1:1 b2:1"), IllegalMove::EmptyOrigin(cell("a1")));
}

#[test]
fn pick_up_zero() {
    assert_eq!(reject(&pos(BROWNE), "c3:0 d4:1"), IllegalMove::PickUpZero);
}

#[test]
fn pick_up_too_many_names_both_numbers() {
    let e = reject(&pos(BROWNE), "c3:40 d4:40");
    assert_eq!(e, IllegalMove::PickUpTooMany { count: 40, stack: 14 });
    let message = e.to_string();
    assert!(message.contains("40") && message.contains("14"), "{message}");
}

#[test]
fn no_first_step() {
    // a1's only step, to b2, passes the gate b1 + a2 = 2: one stone cannot.
    let p = cash(&[("a1", 3), ("b1", 1), ("a2", 1)], Side::Second);
    assert_eq!(reject(&p, "a1:1 b2:1"), IllegalMove::NoFirstStep { origin: cell("a1"), cash: 1 });
    assert!(p.play_text("a1:2 b2:2", &Rules::default()).is_ok());
}

#[test]
fn revisiting_the_origin_or_a_cell() {
    assert_eq!(
        reject(&pos(BROWNE), "c3:3 d4:1 c3:2"),
        IllegalMove::Revisit { step: 2, cell: cell("c3") }
    );
    assert_eq!(
        reject(&pos(BROWNE), "c3:4 d4:1 e5:1 d4:2"),
        IllegalMove::Revisit { step: 3, cell: cell("d4") }
    );
}

#[test]
fn a_step_must_be_diagonal() {
    let e = reject(&pos(BROWNE), "c3:2 c4:2");
    assert_eq!(e, IllegalMove::NotDiagonal { step: 1, from: cell("c3"), to: cell("c4") });
    let e = reject(&pos(BROWNE), "c3:2 e5:2");
    assert_eq!(e, IllegalMove::NotDiagonal { step: 1, from: cell("c3"), to: cell("e5") });
}

#[test]
fn off_board() {
    let p = cash(&[("h8", 3), ("a1", 1), ("h1", 1)], Side::Second);
    assert_eq!(reject(&p, "h8:2 i9:2"), IllegalMove::OffBoard(cell("i9")));
    assert_eq!(reject(&p, "z9:2 g7:2"), IllegalMove::OffBoard(cell("z9")));
    assert_eq!(reject(&p, "h8:2 g7:1 f6:1 (:) a9:1"), IllegalMove::OffBoard(cell("a9")));
}

#[test]
fn target_taller_than_the_cash_names_both_numbers() {
    // d2 holds 3; with 1 in hand, e3 (2 stones) is too tall (c1 is free, so
    // the pick-up itself is legal).
    let e = reject(&pos(BROWNE), "d2:1 e3:1");
    assert_eq!(e, IllegalMove::TargetTooTall { step: 1, cell: cell("e3"), height: 2, cash: 1 });
    let message = e.to_string();
    assert!(message.contains("2 stones") && message.contains("1 in hand"), "{message}");
}

#[test]
fn gate_taller_than_the_cash_names_the_two_cells() {
    // e3 to d4 passes between d3 (2) and e4 (3): 5 > 2.
    let e = reject(&pos(BROWNE), "e3:2 d4:2");
    assert_eq!(
        e,
        IllegalMove::GateBlocked { step: 1, a: cell("d3"), b: cell("e4"), height: 5, cash: 2 }
    );
    let message = e.to_string();
    assert!(message.contains("d3") && message.contains("e4") && message.contains('5'), "{message}");
    // With 5 in hand the same gate opens (combined height, not each).
    let p = cash(&[("e3", 5), ("d3", 2), ("e4", 3)], Side::Second);
    assert!(p.play_text("e3:5 d4:5", &Rules::default()).is_ok());
    // A gate with one side empty never blocks.
    let p = cash(&[("e3", 1), ("d3", 9), ("h1", 1)], Side::Second);
    assert!(p.play_text("e3:1 d4:1", &Rules::default()).is_ok());
}

#[test]
fn zero_drop() {
    assert_eq!(
        reject(&pos(BROWNE), "c3:2 d4:0 e5:2"),
        IllegalMove::ZeroDrop { step: 1, cell: cell("d4") }
    );
}

#[test]
fn drops_must_add_up() {
    assert_eq!(
        reject(&pos(BROWNE), "c3:3 d4:1"),
        IllegalMove::DropsDontAddUp { dropped: 1, picked: 3 }
    );
    assert_eq!(
        reject(&pos(BROWNE), "c3:2 d4:3"),
        IllegalMove::DropsDontAddUp { dropped: 3, picked: 2 }
    );
    assert_eq!(
        reject(&pos(BROWNE), "c3:2 d4:2 e5:1 (:)"),
        IllegalMove::DropsDontAddUp { dropped: 3, picked: 2 }
    );
}

#[test]
fn stuck_with_cash_and_nowhere_to_go() {
    // From b2 every way on (c1, a3, c3) holds 2: one stone left there is stuck.
    let p = cash(&[("a1", 2), ("c1", 2), ("a3", 2), ("c3", 2), ("h1", 1)], Side::Second);
    assert_eq!(reject(&p, "a1:2 b2:1"), IllegalMove::Stuck { cell: cell("b2"), cash: 1 });
    assert_eq!(reject(&p, "a1:2 b2:1 c3:1"), IllegalMove::Stuck { cell: cell("b2"), cash: 1 });
    assert!(p.play_text("a1:2 b2:2", &Rules::default()).is_ok());
}

#[test]
fn capture_list_must_match() {
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e5:1 f4:4 (:d3) g6:1 g7:4");
    assert_eq!(
        e,
        IllegalMove::CaptureMismatch {
            written: vec![cell("d3")],
            actual: vec![cell("d3"), cell("e4")]
        }
    );
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e5:1 f4:4 (:) g6:1 g7:4");
    assert_eq!(
        e,
        IllegalMove::CaptureMismatch { written: vec![], actual: vec![cell("d3"), cell("e4")] }
    );
    let e = reject(&pos(BROWNE), "e3:1 f4:1 (:d3)");
    assert_eq!(e, IllegalMove::CaptureMismatch { written: vec![cell("d3")], actual: vec![] });
    assert!(e.to_string().contains("captures (none)"));
    // An empty list is accepted when nothing is captured.
    assert!(pos(BROWNE).play_text("e3:1 f4:1 (:)", &Rules::default()).is_ok());
}

#[test]
fn redistribution_must_add_up() {
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e5:1 f4:4 g6:1 g7:3");
    assert_eq!(e, IllegalMove::RedistributionSum { placed: 4, captured: 5 });
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e5:1 f4:4 (:d3 e4)");
    assert_eq!(e, IllegalMove::RedistributionSum { placed: 0, captured: 5 });
    let e = reject(&pos(BROWNE), "e3:1 f4:1 (:) e4:1");
    assert_eq!(e, IllegalMove::RedistributionSum { placed: 1, captured: 0 });
}

#[test]
fn redistribution_goes_on_occupied_cells_only() {
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e5:1 f4:4 g6:1 a1:4");
    assert_eq!(e, IllegalMove::PlaceOnEmpty(cell("a1")));
    // A captured cell is empty by the time stones come back.
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e5:1 f4:4 (:d3 e4) d3:5");
    assert_eq!(e, IllegalMove::PlaceOnEmpty(cell("d3")));
}

#[test]
fn redistribution_names_a_cell_once() {
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g6:4");
    assert_eq!(e, IllegalMove::PlaceTwice(cell("g6")));
}

#[test]
fn redistribution_places_at_least_one() {
    let e = reject(&pos(BROWNE), "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:0 g7:5");
    assert_eq!(e, IllegalMove::PlaceZero(cell("g6")));
}

#[test]
fn redistribution_may_use_either_colour_and_the_origin() {
    let t =
        pos(BROWNE).play_text("c3:8 d4:3 e5:1 f4:4 (:d3 e4) c3:2 e2:3", &Rules::default()).unwrap();
    assert_eq!(t.position.board.get(cell("c3")), 8);
    assert_eq!(t.position.board.get(cell("e2")), 6);
}

#[test]
fn stacks_over_255_are_refused() {
    let p = cash(&[("c3", 200), ("d4", 200), ("h1", 1)], Side::Second);
    assert_eq!(reject(&p, "c3:200 d4:200"), IllegalMove::StackOverflow(cell("d4")));
    assert!(p.play_text("c3:200 d4:55 e5:145", &Rules::default()).is_ok());
    // White's d3 falls; its stone cannot go on e3, which is full.
    let p =
        cash(&[("e5", 1), ("d3", 1), ("d2", 1), ("c3", 1), ("e3", 255), ("h1", 1)], Side::Second);
    assert_eq!(reject(&p, "e5:1 d4:1 (:d3) e3:1"), IllegalMove::StackOverflow(cell("e3")));
    assert!(p.play_text("e5:1 d4:1 (:d3) d4:1", &Rules::default()).is_ok());
}

/// RULES.md section 3's notation `CELL:N`: N is a decimal number of stones.
#[test]
fn move_counts_are_plain_decimal_numbers() {
    let rules = Rules::default();
    let p = pos(BROWNE);
    let browne = p.play_text("c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4", &rules).unwrap();
    // Leading zeros are digits like any other, however many.
    let zeros = "c3:0000000000008 d4:03 e5:1 f4:00000000004 (:d3 e4) g6:1 g7:0004";
    assert_eq!(p.play_text(zeros, &rules).unwrap(), browne);
    // A sign, an empty count or a count past u32::MAX is not a number of stones.
    for bad in ["c3:+8 d4:3 e5:1 f4:4", "c3:8 d4:+3 e5:1 f4:4", "c3:", "c3:4294967296 d4:1"] {
        assert!(
            matches!(
                p.play_text(bad, &rules),
                Err(PlayError::Notation(NotationError::BadToken { .. }))
            ),
            "{bad}"
        );
    }
    // Up to u32::MAX the count is read, and the rules refuse it naming it.
    assert_eq!(
        reject(&p, "c3:4294967295 d4:1"),
        IllegalMove::PickUpTooMany { count: u32::MAX, stack: 14 }
    );
}

#[test]
fn errors_have_codes_and_messages() {
    let e = reject(&pos(BROWNE), "c3:2 d4:0 e5:2");
    assert_eq!(e.code(), "zero-drop");
    assert!(!e.to_string().is_empty());
    let err = pos(BROWNE).play_text("c3:2 (:d4", &Rules::default()).unwrap_err();
    assert!(matches!(err, PlayError::Notation(_)));
    assert_eq!(err.code(), "notation");
}

#[test]
fn counters_follow_captures_and_turns() {
    let rules = Rules::default();
    let p = pos(BROWNE);
    // Black's quiet move: QUIET + 1, and the move number goes up after Black.
    let quiet = p.play_text("e3:1 f4:1", &rules).unwrap().position;
    assert_eq!((quiet.quiet, quiet.move_number, quiet.side_to_move), (1, 21, Side::First));
    // A capture resets QUIET even though every stone comes back.
    let mut busy = p;
    busy.quiet = 57;
    let t = busy.play_text("c3:8 d4:3 e5:1 f4:4 g6:1 g7:4", &rules).unwrap();
    assert_eq!(t.position.quiet, 0);
    // After White, the move number stays.
    let after_white = quiet.play_text("e4:1 f5:1", &rules).unwrap().position;
    assert_eq!((after_white.quiet, after_white.move_number), (2, 21));
}

#[test]
fn capturing_the_last_enemy_stack_wins_at_once() {
    let rules = Rules::default();
    // Black's only stack d4 is surrounded once f5 sows onto e4.
    let p = cash(&[("f5", 2), ("d5", 1), ("d3", 1), ("c4", 1), ("d4", 1)], Side::First);
    let t = p.play_text("f5:1 e4:1 d5:1", &rules).unwrap();
    assert_eq!(t.mv.to_string(), "f5:1 e4:1 (:d4) d5:1");
    assert_eq!(t.decisive, Some(Outcome::win(Side::First, EndReason::Eliminated)));
    assert_eq!(t.outcome(&rules), Some(Outcome::win(Side::First, EndReason::Eliminated)));
    assert_eq!(t.position.stones_of(Side::Second), 0);
    // Generated moves report it too, and the game record ends there.
    let moves = p.legal_moves(&rules, 1_000_000).unwrap();
    assert!(moves.iter().any(|m| m.decisive.is_some()));
    let mut game = Game::from_position(p, rules);
    game.play_text("f5:1 e4:1 d5:1").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::win(Side::First, EndReason::Eliminated)));
    assert!(game.legal_moves(1_000_000).unwrap().is_empty());
}

fn assert_over(p: &Position, expected: Outcome, a_move: &str) {
    let rules = Rules::default();
    assert_eq!(p.status(&rules), Some(expected), "{p}");
    assert!(p.legal_moves(&rules, 1_000_000).unwrap().is_empty());
    match p.play_text(a_move, &rules) {
        Err(PlayError::Illegal(IllegalMove::GameOver(_, outcome))) => assert_eq!(outcome, expected),
        other => panic!("{a_move} should be refused as game over, got {other:?}"),
    }
    assert!(sowboard::MoveBuilder::new(p, &rules).origins().is_empty());
}

#[test]
fn a_player_without_stones_has_lost_whoever_is_to_move() {
    let black_to_move = cash(&[("b1", 3), ("a2", 1)], Side::Second);
    assert_over(&black_to_move, Outcome::win(Side::First, EndReason::Eliminated), "a1:1 b2:1");
    let white_to_move = cash(&[("b1", 3), ("a2", 1)], Side::First);
    assert_over(&white_to_move, Outcome::win(Side::First, EndReason::Eliminated), "b1:1 c2:1");
}

#[test]
fn a_player_with_stacks_but_no_move_has_lost() {
    // Black's a1 (1 stone) cannot pass the gate b1 + a2.
    let p = cash(&[("a1", 1), ("b1", 1), ("a2", 1)], Side::Second);
    assert!(!p.has_legal_move(&Rules::default()));
    assert_over(&p, Outcome::win(Side::First, EndReason::NoMoves), "a1:1 b2:1");
    // With two stones it could.
    let p = cash(&[("a1", 2), ("b1", 1), ("a2", 1)], Side::Second);
    assert!(p.has_legal_move(&Rules::default()));
    // Over 255 stones, stacks with a legal first step may still have no move.
    // Black's c1 (255) can step only to b2 (d2 is behind the gate c2 + d1 =
    // 256), and b2 holds 255 already; b2 can step only to c1 (the gates to
    // a1, a3, c3 hold 256 or more), which holds 255. Every drop would pass 255.
    let p = cash(
        &[("c1", 255), ("b2", 255), ("c2", 1), ("d1", 255), ("b1", 1), ("a2", 255), ("b3", 255)],
        Side::Second,
    );
    assert!(!p.has_legal_move(&Rules::default()));
    assert_over(&p, Outcome::win(Side::First, EndReason::NoMoves), "c1:255 b2:255");
}

#[test]
fn the_quiet_limit_draws() {
    let mut p = pos(BROWNE);
    p.quiet = 100;
    assert_over(&p, Outcome::draw(EndReason::QuietLimit), "e3:1 f4:1");
    p.quiet = 99;
    let t = p.play_text("e3:1 f4:1", &Rules::default()).unwrap();
    assert_eq!(t.outcome(&Rules::default()), Some(Outcome::draw(EndReason::QuietLimit)));
    let no_limit = Rules { quiet_ply_limit: 0, ..Rules::default() };
    p.quiet = 100;
    assert_eq!(p.status(&no_limit), None);
}

#[test]
fn the_start_position() {
    let rules = Rules::default();
    let p = Position::start(sowboard::GameKind::CashInHand);
    assert_eq!(p.board.total(), 128);
    assert_eq!(p.status(&rules), None);
    let t = p.play_text("h1:32 g2:32", &rules).unwrap();
    assert_eq!(t.position.side_to_move, Side::Second);
    assert_eq!(reject(&p, "a1:1 b2:1"), IllegalMove::NotYourStack { cell: cell("a1") });
    // The full list is far beyond any limit: the generator says so.
    assert!(p.legal_moves(&rules, 100_000).is_err());
}

// Captures worked by hand from RULES.md section 3 part 3: an enemy stack
// with no empty orthogonal neighbour is captured only when it holds FEWER
// stones than its neighbours together; equal is not enough. White owns the
// odd cells (b1, a2, c2, d1...), Black the even ones (a1, c1, d4, h8...).

#[test]
fn a_corner_stack_as_tall_as_its_two_neighbours_is_not_captured() {
    // Black's a1 (3) has neighbours a2 and b1. White sows c2 -> b1.
    let p = cash(&[("a1", 3), ("a2", 1), ("c2", 2), ("h8", 1)], Side::First);
    let t = p.play_text("c2:2 b1:2", &Rules::default()).unwrap();
    assert!(t.captured.is_empty(), "a2 + b1 = 1 + 2 = 3 is not more than 3");
    assert_eq!(t.position.board.get(cell("a1")), 3);
    assert_eq!(t.position.quiet, 1);
    // One stone more around it and a1 falls: 1 + 3 = 4 > 3.
    let p = cash(&[("a1", 3), ("a2", 1), ("c2", 3), ("h8", 1)], Side::First);
    assert_eq!(reject(&p, "c2:3 b1:3"), IllegalMove::RedistributionSum { placed: 0, captured: 3 });
    let t = p.play_text("c2:3 b1:3 (:a1) a2:3", &Rules::default()).unwrap();
    assert_eq!(t.captured, vec![cell("a1")]);
    assert_eq!(t.captured_stones, 3);
    assert_eq!(t.position.board.get(cell("a1")), 0);
    assert_eq!(t.position.board.get(cell("a2")), 4);
    assert_eq!(t.position.quiet, 0);
}

#[test]
fn an_edge_stack_as_tall_as_its_three_neighbours_is_not_captured() {
    // Black's c1 (4) has neighbours b1, d1 and c2. White sows e2 -> d1.
    let around = [("c1", 4), ("b1", 1), ("d1", 1), ("c2", 1), ("h8", 1)];
    let mut stacks = around.to_vec();
    stacks.push(("e2", 1));
    let t = cash(&stacks, Side::First).play_text("e2:1 d1:1", &Rules::default()).unwrap();
    assert!(t.captured.is_empty(), "1 + 2 + 1 = 4 is not more than 4");
    assert_eq!(t.position.board.get(cell("c1")), 4);
    // With two stones d1 reaches 3: 1 + 3 + 1 = 5 > 4.
    let mut stacks = around.to_vec();
    stacks.push(("e2", 2));
    let t = cash(&stacks, Side::First).play_text("e2:2 d1:2 b1:4", &Rules::default()).unwrap();
    assert_eq!(t.captured, vec![cell("c1")]);
    assert_eq!(t.captured_stones, 4);
    assert_eq!(t.position.board.get(cell("b1")), 5);
}

#[test]
fn a_stack_with_an_empty_neighbour_is_never_captured() {
    // Black's d4 (1) beside 5 + 5 + 5 of White's, d5 empty; White's e6 (1)
    // is ringed by taller Black stacks but is the mover's own.
    let stacks = [
        ("d4", 1),
        ("c4", 5),
        ("e4", 5),
        ("d3", 5),
        ("c6", 1),
        ("a2", 1),
        ("e6", 1),
        ("d6", 2),
        ("f6", 2),
        ("e5", 2),
        ("e7", 2),
    ];
    let p = cash(&stacks, Side::First);
    let t = p.play_text("a2:1 b3:1", &Rules::default()).unwrap();
    assert!(t.captured.is_empty(), "d4 has an empty neighbour; e6 is White's own");
    // Filling d5 takes d4's last freedom: 1 < 16.
    let t = p.play_text("c6:1 d5:1 (:d4) c4:1", &Rules::default()).unwrap();
    assert_eq!(t.captured, vec![cell("d4")]);
    assert_eq!(t.position.board.get(cell("e6")), 1, "the mover's stacks are never captured");
}

#[test]
fn a_middle_stack_as_tall_as_its_four_neighbours_is_not_captured() {
    // Black's d4 (5) ringed by c4, e4, d3 (1 each) and d5 once White fills it.
    let around = [("d4", 5), ("c4", 1), ("e4", 1), ("d3", 1), ("h8", 1)];
    let mut stacks = around.to_vec();
    stacks.push(("c6", 2));
    let t = cash(&stacks, Side::First).play_text("c6:2 d5:2", &Rules::default()).unwrap();
    assert!(t.captured.is_empty(), "1 + 1 + 1 + 2 = 5 is not more than 5");
    let mut stacks = around.to_vec();
    stacks.push(("c6", 3));
    let t =
        cash(&stacks, Side::First).play_text("c6:3 d5:3 (:d4) d5:5", &Rules::default()).unwrap();
    assert_eq!(t.captured, vec![cell("d4")]);
    assert_eq!(t.position.board.get(cell("d5")), 8);
}
