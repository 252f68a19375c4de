//! `sowboard bench --hostile`: every engine call the page or the widget makes
//! (load, the builder's first questions, the legal-move list, the AI at each
//! level with the page's deadlines, and the analysis board's calls: the
//! analysis at its default strength, the capture threats and the review of a
//! one-move game), timed on hostile but legal set-ups:
//! tall stacks, full boards, many small stacks. Each call must answer within
//! its bound or with the `limit` error; the table says how long the worst
//! took. Figures, not a test: the machine is shared.

use sowboard::ai::analyse::{analyse, Strength};
use sowboard::ai::review::{review, REVIEW};
use sowboard::ai::{Limits, SystemClock};
use sowboard::{Game, Position, Rules, Session, DEFAULT_MOVE_LIMIT};
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
        measure(name, &pos, &rules);
    }
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
