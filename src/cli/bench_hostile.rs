//! `sowboard bench --hostile`: every engine call the page or the widget makes,
//! timed on hostile set-ups (tall stacks, full boards, many small stacks;
//! `tests/hostile-positions.txt`).
//!
//! - On the main thread (they must answer at once): loading the position,
//!   the move builder through whole moves (each choice and the view the page
//!   draws after it, random walks from a fixed seed), committing the move,
//!   the record written and read back, and a move's notation read and
//!   played.
//! - In a worker (bounded by the page's deadlines, node budgets or work
//!   limits): the AI at each level with the page's deadlines, the analysis
//!   at its default strength, the capture threats at the analysis board's
//!   limit (the analysis worker answers them for the page and the widget)
//!   and the review of a one-move game; and `legalMoves` and the threats
//!   at the default limit, which only the API offers (the page never calls
//!   them), bounded by their work limit.
//!
//! The last lines name the slowest call of each kind. Figures, not a test:
//! the machine is shared.
//!
//! Set-ups of more stones than the game's start holds are refused when the
//! page or widget loads them (`Position::check_playable`); for those the
//! table says so, and times what the engine does on them natively: the
//! builder through a whole move (its slowest call) and the capture threats
//! at two limits, which must answer within their limit.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::ai::analyse::{analyse, Strength};
use sowboard::ai::review::{review, REVIEW};
use sowboard::ai::{Limits, SystemClock};
use sowboard::{record, Game, MoveBuilder, Position, Rules, Session, Stage, DEFAULT_MOVE_LIMIT};
use std::time::Instant;

/// The analysis board's work limit for the threats (`THREAT_LIMIT` in
/// www/analysis/board-analysis.js, for the page's panel and the widget).
const THREAT_LIMIT: usize = 300_000;

/// Random whole moves through the builder per set-up.
const BUILDER_WALKS: u64 = 8;

/// The slowest call seen of one kind: (milliseconds, the call, the set-up).
#[derive(Default)]
struct Worst(f64, String, String);

impl Worst {
    fn see(&mut self, ms: f64, call: &str, set_up: &str) {
        if ms > self.0 {
            *self = Worst(ms, call.to_string(), set_up.to_string());
        }
    }
}

/// The set-ups, shared with the wasm bench (`tests/browser/bench-hostile-wasm.mjs`).
const SET_UPS: &str = include_str!("../../tests/hostile-positions.txt");

/// The set-ups as (name, position string): the lines of `SET_UPS` that are
/// not comments.
fn set_ups() -> impl Iterator<Item = (&'static str, &'static str)> {
    SET_UPS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t'))
}

/// The page's AI deadlines (`www/board/options.js`, `SAFETY_DEADLINE_MS`).
fn page_deadline_ms(level: u8) -> Option<f64> {
    match level {
        1 | 2 => Some(4000.0),
        3..=6 => Some(5000.0),
        _ => Some(8000.0),
    }
}

pub fn run() {
    let rules = Rules::default();
    let (mut main, mut worker) = (Worst::default(), Worst::default());
    for (name, text) in set_ups() {
        let pos: Position = match text.parse() {
            Ok(p) => p,
            Err(e) => {
                println!("{name}: not a valid position ({e})");
                continue;
            }
        };
        match pos.check_playable() {
            Ok(()) => {
                println!("{name}:");
                println!("  main thread: {}", main_thread(name, text, &rules, &mut main));
                println!("  worker and API: {}", measure(name, &pos, &rules, &mut worker));
            }
            Err(e) => println!("{name}: refused at load ({e}); {}", unplayable(&pos, &rules)),
        }
    }
    println!("worst main-thread call: {} on \"{}\": {:.1} ms", main.1, main.2, main.0);
    println!("worst worker or API call: {} on \"{}\": {:.0} ms", worker.1, worker.2, worker.0);
}

