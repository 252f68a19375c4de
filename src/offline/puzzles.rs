//! "Find the best move" puzzles: positions from self-play whose
//! answers are decided by exhaustive search over the rules' public
//! interface (`Position::legal_moves`), never by the AI's judgement.
//!
//! `classify` looks at a position and says which kind of puzzle it makes, if
//! any, with EVERY first move that does as well as the best one. The kinds,
//! tried in this order (the first that fits wins, so a position with a win
//! in one is never a "biggest capture"):
//!
//! - `win-in-one`: a move wins at once (Intermedium: the city; Cash in Hand:
//!   the opponent's last stones);
//! - `win-in-two` (Intermedium): no move wins at once, but some move leaves
//!   the opponent only replies after which a win in one exists (three plies,
//!   exhaustive);
//! - `only-defence`: most moves let the opponent win at once; the answers
//!   are every move that does not;
//! - `biggest-capture`: the moves that capture and come out furthest ahead
//!   in stones after the opponent's best reply (two plies, exhaustive; in
//!   Cash in Hand this includes where the captured stones are put back).
//!
//! A position is a puzzle only when the answers are a small part of the
//! moves, so that a careless move fails it. `verify` recomputes a puzzle
//! from its position and checks every stated fact: the shipped files are
//! re-verified by a test, so a wrong solution set fails the build.

use super::solver::{material, result, Solver, LIST_LIMIT, WIN};
use crate::ai::{choose, Agent, Limits, NoClock};
use crate::game::Game;
use crate::position::Position;
use crate::sorting;
use crate::threats::CaptureOutcome;
use crate::transition::Transition;
use crate::variant::{GameKind, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// One puzzle, in the shape of the shipped JSON (plus its kind and
/// difficulty, which order the file and are recomputed on verification).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub kind: &'static str,
    pub position: Position,
    /// Every accepted first move (one notation per distinct move), sorted.
    pub solutions: Vec<String>,
    /// What the player must find, in one line.
    pub goal: String,
    /// The expected line: the first solution, and for `win-in-two` the
    /// opponent's reply and the winning move after it.
    pub line: Vec<String>,
    /// Higher is harder: the kind's rank times 10 plus how rare the answers
    /// are among the moves (log2 of moves per answer, at most 9).
    pub difficulty: u32,
    /// Where the position comes from (the shipped file's ids say it).
    pub source: Source,
    /// An outcome puzzle's target (`capture_puzzles`): any move achieving
    /// it is right, and `solutions` only shows some.
    pub outcome: Option<Target>,
}

/// What an outcome puzzle (`capture_puzzles`) asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The stones the answer must capture: the most any move captures.
    pub best_capture: u32,
    /// The safe kind: the most of the mover's stones that may then be open
    /// to capture (on stacks some reply captures).
    pub allowed_loss: Option<u32>,
}

impl Target {
    /// Whether a move of outcome `o` achieves the target: what the replies
    /// capture must be settled to be judged safe.
    pub fn achieved_by(&self, o: &CaptureOutcome) -> bool {
        o.captured == self.best_capture
            && self.allowed_loss.is_none_or(|x| o.reply.complete && o.reply.open <= x)
    }

    /// The puzzle's kind.
    pub fn kind(&self) -> &'static str {
        if self.allowed_loss.is_some() {
            "safe-capture"
        } else {
            "biggest-capture"
        }
    }

    /// The goal line, one form per kind (the page reads the kind from the
    /// JSON's keys, the goal is for people).
    pub fn goal(&self, them: &str) -> String {
        match self.allowed_loss {
            None => "Find the biggest capture: take the most stones one move can.".to_string(),
            Some(0) => {
                format!(
                    "Find the biggest capture that leaves {them} none of your stacks to capture."
                )
            }
            Some(x) => format!(
                "Find the biggest capture that leaves {them} at most {x} of your stones to capture."
            ),
        }
    }

    /// The kind's place in the difficulty order (the rating's rank):
    /// the biggest capture 1, the safe capture (two plies) 2.
    pub(crate) fn rank(&self) -> u32 {
        if self.allowed_loss.is_some() {
            2
        } else {
            1
        }
    }
}

/// Where a puzzle's position comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A game of the AI against itself from the standard start (after one
    /// random ply in Cash in Hand, as the match harness opens its games).
    Real,
    /// A small random set-up (Cash in Hand), then a few plies of self-play.
    SetUp,
    /// A position handed in (`classify`, `sowboard puzzles --positions`).
    Given,
}

