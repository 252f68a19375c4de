//! Random moves for playouts and for the `random` reference agent, built
//! only through the rules' public means (`Position::play`, `legal_moves`,
//! the move builder): the AI never decides legality itself.

use crate::board::{Cell, Diagonal};
use crate::moves::{Move, SowMove};
use crate::play::{Transition, DEFAULT_MOVE_LIMIT};
use crate::position::Position;
use crate::variant::{GameKind, Rules};
use rand::rngs::SmallRng;
use rand::Rng;

/// Proposals tried; past them the full move list decides.
const TRIES: usize = 12;

/// A random legal move for a playout (cheap; not uniform over distinct
/// moves), or `None` when the side to move has no legal move.
pub(crate) fn playout_move(
    pos: &Position,
    rules: &Rules,
    rng: &mut SmallRng,
) -> Option<Transition> {
    match pos.game {
        GameKind::Intermedium => random_sowing(pos, rules, rng),
        GameKind::CashInHand => random_by_builder(pos, rules, rng),
    }
}

/// Intermedium: a random own stack of 2+ sown along a random path without
/// reversals, checked by `Position::play`; a few tries, then a uniform
/// choice among all distinct moves.
fn random_sowing(pos: &Position, rules: &Rules, rng: &mut SmallRng) -> Option<Transition> {
    let g = pos.board.geometry();
    let colour = pos.side_to_move.colour();
    let origins: Vec<Cell> =
        g.cells().filter(|&c| c.colour() == colour && pos.board.get(c) >= 2).collect();
    // Without a stack of 2 or more the side to move has no move.
    if origins.is_empty() {
        return None;
    }
    for _ in 0..TRIES {
        let origin = origins[rng.random_range(0..origins.len())];
        let n = pos.board.get(origin) as usize;
        let mut path = Vec::with_capacity(n);
        let (mut at, mut last): (Cell, Option<Diagonal>) = (origin, None);
        for _ in 0..n {
            let options: Vec<(Diagonal, Cell)> =
                g.diagonal(at).filter(|(d, _)| last != Some(d.reverse())).collect();
            if options.is_empty() {
                break;
            }
            let (d, to) = options[rng.random_range(0..options.len())];
            path.push(to);
            at = to;
            last = Some(d);
        }
        if path.len() < n {
            continue;
        }
        if let Ok(t) = pos.play(&Move::Sow(SowMove { origin, path }), rules) {
            return Some(t);
        }
    }
    uniform(pos, rules, rng)
}

/// A move chosen uniformly among all distinct legal moves.
pub(crate) fn uniform(pos: &Position, rules: &Rules, rng: &mut SmallRng) -> Option<Transition> {
    let mut moves = pos.legal_moves(rules, DEFAULT_MOVE_LIMIT).ok()?;
    if moves.is_empty() {
        return None;
    }
    let i = rng.random_range(0..moves.len());
    Some(moves.swap_remove(i))
}

/// A move built by choosing uniformly among the builder's offers at each
/// stage (origin, count, each step and drop, each placement): the rules'
/// own `cash_random_move`. Not uniform over distinct moves (that set is far
/// too large to list), but every legal move has a chance.
pub(crate) fn random_by_builder(
    pos: &Position,
    rules: &Rules,
    rng: &mut SmallRng,
) -> Option<Transition> {
    crate::cash_random_move(pos, rules, rng)
}
