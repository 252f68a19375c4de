//! The tactics suite (issue 11): positions whose right answers were decided
//! by exhaustive search, and the solve rate of any agent on them.
//!
//! The answers come from a two-ply exhaustive minimax that uses only the
//! rules' public interface (`Position::legal_moves`), not the AI: every move
//! of the side to move, every reply, valued by the result (a win or loss at
//! once) or else by the stone difference after the reply. The answers are
//! the moves with the best value. A position enters the suite only if its
//! answers are a small part of the moves (at most a quarter) and clearly
//! better than the rest (a win, or four stones), so a random or careless
//! move fails it. The kinds:
//!
//! - `win-in-one`: a move wins at once (a city capture; in Cash in Hand,
//!   taking the opponent's last stones);
//! - `stop-the-win`: most moves allow the opponent a win at once, the
//!   answers do not;
//! - `win-material`: the capture that gains the most stones after the best
//!   reply;
//! - `save-material`: the moves that lose the fewest stones to the reply
//!   (most moves leave a big stack to be captured).
//!
//! File format (one position a line, `#` comments): `kind | position |
//! answer; answer; ...`, answers in the game's notation.

use super::{choose, Agent, Limits, NoClock};
use crate::game::Game;
use crate::moves::Move;
use crate::play::Transition;
use crate::position::Position;
use crate::variant::{GameKind, Rules, Side};
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

const WIN: i64 = 1_000_000;
/// Enumeration work allowed per move list while classifying.
const LIST_LIMIT: usize = 200_000;
/// Transitions the two-ply search may look at for one position.
const CLASSIFY_WORK: usize = 1_000_000;

fn material(pos: &Position, me: Side) -> i64 {
    pos.stones_of(me) as i64 - pos.stones_of(me.opponent()) as i64
}

/// The value of the move `m` for the side that made it: the worst result
/// over every reply (two-ply exhaustive minimax).
fn two_ply(m: &Transition, me: Side, rules: &Rules, work: &mut usize) -> Option<i64> {
    if let Some(o) = m.decisive.or_else(|| m.position.status(rules)) {
        return Some(match o.winner {
            Some(w) if w == me => WIN,
            Some(_) => -WIN,
            None => 0,
        });
    }
    let replies = m.position.legal_moves(rules, LIST_LIMIT).ok()?;
    *work += replies.len();
    if *work > CLASSIFY_WORK {
        return None;
    }
    replies
        .iter()
        .map(|r| match r.decisive.or_else(|| r.position.status(rules)) {
            Some(o) => match o.winner {
                Some(w) if w == me => WIN,
                Some(_) => -WIN,
                None => 0,
            },
            None => material(&r.position, me),
        })
        .min()
}

/// The kind and the answers of `pos` if it makes a good suite position.
pub fn classify(pos: &Position, rules: &Rules) -> Option<(String, Vec<Transition>)> {
    let me = pos.side_to_move;
    let moves = pos.legal_moves(rules, LIST_LIMIT).ok()?;
    if moves.len() < 4 {
        return None;
    }
    let mut work = 0;
    let values: Vec<i64> =
        moves.iter().map(|m| two_ply(m, me, rules, &mut work)).collect::<Option<_>>()?;
    let best = *values.iter().max()?;
    let answers: Vec<Transition> =
        moves.iter().zip(&values).filter(|(_, &v)| v == best).map(|(m, _)| m.clone()).collect();
    if answers.len() * 4 > moves.len() {
        return None;
    }
    // The rest must be clearly worse: by a win, or by four stones or more
    // (so that a deeper search, which may see past a small two-ply gain,
    // still agrees).
    let next = values.iter().filter(|&&v| v < best).max().copied()?;
    let gap = 4;
    if best < WIN && best - next < gap {
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
            cash_cluster(rng, 4, 0.6, 2)
        }
    }
}

/// A random Cash in Hand set-up: stacks of 1 to `max_height` on about
/// `fill` of the cells of a `size` x `size` square placed at random, with a
/// random side to move (`None` if the engine refuses it). Shared by the
/// tactics suite generator and the puzzle finder.
pub(crate) fn cash_cluster(
    rng: &mut SmallRng,
    size: usize,
    fill: f64,
    max_height: u8,
) -> Option<Position> {
    let mut cells = [0u8; 64];
    let corner = 8 - size + 1;
    let (f0, r0) = (rng.random_range(0..corner), rng.random_range(0..corner));
    for r in r0..r0 + size {
        for f in f0..f0 + size {
            if rng.random_bool(fill) {
                cells[r * 8 + f] = rng.random_range(1..=max_height);
            }
        }
    }
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|r| (0..8).map(|f| cells[r * 8 + f].to_string()).collect::<Vec<_>>().join(","))
        .collect();
    let side = if rng.random_bool(0.5) { "white" } else { "black" };
    format!("cash-in-hand {} {side} 0 20", ranks.join("/")).parse().ok()
}

/// Suite lines for `count` positions of `kind`, no kind more than half,
/// each handed to `emit` as soon as it is found (the search is slow).
pub fn generate(kind: GameKind, count: usize, seed: u64, emit: &mut dyn FnMut(&str)) {
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
        if *n * 2 >= count {
            continue;
        }
        *n += 1;
        let texts: Vec<String> = answers.iter().map(|a| a.mv.to_string()).collect();
        let line = format!("{k} | {pos} | {}", texts.join("; "));
        emit(&line);
        out.push(line);
    }
}
