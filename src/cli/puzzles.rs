//! `sowboard puzzles`: "find the best move" puzzles from self-play, each
//! decided by exhaustive search (`sowboard::offline::puzzles`), printed as the
//! JSON array the page loads (`www/puzzles/<game>.json`), easiest first.

use clap::Args;
use sowboard::offline::capture_puzzles::{from_games, MIN_CAPTURE};
use sowboard::offline::puzzles::{
    classify, from_real_games, generate, kind_cap, puzzle_id, Puzzle,
};

#[derive(Args)]
pub struct PuzzlesArgs {
    /// intermedium or cash-in-hand.
    #[arg(long)]
    game: String,
    /// How many puzzles.
    #[arg(long, default_value_t = 100)]
    count: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search on this many threads (each from its own seed; the results are
    /// merged, duplicates dropped, and sorted by difficulty).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Instead of self-play, classify the positions in this file (one
    /// position string a line), e.g. those a `--verbose` run reported.
    #[arg(long)]
    positions: Option<String>,
    /// Cash in Hand: first search every position of this many real games
    /// (self-play from the standard start); set-ups make up the rest. The
    /// figures (positions, how many the search could take in full, puzzles)
    /// go to stderr.
    #[arg(long, default_value_t = 0)]
    real_games: usize,
    /// No puzzle kind takes more than this percentage of the puzzles.
    #[arg(long, default_value_t = 80)]
    max_share: usize,
    /// Cash in Hand: outcome puzzles (the biggest capture, the safe
    /// capture) from this many games of the levels and `mcts-tuned`
    /// (`capture_puzzles`), instead of the searches above; at most
    /// `--count` of them. Single-threaded.
    #[arg(long, default_value_t = 0)]
    capture_games: usize,
    /// With --capture-games: print first the listed-solution puzzles of this
    /// file (one puzzle a line, as this command writes them), as they are,
    /// then the outcome puzzles found (those of the file are dropped).
    #[arg(long)]
    keep: Option<String>,
    /// Report each puzzle on stderr as it is found.
    #[arg(long)]
    verbose: bool,
}

pub fn run(args: PuzzlesArgs) -> Result<(), String> {
    let kind = super::game_arg::game_kind(&args.game)?;
    if args.count == 0 {
        return Err("--count must be at least 1".into());
    }
    if !(1..=100).contains(&args.max_share) {
        return Err("--max-share is a percentage, 1 to 100".into());
    }
    if args.capture_games > 0 {
        return capture_run(&args, kind);
    }
    let (verbose, threads) = (args.verbose, args.threads.clamp(1, 16));
    let found = std::sync::atomic::AtomicUsize::new(0);
    let report = |p: &Puzzle| {
        let n = found.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if verbose {
            eprintln!("{n:>4} {} {} ({} solutions)", p.kind, p.position, p.solutions.len());
        }
    };
    let mut real = Vec::new();
    if args.real_games > 0 && args.positions.is_none() {
        if kind != sowboard::GameKind::CashInHand {
            return Err(
                "--real-games is for cash-in-hand (Intermedium puzzles all come from real games)"
                    .into(),
            );
        }
        let started = std::time::Instant::now();
        let (found, stats) = from_real_games(
            kind,
            args.real_games,
            args.count,
            args.max_share,
            args.seed,
            &mut |p| report(p),
        );
        eprintln!(
            "real games: {} games, {} positions, {} with the mover's full move list within the limit ({} of them with 4 moves or more), {} of these searched in full, {} puzzles ({:.0} s)",
            stats.games,
            stats.positions,
            stats.listable,
            stats.candidates,
            stats.searched,
            stats.puzzles,
            started.elapsed().as_secs_f64()
        );
        real = found;
    }
    // Kinds the real games filled to their share are not taken from set-ups.
    let cap = kind_cap(args.count, args.max_share);
    let full: Vec<&str> = real
        .iter()
        .map(|p| p.kind)
        .filter(|&k| real.iter().filter(|p| p.kind == k).count() >= cap)
        .collect();
    let rest = args.count.saturating_sub(real.len());
    let share = rest.div_ceil(threads);
    let mut puzzles: Vec<Puzzle> = if rest == 0 {
        Vec::new()
    } else if let Some(path) = &args.positions {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let rules = sowboard::Rules::default();
        let mut out = Vec::new();
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let pos: sowboard::Position =
                line.trim().parse().map_err(|e| format!("{path} line {}: {e}", n + 1))?;
            if pos.game != kind {
                return Err(format!("{path} line {}: a position of another game", n + 1));
            }
            match classify(&pos, &rules) {
                Some(p) => out.push(p),
                None => eprintln!("{path} line {}: makes no puzzle", n + 1),
            }
        }
        out
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let (report, full) = (&report, &full);
                    s.spawn(move || {
                        let seed = args.seed.wrapping_add(1000 * t as u64);
                        generate(kind, share, seed, args.max_share, full, &mut |p| report(p))
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("a generating thread panicked"))
                .collect()
        })
    };
    puzzles.extend(real);
    let mut seen = std::collections::HashSet::new();
    puzzles.retain(|p| seen.insert(p.position.to_string()));
    puzzles.sort_by_key(|p| (p.difficulty, p.position.to_string()));
    puzzles.truncate(args.count);
    if puzzles.len() < args.count {
        eprintln!("note: only {} puzzles found (asked for {})", puzzles.len(), args.count);
    }
    let lines: Vec<String> =
        puzzles.iter().map(|p| to_json(p, &puzzle_id(&p.position, p.source))).collect();
    println!("[\n{}\n]", lines.join(",\n"));
    Ok(())
}