impl Source {
    /// The word in a shipped puzzle's id (`cash-real-001`, `cash-setup-001`).
    pub fn label(self) -> &'static str {
        match self {
            Source::Real => "real",
            Source::SetUp => "setup",
            Source::Given => "given",
        }
    }
}

/// A puzzle's id: where it comes from and a hash of its position
/// (`intermedium-3f09c2a1d4`, `cash-real-...`, `cash-setup-...`). Taken from
/// the position, not the place in the file, so a learner's saved "solved"
/// list still names the same puzzles after the file is regenerated.
pub fn puzzle_id(position: &Position, source: Source) -> String {
    let prefix = match position.game {
        GameKind::Intermedium => "intermedium".to_string(),
        GameKind::CashInHand => format!("cash-{}", source.label()),
    };
    format!("{prefix}-{:010x}", position_hash(&position.to_string()))
}

/// FNV-1a over the position string, cut to 40 bits (ten hex digits): the
/// same on every platform and in every version, unlike `std`'s hasher.
pub fn position_hash(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h & 0xff_ffff_ffff
}

/// Transitions the search may look at for one position.
const WORK_LIMIT: usize = 2_000_000;
/// At most this many answers: a puzzle has few right moves (and in Cash in
/// Hand, a win that any redistribution keeps is not about the redistribution).
const MAX_SOLUTIONS: usize = 24;
/// Stones by which a biggest capture must beat every other move, and gain.
const CAPTURE_MARGIN: i64 = 2;

/// A solver for one position: Cash in Hand replies too many to list are
/// valued by the exact capture-threat query.
fn solver(rules: &Rules) -> Solver<'_> {
    Solver::with_capture_query(rules, WORK_LIMIT)
}

/// The moves of `pos` that force a win in two (Intermedium: a city capture
/// whatever the reply), in notation order; `None` when the search went over
/// its limits. The tactics suite's `win-in-two`.
pub(crate) fn wins_in_two(pos: &Position, rules: &Rules) -> Option<Vec<Transition>> {
    let mut s = solver(rules);
    let moves = s.moves(pos)?;
    let wins = s.wins_in_two(&moves, pos.side_to_move)?;
    Some(wins.into_iter().map(|(m, ..)| m.clone()).collect())
}

fn rarity(moves: usize, answers: usize) -> u32 {
    ((moves as f64 / answers as f64).log2().floor() as u32).min(9)
}

fn texts(moves: &[&Transition]) -> Vec<String> {
    let mut t: Vec<String> = moves.iter().map(|m| m.mv.to_string()).collect();
    sorting::sort(&mut t);
    t
}

/// The puzzle `pos` makes, if any (see the module comment). Deterministic:
/// the same position always gives the same puzzle.
pub fn classify(pos: &Position, rules: &Rules) -> Option<Puzzle> {
    classify_in(&mut solver(rules), pos)
}

