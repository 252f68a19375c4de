//! The Cash in Hand move builder: stages, offered choices, errors, undo.

use crate::cash_support::*;
use sowboard::{Cell, IllegalMove, MoveBuilder, PlayError, Position, Rules, Side, Stage};

const BROWNE: &str = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20";

/// What an observer of the builder can see; equal snapshots mean nothing changed.
fn snapshot(b: &MoveBuilder) -> String {
    format!(
        "{:?} {:?} {} {:?} {:?} {} {:?} {:?} {:?}",
        b.stage(),
        b.origin(),
        b.cash(),
        b.path(),
        b.captured(),
        b.to_place(),
        b.board(),
        b.count_options(),
        b.step_options()
    )
}

/// Applies a builder call that must fail with `expected`, changing nothing.
fn refused(
    b: &mut MoveBuilder,
    expected: IllegalMove,
    call: impl FnOnce(&mut MoveBuilder) -> Result<(), IllegalMove>,
) {
    let before = snapshot(b);
    assert_eq!(call(b), Err(expected));
    assert_eq!(snapshot(b), before, "a refused choice must change nothing");
}

#[test]
fn browne_example_built_click_by_click() {
    let rules = Rules::default();
    let p = pos(BROWNE);
    let mut b = MoveBuilder::new(&p, &rules);
    assert_eq!(b.stage(), Stage::Origin);
    let origins: Vec<String> = b.origins().iter().map(|c| c.to_string()).collect();
    assert_eq!(origins, ["d2", "c3", "e3", "g7"]);
    b.select_origin(cell("c3")).unwrap();
    assert_eq!(b.stage(), Stage::Count);
    assert_eq!(b.count_options(), (1..=14).collect::<Vec<u8>>());
    b.pick_up(8).unwrap();
    assert_eq!((b.stage(), b.cash()), (Stage::Step, 8));
    assert_eq!(b.place_range(cell("g6")), None, "no placing before the sowing ends");
    assert_eq!(b.board().get(cell("c3")), 6);
    // From c3 with 8: b2, d4 and b4 are free; d2 (3 stones) too.
    let d4 = b.step_options().into_iter().find(|o| o.cell == cell("d4")).unwrap();
    assert_eq!(d4.drops(), (1..=8).collect::<Vec<u8>>());
    b.step(cell("d4"), 3).unwrap();
    b.step(cell("e5"), 1).unwrap();
    assert_eq!(b.cash(), 4);
    b.step(cell("f4"), 4).unwrap();
    assert_eq!(b.stage(), Stage::Place);
    assert_eq!(b.path(), vec![(cell("d4"), 3), (cell("e5"), 1), (cell("f4"), 4)]);
    assert_eq!(b.captured(), vec![cell("d3"), cell("e4")]);
    assert_eq!(b.to_place(), 5);
    assert_eq!(
        b.board().get(cell("d3")),
        0,
        "captured stacks are gone once the sowing is complete"
    );
    let targets = b.place_options();
    assert!(
        targets.contains(&cell("g6"))
            && targets.contains(&cell("g7"))
            && targets.contains(&cell("c3"))
    );
    assert!(!targets.contains(&cell("d3")) && !targets.contains(&cell("e4")));
    b.place(cell("g6"), 1).unwrap();
    assert!(!b.place_options().contains(&cell("g6")), "each cell at most once");
    b.place(cell("g7"), 4).unwrap();
    assert_eq!(b.stage(), Stage::Done);
    let t = b.finish().unwrap();
    assert_eq!(t, p.play_text("c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4", &rules).unwrap());
    assert_eq!(b.board(), t.position.board);

    // Undo takes back placements, steps, the count and the origin in turn.
    assert!(b.undo());
    assert_eq!((b.stage(), b.to_place()), (Stage::Place, 4));
    assert!(b.undo());
    assert!(b.undo());
    assert_eq!((b.stage(), b.cash()), (Stage::Step, 4));
    assert!(b.captured().is_empty());
    assert!(b.undo() && b.undo());
    assert_eq!((b.stage(), b.cash()), (Stage::Step, 8));
    assert!(b.undo());
    assert_eq!(b.stage(), Stage::Count);
    assert_eq!(b.board(), p.board);
    assert!(b.undo());
    assert_eq!(b.stage(), Stage::Origin);
    assert!(!b.undo());
}

