//! `sowboard tune --game G --log LOG`: reads the games of a `match
//! --verbose` log (Cash in Hand moves span several words, and the log
//! separates moves only by spaces) and fits the evaluation's weights.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sowboard")).args(args).output().expect("the binary runs")
}

/// The log of six games of `greedy` against `random` in `game`, written
/// to `dir`: data for a fit.
fn match_log(dir: &std::path::Path, game: &str) -> std::path::PathBuf {
    let log = dir.join(format!("{game}.log"));
    let played = run(&[
        "match",
        "--game",
        game,
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "6",
        "--seed",
        "4",
        "--verbose",
        "--threads",
        "1",
    ]);
    assert!(played.status.success(), "{game}: the match runs");
    std::fs::write(&log, &played.stdout).expect("the log is written");
    log
}

#[test]
fn tune_reads_every_game_of_a_match_log_in_both_games() {
    let dir = std::env::temp_dir().join(format!("sowboard-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for game in ["intermedium", "cash-in-hand"] {
        let log = match_log(&dir, game);
        let o = run(&[
            "tune",
            "--game",
            game,
            "--log",
            log.to_str().unwrap(),
            "--steps",
            "20",
            "--skip",
            "0",
        ]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{game}: {out} {}", String::from_utf8_lossy(&o.stderr));
        // Six games, every fifth held out: one.
        assert!(out.starts_with("games 6 (held out 1), positions fitted "), "{game}: {out}");
        assert!(out.contains("pub const TUNED: Weights = "), "{game}: {out}");
        // The weights in use are scored beside the hand ones and the fit:
        // `mcts-tuned`'s, and in Intermedium the levels' refit.
        for name in ["hand   weights: error fitted ", "tuned  weights: error fitted "] {
            assert!(out.contains(name), "{game}: {out}");
        }
        let refit = out.contains("refit  weights: error fitted ");
        assert_eq!(refit, game == "intermedium", "{game}: {out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn tune_refuses_a_log_of_the_other_game_naming_the_move() {
    let dir = std::env::temp_dir().join(format!("sowboard-tune-other-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let log = dir.join("intermedium.log");
    let played = run(&[
        "match",
        "--game",
        "intermedium",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "2",
        "--verbose",
        "--threads",
        "1",
    ]);
    std::fs::write(&log, &played.stdout).expect("the log is written");
    let o = run(&["tune", "--game", "cash-in-hand", "--log", log.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("error: game 1:"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--from tuned` starts the fit (and `--ridge`'s pull) at `mcts-tuned`'s
/// weights, `--from refit` at the levels' (Intermedium only), `--from hand`
/// (the default) at the hand weights: with no gradient step the fit is
/// exactly its start, so its errors are that line's.
/// `--hold` keeps named weights at the start.
#[test]
fn tune_from_and_hold_choose_the_start_and_the_fixed_weights() {
    let dir = std::env::temp_dir().join(format!("sowboard-tune-from-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let log = match_log(&dir, "intermedium");
    // The text after `name` on the first line that starts with it.
    let after = |out: &str, name: &str| -> String {
        let line = out.lines().map(str::trim_start).find(|l| l.starts_with(name));
        line.unwrap_or_else(|| panic!("no {name} in {out}"))[name.len()..].to_string()
    };
    let tune = |extra: &[&str]| -> String {
        let log = log.to_str().unwrap();
        let args = [&["tune", "--game", "intermedium", "--log", log, "--skip", "0"][..], extra];
        let o = run(&args.concat());
        assert!(o.status.success(), "{extra:?}: {}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    let starts =
        [("tuned", "tuned  weights:"), ("refit", "refit  weights:"), ("hand", "hand   weights:")];
    for (from, same_as) in starts {
        let out = tune(&["--steps", "0", "--from", from]);
        assert!(out.contains(&format!("(fitted with the {from} weights;")), "{out}");
        assert_eq!(after(&out, "fitted weights:"), after(&out, same_as), "{from}: {out}");
    }
    let bad =
        run(&["tune", "--game", "intermedium", "--log", log.to_str().unwrap(), "--from", "x"]);
    assert_eq!(bad.status.code(), Some(2), "an unknown --from is refused");
    let cash = match_log(&dir, "cash-in-hand");
    let o = run(&[
        "tune",
        "--game",
        "cash-in-hand",
        "--log",
        cash.to_str().unwrap(),
        "--from",
        "refit",
    ]);
    assert_eq!(o.status.code(), Some(2), "Cash in Hand has no refit weights");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--from refit: Cash in Hand has no refit weights"), "{err}");
    // `--hold` keeps the named weights at the start and fits the others.
    let start = tune(&["--steps", "0"]);
    let free = tune(&["--steps", "50"]);
    let held = tune(&["--steps", "50", "--hold", "mobile_stone,city_threat"]);
    for name in ["mobile_stone:", "city_threat:"] {
        assert_eq!(after(&held, name), after(&start, name), "{name} held: {held}");
    }
    assert_ne!(after(&free, "mobile_stone:"), after(&start, "mobile_stone:"), "{free}");
    assert_ne!(after(&held, "mobile_stack:"), after(&start, "mobile_stack:"), "{held}");
    let o = run(&["tune", "--game", "intermedium", "--log", log.to_str().unwrap(), "--hold", "x"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--hold: no feature 'x' (the features: mobile_stone,"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
