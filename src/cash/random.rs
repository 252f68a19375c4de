//! A random legal move, for playouts (AI, benchmarks, property tests).

use super::Builder;
use crate::position::Position;
use crate::stages::{BuildSteps, Stage};
use crate::transition::Transition;
use crate::variant::{GameKind, RuleOptions};
use rand::Rng;

fn pick<T: Clone, R: Rng + ?Sized>(items: &[T], rng: &mut R) -> Option<T> {
    if items.is_empty() {
        None
    } else {
        Some(items[rng.random_range(0..items.len())].clone())
    }
}

/// A random legal move of a Cash in Hand position, or `None` if the game is
/// over (or the position is of another game). Each choice of the move
/// builder is drawn uniformly in turn: the origin, the count, each step and
/// its drop, each placement cell and its number of stones. So the moves are
/// not uniform over distinct moves (that set is far too large to list), but
/// every legal move has a chance. The same seed gives the same move.
///
/// ```
/// use rand::{rngs::SmallRng, SeedableRng};
/// use sowboard::{cash_random_move, GameKind, Position, RuleOptions};
///
/// let rules = RuleOptions::default();
/// let mut rng = SmallRng::seed_from_u64(42);
/// let mut pos = Position::start(GameKind::CashInHand);
/// for _ in 0..20 {
///     let t = cash_random_move(&pos, &rules, &mut rng).expect("the game goes on");
///     assert_eq!(t.position.board.total(), 128);
///     // Every move it makes is legal as written.
///     assert_eq!(pos.play_text(&t.mv.to_string(), &rules).unwrap(), t);
///     pos = t.position;
/// }
/// ```
pub fn random_move<R: Rng + ?Sized>(
    pos: &Position,
    rules: &RuleOptions,
    rng: &mut R,
) -> Option<Transition> {
    if pos.game != GameKind::CashInHand {
        return None;
    }
    let mut b = Builder::new(pos, rules);
    b.select_origin(pick(&b.origins(), rng)?).ok()?;
    b.pick_up(pick(&b.count_options(), rng)? as u32).ok()?;
    while b.stage() == Stage::Step {
        let option = pick(&b.step_options(), rng)?;
        let drop = pick(&option.drops(), rng)?;
        b.step(option.cell, drop as u32).ok()?;
    }
    while b.stage() == Stage::Place {
        let cell = pick(&b.place_options(), rng)?;
        let (low, high) = b.place_range(cell)?;
        b.place(cell, rng.random_range(low..=high)).ok()?;
    }
    b.finish()
}

/// A Cash in Hand position for tests: 4 to 13 stacks of 1 to 6 stones in
/// the 5 x 5 corner, so that stacks touch and the full move list stays
/// small enough to compare with; `None` when one side has no stones.
#[cfg(test)]
pub(crate) fn clustered_position<R: Rng + ?Sized>(rng: &mut R) -> Option<Position> {
    use crate::board::{Board, Cell};
    use crate::variant::Side;
    let mut pos = Position::start(GameKind::CashInHand);
    pos.board = Board::empty(pos.board.geometry());
    for _ in 0..rng.random_range(4..14) {
        let cell = Cell::new(rng.random_range(0..5), rng.random_range(0..5));
        pos.board.set(cell, rng.random_range(1..7));
    }
    if pos.stones_of(Side::First) == 0 || pos.stones_of(Side::Second) == 0 {
        return None;
    }
    if rng.random_bool(0.5) {
        pos.side_to_move = Side::Second;
    }
    Some(pos)
}
