//! Static evaluation of Cash in Hand positions, from the side to move's
//! view, in hundredths of a stone.
//!
//! Captures are judged after every move for all of the mover's enemy stacks
//! at once, so a stack with no empty orthogonal neighbour that is smaller
//! than their total falls at the end of the next enemy move, whatever that
//! move is. The evaluation counts such stacks as good as gone (for the
//! enemy's stacks, the side to move collects them; for its own, it can
//! rescue at most one by moving it), then material, the number of stacks (a
//! player with none loses), and stacks with a single empty neighbour left.

use super::search::WIN;
use crate::board::Cell;
use crate::position::Position;
use crate::variant::{Rules, Side};

const STONE: i32 = 100;
const STACK: i32 = 40;
/// Share (percent) of a doomed enemy stack counted for the side to move.
const DOOMED_ENEMY: i32 = 90;
/// Share of the side to move's own doomed stacks counted against it (the
/// largest one can usually be moved away, the rest fall).
const DOOMED_OWN: i32 = 70;
/// Share of a stack with one empty neighbour left (enemy: a target; own: a
/// weakness the mover can still mend).
const TIGHT_ENEMY: i32 = 25;
const TIGHT_OWN: i32 = 10;

pub(crate) fn evaluate(pos: &Position, rules: &Rules) -> i32 {
    let me = pos.side_to_move;
    if pos.stones_of(me) == 0 {
        return -WIN;
    }
    if pos.stones_of(me.opponent()) == 0 {
        return WIN - 1;
    }
    if rules.quiet_ply_limit > 0 && pos.quiet >= rules.quiet_ply_limit {
        return 0;
    }
    let g = pos.board.geometry();
    let board = &pos.board;
    let mut score = 0;
    let mut own_doomed: Vec<i32> = Vec::new();
    for c in g.cells() {
        let n = board.get(c) as i32;
        if n == 0 {
            continue;
        }
        let mine = Side::owner_of(c) == me;
        let sign = if mine { 1 } else { -1 };
        score += sign * (n * STONE + STACK);
        let (empty, around) = surroundings(pos, c);
        if empty == 0 && n < around {
            if mine {
                own_doomed.push(n);
            } else {
                score += n * STONE * DOOMED_ENEMY / 100;
            }
        } else if empty == 1 && n < around + 1 {
            score +=
                if mine { -n * STONE * TIGHT_OWN / 100 } else { n * STONE * TIGHT_ENEMY / 100 };
        }
    }
    own_doomed.sort_unstable();
    // The biggest can be carried away; the others fall.
    own_doomed.pop();
    score -= own_doomed.iter().sum::<i32>() * STONE * DOOMED_OWN / 100;
    score
}

/// Empty orthogonal neighbours of `c`, and the stones on them all.
fn surroundings(pos: &Position, c: Cell) -> (usize, i32) {
    let g = pos.board.geometry();
    let mut empty = 0;
    let mut around = 0;
    for n in g.orthogonal(c) {
        let h = pos.board.get(n) as i32;
        if h == 0 {
            empty += 1;
        }
        around += h;
    }
    (empty, around)
}

/// Material lead (stones) from which the side ahead is scored on finishing
/// the game, not only on material (`conversion`).
const CLEAR_LEAD: i32 = 12;
/// What each stack the trailing side still has costs the side ahead: the
/// game ends only when the last one falls.
const LEFT_STACK: i32 = 60;
/// What a trailing stack with every orthogonal neighbour occupied is worth
/// to the side ahead (less for fewer: squared share), so it closes in.
const PRESS: i32 = 60;
/// Plies without a capture after which the score fades towards the draw the
/// quiet-ply limit will bring.
const QUIET_FADE_FROM: u32 = 30;

