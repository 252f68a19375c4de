//! Intermedium (Stepping Stones, Matt Crispis 1976): docs/RULES.md section 2.
//!
//! A move sows all n stones of an own stack along a diagonal path of n steps
//! without 180-degree turns. Its outcome depends only on *how many* stones land
//! on each cell and on the last cell, so move generation walks paths layer by
//! layer and merges every partial path with the same (current cell, last
//! direction, drop counts): the number of distinct states grows far slower
//! than the 4 x 3^(n-1) paths. Each state keeps one parent link, so every
//! distinct outcome still comes with a real path that stands for it.
//!
//! - `sowing`: what a sowing does (drops, first-move rule, captures, city);
//!   a written move checked step by step.
//! - `movegen`: every distinct move, with bounded work.
//! - `complete`: whether a partial sowing can still be finished (exact
//!   has-a-legal-move); `threat`: the AI's one-move capture query.
//! - `builder`: a move one choice at a time.
//!
//! This file is the module's face: it implements `GameRules` with its
//! children and only re-exports `builder`, so that the builder may ask the
//! rules for a position's status; no other child uses it.

mod builder;
mod complete;
mod movegen;
mod sowing;
mod threat;

pub use builder::Builder;
pub use sowing::city;
pub(crate) use threat::{walk_work, Attacker};

use crate::board::Cell;
use crate::errors::{IllegalMove, LimitExceeded, NotationError};
use crate::game_rules::{CapturingMoves, GameRules};
use crate::moves::{Move, SowMove};
use crate::position::Position;
use crate::sorting;
use crate::transition::Transition;
use crate::variant::{GameKind, RuleOptions, Side};

/// The side to move's capturing moves (an enemy stack or the enemy city
/// taken): `generate`'s list filtered to them (`captured_stones > 0 ||
/// decisive.is_some()`), paths and order included, found with far less work
/// (`movegen::Keep::Captures`), so it may finish where the full list would
/// pass `limit`. For the AI's capture search, which plays out captures
/// only. Also gives the search states visited (its work).
pub(crate) fn capturing_successors(
    pos: &Position,
    rules: &RuleOptions,
    limit: usize,
) -> Result<(Vec<Transition>, usize), LimitExceeded> {
    let (moves, states) =
        movegen::generate_kept(pos, rules, limit, movegen::Keep::Captures, &mut || false)?;
    let moves = moves.into_iter().map(|g| sowing::transition(pos, g.mv, g.effect)).collect();
    Ok((moves, states))
}

/// The cells one capturing sowing takes (sorted) and whether it takes the
/// enemy city.
pub(crate) type CaptureSet = (Vec<Cell>, bool);

/// What the side to move's capturing sowings would take: for each distinct
/// outcome, the enemy cells captured and whether the enemy city falls
/// (sorted, without repeats), and the search states visited (its work).
/// A capture depends on the enemy's cells only through which of them hold
/// a stack, so on a `filled_half` each set holds every cell its sowing
/// would take from any enemy placement.
pub(crate) fn capture_sets(
    pos: &Position,
    rules: &RuleOptions,
    limit: usize,
) -> Result<(Vec<CaptureSet>, usize), LimitExceeded> {
    let (moves, states) =
        movegen::generate_kept(pos, rules, limit, movegen::Keep::Captures, &mut || false)?;
    let mut sets: Vec<CaptureSet> = moves
        .into_iter()
        .map(|g| (crate::transition::sorted(g.effect.captured), g.effect.city_captured))
        .collect();
    sorting::sort(&mut sets);
    sets.dedup();
    Ok((sets, states))
}

/// `pos` with only what decides the side to move's own captures and
/// capture threats (the cells of its colour and the move number, for the
/// first-move rule), every cell of the other colour holding one stone and
/// the quiet count cleared: the same for every position that differs only
/// in the other colour's cells, and the position `capture_sets` reads
/// every possible capture from.
pub(crate) fn filled_half(pos: &Position) -> Position {
    let mut half = *pos;
    half.quiet = 0;
    let theirs = pos.side_to_move.opponent().colour();
    let g = pos.board.geometry();
    for c in g.cells().filter(|c| c.colour() == theirs) {
        half.board.set(c, 1);
    }
    half
}

/// The rules of Intermedium.
#[derive(Clone, Copy, Debug, Default)]
pub struct Intermedium;

