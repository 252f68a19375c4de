//! `sowboard match`: plays games between two agents and reports how they
//! did. Games come in pairs: both games of a pair start from one opening
//! (the standard start after `--opening-plies` random plies, chosen with a
//! seed derived from `--seed` and the pair's index) and each agent plays it
//! once with each colour (A moves first in games 1, 3, ...). Without varied
//! openings, deterministic agents replay the same game over and over and
//! the score's interval overstates the evidence. Each game gets
//! its own seed derived from `--seed` and its index, so the same seed
//! replays the same games (unless a time budget lets the clock cut searches
//! short) whatever the number of threads playing them.

use clap::Args;
use sowboard::ai::{choose, work_done, Agent, Clock, Limits, SystemClock};
use sowboard::{Game, GameKind, Rules, Side};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;

/// A game still running after this many plies (`--max-plies`, default) is
/// scored a draw, "move cap" (the quiet limit normally ends games far
/// sooner).
const MAX_PLIES: usize = 2000;

#[derive(Args)]
pub struct MatchArgs {
    /// intermedium or cash-in-hand.
    #[arg(long)]
    game: String,
    /// First agent: random, greedy, uct, mcts, mcts-tuned, baseline5, level1..level8.
    #[arg(long)]
    a: String,
    /// Second agent.
    #[arg(long)]
    b: String,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    games: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random plies from the standard start to each pair's opening (0: the
    /// standard start). Default: 2 in Intermedium, 1 in Cash in Hand.
    #[arg(long)]
    opening_plies: Option<usize>,
    /// Per-move time for every agent, in milliseconds (node budgets lifted).
    #[arg(long, conflicts_with = "nodes")]
    budget_ms: Option<f64>,
    /// Per-move node budget for every searching agent.
    #[arg(long)]
    nodes: Option<u64>,
    /// Node budget of agent A alone (overrides `--nodes` for A): to give
    /// two agents the same mean time per move.
    #[arg(long, conflicts_with = "budget_ms")]
    a_nodes: Option<u64>,
    /// Node budget of agent B alone (overrides `--nodes` for B).
    #[arg(long, conflicts_with = "budget_ms")]
    b_nodes: Option<u64>,
    /// Per-move time of agent A alone, in milliseconds (its node budget
    /// lifted; overrides `--nodes` and `--a-nodes` for A): a level under time
    /// control against one on a node budget.
    #[arg(long, conflicts_with_all = ["budget_ms", "a_nodes"])]
    a_budget_ms: Option<f64>,
    /// Per-move time of agent B alone (as `--a-budget-ms`).
    #[arg(long, conflicts_with_all = ["budget_ms", "b_nodes"])]
    b_budget_ms: Option<f64>,
    /// Time budgets count the thread's CPU time, not the wall clock: on a
    /// busy machine a search then gets the work it would get on an idle one
    /// (the wall-clock times reported stay wall clock).
    #[arg(long)]
    cpu_clock: bool,
    /// Games played at once (default: every core). The results do not
    /// depend on it, only the timings do.
    #[arg(long)]
    threads: Option<usize>,
    /// Plies after which a game still running is stopped and scored a
    /// draw ("move cap"), the opening's included: to measure pairings whose
    /// games run long in bounded time. At most the default.
    #[arg(long, default_value_t = MAX_PLIES)]
    max_plies: usize,
    /// Print every game's moves, and each side's stones every 10 plies.
    #[arg(long)]
    verbose: bool,
}

/// Results and timings of one agent.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    moves: u64,
    total_ms: f64,
    max_ms: f64,
    /// Nodes of search (`work_done`): the same work takes the same time
    /// for one engine whatever the machine's load, so two agents given the
    /// same mean nodes had the same mean time on an idle machine.
    nodes: u64,
    max_nodes: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.moves += other.moves;
        self.total_ms += other.total_ms;
        self.max_ms = self.max_ms.max(other.max_ms);
        self.nodes += other.nodes;
        self.max_nodes = self.max_nodes.max(other.max_nodes);
    }

    fn score(&self) -> f64 {
        let n = (self.wins + self.draws + self.losses).max(1) as f64;
        (self.wins as f64 + 0.5 * self.draws as f64) / n
    }
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Elo difference for a score fraction.
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// One finished game: what to print, A's result and each agent's timings.
struct Played {
    line: String,
    /// The opening's moves and the whole game's, as text.
    opening: String,
    moves: String,
    /// Each side's stones every `STONES_EVERY` plies, as text.
    stones: String,
    result_a: f64,
    tallies: [Tally; 2],
}