/// The page's main-thread calls on an accepted set-up (see the module).
fn main_thread(name: &str, text: &str, rules: &Rules, worst: &mut Worst) -> String {
    let mut timed = |call: &str, f: &mut dyn FnMut()| {
        let t = Instant::now();
        f();
        let took = ms(t);
        worst.see(took, call, name);
        took
    };
    let mut session = None;
    let load = timed("load (parse, cap check, game, first view)", &mut || {
        let pos: Position = text.parse().expect("a valid position");
        pos.check_playable().expect("accepted");
        let s = Session::new(Game::from_position(pos, *rules));
        s.build_view();
        session = Some(s);
    });
    let start = session.expect("loaded");
    let (mut choices, mut slowest_choice, mut moves) = (0, 0.0f64, Vec::new());
    let (mut commit, mut record_ms, mut notation) = (0.0f64, 0.0f64, 0.0f64);
    for seed in 0..BUILDER_WALKS {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut s = start.clone();
        loop {
            let view = s.build_view();
            let stage = view.stage;
            let pick = |n: usize, rng: &mut SmallRng| rng.random_range(0..n.max(1));
            let mut ok = true;
            let took = match stage {
                "origin" if !view.origins.is_empty() => {
                    let c = view.origins[pick(view.origins.len(), &mut rng)];
                    timed("builder: select an origin, then the view", &mut || {
                        ok = s.select_origin(c).is_ok();
                        s.build_view();
                    })
                }
                "count" if !view.counts.is_empty() => {
                    let k = view.counts[pick(view.counts.len(), &mut rng)];
                    timed("builder: pick up, then the view", &mut || {
                        ok = s.pick_up(k as u32).is_ok();
                        s.build_view();
                    })
                }
                "step" if !view.steps.is_empty() => {
                    let (cell, drops) = &view.steps[pick(view.steps.len(), &mut rng)];
                    let d = drops[pick(drops.len(), &mut rng)];
                    timed("builder: a step, then the view", &mut || {
                        ok = s.step(*cell, d as u32).is_ok();
                        s.build_view();
                    })
                }
                "place" if !view.places.is_empty() => {
                    let (cell, (low, high)) = view.places[pick(view.places.len(), &mut rng)];
                    let n = rng.random_range(low..=high);
                    timed("builder: a placement, then the view", &mut || {
                        ok = s.place(cell, n).is_ok();
                        s.build_view();
                    })
                }
                "done" => {
                    let took =
                        timed("commit (the move played, the game's end judged)", &mut || {
                            ok = s.commit().is_ok();
                            s.build_view();
                        });
                    commit = commit.max(took);
                    moves.extend(s.game().move_texts().last().cloned());
                    break;
                }
                _ => break, // over, or nothing offered (reported below)
            };
            assert!(ok, "{name}: an offered choice was refused");
            choices += 1;
            slowest_choice = slowest_choice.max(took);
        }
    }
    let offered = if moves.len() as u64 == BUILDER_WALKS || start.game().outcome().is_some() {
        String::new()
    } else {
        format!(" (only {} of {BUILDER_WALKS} walks finished a move!)", moves.len())
    };
    if let Some(mv) = moves.first() {
        let mut one = start.clone();
        notation = timed("a move's notation read and played", &mut || {
            one.play(mv).expect("a built move plays");
        });
        let mut text = String::new();
        record_ms = timed("the record written", &mut || text = record::export(one.game()));
        record_ms += timed("the record read back", &mut || {
            record::import(&text, *rules).expect("an exported record reads");
        });
    }
    format!(
        "load {load:.1} ms; builder {choices} choices over {} moves{offered}, slowest {slowest_choice:.2} ms, \
         commit {commit:.2} ms; notation {notation:.2} ms; record out and in {record_ms:.2} ms",
        moves.len()
    )
}

