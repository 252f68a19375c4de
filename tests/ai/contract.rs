//! One evaluation contract: the analysis's answer, the review's score of a
//! position and the hint (`evaluate`, what the page's hint asks the engine
//! for) agree on the best move and the score for the same position at the
//! same strength. Checked on 25 positions per game from real games: the
//! levels playing each other on node budgets, so the games and the
//! positions are the same on every machine. Each position costs some five
//! searches at the review's 200,000 nodes; an answer on another budget
//! than `evaluate`'s (the analysis on what its previews leave, the hint on
//! 90% of it) shows within these 25 (docs/testing.md, "Time").

use sowboard::ai::analyse::{analyse, evaluate, Strength};
use sowboard::ai::review::{review, Class, REVIEW};
use sowboard::ai::{choose_move, Limits, NoClock};
use sowboard::{Game, GameKind, Rules};

const POSITIONS: usize = 25;

/// Games of level 3 against level 5 (and back), from seed 11 on, cut so
/// that their positions before a move number `POSITIONS` in all.
fn real_games(kind: GameKind) -> Vec<Game> {
    let limits = Limits { nodes: Some(20_000), time_ms: None };
    let mut games = Vec::new();
    let mut positions = 0;
    for seed in 11u64.. {
        let levels = if seed % 2 == 0 { [3, 5] } else { [5, 3] };
        let mut game = Game::new(kind, Rules::default());
        while positions + game.plies().len() < POSITIONS && game.plies().len() < 40 {
            let level = levels[game.plies().len() % 2];
            let Some(t) = choose_move(&game, level, seed, limits, &NoClock) else { break };
            game.push(t);
        }
        positions += game.plies().len();
        games.push(game);
        if positions >= POSITIONS {
            return games;
        }
    }
    unreachable!()
}

/// The position before each ply of `game`, as a game of its own history.
fn before_each_ply(game: &Game) -> Vec<Game> {
    let mut g = Game::from_position(*game.start(), *game.rules());
    let mut out = Vec::new();
    for ply in game.plies() {
        out.push(g.clone());
        g.push(ply.transition.clone());
    }
    out
}

fn agree(kind: GameKind, strength: Strength) {
    let games = real_games(kind);
    let mut checked = 0;
    for game in &games {
        let reviewed = review(game, strength, &NoClock, &mut |_, _| true)
            .expect("real games list their moves")
            .expect("never stopped");
        for (i, position) in before_each_ply(game).iter().enumerate() {
            let hint = evaluate(position, strength, &NoClock).unwrap().expect("the game goes on");
            let analysis = analyse(position, strength, &NoClock, &mut |_| true)
                .unwrap()
                .expect("the game goes on");
            let at = format!("{kind:?} {strength:?} ply {}: {}", i + 1, position.position());
            assert_eq!((&analysis.best, analysis.score), (&hint.best, hint.score), "{at}");
            assert_eq!(analysis.pv[0], hint.best, "{at}");
            let r = &reviewed[i];
            assert_eq!((&r.best, r.before), (&hint.best, hint.score), "{at}");
            // The hint's move is the review's best move.
            if r.mv == hint.best {
                assert_eq!(r.class, Class::Best, "{at}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, POSITIONS);
}

#[test]
fn intermedium_analysis_review_and_hint_agree_at_the_review_strength() {
    agree(GameKind::Intermedium, REVIEW);
}

#[test]
fn cash_in_hand_analysis_review_and_hint_agree_at_the_review_strength() {
    agree(GameKind::CashInHand, REVIEW);
}

/// The top level's search shape on a smaller budget: the contract holds
/// for every strength, not for the review's only.
#[test]
fn both_games_agree_at_the_top_shape() {
    for kind in [GameKind::Intermedium, GameKind::CashInHand] {
        agree(kind, Strength { level: 8, nodes: Some(60_000) });
    }
}
