//! `sowboard bench`: move generation and perft speed. Figures, not a test:
//! timings on shared machines are noisy, compare ratios within one run.

use rand::rngs::SmallRng;
use rand::SeedableRng;
use sowboard::{cash_random_move, perft, GameKind, Position, Rules, Side, DEFAULT_MOVE_LIMIT};
use std::time::{Duration, Instant};

/// Positions measured: the start, and one with a 10-stone stack (Blue's
/// a2 and g2 emptied: 86 stones, within the page's cap of 88).
const POSITIONS: [(&str, &str); 2] = [
    ("intermedium start", "intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1"),
    ("intermedium 10-stone stack", "intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,10,0,4,0/0,0,4,0,4,0,0/0,0,0,0,0,0,0 blue 0 5"),
];

pub fn run(ms: u64, builder_only: bool) {
    let rules = Rules::default();
    let budget = Duration::from_millis(ms);
    if builder_only {
        super::bench_builder::run(budget);
        return;
    }
    intermedium(&rules, budget);
    cash_perft(&rules);
    cash_playouts(&rules, budget);
    super::bench_builder::run(budget);
}

fn intermedium(rules: &Rules, budget: Duration) {
    let rules = *rules;
    for (name, text) in POSITIONS {
        let pos: Position = text.parse().expect("bench positions are valid");
        let start = Instant::now();
        let mut runs = 0u64;
        let mut moves = 0usize;
        while start.elapsed() < budget || runs == 0 {
            moves = pos.legal_moves(&rules, DEFAULT_MOVE_LIMIT).expect("within limit").len();
            runs += 1;
        }
        let per_sec = runs as f64 / start.elapsed().as_secs_f64();
        let t = Instant::now();
        let p2 = perft(&pos, &rules, 2).expect("within limit");
        let perft_ms = t.elapsed().as_secs_f64() * 1e3;
        println!(
            "{name}: {moves} moves; {per_sec:.0} generations/s ({:.0} moves/s); perft(2) = {p2} in {perft_ms:.1} ms",
            per_sec * moves as f64
        );
    }
}

/// A Cash in Hand set-up small enough for exact perft (tests/perft/cash.perft).
const CASH_PERFT_POSITION: &str = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0/0,0,0,1,0,2,0,0/0,0,1,1,0,0,0,0/0,0,0,1,0,0,0,0/0,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0 white 0 10";

fn cash_perft(rules: &Rules) {
    let pos: Position = CASH_PERFT_POSITION.parse().expect("bench positions are valid");
    for depth in 1..=4 {
        let t = Instant::now();
        let n = perft(&pos, rules, depth).expect("within limit");
        println!(
            "cash-in-hand set-up: perft({depth}) = {n} in {:.1} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}

/// Plies after which a random game is abandoned (a game with captures every
/// so often could otherwise go on for a long time).
const MAX_PLIES: u32 = 10_000;

/// Random games from the Cash in Hand start, each move drawn by
/// `cash_random_move` (uniform over the move builder's choices), played to
/// the end under the default rules (quiet-move limit 100; repetition, which
/// needs the game history, is not tracked here).
fn cash_playouts(rules: &Rules, budget: Duration) {
    let start_pos = Position::start(GameKind::CashInHand);
    let mut rng = SmallRng::seed_from_u64(1);
    let start = Instant::now();
    let (mut games, mut plies, mut abandoned) = (0u64, 0u64, 0u64);
    let mut results = [0u64; 3]; // White wins, Black wins, draws
    while start.elapsed() < budget || games == 0 {
        let mut pos = start_pos;
        let mut n = 0;
        loop {
            if n >= MAX_PLIES {
                abandoned += 1;
                break;
            }
            let Some(t) = cash_random_move(&pos, rules, &mut rng) else {
                // The side to move has lost or the game is drawn.
                let outcome = pos.status(rules).expect("no move only in a finished game");
                results[match outcome.winner {
                    Some(Side::First) => 0,
                    Some(Side::Second) => 1,
                    None => 2,
                }] += 1;
                break;
            };
            n += 1;
            if let Some(outcome) = t.outcome(rules) {
                results[match outcome.winner {
                    Some(Side::First) => 0,
                    Some(Side::Second) => 1,
                    None => 2,
                }] += 1;
                break;
            }
            pos = t.position;
        }
        games += 1;
        plies += n as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "cash-in-hand random playouts from the start: {:.1} playouts/s, {:.0} plies/s, mean {:.1} plies per game \
         ({games} games: white {} / black {} / draw {}, {abandoned} abandoned)",
        games as f64 / secs,
        plies as f64 / secs,
        plies as f64 / games as f64,
        results[0],
        results[1],
        results[2],
    );
}
