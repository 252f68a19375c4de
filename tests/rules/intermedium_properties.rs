//! Properties of the Intermedium engine over random positions.

use crate::intermedium_reference as reference;
use crate::intermedium_support as common;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::{
    Board, Cell, Game, GameKind, Move, MoveBuilder, Position, Rules, Side, Stage,
    DEFAULT_MOVE_LIMIT,
};
use std::collections::HashSet;

/// A random set-up: sparse small stacks, either side to move, move 1 or
/// later (so the first-move rule sometimes applies), any quiet count.
fn random_setup(seed: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let game = GameKind::Intermedium;
    let mut board = Board::empty(game.geometry());
    for cell in game.geometry().cells() {
        if rng.random_bool(0.3) {
            board.set(cell, rng.random_range(1..=5));
        }
    }
    Position {
        game,
        board,
        side_to_move: if rng.random_bool(0.5) { Side::First } else { Side::Second },
        quiet: rng.random_range(0..=99),
        move_number: rng.random_range(1..=3),
    }
}

/// A position reached by random play from the start.
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(GameKind::Intermedium, Rules::default());
    for _ in 0..plies {
        let moves = game.legal_moves(DEFAULT_MOVE_LIMIT).unwrap();
        if moves.is_empty() {
            break;
        }
        let pick = rng.random_range(0..moves.len());
        game.push(moves.into_iter().nth(pick).unwrap());
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn position_strings_round_trip(seed in any::<u64>(), big in any::<bool>()) {
        let mut p = random_setup(seed);
        if big {
            p.board.set(Cell::new(0, 0), 255);
            p.quiet = u32::MAX;
            p.move_number = u32::MAX;
        }
        let text = p.to_string();
        let back: Position = text.parse().unwrap();
        prop_assert_eq!(back, p);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn generated_moves_reparse_and_revalidate(seed in any::<u64>(), plies in 0usize..30) {
        let game = random_game(seed, plies);
        let rules = *game.rules();
        for t in game.legal_moves(DEFAULT_MOVE_LIMIT).unwrap() {
            let text = t.mv.to_string();
            let mv = Move::parse(GameKind::Intermedium, &text).unwrap();
            prop_assert_eq!(mv.to_string(), text.clone(), "notation round trip");
            let again = game.position().play(&mv, &rules).unwrap();
            prop_assert_eq!(&again, &t);
            // Stones are conserved except for captures.
            prop_assert_eq!(
                t.position.board.total() + t.captured_stones,
                game.position().board.total()
            );
        }
    }

    #[test]
    fn the_generator_finds_exactly_the_brute_force_moves(seed in any::<u64>()) {
        let p = random_setup(seed);
        for rules in [Rules::default(), common::no_first_move_rule()] {
            prop_assert_eq!(common::engine_outcomes(&p, &rules), common::brute_force_intermedium(&p, &rules));
        }
    }

    #[test]
    fn undo_restores_the_exact_game(seed in any::<u64>(), plies in 1usize..40) {
        let mut game = random_game(seed, plies);
        let n = game.plies().len();
        let snapshots: Vec<Game> = (0..n).map(|k| {
            let mut g = game.clone();
            for _ in 0..(n - k) { g.undo(); }
            g
        }).collect();
        for k in (0..n).rev() {
            game.undo();
            prop_assert_eq!(game.position(), snapshots[k].position());
            prop_assert_eq!(game.outcome(), snapshots[k].outcome());
            prop_assert_eq!(game.plies(), snapshots[k].plies());
        }
        prop_assert_eq!(game.position(), &Position::start(GameKind::Intermedium));
    }

    /// The builder offers a step exactly when some legal move continues that way.
    #[test]
    fn builder_offers_exactly_the_legal_continuations(seed in any::<u64>()) {
        let p = random_setup(seed);
        let rules = Rules::default();
        let legal = common::brute_force_intermedium(&p, &rules);
        // Every prefix of every playable path, by brute force.
        let mut prefixes: HashSet<Vec<Cell>> = HashSet::new();
        let mut finished: HashSet<(String, Option<String>)> = HashSet::new();
        let builder = MoveBuilder::new(&p, &rules);
        let origins: HashSet<Cell> = builder.origins().into_iter().collect();
        // Walk the builder's own choices exhaustively (small stacks only).
        fn walk(b: &MoveBuilder, rules: &Rules, seen: &mut HashSet<Vec<Cell>>, done: &mut HashSet<(String, Option<String>)>, game: GameKind) {
            let path: Vec<Cell> = b.path().iter().map(|&(c, _)| c).collect();
            seen.insert(path);
            if b.stage() == Stage::Done {
                let t = b.finish().expect("a finished builder yields its move");
                done.insert((t.position.to_string(), t.outcome(rules).map(|o| o.result_text(game))));
                return;
            }
            let options = b.step_options();
            assert!(!options.is_empty(), "the builder reached a dead end");
            for o in options {
                let mut next = b.clone();
                next.step(o.cell, 1).expect("an offered step is accepted");
                walk(&next, rules, seen, done, game);
            }
        }
        for &origin in &origins {
            let mut b = builder.clone();
            b.select_origin(origin).unwrap();
            if p.board.get(origin) <= 6 {
                walk(&b, &rules, &mut prefixes, &mut finished, p.game);
            }
        }
        let small: HashSet<_> = legal.iter().cloned().collect();
        if p.board.stacks().iter().all(|&n| n <= 6) {
            prop_assert_eq!(&finished, &small);
        }
        // Origins offered are exactly those some legal move starts from.
        let starts: HashSet<Cell> = p
            .legal_moves(&rules, DEFAULT_MOVE_LIMIT)
            .unwrap()
            .iter()
            .map(|t| match &t.mv { Move::Sow(m) => m.origin, _ => unreachable!() })
            .collect();
        prop_assert_eq!(origins, starts);
    }
}

/// Random games end with a legal outcome under the default quiet limit.
#[test]
fn random_games_always_end() {
    for seed in 0..20 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::new(GameKind::Intermedium, Rules::default());
        let mut plies = 0;
        while game.outcome().is_none() {
            let moves = game.legal_moves(DEFAULT_MOVE_LIMIT).unwrap();
            assert!(!moves.is_empty(), "a game with no outcome has moves");
            let pick = rng.random_range(0..moves.len());
            let before = game.position().board.total();
            let t = moves.into_iter().nth(pick).unwrap();
            assert_eq!(t.position.board.total() + t.captured_stones, before);
            game.push(t);
            plies += 1;
            // 88 stones can be captured at most 88 times, each capture
            // resetting a 100-ply clock.
            assert!(plies <= 89 * 100, "seed {seed}: no end after {plies} plies");
        }
        let outcome = game.outcome().unwrap();
        if let Some(winner) = outcome.winner {
            assert_ne!(winner, game.position().side_to_move, "the winner made the last move");
        }
    }
}

/// `random_setup` with both cities' rings (c1 e1 d2, c10 e10 d9) holding 0
/// to 2 stones each, so that city captures, and moves that complete a ring
/// without capturing, come up often.
fn random_setup_near_cities(seed: u64) -> Position {
    let mut p = random_setup(seed);
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x5eed);
    for name in ["c1", "e1", "d2", "c10", "e10", "d9", "d1", "d10"] {
        let cell: Cell = name.parse().unwrap();
        p.board.set(cell, rng.random_range(0..=2));
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The generator finds exactly the moves of the enumerator written from
    /// RULES.md (`intermedium_reference`), results included.
    #[test]
    fn the_generator_finds_exactly_the_reference_moves(seed in any::<u64>(), cities in any::<bool>()) {
        let p = if cities { random_setup_near_cities(seed) } else { random_setup(seed) };
        let no_quiet_limit = Rules { quiet_ply_limit: 0, ..Rules::default() };
        for rules in [Rules::default(), common::no_first_move_rule(), no_quiet_limit] {
            let mine: std::collections::BTreeSet<_> = reference::moves(&p, &rules).into_keys().collect();
            prop_assert_eq!(reference::engine_moves(&p, &rules), mine, "{}", p);
        }
    }
}
