//! Every level keeps its promises under a clock (issue 52): a deadline
//! cuts the search, never the root's screen, so no level from 2 up leaves
//! an immediate city capture in Intermedium, or a 10-stone capture in Cash
//! in Hand, when a move avoids it, however soon the time runs out.
//!
//! No wall clock: `Expiring` gives the start and then `checks` more reads
//! before the deadline has passed, so each case replays exactly. The
//! expected answers come from the rules' public interface (Intermedium:
//! every move and every reply listed) or, in Cash in Hand, whose replies are
//! too many to list, from the material-greedy agent's best capture.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::ai::{choose, choose_move, Agent, Clock, Limits, NoClock, LEVELS};
use sowboard::{EndReason, Game, GameKind, Position, Rules, Transition};
use std::cell::Cell;
use std::process::Command;

/// Milliseconds 0 for the first read (a search's start) and the next
/// `checks` reads, then far past any deadline.
struct Expiring {
    reads: Cell<u32>,
    checks: u32,
}

impl Expiring {
    fn after(checks: u32) -> Expiring {
        Expiring { reads: Cell::new(0), checks }
    }
}

impl Clock for Expiring {
    fn now_ms(&self) -> f64 {
        let n = self.reads.get();
        self.reads.set(n + 1);
        if n <= self.checks {
            0.0
        } else {
            1e12
        }
    }
}

/// Clock checks the cases run with: the deadline passed at the first
/// check, soon after, and well into the search.
const CHECKS: [u32; 9] = [0, 1, 2, 3, 5, 8, 13, 40, 150];

/// The time limits a level meets: the CLI's `--budget-ms` (node budgets
/// lifted, the clock alone stops the search) and the widget's `ai-time`
/// (the level's own node budget, the deadline as a net).
const LIMITS: [Limits; 2] = [
    Limits { nodes: Some(u64::MAX), time_ms: Some(50.0) },
    Limits { nodes: None, time_ms: Some(50.0) },
];

const LIST: usize = 200_000;

/// The most stones a move of the side to move in `pos` captures, and
/// whether one of them captures the opponent's city (`None`: too many
/// moves to list).
fn best_capture(pos: &Position, rules: &Rules) -> Option<(u32, bool)> {
    if pos.status(rules).is_some() {
        return Some((0, false));
    }
    let moves = pos.legal_moves(rules, LIST).ok()?;
    let city = |t: &Transition| t.decisive.is_some_and(|o| o.reason == EndReason::CityCaptured);
    let most = moves.iter().map(|t| t.captured_stones).max().unwrap_or(0);
    Some((most, moves.iter().any(city)))
}

/// Plays `level` from `pos` under every clock in `CHECKS` and every limit
/// in `LIMITS`; `bad` judges each move. Returns the failures, in words, or
/// `None` when the level breaks the promise on its own node budget without
/// a clock too: where every parry is proven lost, Intermedium levels 4 and
/// 5 play their search's choice (`agents::guard_intermedium`), which is no
/// matter of the clock.
fn each_clock(pos: &Position, level: u8, bad: &dyn Fn(&Transition) -> bool) -> Option<Vec<String>> {
    let game = Game::from_position(*pos, Rules::default());
    let plain = choose_move(&game, level, 1, Limits::default(), &NoClock).expect("a move");
    if bad(&plain) {
        return None;
    }
    let mut failures = Vec::new();
    for limits in LIMITS {
        for checks in CHECKS {
            let clock = Expiring::after(checks);
            let t = choose_move(&game, level, 1, limits, &clock).expect("a move");
            if bad(&t) {
                failures.push(format!(
                    "level {level}, {limits:?}, deadline after {checks} checks: played {} in {pos}",
                    t.mv
                ));
            }
        }
    }
    Some(failures)
}

