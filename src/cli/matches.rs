//! `sowboard match`: plays games between two agents and reports how they
//! did. Games alternate colours (A moves first in games 1, 3, ...); each game
//! gets its own seed derived from `--seed`, so the same seed replays the same
//! games (unless `--budget-ms` lets the clock cut searches short).

use clap::Args;
use sowboard::ai::{choose, Agent, Clock, Limits, SystemClock};
use sowboard::{Game, GameKind, Rules, Side};
use std::io::Write;

/// A game still running after this many plies is scored a draw (the quiet
/// limit normally ends games long before).
const MAX_PLIES: usize = 2000;

#[derive(Args)]
pub struct MatchArgs {
    /// intermedium or cash-in-hand.
    #[arg(long)]
    game: String,
    /// First agent: random, greedy, uct, level1..level5.
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
    /// Per-move time for every agent, in milliseconds (node budgets lifted).
    #[arg(long, conflicts_with = "nodes")]
    budget_ms: Option<f64>,
    /// Per-move node budget for every searching agent.
    #[arg(long)]
    nodes: Option<u64>,
    /// Print every game's moves.
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
}

impl Tally {
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

pub fn run(args: MatchArgs) -> Result<(), String> {
    let kind = GameKind::from_name(&args.game).ok_or_else(|| {
        format!("unknown game '{}' (expected intermedium or cash-in-hand)", args.game)
    })?;
    let a: Agent = args.a.parse()?;
    let b: Agent = args.b.parse()?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    let limits = match (args.budget_ms, args.nodes) {
        (Some(ms), _) => Limits { nodes: Some(u64::MAX), time_ms: Some(ms) },
        (None, Some(n)) => Limits { nodes: Some(n), time_ms: None },
        (None, None) => Limits::default(),
    };
    let names = [format!("{a}"), format!("{b}")];
    let mut tallies = [Tally::default(), Tally::default()];
    let mut scores_a = Vec::new();
    for g in 0..args.games {
        // Agent index playing each side: A first in even-numbered games.
        let seats = if g % 2 == 0 { [0usize, 1] } else { [1, 0] };
        let agents = [a, b];
        let game_seed = mix(args.seed ^ mix(g as u64 + 1));
        let mut game = Game::new(kind, Rules::default());
        while game.outcome().is_none() && game.plies().len() < MAX_PLIES {
            let side = game.position().side_to_move;
            let who = seats[side.index()];
            let clock = SystemClock::new();
            let seed = game_seed ^ mix(who as u64 + 11);
            let t = choose(agents[who], &game, seed, limits, &clock).ok_or_else(|| {
                format!("{} found no move in an unfinished game: {}", names[who], game.position())
            })?;
            let ms = clock.now_ms();
            let tally = &mut tallies[who];
            tally.moves += 1;
            tally.total_ms += ms;
            tally.max_ms = tally.max_ms.max(ms);
            game.push(t);
        }
        let winner = game.outcome().and_then(|o| o.winner);
        let result_a = match winner {
            Some(side) if seats[side.index()] == 0 => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        scores_a.push(result_a);
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
        println!(
            "game {}: {} ({}) vs {} ({}): {} after {} plies",
            g + 1,
            names[seats[0]],
            kind.side_name(Side::First),
            names[seats[1]],
            kind.side_name(Side::Second),
            how,
            game.plies().len()
        );
        if args.verbose {
            println!("  {}", game.move_texts().join(" "));
        }
        let _ = std::io::stdout().flush();
    }
    report(&names, &tallies, &scores_a);
    Ok(())
}

fn report(names: &[String; 2], tallies: &[Tally; 2], scores_a: &[f64]) {
    println!();
    println!(
        "{:<8} {:>5} {:>5} {:>6} {:>7} {:>10} {:>10}",
        "agent", "wins", "draws", "losses", "score%", "mean ms", "max ms"
    );
    for (name, t) in names.iter().zip(tallies) {
        println!(
            "{:<8} {:>5} {:>5} {:>6} {:>7.1} {:>10.1} {:>10.1}",
            name,
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            t.total_ms / t.moves.max(1) as f64,
            t.max_ms
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
    println!("score {} {:.1}", names[0], 100.0 * p);
}
