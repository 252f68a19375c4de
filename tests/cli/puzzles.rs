//! `sowboard puzzles`: its JSON (the issue-13 shape) and its argument errors.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sowboard")).args(args).output().expect("the binary runs")
}

#[test]
fn puzzles_refuses_bad_arguments_with_status_2() {
    let o = run(&["puzzles", "--game", "chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown game 'chess'"));
    let o = run(&["puzzles", "--game", "intermedium", "--count", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["puzzles", "--game", "intermedium", "--positions", "/no/such/file"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read /no/such/file"));
    let o = run(&["puzzles", "--game", "cash-in-hand", "--max-share", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--max-share is a percentage"));
    // Intermedium puzzles all come from real games already.
    let o = run(&["puzzles", "--game", "intermedium", "--real-games", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--real-games is for cash-in-hand"));
}

#[test]
fn puzzles_classifies_given_positions_into_the_shipped_json_shape() {
    let shipped: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("www/puzzles/intermedium.json").unwrap())
            .unwrap();
    let first = &shipped[0];
    let start = sowboard::GameKind::Intermedium.start_position_string();
    let dir = std::env::temp_dir().join(format!("sowboard-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    std::fs::write(&file, format!("{start}\n{}\n", first["position"].as_str().unwrap())).unwrap();
    let o = run(&["puzzles", "--game", "intermedium", "--positions", file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("line 1: makes no puzzle"),
        "the start is no puzzle"
    );
    let out: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
    let list = out.as_array().expect("an array");
    assert_eq!(list.len(), 1);
    let p = &list[0];
    // The id hashes the position (stable when the file is regenerated).
    let id = p["id"].as_str().expect("an id");
    let hash = id.strip_prefix("intermedium-").expect("an Intermedium id");
    assert!(hash.len() == 10 && hash.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
    assert_eq!(p["id"], first["id"], "the shipped puzzle's id");
    for key in ["game", "position", "solutions", "goal", "line"] {
        assert_eq!(p[key], first[key], "{key} as shipped");
    }
}
