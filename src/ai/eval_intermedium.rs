//! Static evaluation of Intermedium positions, from the side to move's view,
//! in hundredths of a stone.
//!
//! What matters in this game, in order: a city capture in one (decides the
//! game), stones (material; a captured stack never comes back), stones that
//! can still move (stacks of 2+: a player left with only single stones
//! loses), captures available right now, and pressure on the cities (all
//! of a city's orthogonal neighbours must be occupied before it falls).
//! Capture threats are exact, from `Position::attacker` (a memoised walk).

use super::search::WIN;
use crate::board::{Cell, Geometry};
use crate::intermedium::{city, Attacker};
use crate::position::Position;
use crate::variant::{Rules, Side};

const STONE: i32 = 100;
/// Extra value of a stone that can still move.
const MOBILE_STONE: i32 = 12;
/// Value of each movable stack: more stacks, more choices, harder to starve.
const MOBILE_STACK: i32 = 25;
/// Bonus by how many of the enemy city's neighbours one occupies.
/// Distance counted for a ring cell no stack can reach in one sowing.
const RING_CAP: i32 = 12;
const CITY_PRESSURE: [i32; 5] = [0, 25, 80, 200, 200];
/// Share (percent) of the best capture the side to move can make now that is
/// counted already: it may be its best move, but the opponent moved last.
const OWN_CAPTURE_SHARE: i32 = 80;
/// Share of the opponent's best capture threat: the mover can often parry it.
const ENEMY_CAPTURE_SHARE: i32 = 35;
/// The opponent threatens to capture the mover's city: the mover must parry.
const CITY_THREAT: i32 = 350;
/// Per step of distance between a side's movable stacks and the empty
/// neighbours of the enemy city: the race to close a city's ring decides
/// most games.
const RING_STEP: i32 = 14;

/// Whether `side` has a stack that can move (2 or more stones). Without one
/// it has lost when its turn comes (the exact test, `has_legal_move`, also
/// weighs the first-move rule and overflow; it differs only in odd set-ups).
pub(crate) fn can_move(pos: &Position, side: Side) -> bool {
    let colour = side.colour();
    let g = pos.board.geometry();
    g.cells().any(|c| c.colour() == colour && pos.board.get(c) >= 2)
}

/// The score of `pos` for the side to move.
pub(crate) fn evaluate(pos: &Position, rules: &Rules) -> i32 {
    let (score, own) = evaluate_split(pos, rules);
    score + own
}

/// `evaluate` in two parts: the score without the side to move's own best
/// capture, and that capture's share (0 when it has none). A quiescence
/// search stands pat on the first and plays the capture out instead.
pub(crate) fn evaluate_split(pos: &Position, rules: &Rules) -> (i32, i32) {
    let me = pos.side_to_move;
    let opp = me.opponent();
    if !can_move(pos, me) {
        return (-WIN, 0);
    }
    if rules.quiet_ply_limit > 0 && pos.quiet >= rules.quiet_ply_limit {
        return (0, 0);
    }
    let attack = pos.attacker(rules);
    if attack.can_capture(city(opp)) {
        return (WIN - 1, 0);
    }
    let g = pos.board.geometry();
    let mut score = material_and_shape(pos, g);
    let own = best_capture(pos, &attack, g) * STONE * OWN_CAPTURE_SHARE / 100;
    let mut flipped = *pos;
    flipped.side_to_move = opp;
    let defence = flipped.attacker(rules);
    score -= best_capture(&flipped, &defence, g) * STONE * ENEMY_CAPTURE_SHARE / 100;
    if defence.can_capture(city(me)) {
        score -= CITY_THREAT;
    }
    (score, own)
}