/// What the engine does on a set-up the page refuses: the builder through
/// one whole move (from the tallest origin offered, then the first choice
/// offered at each stage) and the threats.
fn unplayable(pos: &Position, rules: &Rules) -> String {
    let t = Instant::now();
    let mut b = MoveBuilder::new(pos, rules);
    let (mut calls, mut slowest) = (0, 0.0f64);
    let mut ask = |f: &mut dyn FnMut() -> bool| {
        let t = Instant::now();
        let more = f();
        slowest = slowest.max(ms(t));
        calls += 1;
        more
    };
    let mut stuck = None;
    while ask(&mut || match b.stage() {
        Stage::Origin => b
            .origins()
            .into_iter()
            .max_by_key(|&c| pos.board.get(c))
            .is_some_and(|c| b.select_origin(c).is_ok()),
        Stage::Count => b.count_options().last().is_some_and(|&k| b.pick_up(k as u32).is_ok()),
        Stage::Step => b.step_options().first().is_some_and(|o| {
            let d = *o.drops().last().unwrap_or(&1);
            b.step(o.cell, d as u32).is_ok()
        }),
        Stage::Place => b.place_options().first().is_some_and(|&c| {
            let (low, _) = b.place_range(c).unwrap_or((1, 1));
            b.place(c, low).is_ok()
        }),
        Stage::Done => false,
    }) {}
    if b.stage() != Stage::Done && b.stage() != Stage::Origin {
        stuck = Some(b.stage());
    }
    let builder_ms = ms(t);
    let mut threats = Vec::new();
    for limit in [10, 300_000] {
        let t = Instant::now();
        let th = pos.threats(rules, limit);
        threats.push(format!(
            "threats({limit}) {:.0} ms{}",
            ms(t),
            if th.complete { "" } else { " (incomplete)" }
        ));
    }
    format!(
        "builder: a whole move in {builder_ms:.0} ms over {calls} calls, slowest {slowest:.0} ms{}; {}",
        match stuck {
            Some(stage) => format!(", STUCK at {stage:?}"),
            None => String::new(),
        },
        threats.join(", ")
    )
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// The worker's and the API's calls on an accepted set-up (see the module).
fn measure(name: &str, pos: &Position, rules: &Rules, worst: &mut Worst) -> String {
    let t = Instant::now();
    let session = Session::new(Game::from_position(*pos, *rules));
    let over = session.game().outcome().is_some();
    let view = session.build_view();
    let load = ms(t);
    let t = Instant::now();
    let list = match session.legal_moves(DEFAULT_MOVE_LIMIT) {
        Ok(moves) => format!("{} moves", moves.len()),
        Err(e) => format!("error {}", e.code),
    };
    let list_ms = ms(t);
    worst.see(list_ms, "legalMoves (API only)", name);
    let mut ai = Vec::new();
    for level in 1..=sowboard::ai::LEVELS {
        let t = Instant::now();
        let limits = Limits { nodes: None, time_ms: page_deadline_ms(level) };
        let mv = session.ai_move(level, 1, limits, &SystemClock::new());
        let took = ms(t);
        worst.see(took, &format!("the AI at level {level}"), name);
        ai.push(format!(
            "L{level} {took:.0}{}",
            if mv.is_none() && !over { " (no move!)" } else { "" }
        ));
    }
    format!(
        "load+origins {load:.1} ms ({} origins{}); legalMoves {list_ms:.0} ms ({list}); AI ms: {}; {}",
        view.origins.len(),
        if over { ", game over" } else { "" },
        ai.join(", "),
        analysis(name, session.game(), rules, worst)
    )
}

/// The analysis board's calls, as the page makes them (no deadline: their
/// bound is the node budget; the page can stop an analysis between passes).
fn analysis(name: &str, game: &Game, rules: &Rules, worst: &mut Worst) -> String {
    let clock = SystemClock::new();
    let t = Instant::now();
    let a = analyse(game, Strength::ANALYSIS, &clock, &mut |_| true);
    let analyse_ms = ms(t);
    worst.see(analyse_ms, "analyse", name);
    let t = Instant::now();
    let board = game.position().threats(rules, THREAT_LIMIT);
    let board_ms = ms(t);
    worst.see(board_ms, "threats at the analysis board's limit", name);
    let t = Instant::now();
    let threats = game.position().threats(rules, DEFAULT_MOVE_LIMIT);
    let threats_ms = ms(t);
    worst.see(threats_ms, "threats at the API's default limit", name);
    // A one-move game: the set-up, then the level-1 move.
    let mut one = game.clone();
    let mv = Session::new(game.clone()).ai_move(1, 1, Limits::default(), &clock);
    let played = mv.is_some_and(|m| one.play_text(&m).is_ok());
    let t = Instant::now();
    let reviewed = played.then(|| review(&one, REVIEW, &clock, &mut |_, _| true));
    let review_ms = ms(t);
    worst.see(review_ms, "the review of one move", name);
    format!(
        "analyse {analyse_ms:.0} ms ({}); threats({THREAT_LIMIT}) {board_ms:.0} ms ({} threats{}); \
         threats at the default limit {threats_ms:.0} ms ({} threats{}); review of one move {}",
        match a {
            Ok(Some(a)) => format!("depth {}", a.depth),
            Ok(None) => "no result".to_string(),
            Err(e) => format!("error limit: {e}"),
        },
        board.threats.len(),
        if board.complete { "" } else { ", incomplete" },
        threats.threats.len(),
        if threats.complete { "" } else { ", incomplete" },
        match reviewed {
            Some(Ok(Some(r))) => format!("{review_ms:.0} ms ({} plies)", r.len()),
            Some(Ok(None)) => format!("{review_ms:.0} ms (no result)"),
            Some(Err(e)) => format!("{review_ms:.0} ms (error limit: {e})"),
            None => "not run (no move to review)".to_string(),
        }
    )
}
