//! Intermedium rules, sentence by sentence (RULES.md sections 2, 4 and 6).

use crate::intermedium_support::{inter, no_first_move_rule, pos, setup};
use sowboard::{
    EndReason, Game, GameKind, IllegalMove, Outcome, PlayError, Position, PositionError, Rules,
    Side,
};

const BLUE: Side = Side::First;
const RED: Side = Side::Second;

fn rules() -> Rules {
    Rules::default()
}

/// Plays `mv` and checks that a rejection leaves the game exactly as it was.
fn reject(game: &mut Game, mv: &str) -> PlayError {
    let before = game.clone();
    let err = game.play_text(mv).expect_err(mv);
    assert_eq!(*game, before, "a rejected move changed the game");
    err
}

fn illegal(p: Position, mv: &str) -> IllegalMove {
    let mut game = Game::from_position(p, rules());
    match reject(&mut game, mv) {
        PlayError::Illegal(e) => e,
        other => panic!("{mv}: expected an illegal-move error, got {other:?}"),
    }
}

fn after(p: Position, mv: &str) -> sowboard::Transition {
    p.play_text(mv, &rules()).unwrap_or_else(|e| panic!("{mv}: {e}"))
}

#[test]
fn worked_example_neto_capture() {
    let p = pos("intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,0,2,0,0,0,0/0,4,1,1,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 10");
    let t = after(p, "a6-b5-c4-d5");
    assert_eq!(
        t.position.to_string(),
        "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,2,0,0,0,0/0,5,0,2,0,0,0/0,0,1,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 red 0 10"
    );
    assert_eq!(t.captured, vec!["c5".parse().unwrap()]);
    assert_eq!(t.captured_stones, 1);
    assert_eq!(t.outcome(&rules()), None);
}

#[test]
fn start_position_is_as_written() {
    let p = Position::start(GameKind::Intermedium);
    assert_eq!(p.side_to_move, BLUE);
    assert_eq!(p.stones_of(BLUE), 44);
    assert_eq!(p.stones_of(RED), 44);
    for c in ["a2", "c2", "e2", "g2", "b3", "d3", "f3", "a4", "c4", "e4", "g4"] {
        assert_eq!(p.board.get(c.parse().unwrap()), 4, "{c}");
        assert_eq!(Side::owner_of(c.parse().unwrap()), BLUE, "{c}");
    }
    for c in ["a7", "c7", "e7", "g7", "b8", "d8", "f8", "a9", "c9", "e9", "g9"] {
        assert_eq!(p.board.get(c.parse().unwrap()), 4, "{c}");
        assert_eq!(Side::owner_of(c.parse().unwrap()), RED, "{c}");
    }
    assert_eq!(sowboard::city(BLUE).to_string(), "d1");
    assert_eq!(sowboard::city(RED).to_string(), "d10");
    assert_eq!(p.board.get(sowboard::city(BLUE)), 0);
}

#[test]
fn sowing_drops_one_stone_per_step_and_empties_the_origin() {
    let t = after(Position::start(GameKind::Intermedium), "a4-b5-a6-b7-a8");
    let b = t.position.board;
    let at = |c: &str| b.get(c.parse().unwrap());
    assert_eq!((at("a4"), at("b5"), at("a6"), at("b7"), at("a8")), (0, 1, 1, 1, 1));
    assert_eq!(t.position.side_to_move, RED);
    assert_eq!((t.position.quiet, t.position.move_number), (1, 1));
    let t2 = after(t.position, "a7-b6-c5-d4-e3");
    assert_eq!((t2.position.quiet, t2.position.move_number), (2, 2), "MOVENO +1 after Red moves");
}

#[test]
fn a_loop_may_return_to_the_origin() {
    // NE, NW, SW, SE from c4 puts the last stone back on c4.
    let t = after(inter(&[("c4", 4)], BLUE), "c4-d5-c6-b5-c4");
    assert_eq!(t.position.board.get("c4".parse().unwrap()), 1);
}