pub fn run(args: MatchArgs) -> Result<(), String> {
    let kind = super::game_arg::game_kind(&args.game)?;
    let a: Agent = args.a.parse()?;
    let b: Agent = args.b.parse()?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    if args.threads == Some(0) {
        return Err("--threads must be at least 1".to_string());
    }
    let limits = match (args.budget_ms, args.nodes) {
        (Some(ms), _) => Limits { nodes: Some(u64::MAX), time_ms: Some(ms) },
        (None, Some(n)) => Limits { nodes: Some(n), time_ms: None },
        (None, None) => Limits::default(),
    };
    let own = |n: Option<u64>, ms: Option<f64>, flag: &str| match (n, ms) {
        (_, Some(ms)) if !(ms > 0.0 && ms.is_finite()) => {
            Err(format!("--{flag}-budget-ms must be a positive number of milliseconds"))
        }
        (_, Some(ms)) => Ok(Limits { nodes: Some(u64::MAX), time_ms: Some(ms) }),
        (Some(0), _) => Err(format!("--{flag}-nodes must be at least 1")),
        (Some(n), _) => Ok(Limits { nodes: Some(n), time_ms: None }),
        (None, None) => Ok(limits),
    };
    let limits =
        [own(args.a_nodes, args.a_budget_ms, "a")?, own(args.b_nodes, args.b_budget_ms, "b")?];
    let opening_plies = args.opening_plies.unwrap_or(match kind {
        GameKind::Intermedium => 2,
        GameKind::CashInHand => 1,
    });
    if opening_plies > MAX_OPENING_PLIES {
        return Err(format!("--opening-plies must be at most {MAX_OPENING_PLIES}"));
    }
    if !(1..=MAX_PLIES).contains(&args.max_plies) {
        return Err(format!("--max-plies must be 1 to {MAX_PLIES}"));
    }
    let names = [format!("{a}"), format!("{b}")];
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(args.games as usize);
    // Games are handed out one at a time; each depends only on its index and
    // the match seed, and the results are printed in game order as soon as
    // every earlier game is done, so the thread count changes nothing but
    // the timings.
    let next = AtomicU32::new(0);
    let (send, receive) = mpsc::channel::<(u32, Result<Played, String>)>();
    let mut tallies = [Tally::default(), Tally::default()];
    let mut scores_a = Vec::new();
    let mut distinct = BTreeSet::new();
    let outcome = std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..threads {
            let send = send.clone();
            let (next, names) = (&next, &names);
            scope.spawn(move || loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= args.games {
                    break;
                }
                let setup = Setup {
                    kind,
                    agents: [a, b],
                    seed: args.seed,
                    opening_plies,
                    max_plies: args.max_plies,
                    limits,
                    cpu_clock: args.cpu_clock,
                };
                let played = play_one(&setup, names, g);
                let failed = played.is_err();
                if send.send((g, played)).is_err() || failed {
                    break;
                }
            });
        }
        drop(send);
        let mut pending: BTreeMap<u32, Played> = BTreeMap::new();
        let mut printed = 0;
        for (g, played) in receive.iter() {
            let played = match played {
                Ok(p) => p,
                Err(e) => {
                    // Stop handing out games; the running ones finish.
                    next.store(args.games, Ordering::Relaxed);
                    return Err(e);
                }
            };
            pending.insert(g, played);
            while let Some(p) = pending.remove(&printed) {
                println!("{}", p.line);
                println!("  opening: {}", p.opening);
                if args.verbose {
                    println!("  {}", p.moves);
                    println!("  stones: {}", p.stones);
                }
                let _ = std::io::stdout().flush();
                for (t, new) in tallies.iter_mut().zip(&p.tallies) {
                    t.add(new);
                }
                scores_a.push(p.result_a);
                distinct.insert(p.moves);
                printed += 1;
            }
        }
        Ok(())
    });
    outcome?;
    report(kind, &names, &tallies, &scores_a, distinct.len());
    Ok(())
}

