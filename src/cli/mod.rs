//! Command-line interface. Every subcommand takes a position as `--game G`
//! (standard start) or `--position "POS"`, plus the rule flags.
//! Exit status: 0 on success, 2 on any bad argument or move.

mod analyse;
mod bench;
mod bench_builder;
mod bench_hostile;
mod game_arg;
mod matches;
mod puzzles;
mod setup;
mod soak;
mod tactics;
mod tune;

use clap::{Parser, Subcommand};
use setup::Setup;
use sowboard::{perft, GameKind, Position, Rules, DEFAULT_MOVE_LIMIT};

#[derive(Parser)]
#[command(name = "sowboard", version, about = "Rules engine for Intermedium and Cash in Hand")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count distinct move sequences: one line `<depth> <count>` per depth 1..D.
    Perft {
        #[command(flatten)]
        setup: Setup,
        #[arg(long)]
        depth: u32,
    },
    /// Play moves in order; print the final position (and `result: ...` if over).
    Play {
        #[command(flatten)]
        setup: Setup,
        /// Moves in the game's notation, one argument each.
        #[arg(allow_hyphen_values = true)]
        moves: Vec<String>,
    },
    /// List the distinct legal moves, sorted, one per line.
    Moves {
        #[command(flatten)]
        setup: Setup,
        /// Print at most N moves (and bound the enumeration work). For Cash in
        /// Hand positions too big to list in full: the first N found, sorted.
        #[arg(long)]
        limit: Option<usize>,
    },
    /// Play many games (random and AI vs random, or two AI levels with
    /// `--levels`) checking invariants after every move.
    Soak {
        /// intermedium or cash-in-hand
        #[arg(long)]
        game: String,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Two AI levels playing each other, e.g. `3,5` (colours alternate)
        #[arg(long)]
        levels: Option<String>,
        /// The AI's node budget per move, instead of its level's (a soak
        /// checks the rules under AI moves, not strength)
        #[arg(long)]
        nodes: Option<u64>,
    },
    /// Play AI agents against each other: `--a AGENT --b AGENT --games N`.
    /// The last line reads `score <A> <percent>`.
    Match(matches::MatchArgs),
    /// Solve rates on the tactics suite (or generate suite positions).
    Tactics(tactics::TacticsArgs),
    /// Fit a game's evaluation weights (`--game`) to the games of a `match --verbose` log.
    Tune(tune::TuneArgs),
    /// Analyse the position after the moves; last line `best <move> score <S> pv <move>; ...`.
    Analyse(analyse::AnalyseArgs),
    /// Review a game: one line per ply, `<ply> <move> <before> <after> <class>`.
    Review(analyse::ReviewArgs),
    /// Time the review of a game played by level 2 against itself.
    ReviewBench(analyse::ReviewBenchArgs),
    /// "Find the best move" puzzles from self-play, verified by exhaustive
    /// search, as JSON in increasing difficulty.
    Puzzles(puzzles::PuzzlesArgs),
    /// Measure move generation, perft and the move builder's queries.
    Bench {
        /// How long to run each measurement, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        ms: u64,
        /// Only the move builder's section (its queries on hostile positions).
        #[arg(long)]
        builder_only: bool,
        /// Only the engine calls the page makes, on hostile set-ups (see
        /// docs/testing.md, "Robustness").
        #[arg(long, conflicts_with = "builder_only")]
        hostile: bool,
    },
}

pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match execute(cli.command) {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}

