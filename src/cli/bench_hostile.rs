//! `sowboard bench --hostile`: every engine call the page or the widget makes
//! (load, the builder's first questions, the legal-move list, the AI at each
//! level with the page's deadlines), timed on hostile but legal set-ups:
//! tall stacks, full boards, many small stacks. Each call must answer within
//! its bound or with the `limit` error; the table says how long the worst
//! took. Figures, not a test: the machine is shared.

use sowboard::ai::{Limits, SystemClock};
use sowboard::{Game, Position, Rules, Session, DEFAULT_MOVE_LIMIT};
use std::time::Instant;

/// The Intermedium set-ups; the Cash in Hand ones are the builder bench's.
const INTERMEDIUM: [(&str, &str); 3] = [
    ("intermedium 255-stone stack", "intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,255,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,200,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 5"),
    ("intermedium full board of 9s", "intermedium 0,9,9,9,9,9,9/9,9,9,9,9,9,9/9,9,9,9,9,9,9/9,9,9,9,9,9,9/9,9,9,9,9,9,9/9,9,9,9,9,9,9/9,9,9,9,9,9,9/9,9,9,9,9,9,9/9,9,9,9,9,9,9/9,9,9,9,9,9,0 blue 0 5"),
    ("intermedium many 2s", "intermedium 0,0,0,0,0,0,0/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/0,0,0,0,0,0,0 blue 0 5"),
];

/// The page's AI deadlines (`www/board/options.js`, `SAFETY_DEADLINE_MS`).
fn page_deadline_ms(level: u8) -> Option<f64> {
    match level {
        1 | 2 => Some(4000.0),
        3 | 4 => Some(5000.0),
        _ => Some(8000.0),
    }
}

pub fn run() {
    let rules = Rules::default();
    let cash = super::bench_builder::POSITIONS.iter().filter(|(n, _)| n.starts_with("cash"));
    for (name, text) in INTERMEDIUM.iter().chain(cash) {
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
    for level in 1..=5u8 {
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
        "{name}: load+origins {load:.1} ms ({} origins{}); legalMoves {list_ms:.0} ms ({list}); AI ms: {}",
        view.origins.len(),
        if over { ", game over" } else { "" },
        ai.join(", ")
    );
}
