//! `sowboard bench`: move generation and perft speed. Figures, not a test:
//! timings on shared machines are noisy, compare ratios within one run.

use sowboard::{perft, Position, Rules, DEFAULT_MOVE_LIMIT};
use std::time::{Duration, Instant};

/// Positions measured: the start, and one with a 10-stone stack.
const POSITIONS: [(&str, &str); 2] = [
    ("intermedium start", "intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1"),
    ("intermedium 10-stone stack", "intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,10,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 5"),
];

pub fn run(ms: u64) {
    let rules = Rules::default();
    let budget = Duration::from_millis(ms);
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
