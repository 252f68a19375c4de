//! `sowboard soak`: plays many games (random vs random, AI vs random, or two
//! AI levels against each other with `--levels`) and checks the engine's
//! invariants after every move. Any failure is printed with the seed and ply
//! that replay it, and the command exits with status 2.
//!
//! `--nodes` gives the AI a smaller node budget than its level's: the soak
//! checks the rules under AI-chosen moves (the level's search code runs,
//! just less far), not the AI's strength, and at full budgets a thousand
//! games of the top level take many CPU-hours.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::ai::{choose_move, Limits, NoClock, LEVELS};
use sowboard::{
    cash_random_move, Game, GameKind, Move, Position, Rules, Transition, DEFAULT_MOVE_LIMIT,
};
use std::collections::BTreeMap;

/// A game that lasts this long without ending is reported as a failure:
/// Intermedium ends within 89 x 100 plies (every capture removes stones),
/// and no random Cash in Hand game has come near this.
const PLY_CAP: usize = 20_000;

/// Other moves of the same position re-validated on each ply.
const SAMPLED_MOVES: usize = 6;

#[derive(Default)]
struct Tally {
    games: usize,
    plies: usize,
    max_plies: usize,
    checks: usize,
    endings: BTreeMap<String, usize>,
    failures: Vec<String>,
}

#[derive(Clone, Copy, Debug)]
enum Player {
    Random,
    /// An AI level (1-8).
    Ai(u8),
}

/// What `soak` plays and how long it thinks.
pub struct Options {
    pub games: usize,
    pub seed: u64,
    /// Two AI levels that play each other (colours alternate from game to
    /// game); `None`: random against random and level 1 against random.
    pub levels: Option<(u8, u8)>,
    /// The AI's node budget per move (`None`: each level's own).
    pub nodes: Option<u64>,
}

/// Reads `--levels A,B` (two levels from 1 to `LEVELS`).
pub fn parse_levels(text: &str) -> Result<(u8, u8), String> {
    let level = |t: &str| match t.trim().parse::<u8>() {
        Ok(n) if (1..=LEVELS).contains(&n) => Ok(n),
        _ => Err(format!("--levels: `{t}` is not a level from 1 to {LEVELS}")),
    };
    match text.split_once(',') {
        Some((a, b)) => Ok((level(a)?, level(b)?)),
        None => Err(format!("--levels: `{text}` is not two levels such as `3,5`")),
    }
}

pub fn run(game_kind: GameKind, options: &Options) -> Result<(), String> {
    let mut tally = Tally::default();
    if let Some(nodes) = options.nodes {
        println!("soak: the AI searches {nodes} nodes a move (not its level's budget)");
    }
    for i in 0..options.games {
        let game_seed = options.seed.wrapping_add(i as u64);
        let players = match options.levels {
            // Each level plays each colour in turn.
            Some((a, b)) if i % 2 == 0 => [Player::Ai(a), Player::Ai(b)],
            Some((a, b)) => [Player::Ai(b), Player::Ai(a)],
            // Alternate pairings and colours: random-random, AI-random, random-AI.
            None => match i % 3 {
                0 => [Player::Random, Player::Random],
                1 => [Player::Ai(1), Player::Random],
                _ => [Player::Random, Player::Ai(1)],
            },
        };
        let limits = Limits { nodes: options.nodes, time_ms: None };
        if let Err(failure) = soak_one(game_kind, game_seed, players, limits, &mut tally) {
            tally.failures.push(format!("seed {game_seed}: {failure}"));
        }
        if tally.failures.len() >= 10 {
            break;
        }
        // Long runs (hours at the top level) say how far they are.
        if options.levels.is_some() && (i + 1) % 50 == 0 {
            println!(
                "  {} games, {} plies, {} failures so far",
                i + 1,
                tally.plies,
                tally.failures.len()
            );
        }
    }
    println!(
        "soak {game_kind}: {} games, {} plies (longest {}), {} checks",
        tally.games, tally.plies, tally.max_plies, tally.checks
    );
    for (ending, n) in &tally.endings {
        println!("  {ending}: {n}");
    }
    for f in &tally.failures {
        println!("FAILED {f}");
    }
    println!(
        "{} passed, {} failed",
        tally.games - tally.failures.len().min(tally.games),
        tally.failures.len()
    );
    if tally.failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} soak failures", tally.failures.len()))
    }
}