/// `--capture-games`: outcome puzzles from real games, after the kept
/// puzzles of `--keep`.
fn capture_run(args: &PuzzlesArgs, kind: sowboard::GameKind) -> Result<(), String> {
    if kind != sowboard::GameKind::CashInHand {
        return Err("--capture-games is for cash-in-hand".into());
    }
    let mut lines: Vec<String> = Vec::new();
    if let Some(path) = &args.keep {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        for line in text.lines().map(str::trim).filter(|l| l.starts_with('{')) {
            if !line.contains("\"judge\": \"outcome\"") {
                lines.push(line.trim_end_matches(',').to_string());
            }
        }
    }
    let started = std::time::Instant::now();
    let verbose = args.verbose;
    let (found, stats) = from_games(args.capture_games, args.count, args.seed, &mut |p, s| {
        let Some(p) = p else {
            if verbose {
                eprintln!("game {}: {s:?} ({:.0} s)", s.games, started.elapsed().as_secs_f64());
            }
            return;
        };
        if verbose {
            eprintln!(
                "{:>4} {} {} game {} ({:.0} s)",
                s.biggest + s.safe,
                p.kind,
                p.position,
                s.games,
                started.elapsed().as_secs_f64()
            );
        }
    });
    eprintln!(
        "capture games: {} games, {} positions, {} with the best capture settled, {} of {} stones or more, {} puzzles ({} biggest capture, {} safe capture) ({:.0} s)",
        stats.games,
        stats.positions,
        stats.settled,
        stats.big,
        MIN_CAPTURE,
        found.len(),
        stats.biggest,
        stats.safe,
        started.elapsed().as_secs_f64()
    );
    if found.len() < args.count {
        eprintln!("note: only {} puzzles found (asked for {})", found.len(), args.count);
    }
    lines.extend(found.iter().map(|p| to_json(p, &puzzle_id(&p.position, p.source))));
    println!("[\n{}\n]", lines.join(",\n"));
    Ok(())
}

/// A JSON string literal (the texts are ASCII, but quote them properly anyway).
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", "))
}

/// One puzzle in the shape: id, game, position, solutions, goal,
/// line; an outcome puzzle adds `judge` and its targets.
fn to_json(p: &Puzzle, id: &str) -> String {
    let outcome = match p.outcome {
        None => String::new(),
        Some(t) => {
            let loss = t.allowed_loss.map_or(String::new(), |x| format!(", \"allowed_loss\": {x}"));
            format!(", \"judge\": \"outcome\", \"best_capture\": {}{loss}", t.best_capture)
        }
    };
    format!(
        "{{\"id\": {}, \"game\": {}, \"position\": {}, \"solutions\": {}, \"goal\": {}, \"line\": {}{outcome}}}",
        quote(id),
        quote(p.position.game.name()),
        quote(&p.position.to_string()),
        list(&p.solutions),
        quote(&p.goal),
        list(&p.line)
    )
}