#[test]
fn a_move_without_captures_goes_straight_to_done() {
    let rules = Rules::default();
    let p = pos(BROWNE);
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("e3")).unwrap();
    b.pick_up(1).unwrap();
    b.step(cell("f4"), 1).unwrap();
    assert_eq!(b.stage(), Stage::Done);
    assert!(b.place_options().is_empty());
    assert_eq!(b.finish().unwrap().mv.to_string(), "e3:1 f4:1");
}

#[test]
fn counts_and_steps_offered_follow_the_gates() {
    let rules = Rules::default();
    // a1 can only step to b2, between b1 and a2 (2 together).
    let p = cash(&[("a1", 4), ("b1", 1), ("a2", 1), ("c3", 3), ("h1", 1)], Side::Second);
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("a1")).unwrap();
    assert_eq!(b.count_options(), vec![2, 3, 4]);
    refused(&mut b, IllegalMove::NoFirstStep { origin: cell("a1"), cash: 1 }, |b| b.pick_up(1));
    b.pick_up(4).unwrap();
    let options = b.step_options();
    assert_eq!(options.len(), 1);
    // From b2 (a1 visited) the cheapest way on is c1 or a3 (1 stone): up to 3
    // may be dropped on b2 and keep going; c3 (3 stones) would need 3.
    assert_eq!((options[0].cell, options[0].drops()), (cell("b2"), vec![1, 2, 3, 4]));
}

#[test]
fn wrong_input_is_refused_with_the_rules_errors_and_changes_nothing() {
    let rules = Rules::default();
    let p = pos(BROWNE);
    let mut b = MoveBuilder::new(&p, &rules);
    refused(&mut b, IllegalMove::NotYourStack { cell: cell("d3") }, |b| {
        b.select_origin(cell("d3"))
    });
    refused(&mut b, IllegalMove::EmptyOrigin(cell("a1")), |b| b.select_origin(cell("a1")));
    refused(&mut b, IllegalMove::OffBoard(cell("i9")), |b| b.select_origin(cell("i9")));
    refused(&mut b, IllegalMove::NoOriginYet, |b| b.pick_up(1));
    refused(&mut b, IllegalMove::NoOriginYet, |b| b.step(cell("d4"), 1));
    refused(&mut b, IllegalMove::WrongStage { action: "place stones" }, |b| b.place(cell("c3"), 1));
    b.select_origin(cell("c3")).unwrap();
    refused(&mut b, IllegalMove::PickUpZero, |b| b.pick_up(0));
    refused(&mut b, IllegalMove::PickUpTooMany { count: 40, stack: 14 }, |b| b.pick_up(40));
    refused(&mut b, IllegalMove::WrongStage { action: "step" }, |b| b.step(cell("d4"), 1));
    b.pick_up(3).unwrap();
    refused(&mut b, IllegalMove::NotDiagonal { step: 1, from: cell("c3"), to: cell("c4") }, |b| {
        b.step(cell("c4"), 1)
    });
    refused(&mut b, IllegalMove::ZeroDrop { step: 1, cell: cell("d4") }, |b| b.step(cell("d4"), 0));
    refused(&mut b, IllegalMove::DropsDontAddUp { dropped: 4, picked: 3 }, |b| {
        b.step(cell("d4"), 4)
    });
    b.step(cell("d4"), 1).unwrap();
    refused(&mut b, IllegalMove::Revisit { step: 2, cell: cell("c3") }, |b| b.step(cell("c3"), 1));
    let gate =
        IllegalMove::GateBlocked { step: 2, a: cell("e4"), b: cell("d3"), height: 5, cash: 2 };
    refused(&mut b, gate, |b| b.step(cell("e3"), 2));
    assert!(b.undo() && b.undo());
    b.pick_up(2).unwrap();
    let tall = IllegalMove::TargetTooTall { step: 1, cell: cell("d2"), height: 3, cash: 2 };
    refused(&mut b, tall, |b| b.step(cell("d2"), 2));
    assert!(
        b.step_options().iter().all(|o| o.cell != cell("d2")),
        "a refused target is never offered"
    );

    // Placement errors, in Browne's example.
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("c3")).unwrap();
    b.pick_up(8).unwrap();
    refused(&mut b, IllegalMove::WrongStage { action: "place stones" }, |b| b.place(cell("g6"), 1));
    for (c, d) in [("d4", 3), ("e5", 1), ("f4", 4)] {
        b.step(cell(c), d).unwrap();
    }
    refused(&mut b, IllegalMove::PlaceZero(cell("g6")), |b| b.place(cell("g6"), 0));
    refused(&mut b, IllegalMove::PlaceOnEmpty(cell("d3")), |b| b.place(cell("d3"), 1));
    refused(&mut b, IllegalMove::PlaceOnEmpty(cell("a1")), |b| b.place(cell("a1"), 1));
    refused(&mut b, IllegalMove::RedistributionSum { placed: 6, captured: 5 }, |b| {
        b.place(cell("g6"), 6)
    });
    b.place(cell("g6"), 2).unwrap();
    refused(&mut b, IllegalMove::PlaceTwice(cell("g6")), |b| b.place(cell("g6"), 1));
    refused(&mut b, IllegalMove::RedistributionSum { placed: 6, captured: 5 }, |b| {
        b.place(cell("g7"), 4)
    });
}

