//! `sowboard tune`: fits Intermedium's evaluation weights to the results of
//! the games in a match log (`sowboard match ... --verbose`), see
//! `src/ai/tune.rs`. Prints the data's size, the fitted scale, the error of
//! the hand and the fitted weights on the games fitted and on held-out
//! games, and the fitted weights as the Rust constant to keep.

use clap::Args;
use sowboard::ai::eval_intermedium::{Weights, HAND};
use sowboard::ai::tune::{as_reals, fit, fit_scale, loss, samples, Sample};
use sowboard::{Game, GameKind, Rules};

#[derive(Args)]
pub struct TuneArgs {
    /// intermedium (the only game tuned so far).
    #[arg(long)]
    game: String,
    /// A `sowboard match --verbose` log: its games are the data.
    #[arg(long)]
    log: String,
    /// Plies skipped at the start of each game (the match's random opening).
    #[arg(long, default_value_t = 4)]
    skip: usize,
    /// Gradient steps.
    #[arg(long, default_value_t = 1500)]
    steps: usize,
    /// Pull towards the hand weights: penalty per (100 points of
    /// difference)^2, added to the mean squared error.
    #[arg(long, default_value_t = 0.0)]
    ridge: f64,
    /// Every N-th game is held out of the fit, to check it (0: none).
    #[arg(long, default_value_t = 5)]
    hold_out: usize,
}

pub fn run(args: TuneArgs) -> Result<(), String> {
    if super::game_arg::game_kind(&args.game)? != GameKind::Intermedium {
        return Err("only Intermedium's evaluation is tuned (--game intermedium)".to_string());
    }
    let text = std::fs::read_to_string(&args.log)
        .map_err(|e| format!("cannot read --log {}: {e}", args.log))?;
    let games = games_of(&text)?;
    if games.is_empty() {
        return Err(format!("no games in {} (a `match --verbose` log)", args.log));
    }
    let rules = Rules::default();
    let (mut train, mut held) = (Vec::<Sample>::new(), Vec::<Sample>::new());
    for (i, game) in games.iter().enumerate() {
        let s = samples(game, &rules, args.skip);
        if args.hold_out > 0 && i % args.hold_out == args.hold_out - 1 {
            held.extend(s);
        } else {
            train.extend(s);
        }
    }
    println!(
        "games {} (held out {}), positions fitted {}, held out {}",
        games.len(),
        games.len().checked_div(args.hold_out).unwrap_or(0),
        train.len(),
        held.len()
    );
    let found = fit(&train, args.steps, args.ridge);
    let k = found.scale;
    println!("scale K {k:.0} (fitted with the hand weights; a score of K is a 73% game)");
    println!(
        "K refitted: hand weights held out {:.0}; tuned weights fitted {:.0}, held out {:.0}",
        fit_scale(&held, &as_reals(&HAND)),
        fit_scale(&train, &as_reals(&found.weights)),
        fit_scale(&held, &as_reals(&found.weights))
    );
    for (name, w) in [("hand", &HAND), ("tuned", &found.weights)] {
        println!(
            "{name:5} error fitted {:.5} held out {:.5}",
            loss(&train, &as_reals(w), k),
            loss(&held, &as_reals(w), k)
        );
    }
    println!("{}", constant(&found.weights, found.steps));
    Ok(())
}

/// The games of a verbose match log: each `game N:` line is followed by its
/// `opening:` line and then its moves from the standard start.
fn games_of(text: &str) -> Result<Vec<Game>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut games = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with("game ") {
            continue;
        }
        let Some(moves) = lines.get(i + 2).filter(|l| l.starts_with("  ")) else {
            return Err(format!("{line}: no moves line (was the match run with --verbose?)"));
        };
        let mut game = Game::new(GameKind::Intermedium, Rules::default());
        for mv in moves.split_whitespace() {
            game.play_text(mv).map_err(|e| format!("{line}: move {mv}: {e}"))?;
        }
        games.push(game);
    }
    Ok(games)
}

fn constant(w: &Weights, steps: usize) -> String {
    format!(
        "// sowboard tune ({steps} steps)\npub const TUNED: Weights = Weights {{\n    mobile_stone: {},\n    mobile_stack: {},\n    city_pressure: {:?},\n    advance: {},\n    ring_step: {},\n    own_capture: {},\n    enemy_capture: {},\n    city_threat: {},\n}};",
        w.mobile_stone,
        w.mobile_stack,
        w.city_pressure,
        w.advance,
        w.ring_step,
        w.own_capture,
        w.enemy_capture,
        w.city_threat
    )
}
