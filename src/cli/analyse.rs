//! `sowboard analyse`, `sowboard review` and `sowboard review-bench`:
//! the analysis API (`sowboard::ai::analyse`, `review`) for
//! scripts. Moves in a line are separated by `;` because Cash in Hand moves
//! contain spaces.

use super::setup::Setup;
use clap::Args;
use sowboard::ai::analyse::{analyse, Analysis, Strength};
use sowboard::ai::review::{review, summarise, Class, REVIEW};
use sowboard::ai::{choose_move, Limits, NoClock, SystemClock};
use sowboard::{Game, Move};
use std::io::Write;

/// How hard to look: a level, or a node budget (at the top level's search shape
/// when no level is given).
#[derive(Args)]
pub struct StrengthArgs {
    /// Search level 1-8 (analyse: default 8; review: default 4 within 200 000 nodes).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=sowboard::ai::LEVELS as i64))]
    level: Option<u8>,
    /// Node budget per position instead of the level's own.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
}

impl StrengthArgs {
    fn strength(&self, default: Strength) -> Strength {
        match (self.level, self.nodes) {
            (None, None) => default,
            (level, nodes) => Strength { level: level.unwrap_or(default.level), nodes },
        }
    }
}

#[derive(Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    setup: Setup,
    /// Moves played first, one argument each.
    moves: Vec<String>,
    #[command(flatten)]
    strength: StrengthArgs,
}

#[derive(Args)]
pub struct ReviewArgs {
    #[command(flatten)]
    setup: Setup,
    /// The game's moves, one argument each.
    #[arg(required = true)]
    moves: Vec<String>,
    #[command(flatten)]
    strength: StrengthArgs,
}

#[derive(Args)]
pub struct ReviewBenchArgs {
    /// intermedium or cash-in-hand.
    #[arg(long)]
    game: String,
    /// Plies of the game to review (played by level 2 against itself).
    #[arg(long, default_value_t = 60)]
    plies: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    strength: StrengthArgs,
}

fn load(setup: &Setup, moves: &[String]) -> Result<Game, String> {
    let mut game = Game::from_position(setup.position()?, setup.rules());
    for text in moves {
        game.play_text(text).map_err(|e| format!("{text}: {e}"))?;
    }
    Ok(game)
}

fn line(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect::<Vec<_>>().join("; ")
}

/// Every pass as `depth D score S nodes N pv ...`, then
/// `best <move> score <S> pv <move>; <move>; ...`.
pub fn run_analyse(args: AnalyseArgs) -> Result<(), String> {
    let game = load(&args.setup, &args.moves)?;
    if let Some(outcome) = game.outcome() {
        return Err(format!("the game is over ({})", outcome.result_text(game.game())));
    }
    let strength = args.strength.strength(Strength::ANALYSIS);
    let mut report = |a: &Analysis| {
        println!("depth {} score {} nodes {} pv {}", a.depth, a.score, a.nodes, line(&a.pv));
        let _ = std::io::stdout().flush();
        true
    };
    let a = analyse(&game, strength, &SystemClock::new(), &mut report)
        .map_err(|e| format!("too many moves to analyse here ({e})"))?
        .ok_or_else(|| "the game is over".to_string())?;
    println!("best {} score {} pv {}", a.best, a.score, line(&a.pv));
    Ok(())
}

/// One line per ply: `<ply> <move> <before> <after> <class>`; then one per
/// side: `summary <side> moves M inaccuracies I mistakes M blunders B
/// accuracy A` (accuracy `-` for a side without a move).
pub fn run_review(args: ReviewArgs) -> Result<(), String> {
    let game = load(&args.setup, &args.moves)?;
    let strength = args.strength.strength(REVIEW);
    let plies = review(&game, strength, &SystemClock::new(), &mut |_, _| true)
        .map_err(|e| format!("too many moves to review a position of this game ({e})"))?
        .expect("never stopped");
    for r in &plies {
        println!("{} {} {} {} {}", r.ply, r.mv, r.before, r.after, r.class);
    }
    let kind = game.game();
    for s in summarise(kind, &plies) {
        println!(
            "summary {} moves {} inaccuracies {} mistakes {} blunders {} accuracy {}",
            kind.side_name(s.side),
            s.moves,
            s.inaccuracies,
            s.mistakes,
            s.blunders,
            s.accuracy.map_or("-".to_string(), |a| format!("{a:.1}"))
        );
    }
    Ok(())
}

/// Plays a game of `--plies` plies (level 2 against itself; the first
/// seed from `--seed` on whose game lasts that long), then times its
/// review: `plies P positions N ... seconds T cpu-seconds C classes ...`
/// (CPU time of this thread, since the machine may be shared).
pub fn run_review_bench(args: ReviewBenchArgs) -> Result<(), String> {
    let kind = super::game_arg::game_kind(&args.game)?;
    let game = (args.seed..args.seed + 100)
        .map(|seed| {
            let mut game = Game::new(kind, sowboard::Rules::default());
            while game.plies().len() < args.plies {
                let Some(t) = choose_move(&game, 2, seed, Limits::default(), &NoClock) else {
                    break;
                };
                game.push(t);
            }
            game
        })
        .find(|g| g.plies().len() >= args.plies)
        .ok_or_else(|| format!("no game of {} plies from 100 seeds", args.plies))?;
    let strength = args.strength.strength(REVIEW);
    let clock = SystemClock::new();
    let start = std::time::Instant::now();
    let cpu = super::bench_builder::thread_cpu();
    let plies = review(&game, strength, &clock, &mut |_, _| true)
        .map_err(|e| format!("too many moves to review ({e})"))?
        .expect("never stopped");
    let seconds = start.elapsed().as_secs_f64();
    let cpu = match (cpu, super::bench_builder::thread_cpu()) {
        (Some(a), Some(b)) => format!("{:.2}", (b - a).as_secs_f64()),
        _ => "unknown".to_string(),
    };
    let count = |c: Class| plies.iter().filter(|r| r.class == c).count();
    let classes: Vec<String> = Class::ALL.iter().map(|&c| format!("{c} {}", count(c))).collect();
    println!(
        "plies {} positions {} level {} nodes {} seconds {seconds:.2} cpu-seconds {cpu} classes {}",
        plies.len(),
        plies.len() + 1,
        strength.level,
        strength.nodes.map_or("level".to_string(), |n| n.to_string()),
        classes.join(", ")
    );
    Ok(())
}
