//! Random Cash in Hand set-ups for the offline tools: positions of the
//! game's 32-stone stacks have far too many moves to search exhaustively,
//! so the puzzles and the tactics suite start from crowded corners of small
//! stacks.

use crate::position::Position;
use rand::rngs::SmallRng;
use rand::Rng;

/// A random Cash in Hand set-up: stacks of 1 to `max_height` on about
/// `fill` of the cells of a `size` x `size` square placed at random, with a
/// random side to move (`None` if the engine refuses it). Shared by the
/// tactics suite generator and the puzzle finder.
pub(super) fn cash_cluster(
    rng: &mut SmallRng,
    size: usize,
    fill: f64,
    max_height: u8,
) -> Option<Position> {
    let mut cells = [0u8; 64];
    let corner = 8 - size + 1;
    let (f0, r0) = (rng.random_range(0..corner), rng.random_range(0..corner));
    for r in r0..r0 + size {
        for f in f0..f0 + size {
            if rng.random_bool(fill) {
                cells[r * 8 + f] = rng.random_range(1..=max_height);
            }
        }
    }
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|r| (0..8).map(|f| cells[r * 8 + f].to_string()).collect::<Vec<_>>().join(","))
        .collect();
    let side = if rng.random_bool(0.5) { "white" } else { "black" };
    format!("cash-in-hand {} {side} 0 20", ranks.join("/")).parse().ok()
}
