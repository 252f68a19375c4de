//! The shipped puzzles (`www/puzzles/*.json`) re-verified: a puzzle of
//! listed solutions by exhaustive search (a wrong solution set, goal or line
//! fails the build), an outcome puzzle (`"judge": "outcome"`) by its
//! targets recomputed with the capture-threat query. Also: the verifiers
//! themselves reject a wrong solution set or target.

use serde_json::Value;
use sowboard::offline::capture_puzzles::{self, Target};
use sowboard::offline::puzzles::{classify, puzzle_id, verify, Source};
use sowboard::{Position, Rules};
use std::collections::HashSet;

const FILES: [(&str, &str); 2] = [
    ("intermedium", "www/puzzles/intermedium.json"),
    ("cash-in-hand", "www/puzzles/cash-in-hand.json"),
];

fn load(path: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    v.as_array().unwrap_or_else(|| panic!("{path}: not an array")).clone()
}

fn strings(v: &Value, key: &str, id: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("{id}: {key} is not an array"))
        .iter()
        .map(|s| s.as_str().unwrap_or_else(|| panic!("{id}: {key} holds a non-string")).to_string())
        .collect()
}

fn text<'a>(v: &'a Value, key: &str, id: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{id}: {key} is not a string"))
}

/// An outcome puzzle's targets from its JSON: `best_capture`, and for the
/// safe kind `allowed_loss`.
fn target(p: &Value, id: &str) -> Target {
    let number = |key: &str| {
        p[key].as_u64().and_then(|n| u32::try_from(n).ok()).unwrap_or_else(|| panic!("{id}: {key}"))
    };
    let allowed_loss = p.get("allowed_loss").map(|_| number("allowed_loss"));
    Target { best_capture: number("best_capture"), allowed_loss }
}

/// The keys a puzzle may have: the listed-solution shape, and an outcome
/// puzzle's `judge` and targets.
fn check_keys(p: &Value, id: &str) {
    let keys: HashSet<&str> =
        p.as_object().expect("an object").keys().map(|k| k.as_str()).collect();
    let mut shape: HashSet<&str> = ["id", "game", "position", "solutions", "goal", "line"].into();
    if p.get("judge").is_some() {
        assert_eq!(p["judge"], "outcome", "{id}: the only judge is \"outcome\"");
        shape.extend(["judge", "best_capture"]);
        if p.get("allowed_loss").is_some() {
            shape.insert("allowed_loss");
        }
    }
    assert_eq!(keys, shape, "{id}: the puzzle's JSON shape");
}

#[test]
fn every_shipped_puzzle_is_verified_by_exhaustive_search() {
    let rules = Rules::default();
    for (game, path) in FILES {
        let puzzles = load(path);
        assert!(puzzles.len() >= 100, "{path}: {} puzzles, at least 100 wanted", puzzles.len());
        let mut ids = HashSet::new();
        let mut positions = HashSet::new();
        // The listed-solution puzzles in increasing difficulty (the outcome
        // puzzles after them: the next test).
        let mut last_difficulty = 0;
        let mut kinds = HashSet::new();
        for p in &puzzles {
            let id = p["id"].as_str().unwrap_or_else(|| panic!("{path}: a puzzle without an id"));
            assert!(ids.insert(id.to_string()), "{id}: id repeated");
            check_keys(p, id);
            assert_eq!(text(p, "game", id), game, "{id}: game");
            let position = text(p, "position", id);
            assert!(positions.insert(position.to_string()), "{id}: a position twice in the file");
            assert!(position.starts_with(game), "{id}: position of another game");
            assert!(
                labelled(game, id, position),
                "{id}: the id says where the position comes from and hashes it (`puzzle_id`)"
            );
            if p.get("judge").is_some() {
                continue;
            }
            let found = verify(
                position,
                &strings(p, "solutions", id),
                text(p, "goal", id),
                &strings(p, "line", id),
                &rules,
            )
            .unwrap_or_else(|e| panic!("{id}: {e}"));
            assert!(
                found.difficulty >= last_difficulty,
                "{id}: the file is not in increasing difficulty"
            );
            last_difficulty = found.difficulty;
            kinds.insert(found.kind);
        }
        assert!(kinds.len() >= 2, "{path}: only the kinds {kinds:?}");
    }
}

