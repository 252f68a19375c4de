//! How a level picks among the moves its search scored: the best within a
//! margin, or a beginner's misread scores and overlooked captures; and the
//! misplays of the levels that play by the top level's search on purpose
//! (`TopSearch`). The result is an order of preference, so that a guard
//! that rejects the choice takes the level's next preference.

use super::levels::{Level, Pick, TopSearch};
use crate::ai::engine::search::{Report, Scored, WIN};
use crate::sorting;
use rand::rngs::SmallRng;
use rand::Rng;

/// Whether a misplaying level (`TopSearch`) plays another than its first
/// move this time, a deliberate mistake that sets its strength, and which
/// rank (1..=`misplay_ranks`, capped by the `open` moves): `None` to play
/// the first.
pub(crate) fn misplay(plan: &TopSearch, open: usize, rng: &mut SmallRng) -> Option<usize> {
    if plan.misplay_percent == 0 || open < 2 || rng.random_range(0..100) >= plan.misplay_percent {
        return None;
    }
    Some(rng.random_range(1..=plan.misplay_ranks.min(open - 1)))
}

/// Which of `report.moves` a beginner that notices captures only `sees`
/// times in 100 overlooks this move: captures that do not win the game,
/// each drawn from the seed. Empty for every other level, with nothing
/// drawn from the seed's stream.
pub(crate) fn overlooked(report: &Report, lv: &Level, rng: &mut SmallRng) -> Vec<bool> {
    let Pick::Beginner { sees, .. } = lv.pick else { return Vec::new() };
    if sees >= 100 {
        return Vec::new();
    }
    let missed = |m: &Scored| {
        m.transition.captured_stones > 0 && m.score < WIN / 2 && rng.random_range(0..100) >= sees
    };
    report.moves.iter().map(missed).collect()
}

/// Index of the chosen move in `report.moves` (best first).
pub(crate) fn pick(report: &Report, lv: &Level, rng: &mut SmallRng) -> usize {
    preference(report, lv, rng, &[])[0]
}

/// Indices `0..len` with `first` moved to the front: a search's order of
/// preference once a move other than its best is chosen.
pub(crate) fn first_then_rest(first: usize, len: usize) -> Vec<usize> {
    std::iter::once(first).chain((0..len).filter(|&i| i != first)).collect()
}

