//! Runs every golden file `tests/perft/*.perft` (format in the files'
//! headers) and cross-checks the shallow Intermedium counts against the
//! brute-force path enumerator in `common`.

mod common;

use sowboard::{perft, GameKind, Position, Rules};
use std::fs;

struct Entry {
    file: String,
    position: Position,
    rules: Rules,
    counts: Vec<(u32, u64)>,
}

fn parse_rules(words: &[&str], file: &str) -> Rules {
    let mut rules = Rules::default();
    for w in words {
        match w.split_once('=') {
            Some(("first-move-rule", v)) => rules.first_move_rule = v == "on",
            Some(("repetition-draw", v)) => rules.repetition_draw = v == "on",
            Some(("quiet-limit", v)) => rules.quiet_ply_limit = v.parse().expect("quiet-limit number"),
            _ => panic!("{file}: unknown rule option {w}"),
        }
    }
    rules
}

fn load() -> Vec<Entry> {
    let mut entries = Vec::new();
    let mut paths: Vec<_> = fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft"))
        .expect("tests/perft exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    paths.sort();
    for path in paths {
        let file = path.display().to_string();
        let text = fs::read_to_string(&path).expect("readable golden file");
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "position" => entries.push(Entry {
                    file: file.clone(),
                    position: rest.parse().unwrap_or_else(|e| panic!("{file}: {e}")),
                    rules: Rules::default(),
                    counts: Vec::new(),
                }),
                "rules" => {
                    let words: Vec<&str> = rest.split_whitespace().collect();
                    entries.last_mut().expect("rules after a position").rules = parse_rules(&words, &file);
                }
                "perft" => {
                    let mut it = rest.split_whitespace().map(|w| w.parse::<u64>().expect("number"));
                    let (d, n) = (it.next().expect("depth"), it.next().expect("count"));
                    entries.last_mut().expect("perft after a position").counts.push((d as u32, n));
                }
                other => panic!("{file}: unknown line kind {other}"),
            }
        }
    }
    entries
}

#[test]
fn golden_perft_counts() {
    let entries = load();
    assert!(entries.len() >= 8, "golden data went missing");
    for e in &entries {
        for &(depth, expected) in &e.counts {
            let got = perft(&e.position, &e.rules, depth).expect("within the work limit");
            assert_eq!(got, expected, "{}: perft {depth} of {}", e.file, e.position);
        }
    }
}

#[test]
fn brute_force_agrees_on_shallow_intermedium_counts() {
    let mut checked = 0;
    for e in load().iter().filter(|e| e.position.game == GameKind::Intermedium) {
        for &(depth, expected) in e.counts.iter().filter(|(_, n)| *n <= 20_000) {
            let stacks_small = e.position.board.stacks().iter().all(|&n| n <= 8);
            if !stacks_small {
                continue;
            }
            let brute = common::brute_perft_intermedium(&e.position, &e.rules, depth);
            assert_eq!(brute, expected, "brute force, depth {depth} of {}", e.position);
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} counts cross-checked");
}
