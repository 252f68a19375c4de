//! Cash in Hand capture puzzles from real play, judged by outcome.
//!
//! A middle-game position of Cash in Hand has millions of moves (each
//! capture times every way of putting the stones back), so these puzzles
//! never list the right moves: an answer is right when it achieves the
//! puzzle's outcome, computed exactly by the rules' capture-threat query
//! (`Position::biggest_capture`, `threats::capture_outcome`). Two kinds:
//!
//! - `biggest-capture` (judge "outcome"): the answer captures `best_capture`
//!   stones, the most any legal move captures (the largest sets of stacks
//!   one move captures, searched exactly);
//! - `safe-capture`: the answer captures `best_capture` stones and leaves
//!   at most `allowed_loss` of the mover's stones open to capture: on
//!   stacks that some reply of the opponent captures (the threat search per
//!   stack settles that exactly in real games, where the best reply's own
//!   size often is not; no reply can capture more). The allowed loss is the
//!   least that `safe_variants` finds (the first two captures
//!   of the most stones the threat search names, with the stones put back
//!   all on one of the mover's stacks, each in turn, or as the search put
//!   them): a bound the answers must reach, which a careless capture of as
//!   many stones misses. It is not proven the least possible.
//!
//! `solutions` lists representative moves (one per set of stacks taken)
//! for display; any move of the same outcome is accepted.
//!
//! Positions come from games of the levels against each other and against
//! `mcts-tuned`, from openings of one to three random plies. A position
//! makes a puzzle only when the obvious move misses the outcome: the move
//! of `greedy` (the most stones at once among the AI's candidate moves,
//! the captures a player sees by trying the natural sowings) captures
//! fewer stones, or for the safe kind loses more than allowed.

pub use super::puzzles::Target;
use super::puzzles::{Puzzle, Source};
use crate::ai::{choose, Agent, Limits, NoClock};
use crate::game::Game;
use crate::moves::{CashMove, Move};
use crate::position::Position;
use crate::sorting;
use crate::threats::{capture_outcome, CaptureOutcome, REPLY_LIMIT};
use crate::transition::Transition;
use crate::variant::{GameKind, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// The threat search's work limit for a puzzle's best capture: a position
/// whose best capture the search does not settle within it (about 0.1 s
/// natively) makes no puzzle. What replies can capture is searched within
/// `REPLY_LIMIT`, as the page judges it.
pub const LIMIT: usize = 300_000;
/// The least best capture a puzzle asks for, in stones.
pub const MIN_CAPTURE: u32 = 4;
/// How much more the best capture must take than the obvious move, or (safe
/// kind) how much less it must lose than a careless capture of as many.
pub const MARGIN: u32 = 2;
/// Representative solutions listed at most.
const SHOWN: usize = 4;

/// The obvious move: `greedy`'s (the most stones at once among the AI's
/// candidate moves), with a fixed seed.
pub fn obvious_move(pos: &Position, rules: &Rules) -> Option<Transition> {
    let game = Game::from_position(*pos, *rules);
    choose(Agent::Greedy, &game, 0, Limits::default(), &NoClock)
}

/// The most stones one move captures, and the moves capturing that many
/// that the threat search names (one per largest set of stacks); `None`
/// when the search does not settle it exactly.
fn best_captures(pos: &Position, rules: &Rules) -> Option<(u32, Vec<Transition>)> {
    let threats = pos.game.rules().capturing_moves(pos, rules, LIMIT).ok()?;
    if !threats.largest {
        return None;
    }
    let best = threats.moves.iter().map(|t| t.captured_stones).max().unwrap_or(0);
    let mut moves: Vec<Transition> =
        threats.moves.into_iter().filter(|t| t.captured_stones == best).collect();
    sorting::sort_by_key(&mut moves, |t| t.mv.to_string());
    Some((best, moves))
}

/// Captures taking the most stones tried for the safe kind, at most.
const WITNESSES: usize = 2;

/// The first `WITNESSES` captures of `moves` with their stones put back all
/// on one stack of the mover's, each in turn, and as they were found; each
/// with its outcome. Deterministic (notation order).
pub fn safe_variants(
    pos: &Position,
    moves: &[Transition],
    rules: &Rules,
) -> Vec<(Transition, CaptureOutcome)> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for w in moves.iter().take(WITNESSES) {
        let Move::Cash(m) = &w.mv else { continue };
        let mut board = w.position.board;
        for &(cell, n) in &m.placements {
            board.set(cell, board.get(cell) - n as u8);
        }
        let mut tries = vec![w.clone()];
        let mover = pos.side_to_move;
        let own = |c: &crate::board::Cell| board.is_occupied(*c) && pos.owner(*c) == mover;
        for cell in board.geometry().cells().filter(own) {
            let placements = vec![(cell, w.captured_stones)];
            let mv = Move::Cash(CashMove { placements, ..m.clone() });
            if let Ok(t) = pos.play(&mv, rules) {
                tries.push(t);
            }
        }
        for t in tries {
            if seen.insert(t.position.to_string()) {
                let o = capture_outcome(&t, rules, REPLY_LIMIT);
                out.push((t, o));
            }
        }
    }
    sorting::sort_by_key(&mut out, |(t, _)| t.mv.to_string());
    out
}

