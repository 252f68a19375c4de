//! The `match` subcommand: its report format and replay by seed.

use std::process::Command;

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sowboard")).args(args).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn reports_a_score_and_replays_by_seed() {
    let args = [
        "match",
        "--game",
        "intermedium",
        "--a",
        "level2",
        "--b",
        "random",
        "--games",
        "2",
        "--seed",
        "3",
        "--nodes",
        "3000",
        "--verbose",
    ];
    let first = run(&args);
    let last = first.lines().last().unwrap();
    assert!(last.starts_with("score level2 "), "{last}");
    let percent: f64 = last["score level2 ".len()..].parse().unwrap();
    assert!((0.0..=100.0).contains(&percent));
    assert!(first.contains("elo level2 - random"));
    // Everything but the timings repeats.
    let games = |s: &str| {
        s.lines()
            .filter(|l| l.starts_with("game ") || l.starts_with("  "))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(games(&first), games(&run(&args)));
    assert_eq!(games(&first).len(), 4);
}

#[test]
fn refuses_unknown_agents() {
    let out = Command::new(env!("CARGO_BIN_EXE_sowboard"))
        .args(["match", "--game", "intermedium", "--a", "level9", "--b", "random"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown agent"));
}