#[test]
fn rejections_name_the_rule_and_the_place() {
    let start = Position::start(GameKind::Intermedium);
    assert!(matches!(illegal(start, "a7-b6-c5-d4-e3"), IllegalMove::NotYourStack { .. }));
    assert!(matches!(illegal(start, "b1-c2"), IllegalMove::EmptyOrigin(_)));
    assert!(matches!(illegal(start, "g4-h5-g6-h7-g8"), IllegalMove::OffBoard(_)));
    let e = illegal(start, "a2-b3-c4-d5-e7");
    assert_eq!(
        e.to_string(),
        "step 4 (d5 to e7) is not diagonal (each step goes one cell diagonally)"
    );
    let e = illegal(start, "a2-b3-c4-d5-f7");
    assert_eq!(
        e.to_string(),
        "step 4 (d5 to f7) is too long: f7 is not next to d5 (each step goes one cell diagonally)"
    );
    let e = illegal(start, "a2-b3-a2-b1-a2");
    assert_eq!(e.to_string(), "step 2 reverses step 1 (no 180-degree turn)");
    let e = illegal(start, "a2-b3-c4-d5");
    assert!(e.to_string().contains("the path has 3 cells for a stack of 4"), "{e}");
    let e = illegal(start, "a2-b3-c4-d5-e6-f7");
    assert!(e.to_string().contains("the path has 5 cells for a stack of 4"), "{e}");
    assert_eq!(illegal(start, "a2-b3-c2-d3-c4"), IllegalMove::FirstMoveRule);

    let single = inter(&[("c4", 1), ("e4", 2)], BLUE);
    let e = illegal(single, "c4-d5");
    assert_eq!(e.to_string(), "c4 holds 1 stone; only a stack of 2 or more can be sown");

    let full = inter(&[("b3", 2), ("c4", 255)], BLUE);
    assert_eq!(illegal(full, "b3-c4-d5"), IllegalMove::StackOverflow("c4".parse().unwrap()));

    let over = setup(GameKind::Intermedium, &[("b3", 2)], BLUE, 100, 9);
    let e = illegal(over, "b3-c4-d5");
    assert!(matches!(
        e,
        IllegalMove::GameOver(_, Outcome { winner: None, reason: EndReason::QuietLimit })
    ));
    assert!(e.to_string().contains("already over"), "{e}");

    let stuck = inter(&[("b3", 1), ("e7", 3)], BLUE);
    let e = illegal(stuck, "b3-c4");
    assert!(matches!(
        e,
        IllegalMove::GameOver(_, Outcome { winner: Some(RED), reason: EndReason::NoMoves })
    ));
}

/// RULES.md section 7: only a stack of *more* than 255 stones is refused; a
/// sowing that brings a stack to exactly 255 is legal, typed or built. The
/// corner stack a1 can only step onto b2 (254 stones): every move from it
/// makes b2 255 (the mirror of `a_stack_whose_every_path_passes_255_stones_cannot_move`).
#[test]
fn a_stack_may_grow_to_exactly_255() {
    let p = inter(&[("a1", 2), ("b2", 254)], RED);
    let t = after(p, "a1-b2-c3");
    assert_eq!(t.position.board.get("b2".parse().unwrap()), 255);
    let mut b = sowboard::MoveBuilder::new(&p, &rules());
    assert!(b.origins().contains(&"a1".parse().unwrap()), "origins: {:?}", b.origins());
    b.select_origin("a1".parse().unwrap()).unwrap();
}

#[test]
fn notation_errors_change_nothing() {
    let mut game = Game::new(GameKind::Intermedium, rules());
    for bad in ["", "a2", "a2-", "a2-b3-c4-d5-q", "hello", "a2 b3 c4 d5 e6"] {
        assert!(matches!(reject(&mut game, bad), PlayError::Notation(_)), "{bad}");
    }
}