/// The level's order of preference over `report.moves` (indices; the first
/// is its move): the chosen move, then the rest as the level ranks them, so
/// a guard that rejects the choice takes the level's next preference. The
/// searching levels rank by the search; a beginner by its misread scores,
/// the moves it `overlooked` (possibly empty) after those it saw.
pub(crate) fn preference(
    report: &Report,
    lv: &Level,
    rng: &mut SmallRng,
    overlooked: &[bool],
) -> Vec<usize> {
    let (how, margin) = (lv.pick, lv.shape.margin);
    let moves: &[Scored] = &report.moves;
    let in_order = |first: usize| first_then_rest(first, moves.len());
    let best = &moves[0];
    if best.score >= WIN / 2 || moves.len() == 1 {
        return in_order(0);
    }
    // Lost whatever it plays: the longest loss (scores carry the distance,
    // and a few plies are within the margin), as the best defence.
    if !lv.first_version && best.score <= -WIN / 2 {
        return in_order(0);
    }
    match how {
        Pick::Best => {
            let near = moves
                .iter()
                .take_while(|m| m.depth == best.depth && m.score >= best.score - margin)
                .count()
                .max(1);
            in_order(rng.random_range(0..near))
        }
        Pick::Beginner { noise, .. } => {
            // Never a move that loses at once while another does not.
            let sane = moves.iter().filter(|m| m.score > -WIN / 2).count().max(1);
            let unseen = |i: usize| overlooked.get(i).copied().unwrap_or(false);
            // Should it overlook every sane move, it plays as if it saw them.
            let blind = (0..sane).all(unseen);
            let hidden = |i: usize| unseen(i) && !blind;
            let mut seen: Vec<(i64, usize)> = Vec::with_capacity(sane);
            for (i, m) in moves.iter().enumerate().take(sane).filter(|&(i, _)| !hidden(i)) {
                let wobble: i32 = (0..3).map(|_| rng.random_range(-noise..=noise)).sum::<i32>() / 2;
                seen.push((m.score as i64 + wobble as i64, i));
            }
            // Best misread score first; ties keep the search's order.
            sorting::sort_by(&mut seen, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            let later = (0..sane).filter(|&i| hidden(i)).chain(sane..moves.len());
            seen.into_iter().map(|(_, i)| i).chain(later).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::levels::{level, top_search, LEVELS};
    use super::*;
    use crate::play::DEFAULT_MOVE_LIMIT;
    use crate::position::Position;
    use crate::variant::GameKind;
    use crate::variant::Rules;
    use rand::SeedableRng;

    /// A misplay takes one of the next `misplay_ranks` open moves, never a
    /// proven-lost one beyond `open`; a level without misplays draws nothing
    /// from the seed's stream.
    #[test]
    fn misplays_stay_among_the_open_moves_and_cost_nothing_when_off() {
        let plan = |misplay_percent| TopSearch {
            nodes: 1,
            misplay_percent,
            misplay_ranks: 3,
            check: true,
            manage: false,
        };
        let (always, never) = (plan(100), plan(0));
        let mut rng = SmallRng::seed_from_u64(1);
        let mut seen = [0; 4];
        for _ in 0..300 {
            let k = misplay(&always, 10, &mut rng).expect("misplay 100 always misplays");
            assert!((1..=3).contains(&k), "{k}");
            seen[k] += 1;
            assert_eq!(misplay(&always, 2, &mut rng), Some(1), "one other open move");
            assert_eq!(misplay(&always, 1, &mut rng), None, "no other open move");
        }
        assert!(seen[1..].iter().all(|&n| n > 50), "every rank is drawn: {seen:?}");
        let (mut a, mut b) = (SmallRng::seed_from_u64(9), SmallRng::seed_from_u64(9));
        assert_eq!(misplay(&never, 10, &mut a), None);
        assert_eq!(a.random::<u64>(), b.random::<u64>(), "no draw without misplays");
        for game in [GameKind::Intermedium, GameKind::CashInHand] {
            let top = top_search(game, LEVELS).unwrap();
            assert_eq!(top.misplay_percent, 0, "the top level never misplays");
            assert!((1..=3).all(|n| top_search(game, n).is_none()), "levels 1-3 are alpha-beta");
        }
        assert!(top_search(GameKind::CashInHand, 4).is_none(), "so is Cash in Hand's level 4");
        // The tree alone at the top, the check below it.
        let checks = |n| top_search(GameKind::Intermedium, n).unwrap().check;
        assert!(!checks(LEVELS) && (4..LEVELS).all(checks));
    }

    /// A report over the first `scores.len()` Intermedium opening moves, the
    /// first `captures` of them marked as captures of 4 stones.
    fn report_of(scores: &[i32], captures: usize) -> Report {
        let pos = Position::start(GameKind::Intermedium);
        let moves = pos.legal_moves(&Rules::default(), DEFAULT_MOVE_LIMIT).unwrap();
        let scored = moves.into_iter().zip(scores).enumerate().map(|(i, (mut t, &score))| {
            t.captured_stones = if i < captures { 4 } else { 0 };
            Scored { transition: t, score, depth: 1 }
        });
        Report { moves: scored.collect() }
    }

    /// Cash in Hand level 1 notices only some captures (`Pick::Beginner`'s
    /// `sees`): it plays the captures it overlooks neither by choice nor
    /// as the guard's way out, which takes its next preference; a winning
    /// capture it always sees; a level that sees everything draws nothing
    /// for it from the seed.
    #[test]
    fn a_beginner_overlooks_some_captures_but_never_a_win() {
        let lv = level(GameKind::CashInHand, 1);
        assert!(matches!(lv.pick, Pick::Beginner { sees, .. } if sees < 100));
        // Two captures scored far above three quiet moves.
        let report = report_of(&[900, 800, 0, -10, -20], 2);
        let (mut captured, seeds) = (0, 200);
        for seed in 0..seeds as u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let unseen = overlooked(&report, &lv, &mut rng);
            let order = preference(&report, &lv, &mut rng, &unseen);
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..5).collect::<Vec<_>>(), "a preference orders every move once");
            // The moves it overlooked come after every move it saw.
            let first_unseen = order.iter().position(|&i| unseen[i]).unwrap_or(order.len());
            assert!(order[first_unseen..].iter().all(|&i| unseen[i]), "seed {seed}: {order:?}");
            captured += usize::from(order[0] < 2);
        }
        // Noise 20 000 makes its choice nearly uniform: 2 of 5 moves are
        // captures, each noticed 4 times in 10, so it captures about one
        // time in 5 or 6 (seeing them all: 2 in 5).
        assert!(captured > 0 && captured < seeds / 4, "captured {captured} of {seeds}");
        // A winning capture is never overlooked.
        let report = report_of(&[WIN - 1, 0, -10], 1);
        for seed in 0..50 {
            let mut rng = SmallRng::seed_from_u64(seed);
            assert_eq!(overlooked(&report, &lv, &mut rng), vec![false; 3]);
        }
        // Level 2 notices every capture: nothing drawn, nothing overlooked.
        let (mut a, mut b) = (SmallRng::seed_from_u64(3), SmallRng::seed_from_u64(3));
        assert!(overlooked(&report, &level(GameKind::CashInHand, 2), &mut a).is_empty());
        assert_eq!(a.random::<u64>(), b.random::<u64>(), "no draw when every capture is seen");
    }

    /// When every move loses, losses two plies apart are within
    /// the pick margin of levels 3-4; the longest loss must be chosen.
    #[test]
    fn every_level_prefers_the_longest_loss() {
        let pos = Position::start(GameKind::Intermedium);
        let moves = pos.legal_moves(&Rules::default(), DEFAULT_MOVE_LIMIT).unwrap();
        let scores = [-WIN + 5, -WIN + 4, -WIN + 3, -WIN + 3];
        for n in 1..=LEVELS {
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
