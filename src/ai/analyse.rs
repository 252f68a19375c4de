//! The analysis API: what the engine sees in a position — the
//! best move, its score, the expected line (principal variation), the depth
//! and the work done — reported as the search deepens, and stoppable.
//!
//! Built on the levels' own search (`search::search` with a level's shape),
//! so an analysis at level L sees what the level-L player sees.
//!
//! - One evaluation contract: the answer of an analysis is `evaluate`, the
//!   one search of the position at the strength's shape and full node
//!   budget, which is also what the review scores every position with and
//!   what the page's hint asks for. So the same strength gives the same best
//!   move and score for the same position, wherever it is asked.
//! - Incremental: ahead of that answer, the position is searched to depth 1,
//!   2, ... below the level's depth (previews sharing one budget of the
//!   strength's nodes), and the caller's callback gets every finished pass
//!   and may stop the analysis (return `false`). A pass costs about `width`
//!   times the shallower one, so the previews add a fraction of the answer's
//!   cost; the answer's own budget does not depend on them.
//! - The principal variation is built by successive searches: the best
//!   move, then the best reply found by a search one ply shallower from the
//!   position after it, and so on (the search keeps no line of its own).
//!   Against a proven win this gives the forcing line, since the loser's
//!   search picks the longest defence.
//!
//! Scores are in hundredths of a stone from the side to move's view (the
//! evaluations' unit: a stone is 100), or a proven result in K plies, the
//! winning move itself counting as 1: a city capture this ply is `win:1`; a
//! move that lets the opponent capture the city next is, after it, `loss:1`
//! for its mover (the position after it is lost in one ply).

use super::engine::budget::Budget;
use super::engine::search::{search, Report, Shape, WIN};
use super::knowledge::cash::CashDomain;
use super::knowledge::intermedium::IntermediumDomain;
use super::players::levels::{level, Level, LEVELS};
use super::players::repetition_draws;
use super::Clock;
use crate::errors::LimitExceeded;
use crate::game::Game;
use crate::moves::Move;
use crate::play::Transition;
use crate::variant::GameKind;
use std::fmt;

/// Scores at least this far from zero are proven results (`search` scores
/// a result K plies away as `WIN - K`; no evaluation comes near).
const PROVEN: i32 = WIN / 2;
/// The longest principal variation reported, in plies.
pub const PV_MAX: usize = 8;

/// A position's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a stone, the evaluation's estimate.
    Centi(i32),
    /// A proven win, the last (winning) move being ply K from here.
    Win(u32),
    /// A proven loss, the opponent's winning move being ply K from here.
    Loss(u32),
}

impl Score {
    pub(crate) fn from_search(s: i32) -> Score {
        if s >= PROVEN {
            Score::Win((WIN - s).max(0) as u32)
        } else if s <= -PROVEN {
            Score::Loss((WIN + s).max(0) as u32)
        } else {
            Score::Centi(s)
        }
    }

    /// The same value from the opponent's view.
    pub fn negate(self) -> Score {
        match self {
            Score::Centi(c) => Score::Centi(-c),
            Score::Win(k) => Score::Loss(k),
            Score::Loss(k) => Score::Win(k),
        }
    }

    /// Whether a proven result holds over every move of both sides: a
    /// finished position, `win:1`, `loss:1`, `loss:2` (depth 1 sees every
    /// move) and `win:3` (checked over every reply and answer ahead of being
    /// reported). A longer result is proven over the moves the selective
    /// search looked at only; estimates are never proven.
    pub fn proven_over_every_move(self) -> bool {
        match self {
            Score::Centi(_) => false,
            Score::Win(k) => k <= 3,
            Score::Loss(k) => k <= 2,
        }
    }

    /// One number to compare and subtract (the review's move classes, the
    /// advantage graph): estimates clamped to +-`CLAMP`, a win above every
    /// estimate (a nearer win higher), a loss below.
    pub fn value(self) -> i32 {
        match self {
            Score::Centi(c) => c.clamp(-CLAMP, CLAMP),
            Score::Win(k) => RESULT - k.min(1000) as i32,
            Score::Loss(k) => -RESULT + k.min(1000) as i32,
        }
    }
}