/// Most random plies an opening may have: beyond a few, the openings are
/// random games, not openings.
const MAX_OPENING_PLIES: usize = 20;
/// Tries at finding an opening that is not already decided.
const OPENING_TRIES: u64 = 100;

/// What every game of a match shares.
struct Setup {
    kind: GameKind,
    agents: [Agent; 2],
    seed: u64,
    opening_plies: usize,
    max_plies: usize,
    /// Per agent (A, B).
    limits: [Limits; 2],
    cpu_clock: bool,
}

/// The CPU time of the calling thread, from its creation: the clock of
/// `--cpu-clock` (each game is played on one thread).
struct CpuClock(f64);

impl CpuClock {
    fn new() -> CpuClock {
        CpuClock(thread_cpu_ms())
    }
}

impl Clock for CpuClock {
    fn now_ms(&self) -> f64 {
        thread_cpu_ms() - self.0
    }
}

fn thread_cpu_ms() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill; the clock id is a
    // constant every Linux and BSD libc defines.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    if ok {
        t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 / 1e6
    } else {
        0.0
    }
}

/// The opening of pair `pair`: `plies` random plies from the standard
/// start, chosen with a seed derived from the match seed and the pair index
/// alone (so both games of the pair, on whatever thread, get the same one).
/// An opening the random plies already decided is skipped for the next try.
pub(crate) fn opening(kind: GameKind, match_seed: u64, pair: u32, plies: usize) -> Game {
    let start = Game::new(kind, Rules::default());
    for attempt in 0..OPENING_TRIES {
        let seed = mix(match_seed ^ mix(0x6F70_656E ^ ((pair as u64) << 8) ^ attempt));
        let mut game = start.clone();
        while game.plies().len() < plies && game.outcome().is_none() {
            let limits = Limits::default();
            match choose(Agent::Random, &game, seed, limits, &sowboard::ai::NoClock) {
                Some(t) => game.push(t),
                None => break,
            }
        }
        if game.outcome().is_none() {
            return game;
        }
    }
    // Every try decided (not seen in practice): the standard start.
    start
}

