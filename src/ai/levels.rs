//! The five strength levels. Each is a search shape, a node budget (the
//! main bound: identical natively and in wasm, so games replay exactly) and
//! a way to pick among the scored moves.
//!
//! | level | Intermedium | Cash in Hand | budget (nodes) |
//! | --- | --- | --- | --- |
//! | 1 | every move scored statically, read with noise 400 | same, noise 600 | one list |
//! | 2 | depth 2 over the 6 best-looking moves, read with noise 100 | same, noise 250 | 25 000 (Cash in Hand: 150 000) |
//! | 3 | to depth 3, widths 5/3 | depth 2 over the 6 best, then every move at depth 2 | 50 000 (150 000) |
//! | 4 | level 5's tree search on 34 375 nodes (the analysis's level 4: to depth 4, widths 10/5, 500 000) | level 5's search on 20 000 nodes (the analysis's level 4: depth 2 over the 12 best, then every move at depth 2, 500 000) | see the columns |
//! | 5 | tree search (below), checked by alpha-beta to depth 5 (4 in most positions), widths 20/6 | depth 3, widths 64/32, the tuned evaluation | 550 000 to play, 1 500 000 to analyse (3 000 000) |
//!
//! Intermedium level 5 plays by the tree search of agent `mcts` with the
//! domain's exact knowledge taken as proof (a city threat no move parries
//! is a loss; `mcts::Settings::prove`) on a leaner domain than the
//! reference's (`Intermedium::lean`: capture searches list only capturing
//! moves, race nodes screen every move but evaluate only the best 60 in
//! full), after a short alpha-beta search
//! (a quarter of its nodes, the shape below) whose move it plays instead
//! when that one wins clearly more material; then the promises every level
//! keeps (no city capture allowed in one, no big stack hung) are checked
//! (`agents::guard_intermedium`). Its alpha-beta shape also serves the
//! analysis. Measured: README "Measured (round 5: Intermedium level 5 by tree search)".
//!
//! Levels 1-4 are set so that each scores 60-80% against the one below and
//! level 1 loses most games to `greedy` (issue 11; README "Level ladder"
//! has the measured scores and `tools/ladder.sh` re-runs them). The steps
//! in between are noise (a lower level misreads scores, so it misses small
//! gains but never a win or an immediate disaster) and depth: in
//! Intermedium depth 3 scored 95% against depth 2, so level 3 is a narrow
//! depth 3 on a small budget; in Cash in Hand depth 3 at widths 10/6 lost
//! to depth 2 (30% over 20 games), so levels 2 and 3 search depth 2, wider
//! with the level. In both games level 4 plays by level 5's search on a
//! small budget: the steps to level 5 were walls otherwise (README "Level
//! ladder and ratings").
//!
//! Widths are root moves / inner-node moves searched beyond their static
//! score. Intermedium level 5 also plays out the captures at its horizon:
//! at the last ply the 4 best-looking children are scored by the capture
//! quiescence search (`Shape::quiesce`, `Intermedium::capture_search`). In Cash in Hand, width paid better than depth (measured over 12
//! games each: depth 4 scored 25% against depth 3 at widths 10/6; depth 5
//! at 12/4 or 20/6 scored 50-54% against depth 3 at 16/10, depth 3 at
//! 30/16 scored 67% over 24 games and at 40/24 79%), so its levels grow
//! wider, not deeper.
//!
//! Cash in Hand level 5 evaluates with weights fitted to game results
//! (`eval_cash::TUNED`, `sowboard tune --game cash-in-hand`), levels 1-4
//! with the hand weights. The tuned weights trade material for the shape of
//! the stacks, so a search with the hand weights follows on the nodes left
//! and its move is played instead when it keeps 4 stones more at the same
//! depth (`agents::clear_material`, as Intermedium level 5's alpha-beta
//! check): the tactics suite's material answers (README "Measured (round
//! 7: Cash in Hand evaluation tuned to game results)").
//!
//! Cash in Hand levels and `mcts` (not `baseline5`) also score finishing a
//! won game: the trailing side's stacks left, how closely they are
//! surrounded, and the quiet-ply limit drawing near
//! (`eval_cash::conversion`), so a level far ahead ends the game.
//!
//! A node is one generated and evaluated child position (Intermedium; 25
//! states of the capture-threat walk count as one more), or one builder
//! step or candidate move (Cash in Hand). Every level takes a
//! winning move when it sees one; from level 2 up, a city capture in one is
//! always taken and an opponent's city capture next move always prevented
//! when some move can (the depth-1 scores see both exactly).

use super::search::{Report, Scored, Shape, WIN};
use crate::variant::GameKind;
use rand::rngs::SmallRng;
use rand::Rng;

/// How a level picks from the scored moves.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Pick {
    /// Uniformly among the moves within the search margin of the best.
    Best,
    /// A beginner: every score is misread by up to `noise` points (a stone
    /// is 100), so small gains and distant threats are often missed while
    /// wins and immediate disasters (far larger) still stand out.
    Beginner { noise: i32 },
}

/// One level's settings.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Level {
    pub shape: Shape,
    pub nodes: u64,
    pub pick: Pick,
    /// The first version's code path, frozen for agent `baseline5`: Cash in
    /// Hand candidates without capture-seeking sowings, and a pick that may
    /// take a quicker loss among losses within the margin.
    pub classic: bool,
}