/// Estimates beyond 30 stones are all "winning": the graph and the move
/// classes need no finer grain there.
pub const CLAMP: i32 = 3000;
/// `Score::value` of a proven result (its distance not yet taken off).
pub const RESULT: i32 = 10_000;

impl fmt::Display for Score {
    /// `+250`, `-40`, `0`, `win:3`, `loss:2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Centi(0) => f.write_str("0"),
            Score::Centi(c) => write!(f, "{c:+}"),
            Score::Win(k) => write!(f, "win:{k}"),
            Score::Loss(k) => write!(f, "loss:{k}"),
        }
    }
}

/// How hard to look: a level's search (1-`LEVELS`, clamped; the analysis
/// searches every level by its alpha-beta shape, `levels::level`), optionally with its
/// own node budget instead of the level's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    pub level: u8,
    pub nodes: Option<u64>,
}

impl Strength {
    /// The analysis board's default: the strongest level with its budget.
    pub const ANALYSIS: Strength = Strength { level: LEVELS, nodes: None };

    pub(crate) fn settings(self, game: GameKind) -> Level {
        let mut lv = level(game, self.level);
        if let Some(n) = self.nodes {
            lv.nodes = n.max(1);
        }
        // The analysis reads only the best move and its score, which the
        // last-ply cut leaves as they are, and gets them sooner (Cash in
        // Hand: 13% less time to review 40 plies at level 8, the same
        // classes). Not in Intermedium, whose evaluations are charged as
        // nodes: there the cut buys more search on the same budget and
        // changes the analysis (4 of 40 review classes at level 4).
        lv.shape.cut_last_ply = game == GameKind::CashInHand;
        lv
    }
}

/// What the engine sees in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The best move found.
    pub best: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// The expected line, starting with `best`; every move legal in turn.
    pub pv: Vec<Move>,
    /// The depth of the score, in plies (1: every move judged statically).
    pub depth: u32,
    /// Nodes spent so far (all passes and the line's searches).
    pub nodes: u64,
}

/// The contract's answer for the current position of `game` at a strength:
/// the best move, its score and depth, from one search with the strength's
/// shape and node budget. `None` once the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub best: Move,
    pub score: Score,
    /// The depth of the score, in plies.
    pub depth: u32,
    pub nodes: u64,
}

/// Evaluates the current position of `game` at `strength`: the one search
/// that the analysis answers with, the review scores each position with
/// and the hint plays. `None` when the game is over; `LimitExceeded` when
/// the moves cannot be listed (hostile set-ups).
pub fn evaluate(
    game: &Game,
    strength: Strength,
    clock: &dyn Clock,
) -> Result<Option<Verdict>, LimitExceeded> {
    if game.outcome().is_some() {
        return Ok(None);
    }
    let lv = strength.settings(game.game());
    let (report, nodes) = search_game(game, lv.shape, lv.nodes, clock)?;
    Ok(Some(verdict(game, &report, nodes)))
}

fn verdict(game: &Game, report: &Report, nodes: u64) -> Verdict {
    let head = &report.moves[0];
    let depth = report.moves.iter().map(|m| m.depth).max().unwrap_or(1);
    let score = checked_score(game, head.score, &head.transition);
    Verdict { best: head.transition.mv.clone(), score, depth, nodes }
}