/// The allowed loss of the safe kind in `pos` and the variants (from
/// `safe_variants`) that keep to it, and whether some capture of as many
/// stones loses at least `MARGIN` more: `None` when no variant's reply is
/// settled or no careless capture exists.
fn safe_target(variants: &[(Transition, CaptureOutcome)]) -> Option<(u32, Vec<&Transition>)> {
    let settled = variants.iter().filter(|(_, o)| o.reply.complete);
    let least = settled.map(|(_, o)| o.reply.open).min()?;
    let careless = variants.iter().any(|(_, o)| o.reply.complete && o.reply.open >= least + MARGIN);
    if !careless {
        return None;
    }
    let keep = variants
        .iter()
        .filter(|(_, o)| o.reply.complete && o.reply.open == least)
        .map(|(t, _)| t)
        .collect();
    Some((least, keep))
}

/// One representative per set of stacks captured, at most `SHOWN`, in
/// notation order.
fn representatives(moves: &[&Transition]) -> Vec<String> {
    let mut sets = HashSet::new();
    let mut out: Vec<String> = Vec::new();
    for t in moves {
        if sets.insert(t.captured.clone()) && out.len() < SHOWN {
            out.push(t.mv.to_string());
        }
    }
    sorting::sort(&mut out);
    out
}

fn puzzle(pos: &Position, target: Target, solutions: Vec<String>, sets: usize) -> Puzzle {
    let them = capitalised(pos.game.side_name(pos.side_to_move.opponent()));
    Puzzle {
        kind: target.kind(),
        position: *pos,
        line: vec![solutions[0].clone()],
        solutions,
        goal: target.goal(&them),
        difficulty: target.rank() * 10 + 9 / sets.max(1) as u32,
        source: Source::Real,
        outcome: Some(target),
    }
}