#[test]
fn first_move_rule_needs_a_drop_on_an_empty_cell() {
    // All four cells of the loop other than the origin are occupied: only the
    // origin, which was not empty before the move, receives a "new" stone.
    let p = setup(
        GameKind::Intermedium,
        &[("c4", 4), ("d5", 1), ("c6", 1), ("b5", 1), ("e9", 2)],
        BLUE,
        0,
        1,
    );
    assert_eq!(illegal(p, "c4-d5-c6-b5-c4"), IllegalMove::FirstMoveRule);
    // The same move is fine from move 2 on, or with the rule off.
    let mut later = p;
    later.move_number = 2;
    assert!(later.play_text("c4-d5-c6-b5-c4", &rules()).is_ok());
    assert!(p.play_text("c4-d5-c6-b5-c4", &no_first_move_rule()).is_ok());
    // Red's first move is bound too (move number is still 1).
    let red = setup(
        GameKind::Intermedium,
        &[("c5", 4), ("d6", 1), ("c7", 1), ("b6", 1), ("e8", 2)],
        RED,
        0,
        1,
    );
    assert_eq!(illegal(red, "c5-d6-c7-b6-c5"), IllegalMove::FirstMoveRule);
    // One drop on an empty cell is enough.
    assert!(Position::start(GameKind::Intermedium).play_text("a2-b3-c4-d5-e6", &rules()).is_ok());
}

/// d5 is Blue's landing cell, e5 a Red stack beside it with e4, f5 and e6
/// around it; the last stone reaches d5 via a loop that dropped on it earlier.
#[test]
fn stones_dropped_earlier_in_the_move_count_for_the_capture() {
    let p = inter(&[("c4", 5), ("e5", 3), ("e4", 1), ("f5", 1), ("f10", 2)], BLUE);
    let t = after(p, "c4-d5-e6-d7-c6-d5");
    assert_eq!(t.captured, vec!["e5".parse().unwrap()]);
    assert_eq!(t.captured_stones, 3);
    assert_eq!(t.position.quiet, 0);
    assert_eq!(t.position.board.get("e5".parse().unwrap()), 0);
}

#[test]
fn capture_needs_exactly_one_stone_before_the_last_drop() {
    // e5 (Red) would be surrounded by d5, f5, e4, e6 after the move.
    let around = [("e5", 2), ("f5", 1), ("e4", 1), ("e6", 1), ("f10", 2)];
    for (before, captures) in [(0u8, false), (1, true), (2, false)] {
        let mut stacks = around.to_vec();
        stacks.push(("b3", 2));
        if before > 0 {
            stacks.push(("d5", before));
        }
        let t = after(inter(&stacks, BLUE), "b3-c4-d5");
        assert_eq!(!t.captured.is_empty(), captures, "d5 held {before}");
    }
}

#[test]
fn a_stack_with_an_empty_neighbour_survives() {
    let t = after(
        inter(&[("b3", 2), ("d5", 1), ("e5", 2), ("f5", 1), ("e4", 1), ("f10", 2)], BLUE),
        "b3-c4-d5",
    );
    assert!(t.captured.is_empty(), "e6 is empty");
}

#[test]
fn edge_and_multiple_captures_are_judged_together() {
    // Landing on b3 beside Red's a3 (edge: a2, a4, b3) and c3 (b3, d3, c2, c4).
    let p = inter(
        &[
            ("d5", 2),
            ("b3", 1),
            ("a3", 3),
            ("a2", 1),
            ("a4", 1),
            ("c3", 4),
            ("d3", 1),
            ("c2", 1),
            ("f10", 2),
        ],
        BLUE,
    );
    let t = after(p, "d5-c4-b3");
    let names: Vec<String> = t.captured.iter().map(|c| c.to_string()).collect();
    assert_eq!(names, ["a3", "c3"]);
    assert_eq!(t.captured_stones, 7);
}

