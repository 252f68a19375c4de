//! `sowboard tune`: fits a game's evaluation weights to the results of the
//! games in a match log (`sowboard match ... --verbose`), see
//! `src/offline/tune.rs`. Prints the data's size, the fitted scale, the error of
//! the hand weights, of the tuned weights (`TUNED`; in Intermedium also the
//! levels' `REFIT`) and of the fit
//! on the games fitted and on held-out games, and the fitted weights as the
//! Rust constant to keep.

use clap::Args;
use sowboard::ai::{eval_cash, eval_intermedium};
use sowboard::offline::tune::{as_reals, fit, fit_scale, loss, samples, Sample};
use sowboard::{Game, GameKind, Position, Rules};

#[derive(Args)]
pub struct TuneArgs {
    /// intermedium or cash-in-hand.
    #[arg(long)]
    game: String,
    /// A `sowboard match --verbose` log of that game: its games are the data.
    #[arg(long)]
    log: String,
    /// Plies skipped at the start of each game (the match's random opening).
    #[arg(long, default_value_t = 4)]
    skip: usize,
    /// Gradient steps.
    #[arg(long, default_value_t = 1500)]
    steps: usize,
    /// Pull towards the starting weights: penalty per (100 points of
    /// difference)^2, added to the mean squared error.
    #[arg(long, default_value_t = 0.0)]
    ridge: f64,
    /// The weights the fit starts from and `--ridge` pulls towards: `hand`
    /// (`HAND`), `tuned` (`TUNED`, `mcts-tuned`'s: a refit that keeps what
    /// the last fit learnt where the new games say little) or, in
    /// Intermedium, `refit` (`REFIT`, the weights levels 4-8 play with).
    #[arg(long, default_value = "hand", value_parser = ["hand", "tuned", "refit"])]
    from: String,
    /// Features kept at their starting value, comma-separated by name
    /// (`eval_intermedium::FEATURE_NAMES`, `eval_cash::FEATURE_NAMES`).
    #[arg(long, value_delimiter = ',')]
    hold: Vec<String>,
    /// Every N-th game is held out of the fit, to check it (0: none).
    #[arg(long, default_value_t = 5)]
    hold_out: usize,
}

pub fn run(args: TuneArgs) -> Result<(), String> {
    let kind = super::game_arg::game_kind(&args.game)?;
    let text = std::fs::read_to_string(&args.log)
        .map_err(|e| format!("cannot read --log {}: {e}", args.log))?;
    let games = games_of(&text, kind)?;
    if games.is_empty() {
        return Err(format!("no games in {} (a `match --verbose` log)", args.log));
    }
    let rules = Rules::default();
    match kind {
        GameKind::Intermedium => {
            let hand = eval_intermedium::weights_vector(&eval_intermedium::HAND);
            let tuned = eval_intermedium::weights_vector(&eval_intermedium::TUNED);
            let refit = eval_intermedium::weights_vector(&eval_intermedium::REFIT);
            let start = match args.from.as_str() {
                "refit" => refit,
                "tuned" => tuned,
                _ => hand,
            };
            let rows = [("hand", hand), ("tuned", tuned), ("refit", refit)];
            let fixed = held(&args.hold, &eval_intermedium::FEATURE_NAMES)?;
            let found = report(&args, &games, &start, &rows, &fixed, |p| {
                eval_intermedium::features(p, &rules)
            });
            println!(
                "{}",
                intermedium_constant(&eval_intermedium::weights_from(&found), args.steps)
            );
        }
        GameKind::CashInHand => {
            let hand = eval_cash::weights_vector(&eval_cash::HAND);
            let tuned = eval_cash::weights_vector(&eval_cash::TUNED);
            let start = match args.from.as_str() {
                "refit" => {
                    return Err(
                        "--from refit: Cash in Hand has no refit weights (hand or tuned)".into()
                    )
                }
                "tuned" => tuned,
                _ => hand,
            };
            let rows = [("hand", hand), ("tuned", tuned)];
            let fixed = held(&args.hold, &eval_cash::FEATURE_NAMES)?;
            let found =
                report(&args, &games, &start, &rows, &fixed, |p| eval_cash::features(p, &rules));
            println!("{}", cash_constant(&eval_cash::weights_from(&found), args.steps));
        }
    }
    Ok(())
}