impl GameRules for Intermedium {
    fn kind(&self) -> GameKind {
        GameKind::Intermedium
    }

    fn parse(&self, text: &str) -> Result<Move, NotationError> {
        SowMove::parse(text).map(Move::Sow)
    }

    fn validate(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        mv: &Move,
    ) -> Result<Transition, IllegalMove> {
        let Move::Sow(m) = mv else {
            return Err(IllegalMove::WrongGame { expected: self.kind() });
        };
        sowing::validate(pos, rules, m).map(|effect| sowing::transition(pos, m.clone(), effect))
    }

    fn generate(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        self.generate_until(pos, rules, limit, &mut || false)
    }

    fn generate_until(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Vec<Transition>, LimitExceeded> {
        Ok(movegen::generate(pos, rules, limit, stop)?
            .into_iter()
            .map(|g| sowing::transition(pos, g.mv, g.effect))
            .collect())
    }

    fn count(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<usize, LimitExceeded> {
        movegen::count(pos, rules, limit)
    }

    fn has_legal_move(&self, pos: &Position, rules: &RuleOptions) -> bool {
        complete::has_legal_move(pos, rules)
    }

    /// The exact threat walk first (`Attacker`): a position where no enemy
    /// stack nor the enemy city can fall costs microseconds; otherwise every
    /// legal move.
    fn capturing_moves(
        &self,
        pos: &Position,
        rules: &RuleOptions,
        limit: usize,
    ) -> Result<CapturingMoves, LimitExceeded> {
        let enemy = pos.side_to_move.opponent();
        // The walk counts against `limit` too: on tall stacks it is the
        // costly part, and the limit holds from its first state.
        let attacker = Attacker::with_budget(pos, rules, limit as u64);
        let any = pos
            .board
            .geometry()
            .cells()
            .filter(|&c| pos.owner(c) == enemy)
            .filter(|&c| pos.board.is_occupied(c) || c == city(enemy))
            .any(|c| attacker.can_capture(c));
        if attacker.out_of_work() {
            return Err(LimitExceeded { limit });
        }
        let left = attacker.budget_left() as usize;
        let moves = if any { self.generate(pos, rules, left)? } else { Vec::new() };
        Ok(CapturingMoves { moves, largest: true })
    }

    fn cities(&self) -> Vec<(Side, Cell)> {
        [Side::First, Side::Second].into_iter().map(|side| (side, city(side))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// `capture_sets` of a position whose every enemy cell holds a stack
    /// gives, once narrowed to the cells that really hold one, exactly the
    /// captures of the real position: what `ai::intermedium`'s shared
    /// parries rely on. Random games that capture when they can.
    #[test]
    fn capture_sets_of_a_filled_enemy_half_narrow_to_the_real_captures() {
        let rules = RuleOptions::default();
        let mut rng = SmallRng::seed_from_u64(3);
        let (mut positions, mut with_captures) = (0, 0);
        for _ in 0..12 {
            let mut game = Game::new(GameKind::Intermedium, rules);
            while game.outcome().is_none() && game.plies().len() < 80 {
                let pos = *game.position();
                let (real, _) = capturing_successors(&pos, &rules, 400_000).expect("listed");
                let mut expected: Vec<CaptureSet> =
                    real.iter().map(|t| (t.captured.clone(), t.decisive.is_some())).collect();
                expected.sort();
                expected.dedup();
                let (sets, _) = capture_sets(&filled_half(&pos), &rules, 400_000).expect("listed");
                let mut got: Vec<CaptureSet> = sets
                    .iter()
                    .map(|(cells, city)| {
                        let held = cells.iter().copied().filter(|&c| pos.board.get(c) > 0);
                        (held.collect::<Vec<Cell>>(), *city)
                    })
                    .filter(|(cells, city)| !cells.is_empty() || *city)
                    .collect();
                got.sort();
                got.dedup();
                assert_eq!(got, expected, "{pos}");
                positions += 1;
                with_captures += usize::from(!expected.is_empty());
                let moves = pos.successors(&rules, 400_000).expect("listed");
                if moves.is_empty() {
                    break;
                }
                let t = if !real.is_empty() && rng.random_bool(0.5) {
                    real[rng.random_range(0..real.len())].clone()
                } else {
                    moves[rng.random_range(0..moves.len())].clone()
                };
                game.push(t);
            }
        }
        assert!(positions > 300 && with_captures > 50, "{positions} {with_captures}");
    }
}
