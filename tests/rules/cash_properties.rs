//! Properties of Cash in Hand over random games and random text.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use sowboard::{
    cash_random_move, CashMove, Cell, GameKind, Move, MoveBuilder, Position, Rules, Stage,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// From the start: 128 stones stay on the board, every move re-parses
    /// from its notation and re-validates to the same transition, and a
    /// random move is missing exactly when the game is over.
    #[test]
    fn random_games_conserve_stones_and_replay(seed in any::<u64>()) {
        let rules = Rules::default();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut p = Position::start(GameKind::CashInHand);
        for _ply in 0..400 {
            let Some(t) = cash_random_move(&p, &rules, &mut rng) else {
                prop_assert!(p.status(&rules).is_some(), "no random move but the game goes on: {}", p);
                break;
            };
            prop_assert_eq!(t.position.board.total(), 128);
            let text = t.mv.to_string();
            let parsed = Move::parse(GameKind::CashInHand, &text).unwrap();
            prop_assert_eq!(&parsed, &t.mv, "notation round trip of {}", text);
            prop_assert_eq!(&p.play(&parsed, &rules).unwrap(), &t, "re-validation of {}", text);
            if let Move::Cash(m) = &t.mv {
                prop_assert_eq!(m.captures.is_some(), !t.captured.is_empty());
                prop_assert_eq!(m.captures.clone().unwrap_or_default(), t.captured.clone());
            }
            prop_assert_eq!(t.position.quiet == 0, !t.captured.is_empty());
            if t.outcome(&rules).is_some() {
                break;
            }
            p = t.position;
        }
    }

    /// At random points of random games, the builder accepts a step exactly
    /// when it offers it (all cells near the cash, all drops 0..=cash+1).
    #[test]
    fn the_builder_accepts_exactly_what_it_offers(seed in any::<u64>(), plies in 0usize..40) {
        let rules = Rules::default();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut p = Position::start(GameKind::CashInHand);
        for _ in 0..plies {
            match cash_random_move(&p, &rules, &mut rng) {
                Some(t) if t.outcome(&rules).is_none() => p = t.position,
                _ => break,
            }
        }
        let mut b = MoveBuilder::new(&p, &rules);
        let Some(&origin) = b.origins().first() else { return Ok(()) };
        b.select_origin(origin).unwrap();
        let counts = b.count_options();
        for k in 0..=p.board.get(origin) as u32 + 1 {
            let mut c = b.clone();
            prop_assert_eq!(c.pick_up(k).is_ok(), counts.contains(&(k as u8)), "count {}", k);
        }
        b.pick_up(*counts.last().unwrap() as u32).unwrap();
        while b.stage() == Stage::Step {
            let options = b.step_options();
            let at = b.path().last().map_or(origin, |&(c, _)| c);
            for file in at.file.saturating_sub(2)..=at.file + 2 {
                for rank in at.rank.saturating_sub(2)..=at.rank + 2 {
                    let to = Cell::new(file, rank);
                    for d in 0..=b.cash() as u32 + 1 {
                        let offered = options.iter().any(|o| o.cell == to && o.allows(d));
                        let mut c = b.clone();
                        prop_assert_eq!(c.step(to, d).is_ok(), offered, "step {}:{} from {}", to, d, at);
                    }
                }
            }
            let o = &options[0];
            b.step(o.cell, o.drops()[0] as u32).unwrap();
        }
    }

    /// Reading a printed move gives it back and printing is stable, for
    /// any move the notation can hold (legal or not).
    #[test]
    fn notation_round_trips(
        origin in (0u8..8, 0u8..8),
        count in 0u32..300,
        steps in prop::collection::vec(((0u8..8, 0u8..8), 0u32..40), 0..6),
        captures in prop::option::of(prop::collection::vec((0u8..8, 0u8..8), 0..4)),
        placements in prop::collection::vec(((0u8..8, 0u8..8), 0u32..40), 0..4),
    ) {
        let cell = |(f, r): (u8, u8)| Cell::new(f, r);
        let m = CashMove {
            origin: cell(origin),
            count,
            steps: steps.iter().map(|&(c, d)| (cell(c), d)).collect(),
            captures: captures.map(|cs| cs.into_iter().map(cell).collect()),
            placements: placements.iter().map(|&(c, n)| (cell(c), n)).collect(),
        };
        // A hand-made value may split steps from placements in a way the
        // text cannot show (without a capture list the drops decide); once
        // read back, printing is stable.
        let again = CashMove::parse(&m.to_string()).unwrap();
        let text = again.to_string();
        prop_assert_eq!(CashMove::parse(&text).unwrap(), again.clone());
        let upper = CashMove::parse(&text.to_uppercase().replace(' ', "  ")).unwrap();
        prop_assert_eq!(upper.to_string(), text.clone());
        // When the text fixes where the steps end, the parts come back too.
        let dropped: u64 = m.steps.iter().map(|&(_, d)| d as u64).sum();
        let steps_fixed = m.captures.is_some()
            || (dropped == count as u64 && m.steps.iter().all(|&(_, d)| d > 0) && (count > 0 || m.steps.is_empty()));
        if steps_fixed {
            prop_assert_eq!(&again.steps, &m.steps);
            let mut placements = m.placements.clone();
            placements.sort_by_key(|(c, _)| c.file_major_key());
            let mut parsed = again.placements.clone();
            parsed.sort_by_key(|(c, _)| c.file_major_key());
            prop_assert_eq!(parsed, placements);
        }
    }

    /// No input text makes the parser or a position panic.
    #[test]
    fn any_text_is_handled(text in "[a-jA-J0-9:() ,]{0,60}") {
        let p: Position = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20".parse().unwrap();
        let _ = p.play_text(&text, &Rules::default());
    }
}

