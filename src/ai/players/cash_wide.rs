//! Cash in Hand levels 5-8: a wide alpha-beta search (depth 3, widths
//! 64/32) on weights fitted to game results (`eval_cash::TUNED`; the hand
//! weights in the top level's long game), on fewer nodes below the top
//! (level 7 also misplays, `pick::misplay`). The tuned weights trade
//! material for the shape of the stacks, so a shallow search on the hand
//! weights follows, and its move is played instead when it keeps 4 stones
//! more (`material_check`) unless the main search, asked about it at its
//! own depth, scores it 10 stones below its choice (`Verify`). The guards
//! have the last word.

use super::guards::{spare_stones, Guard, Rescue};
use super::levels::{level, TopSearch, LEVELS};
use super::material_check::clear_material;
use super::pick::{first_then_rest, misplay, pick};
use super::repetition::{draws_by_repetition, repetition_draws};
use crate::ai::engine::budget::Budget;
use crate::ai::engine::playout;
use crate::ai::engine::search::{search, Scored, Shape, WIN};
use crate::ai::knowledge::cash::CashDomain;
use crate::ai::knowledge::eval_cash;
use crate::ai::knowledge::merge_draw::merge_distance;
use crate::ai::{Clock, Limits};
use crate::game::Game;
use crate::play::Transition;
use crate::position::Position;
use crate::variant::GameKind;
use rand::rngs::SmallRng;

/// Full move from which Cash in Hand's top level searches on the hand
/// weights (`eval_cash::HAND`) instead of the tuned ones (`cash_long_game`).
/// The tuned weights (fitted to game results) trade material for the shape
/// of the stacks: in long games against `mcts-tuned` the top level on them
/// drifts behind on stones (behind at the 200-ply cap in 17 of 20 capped
/// games), and on the hand weights from here it leads in 12 of 21
/// (docs/ai/journal.md, "Cash in Hand level 8's long game on the hand
/// weights").
const CASH_HAND_FROM_MOVE: u32 = 16;

/// Whether Cash in Hand's level `n` searches this position on the hand
/// weights: only the top level (level 7, the top level's search with
/// misplays, scores 47.5% against level 6 with them, 65.0% without), from
/// `CASH_HAND_FROM_MOVE`, and not while either side can still walk to the
/// merge draw (`merge_draw`): there the tuned weights know which captures
/// give the draw away (the hand weights take a 5-stone capture that lets
/// the opponent merge).
fn cash_long_game(n: u8, pos: &Position) -> bool {
    n >= LEVELS
        && pos.move_number >= CASH_HAND_FROM_MOVE
        && merge_distance(pos, pos.side_to_move).is_none()
        && merge_distance(pos, pos.side_to_move.opponent()).is_none()
}

/// Nodes of Cash in Hand level 8's hand-weighted check: 1 / this of its
/// budget, at least `CASH_CHECK_MIN`, at most what the tuned search left.
/// On all the nodes left, the check's depth-2 search goes on to every root
/// move and makes level 8 slower than `mcts` (433 against 369 ms a move).
const CASH_CHECK_SHARE: u64 = 16;
const CASH_CHECK_MIN: u64 = 60_000;

/// Depth of Cash in Hand level 8's hand-weighted check: the tactics
/// suite's material answers are two plies deep, and at depth 3 the check
/// makes level 8 slower than `mcts` (440 against 401 ms a move over 40
/// games; docs/ai/journal.md, "Cash in Hand evaluation tuned to game
/// results").
const CASH_CHECK_DEPTH: u32 = 2;

/// Points (on the tuned weights, 100 a stone) by which the main search of
/// Cash in Hand levels 5-8 must score the check's move below its own
/// choice, at the same depth, to keep its choice (`Verify::refutes`).
const CASH_VETO: i32 = 1_000;

/// Nodes for searching the check's move when the main search saw it less
/// deep than its choice: 1 / this of the level's budget, at most what is left.
const CASH_VERIFY_SHARE: u64 = 8;

/// The main search of Cash in Hand levels 5-8, asked about the check's
/// move. Levels 5 and 6 seldom have nodes left for the check to reach
/// depth 2 (it does in none of the positions looked at); level 7, the top
/// level's search with misplays, scores 7.5% against a level 8 that asks
/// when it does not itself (docs/ai/ladder.md, "Cash in Hand's steps 5-8
/// after the main search's question").
struct Verify<'a> {
    cash: &'a mut CashDomain,
    shape: Shape,
    draws: &'a [u64],
}