/// The levels' additions to `evaluate` (not the reference `mcts`'s): a
/// side far ahead must win, not only stay ahead. Without them a level 90
/// stones up shuffled for hundreds of plies, capturing a stone now and then
/// (each capture resets the quiet count), while the trailing side's small
/// stacks lived on. So, from the view of the side ahead by `CLEAR_LEAD` or
/// more: each trailing stack left costs `LEFT_STACK` and each is worth up to
/// `PRESS` as it is surrounded; and any score fades towards 0 as the
/// quiet-ply limit nears, so the side ahead presses for captures and the
/// side behind sees the draw coming. `score` is `evaluate`'s (side to move).
pub(crate) fn conversion(pos: &Position, rules: &Rules, score: i32) -> i32 {
    if score.abs() >= WIN / 2 {
        return score;
    }
    let me = pos.side_to_move;
    let lead = pos.stones_of(me) as i32 - pos.stones_of(me.opponent()) as i32;
    let mut score = score;
    if lead.abs() >= CLEAR_LEAD {
        let trailing = if lead > 0 { me.opponent() } else { me };
        let g = pos.board.geometry();
        let mut chase = 0;
        for c in g.cells().filter(|&c| Side::owner_of(c) == trailing && pos.board.is_occupied(c)) {
            let total = g.orthogonal(c).count() as i32;
            let (empty, _) = surroundings(pos, c);
            let shut = total - empty as i32;
            chase += PRESS * shut * shut / (total * total) - LEFT_STACK;
        }
        score += if lead > 0 { chase } else { -chase };
    }
    let limit = rules.quiet_ply_limit;
    if limit > QUIET_FADE_FROM && pos.quiet > QUIET_FADE_FROM {
        let left = limit.saturating_sub(pos.quiet) as i64;
        score = (score as i64 * left / (limit - QUIET_FADE_FROM) as i64) as i32;
    }
    score
}

/// Score (1/100 stone) beyond which `compress` flattens a lead.
const KNEE: i32 = 1200;
/// Share (percent) of the score beyond `KNEE` that `compress` keeps.
const BEYOND_KNEE: i32 = 10;

/// `score` with the part beyond a clear lead (`KNEE`) kept at
/// `BEYOND_KNEE` percent; decided scores stand. `mcts` turns scores into
/// win probabilities with a logistic curve, which at a 60-stone lead is
/// 0.99999 whatever happens next: every move looks alike, so it shuffled
/// for hundreds of plies with a won game. Flattened, a lead of 70 stones
/// reads about 0.95 and ten stones more or a trailing stack fewer still
/// move it, so the search prefers the moves that finish the game.
pub(crate) fn compress(score: i32) -> i32 {
    if score.abs() >= WIN / 2 || score.abs() <= KNEE {
        return score;
    }
    score.signum() * (KNEE + (score.abs() - KNEE) * BEYOND_KNEE / 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Position {
        text.parse().unwrap()
    }

    /// What `conversion` adds to the plain evaluation.
    fn added(text: &str) -> i32 {
        let pos = at(text);
        let rules = Rules::default();
        let plain = evaluate(&pos, &rules);
        conversion(&pos, &rules, plain) - plain
    }

    // White a8:30 h1:30 far ahead of Black's two stones.
    const TWO_LEFT: &str = "cash-in-hand 30,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,30 white 0 30";
    // The same stones, Black's in one stack.
    const ONE_LEFT: &str = "cash-in-hand 30,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,2,0,0,0,0,0,0/0,0,0,0,0,0,0,30 white 0 30";
    // TWO_LEFT with White stones on three of b2's four neighbours.
    const CLOSING_IN: &str = "cash-in-hand 30,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/1,1,0,0,0,0,0,0/0,1,0,0,0,0,0,27 white 0 30";

    #[test]
    fn the_side_ahead_gains_by_fewer_and_closer_surrounded_stacks() {
        assert!(added(ONE_LEFT) > added(TWO_LEFT));
        assert!(added(CLOSING_IN) > added(TWO_LEFT));
        // The same positions from the trailing side: the opposite view.
        let black = |t: &str| t.replace(" white ", " black ");
        assert_eq!(added(&black(TWO_LEFT)), -added(TWO_LEFT));
        assert!(added(&black(ONE_LEFT)) < added(&black(TWO_LEFT)));
    }

    #[test]
    fn scores_fade_to_the_draw_as_the_quiet_limit_nears() {
        let rules = Rules::default();
        let fresh = at(TWO_LEFT);
        let plain = evaluate(&fresh, &rules);
        let score = conversion(&fresh, &rules, plain);
        assert!(score > 5000, "{score}");
        let mut late = fresh;
        late.quiet = 65;
        assert_eq!(conversion(&late, &rules, plain), score / 2);
        late.quiet = 99;
        assert_eq!(conversion(&late, &rules, plain), score / 70);
        // Decided scores stand.
        assert_eq!(conversion(&late, &rules, WIN - 3), WIN - 3);
    }

    #[test]
    fn compress_flattens_only_clear_leads_and_keeps_their_order() {
        assert_eq!(compress(KNEE), KNEE);
        assert_eq!(compress(-300), -300);
        assert_eq!(compress(WIN - 2), WIN - 2);
        assert_eq!(compress(-7000), -compress(7000));
        // Ten stones more at a 70-stone lead still count, a tenth as much.
        assert_eq!(compress(8000) - compress(7000), 100);
        assert!(compress(7000) < 2 * KNEE);
    }
}