#[test]
fn a_partial_drop_that_would_leave_the_cash_stuck_is_refused() {
    let rules = Rules::default();
    let p = cash(&[("a1", 2), ("c1", 2), ("a3", 2), ("c3", 2), ("h1", 1)], Side::Second);
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("a1")).unwrap();
    b.pick_up(2).unwrap();
    let options = b.step_options();
    assert_eq!((options[0].cell, options[0].drops()), (cell("b2"), vec![2]), "all or nothing");
    refused(&mut b, IllegalMove::Stuck { cell: cell("b2"), cash: 1 }, |b| b.step(cell("b2"), 1));
    b.step(cell("b2"), 2).unwrap();
    assert_eq!(b.stage(), Stage::Done);
}

#[test]
fn a_finished_game_offers_nothing() {
    let rules = Rules::default();
    let p: Position = cash(&[("a1", 1), ("b1", 1), ("a2", 1)], Side::Second);
    let mut b = MoveBuilder::new(&p, &rules);
    assert!(b.origins().is_empty());
    assert!(matches!(b.select_origin(cell("a1")), Err(IllegalMove::GameOver(..))));
    assert_eq!(b.stage(), Stage::Origin);
    assert!(b.finish().is_none());
}

#[test]
fn choosing_another_origin_starts_afresh() {
    let rules = Rules::default();
    let p = pos(BROWNE);
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("c3")).unwrap();
    b.pick_up(2).unwrap();
    b.step(cell("d4"), 1).unwrap();
    b.select_origin(cell("e3")).unwrap();
    assert_eq!((b.stage(), b.origin(), b.path().len()), (Stage::Count, Some(cell("e3")), 0));
    assert_eq!(b.board(), p.board);
}

#[test]
fn stacks_near_255_limit_what_is_offered() {
    let rules = Rules::default();
    // 400 stones: dropping all 200 on d4 would make 400.
    let p = cash(&[("c3", 200), ("d4", 200), ("h1", 1)], Side::Second);
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("c3")).unwrap();
    b.pick_up(200).unwrap();
    let d4 = b.step_options().into_iter().find(|o| o.cell == cell("d4")).unwrap();
    assert_eq!(d4.drops(), (1..=55).collect::<Vec<u8>>(), "only drops that keep d4 within 255");
    refused(&mut b, IllegalMove::StackOverflow(cell("d4")), |b| b.step(cell("d4"), 56));
    b.step(cell("d4"), 55).unwrap();
    assert_eq!(b.board().get(cell("d4")), 255);
}

