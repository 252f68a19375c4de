//! The command line with Intermedium positions (perft, play, moves) and its
//! argument errors: the exact interface other tools depend on.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sowboard")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const NETO: &str = "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/3,0,2,0,0,0,0/0,4,1,1,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 10";

#[test]
fn perft_prints_one_line_per_depth() {
    let o = run(&["perft", "--game", "intermedium", "--depth", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1 358\n2 128164\n");
    let o = run(&["perft", "--game", "intermedium", "--depth", "1", "--no-first-move-rule"]);
    assert_eq!(stdout(&o), "1 430\n");
}

#[test]
fn play_prints_the_final_position_and_the_result() {
    let o = run(&["play", "--position", NETO, "a6-b5-c4-d5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,2,0,0,0,0/0,5,0,2,0,0,0/0,0,1,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 red 0 10\n"
    );
    // Red's city ringed by Blue: b7-c8-d9 wins.
    let city = "intermedium 0,0,1,0,1,0,0/0,0,0,1,0,0,0/0,0,0,0,0,0,0/0,2,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,2,0,0 blue 0 9";
    let o = run(&["play", "--position", city, "b7-c8-d9"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.ends_with("\nresult: blue wins\n"), "{out}");
    assert_eq!(out.lines().count(), 2);
}

#[test]
fn a_bad_move_prints_nothing_and_exits_2() {
    let o = run(&["play", "--game", "intermedium", "a4-b5-a6-b7-a8", "a2-b3-c4"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "error: a2-b3-c4: a2 is not your stack (it is on your opponent's colour)\n"
    );
}

#[test]
fn moves_are_sorted_and_limited() {
    let o = run(&["moves", "--position", NETO]);
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 78);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"a6-b5-c4-d5".to_string()));
    let o = run(&["moves", "--position", NETO, "--limit", "5"]);
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), lines[..5]);
    let o = run(&["moves", "--game", "intermedium", "--limit", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "a2-b1-c2-b3-a4\na2-b1-c2-b3-c4\na2-b1-c2-d1-e2\n");
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for args in [
        vec!["perft", "--game", "chess", "--depth", "1"],
        vec!["perft", "--depth", "1"],
        vec!["perft", "--game", "intermedium", "--position", NETO, "--depth", "1"],
        vec!["perft", "--position", "intermedium 1/2 blue 0 1", "--depth", "1"],
        vec!["perft", "--game", "intermedium", "--depth", "x"],
        vec!["moves", "--game", "intermedium", "--limit", "-3"],
        vec!["frobnicate"],
        vec![],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&o).is_empty(), "{args:?}");
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
}

#[test]
fn a_reader_that_stops_early_ends_the_listing_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    // A lone 10-stone stack on d5 has 6,070 distinct moves (far more output
    // than a pipe buffers), so the writer meets the closed pipe.
    let position = "intermedium 0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,10,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 blue 0 10";
    let mut child = Command::new(env!("CARGO_BIN_EXE_sowboard"))
        .args(["moves", "--position", position])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped")).read_line(&mut first).expect("a line");
    assert!(first.starts_with("d5-"), "{first}");
    // The reader is dropped here: the pipe closes with most of the list unread.
    let o = child.wait_with_output().expect("it ends");
    assert!(o.status.success(), "{:?}: {}", o.status, stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}
