//! The tactics suite: positions whose right answers are decided
//! by exhaustive search, and the solve rate of any agent on them.
//!
//! The answers come from exhaustive minimax over the rules' public
//! interface (`Position::legal_moves`), not the AI. Two plies decide most
//! kinds: every move of the side to move, every reply, valued by the result
//! (a win or loss at once) or else by the stone difference after the reply;
//! the answers are the moves with the best value. A position enters the
//! suite only if its answers are a small part of the moves (at most a
//! quarter) and clearly better than the rest (a win, or four stones), so a
//! random or careless move fails it. The kinds:
//!
//! - `win-in-one`: a move wins at once (a city capture; in Cash in Hand,
//!   taking the opponent's last stones);
//! - `win-in-two` (Intermedium, three plies): no move wins at once, but some
//!   leave only replies after which a city capture exists; the answers are
//!   every such move (`puzzles::wins_in_two`, the puzzles' own search);
//! - `stop-the-win`: most moves allow the opponent a win at once, the
//!   answers do not;
//! - `win-material`: the capture that gains the most stones after the best
//!   reply;
//! - `save-material`: the moves that lose the fewest stones to the reply
//!   (most moves leave a big stack to be captured);
//! - `set-up-capture` (Cash in Hand, three plies): two plies cannot tell
//!   the moves apart, three can (the worst reply, then the mover's best
//!   next move), and the best are captures whose sowing some worse move
//!   shares: where the captured stones are put back sets up the next
//!   capture. Searching two plies deep cannot solve these (levels 1-4 do
//!   not); they show the depth the top levels buy.
//!
//! File format (one position a line, `#` comments): `kind | position |
//! answer; answer; ...`, answers in the game's notation.

use super::solver::{material, Solver, LIST_LIMIT, WIN};
use crate::ai::{choose, Agent, Limits, NoClock};
use crate::game::Game;
use crate::moves::Move;
use crate::play::Transition;
use crate::position::Position;
use crate::variant::{GameKind, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// One suite position.
#[derive(Clone, Debug)]
pub struct Tactic {
    pub kind: String,
    pub position: Position,
    /// The accepted moves, as they resolve in `position`.
    pub answers: Vec<Transition>,
}

/// Parses a suite file; every answer must be legal in its position.
pub fn parse_suite(text: &str) -> Result<Vec<Tactic>, String> {
    let rules = Rules::default();
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |e: String| format!("line {}: {e}", n + 1);
        let parts: Vec<&str> = line.split(" | ").collect();
        let [kind, pos, answers] = parts[..] else {
            return Err(err("expected `kind | position | answers`".into()));
        };
        let position: Position = pos.parse().map_err(|e| err(format!("{e}")))?;
        let answers = answers
            .split("; ")
            .map(|a| position.play_text(a, &rules).map_err(|e| err(format!("answer '{a}': {e}"))))
            .collect::<Result<Vec<_>, _>>()?;
        out.push(Tactic { kind: kind.to_string(), position, answers });
    }
    Ok(out)
}

/// Whether `agent` plays one of the answers.
pub fn solves(t: &Tactic, agent: Agent, seed: u64, limits: Limits) -> bool {
    attempt(t, agent, seed, limits).0
}

/// Whether `agent` plays one of the answers, and the move it plays.
pub fn attempt(t: &Tactic, agent: Agent, seed: u64, limits: Limits) -> (bool, Option<Move>) {
    let game = Game::from_position(t.position, Rules::default());
    let Some(mv) = choose(agent, &game, seed, limits, &NoClock) else { return (false, None) };
    let solved = t.answers.iter().any(|a| a.position == mv.position && a.decisive == mv.decisive);
    (solved, Some(mv.mv))
}

/// Transitions the two-ply search may look at for one position.
const CLASSIFY_WORK: usize = 1_000_000;
/// Transitions the three-ply search may look at for one position.
const THREE_PLY_WORK: usize = 3_000_000;
/// How much better than every other move the answers must be, in stones
/// (so that a deeper search, which may see past a small gain, still agrees).
const ANSWER_MARGIN: i64 = 4;

/// The kind and the answers of `pos` if it makes a good suite position.
pub fn classify(pos: &Position, rules: &Rules) -> Option<(String, Vec<Transition>)> {
    let me = pos.side_to_move;
    let moves = pos.legal_moves(rules, LIST_LIMIT).ok()?;
    if moves.len() < 4 {
        return None;
    }
    let mut solver = Solver::new(rules, CLASSIFY_WORK);
    let values: Vec<i64> = moves.iter().map(|m| solver.two_ply(m, me)).collect::<Option<_>>()?;
    let best = *values.iter().max()?;
    // A city capture in two outranks everything but one in one (as in the
    // puzzles, whose exhaustive search this is).
    if best < WIN && pos.game == GameKind::Intermedium {
        let forced = super::puzzles::wins_in_two(pos, rules)?;
        if !forced.is_empty() {
            return (forced.len() * 4 <= moves.len()).then(|| ("win-in-two".into(), forced));
        }
    }
    let two = by_two_plies(pos, &moves, &values);
    match pos.game {
        GameKind::CashInHand if two.is_none() => set_up_capture(pos, &moves, rules),
        _ => two,
    }
}