impl Verify<'_> {
    /// Whether the main search refutes the check's `better` against its
    /// `chosen`: at the depth of `chosen`, `better` scores `CASH_VETO` or
    /// more below it. The check sees material two plies deep and overrides
    /// on about two opening moves in five; some of its captures lose a
    /// stack the move after the reply, which the main search's third ply
    /// shows (docs/ai/journal.md, "Cash in Hand level 8 asks its main
    /// search"). Often the check's move lies outside the main
    /// search's root width, scored only statically; then it is searched
    /// here from its position, one ply less deep, with the main search's
    /// inner widths, on at most `share` of `budget`'s nodes. A score not
    /// reached at that depth refutes nothing: a static score can veto the
    /// only way out of a lost opening.
    fn refutes(
        &mut self,
        chosen: &Scored,
        better: &Scored,
        budget: &mut Budget,
        share: u64,
    ) -> bool {
        let score = if better.depth >= chosen.depth {
            Some(better.score)
        } else if better.transition.decisive.is_some() || chosen.depth < 2 {
            None
        } else {
            let depth = chosen.depth - 1;
            let shape = Shape { max_depth: depth, root_width: self.shape.width, ..self.shape };
            let mut nodes = budget.share(share.min(budget.remaining()));
            let replies =
                search(self.cash, &better.transition.position, shape, &mut nodes, self.draws);
            budget.spend(nodes.spent());
            replies
                .and_then(|r| r.moves.into_iter().next())
                .filter(|best| best.depth >= depth)
                .map(|best| -best.score)
        };
        score.is_some_and(|s| s <= chosen.score - CASH_VETO)
    }
}

/// The move of Cash in Hand level `n` (5-8) playing by `plan`.
pub(super) fn play(
    game: &Game,
    n: u8,
    plan: TopSearch,
    limits: Limits,
    clock: &dyn Clock,
    rng: &mut SmallRng,
) -> Option<Transition> {
    let pos = *game.position();
    let rules = *game.rules();
    let lv = level(GameKind::CashInHand, LEVELS);
    let nodes = limits.nodes.unwrap_or(plan.nodes);
    let mut budget = Budget::new(nodes, limits.time_ms, clock);
    let draws = repetition_draws(game);
    let long_game = cash_long_game(n, &pos);
    let weights = if long_game { &eval_cash::HAND } else { &eval_cash::TUNED };
    let mut cash = CashDomain::for_levels(rules).weighted(weights);
    // A level that never misplays reads only its best moves' scores,
    // which the last-ply cut keeps exact: the same moves in about 0.7 of
    // the time (docs/ai/journal.md, "Cash in Hand level 8 at equal time,
    // by a cheaper last ply").
    let main = Shape { cut_last_ply: plan.misplay_percent == 0, ..lv.shape };
    let Some(report) = search(&mut cash, &pos, main, &mut budget, &draws) else {
        return playout::playout_move(&pos, &rules, rng);
    };
    // Then the hand weights, on a share of the nodes
    // (`CASH_CHECK_SHARE`): they count material as the rules do,
    // where the tuned weights trade it for the shape of the stacks.
    // When the main search used them already, a shallower search on
    // the same weights can only second-guess it with less sight.
    // Without the last-ply cut: `clear_material` compares its
    // scores of moves below its best, which the cut would loosen.
    let material = if long_game {
        None
    } else {
        let share = (nodes / CASH_CHECK_SHARE).max(CASH_CHECK_MIN).min(budget.remaining());
        let mut check = budget.share(share);
        let shallow = Shape { max_depth: CASH_CHECK_DEPTH, ..lv.shape };
        let material =
            search(&mut CashDomain::for_levels(rules), &pos, shallow, &mut check, &draws);
        budget.spend(check.spent());
        material
    };
    let mut i = pick(&report, &lv, rng);
    // As in Intermedium: no misplay from a decided move or a
    // repetition draw, nor into a draw.
    let undecided =
        |m: &Scored| m.score.abs() < WIN / 2 && !draws_by_repetition(&m.transition, &draws);
    let moves = &report.moves;
    if let Some(k) =
        misplay(&plan, moves.len(), rng).filter(|&k| undecided(&moves[i]) && undecided(&moves[k]))
    {
        i = k;
    }
    // A static score checks nothing: the check must have looked at
    // the replies (with small budgets it may not get that far).
    let check = material.as_ref().filter(|m| m.moves.first().is_some_and(|b| b.depth >= 2));
    if let Some(better) = check.and_then(|m| clear_material(&report.moves[i].transition, m)) {
        let j = report.moves.iter().position(|m| m.transition.mv == better).unwrap_or(i);
        let mut verify = Verify { cash: &mut cash, shape: main, draws: &draws };
        let share = nodes / CASH_VERIFY_SHARE;
        if !verify.refutes(&report.moves[i], &report.moves[j], &mut budget, share) {
            i = j;
        }
    }
    let order = first_then_rest(i, report.moves.len());
    let (guard, rescue) = (Guard::WeighedNoWipeout, Rescue::TopRanked);
    i = spare_stones(&report, &order, &rules, &draws, guard, rescue);
    report.moves.into_iter().nth(i).map(|m| m.transition)
}