fn classify_in(s: &mut Solver, pos: &Position) -> Option<Puzzle> {
    let rules = s.rules;
    let me = pos.side_to_move;
    let game = pos.game;
    let them = capitalised(game.side_name(me.opponent()));
    let moves = s.moves(pos)?;
    if moves.len() < 4 || result_of_position(pos, rules) {
        return None;
    }
    let puzzle = |kind, answers: Vec<&Transition>, goal: String, line: Vec<String>, rank: u32| {
        let solutions = texts(&answers);
        let line = if line.is_empty() { vec![solutions[0].clone()] } else { line };
        Some(Puzzle {
            kind,
            source: Source::Given,
            position: *pos,
            difficulty: rank * 10 + rarity(moves.len(), answers.len()),
            solutions,
            goal,
            line,
            outcome: None,
        })
    };
    let small = |n: usize| n > 0 && n * 4 <= moves.len() && n <= MAX_SOLUTIONS;

    let wins: Vec<&Transition> =
        moves.iter().filter(|t| result(t, me, rules) == Some(WIN)).collect();
    if !wins.is_empty() {
        if !small(wins.len()) {
            return None;
        }
        let goal = match game {
            GameKind::Intermedium => format!("Capture {them}'s city in one move."),
            GameKind::CashInHand => format!("Take {them}'s last stones in one move."),
        };
        return puzzle("win-in-one", wins, goal, vec![], 0);
    }

    // Two plies for every move: the value of each, and whether it loses at once.
    let values: Vec<i64> = moves.iter().map(|m| s.two_ply(m, me)).collect::<Option<_>>()?;

    if game == GameKind::Intermedium {
        let wins = s.wins_in_two(&moves, me)?;
        let line = wins.first().map_or(Vec::new(), |(m, r, w)| {
            vec![m.mv.to_string(), r.mv.to_string(), w.mv.to_string()]
        });
        let forced: Vec<&Transition> = wins.iter().map(|(m, ..)| *m).collect();
        if !forced.is_empty() {
            if !small(forced.len()) {
                return None;
            }
            let goal = format!("Capture {them}'s city in two moves, whatever {them} replies.");
            return puzzle("win-in-two", forced, goal, line, 3);
        }
    }

    let losing = values.iter().filter(|&&v| v == -WIN).count();
    if losing * 2 >= moves.len() {
        let safe: Vec<&Transition> =
            moves.iter().zip(&values).filter(|(_, &v)| v > -WIN).map(|(m, _)| m).collect();
        if !small(safe.len()) {
            return None;
        }
        let threat = match game {
            GameKind::Intermedium => format!("{them} threatens to capture your city"),
            GameKind::CashInHand => format!("{them} threatens to take all your stones"),
        };
        let goal = if safe.len() == 1 {
            format!("{threat}: find the only move that stops it.")
        } else {
            format!("{threat}: find a move that stops it ({} moves do).", safe.len())
        };
        return puzzle("only-defence", safe, goal, vec![], 2);
    }

    let best = *values.iter().max()?;
    let next = values.iter().filter(|&&v| v < best).max().copied()?;
    let gain = best - material(pos, me);
    if best == -WIN || best - next < CAPTURE_MARGIN || gain < CAPTURE_MARGIN {
        return None;
    }
    let answers: Vec<&Transition> =
        moves.iter().zip(&values).filter(|(_, &v)| v == best).map(|(m, _)| m).collect();
    if !small(answers.len()) || answers.iter().any(|a| a.captured.is_empty()) {
        return None;
    }
    let goal = match game {
        GameKind::Intermedium => {
            format!("Find the biggest capture: come out {gain} stones further ahead after {them}'s best reply.")
        }
        GameKind::CashInHand => format!(
            "Capture, and put the stones back where they serve you best: come out {gain} stones further ahead after {them}'s best reply."
        ),
    };
    puzzle("biggest-capture", answers, goal, vec![], 1)
}

