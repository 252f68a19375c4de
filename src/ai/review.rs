//! Game review: every position of a game analysed once, and each
//! move classified by how much it lost against the best move.
//!
//! A game of n plies costs n + 1 searches: the score ahead of ply i is the
//! best score of position i - 1 (for the player about to move), the score
//! after it is the score of position i, negated to the same player's view
//! (a finished position scores `win:0`, `loss:0` or `0`).
//!
//! The loss of a move is `before.value() - after.value()` (`Score::value`:
//! hundredths of a stone clamped to +-30 stones; a proven result beyond
//! every estimate). Classes, by that loss:
//!
//! | class | loss (hundredths of a stone) |
//! | --- | --- |
//! | best | the engine's own choice, or at most 10 |
//! | good | at most 50 |
//! | inaccuracy | at most 150 |
//! | mistake | at most 400 |
//! | blunder | more than 400 |
//!
//! So giving away a proven win, or moving into a proven loss from a
//! position that is not lost (allowing a city capture in one), is always a
//! blunder, while choosing among lost moves, or a slower win, is not.

use super::analyse::{evaluate, Score, Strength};
use super::win_chance::{move_accuracy, win_chance};
use super::Clock;
use crate::errors::LimitExceeded;
use crate::game::Game;
use crate::moves::Move;
use crate::variant::{GameKind, Side};
use std::fmt;

/// Upper bounds of the loss (hundredths of a stone) for `best`, `good`,
/// `inaccuracy` and `mistake`; beyond the last is a `blunder`.
pub const THRESHOLDS: [i32; 4] = [10, 50, 150, 400];

/// How good a move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    pub const ALL: [Class; 5] =
        [Class::Best, Class::Good, Class::Inaccuracy, Class::Mistake, Class::Blunder];

    /// The class of a move that lost `loss` (see the module's table).
    pub fn of_loss(loss: i32) -> Class {
        let i = THRESHOLDS.iter().position(|&t| loss <= t).unwrap_or(THRESHOLDS.len());
        Class::ALL[i]
    }

    pub fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The review's default strength: level 4's search within 200 000 nodes,
/// so that a 60-ply game takes seconds (README, "Analysis").
pub const REVIEW: Strength = Strength { level: 4, nodes: Some(200_000) };

/// One reviewed ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reviewed {
    /// 1 for the first move of the game.
    pub ply: usize,
    pub mv: Move,
    /// The player who moved.
    pub side: Side,
    /// The best score of the position the move is played in, for its player.
    pub before: Score,
    /// The score after the move, for the same player.
    pub after: Score,
    /// The engine's choice in the position the move is played in.
    pub best: Move,
    pub class: Class,
}

impl Reviewed {
    /// The move's accuracy, 0-100 (`win_chance::move_accuracy` on the
    /// mover's win chance ahead of and after it).
    pub fn accuracy(&self, game: GameKind) -> f64 {
        move_accuracy(win_chance(game, self.before), win_chance(game, self.after))
    }
}

/// One side's review in figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub side: Side,
    /// The side's moves reviewed.
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The mean accuracy of its moves (0-100), `None` without a move.
    pub accuracy: Option<f64>,
}

/// Each side's summary of a review of a game of `game`, the first player's
/// first.
pub fn summarise(game: GameKind, plies: &[Reviewed]) -> [Summary; 2] {
    [Side::First, Side::Second].map(|side| {
        let own: Vec<&Reviewed> = plies.iter().filter(|r| r.side == side).collect();
        let count = |c: Class| own.iter().filter(|r| r.class == c).count();
        let total: f64 = own.iter().map(|r| r.accuracy(game)).sum();
        Summary {
            side,
            moves: own.len(),
            inaccuracies: count(Class::Inaccuracy),
            mistakes: count(Class::Mistake),
            blunders: count(Class::Blunder),
            accuracy: (!own.is_empty()).then(|| total / own.len() as f64),
        }
    })
}

/// The engine's view of one position of the game: its best move (none once
/// the game is over) and score for the side to move.
struct Seen {
    best: Option<Move>,
    score: Score,
}

/// The contract's answer (`evaluate`) for one position of the game, or its
/// result once it is over.
fn look(game: &Game, strength: Strength, clock: &dyn Clock) -> Result<Seen, LimitExceeded> {
    if let Some(outcome) = game.outcome() {
        let mover = game.position().side_to_move;
        let score = match outcome.winner {
            Some(w) if w == mover => Score::Win(0),
            Some(_) => Score::Loss(0),
            None => Score::Centi(0),
        };
        return Ok(Seen { best: None, score });
    }
    let v = evaluate(game, strength, clock)?.expect("the game goes on");
    Ok(Seen { best: Some(v.best), score: v.score })
}

/// Reviews every ply of `game` (its plies from its start). `on_progress`
/// gets (positions done, positions in all) after each search and returns
/// whether to go on; `None` when it stopped the review. A position whose
/// moves cannot be listed (hostile set-ups) is the `LimitExceeded` error:
/// scoring it as lost would make the move into it a blunder.
pub fn review(
    game: &Game,
    strength: Strength,
    clock: &dyn Clock,
    on_progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<Vec<Reviewed>>, LimitExceeded> {
    let plies = game.plies();
    let total = plies.len() + 1;
    let mut g = Game::from_position(*game.start(), *game.rules());
    let mut seen = look(&g, strength, clock)?;
    if !on_progress(1, total) {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(plies.len());
    for (i, ply) in plies.iter().enumerate() {
        let side = g.position().side_to_move;
        g.push(ply.transition.clone());
        let next = look(&g, strength, clock)?;
        let before = seen.score;
        let after = next.score.negate();
        let best = seen.best.clone().unwrap_or_else(|| ply.transition.mv.clone());
        let class = if best == ply.transition.mv {
            Class::Best
        } else {
            Class::of_loss(before.value() - after.value())
        };
        out.push(Reviewed {
            ply: i + 1,
            mv: ply.transition.mv.clone(),
            side,
            before,
            after,
            best,
            class,
        });
        seen = next;
        if !on_progress(i + 2, total) {
            return Ok(None);
        }
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_documented_thresholds() {
        let got: Vec<&str> =
            [-5, 10, 11, 50, 51, 150, 151, 400, 401].map(|l| Class::of_loss(l).name()).to_vec();
        assert_eq!(
            got,
            [
                "best",
                "best",
                "good",
                "good",
                "inaccuracy",
                "inaccuracy",
                "mistake",
                "mistake",
                "blunder"
            ]
        );
        // Into a loss in one from an even position.
        assert_eq!(
            Class::of_loss(Score::Centi(0).value() - Score::Loss(1).value()),
            Class::Blunder
        );
        // A slower win.
        assert_eq!(Class::of_loss(Score::Win(3).value() - Score::Win(5).value()), Class::Best);
    }
}