#[cfg(test)]
mod tests {
    use super::super::{choose, Agent};
    use super::*;
    use crate::ai::engine::search::Domain;
    use crate::ai::NoClock;
    use crate::variant::Rules;
    use std::cell::Cell;

    /// Cash in Hand's top level turns to the hand weights for the long game
    /// only: from `CASH_HAND_FROM_MOVE`, and not while either side has just
    /// two stacks that could still walk to the merge draw.
    #[test]
    fn cash_top_level_turns_to_the_hand_weights_for_the_long_game_only() {
        let at = |rows: &str, move_number: u32| -> Position {
            format!("cash-in-hand {rows} white 0 {move_number}").parse().expect("a valid set-up")
        };
        let empty = "0,0,0,0,0,0,0,0/".repeat(6);
        // Three stacks a side: no merge is in reach for either.
        let three = format!("30,2,0,0,0,0,2,30/{empty}30,0,0,0,0,0,0,30");
        // The start: two corner stacks a side, the merge in reach for both.
        let two = format!("32,0,0,0,0,0,0,32/{empty}32,0,0,0,0,0,0,32");
        assert!(cash_long_game(LEVELS, &at(&three, CASH_HAND_FROM_MOVE)));
        assert!(!cash_long_game(LEVELS, &at(&three, CASH_HAND_FROM_MOVE - 1)));
        assert!(!cash_long_game(LEVELS - 1, &at(&three, CASH_HAND_FROM_MOVE)));
        assert!(!cash_long_game(LEVELS, &at(&two, CASH_HAND_FROM_MOVE + 10)));
    }

    /// Cash in Hand as the top level searches it, counting evaluations.
    struct Counted {
        inner: CashDomain,
        evaluations: Cell<u64>,
    }

    impl Domain for Counted {
        fn children(
            &mut self,
            pos: &Position,
            budget: &mut Budget,
            root: bool,
        ) -> Option<Vec<Transition>> {
            self.inner.children(pos, budget, root)
        }
        fn terminal(&self, pos: &Position) -> Option<i32> {
            self.inner.terminal(pos)
        }
        fn evaluate(&self, pos: &Position) -> i32 {
            self.evaluations.set(self.evaluations.get() + 1);
            self.inner.evaluate(pos)
        }
        fn take_work(&mut self) -> u64 {
            self.inner.take_work()
        }
        fn complete(&self) -> bool {
            self.inner.complete()
        }
    }