fn capitalised(name: &str) -> String {
    let mut c = name.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// Whether the game is already over in `pos`.
fn result_of_position(pos: &Position, rules: &Rules) -> bool {
    pos.status(rules).is_some()
}

/// Checks a stated puzzle against the engine: its position must make the
/// same puzzle (kind, goal, difficulty), every stated solution must be legal
/// and the stated solutions must be exactly the accepted moves (compared by
/// what they lead to, as the rules compare moves), and the line must be
/// legal, start with a solution and, for `win-in-two`, end in a win.
pub fn verify(
    position: &str,
    solutions: &[String],
    goal: &str,
    line: &[String],
    rules: &Rules,
) -> Result<Puzzle, String> {
    let pos: Position = position.parse().map_err(|e| format!("bad position: {e}"))?;
    let found = classify(&pos, rules).ok_or("the position makes no puzzle (search says no)")?;
    if goal != found.goal {
        return Err(format!("goal '{goal}' but the search gives '{}'", found.goal));
    }
    let outcome_set = |texts: &[String]| -> Result<HashSet<(String, bool)>, String> {
        let mut set = HashSet::new();
        for t in texts {
            let tr = pos.play_text(t, rules).map_err(|e| format!("solution '{t}': {e}"))?;
            if !set.insert((tr.position.to_string(), tr.decisive.is_some())) {
                return Err(format!("solution '{t}' repeats another solution (same result)"));
            }
        }
        Ok(set)
    };
    let stated = outcome_set(solutions)?;
    let accepted = outcome_set(&found.solutions)?;
    if stated != accepted {
        let missing: Vec<&String> = found
            .solutions
            .iter()
            .filter(|t| {
                let tr = pos.play_text(t, rules).expect("checked above");
                !stated.contains(&(tr.position.to_string(), tr.decisive.is_some()))
            })
            .collect();
        return Err(format!(
            "{} solutions stated, {} moves do as well; not accepted but should be: {missing:?}",
            stated.len(),
            accepted.len()
        ));
    }
    let first = line.first().ok_or("the line is empty")?;
    let tr = pos.play_text(first, rules).map_err(|e| format!("line '{first}': {e}"))?;
    if !stated.contains(&(tr.position.to_string(), tr.decisive.is_some())) {
        return Err(format!("the line starts with '{first}', not a solution"));
    }
    let expected_len = if found.kind == "win-in-two" { 3 } else { 1 };
    if line.len() != expected_len {
        return Err(format!(
            "a {} puzzle has a line of {expected_len}, not {}",
            found.kind,
            line.len()
        ));
    }
    if found.kind == "win-in-two" {
        let mut g = Game::from_position(pos, *rules);
        for m in line {
            g.play_text(m).map_err(|e| format!("line '{m}': {e}"))?;
        }
        if g.outcome().and_then(|o| o.winner) != Some(pos.side_to_move) {
            return Err("the line does not end in a win".into());
        }
    }
    Ok(found)
}

/// Positions from self-play: Intermedium games between levels 1 and 2 from
/// the start; Cash in Hand games between the same levels from small random
/// set-ups (a crowded corner of stacks of 1-3), since positions with the
/// game's 32-stone stacks have far too many moves to search exhaustively.
fn self_play(kind: GameKind, rng: &mut SmallRng) -> Vec<Position> {
    let start = match kind {
        GameKind::Intermedium => Position::start(kind),
        GameKind::CashInHand => {
            let Some(p) = cash_setup(rng) else { return vec![] };
            p
        }
    };
    let plies = match kind {
        GameKind::Intermedium => 60,
        GameKind::CashInHand => 12,
    };
    let mut seen = vec![start];
    seen.extend(play_on(Game::from_position(start, Rules::default()), plies, false, rng));
    seen
}

/// The positions after each ply of `game` played on by levels 1 and 2 in
/// turn at random (the first ply at random when `random_first`), until it
/// ends or `plies` are played; the position it ends in is left out.
fn play_on(mut game: Game, plies: usize, random_first: bool, rng: &mut SmallRng) -> Vec<Position> {
    let limits = Limits { nodes: Some(2_000), time_ms: None };
    let mut seen = Vec::new();
    for ply in 0..plies {
        let agent = if random_first && ply == 0 {
            Agent::Random
        } else if rng.random_bool(0.5) {
            Agent::Level(2)
        } else {
            Agent::Level(1)
        };
        let Some(t) = choose(agent, &game, rng.random(), limits, &NoClock) else { break };
        game.push(t);
        if game.outcome().is_some() {
            break;
        }
        seen.push(*game.position());
    }
    seen
}

/// What the real-games pass saw (Cash in Hand, `generate`): how far the
/// exhaustive search gets on positions of real play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RealStats {
    pub games: usize,
    /// Positions met (the side to move having a move), each once.
    pub positions: usize,
    /// Positions whose full list of moves for the side to move fits the
    /// enumeration limit.
    pub listable: usize,
    /// Of those, positions with 4 moves or more (a puzzle needs them).
    pub candidates: usize,
    /// Candidates the search finished without reaching a limit (both plies:
    /// the opponent's replies to every move listed in full too).
    pub searched: usize,
    /// Puzzles found among them.
    pub puzzles: usize,
}

/// The positions of one real game: from the standard start, one random ply
/// (as `sowboard match` opens its games), then levels 1 and 2 in turn at
/// random until the game ends (at most 200 plies).
fn real_game(kind: GameKind, rng: &mut SmallRng) -> Vec<Position> {
    play_on(Game::new(kind, Rules::default()), 200, true, rng)
}

/// The most puzzles of one kind in a file of `count` with `max_share` %.
pub fn kind_cap(count: usize, max_share: usize) -> usize {
    (count * max_share.clamp(1, 100)).div_ceil(100).max(1)
}

/// The puzzles of each kind taken so far, against the kind's cap.
struct Quota {
    cap: usize,
    taken: std::collections::HashMap<&'static str, usize>,
}

impl Quota {
    fn new(count: usize, max_share: usize) -> Quota {
        Quota { cap: kind_cap(count, max_share), taken: Default::default() }
    }

    /// Counts one more puzzle of `kind`, unless its share is full.
    fn take(&mut self, kind: &'static str) -> bool {
        let n = self.taken.entry(kind).or_default();
        let room = *n < self.cap;
        *n += usize::from(room);
        room
    }
}