#[test]
fn surrounding_the_enemy_city_wins_even_when_it_is_empty() {
    // Red's city d10 has neighbours c10, e10, d9. Blue lands on d9 holding 1.
    let p = inter(&[("c10", 1), ("e10", 1), ("d9", 1), ("b7", 2), ("a2", 2)], BLUE);
    let t = after(p, "b7-c8-d9");
    assert_eq!(t.decisive, Some(Outcome::win(BLUE, EndReason::CityCaptured)));
    assert!(t.captured.is_empty(), "an empty city is no stack");
    assert_eq!(t.position.quiet, 1, "capturing an empty city captures no stack");
    assert_eq!(
        t.position.side_to_move, RED,
        "the position after the winning move is written normally"
    );

    // A stack on the city is captured too.
    let p = inter(&[("c10", 1), ("e10", 1), ("d9", 1), ("d10", 3), ("b7", 2), ("a2", 2)], BLUE);
    let t = after(p, "b7-c8-d9");
    assert_eq!(t.decisive, Some(Outcome::win(BLUE, EndReason::CityCaptured)));
    assert_eq!(t.captured_stones, 3);
    assert_eq!(t.position.quiet, 0);

    // Not surrounded: no win.
    let p = inter(&[("c10", 1), ("d9", 1), ("b7", 2), ("a2", 2)], BLUE);
    assert_eq!(after(p, "b7-c8-d9").decisive, None);
    // Landing with 0 before the last drop: no win.
    let p = inter(&[("c10", 1), ("e10", 1), ("b7", 2), ("a2", 2)], BLUE);
    assert_eq!(after(p, "b7-c8-d9").decisive, None);
}

#[test]
fn red_wins_by_blue_city_and_the_game_then_refuses_moves() {
    // Blue's city d1: neighbours c1, e1, d2 (Red's colour is even: d2 is odd?
    // d2 = file 3 rank 1 -> 4 even: Red lands on d2).
    let p = setup(
        GameKind::Intermedium,
        &[("c1", 1), ("e1", 1), ("d2", 1), ("f4", 2), ("a2", 2)],
        RED,
        3,
        7,
    );
    let mut game = Game::from_position(p, rules());
    game.play_text("f4-e3-d2").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::win(RED, EndReason::CityCaptured)));
    let e = reject(&mut game, "a2-b3");
    assert!(e.to_string().contains("already over"), "{e}");
}

#[test]
fn a_player_without_a_legal_move_loses() {
    let p = inter(&[("b3", 1), ("c4", 1), ("e7", 2)], BLUE);
    assert_eq!(p.status(&rules()), Some(Outcome::win(RED, EndReason::NoMoves)));
    assert!(p.legal_moves(&rules(), 1000).unwrap().is_empty());
    // The move that leaves the opponent without a move ends the game then.
    let p = inter(&[("b3", 2), ("e7", 1)], BLUE);
    let mut game = Game::from_position(p, rules());
    game.play_text("b3-c4-d5").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::win(BLUE, EndReason::NoMoves)));
}

#[test]
fn the_quiet_ply_limit_draws_and_a_win_beats_it() {
    let p = setup(GameKind::Intermedium, &[("b3", 2), ("b10", 2), ("f10", 2)], BLUE, 99, 40);
    let mut game = Game::from_position(p, rules());
    game.play_text("b3-c4-d5").unwrap();
    assert_eq!(game.position().quiet, 100);
    assert_eq!(game.outcome(), Some(Outcome::draw(EndReason::QuietLimit)));
    // Off with 0.
    let off = Rules { quiet_ply_limit: 0, ..rules() };
    assert_eq!(p.play_text("b3-c4-d5", &off).unwrap().outcome(&off), None);
    // A city capture on the ply that reaches the limit is a win.
    let p = setup(
        GameKind::Intermedium,
        &[("c10", 1), ("e10", 1), ("d9", 1), ("b7", 2), ("a2", 2)],
        BLUE,
        99,
        40,
    );
    let t = p.play_text("b7-c8-d9", &rules()).unwrap();
    assert_eq!(t.position.quiet, 100);
    assert_eq!(t.outcome(&rules()), Some(Outcome::win(BLUE, EndReason::CityCaptured)));
    // Leaving the opponent without a move on that ply is a win too.
    let p = setup(GameKind::Intermedium, &[("b3", 2), ("e6", 1)], BLUE, 99, 40);
    let t = p.play_text("b3-c4-d5", &rules()).unwrap();
    assert_eq!(t.outcome(&rules()), Some(Outcome::win(BLUE, EndReason::NoMoves)));
}

