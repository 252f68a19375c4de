//! Fitting an evaluation's weights to game results, the
//! "Texel" method of chess engines: every position of many games is
//! labelled with the game's result for the side to move (1, 1/2, 0), and
//! the weights are chosen so that `1 / (1 + e^(-score / K))` predicts those
//! results with the least mean squared error. The stone keeps its 100
//! points; `K` is fitted first, with the hand weights, and kept.
//!
//! Games are held out by index (every fifth) to show the fit is not
//! memorising its positions. The samples are the evaluation's own
//! `features` (`eval_intermedium::features`, `eval_cash::features`: the
//! evaluation is their dot product with the weights), so the fitted
//! weights are the evaluation's weights. Both games share this code; `N`
//! is the game's number of features.

use crate::game::Game;
use crate::position::Position;

/// One position: the evaluation's counts and the result for its mover.
#[derive(Clone, Debug)]
pub struct Sample<const N: usize> {
    pub counts: [i32; N],
    pub result: f64,
}

/// The samples of a finished (or abandoned: scored a draw) game: every
/// position from ply `skip` on that `features` does not call decided.
pub fn samples<const N: usize>(
    game: &Game,
    skip: usize,
    features: impl Fn(&Position) -> Option<[i32; N]>,
) -> Vec<Sample<N>> {
    let winner = game.outcome().and_then(|o| o.winner);
    (skip..game.plies().len())
        .filter_map(|ply| game.position_at(ply))
        .filter_map(|pos| {
            let counts = features(pos)?;
            let result = match winner {
                Some(side) if side == pos.side_to_move => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            Some(Sample { counts, result })
        })
        .collect()
}

fn sigmoid(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-score / k).exp())
}

fn score<const N: usize>(w: &[f64; N], counts: &[i32; N]) -> f64 {
    w.iter().zip(counts).map(|(w, &c)| w * f64::from(c)).sum()
}

/// Mean squared error of the prediction with weights `w` and scale `k`.
pub fn loss<const N: usize>(samples: &[Sample<N>], w: &[f64; N], k: f64) -> f64 {
    let total: f64 =
        samples.iter().map(|s| (s.result - sigmoid(score(w, &s.counts), k)).powi(2)).sum();
    total / samples.len().max(1) as f64
}

/// Integer weights as reals.
pub fn as_reals<const N: usize>(w: &[i32; N]) -> [f64; N] {
    w.map(f64::from)
}