fn capitalised(name: &str) -> String {
    let mut c = name.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The outcome puzzles `pos` makes, each kind at most once: the safe kind
/// first where it fits, then the biggest capture (see the module).
/// Deterministic.
pub fn classify(pos: &Position, rules: &Rules) -> Vec<Puzzle> {
    if pos.game != GameKind::CashInHand || pos.status(rules).is_some() {
        return Vec::new();
    }
    let Some((best, moves)) = best_captures(pos, rules) else { return Vec::new() };
    classify_best(pos, rules, best, &moves)
}

fn classify_best(pos: &Position, rules: &Rules, best: u32, moves: &[Transition]) -> Vec<Puzzle> {
    let mut out = Vec::new();
    let them = pos.stones_of(pos.side_to_move.opponent());
    if best < MIN_CAPTURE || best >= them {
        // Too small, or a capture of the last stones (a win in one).
        return out;
    }
    let Some(obvious) = obvious_move(pos, rules) else { return out };
    let obvious_outcome = capture_outcome(&obvious, rules, REPLY_LIMIT);
    let variants = safe_variants(pos, moves, rules);
    if let Some((least, keep)) = safe_target(&variants) {
        let target = Target { best_capture: best, allowed_loss: Some(least) };
        let misses = !target.achieved_by(&obvious_outcome)
            && (obvious_outcome.captured + MARGIN <= best
                || obvious_outcome.reply.open >= least + MARGIN);
        if misses {
            let shown = representatives(&keep);
            let kept_sets = keep.iter().map(|t| &t.captured).collect::<HashSet<_>>().len();
            out.push(puzzle(pos, target, shown, kept_sets));
        }
    }
    if obvious_outcome.captured + MARGIN <= best {
        let target = Target { best_capture: best, allowed_loss: None };
        let all: Vec<&Transition> = moves.iter().collect();
        out.push(puzzle(pos, target, representatives(&all), moves.len()));
    }
    out
}

/// Checks a stated outcome puzzle against the engine: the position makes
/// this puzzle (targets and goal of its kind: `classify` recomputed), every listed
/// solution is legal and achieves the target, the line is one solution,
/// and the obvious move (`obvious_move`) does not achieve it, so not every
/// move solves it.
pub fn verify(
    position: &str,
    target: Target,
    solutions: &[String],
    goal: &str,
    line: &[String],
    rules: &Rules,
) -> Result<Puzzle, String> {
    let pos: Position = position.parse().map_err(|e| format!("bad position: {e}"))?;
    let found = classify(&pos, rules)
        .into_iter()
        .find(|p| p.kind == target.kind())
        .ok_or_else(|| format!("the position makes no {} puzzle", target.kind()))?;
    if found.outcome != Some(target) {
        return Err(format!("targets {target:?} but the search gives {:?}", found.outcome));
    }
    if goal != found.goal {
        return Err(format!("goal '{goal}' but the search gives '{}'", found.goal));
    }
    if solutions.is_empty() {
        return Err("no solution listed".into());
    }
    for s in solutions {
        let t = pos.play_text(s, rules).map_err(|e| format!("solution '{s}': {e}"))?;
        let o = capture_outcome(&t, rules, REPLY_LIMIT);
        if !target.achieved_by(&o) {
            return Err(format!("solution '{s}' does not achieve the target: {o:?}"));
        }
    }
    if line.len() != 1 || !solutions.contains(&line[0]) {
        return Err(format!("the line {line:?} is not one listed solution"));
    }
    let obvious = obvious_move(&pos, rules).ok_or("no obvious move")?;
    if target.achieved_by(&capture_outcome(&obvious, rules, REPLY_LIMIT)) {
        return Err(format!("the obvious move {} solves it", obvious.mv));
    }
    Ok(found)
}

/// The pairings of the games played, White's agent first: the levels
/// against each other and against `mcts-tuned`.
pub const PAIRINGS: [(Agent, Agent); 8] = [
    (Agent::Level(1), Agent::Level(3)),
    (Agent::Level(3), Agent::Level(1)),
    (Agent::Level(2), Agent::Level(4)),
    (Agent::Level(4), Agent::Level(2)),
    (Agent::Level(2), Agent::MctsTuned),
    (Agent::MctsTuned, Agent::Level(3)),
    (Agent::Level(5), Agent::MctsTuned),
    (Agent::MctsTuned, Agent::Level(1)),
];

/// Nodes each agent searches a move (reproducible: no clock).
pub const NODES: u64 = 2_000;
/// Plies a game is played at most.
const MAX_PLIES: usize = 160;
/// Puzzles taken from one game at most, for variety.
const PER_GAME: usize = 3;
/// Plies after the random opening that are passed over (the
/// random plies leave stacks where no player puts them).
const SETTLE_PLIES: usize = 6;
/// The safe kind's share of a run's puzzles at most, in percent (it fits
/// more positions than the biggest capture does).
const SAFE_SHARE: usize = 50;
/// Plies between two puzzles of one game.
const APART: usize = 8;

/// What a run saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: usize,
    pub positions: usize,
    /// Positions whose best capture the threat search settled exactly.
    pub settled: usize,
    /// Of those, positions with a best capture of `MIN_CAPTURE` or more.
    pub big: usize,
    pub biggest: usize,
    pub safe: usize,
}