/// Runs `each_clock` for levels 2-8 over `positions`: no failure, and few
/// (level, position) cases skipped.
fn every_level(positions: &[Position], bad: &dyn Fn(&Position, &Transition) -> bool) {
    let (mut failures, mut skipped) = (Vec::new(), Vec::new());
    for pos in positions {
        for level in 2..=LEVELS {
            match each_clock(pos, level, &|t| bad(pos, t)) {
                Some(f) => failures.extend(f),
                None => skipped.push(format!("level {level} in {pos}")),
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    let cases = positions.len() * usize::from(LEVELS - 1);
    assert!(skipped.len() * 10 <= cases, "{} of {cases} skipped: {skipped:#?}", skipped.len());
}

/// Intermedium positions from games between random movers where the
/// opponent threatens to capture the mover's city next move, some moves
/// parry it and most do not.
fn city_threats(count: usize) -> Vec<Position> {
    let rules = Rules::default();
    let mut rng = SmallRng::seed_from_u64(52);
    let tiny = Limits { nodes: Some(1), time_ms: None };
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(GameKind::Intermedium, rules);
        while game.outcome().is_none() && out.len() < count {
            let pos = *game.position();
            let mut flipped = pos;
            flipped.side_to_move = pos.side_to_move.opponent();
            let threatened = matches!(best_capture(&flipped, &rules), Some((_, true)));
            if threatened && matches!(best_capture(&pos, &rules), Some((_, false))) {
                let moves = pos.legal_moves(&rules, LIST).expect("listed above");
                let falls = |t: &Transition| {
                    t.decisive.is_none() && best_capture(&t.position, &rules).is_none_or(|b| b.1)
                };
                let lost = moves.iter().filter(|t| falls(t)).count();
                if lost < moves.len() && lost * 2 > moves.len() {
                    out.push(pos);
                }
            }
            let t = choose(Agent::Random, &game, rng.random(), tiny, &NoClock).expect("a move");
            game.push(t);
        }
    }
    out
}

#[test]
fn intermedium_no_level_leaves_a_city_capture_whatever_the_clock() {
    let rules = Rules::default();
    // The opponent's city capture next move after `t`.
    let leaves = |_: &Position, t: &Transition| {
        t.decisive.is_none() && best_capture(&t.position, &rules).is_none_or(|b| b.1)
    };
    every_level(&city_threats(8), &leaves);
}

/// Stones a capture must take for a level to avoid allowing it
/// (`agents::BIG_STACK`).
const BIG: u32 = 10;

/// Cash in Hand's start and the positions after one and two random plies
/// from it: its 32-stone corner stacks hang to a one-move capture after
/// many sowings (`h1:16 g2:1 h3:7 g4:8` loses 17 stones, tests/ai/tactics.rs)
/// and most moves hang nothing.
fn openings() -> Vec<Position> {
    let rules = Rules::default();
    let tiny = Limits { nodes: Some(1), time_ms: None };
    let mut out = vec![*Game::new(GameKind::CashInHand, rules).position()];
    for seed in 1..=3u64 {
        let mut game = Game::new(GameKind::CashInHand, rules);
        for ply in 0..2 {
            let t = choose(Agent::Random, &game, seed * 10 + ply, tiny, &NoClock).expect("a move");
            game.push(t);
            out.push(*game.position());
        }
    }
    out
}

/// The stones the opponent's best capture in reply to `t` takes beyond
/// what `t` took, as the material-greedy agent finds it (its candidate
/// list holds every capture-seeking sowing).
fn hung(t: &Transition, rules: &Rules) -> u32 {
    if t.decisive.is_some() {
        return 0;
    }
    let game = Game::from_position(t.position, *rules);
    let limits = Limits { nodes: Some(100_000), time_ms: None };
    let reply = choose(Agent::Greedy, &game, 1, limits, &NoClock).map_or(0, |r| r.captured_stones);
    reply.saturating_sub(t.captured_stones)
}

#[test]
fn cash_no_level_leaves_a_big_capture_whatever_the_clock() {
    let rules = Rules::default();
    every_level(&openings(), &|_, t| hung(t, &rules) >= BIG);
}

/// Without a clock the match harness replays a seed exactly, for the levels
/// whose roots are screened (`Budget::screen`) as for the others.
#[test]
fn a_match_on_node_budgets_replays_by_seed() {
    let run = |game: &str| {
        let args = format!(
            "match --game {game} --a level4 --b level8 --games 2 --seed 11 --nodes 4000 \
             --max-plies 24 --threads 1 --verbose"
        );
        let args: Vec<&str> = args.split_whitespace().collect();
        let out = Command::new(env!("CARGO_BIN_EXE_sowboard")).args(&args).output().expect("runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).expect("utf-8");
        // The games, their moves and the scores: every line but the timings.
        let untimed = ["game ", "  ", "distinct games", "by colour: ", "score "];
        text.lines()
            .filter(|l| untimed.iter().any(|u| l.starts_with(u)))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    for game in ["intermedium", "cash-in-hand"] {
        let first = run(game);
        assert_eq!(first.iter().filter(|l| l.starts_with("game ")).count(), 2, "{first:#?}");
        assert_eq!(first, run(game), "{game}");
    }
}
