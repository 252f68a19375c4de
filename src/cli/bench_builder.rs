//! `sowboard bench`, builder section: what the page asks the move builder on
//! every click (the stage's choices: origins, counts, steps with their drops,
//! places with their ranges, the finished move) on hostile but legal
//! positions. Random walks through the builder; each "state" is one full set
//! of questions, as the page's `build()` asks them.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::{MoveBuilder, Position, Rules, Stage};
use std::time::{Duration, Instant};

/// Positions measured: starts, Browne's example and set-ups with tall stacks,
/// full boards and many small stacks.
const POSITIONS: [(&str, &str); 7] = [
    ("cash start (32-stone corners)", "cash-in-hand 32,0,0,0,0,0,0,32/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,32 white 0 1"),
    ("cash Browne's example", "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0/0,0,0,0,1,0,0,0/0,0,0,3,3,4,0,0/0,0,6,2,2,0,0,0/0,0,0,3,3,0,0,0/0,0,0,0,0,0,0,0 black 0 20"),
    ("cash 255-stone stack", "cash-in-hand 255,0,0,0,0,0,0,32/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,200 white 0 1"),
    ("cash full board (7s and 1s, 256 stones)", "cash-in-hand 7,1,7,1,7,1,7,1/1,7,1,7,1,7,1,7/7,1,7,1,7,1,7,1/1,7,1,7,1,7,1,7/7,1,7,1,7,1,7,1/1,7,1,7,1,7,1,7/7,1,7,1,7,1,7,1/1,7,1,7,1,7,1,7 white 0 1"),
    ("cash many 2s", "cash-in-hand 2,0,2,0,2,0,2,0/0,2,0,2,0,2,0,2/2,0,2,0,2,0,2,0/0,2,0,2,0,2,0,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 white 0 1"),
    ("intermedium start", "intermedium 0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,0,4,0,4,0,4/0,4,0,4,0,4,0/4,0,4,0,4,0,4/0,0,0,0,0,0,0 blue 0 1"),
    ("intermedium many 2s", "intermedium 0,0,0,0,0,0,0/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/0,0,0,0,0,0,0 blue 0 5"),
];

pub fn run(budget: Duration) {
    let rules = Rules::default();
    for (name, text) in POSITIONS {
        let pos: Position = match text.parse() {
            Ok(p) => p,
            Err(e) => {
                println!("builder {name}: not a valid position ({e})");
                continue;
            }
        };
        walks(name, &pos, &rules, budget);
    }
}

/// Asks every question of the current stage, as the page does per click;
/// returns a number depending on the answers (so none is optimised away).
fn ask(b: &MoveBuilder) -> usize {
    match b.stage() {
        Stage::Origin => b.origins().len(),
        Stage::Count => b.count_options().len(),
        Stage::Step => b.step_options().iter().map(|o| o.drops().len()).sum(),
        Stage::Place => b
            .place_options()
            .iter()
            .filter_map(|&c| b.place_range(c))
            .map(|(l, _)| l as usize)
            .sum(),
        Stage::Done => b.finish().map_or(0, |t| t.captured.len()),
    }
}

/// CPU time this thread has run, if the system says (Linux): the machine is
/// shared, so wall-clock means are scaled by the thread's share of the CPU.
pub(super) fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(text.split_whitespace().next()?.parse().ok()?))
}

/// Random walks from `pos` for `budget`: the mean and worst time of one
/// state's questions, and the mean time of a whole move.
fn walks(name: &str, pos: &Position, rules: &Rules, budget: Duration) {
    let mut rng = SmallRng::seed_from_u64(7);
    let start = Instant::now();
    let cpu_start = thread_cpu();
    let (mut states, mut moves, mut sink) = (0u64, 0u64, 0usize);
    let mut worst = Duration::ZERO;
    let mut asked = Duration::ZERO;
    // Per stage (origin, count, step, place, done): time asking and states.
    let mut by_stage = [(Duration::ZERO, 0u32); 5];
    while start.elapsed() < budget || moves == 0 {
        let mut b = MoveBuilder::new(pos, rules);
        loop {
            let t = Instant::now();
            sink += ask(&b);
            let took = t.elapsed();
            asked += took;
            let slot = &mut by_stage[b.stage() as usize];
            slot.0 += took;
            slot.1 += 1;
            worst = worst.max(took);
            states += 1;
            let ok = match b.stage() {
                Stage::Origin => match b.origins() {
                    o if o.is_empty() => break,
                    o => b.select_origin(o[rng.random_range(0..o.len())]),
                },
                Stage::Count => {
                    let c = b.count_options();
                    b.pick_up(c[rng.random_range(0..c.len())] as u32)
                }
                Stage::Step => {
                    let o = b.step_options();
                    let o = &o[rng.random_range(0..o.len())];
                    let d = o.drops();
                    b.step(o.cell, d[rng.random_range(0..d.len())] as u32)
                }
                Stage::Place => {
                    let p = b.place_options();
                    let c = p[rng.random_range(0..p.len())];
                    let (low, high) = b.place_range(c).expect("an offered cell has a range");
                    b.place(c, rng.random_range(low..=high))
                }
                Stage::Done => break,
            };
            ok.expect("the builder accepts what it offers");
        }
        moves += 1;
    }
    let wall = start.elapsed();
    // Means in CPU time: wall times times the thread's share of the CPU.
    let share = match (cpu_start, thread_cpu()) {
        (Some(a), Some(b)) => ((b - a).as_secs_f64() / wall.as_secs_f64()).min(1.0),
        _ => 1.0,
    };
    let us = |t: Duration| t.as_secs_f64() * 1e6 * share;
    let stages: Vec<String> = ["origin", "count", "step", "place", "done"]
        .iter()
        .zip(by_stage)
        .filter(|(_, (_, n))| *n > 0)
        .map(|(s, (t, n))| format!("{s} {:.1}", us(t) / n as f64))
        .collect();
    println!(
        "builder {name}: {:.1} us CPU per click (mean over {states} states; by stage: {}), \
         {:.0} us per whole move ({moves} moves), worst click {:.0} us wall [{sink}]",
        us(asked) / states as f64,
        stages.join(", "),
        us(wall) / moves as f64,
        worst.as_secs_f64() * 1e6,
    );
}