/// Analyses the current position of `game`. `on_report` gets each finished
/// pass (the last one included) and returns whether to go on. Returns the
/// last finished pass, or `None` when the game is over. The last pass is
/// `evaluate`'s answer unless the callback stopped the analysis ahead of it.
/// The node budget is the main bound, so the same inputs give the same
/// analysis natively and in wasm; a position whose moves cannot be listed
/// within the enumeration limit (hostile set-ups: a 255-stone stack) is the
/// `LimitExceeded` error, not "no move".
pub fn analyse(
    game: &Game,
    strength: Strength,
    clock: &dyn Clock,
    on_report: &mut dyn FnMut(&Analysis) -> bool,
) -> Result<Option<Analysis>, LimitExceeded> {
    if game.outcome().is_some() {
        return Ok(None);
    }
    let lv = strength.settings(game.game());
    let mut spent = 0u64;
    let mut previews = 0u64;
    let mut last: Option<Analysis> = None;
    let mut report_pass = |v: Verdict, spent: &mut u64, last: &mut Option<Analysis>| {
        let (pv, pv_nodes) = line(game, &v.best, v.depth, v.score, lv, clock);
        *spent += pv_nodes;
        let analysis = Analysis { best: v.best, score: v.score, pv, depth: v.depth, nodes: *spent };
        let go_on = on_report(&analysis);
        *last = Some(analysis);
        go_on
    };
    // Previews: shallower passes on one shared budget, until it runs out or
    // a pass cannot get deeper than the last one.
    for depth in 1..lv.shape.max_depth {
        let shape = Shape { max_depth: depth, ..lv.shape };
        let left = lv.nodes.saturating_sub(previews).max(1);
        // Every pass lists the same root: only the first can fail.
        let (report, used) = match search_game(game, shape, left, clock) {
            Ok(found) => found,
            Err(e) if last.is_none() => return Err(e),
            Err(_) => break,
        };
        previews += used;
        spent += used;
        let v = verdict(game, &report, used);
        if last.as_ref().is_some_and(|a| v.depth <= a.depth) {
            break;
        }
        let reached = v.depth;
        if !report_pass(v, &mut spent, &mut last) {
            return Ok(last);
        }
        if reached < depth || previews >= lv.nodes {
            break;
        }
    }
    // The answer: the full search, on its own budget.
    let (report, used) = match search_game(game, lv.shape, lv.nodes, clock) {
        Ok(found) => found,
        Err(e) if last.is_none() => return Err(e),
        Err(_) => return Ok(last),
    };
    spent += used;
    report_pass(verdict(game, &report, used), &mut spent, &mut last);
    Ok(last)
}

/// The score of the search's best move `best` (scored `raw`), a claimed
/// win in three checked over every reply: when the selective search missed
/// a defence, the move is winning (+30 stones) but not proven.
pub(crate) fn checked_score(game: &Game, raw: i32, best: &Transition) -> Score {
    match Score::from_search(raw) {
        Score::Win(3) if !forced_in_three(game, best) => Score::Centi(CLAMP),
        score => score,
    }
}

/// Work limit for checking a claimed win in three over every reply.
const VERIFY_LIMIT: usize = 200_000;

/// Whether `first` wins by force on the third ply: every reply leaves a
/// winning move (checked over every legal move, not the search's
/// selection). False when the lists are too long to check.
fn forced_in_three(game: &Game, first: &Transition) -> bool {
    let rules = game.rules();
    let me = game.position().side_to_move;
    let Ok(replies) = first.position.legal_moves(rules, VERIFY_LIMIT) else { return false };
    !replies.is_empty()
        && replies.iter().all(|r| {
            r.outcome(rules).is_none()
                && r.position.legal_moves(rules, VERIFY_LIMIT).is_ok_and(|ours| {
                    ours.iter().any(|m| m.outcome(rules).is_some_and(|o| o.winner == Some(me)))
                })
        })
}

/// A safety deadline per search of the analysis and the review, in ms of
/// `clock`. Their bound is the node budget (the same answer natively and in
/// wasm), but on hostile set-ups (a 200-stone stack) nodes do not bound the
/// time: every root move's evaluation lists the opponent's moves up to the
/// inner work limit and gives up, and a review of one such move ran for more
/// than ten minutes. Only such set-ups reach it, as with the AI's deadlines.
pub const SEARCH_DEADLINE_MS: f64 = 8_000.0;

/// One search of the current position of `game` (a game that goes on, so
/// it has moves) with `shape` and `nodes` (and `SEARCH_DEADLINE_MS`): the
/// scored root moves and the nodes used. `LimitExceeded` when the moves
/// could not be listed (within the work limit or the deadline: hostile
/// set-ups).
pub(crate) fn search_game(
    game: &Game,
    shape: Shape,
    nodes: u64,
    clock: &dyn Clock,
) -> Result<(Report, u64), LimitExceeded> {
    let unlisted = LimitExceeded { limit: crate::play::DEFAULT_MOVE_LIMIT };
    let pos = *game.position();
    let rules = *game.rules();
    let mut budget = Budget::new(nodes, Some(SEARCH_DEADLINE_MS), clock);
    let draws = repetition_draws(game);
    let report = match pos.game {
        GameKind::Intermedium => {
            search(&mut IntermediumDomain::new(rules), &pos, shape, &mut budget, &draws)
        }
        GameKind::CashInHand => {
            search(&mut CashDomain::for_levels(rules), &pos, shape, &mut budget, &draws)
        }
    }
    .ok_or(unlisted)?;
    (!report.moves.is_empty()).then_some((report, budget.spent())).ok_or(unlisted)
}