#[test]
fn builder_generator_and_brute_force_agree_when_a_stack_is_full() {
    let rules = Rules::default();
    // White's d3 falls to e5-d4; its stone may not go on White's full g2.
    let p =
        cash(&[("e5", 1), ("d3", 1), ("d2", 1), ("c3", 1), ("e3", 1), ("g2", 255)], Side::Second);
    let brute = brute_force(&p, &rules);
    assert_eq!(generated(&p, &rules), brute);
    assert_eq!(builder_moves(&p, &rules), brute);
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("e5")).unwrap();
    b.pick_up(1).unwrap();
    b.step(cell("d4"), 1).unwrap();
    assert_eq!(b.stage(), Stage::Place);
    assert!(!b.place_options().contains(&cell("g2")));
    refused(&mut b, IllegalMove::StackOverflow(cell("g2")), |b| b.place(cell("g2"), 1));
}

/// Over 255 stones a capture can be impossible to put back: here every
/// stack left after d4 falls holds 255, so the builder must not offer
/// dropping all 255 stones from c6 on d5 (which takes d4's last freedom).
#[test]
fn a_sowing_whose_captures_cannot_be_put_back_is_not_offered() {
    let p = cash(
        &[("d4", 1), ("c4", 255), ("e4", 255), ("d3", 255), ("c6", 255), ("h8", 255)],
        Side::First,
    );
    let rules = Rules::default();
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("c6")).unwrap();
    b.pick_up(255).unwrap();
    let d5 = b.step_options().into_iter().find(|o| o.cell == cell("d5")).expect("d5 is open");
    assert!(!d5.drops().contains(&255), "no room for d4's stone after c6:255 d5:255");
    assert!(d5.drops().contains(&1));
    assert!(p.play_text("c6:255 d5:255", &rules).is_err());
}

/// Over 255 stones a stack can have a legal first step and still no move:
/// Black's a1 (255 stones) can only step to b2, which holds 255, so any drop
/// there would pass 255 stones. b2 itself can move.
#[test]
fn a_first_step_onto_a_full_stack_starts_no_move() {
    let rules = Rules::default();
    let p = cash(&[("a1", 255), ("b2", 255), ("h1", 1)], Side::Second);
    let mut b = MoveBuilder::new(&p, &rules);
    assert_eq!(b.origins(), vec![cell("b2")]);
    refused(&mut b, IllegalMove::NoLegalMoveFrom(cell("a1")), |b| b.select_origin(cell("a1")));
    // b2's 255 may go to c1, a3 or c3, not to a1 (255 already).
    b.select_origin(cell("b2")).unwrap();
    b.pick_up(255).unwrap();
    let targets: Vec<Cell> = b.step_options().iter().map(|o| o.cell).collect();
    assert_eq!(targets.len(), 3);
    assert!(!targets.contains(&cell("a1")), "no drop on a1 can be finished");
    assert_eq!(
        p.play_text("a1:255 b2:255", &rules),
        Err(PlayError::Illegal(IllegalMove::StackOverflow(cell("b2"))))
    );
}

/// The targets of the next step with the drops offered at each.
fn steps(b: &MoveBuilder) -> Vec<(Cell, Vec<u8>)> {
    b.step_options().iter().map(|o| (o.cell, o.drops())).collect()
}

