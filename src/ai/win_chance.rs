//! Scores as a player reads them: the chance of winning that a score
//! stands for, and how accurately a side played (the review's summary).
//!
//! The win chance of an estimate `c` (hundredths of a stone, the analysis's
//! evaluation: the hand weights of each game) is `1 / (1 + e^(-c / K))`,
//! the logistic curve that the evaluation tuning fits to game results
//! (`tune.rs`): K is 590 in Intermedium (588 fitted with the hand weights,
//! 584 on held-out games) and 2 750 in Cash in Hand (2 754 fitted, 2 700
//! held out), so a score of K is a 73% game. A proven win is 1, a proven
//! loss 0. The figure describes the evaluation's games (strong players
//! against each other), not a promise about any one game.
//!
//! The accuracy of a move is lichess's formula on the mover's win chance
//! in percent, ahead of the move (the best score of the position) and after
//! it: `103.1668 * e^(-0.04354 * (before - after)) - 3.1669`, clamped to
//! 0-100, where a move that kept the chance (or raised it) scores 100. A
//! side's accuracy is the mean over its moves. (docs/analysis-measured.md.)

use super::analyse::Score;
use crate::variant::GameKind;

/// The logistic scale K of each game's evaluation, in hundredths of a stone.
pub fn scale(game: GameKind) -> f64 {
    match game {
        GameKind::Intermedium => 590.0,
        GameKind::CashInHand => 2750.0,
    }
}

/// The chance (0-1) of winning that `score` stands for, for the side whose
/// score it is.
pub fn win_chance(game: GameKind, score: Score) -> f64 {
    match score {
        Score::Win(_) => 1.0,
        Score::Loss(_) => 0.0,
        Score::Centi(c) => 1.0 / (1.0 + (-f64::from(c) / scale(game)).exp()),
    }
}

/// The accuracy (0-100) of a move that took its mover's win chance from
/// `before` to `after` (both 0-1).
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let lost = (before - after) * 100.0;
    if lost <= 0.0 {
        // The formula gives 99.9999 at no loss; a kept chance is a perfect move.
        return 100.0;
    }
    (103.1668 * (-0.04354 * lost).exp() - 3.1669).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_of_k_is_a_73_percent_game_and_results_are_certain() {
        for game in [GameKind::Intermedium, GameKind::CashInHand] {
            let k = scale(game) as i32;
            let p = win_chance(game, Score::Centi(k));
            assert!((p - 0.731).abs() < 0.001, "{game:?}: {p}");
            assert!((win_chance(game, Score::Centi(0)) - 0.5).abs() < 1e-9);
            assert!((win_chance(game, Score::Centi(-k)) + p - 1.0).abs() < 1e-9);
            assert_eq!(win_chance(game, Score::Win(3)), 1.0);
            assert_eq!(win_chance(game, Score::Loss(1)), 0.0);
        }
    }

    #[test]
    fn accuracy_is_100_for_a_kept_chance_and_falls_with_the_loss() {
        assert_eq!(move_accuracy(0.6, 0.6), 100.0);
        assert_eq!(move_accuracy(0.4, 0.7), 100.0);
        let small = move_accuracy(0.6, 0.55);
        let big = move_accuracy(0.6, 0.3);
        assert!(small > 75.0 && small < 85.0, "{small}");
        assert!(big < small && big > 20.0 && big < 30.0, "{big}");
        assert_eq!(move_accuracy(1.0, 0.0), 0.0);
    }
}