/// The positions of game `n` of a run with `seed`: the pairing
/// `PAIRINGS[n % 8]`, one to three random plies, then the agents at `NODES`
/// until the game ends or `MAX_PLIES`; the positions from `SETTLE_PLIES`
/// after the opening on, each followed by the next (none left out).
fn game_positions(seed: u64, n: usize) -> Vec<Position> {
    let rules = Rules::default();
    let mut rng = SmallRng::seed_from_u64(seed ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (white, black) = PAIRINGS[n % PAIRINGS.len()];
    let mut game = Game::new(GameKind::CashInHand, rules);
    let opening = rng.random_range(1..=3);
    let limits = Limits { nodes: Some(NODES), time_ms: None };
    let mut seen = Vec::new();
    for ply in 0..MAX_PLIES {
        let agent = if ply < opening {
            Agent::Random
        } else if game.position().side_to_move == crate::variant::Side::First {
            white
        } else {
            black
        };
        if ply >= opening + SETTLE_PLIES {
            seen.push(*game.position());
        }
        let Some(t) = choose(agent, &game, rng.random(), limits, &NoClock) else { break };
        game.push(t);
        if game.outcome().is_some() {
            break;
        }
    }
    seen
}

/// Outcome puzzles from `games` games (see `game_positions`), at most
/// `count`, at most `PER_GAME` a game, no position twice; each found is
/// handed to `progress`, and each game's end with `None`. Sorted by
/// difficulty, then position.
pub fn from_games(
    games: usize,
    count: usize,
    seed: u64,
    progress: &mut dyn FnMut(Option<&Puzzle>, &Stats),
) -> (Vec<Puzzle>, Stats) {
    let rules = Rules::default();
    let safe_cap = count * SAFE_SHARE / 100;
    let mut stats = Stats::default();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for n in 0..games {
        if out.len() >= count {
            break;
        }
        stats.games += 1;
        let mut from_game = 0;
        let mut last: Option<usize> = None;
        for (ply, pos) in game_positions(seed, n).into_iter().enumerate() {
            let near = last.is_some_and(|l| ply < l + APART);
            if out.len() >= count || from_game >= PER_GAME || near || !seen.insert(pos.to_string())
            {
                continue;
            }
            stats.positions += 1;
            if pos.status(&rules).is_some() {
                continue;
            }
            let Some((best, moves)) = best_captures(&pos, &rules) else { continue };
            stats.settled += 1;
            if best < MIN_CAPTURE {
                continue;
            }
            stats.big += 1;
            // The safe kind where it fits, unless it has its share already.
            let found = classify_best(&pos, &rules, best, &moves);
            let room = |p: &&Puzzle| p.kind != "safe-capture" || stats.safe < safe_cap;
            let Some(p) = found.iter().find(room).cloned() else { continue };
            match p.kind {
                "safe-capture" => stats.safe += 1,
                _ => stats.biggest += 1,
            }
            from_game += 1;
            last = Some(ply);
            progress(Some(&p), &stats);
            out.push(p);
        }
        progress(None, &stats);
    }
    sorting::sort_by_key(&mut out, |p| (p.difficulty, p.position.to_string()));
    (out, stats)
}