/// The features `--hold` names, marked in `names`' order; an unknown name
/// is an error that lists the game's names. The stone is always held.
fn held<const N: usize>(hold: &[String], names: &[&str; N]) -> Result<[bool; N], String> {
    let mut held = [false; N];
    for name in hold {
        let Some(i) = names.iter().position(|n| n == name) else {
            return Err(format!(
                "--hold: no feature '{name}' (the features: {})",
                names[1..].join(", ")
            ));
        };
        held[i] = true;
    }
    Ok(held)
}

/// Fits the weights of one game's evaluation from `start` and prints the
/// figures (the error of each of the game's weights in `rows`, the hand
/// weights first, and of the fit); returns the fitted weights in
/// `features` order.
fn report<const N: usize>(
    args: &TuneArgs,
    games: &[Game],
    start: &[i32; N],
    rows: &[(&str, [i32; N])],
    fixed: &[bool; N],
    features: impl Fn(&Position) -> Option<[i32; N]> + Copy,
) -> [i32; N] {
    let (mut train, mut held) = (Vec::<Sample<N>>::new(), Vec::<Sample<N>>::new());
    for (i, game) in games.iter().enumerate() {
        let s = samples(game, args.skip, features);
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
    let hand = &rows[0].1;
    let found = fit(&train, start, args.steps, args.ridge, fixed);
    let k = found.scale;
    println!("scale K {k:.0} (fitted with the {} weights; a score of K is a 73% game)", args.from);
    println!(
        "K refitted: hand weights held out {:.0}; tuned weights fitted {:.0}, held out {:.0}",
        fit_scale(&held, &as_reals(hand)),
        fit_scale(&train, &as_reals(&found.weights)),
        fit_scale(&held, &as_reals(&found.weights))
    );
    for (name, w) in rows.iter().chain([("fitted", found.weights)].iter()) {
        println!(
            "{name:6} weights: error fitted {:.5} held out {:.5}",
            loss(&train, &as_reals(w), k),
            loss(&held, &as_reals(w), k)
        );
    }
    found.weights
}

/// The games of a verbose match log: each `game N:` line is followed by its
/// `opening:` line and then its moves from the standard start.
fn games_of(text: &str, kind: GameKind) -> Result<Vec<Game>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut games = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with("game ") {
            continue;
        }
        let Some(moves) = lines.get(i + 2).filter(|l| l.starts_with("  ")) else {
            return Err(format!("{line}: no moves line (was the match run with --verbose?)"));
        };
        let mut game = Game::new(kind, Rules::default());
        let tokens: Vec<&str> = moves.split_whitespace().collect();
        let mut at = 0;
        while at < tokens.len() {
            at += play_next(&mut game, &tokens[at..]).map_err(|e| format!("{line}: {e}"))?;
        }
        games.push(game);
    }
    Ok(games)
}

/// Plays the move the log's `tokens` start with and says how many tokens
/// it took. An Intermedium move is one token. A Cash in Hand move spans
/// several (`ORIGIN:K`, the steps, the capture list, the redistribution),
/// and the log separates moves only by spaces: the redistribution's length
/// is the one count of the following tokens that makes a legal move (each
/// entry adds at least 1 stone, so only one count sums to the captured
/// stones).
fn play_next(game: &mut Game, tokens: &[&str]) -> Result<usize, String> {
    if game.position().game == GameKind::Intermedium {
        game.play_text(tokens[0]).map_err(|e| format!("move {}: {e}", tokens[0]))?;
        return Ok(1);
    }
    let count = |t: &str| t.rsplit(':').next().and_then(|n| n.parse::<u32>().ok());
    let cash = count(tokens[0]).ok_or_else(|| format!("move {}: not ORIGIN:K", tokens[0]))?;
    let (mut at, mut sown) = (1, 0);
    while sown < cash && at < tokens.len() {
        sown += count(tokens[at]).ok_or_else(|| format!("step {}: not CELL:D", tokens[at]))?;
        at += 1;
    }
    if tokens.get(at).is_some_and(|t| t.starts_with("(:")) {
        while at < tokens.len() && !tokens[at].ends_with(')') {
            at += 1;
        }
        at += 1;
    }
    for end in at..=tokens.len() {
        let text = tokens[..end].join(" ");
        if game.play_text(&text).is_ok() {
            return Ok(end);
        }
    }
    Err(format!("no legal move starts with {}", tokens[..at.min(tokens.len())].join(" ")))
}

fn intermedium_constant(w: &eval_intermedium::Weights, steps: usize) -> String {
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

fn cash_constant(w: &eval_cash::Weights, steps: usize) -> String {
    format!(
        "// sowboard tune --game cash-in-hand ({steps} steps)\npub const TUNED: Weights = {w:#?};"
    )
}