/// Level 5 as it was before issue 11 (agent `baseline5`): the yardstick
/// the reference `mcts` agent is measured against.
pub(crate) fn baseline5(game: GameKind) -> Level {
    let old = match game {
        GameKind::Intermedium => shape(5, 20, 6, 1),
        GameKind::CashInHand => shape(3, 40, 24, 1),
    };
    let old = Shape { rescue: false, deep_draws: false, ..old };
    let nodes = match game {
        GameKind::Intermedium => 1_500_000,
        GameKind::CashInHand => 3_000_000,
    };
    Level { shape: old, nodes, pick: Pick::Best, classic: true }
}

const fn shape(max_depth: u32, root_width: usize, width: usize, margin: i32) -> Shape {
    Shape { max_depth, root_width, width, margin, rescue: true, quiesce: 0, deep_draws: true }
}

/// The settings of `level` (clamped to 1..=5) for a game.
pub(crate) fn level(game: GameKind, level: u8) -> Level {
    let best = |shape, nodes| Level { shape, nodes, pick: Pick::Best, classic: false };
    let beginner = |shape, nodes, noise| Level {
        shape,
        nodes,
        pick: Pick::Beginner { noise },
        classic: false,
    };
    match (game, level.clamp(1, 5)) {
        // Noise 400, not 300: at 300 level 1 had come to win half its games
        // against `greedy` (80 games), and a beginner must be able to win;
        // at 400 it wins about a quarter and level 2 still scores 60-80%
        // against it (README "Measured (round 15 ...)").
        (GameKind::Intermedium, 1) => beginner(shape(1, 1, 1, 0), 1, 400),
        (GameKind::CashInHand, 1) => beginner(shape(1, 1, 1, 0), 1, 600),
        (GameKind::Intermedium, 2) => beginner(shape(2, 6, 1, 4), 25_000, 100),
        (GameKind::CashInHand, 2) => beginner(shape(2, 6, 1, 4), 150_000, 250),
        (GameKind::Intermedium, 3) => best(shape(3, 5, 3, 3), 50_000),
        // Cash in Hand candidate lists cost more since the capture-seeking
        // sowings: the budgets below let each level finish its depth.
        (GameKind::CashInHand, 3) => best(shape(2, 6, 1, 4), 150_000),
        (GameKind::Intermedium, 4) => best(shape(4, 10, 5, 2), 500_000),
        // Cash in Hand level 4 plays by level 5's search on a small budget
        // (`agents::LEVEL4_CASH_NODES`); this shape is the analysis's level 4.
        (GameKind::CashInHand, 4) => best(shape(2, 12, 1, 4), 500_000),
        (GameKind::Intermedium, _) => best(Shape { quiesce: 4, ..shape(5, 20, 6, 1) }, 1_500_000),
        // Wider than before (40/24): at depth 3 that spent about a tenth of its
        // budget and lost 1-5 to `mcts` once `mcts` pressed its leads; 64/32
        // scored 6-2 against it at less time a move, 96/40 no better but
        // slower (README "Measured (round 5: Cash in Hand)").
        (GameKind::CashInHand, _) => best(shape(3, 64, 32, 1), 3_000_000),
    }
}

/// Index of the chosen move in `report.moves` (best first).
pub(crate) fn pick(report: &Report, lv: &Level, rng: &mut SmallRng) -> usize {
    let (how, margin) = (lv.pick, lv.shape.margin);
    let moves: &[Scored] = &report.moves;
    let best = &moves[0];
    if best.score >= WIN / 2 || moves.len() == 1 {
        return 0;
    }
    // Lost whatever it plays: the longest loss (scores carry the distance,
    // and a few plies are within the margin), as the best defence.
    if !lv.classic && best.score <= -WIN / 2 {
        return 0;
    }
    match how {
        Pick::Best => {
            let near = moves
                .iter()
                .take_while(|m| m.depth == best.depth && m.score >= best.score - margin)
                .count()
                .max(1);
            rng.random_range(0..near)
        }
        Pick::Beginner { noise } => {
            // Never a move that loses at once while another does not.
            let sane = moves.iter().filter(|m| m.score > -WIN / 2).count().max(1);
            let mut choice = 0;
            let mut top = i64::MIN;
            for (i, m) in moves.iter().take(sane).enumerate() {
                let wobble: i32 = (0..3).map(|_| rng.random_range(-noise..=noise)).sum::<i32>() / 2;
                let seen = m.score as i64 + wobble as i64;
                if seen > top {
                    top = seen;
                    choice = i;
                }
            }
            choice
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::DEFAULT_MOVE_LIMIT;
    use crate::position::Position;
    use crate::variant::Rules;
    use rand::SeedableRng;

    /// Issue 11: when every move loses, losses two plies apart are within
    /// the pick margin of levels 3-4; the longest loss must be chosen.
    #[test]
    fn every_level_prefers_the_longest_loss() {
        let pos = Position::start(GameKind::Intermedium);
        let moves = pos.legal_moves(&Rules::default(), DEFAULT_MOVE_LIMIT).unwrap();
        let scores = [-WIN + 5, -WIN + 4, -WIN + 3, -WIN + 3];
        for n in 1..=5 {
            let lv = level(GameKind::Intermedium, n);
            for seed in 0..20 {
                let report = Report {
                    moves: moves
                        .iter()
                        .zip(scores)
                        .map(|(t, score)| Scored { transition: t.clone(), score, depth: 3 })
                        .collect(),
                };
                let mut rng = SmallRng::seed_from_u64(seed);
                assert_eq!(pick(&report, &lv, &mut rng), 0, "level {n} seed {seed}");
            }
        }
    }
}
