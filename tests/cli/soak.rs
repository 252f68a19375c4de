//! `sowboard soak --levels A,B --nodes N`: two AI levels playing each other
//! with every invariant checked after every move, and its argument errors.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sowboard")).args(args).output().expect("the binary runs")
}

#[test]
fn two_levels_play_each_other_at_a_small_node_budget() {
    for game in ["intermedium", "cash-in-hand"] {
        let o = run(&["soak", "--game", game, "--games", "2", "--levels", "3,5", "--nodes", "300"]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{game}: {out}");
        assert!(out.contains("the AI searches 300 nodes a move"), "{out}");
        assert!(out.contains(&format!("soak {game}: 2 games")), "{out}");
        assert!(out.contains("2 passed, 0 failed"), "{out}");
    }
}

#[test]
fn soak_refuses_bad_levels_with_status_2() {
    for levels in ["3", "3,9", "0,5", "three,five"] {
        let o = run(&["soak", "--game", "intermedium", "--games", "1", "--levels", levels]);
        assert_eq!(o.status.code(), Some(2), "--levels {levels}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("--levels"), "--levels {levels}");
    }
}
