//! The tactics suite (`tests/tactics/*.txt`, answers decided by exhaustive
//! search, two plies or three; `sowboard tactics --game G` prints every agent's rate):
//! the top level (`LEVELS`, the "level 5", which had five levels)
//! solves at least 90% and level 3 at least 70%, with node budgets
//! so the run is the same everywhere (Intermedium's top level at its own, which
//! takes seconds there; the rest at smaller ones, so the run is short). And
//! the opening fault of issue 11: no level hangs a big stack to a one-move
//! capture in Cash in Hand.

use sowboard::ai::{choose, choose_move, Agent, Limits, NoClock, LEVELS};
use sowboard::offline::tactics::{classify, parse_suite, solves, Tactic};
use sowboard::{Game, GameKind, Rules};

fn suite(kind: GameKind) -> Vec<Tactic> {
    let path = format!("{}/tests/tactics/{}.txt", env!("CARGO_MANIFEST_DIR"), kind.name());
    let text = std::fs::read_to_string(&path).expect("the suite file exists");
    let suite = parse_suite(&text).expect("the suite parses and every answer is legal");
    assert!(suite.len() >= 30, "{path}: {} positions", suite.len());
    suite
}

/// The share of `suite` the level solves within `nodes` (`None`: its own budget).
fn rate(suite: &[Tactic], level: u8, nodes: Option<u64>) -> f64 {
    let limits = Limits { nodes, time_ms: None };
    let solved =
        suite.iter().enumerate().filter(|(i, t)| solves(t, Agent::Level(level), *i as u64, limits));
    solved.count() as f64 / suite.len() as f64
}

fn check_rates(kind: GameKind, top_nodes: Option<u64>) {
    let suite = suite(kind);
    let top = rate(&suite, LEVELS, top_nodes);
    let three = rate(&suite, 3, Some(50_000));
    assert!(top >= 0.9, "{kind}: level {LEVELS} solves {:.0}%", 100.0 * top);
    assert!(three >= 0.7, "{kind}: level 3 solves {:.0}%", 100.0 * three);
}

#[test]
fn intermedium_solve_rates() {
    // The top level as it plays: the tree search alone since round 23 (no
    // alpha-beta check) solved 27 of 30 at its own 630 000 nodes, 26 at
    // 550 000 (with the check it solved 27 at 550 000); since round 28 (the
    // win-probability scale 850, ties within 0.05, time managed) 28; with
    // round 32's six win-in-two positions, 34 of 36 (all six solved).
    check_rates(GameKind::Intermedium, None);
}

#[test]
fn cash_solve_rates() {
    check_rates(GameKind::CashInHand, Some(150_000));
}

/// The stored answers are what the exhaustive search says (a few
/// positions per game, the first of every kind among them: the search is
/// slow).
#[test]
fn stored_answers_match_the_exhaustive_search() {
    let rules = Rules::default();
    for kind in GameKind::ALL {
        let suite = suite(kind);
        let first_of_kind = |i: usize| suite[..i].iter().all(|t| t.kind != suite[i].kind);
        let checked = (0..suite.len()).filter(|&i| i % 10 == 0 || first_of_kind(i));
        for t in checked.map(|i| &suite[i]) {
            let (k, answers) = classify(&t.position, &rules).expect("still a suite position");
            assert_eq!(k, t.kind, "{}", t.position);
            let mut got: Vec<_> = answers.iter().map(|a| a.position.to_string()).collect();
            let mut want: Vec<_> = t.answers.iter().map(|a| a.position.to_string()).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{}", t.position);
        }
    }
}

/// Issue 11: from the start, level 5 played `h1:16 g2:1 h3:7 g4:8` (seeds
/// 3 and 7) and `a8:16 b7:1 c6:1 b5:14` (4 and 6), losing 17-18 stones to
/// the reply. The checker is the `greedy` agent (the reply that captures
/// most; it uses the capture-seeking sowings), first shown to find those
/// refutations.
#[test]
fn cash_opening_moves_hang_no_big_stack() {
    let rules = Rules::default();
    let start = Game::new(GameKind::CashInHand, rules);
    let limits = Limits { nodes: Some(100_000), time_ms: None };
    let best_reply = |game: &Game| {
        let t = choose(Agent::Greedy, game, 1, limits, &NoClock).expect("a reply");
        t.captured_stones
    };
    for bad in ["h1:16 g2:1 h3:7 g4:8", "a8:16 b7:1 c6:1 b5:14"] {
        let mut game = start.clone();
        game.play_text(bad).unwrap();
        assert!(best_reply(&game) >= 17, "the checker misses the refutation of {bad}");
    }
    for level in 1..=LEVELS {
        // Each level at its own budget: the fault was how they play.
        for seed in 3..7 {
            let t = choose_move(&start, level, seed, Limits::default(), &NoClock).unwrap();
            let mut game = start.clone();
            game.push(t.clone());
            let lost = best_reply(&game);
            assert!(lost < 10, "level {level} seed {seed}: {} loses {lost} stones", t.mv);
        }
    }
}