/// Real games of Cash in Hand searched for puzzles: every position of
/// `games` self-play games (see `real_game`) goes to the exhaustive search,
/// which gives up at its work limits. Returns the puzzles found (at most
/// `count`, no kind more than `max_share` % of `count`, at most `PER_GAME`
/// from one game) and what the pass saw.
pub fn from_real_games(
    kind: GameKind,
    games: usize,
    count: usize,
    max_share: usize,
    seed: u64,
    progress: &mut dyn FnMut(&Puzzle),
) -> (Vec<Puzzle>, RealStats) {
    let mut quota = Quota::new(count, max_share);
    let rules = Rules::default();
    // Its own stream: the set-up pass after it draws the same as without it.
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x7265_616C);
    let mut stats = RealStats::default();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for _ in 0..games {
        stats.games += 1;
        let mut from_game = 0;
        for pos in real_game(kind, &mut rng) {
            if out.len() >= count || from_game >= PER_GAME || !seen.insert(pos.to_string()) {
                continue;
            }
            stats.positions += 1;
            let Ok(moves) = pos.legal_moves(&rules, LIST_LIMIT) else { continue };
            stats.listable += 1;
            if moves.len() < 4 {
                continue;
            }
            stats.candidates += 1;
            let mut s = solver(&rules);
            let found = classify_in(&mut s, &pos);
            stats.searched += usize::from(!s.exceeded);
            if let Some(mut p) = found {
                stats.puzzles += 1;
                if !quota.take(p.kind) {
                    continue;
                }
                from_game += 1;
                p.source = Source::Real;
                progress(&p);
                out.push(p);
            }
        }
    }
    (out, stats)
}

fn cash_setup(rng: &mut SmallRng) -> Option<Position> {
    super::setups::cash_cluster(rng, 5, 0.5, 3)
}

/// Positions with a taller stack are left out: such a stack has thousands
/// of sowing paths, which makes the exhaustive search slow and the puzzle
/// hard to read.
const MAX_STACK: u8 = 5;

/// A cheap filter ahead of the exhaustive search (generation only; `classify`
/// and `verify` do not use it): a move that captures or wins at once, or the
/// opponent threatening a win at once. Most positions have neither, and the
/// puzzles they might still make are rare.
fn promising(pos: &Position, rules: &Rules) -> bool {
    let Ok(moves) = pos.legal_moves(rules, LIST_LIMIT) else { return false };
    if moves.iter().any(|m| !m.captured.is_empty() || m.decisive.is_some()) {
        return true;
    }
    let mut flipped = *pos;
    flipped.side_to_move = pos.side_to_move.opponent();
    let Ok(threats) = flipped.legal_moves(rules, LIST_LIMIT) else { return false };
    threats.iter().any(|m| m.decisive.is_some())
}

/// Puzzles taken from one self-play game at most, for variety (the
/// positions of one game follow each other closely).
const PER_GAME: usize = 3;

/// `count` puzzles of `kind` from self-play, none of the kinds in `full`
/// (those the real-games pass filled already), no puzzle kind more than
/// `max_share` % of them (80 by default in the command: captures are by far
/// the most common kind, and a lower share asks for more games to find the
/// rarer kinds), at most `PER_GAME` from one game, sorted by difficulty
/// (then position, for a stable order). Each one found is also handed to
/// `progress` (the search is slow).
pub fn generate(
    kind: GameKind,
    count: usize,
    seed: u64,
    max_share: usize,
    full: &[&str],
    progress: &mut dyn FnMut(&Puzzle),
) -> Vec<Puzzle> {
    let rules = Rules::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out: Vec<Puzzle> = Vec::new();
    let mut seen = HashSet::new();
    let mut quota = Quota::new(count, max_share);
    let mut games = 0;
    while out.len() < count && games < count * 50 {
        games += 1;
        let mut from_game = 0;
        for pos in self_play(kind, &mut rng) {
            if out.len() >= count || from_game >= PER_GAME || !seen.insert(pos.to_string()) {
                continue;
            }
            let geometry = pos.board.geometry();
            if geometry.cells().any(|c| pos.board.get(c) > MAX_STACK) {
                continue;
            }
            if !promising(&pos, &rules) {
                continue;
            }
            let Some(mut p) = classify(&pos, &rules) else { continue };
            if full.contains(&p.kind) {
                continue;
            }
            p.source = match kind {
                GameKind::Intermedium => Source::Real,
                GameKind::CashInHand => Source::SetUp,
            };
            if !quota.take(p.kind) {
                continue;
            }
            from_game += 1;
            progress(&p);
            out.push(p);
        }
    }
    sorting::sort_by_key(&mut out, |p| (p.difficulty, p.position.to_string()));
    out
}