/// The two-ply kinds: the moves with the best two-ply value, when they are
/// few and clearly better.
fn by_two_plies(
    pos: &Position,
    moves: &[Transition],
    values: &[i64],
) -> Option<(String, Vec<Transition>)> {
    let me = pos.side_to_move;
    let best = *values.iter().max()?;
    let answers: Vec<Transition> =
        moves.iter().zip(values).filter(|(_, &v)| v == best).map(|(m, _)| m.clone()).collect();
    if answers.len() * 4 > moves.len() {
        return None;
    }
    // The rest must be clearly worse: by a win, or by `ANSWER_MARGIN` stones.
    let next = values.iter().filter(|&&v| v < best).max().copied()?;
    if best < WIN && best - next < ANSWER_MARGIN {
        return None;
    }
    let now = material(pos, me);
    let losing = values.iter().filter(|&&v| v == -WIN).count();
    let kind = if best == WIN {
        "win-in-one"
    } else if best > -WIN && losing * 2 >= moves.len() {
        "stop-the-win"
    } else if best == -WIN {
        return None;
    } else if best > now {
        "win-material"
    } else {
        "save-material"
    };
    Some((kind.to_string(), answers))
}

/// Cash in Hand's `set-up-capture`, for a position two plies cannot decide
/// (typically a capture whose redistributions all look the same there):
/// three plies can. The answers are the moves with the best three-ply value,
/// few, clearly better than the rest, all captures, and one of them has a
/// sowing some non-answer shares: where the captured stones go is what
/// sets up the next capture.
fn set_up_capture(
    pos: &Position,
    moves: &[Transition],
    rules: &Rules,
) -> Option<(String, Vec<Transition>)> {
    if moves.iter().all(|m| m.captured.is_empty()) {
        return None;
    }
    let me = pos.side_to_move;
    let mut solver = Solver::new(rules, THREE_PLY_WORK);
    let values: Vec<i64> = moves.iter().map(|m| solver.three_ply(m, me)).collect::<Option<_>>()?;
    let best = *values.iter().max()?;
    let next = values.iter().filter(|&&v| v < best).max().copied()?;
    let answer = |i: usize| values[i] == best;
    let count = (0..moves.len()).filter(|&i| answer(i)).count();
    if count * 4 > moves.len() || best - next < ANSWER_MARGIN || best <= material(pos, me) {
        return None;
    }
    let sowing = |m: &Transition| match &m.mv {
        Move::Cash(c) => Some((c.origin, c.count, c.steps.clone())),
        Move::Sow(_) => None,
    };
    let all_capture =
        (0..moves.len()).filter(|&i| answer(i)).all(|i| !moves[i].captured.is_empty());
    let shared = (0..moves.len())
        .filter(|&i| answer(i))
        .any(|i| (0..moves.len()).any(|j| !answer(j) && sowing(&moves[j]) == sowing(&moves[i])));
    if !all_capture || !shared {
        return None;
    }
    let answers = (0..moves.len()).filter(|&i| answer(i)).map(|i| moves[i].clone()).collect();
    Some(("set-up-capture".to_string(), answers))
}

/// Candidate positions for the suite: Intermedium positions from games
/// between modest levels, Cash in Hand set-ups of small stacks (larger
/// ones cannot be searched exhaustively).
fn candidate(kind: GameKind, rng: &mut SmallRng) -> Option<Position> {
    match kind {
        GameKind::Intermedium => {
            let mut game = Game::new(kind, Rules::default());
            let plies = rng.random_range(6..60);
            let limits = Limits { nodes: Some(3_000), time_ms: None };
            for _ in 0..plies {
                let agent = if rng.random_bool(0.5) { Agent::Level(2) } else { Agent::Level(1) };
                let t = choose(agent, &game, rng.random(), limits, &NoClock)?;
                game.push(t);
                if game.outcome().is_some() {
                    return None;
                }
            }
            Some(*game.position())
        }
        GameKind::CashInHand => {
            // A crowded 4 x 4 corner of the board: stacks touch, so
            // captures and escapes are on.
            super::setups::cash_cluster(rng, 4, 0.6, 2)
        }
    }
}

/// Suite lines for `count` positions of `kind`, no kind more than half
/// (with `only`, every line of that kind), each handed to `emit` as soon as
/// it is found (the search is slow).
pub fn generate(
    kind: GameKind,
    count: usize,
    seed: u64,
    only: Option<&str>,
    emit: &mut dyn FnMut(&str),
) {
    let rules = Rules::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut per_kind: std::collections::HashMap<String, usize> = Default::default();
    let mut tries = 0;
    while out.len() < count && tries < count * 400 {
        tries += 1;
        let Some(pos) = candidate(kind, &mut rng) else { continue };
        let Some((k, answers)) = classify(&pos, &rules) else { continue };
        let n = per_kind.entry(k.clone()).or_default();
        let wanted = only.map_or(*n * 2 < count, |only| only == k);
        if !wanted {
            continue;
        }
        *n += 1;
        let texts: Vec<String> = answers.iter().map(|a| a.mv.to_string()).collect();
        let line = format!("{k} | {pos} | {}", texts.join("; "));
        emit(&line);
        out.push(line);
    }
}