#[test]
fn finished_position_strings_have_no_moves() {
    let quiet = setup(GameKind::Intermedium, &[("b3", 2), ("f10", 2)], BLUE, 100, 40);
    assert_eq!(quiet.status(&rules()), Some(Outcome::draw(EndReason::QuietLimit)));
    assert!(quiet.legal_moves(&rules(), 1000).unwrap().is_empty());
    assert_eq!(sowboard::perft(&quiet, &rules(), 1), Ok(0));
}

/// Three stones on a diamond of four cells cycle forever: the 2-stack sows
/// onto the single stone and the next cell, so the shape turns a quarter.
/// Blue cycles on c4 d5 c6 b5, Red on f8 g9 f10 e9; after 8 plies the
/// position is back, after 16 it occurs for the third time.
#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let p = inter(&[("c4", 2), ("d5", 1), ("f8", 2), ("g9", 1)], BLUE);
    let cycle = [
        "c4-d5-c6",
        "f8-g9-f10",
        "d5-c6-b5",
        "g9-f10-e9",
        "c6-b5-c4",
        "f10-e9-f8",
        "b5-c4-d5",
        "e9-f8-g9",
    ];
    let mut game = Game::from_position(p, rules());
    for (i, mv) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(game.outcome(), None, "ended early, before ply {}", i + 1);
        game.play_text(mv).unwrap();
    }
    assert_eq!(*game.position(), Position { quiet: 16, move_number: 13, ..p });
    assert_eq!(game.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    assert!(game.play_text("c4-d5-c6").is_err());
    // With the option off the same moves go on.
    let mut off = Game::from_position(p, Rules { repetition_draw: false, ..rules() });
    for mv in cycle.iter().chain(cycle.iter()).chain(cycle.iter()) {
        off.play_text(mv).unwrap();
    }
    assert_eq!(off.outcome(), None);
}

#[test]
fn undo_and_redo_restore_exact_states() {
    let mut game = Game::new(GameKind::Intermedium, rules());
    let fresh = game.clone();
    game.play_text("a4-b5-a6-b7-a8").unwrap();
    let one = game.clone();
    game.play_text("a7-b6-c5-d4-e3").unwrap();
    assert_eq!(game.undo().map(|m| m.to_string()), Some("a7-b6-c5-d4-e3".into()));
    assert_eq!(game.position(), one.position());
    game.undo();
    assert_eq!(game.position(), fresh.position());
    assert_eq!(game.undo(), None);
    game.redo();
    assert_eq!(game.position(), one.position());
    // A new move clears the redo list.
    game.play_text("a7-b6-c5-d4-e3").unwrap();
    assert!(!game.can_redo());
}

/// RULES.md section 2 part 5: the ring around Red's city d10 (c10, e10, d9)
/// is complete after each move below, but the last stone lands on a cell
/// that did not hold exactly one stone, so the city stands.
#[test]
fn a_complete_ring_wins_only_when_the_last_stone_joins_a_single_stone() {
    // e10 was empty: the last stone completes the ring on an empty cell.
    let p = inter(&[("c10", 2), ("d9", 1), ("g8", 2), ("a3", 2)], BLUE);
    let t = after(p, "g8-f9-e10");
    assert_eq!(t.decisive, None, "e10 held 0 before the last drop");
    assert_eq!(t.outcome(&rules()), None);
    // c10 held 2: the last stone makes 3.
    let p = inter(&[("c10", 2), ("d9", 1), ("e10", 1), ("a8", 2), ("a3", 2)], BLUE);
    let t = after(p, "a8-b9-c10");
    assert_eq!(t.decisive, None, "c10 held 2 before the last drop");
    // The same ring, landing on e10 that held 1: Red's city falls.
    let p = inter(&[("c10", 2), ("d9", 1), ("e10", 1), ("g8", 2), ("a3", 2)], BLUE);
    assert_eq!(after(p, "g8-f9-e10").decisive, Some(Outcome::win(BLUE, EndReason::CityCaptured)));
}