/// A builder on `p` with `origin`'s stack of 255 selected, after checking
/// that it offers every pick-up but the whole stack and refuses that one.
fn all_but_255_offered(p: &Position, rules: &Rules, origin: &str) -> MoveBuilder {
    let mut b = MoveBuilder::new(p, rules);
    b.select_origin(cell(origin)).unwrap();
    assert_eq!(b.count_options(), (1..=254).collect::<Vec<u8>>());
    refused(&mut b, IllegalMove::NoLegalMoveFrom(cell(origin)), |b| b.pick_up(255));
    b
}

/// Over 255 stones a pick-up can have legal first steps and still no legal
/// finish; the builder offers a count only if some sowing of it can end
/// legally. White's c6 can step only to d5: b5, b7 and d7 hold 255 (no drop
/// fits), and from d5 c4 and e4 hold 255 and the gate to e6 holds 510. With
/// all 255 stones picked up, c6 is empty and the last drop on d5 takes
/// Black's d4 (1 stone), with no room left on any stack for it.
#[test]
fn a_count_whose_every_sowing_ends_in_an_overflow_is_not_offered() {
    let rules = Rules::default();
    let full = [("b5", 255), ("b7", 255), ("d7", 255), ("c4", 255), ("e4", 255), ("d3", 255)];
    let mut stacks = vec![("c6", 255), ("d4", 1), ("d6", 255), ("e5", 255)];
    stacks.extend(full);
    let p = cash(&stacks, Side::First);
    all_but_255_offered(&p, &rules, "c6");
    // With one stone left on c6, d4's stone can go there.
    assert!(p.play_text("c6:254 d5:254 (:d4) c6:1", &rules).is_ok());

    // White's f3 can step only to g2 (e2, e4, g4 hold 255), g2 holds 254 and
    // from there only h1 (2 stones) is open (f1, h3 hold 255). So at most 1
    // stone may go on g2, and the rest on h1: that fits for 254 stones
    // (h1 ends at 255) but not for 255.
    let full = [("e2", 255), ("e4", 255), ("g4", 255), ("f1", 255), ("h3", 255)];
    let mut stacks = vec![("f3", 255), ("g2", 254), ("h1", 2), ("a1", 1)];
    stacks.extend(full);
    let p = cash(&stacks, Side::First);
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("f3")).unwrap();
    assert_eq!(b.count_options(), vec![254]);
    refused(&mut b, IllegalMove::NoLegalMoveFrom(cell("f3")), |b| b.pick_up(255));
    b.pick_up(254).unwrap();
    assert_eq!(steps(&b), vec![(cell("g2"), vec![1])]);
    b.step(cell("g2"), 1).unwrap();
    assert_eq!(steps(&b), vec![(cell("h1"), vec![253])]);
    b.step(cell("h1"), 253).unwrap();
    assert_eq!(b.finish().unwrap(), p.play_text("f3:254 g2:1 h1:253", &rules).unwrap());
    assert!(p.play_text("f3:255 g2:1 h1:254", &rules).is_err());
}

/// Two more pick-ups of all 255 stones from White's a8 with no legal finish:
/// a8 can step only to b7, and from b7 only c8 is open (a6 and c6 hold 255,
/// as do the cells that would let c8 go on).
#[test]
fn a_pick_up_is_offered_only_if_a_legal_sowing_finishes_it() {
    let rules = Rules::default();
    let walls = [("a6", 255), ("c6", 255), ("d7", 255)];
    // b7 (1 stone) cannot take all 255, and c8 (200) takes no stones that
    // leave the rest a way on: its only other neighbour is b7, visited.
    let mut stacks = vec![("a8", 255), ("b7", 1), ("c8", 200), ("h8", 1)];
    stacks.extend(walls);
    let p = cash(&stacks, Side::First);
    let mut b = all_but_255_offered(&p, &rules, "a8");
    // With 254, b7 must take them all: any less would have to go on to c8
    // and come back.
    b.pick_up(254).unwrap();
    assert_eq!(steps(&b), vec![(cell("b7"), vec![254])]);
    // Going back to b7 would be the only way on from c8.
    assert_eq!(
        p.play_text("a8:255 b7:1 c8:54 b7:200", &rules),
        Err(PlayError::Illegal(IllegalMove::Stuck { cell: cell("c8"), cash: 200 }))
    );

    // Any sowing of 255 that reaches b7 takes Black's b6 (255 stones): its
    // other neighbours a6, c6 and b5 hold 255. With a8 emptied, b7 and c8
    // can take only 254 of them back, whatever the drops.
    let mut stacks = vec![("a8", 255), ("c8", 1), ("b6", 255), ("b5", 255)];
    stacks.extend(walls);
    let p = cash(&stacks, Side::First);
    all_but_255_offered(&p, &rules, "a8");
    assert!(p.play_text("a8:254 b7:254 (:b6) a8:1 b7:1 c8:253", &rules).is_ok());
}