/// The scale `K` that fits `w` best (golden-section search; the loss is
/// smooth and has one minimum in K over these ranges).
pub fn fit_scale<const N: usize>(samples: &[Sample<N>], w: &[f64; N]) -> f64 {
    let (mut lo, mut hi) = (20.0f64, 5000.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(samples, w, a) < loss(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// What `fit` found.
pub struct Fit<const N: usize> {
    pub scale: f64,
    pub weights: [i32; N],
    pub steps: usize,
}

/// Full-batch gradient descent (Adam) from the weights `hand` (the hand
/// weights, or the tuned ones for a refit) with `K` fixed; the stone's
/// weight (the first) stays 100. `ridge` pulls each weight back towards its
/// value in `hand` (a penalty of `ridge` per hundred
/// points of difference, squared): with a few thousand games, the rare
/// features (a city ring of three, a city threat) are otherwise fitted to
/// noise. The features marked in `held` keep their value in `hand`.
/// Deterministic: no sampling.
pub fn fit<const N: usize>(
    samples: &[Sample<N>],
    hand: &[i32; N],
    steps: usize,
    ridge: f64,
    held: &[bool; N],
) -> Fit<N> {
    let start = as_reals(hand);
    let k = fit_scale(samples, &start);
    let mut w = start;
    let (mut m, mut v) = ([0.0f64; N], [0.0f64; N]);
    let (b1, b2, rate) = (0.9f64, 0.999f64, 1.0f64);
    let n = samples.len().max(1) as f64;
    for t in 1..=steps {
        let mut grad = [0.0f64; N];
        for s in samples {
            let p = sigmoid(score(&w, &s.counts), k);
            let d = 2.0 * (p - s.result) * p * (1.0 - p) / k;
            for (g, &c) in grad.iter_mut().zip(&s.counts) {
                *g += d * f64::from(c);
            }
        }
        // The stone is the unit: never moved.
        for j in (1..N).filter(|&j| !held[j]) {
            let g = grad[j] / n + 2.0 * ridge * (w[j] - start[j]) / 1e4;
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(t as i32));
            let vh = v[j] / (1.0 - b2.powi(t as i32));
            w[j] -= rate * mh / (vh.sqrt() + 1e-12);
        }
    }
    Fit { scale: k, weights: w.map(|x| x.round() as i32), steps }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval_intermedium::{features, weights_vector, FEATURES, HAND};
    use crate::variant::{GameKind, Rules};

    /// On made-up samples whose results follow a known rule (more mobile
    /// stones win), the fit raises that weight from the hand value.
    #[test]
    fn the_fit_moves_a_weight_the_results_reward() {
        let mut samples = Vec::new();
        for i in -20..=20 {
            let mut counts = [0; FEATURES];
            counts[1] = i;
            let result = if i > 0 {
                1.0
            } else if i < 0 {
                0.0
            } else {
                0.5
            };
            samples.push(Sample { counts, result });
        }
        let hand = weights_vector(&HAND);
        let fit = fit(&samples, &hand, 300, 0.0, &[false; FEATURES]);
        assert!(fit.weights[1] > hand[1] * 3, "{:?}", fit.weights);
        assert_eq!(fit.weights[0], 100, "the stone stays the unit");
        let (before, after) = (
            loss(&samples, &as_reals(&hand), fit.scale),
            loss(&samples, &as_reals(&fit.weights), fit.scale),
        );
        assert!(after < before, "{after} < {before}");
    }

    /// A game's samples carry the result from each mover's view.
    #[test]
    fn samples_label_each_position_for_its_mover() {
        let moves = "b3-a4-b5-c6-b7 e9-d8-e7-d6-c5 e4-d5-e6-d7-c6 c7-b8-c9-d8-e7 c4-b5-a4-b3-c4 e7-f6-e5-d4-e3-d2-c1 f3-e4-f5-e6-d5 c9-d8-c7-d6-e7-d8";
        let rules = Rules::default();
        let mut game = Game::new(GameKind::Intermedium, rules);
        for mv in moves.split(' ') {
            game.play_text(mv).expect("a legal move");
        }
        let of = |p: &Position| features(p, &rules);
        // Unfinished: every sample is a draw.
        let s = samples(&game, 0, of);
        assert!(!s.is_empty() && s.iter().all(|x| x.result == 0.5));
        assert_eq!(samples(&game, 3, of).len() + 3, s.len());
    }

    /// A finished Cash in Hand game labels the winner's positions 1 and the
    /// loser's 0 (random play until one side has no stones).
    #[test]
    fn a_won_game_labels_both_sides() {
        use crate::ai::eval_cash;
        use rand::SeedableRng;
        let rules = Rules::default();
        let mut game = Game::new(GameKind::CashInHand, rules);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        while game.outcome().is_none() && game.plies().len() < 2000 {
            let t = crate::cash::random_move(game.position(), &rules, &mut rng).expect("a move");
            game.play_text(&t.mv.to_string()).expect("its own move is legal");
        }
        let winner = game.outcome().and_then(|o| o.winner).expect("a won game");
        let s = samples(&game, 0, |p: &Position| eval_cash::features(p, &rules));
        let positions: Vec<&Position> =
            (0..game.plies().len()).filter_map(|i| game.position_at(i)).collect();
        assert_eq!(s.len(), positions.len(), "no finished position before the end");
        for (x, p) in s.iter().zip(positions) {
            assert_eq!(x.result, if p.side_to_move == winner { 1.0 } else { 0.0 });
        }
    }
}