fn soak_one(
    game_kind: GameKind,
    seed: u64,
    players: [Player; 2],
    limits: Limits,
    tally: &mut Tally,
) -> Result<(), String> {
    let rules = Rules::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(game_kind, rules);
    let stones_at_start = game.position().board.total();
    let mut ply = 0;
    while game.outcome().is_none() {
        ply += 1;
        if ply > PLY_CAP {
            return Err(format!("no result after {PLY_CAP} plies"));
        }
        let before = *game.position();
        let player = players[before.side_to_move.index()];
        let (t, others) = pick_move(&game, player, limits, &mut rng, seed ^ ply as u64)
            .ok_or_else(|| format!("ply {ply}: no move although the game is not over"))?;
        let fail = |what: String| format!("ply {ply} ({}): {what}", t.mv);
        // The chosen move and a sample of the others re-parse and re-validate.
        for other in std::iter::once(&t).chain(others.iter()) {
            let text = other.mv.to_string();
            let mv = Move::parse(game_kind, &text)
                .map_err(|e| fail(format!("{text} does not re-parse: {e}")))?;
            let again = before
                .play(&mv, &rules)
                .map_err(|e| fail(format!("{text} does not re-validate: {e}")))?;
            if again.position != other.position {
                return Err(fail(format!("{text} replays to a different position")));
            }
            tally.checks += 1;
        }
        // Stone accounting.
        let total = t.position.board.total();
        let expected = match game_kind {
            GameKind::Intermedium => before.board.total() - t.captured_stones,
            GameKind::CashInHand => stones_at_start,
        };
        if total != expected {
            return Err(fail(format!("{total} stones on the board, expected {expected}")));
        }
        // The position string round-trips.
        let text = t.position.to_string();
        if text.parse::<Position>().map_err(|e| fail(e.to_string()))? != t.position {
            return Err(fail(format!("position string does not round-trip: {text}")));
        }
        // Undo restores the exact position; redo brings the move back.
        game.push(t.clone());
        let after = game.clone();
        game.undo();
        if *game.position() != before || game.outcome().is_some() {
            return Err(fail("undo did not restore the position".to_string()));
        }
        game.redo();
        if game != after {
            return Err(fail("redo did not restore the game".to_string()));
        }
        tally.checks += 4;
    }
    let outcome = game.outcome().expect("loop ends on a result");
    *tally.endings.entry(outcome.reason.code().to_string()).or_default() += 1;
    tally.games += 1;
    tally.plies += ply;
    tally.max_plies = tally.max_plies.max(ply);
    Ok(())
}

/// The move to play, and a few other legal moves of the same position to re-validate.
fn pick_move(
    game: &Game,
    player: Player,
    limits: Limits,
    rng: &mut SmallRng,
    ai_seed: u64,
) -> Option<(Transition, Vec<Transition>)> {
    let pos = game.position();
    let (random, others) = match pos.game {
        GameKind::Intermedium => {
            let all = game.legal_moves(DEFAULT_MOVE_LIMIT).ok()?;
            if all.is_empty() {
                return None;
            }
            let sample =
                (0..SAMPLED_MOVES).map(|_| all[rng.random_range(0..all.len())].clone()).collect();
            (all[rng.random_range(0..all.len())].clone(), sample)
        }
        GameKind::CashInHand => {
            let sample = (0..SAMPLED_MOVES)
                .filter_map(|_| cash_random_move(pos, game.rules(), rng))
                .collect();
            (cash_random_move(pos, game.rules(), rng)?, sample)
        }
    };
    let chosen = match player {
        Player::Ai(level) => choose_move(game, level, ai_seed, limits, &NoClock)?,
        Player::Random => random,
    };
    Some((chosen, others))
}
