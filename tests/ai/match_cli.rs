//! The `match` subcommand: its report format, replay by seed whatever the
//! thread count, and the shared openings of game pairs.

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
    // Per game: the result line, the opening, the moves, the stones.
    assert_eq!(games(&first).len(), 8);
    // The stones line starts from the standard start's 44-44 (Intermedium)
    // and has an entry every 10 plies, and one for the final position.
    let lines: Vec<&str> = first.lines().collect();
    for (i, line) in lines.iter().enumerate().filter(|(_, l)| l.starts_with("game ")) {
        let plies: usize = line
            .split(" after ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no ply count in {line}"));
        let stones = lines[i + 3].strip_prefix("  stones: ").expect("the stones line");
        let counts: Vec<&str> = stones.split(' ').collect();
        assert_eq!(counts[0], "44-44", "{stones}");
        assert!(counts.iter().all(|c| c.split('-').all(|n| n.parse::<u32>().is_ok())), "{stones}");
        assert_eq!(counts.len(), plies.div_ceil(10) + 1, "{plies} plies: {stones}");
    }
}

/// Everything a report says that does not depend on timing: the game and
/// opening lines, the distinct count and the score lines.
fn untimed(report: &str) -> Vec<String> {
    report
        .lines()
        .filter(|l| {
            l.starts_with("game ")
                || l.starts_with("  opening: ")
                || l.starts_with("distinct games")
                || l.starts_with("by colour: ")
                || l.starts_with("score ")
        })
        .map(String::from)
        .collect()
}

fn openings(report: &str) -> Vec<String> {
    report.lines().filter_map(|l| l.strip_prefix("  opening: ")).map(String::from).collect()
}

fn small_match(game: &str, threads: &str, games: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "match",
        "--game",
        game,
        "--a",
        "level1",
        "--b",
        "mcts",
        "--games",
        games,
        "--seed",
        "5",
        "--nodes",
        "1500",
        "--threads",
        threads,
    ];
    args.extend_from_slice(extra);
    run(&args)
}

#[test]
fn same_seed_same_report_whatever_the_threads() {
    for game in ["intermedium", "cash-in-hand"] {
        let one = small_match(game, "1", "6", &[]);
        let two = small_match(game, "2", "6", &[]);
        let three = small_match(game, "3", "6", &[]);
        assert_eq!(untimed(&one).len(), 6 * 2 + 4, "{one}");
        assert_eq!(untimed(&one), untimed(&two), "{game}");
        assert_eq!(untimed(&one), untimed(&three), "{game}");
    }
}

#[test]
fn pairs_share_an_opening_and_pairs_differ() {
    for (game, plies) in [("intermedium", 2), ("cash-in-hand", 1)] {
        let report = small_match(game, "2", "6", &[]);
        let ops = openings(&report);
        assert_eq!(ops.len(), 6, "{report}");
        for pair in ops.chunks(2) {
            assert_eq!(pair[0], pair[1], "the two games of a pair start alike: {report}");
            // The default opening has this many plies (printed " / " apart).
            assert_eq!(pair[0].split(" / ").count(), plies, "{report}");
        }
        assert!(ops[0] != ops[2] || ops[2] != ops[4], "openings vary across pairs: {report}");
        assert!(report.contains("distinct games (by move list): "), "{report}");
        // Each agent plays each opening with each colour.
        let seats: Vec<&str> = report.lines().filter(|l| l.starts_with("game ")).collect();
        assert!(seats[0].contains(": level1 (") && seats[1].contains(": mcts ("), "{report}");
    }
}

#[test]
fn zero_opening_plies_is_the_standard_start() {
    let report = small_match("intermedium", "2", "2", &["--opening-plies", "0"]);
    assert_eq!(openings(&report), ["standard start", "standard start"], "{report}");
    let out = Command::new(env!("CARGO_BIN_EXE_sowboard"))
        .args(["match", "--game", "intermedium", "--a", "random", "--b", "random"])
        .args(["--opening-plies", "1000"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--opening-plies"));
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

/// `--a-nodes`/`--b-nodes` give one agent its own budget (for equal-time
/// matches): the same games as `--nodes` when they agree with it, and a
/// budget of 0 is refused with the flag named.
#[test]
fn per_agent_budgets_reach_their_agent() {
    let base = ["match", "--game", "intermedium", "--a", "level2", "--b", "level3", "--games", "2"];
    let shared = run(&[&base[..], &["--nodes", "3000"]].concat());
    let own = run(&[&base[..], &["--a-nodes", "3000", "--b-nodes", "3000"]].concat());
    assert_eq!(untimed(&shared), untimed(&own));
    let out = Command::new(env!("CARGO_BIN_EXE_sowboard"))
        .args([&base[..], &["--b-nodes", "0"]].concat())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--b-nodes must be at least 1"), "{err}");
}

#[test]
fn the_colour_line_counts_the_games_as_played() {
    // Recount from the game lines ("game N: A (blue) vs B (red): red wins:
    // ...") what the summary says by colour and by pair.
    let report = small_match("intermedium", "2", "8", &[]);
    let mut by_seat = [[0usize; 3]; 2]; // [A first, A second] x [wins, draws, losses]
    let mut pair_winners = Vec::new();
    for line in report.lines().filter(|l| l.starts_with("game ")) {
        let a_first = line.contains(": level1 (blue) vs ");
        let result = line.split("): ").nth(1).expect("a result");
        let winner = ["blue", "red"].into_iter().find(|c| result.starts_with(&format!("{c} wins")));
        let a_colour = if a_first { "blue" } else { "red" };
        let k = match winner {
            Some(c) if c == a_colour => 0,
            None => 1,
            Some(_) => 2,
        };
        by_seat[usize::from(!a_first)][k] += 1;
        pair_winners.push(winner);
    }
    let twice =
        |c: &str| pair_winners.chunks(2).filter(|p| p[0] == Some(c) && p[1] == Some(c)).count();
    let f = |s: [usize; 3]| format!("{}-{}-{}", s[0], s[1], s[2]);
    let want = format!(
        "by colour: level1 as blue {} and as red {} (wins-draws-losses); \
         pairs won twice by blue {}, by red {}, of 4",
        f(by_seat[0]),
        f(by_seat[1]),
        twice("blue"),
        twice("red")
    );
    assert!(report.lines().any(|l| l == want), "want `{want}` in\n{report}");
}

/// `--max-plies` stops a game still running and scores it a draw, "move
/// cap" (the opening's plies count); 0 or more than the default is refused.
#[test]
fn max_plies_stops_a_long_game_as_a_draw() {
    let base = ["match", "--game", "intermedium", "--a", "random", "--b", "random", "--games", "2"];
    // Two random plies open each game and one more is played: no city can
    // fall that soon, so both games reach the cap.
    let report = run(&[&base[..], &["--opening-plies", "2", "--max-plies", "3"]].concat());
    let games: Vec<&str> = report.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{report}");
    for line in games {
        // Three plies capture nothing from the start: 44 stones each.
        assert!(line.ends_with("move cap after 3 plies (stones: random 44, random 44)"), "{line}");
    }
    assert_eq!(report.lines().last(), Some("score random 50.0"), "{report}");
    for bad in ["0", "2001"] {
        let out = Command::new(env!("CARGO_BIN_EXE_sowboard"))
            .args([&base[..], &["--max-plies", bad]].concat())
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("--max-plies"), "{bad}");
    }
}
