//! The Intermedium move builder, as the page drives it one click at a time.

use crate::intermedium_support::{inter, setup};
use sowboard::{Cell, GameKind, IllegalMove, MoveBuilder, Position, Rules, Side, Stage};

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn cells(options: &[sowboard::StepOption]) -> Vec<String> {
    let mut v: Vec<String> = options.iter().map(|o| o.cell.to_string()).collect();
    v.sort();
    v
}

#[test]
fn a_move_built_click_by_click_equals_the_typed_move() {
    let start = Position::start(GameKind::Intermedium);
    let rules = Rules::default();
    let mut b = MoveBuilder::new(&start, &rules);
    assert_eq!(b.stage(), Stage::Origin);
    assert_eq!(b.origins().len(), 11);
    b.select_origin(c("a4")).unwrap();
    assert_eq!(b.stage(), Stage::Step);
    assert_eq!(b.origin(), Some(c("a4")));
    assert_eq!(b.cash(), 4);
    assert_eq!(cells(&b.step_options()), ["b3", "b5"]);
    for (i, cell) in ["b5", "a6", "b7", "a8"].iter().enumerate() {
        let opt = b.step_options().into_iter().find(|o| o.cell == c(cell)).expect("offered");
        assert_eq!(opt.drops(), vec![1]);
        b.step(c(cell), 1).unwrap();
        assert_eq!(b.path().len(), i + 1);
        assert_eq!(b.cash() as usize, 3 - i, "stones still in hand");
    }
    assert_eq!(b.stage(), Stage::Done);
    assert_eq!(
        b.step(c("b9"), 1),
        Err(IllegalMove::WrongPathLength { cells: 5, stones: 4 }),
        "a fifth step for four stones"
    );
    let t = b.finish().unwrap();
    assert_eq!(t, start.play_text("a4-b5-a6-b7-a8", &rules).unwrap());
    assert_eq!(b.board(), {
        let mut board = start.board;
        board.set(c("a4"), 0);
        for x in ["b5", "a6", "b7", "a8"] {
            board.set(c(x), 1);
        }
        board
    });
}

#[test]
fn the_builder_refuses_what_the_rules_refuse_and_changes_nothing() {
    let start = Position::start(GameKind::Intermedium);
    let rules = Rules::default();
    let mut b = MoveBuilder::new(&start, &rules);
    assert!(matches!(b.select_origin(c("a7")), Err(IllegalMove::NotYourStack { .. })));
    assert!(matches!(b.select_origin(c("b1")), Err(IllegalMove::EmptyOrigin(_))));
    assert!(matches!(b.select_origin(c("h1")), Err(IllegalMove::OffBoard(_))));
    assert_eq!(b.stage(), Stage::Origin);
    b.select_origin(c("a2")).unwrap();
    assert!(matches!(b.step(c("a3"), 1), Err(IllegalMove::NotDiagonal { step: 1, .. })));
    assert!(matches!(b.step(c("b3"), 2), Err(IllegalMove::WrongDrop { step: 1, drop: 2 })));
    assert!(matches!(b.pick_up(2), Err(IllegalMove::WrongGame { .. })));
    b.step(c("b3"), 1).unwrap();
    assert!(matches!(b.step(c("a2"), 1), Err(IllegalMove::Reversal { step: 2 })));
    // After b3, c2 one stone is left: d3 is occupied, so going there would
    // break the first-move rule; it is not offered, and refused.
    b.step(c("c2"), 1).unwrap();
    assert_eq!(cells(&b.step_options()), ["b1", "d1"]);
    assert_eq!(b.step(c("d3"), 1), Err(IllegalMove::FirstMoveRule));
    assert_eq!(b.path().len(), 2, "a refused step changes nothing");
    // Undo walks back one choice at a time, down to no origin.
    for left in [1, 0] {
        assert!(b.undo());
        assert_eq!(b.path().len(), left);
    }
    assert!(b.undo());
    assert_eq!(b.stage(), Stage::Origin);
    assert!(!b.undo());
}

#[test]
fn only_completable_origins_are_offered() {
    // At move 1, a 2-stack whose every 2-step walk lands only on occupied
    // cells cannot move: a1 is Red's corner; its walks a1-b2-{a3,c3,c1}.
    let p = setup(
        GameKind::Intermedium,
        &[("a1", 2), ("b2", 1), ("a3", 1), ("c3", 1), ("c1", 1), ("e9", 2), ("c5", 3)],
        Side::Second,
        0,
        1,
    );
    let b = MoveBuilder::new(&p, &Rules::default());
    assert_eq!(b.origins(), vec![c("c5"), c("e9")]);
    let mut b2 = b.clone();
    assert_eq!(b2.select_origin(c("a1")), Err(IllegalMove::FirstMoveRule));
    // A finished game offers nothing.
    let over = setup(GameKind::Intermedium, &[("b3", 2), ("e7", 2)], Side::First, 100, 9);
    assert!(MoveBuilder::new(&over, &Rules::default()).origins().is_empty());
    let none = inter(&[("b3", 1), ("e7", 2)], Side::First);
    assert!(MoveBuilder::new(&none, &Rules::default()).origins().is_empty());
}

#[test]
fn captures_are_reported_when_the_move_is_complete() {
    let p = inter(
        &[("b3", 2), ("d5", 1), ("e5", 2), ("f5", 1), ("e4", 1), ("e6", 1), ("f10", 2)],
        Side::First,
    );
    let mut b = MoveBuilder::new(&p, &Rules::default());
    b.select_origin(c("b3")).unwrap();
    b.step(c("c4"), 1).unwrap();
    assert!(b.captured().is_empty());
    b.step(c("d5"), 1).unwrap();
    assert_eq!(b.captured(), vec![c("e5")]);
    assert_eq!(b.finish().unwrap().captured, vec![c("e5")]);
}

/// No cell may pass 255 stones. The corner stack a1 (2 stones) can only
/// step onto b2, which holds 255: every path from it overflows, so it has
/// no legal move, and the refusal says so (not the first-move rule: this
/// is not the first move). The fast completability walk ignores heights,
/// so this is the case its overflow check must send to the exact search.
#[test]
fn a_stack_whose_every_path_passes_255_stones_cannot_move() {
    let pos = inter(&[("a1", 2), ("b2", 255)], Side::Second);
    let rules = Rules::default();
    let mut b = MoveBuilder::new(&pos, &rules);
    assert!(!b.origins().contains(&c("a1")), "origins: {:?}", b.origins());
    assert_eq!(b.select_origin(c("a1")), Err(IllegalMove::NoLegalMoveFrom(c("a1"))));
    assert_eq!(b.stage(), Stage::Origin, "a refusal changes nothing");
}