fn execute(command: Command) -> Result<(), String> {
    match command {
        Command::Perft { setup, depth } => {
            let (pos, rules) = (setup.position()?, setup.rules());
            for d in 1..=depth {
                let n = perft(&pos, &rules, d).map_err(|e| e.to_string())?;
                println!("{d} {n}");
            }
            Ok(())
        }
        Command::Play { setup, moves } => {
            let mut game = sowboard::Game::from_position(setup.position()?, setup.rules());
            for text in &moves {
                game.play_text(text).map_err(|e| format!("{text}: {e}"))?;
            }
            println!("{}", game.position());
            if let Some(outcome) = game.outcome() {
                println!("result: {}", outcome.result_text(game.game()));
            }
            Ok(())
        }
        Command::Moves { setup, limit } => {
            let (pos, rules) = (setup.position()?, setup.rules());
            if pos.game == GameKind::CashInHand {
                return list_cash_moves(&pos, &rules, limit);
            }
            // Intermedium lists stay within the default work limit up to stacks
            // of about 16 stones; `--limit` only shortens the sorted output.
            let moves = pos
                .legal_moves(&rules, DEFAULT_MOVE_LIMIT)
                .map_err(|e| format!("{e}; the position has too many moves to list in full"))?;
            let mut texts: Vec<String> = moves.iter().map(|t| t.mv.to_string()).collect();
            texts.sort();
            texts.truncate(limit.unwrap_or(usize::MAX));
            for t in texts {
                println!("{t}");
            }
            Ok(())
        }
        Command::Soak { game, games, seed, levels, nodes } => {
            let kind = game_arg::game_kind(&game)?;
            let levels = levels.as_deref().map(soak::parse_levels).transpose()?;
            soak::run(kind, &soak::Options { games, seed, levels, nodes })
        }
        Command::Match(args) => matches::run(args),
        Command::Tactics(args) => tactics::run(args),
        Command::Tune(args) => tune::run(args),
        Command::Analyse(args) => analyse::run_analyse(args),
        Command::Review(args) => analyse::run_review(args),
        Command::ReviewBench(args) => analyse::run_review_bench(args),
        Command::Puzzles(args) => puzzles::run(args),
        Command::Bench { hostile: true, .. } => {
            bench_hostile::run();
            Ok(())
        }
        Command::Bench { ms, builder_only, .. } => {
            bench::run(ms, builder_only);
            Ok(())
        }
    }
}

/// Work for the exact list when `--limit` is given: small enough to answer at
/// once, large enough for every small set-up position.
const QUICK_MOVE_LIMIT: usize = 200_000;

/// `moves` for Cash in Hand, whose positions can have astronomically many
/// distinct moves (the start position does).
///
/// Without `--limit`: the full list, sorted, or an error (exit 2) when it
/// needs more than `DEFAULT_MOVE_LIMIT` units of work.
/// With `--limit N`: if the full list takes at most `QUICK_MOVE_LIMIT` units
/// of work, its first N in sorted order. Otherwise the first N distinct
/// moves the generator finds (origins in board order, smallest pick-ups
/// first), sorted, with a note on stderr that the list is partial.
fn list_cash_moves(pos: &Position, rules: &Rules, limit: Option<usize>) -> Result<(), String> {
    let print = |mut texts: Vec<String>, n: usize| {
        texts.sort();
        for t in texts.into_iter().take(n) {
            println!("{t}");
        }
    };
    let texts =
        |moves: &[sowboard::Transition]| moves.iter().map(|t| t.mv.to_string()).collect::<Vec<_>>();
    let Some(n) = limit else {
        let moves = pos.legal_moves(rules, DEFAULT_MOVE_LIMIT).map_err(|e| {
            format!("{e}; the position has too many moves to list in full (try --limit N)")
        })?;
        print(texts(&moves), usize::MAX);
        return Ok(());
    };
    if let Ok(moves) = pos.legal_moves(rules, QUICK_MOVE_LIMIT) {
        print(texts(&moves), n);
        return Ok(());
    }
    let (moves, complete) = sowboard::cash_first_moves(pos, rules, n, DEFAULT_MOVE_LIMIT);
    if !complete {
        eprintln!("note: the position has too many moves to list in full; these are the first {} found, sorted", moves.len());
    }
    print(texts(&moves), n);
    Ok(())
}
