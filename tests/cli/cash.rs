//! The command line with Cash in Hand positions.

use std::process::Command;
use std::time::{Duration, Instant};

const BROWNE: &str = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,3,0,0,0/0,0,14,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20";

fn run(args: &[&str]) -> (i32, String, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_sowboard")).args(args).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn play_browne_example() {
    let (code, out, _) =
        run(&["play", "--position", BROWNE, "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,5,0/0,0,0,0,0,0,2,0/0,0,0,0,1,0,0,0/0,0,0,3,0,4,0,0/0,0,6,0,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 white 0 21");
    let (code, out, err) =
        run(&["play", "--position", BROWNE, "c3:8 d4:3 e3:1 f4:4 (:d3 e4) g6:1 g7:4"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("captures (d3)"), "{err}");
}

#[test]
fn play_to_a_win_prints_the_result() {
    let pos = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,1,0,2,0,0/0,0,1,1,0,0,0,0/0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 white 0 10";
    let (code, out, _) = run(&["play", "--position", pos, "f5:1 e4:1 d5:1"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("result: white wins\n"), "{out}");
}

#[test]
fn moves_with_a_limit_answer_at_once_even_at_the_start() {
    let t = Instant::now();
    let (code, out, err) = run(&["moves", "--game", "cash-in-hand", "--limit", "5"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 5);
    assert!(out.lines().all(|l| l.starts_with("a8:") || l.starts_with("h1:")), "{out}");
    assert!(err.contains("first 5 found"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(20));
    // Without a limit the start position is too big to list: a clear error.
    let (code, _, err) = run(&["moves", "--game", "cash-in-hand"]);
    assert_eq!(code, 2);
    assert!(err.contains("too many moves"), "{err}");
}

#[test]
fn moves_and_perft_of_a_small_set_up() {
    let pos = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,2,1,0,0,0,0/0,2,1,2,0,0,0,0/0,1,2,1,0,0,0,0/0,0,0,0,0,0,0,0 black 0 10";
    let (code, out, _) = run(&["moves", "--position", pos]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    let (code, out, _) = run(&["moves", "--position", pos, "--limit", "3"]);
    assert_eq!((code, out.lines().collect::<Vec<_>>()), (0, lines[..3].to_vec()));
    let (code, out, _) = run(&["perft", "--position", pos, "--depth", "2"]);
    assert_eq!((code, out.as_str()), (0, "1 12\n2 1368\n"));
}