/// Over 255 stones each placement must leave room for the stones still to
/// place: White's c6:250 d5:250 takes Black's d4 (10 stones), and only d5
/// (room for 5) and h1 (room for 8) are not full.
#[test]
fn a_placement_leaves_room_for_the_rest() {
    let rules = Rules::default();
    let p = cash(
        &[("c6", 250), ("d4", 10), ("c4", 255), ("e4", 255), ("d3", 255), ("h1", 247), ("h8", 255)],
        Side::First,
    );
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("c6")).unwrap();
    b.pick_up(250).unwrap();
    assert_eq!(b.place_range(cell("h1")), None, "nothing to place before the sowing ends");
    b.step(cell("d5"), 250).unwrap();
    assert_eq!((b.stage(), b.captured(), b.to_place()), (Stage::Place, vec![cell("d4")], 10));
    assert_eq!(b.place_options(), vec![cell("d5"), cell("h1")]);
    assert_eq!(b.place_range(cell("d5")), Some((2, 5)));
    assert_eq!(b.place_range(cell("h1")), Some((5, 8)));
    for not_a_stack in ["d4", "a1", "c6"] {
        assert_eq!(b.place_range(cell(not_a_stack)), None, "{not_a_stack} is empty");
    }
    refused(&mut b, IllegalMove::NoLegalMoveFrom(cell("d5")), |b| b.place(cell("d5"), 1));
    b.place(cell("d5"), 2).unwrap();
    assert_eq!(b.place_range(cell("d5")), None, "each cell at most once");
    assert_eq!(b.place_range(cell("h1")), Some((8, 8)));
    b.place(cell("h1"), 8).unwrap();
    let t = b.finish().unwrap();
    assert_eq!(t, p.play_text("c6:250 d5:250 (:d4) d5:2 h1:8", &rules).unwrap());
}

/// Over 255 stones the drops that can be finished need not start at 1
/// (issue 19): Black's c1 (255) can step only to b2 (250, room for 5), and
/// from b2 only to a1 (a3 and c3 are behind gates of 256, c1 is visited).
/// A drop of 1 on b2 leaves 254 for a1's 2 stones (256): only drops 2 to 5
/// can be finished, and the builder offers exactly those.
#[test]
fn the_drops_offered_need_not_start_at_1() {
    let rules = Rules::default();
    let gates = [("a2", 1), ("c2", 1), ("b3", 255), ("d1", 255)];
    let mut stacks = vec![("c1", 255), ("b2", 250), ("a1", 2)];
    stacks.extend(gates);
    let p = cash(&stacks, Side::Second);
    let mut b = MoveBuilder::new(&p, &rules);
    b.select_origin(cell("c1")).unwrap();
    b.pick_up(255).unwrap();
    assert_eq!(steps(&b), vec![(cell("b2"), vec![2, 3, 4, 5])]);
    refused(&mut b, IllegalMove::NoLegalMoveFrom(cell("b2")), |b| b.step(cell("b2"), 1));
    b.step(cell("b2"), 2).unwrap();
    assert_eq!(steps(&b), vec![(cell("a1"), vec![253])]);
    assert_eq!(builder_moves(&p, &rules), generated(&p, &rules));
}