/// The terms that need no capture-threat walk: material, mobility, city
/// pressure and the race to the enemy city.
fn material_and_shape(pos: &Position, g: Geometry) -> i32 {
    let me = pos.side_to_move;
    let (mine, theirs) = (side_terms(pos, g, me), side_terms(pos, g, me.opponent()));
    let mut score = (mine.stones - theirs.stones) * STONE;
    score += (mine.mobile_stones - theirs.mobile_stones) * MOBILE_STONE;
    score += (mine.mobile_stacks - theirs.mobile_stacks) * MOBILE_STACK;
    score += CITY_PRESSURE[mine.city_ring] - CITY_PRESSURE[theirs.city_ring];
    score += mine.advance - theirs.advance;
    score += (theirs.ring_distance - mine.ring_distance) * RING_STEP;
    score
}

/// `evaluate` without the capture-threat walks (about 20 times cheaper):
/// for ordering the hundreds of moves of a position before the best of
/// them are evaluated in full.
pub(crate) fn evaluate_lite(pos: &Position, rules: &Rules) -> i32 {
    if !can_move(pos, pos.side_to_move) {
        return -WIN;
    }
    if rules.quiet_ply_limit > 0 && pos.quiet >= rules.quiet_ply_limit {
        return 0;
    }
    material_and_shape(pos, pos.board.geometry())
}

struct SideTerms {
    stones: i32,
    mobile_stones: i32,
    mobile_stacks: i32,
    /// Neighbours of the enemy city this side occupies.
    city_ring: usize,
    /// A small pull towards the enemy city, so that play goes somewhere.
    advance: i32,
    /// For each empty neighbour of the enemy city, the distance from the
    /// nearest own stack that can move there (capped), summed.
    ring_distance: i32,
}

fn side_terms(pos: &Position, g: Geometry, side: Side) -> SideTerms {
    let colour = side.colour();
    let target = city(side.opponent());
    let mut t = SideTerms {
        stones: 0,
        mobile_stones: 0,
        mobile_stacks: 0,
        city_ring: 0,
        advance: 0,
        ring_distance: 0,
    };
    let mut ring = [(Cell::new(0, 0), RING_CAP); 4];
    let mut ring_len = 0;
    for c in g.orthogonal(target) {
        if !pos.board.is_occupied(c) {
            ring[ring_len].0 = c;
            ring_len += 1;
        } else {
            t.city_ring += 1;
        }
    }
    for c in g.cells().filter(|c| c.colour() == colour) {
        let n = pos.board.get(c) as i32;
        if n == 0 {
            continue;
        }
        t.stones += n;
        if n >= 2 {
            t.mobile_stones += n;
            t.mobile_stacks += 1;
            for (cell, best) in ring.iter_mut().take(ring_len) {
                let d = c.file.abs_diff(cell.file).max(c.rank.abs_diff(cell.rank)) as i32;
                if d <= n {
                    *best = (*best).min(d);
                }
            }
        }
        let dist = c.file.abs_diff(target.file).max(c.rank.abs_diff(target.rank)) as i32;
        t.advance += (10 - dist).max(0);
    }
    t.ring_distance = ring.iter().take(ring_len).map(|r| r.1).sum();
    t
}

/// Enemy stacks examined per evaluation, largest first: the walk is the
/// costly part of the evaluation.
const TARGETS: usize = 4;

/// The largest enemy stack the side to move can capture in one move (0 if
/// none), among the `TARGETS` largest. Stacks with two or more empty
/// neighbours are skipped: one sowing rarely fills both.
fn best_capture(pos: &Position, attack: &Attacker, g: Geometry) -> i32 {
    let enemy = pos.side_to_move.opponent().colour();
    let mut targets: Vec<(u8, Cell)> = g
        .cells()
        .filter(|&c| c.colour() == enemy && pos.board.get(c) > 0)
        .filter(|&c| g.orthogonal(c).filter(|&n| !pos.board.is_occupied(n)).count() <= 1)
        .map(|c| (pos.board.get(c), c))
        .collect();
    targets.sort_by_key(|x| std::cmp::Reverse(x.0));
    targets
        .into_iter()
        .take(TARGETS)
        .find(|&(_, c)| attack.can_capture(c))
        .map_or(0, |(n, _)| n as i32)
}