    /// `Shape::cut_last_ply` (search.rs) changes no best score (the cut nodes fail high
    /// either way) and scores far fewer children: positions from a game of
    /// level 8 against `mcts-tuned` (docs/ai/journal.md, "Cash in Hand level
    /// 8 at equal time, by a cheaper last ply").
    #[test]
    fn the_last_ply_cut_keeps_the_best_score_with_fewer_evaluations() {
        let rules = Rules::default();
        let positions = [
            Position::start(GameKind::CashInHand).to_string(),
            "cash-in-hand 0,0,0,0,12,0,1,0/0,1,0,1,0,1,2,0/0,0,1,0,11,1,0,11/0,0,0,0,53,0,13,0/0,0,0,1,2,2,0,1/0,0,0,0,0,9,1,0/0,0,0,0,3,0,1,0/0,0,0,0,0,0,0,0 white 0 11".into(),
            "cash-in-hand 0,1,1,0,1,0,5,0/1,0,2,1,0,1,0,1/2,0,1,0,7,1,7,0/0,1,0,1,0,7,1,3/3,0,2,0,2,0,1,1/0,1,0,2,0,2,1,0/1,0,1,0,3,0,2,57/0,1,0,1,0,1,0,1 white 0 51".into(),
            "cash-in-hand 0,3,1,0,1,0,1,0/0,1,60,3,0,1,0,2/2,1,0,1,6,0,1,0/1,0,1,8,1,2,0,2/2,1,1,1,0,0,2,0/0,2,0,1,0,2,0,1/4,0,2,0,1,0,2,0/0,2,0,1,0,3,0,1 white 0 71".into(),
        ];
        let top = level(GameKind::CashInHand, LEVELS);
        for text in positions {
            let pos: Position = text.parse().expect("a position");
            let run = |cut_last_ply: bool| {
                let inner = CashDomain::for_levels(rules).weighted(&eval_cash::TUNED);
                let mut domain = Counted { inner, evaluations: Cell::new(0) };
                let shape = Shape { cut_last_ply, ..top.shape };
                let mut budget = Budget::new(top.nodes, None, &NoClock);
                let report = search(&mut domain, &pos, shape, &mut budget, &[]).expect("moves");
                let best = &report.moves[0];
                ((best.score, best.depth), domain.evaluations.get())
            };
            let (full, full_work) = run(false);
            let (cut, cut_work) = run(true);
            assert_eq!(cut, full, "{text}");
            assert!(cut_work * 4 < full_work * 3, "{text}: {cut_work} evaluations, {full_work}");
        }
    }

    /// A position of a level 8 (White) game against `mcts-tuned`
    /// (seed 301, game 11, ply 4). The check's depth-2 search likes
    /// `f3:30 ... h7:25 (:g7 h8) h7:2`, 2 stones, clearly better on material
    /// than the main search's choice; but the main search ranked it outside
    /// its root width, and searched to its depth it loses the 25-stone
    /// stack in the corner (Black merges 60 stones at e5 and takes it).
    /// Played, it loses 27 stones; the main search, asked first, refutes it.
    #[test]
    fn cash_top_level_plays_no_check_move_its_main_search_refutes() {
        let rules = Rules::default();
        let pos: Position = "cash-in-hand 0,0,0,0,0,0,0,1/0,1,0,0,0,0,1,0/31,0,0,0,0,1,0,0/\
            0,0,0,0,29,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,30,0,0/0,32,0,0,0,0,1,0/0,0,0,0,0,0,0,1 white 4 3"
            .parse()
            .unwrap();
        let capture = pos.play_text("f3:30 g4:1 h5:1 g6:1 f7:1 g8:1 h7:25 (:g7 h8) h7:2", &rules);
        let capture = capture.unwrap().mv;
        let top = level(GameKind::CashInHand, LEVELS);
        let shape = Shape { cut_last_ply: true, ..top.shape };
        let mut cash = CashDomain::for_levels(rules).weighted(&eval_cash::TUNED);
        let mut budget = Budget::new(top.nodes, None, &NoClock);
        let report = search(&mut cash, &pos, shape, &mut budget, &[]).expect("moves");
        let shallow = Shape { max_depth: CASH_CHECK_DEPTH, ..top.shape };
        let mut budget = Budget::new(top.nodes / CASH_CHECK_SHARE, None, &NoClock);
        let check =
            search(&mut CashDomain::for_levels(rules), &pos, shallow, &mut budget, &[]).unwrap();
        // Without the main search's word the check would override.
        assert_eq!(clear_material(&report.moves[0].transition, &check), Some(capture.clone()));
        let j = report.moves.iter().position(|m| m.transition.mv == capture).unwrap();
        assert!(report.moves[j].depth < report.moves[0].depth, "outside the root width");
        let mut verify = Verify { cash: &mut cash, shape, draws: &[] };
        let mut budget = Budget::new(top.nodes, None, &NoClock);
        let share = top.nodes / CASH_VERIFY_SHARE;
        assert!(verify.refutes(&report.moves[0], &report.moves[j], &mut budget, share));
        let game = Game::from_position(pos, rules);
        let limits = Limits { nodes: None, time_ms: None };
        let played = choose(Agent::Level(LEVELS), &game, 7, limits, &NoClock).unwrap();
        assert_ne!(played.mv, capture);
    }
}
