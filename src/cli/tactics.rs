//! `sowboard tactics`: the solve rate of each level (and the reference
//! agents) on the tactics suite in `tests/tactics/`, or, with `--generate`,
//! new suite lines decided by exhaustive search (`sowboard::offline::tactics`).

use clap::Args;
use sowboard::ai::{Agent, Limits};
use sowboard::offline::tactics::{attempt, generate, parse_suite};
use std::io::Write;

#[derive(Args)]
pub struct TacticsArgs {
    /// intermedium or cash-in-hand.
    #[arg(long)]
    game: String,
    /// The suite file (default: tests/tactics/<game>.txt).
    #[arg(long)]
    file: Option<String>,
    /// Agents to test, comma-separated.
    #[arg(
        long,
        default_value = "random,greedy,level1,level2,level3,level4,level5,level6,level7,level8,baseline5,mcts"
    )]
    agents: String,
    /// Per-move node budget (default: each agent's own).
    #[arg(long)]
    nodes: Option<u64>,
    /// Print N new suite lines instead (slow: exhaustive search, two or three plies).
    #[arg(long)]
    generate: Option<usize>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// With --generate: only positions of this kind (e.g. win-in-two).
    #[arg(long)]
    kind: Option<String>,
    /// Print every missed position with the agent's move.
    #[arg(long)]
    verbose: bool,
}

pub fn run(args: TacticsArgs) -> Result<(), String> {
    let kind = super::game_arg::game_kind(&args.game)?;
    if let Some(n) = args.generate {
        generate(kind, n, args.seed, args.kind.as_deref(), &mut |line| {
            println!("{line}");
            let _ = std::io::stdout().flush();
        });
        return Ok(());
    }
    let path = args.file.unwrap_or_else(|| format!("tests/tactics/{}.txt", kind.name()));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let suite = parse_suite(&text).map_err(|e| format!("{path}: {e}"))?;
    if suite.is_empty() {
        return Err(format!("{path} holds no positions"));
    }
    let agents: Vec<Agent> =
        args.agents.split(',').map(|a| a.trim().parse()).collect::<Result<_, _>>()?;
    let limits = Limits { nodes: args.nodes, time_ms: None };
    let mut kinds: Vec<&str> = suite.iter().map(|t| t.kind.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    print!("{:<10} {:>7} {:>7}", "agent", "solved", "rate%");
    for k in &kinds {
        print!(" {k:>14}");
    }
    println!();
    for agent in agents {
        let ok: Vec<bool> = suite
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let (solved, played) = attempt(t, agent, i as u64, limits);
                if args.verbose && !solved {
                    let played = played.map_or("nothing".to_string(), |m| m.to_string());
                    eprintln!("{agent} misses {} {}: played {played}", t.kind, t.position);
                }
                solved
            })
            .collect();
        let solved = ok.iter().filter(|&&b| b).count();
        print!(
            "{:<10} {:>7} {:>7.1}",
            agent.to_string(),
            format!("{solved}/{}", suite.len()),
            100.0 * solved as f64 / suite.len() as f64
        );
        for k in &kinds {
            let of_kind: Vec<bool> =
                suite.iter().zip(&ok).filter(|(t, _)| t.kind == *k).map(|(_, &b)| b).collect();
            let s = of_kind.iter().filter(|&&b| b).count();
            print!(" {:>14}", format!("{s}/{}", of_kind.len()));
        }
        println!();
    }
    Ok(())
}