fn any_position() -> impl Strategy<Value = Position> {
    // Up to 8 stacks of any height (so stacks near 255 and boards of more
    // than 255 stones, where drops can overflow) in the corner a1-d4.
    let stacks = prop::collection::vec((0u8..4, 0u8..4, prop_oneof![1u8..=4, 120u8..=255]), 1..8);
    (stacks, any::<bool>()).prop_map(|(stacks, white)| {
        let mut board = sowboard::Board::empty(GameKind::CashInHand.geometry());
        for (f, r, n) in stacks {
            board.set(Cell::new(f, r), n);
        }
        let side = if white { sowboard::Side::First } else { sowboard::Side::Second };
        Position { game: GameKind::CashInHand, board, side_to_move: side, quiet: 0, move_number: 3 }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Arbitrary builder calls on arbitrary set-ups: no panic, a refused
    /// call changes nothing, an offered choice is accepted, and a finished
    /// move re-validates to the same result.
    #[test]
    fn the_builder_survives_anything(p in any_position(), actions in prop::collection::vec((0u8..8, any::<u8>(), 0u32..300), 1..40)) {
        let rules = Rules::default();
        let mut b = MoveBuilder::new(&p, &rules);
        for (kind, arg, n) in actions {
            let before = format!("{b:?}");
            let cell = Cell::new(arg % 10, arg / 25);
            let pick = |len: usize| arg as usize % len.max(1);
            let (offered, result) = match kind {
                0 => { b.undo(); (false, Ok(())) }
                1 => match b.origins() { v if v.is_empty() => (false, Ok(())), v => (true, b.select_origin(v[pick(v.len())])) },
                2 => match b.count_options() { v if v.is_empty() => (false, Ok(())), v => (true, b.pick_up(v[pick(v.len())] as u32)) },
                3 => match b.step_options() {
                    v if v.is_empty() => (false, Ok(())),
                    v => {
                        let o = &v[pick(v.len())];
                        let drops = o.drops();
                        (true, b.step(o.cell, drops[n as usize % drops.len()] as u32))
                    }
                },
                4 => match b.place_options() {
                    v if v.is_empty() => (false, Ok(())),
                    v => {
                        let c = v[pick(v.len())];
                        let (low, high) = b.place_range(c).expect("offered cells take stones");
                        (true, b.place(c, low + n % (high - low + 1)))
                    }
                },
                5 => (false, b.select_origin(cell)),
                6 => (false, b.step(cell, n)),
                _ => (false, b.place(cell, n)),
            };
            if let Err(e) = result {
                prop_assert!(!offered, "offered choice refused: {}", e);
                prop_assert_eq!(format!("{b:?}"), before, "a refused call changed the builder");
            }
            if b.stage() == Stage::Done {
                let t = b.finish().expect("a Done builder finishes");
                prop_assert_eq!(p.play(&t.mv, &rules).unwrap(), t);
                break;
            }
        }
    }
}

#[test]
fn random_moves_are_reproducible_from_a_seed() {
    let rules = Rules::default();
    let p = Position::start(GameKind::CashInHand);
    let a = cash_random_move(&p, &rules, &mut SmallRng::seed_from_u64(7)).unwrap();
    let b = cash_random_move(&p, &rules, &mut SmallRng::seed_from_u64(7)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn a_random_game_record_round_trips() {
    let rules = Rules::default();
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut game = sowboard::Game::new(GameKind::CashInHand, rules);
    for _ in 0..120 {
        let Some(t) = cash_random_move(game.position(), &rules, &mut rng) else { break };
        game.push(t);
        if game.outcome().is_some() {
            break;
        }
    }
    assert!(game.plies().len() >= 20);
    let text = sowboard::record::export(&game);
    assert_eq!(sowboard::record::import(&text, rules).unwrap(), game);
}