/// The expected line from `first`: each next move the best of a search one
/// ply shallower than the last (at least one ply, so a win in one is
/// always seen), as long as the line's length calls for. A proven result
/// sets the length to its distance.
fn line(
    game: &Game,
    first: &Move,
    depth: u32,
    score: Score,
    lv: Level,
    clock: &dyn Clock,
) -> (Vec<Move>, u64) {
    let plies = match score {
        Score::Win(k) | Score::Loss(k) => k as usize,
        Score::Centi(_) => depth as usize,
    }
    .clamp(1, PV_MAX);
    let mut g = game.clone();
    if g.play(first).is_err() {
        return (vec![first.clone()], 0);
    }
    let mut pv = vec![first.clone()];
    let mut spent = 0;
    while pv.len() < plies && g.outcome().is_none() {
        let left = (plies - pv.len()) as u32;
        let shape = Shape { max_depth: left.max(1), ..lv.shape };
        let Ok((report, used)) = search_game(&g, shape, lv.nodes / 4 + 1, clock) else { break };
        spent += used;
        let t = report.moves.into_iter().next().expect("non-empty").transition;
        pv.push(t.mv.clone());
        g.push(t);
    }
    (pv, spent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::RuleOptions;

    #[test]
    fn only_short_results_are_proven_over_every_move() {
        let proven = |s: Score| s.proven_over_every_move();
        assert!(proven(Score::Win(0)) && proven(Score::Win(1)) && proven(Score::Win(3)));
        assert!(proven(Score::Loss(0)) && proven(Score::Loss(1)) && proven(Score::Loss(2)));
        assert!(!proven(Score::Win(5)) && !proven(Score::Loss(4)) && !proven(Score::Centi(3000)));
    }

    /// Blue forces a city capture in two with d7-c8-d9-e10 (tests/ai/analysis.rs).
    const FORCED: &str = "intermedium 0,1,0,1,0,0,0/0,2,0,0,0,0,0/2,0,3,0,0,3,0/1,2,1,3,3,0,1/2,0,3,0,2,0,0/0,0,0,1,0,2,1/1,0,2,0,1,0,0/0,1,0,4,0,5,0/4,0,0,0,0,0,4/0,0,0,0,0,0,0 blue 1 11";

    #[test]
    fn a_claimed_win_in_three_is_checked_over_every_reply() {
        let game = Game::from_position(FORCED.parse().unwrap(), RuleOptions::default());
        let moves = game.legal_moves(crate::play::DEFAULT_MOVE_LIMIT).unwrap();
        let forcing = moves.iter().find(|t| t.mv.to_string() == "d7-c8-d9-e10").unwrap();
        assert_eq!(checked_score(&game, WIN - 3, forcing), Score::Win(3));
        let quiet =
            moves.iter().find(|t| !forced_in_three(&game, t)).expect("some move does not force");
        assert_eq!(checked_score(&game, WIN - 3, quiet), Score::Centi(CLAMP));
        assert_eq!(checked_score(&game, 120, quiet), Score::Centi(120));
    }

    #[test]
    fn scores_are_written_as_the_command_line_prints_them() {
        assert_eq!(Score::Centi(250).to_string(), "+250");
        assert_eq!(Score::Centi(-40).to_string(), "-40");
        assert_eq!(Score::Centi(0).to_string(), "0");
        assert_eq!(Score::Win(3).to_string(), "win:3");
        assert_eq!(Score::Loss(2).to_string(), "loss:2");
        assert_eq!(Score::from_search(WIN - 1), Score::Win(1));
        assert_eq!(Score::from_search(-WIN + 2), Score::Loss(2));
        assert_eq!(Score::from_search(-120), Score::Centi(-120));
        assert_eq!(Score::Win(3).negate(), Score::Loss(3));
        assert!(Score::Win(5).value() < Score::Win(3).value());
        assert!(Score::Loss(1).value() < Score::Loss(4).value());
        assert!(Score::Centi(99_999).value() < Score::Win(900).value());
    }
}