/// RULES.md section 4: QUIET and MOVENO are plain decimal counts; values past
/// 16 bits read back exactly, values past 32 bits are refused by name.
#[test]
fn position_counters_hold_32_bit_values() {
    let board = "0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,2,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0";
    for n in [65_535u64, 65_536, 70_000, 4_294_967_295] {
        let text = format!("intermedium {board} blue {n} {n}");
        let p = pos(&text);
        assert_eq!((u64::from(p.quiet), u64::from(p.move_number)), (n, n), "{text}");
        assert_eq!(p.to_string(), text);
    }
    let e = format!("intermedium {board} blue 4294967296 1").parse::<Position>().unwrap_err();
    assert!(e.to_string().to_lowercase().contains("quiet"), "{e}");
    let e = format!("intermedium {board} blue 0 4294967296").parse::<Position>().unwrap_err();
    assert!(e.to_string().to_lowercase().contains("move"), "{e}");
}

/// RULES.md section 4: stone counts and counters are plain decimal numbers.
/// A sign or an empty field is not a number; a number of any length is one,
/// and past the field's range it is refused as too large, naming the cell.
#[test]
fn position_counts_are_plain_decimal_numbers() {
    let ranks = |a10: &str| {
        format!("{a10},0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,2,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0")
    };
    let read = |a10: &str, quiet: &str, move_number: &str| {
        format!("intermedium {} blue {quiet} {move_number}", ranks(a10)).parse::<Position>()
    };
    let bad_count = |text: &str| PositionError::BadCount { cell: "a10".into(), text: text.into() };
    let too_large =
        |text: &str| PositionError::CountTooLarge { cell: "a10".into(), text: text.into() };
    assert_eq!(read("+4", "0", "1"), Err(bad_count("+4")));
    assert_eq!(read("", "0", "1"), Err(bad_count("")));
    assert_eq!(read("0x4", "0", "1"), Err(bad_count("0x4")));
    for huge in ["256", "1000000000000", "99999999999999999999999999"] {
        assert_eq!(read(huge, "0", "1"), Err(too_large(huge)), "{huge}");
    }
    assert_eq!(read("255", "0", "1").map(|p| p.board.get("a10".parse().unwrap())), Ok(255));
    assert_eq!(read("0", "+1", "1"), Err(PositionError::BadQuiet("+1".into())));
    assert_eq!(read("0", "0", "+1"), Err(PositionError::BadMoveNumber("+1".into())));
    assert_eq!(read("0", "0", "0"), Err(PositionError::BadMoveNumber("0".into())));
    let e = read("1000000000000", "0", "1").unwrap_err().to_string();
    assert!(e.contains("a10") && e.contains("255"), "{e}");
}

/// RULES.md section 4: RANKS runs from the top rank down to rank 1, so a
/// rank of the wrong length is named by its number counted from the bottom.
#[test]
fn a_rank_of_the_wrong_length_is_named_by_its_number() {
    let rows = ["0,0,0,0,0,0,0"; 10];
    for (i, rank) in [(0, 10), (5, 5), (9, 1)] {
        let mut r = rows;
        r[i] = "0,0,0,0,0,0";
        let text = format!("intermedium {} blue 0 1", r.join("/"));
        let e = text.parse::<Position>().unwrap_err();
        assert_eq!(e, PositionError::CellCount { rank, expected: 7, found: 6 }, "{text}");
    }
}