/// Plays game `g` (0-based) of a match: A moves first in even-numbered games.
fn play_one(setup: &Setup, names: &[String; 2], g: u32) -> Result<Played, String> {
    let Setup { kind, agents, seed: match_seed, opening_plies, max_plies, limits, cpu_clock } =
        *setup;
    let seats = if g.is_multiple_of(2) { [0usize, 1] } else { [1, 0] };
    let game_seed = mix(match_seed ^ mix(g as u64 + 1));
    let mut game = opening(kind, match_seed, g / 2, opening_plies);
    // " / " between plies: a Cash in Hand move's text has spaces in it.
    let opening_text = match game.move_texts().join(" / ") {
        t if t.is_empty() => "standard start".to_string(),
        t => t,
    };
    let mut tallies = [Tally::default(), Tally::default()];
    while game.outcome().is_none() && game.plies().len() < max_plies {
        let side = game.position().side_to_move;
        let who = seats[side.index()];
        let clock = SystemClock::new();
        let seed = game_seed ^ mix(who as u64 + 11);
        // Each game runs on one thread, so the thread's count is this move's alone.
        let work = work_done();
        let cpu = CpuClock::new();
        let deadline_clock: &dyn Clock = if cpu_clock { &cpu } else { &clock };
        let t = choose(agents[who], &game, seed, limits[who], deadline_clock).ok_or_else(|| {
            format!("{} found no move in an unfinished game: {}", names[who], game.position())
        })?;
        let ms = clock.now_ms();
        let nodes = work_done() - work;
        let tally = &mut tallies[who];
        tally.moves += 1;
        tally.total_ms += ms;
        tally.max_ms = tally.max_ms.max(ms);
        tally.nodes += nodes;
        tally.max_nodes = tally.max_nodes.max(nodes);
        game.push(t);
    }
    let winner = game.outcome().and_then(|o| o.winner);
    let result_a = match winner {
        Some(side) if seats[side.index()] == 0 => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    for (who, tally) in tallies.iter_mut().enumerate() {
        let mine = if who == 0 { result_a } else { 1.0 - result_a };
        if mine == 1.0 {
            tally.wins += 1;
        } else if mine == 0.0 {
            tally.losses += 1;
        } else {
            tally.draws += 1;
        }
    }
    let how = game.outcome().map_or("move cap".to_string(), |o| o.describe(kind));
    // A capped game is a draw by fiat: the stones say who is ahead.
    let stones = match game.outcome() {
        Some(_) => String::new(),
        None => {
            let p = game.position();
            let (first, second) = (p.stones_of(Side::First), p.stones_of(Side::Second));
            format!(" (stones: {} {first}, {} {second})", names[seats[0]], names[seats[1]])
        }
    };
    let line = format!(
        "game {}: {} ({}) vs {} ({}): {} after {} plies{stones}",
        g + 1,
        names[seats[0]],
        kind.side_name(Side::First),
        names[seats[1]],
        kind.side_name(Side::Second),
        how,
        game.plies().len()
    );
    Ok(Played {
        line,
        opening: opening_text,
        moves: game.move_texts().join(" "),
        stones: stones_by_ply(&game),
        result_a,
        tallies,
    })
}

/// Plies between two entries of the verbose report's stones line.
const STONES_EVERY: usize = 10;

/// The verbose report's stones line: the first and the second player's
/// stones (`64-64`) at the start and every `STONES_EVERY` plies, then at
/// the end. A capped game's line alone says who is ahead at the cap; this
/// says when the stones change hands (in Cash in Hand most of White's
/// losses against `mcts-tuned` come in the first 10 plies after a random
/// opening move).
fn stones_by_ply(game: &Game) -> String {
    let n = game.plies().len();
    let mut at: Vec<usize> = (0..=n).step_by(STONES_EVERY).collect();
    if !n.is_multiple_of(STONES_EVERY) {
        at.push(n);
    }
    at.iter()
        .filter_map(|&i| game.position_at(i))
        .map(|p| format!("{}-{}", p.stones_of(Side::First), p.stones_of(Side::Second)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Agent A's results by colour, and how many pairs of games (one opening,
/// colours swapped) the same colour won twice. Such a pair measured the
/// opening, not the agents: 24 of 40 Cash in Hand openings of one random
/// ply, measured, are won by the second player whoever plays it.
fn by_colour(kind: GameKind, a: &str, scores_a: &[f64]) -> String {
    // A moves first in games 1, 3, ... (even indices).
    let count = |first: bool, score: f64| {
        let n = scores_a.iter().enumerate().filter(|(g, _)| (g % 2 == 0) == first);
        n.filter(|(_, s)| **s == score).count()
    };
    let line = |first: bool| {
        let (w, d, l) = (count(first, 1.0), count(first, 0.5), count(first, 0.0));
        format!("{w}-{d}-{l}")
    };
    let pairs = scores_a.chunks_exact(2);
    let total = pairs.len();
    let first_twice = pairs.clone().filter(|p| p[0] == 1.0 && p[1] == 0.0).count();
    let second_twice = pairs.filter(|p| p[0] == 0.0 && p[1] == 1.0).count();
    let (one, two) = (kind.side_name(Side::First), kind.side_name(Side::Second));
    format!(
        "by colour: {a} as {one} {} and as {two} {} (wins-draws-losses); \
         pairs won twice by {one} {first_twice}, by {two} {second_twice}, of {total}",
        line(true),
        line(false)
    )
}

/// The Wilson score interval (95%) for a proportion `p` observed over `n`
/// trials (draws count as half a win, so `p` need not be a whole count).
pub(crate) fn wilson(p: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.96;
    let z2 = Z * Z;
    let centre = p + z2 / (2.0 * n);
    let spread = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let denom = 1.0 + z2 / n;
    (((centre - spread) / denom).max(0.0), ((centre + spread) / denom).min(1.0))
}

/// Prints the summary; `distinct` is the number of different games (by
/// move list), since repeated games are not independent evidence.
fn report(
    kind: GameKind,
    names: &[String; 2],
    tallies: &[Tally; 2],
    scores_a: &[f64],
    distinct: usize,
) {
    println!();
    println!(
        "{:<8} {:>5} {:>5} {:>6} {:>7} {:>10} {:>10} {:>11} {:>11}",
        "agent",
        "wins",
        "draws",
        "losses",
        "score%",
        "mean ms",
        "max ms",
        "mean nodes",
        "max nodes"
    );
    for (name, t) in names.iter().zip(tallies) {
        println!(
            "{:<8} {:>5} {:>5} {:>6} {:>7.1} {:>10.1} {:>10.1} {:>11.0} {:>11}",
            name,
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            t.total_ms / t.moves.max(1) as f64,
            t.max_ms,
            t.nodes as f64 / t.moves.max(1) as f64,
            t.max_nodes
        );
    }
    let n = scores_a.len() as f64;
    let p = scores_a.iter().sum::<f64>() / n;
    let var = scores_a.iter().map(|x| (x - p) * (x - p)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let label = format!("elo {} - {}", names[0], names[1]);
    if p >= 1.0 || p <= 0.0 {
        // No finite estimate; the exact binomial bound: all n games go one
        // way with probability at least 2.5% only if p_win >= 0.025^(1/n).
        let bound = elo(0.025f64.powf(1.0 / n));
        if p >= 1.0 {
            println!(
                "{label}: +inf (all {} games won; 95% lower bound {bound:+.0})",
                scores_a.len()
            );
        } else {
            println!(
                "{label}: -inf (all {} games lost; 95% upper bound {:+.0})",
                scores_a.len(),
                -bound
            );
        }
    } else {
        let clamp = |x: f64| x.clamp(0.001, 0.999);
        println!(
            "{label}: {:+.0} (95% interval {:+.0} to {:+.0}; {} games)",
            elo(p),
            elo(clamp(p - 1.96 * se)),
            elo(clamp(p + 1.96 * se)),
            scores_a.len()
        );
    }
    println!("{}", by_colour(kind, &names[0], scores_a));
    println!("distinct games (by move list): {distinct} of {}", scores_a.len());
    let (low, high) = wilson(p, n);
    println!(
        "score {} {:.1}% (Wilson 95% interval {:.1}% to {:.1}%; {} games, draws as half points)",
        names[0],
        100.0 * p,
        100.0 * low,
        100.0 * high,
        scores_a.len()
    );
    println!("score {} {:.1}", names[0], 100.0 * p);
}

#[cfg(test)]
mod tests {
    use super::wilson;

    #[test]
    fn wilson_interval_matches_worked_values() {
        // 30 of 40, worked by hand with z = 1.96: centre 0.75 + z²/80 = 0.79802,
        // spread z·sqrt(0.1875/40 + z²/6400) = 0.14253, divided by 1 + z²/40
        // = 1.09604: 0.5981 to 0.8581 (the interval without continuity
        // correction; with it, the lower end would be about 0.588).
        let (lo, hi) = wilson(0.75, 40.0);
        assert!((lo - 0.5981).abs() < 5e-4 && (hi - 0.8581).abs() < 5e-4, "{lo} {hi}");
        // A perfect score still has a lower bound below 1.
        let (lo, hi) = wilson(1.0, 10.0);
        assert!((lo - 0.7225).abs() < 5e-4 && hi == 1.0, "{lo} {hi}");
    }
}