/// The outcome puzzles of the Cash in Hand file (docs/learn.md): at least 60,
/// from real games, both kinds; each one's targets recomputed exactly
/// (`capture_puzzles::verify`: the best capture by the capture-threat query,
/// the allowed loss by the same search of captures as the generator), every
/// listed solution achieves them, and the obvious move does not, so not
/// every move solves the puzzle.
#[test]
fn every_shipped_outcome_puzzle_is_verified_by_its_outcome() {
    let rules = Rules::default();
    let puzzles = load(FILES[1].1);
    let mut kinds = std::collections::HashMap::new();
    let mut last = 0;
    let mut seen_outcome = false;
    for p in &puzzles {
        let id = p["id"].as_str().expect("an id");
        if p.get("judge").is_none() {
            assert!(!seen_outcome, "{id}: a listed-solution puzzle after the outcome puzzles");
            continue;
        }
        seen_outcome = true;
        assert!(id.starts_with("cash-real-"), "{id}: an outcome puzzle comes from a real game");
        let found = capture_puzzles::verify(
            text(p, "position", id),
            target(p, id),
            &strings(p, "solutions", id),
            text(p, "goal", id),
            &strings(p, "line", id),
            &rules,
        )
        .unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(
            found.difficulty >= last,
            "{id}: the outcome puzzles are not in increasing difficulty"
        );
        last = found.difficulty;
        *kinds.entry(found.kind).or_insert(0) += 1;
    }
    let total: usize = kinds.values().sum();
    assert!(total >= 60, "{total} outcome puzzles, at least 60 wanted: {kinds:?}");
    assert!(kinds.len() == 2, "both kinds of outcome puzzle: {kinds:?}");
}

/// Every Intermedium puzzle comes from a real game (`intermedium-...`); a
/// Cash in Hand id names its source, `cash-real-...` or `cash-setup-...`
/// (docs/learn.md: real positions of Cash in Hand are too big to search).
/// The rest of the id is the position's hash (`puzzle_id`), so a learner's
/// saved progress survives a regenerated file.
fn labelled(game: &str, id: &str, position: &str) -> bool {
    let pos: Position = position.parse().expect("a position");
    let sources: &[Source] = match game {
        "intermedium" => &[Source::Real],
        _ => &[Source::Real, Source::SetUp],
    };
    sources.iter().any(|&s| puzzle_id(&pos, s) == id)
}

#[test]
fn the_verifier_rejects_a_wrong_solution_set_goal_or_line() {
    let rules = Rules::default();
    // A puzzle with several solutions, so that one can be left out.
    let all = load(FILES[0].1);
    let p = all
        .iter()
        .find(|p| p["solutions"].as_array().is_some_and(|s| s.len() >= 2))
        .expect("a puzzle with 2 solutions");
    let (pos, goal) = (text(p, "position", "first"), text(p, "goal", "first"));
    let (solutions, line) = (strings(p, "solutions", "first"), strings(p, "line", "first"));
    verify(pos, &solutions, goal, &line, &rules).expect("the shipped puzzle");
    // A missing solution.
    let mut fewer = solutions.clone();
    fewer.retain(|s| s != &line[0]);
    fewer.truncate(solutions.len() - 1);
    assert!(verify(pos, &fewer, goal, &line, &rules).is_err(), "a solution left out");
    // A legal move that is not as good.
    let position: Position = pos.parse().unwrap();
    let accepted: HashSet<String> =
        solutions.iter().map(|s| pos_after(&position, s, &rules)).collect();
    let other = position
        .legal_moves(&rules, 1_000_000)
        .unwrap()
        .into_iter()
        .find(|t| !accepted.contains(&t.position.to_string()))
        .map(|t| t.mv.to_string())
        .expect("a non-solution move");
    let mut more = solutions.clone();
    more.push(other.clone());
    assert!(verify(pos, &more, goal, &line, &rules).is_err(), "a wrong move accepted: {other}");
    assert!(verify(pos, &solutions, "Something else.", &line, &rules).is_err(), "a wrong goal");
    assert!(
        verify(pos, &solutions, goal, &[other], &rules).is_err(),
        "a line not starting with a solution"
    );
    // A position that makes no puzzle: the start.
    assert!(classify(&Position::start(sowboard::GameKind::Intermedium), &rules).is_none());
}

fn pos_after(p: &Position, m: &str, rules: &Rules) -> String {
    p.play_text(m, rules).unwrap().position.to_string()
}

#[test]
fn a_real_cash_game_is_searched_position_by_position_and_counted() {
    use sowboard::offline::puzzles::from_real_games;
    let rules = Rules::default();
    let mut reported = 0;
    let (found, stats) =
        from_real_games(sowboard::GameKind::CashInHand, 2, 100, 100, 7, &mut |_| reported += 1);
    assert_eq!(stats.games, 2);
    // Two whole games: a few dozen positions, the losing side's often small
    // enough to list (docs/learn.md: how far the search gets).
    assert!(stats.positions >= 10, "{stats:?}");
    assert!(stats.listable > 0 && stats.listable < stats.positions, "{stats:?}");
    assert!(stats.candidates <= stats.listable && stats.searched <= stats.candidates, "{stats:?}");
    assert_eq!((stats.puzzles, reported), (found.len(), found.len()), "{stats:?}");
    for p in &found {
        assert_eq!(p.source, Source::Real);
        let position = p.position.to_string();
        verify(&position, &p.solutions, &p.goal, &p.line, &rules).expect("a real puzzle verifies");
    }
}
