//! `sowboard bench --hostile`: every engine call the page or the widget makes
//! (load, the builder's first questions, the legal-move list, the AI at each
//! level with the page's deadlines, and the analysis board's calls: the
//! analysis at its default strength, the capture threats and the review of a
//! one-move game), timed on hostile but legal set-ups:
//! tall stacks, full boards, many small stacks. Each call must answer within
//! its bound or with the `limit` error; the table says how long the worst
//! took. Figures, not a test: the machine is shared.
//!
//! Set-ups of more than 255 stones (every cell 30, 50 or 255) are refused
//! when the page or widget loads them (`Position::check_playable`); for those
//! the table says so, and times what the engine does on them natively:
//! the builder through a whole move (its slowest call) and the capture
//! threats at two limits, which must answer within their limit.

use sowboard::ai::analyse::{analyse, Strength};
use sowboard::ai::review::{review, REVIEW};
use sowboard::ai::{Limits, SystemClock};
use sowboard::{Game, MoveBuilder, Position, Rules, Session, Stage, DEFAULT_MOVE_LIMIT};
use std::time::Instant;

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
    for (name, text) in set_ups() {
        let pos: Position = match text.parse() {
            Ok(p) => p,
            Err(e) => {
                println!("{name}: not a valid position ({e})");
                continue;
            }
        };
        match pos.check_playable() {
            Ok(()) => measure(name, &pos, &rules),
            Err(e) => println!("{name}: refused at load ({e}); {}", unplayable(&pos, &rules)),
        }
    }
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

fn measure(name: &str, pos: &Position, rules: &Rules) {
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
    let mut ai = Vec::new();
    for level in 1..=sowboard::ai::LEVELS {
        let t = Instant::now();
        let limits = Limits { nodes: None, time_ms: page_deadline_ms(level) };
        let mv = session.ai_move(level, 1, limits, &SystemClock::new());
        let took = ms(t);
        ai.push(format!(
            "L{level} {took:.0}{}",
            if mv.is_none() && !over { " (no move!)" } else { "" }
        ));
    }
    println!(
        "{name}: load+origins {load:.1} ms ({} origins{}); legalMoves {list_ms:.0} ms ({list}); AI ms: {}; {}",
        view.origins.len(),
        if over { ", game over" } else { "" },
        ai.join(", "),
        analysis(session.game(), rules)
    );
}

/// The analysis board's calls, as the page makes them (no deadline: their
/// bound is the node budget; the page can stop an analysis between passes).
fn analysis(game: &Game, rules: &Rules) -> String {
    let clock = SystemClock::new();
    let t = Instant::now();
    let a = analyse(game, Strength::ANALYSIS, &clock, &mut |_| true);
    let analyse_ms = ms(t);
    let t = Instant::now();
    let threats = game.position().threats(rules, DEFAULT_MOVE_LIMIT);
    let threats_ms = ms(t);
    // A one-move game: the set-up, then the level-1 move.
    let mut one = game.clone();
    let mv = Session::new(game.clone()).ai_move(1, 1, Limits::default(), &clock);
    let played = mv.is_some_and(|m| one.play_text(&m).is_ok());
    let t = Instant::now();
    let reviewed = played.then(|| review(&one, REVIEW, &clock, &mut |_, _| true));
    let review_ms = ms(t);
    format!(
        "analyse {analyse_ms:.0} ms ({}); threats {threats_ms:.0} ms ({} threats{}); review of one move {}",
        match a {
            Ok(Some(a)) => format!("depth {}", a.depth),
            Ok(None) => "no result".to_string(),
            Err(e) => format!("error limit: {e}"),
        },
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
