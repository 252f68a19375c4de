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

use crate::ai::engine::search::WIN;
use crate::board::Cell;
use crate::position::Position;
use crate::variant::{Rules, Side};

/// The evaluation's weights beside the stone's 100 points. Every term is a
/// weight times a count (`features`), so the weights can be fitted to game
/// results (`sowboard tune --game cash-in-hand`, `src/offline/tune.rs`).
/// "Doomed": no empty orthogonal neighbour and fewer stones than the
/// neighbours hold together, so the stack falls at the end of the next
/// enemy move, whatever it is. "Tight": one empty neighbour left and fewer
/// stones than the neighbours hold plus one (a single drop closes it).
/// "Loose": two empty neighbours left, fewer than the neighbours plus two.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Each stack on the board: a player with none loses, and more stacks
    /// are more choices.
    pub stack: i32,
    /// Per stone of a doomed enemy stack: the side to move collects it.
    pub doomed_enemy: i32,
    /// Per stone of the side to move's own doomed stacks but the largest
    /// (the largest can usually be carried away, the rest fall).
    pub doomed_own: i32,
    /// Per stone of the side to move's largest doomed stack.
    pub doomed_own_largest: i32,
    /// Per stone of a tight enemy stack (a target).
    pub tight_enemy: i32,
    /// Per stone of a tight own stack (a weakness the mover can still mend).
    pub tight_own: i32,
    /// Per stone of a loose enemy stack.
    pub loose_enemy: i32,
    /// Per stone of a loose own stack.
    pub loose_own: i32,
    /// Each single-stone stack of the side to move (easy to surround,
    /// cheap to sow onto).
    pub single_own: i32,
    /// Each single-stone enemy stack.
    pub single_enemy: i32,
    /// Per stone of the side to move on an edge or corner cell (fewer
    /// neighbours to close).
    pub edge_own: i32,
    /// Per stone of the opponent on an edge or corner cell.
    pub edge_enemy: i32,
    /// Per stone of the side to move's tallest stack (reach: a tall stack
    /// passes gates and tall stacks, and is hard to outweigh).
    pub tallest_own: i32,
    /// Per stone of the opponent's tallest stack.
    pub tallest_enemy: i32,
}

/// Number of features (`features`), the stone's first.
pub const FEATURES: usize = 15;
/// The `features` by name (the `Weights` fields), as `sowboard tune
/// --hold` takes them.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "stone",
    "stack",
    "doomed_enemy",
    "doomed_own",
    "doomed_own_largest",
    "tight_enemy",
    "tight_own",
    "loose_enemy",
    "loose_own",
    "single_own",
    "single_enemy",
    "edge_own",
    "edge_enemy",
    "tallest_own",
    "tallest_enemy",
];

/// The weights set by hand (rounds 1-6): levels 1-4, the reference `mcts`
/// and the analysis evaluate with these. The terms added for tuning (loose
/// stacks, singles, edges, tallest stacks, the largest doomed stack) are 0
/// here, so these are exactly the first version's evaluation.
pub const HAND: Weights = Weights {
    stack: 40,
    doomed_enemy: 90,
    doomed_own: -70,
    doomed_own_largest: 0,
    tight_enemy: 25,
    tight_own: -10,
    loose_enemy: 0,
    loose_own: 0,
    single_own: 0,
    single_enemy: 0,
    edge_own: 0,
    edge_enemy: 0,
    tallest_own: 0,
    tallest_enemy: 0,
};

/// The weights of levels 5-8 (and `mcts-tuned`'s), fitted to game results by
/// `sowboard tune --game cash-in-hand` (docs/ai/journal.md, "Cash in Hand
/// evaluation tuned to game results": the command, its data and its
/// figures).
pub const TUNED: Weights = Weights {
    stack: -348,
    doomed_enemy: 44,
    doomed_own: -77,
    doomed_own_largest: -79,
    tight_enemy: 114,
    tight_own: -33,
    loose_enemy: 35,
    loose_own: 13,
    single_own: 366,
    single_enemy: -266,
    edge_own: -10,
    edge_enemy: 31,
    tallest_own: 326,
    tallest_enemy: -357,
};

/// `w` as a vector in `features` order (the stone's 100 first).
pub fn weights_vector(w: &Weights) -> [i32; FEATURES] {
    [
        100,
        w.stack,
        w.doomed_enemy,
        w.doomed_own,
        w.doomed_own_largest,
        w.tight_enemy,
        w.tight_own,
        w.loose_enemy,
        w.loose_own,
        w.single_own,
        w.single_enemy,
        w.edge_own,
        w.edge_enemy,
        w.tallest_own,
        w.tallest_enemy,
    ]
}

/// The weights a vector in `features` order holds (its first entry, the
/// stone's, is always 100).
pub fn weights_from(v: &[i32; FEATURES]) -> Weights {
    Weights {
        stack: v[1],
        doomed_enemy: v[2],
        doomed_own: v[3],
        doomed_own_largest: v[4],
        tight_enemy: v[5],
        tight_own: v[6],
        loose_enemy: v[7],
        loose_own: v[8],
        single_own: v[9],
        single_enemy: v[10],
        edge_own: v[11],
        edge_enemy: v[12],
        tallest_own: v[13],
        tallest_enemy: v[14],
    }
}

/// The score of a finished position (side to move's view), if it is one.
fn decided(pos: &Position, rules: &Rules) -> Option<i32> {
    let me = pos.side_to_move;
    if pos.stones_of(me) == 0 {
        return Some(-WIN);
    }
    if pos.stones_of(me.opponent()) == 0 {
        return Some(WIN - 1);
    }
    (rules.quiet_ply_limit > 0 && pos.quiet >= rules.quiet_ply_limit).then_some(0)
}

/// The evaluation's counts, side to move's view, in `weights_vector` order
/// (own minus enemy for stones and stacks); `None` for a finished position.
pub fn features(pos: &Position, rules: &Rules) -> Option<[i32; FEATURES]> {
    if decided(pos, rules).is_some() {
        return None;
    }
    let me = pos.side_to_move;
    let g = pos.board.geometry();
    let board = &pos.board;
    let mut f = [0i32; FEATURES];
    // The mover's doomed stones, and its largest doomed stack.
    let (mut own_doomed, mut largest_doomed) = (0, 0);
    for c in g.cells() {
        let n = board.get(c) as i32;
        if n == 0 {
            continue;
        }
        let mine = Side::owner_of(c) == me;
        let sign = if mine { 1 } else { -1 };
        f[0] += sign * n;
        f[1] += sign;
        let (empty, around) = surroundings(pos, c);
        if empty == 0 && n < around {
            if mine {
                own_doomed += n;
                largest_doomed = largest_doomed.max(n);
            } else {
                f[2] += n;
            }
        } else if empty == 1 && n < around + 1 {
            f[if mine { 6 } else { 5 }] += n;
        } else if empty == 2 && n < around + 2 {
            f[if mine { 8 } else { 7 }] += n;
        }
        if n == 1 {
            f[if mine { 9 } else { 10 }] += 1;
        }
        if g.orthogonal(c).count() < 4 {
            f[if mine { 11 } else { 12 }] += n;
        }
        let tallest = &mut f[if mine { 13 } else { 14 }];
        *tallest = (*tallest).max(n);
    }
    // The biggest can be carried away; the others fall.
    f[4] = largest_doomed;
    f[3] = own_doomed - largest_doomed;
    Some(f)
}

/// The evaluation with weights `w`: the weights' dot product with
/// `features`, or the result of a finished position.
pub(crate) fn evaluate_with(pos: &Position, rules: &Rules, w: &Weights) -> i32 {
    match features(pos, rules) {
        Some(f) => weights_vector(w).iter().zip(f).map(|(w, c)| w * c).sum(),
        None => decided(pos, rules).unwrap_or(0),
    }
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
/// Plies without a capture after which the score fades towards the draw the
/// quiet-ply limit will bring.
const QUIET_FADE_FROM: u32 = 30;
/// What each stack the trailing side still has costs the side ahead: the
/// game ends only when the last one falls. Not fitted, like the rest of
/// `conversion` (game results say who wins, not how soon); the same for
/// the hand and the tuned weights (a pilot with ten times this cost, and
/// the tallest-stack terms capped at 24 stones, finished set-up endgames
/// sooner but won 2 of 12 games against `mcts`: docs/ai/journal.md, "Cash
/// in Hand evaluation tuned to game results").
const LEFT_STACK: i32 = 60;
/// What a trailing stack with every orthogonal neighbour occupied is worth
/// to the side ahead (less for fewer: squared share), so it closes in.
const PRESS: i32 = 60;

/// The levels' additions to `evaluate` (not the reference `mcts`'s): a
/// side far ahead must win, not only stay ahead. Without them a level 90
/// stones up shuffles for hundreds of plies, capturing a stone every so often
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
        let plain = evaluate_with(&pos, &rules, &HAND);
        conversion(&pos, &rules, plain) - plain
    }

    // White a8:30 h1:30 far ahead of Black's two stones.
    const TWO_LEFT: &str = "cash-in-hand 30,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,30 white 0 30";
    // The same stones, Black's in one stack.
    const ONE_LEFT: &str = "cash-in-hand 30,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,2,0,0,0,0,0,0/0,0,0,0,0,0,0,30 white 0 30";
    // TWO_LEFT with White stones on three of b2's four neighbours.
    const CLOSING_IN: &str = "cash-in-hand 30,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/1,1,0,0,0,0,0,0/0,1,0,0,0,0,0,27 white 0 30";

    /// White's four singles close Black's d4 (doomed: no empty neighbour,
    /// 1 stone against 4); Black's a1:5 sits in a corner.
    #[test]
    fn features_count_what_they_say() {
        let pos = at("cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,1,0,0,0,0/0,0,1,1,1,0,0,0/0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0/5,0,0,0,0,0,0,0 white 0 20");
        let rules = Rules::default();
        let f = features(&pos, &rules).expect("not finished");
        //        stones stacks doomed-enemy .. singles own/enemy, edge enemy, tallest
        assert_eq!(f, [-2, 2, 1, 0, 0, 0, 0, 0, 0, 4, 1, 0, 5, 1, 5]);
        // The hand evaluation is the first version's: material, stacks and
        // 90% of the doomed stack.
        assert_eq!(evaluate_with(&pos, &rules, &HAND), -200 + 2 * 40 + 90);
        // Any weights: the dot product.
        let w = weights_from(&[100, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
        let dot: i32 = weights_vector(&w).iter().zip(f).map(|(a, b)| a * b).sum();
        assert_eq!(evaluate_with(&pos, &rules, &w), dot);
        // From Black's side the material and stacks turn round.
        let black = at(&pos.to_string().replace(" white ", " black "));
        let g = features(&black, &rules).expect("not finished");
        assert_eq!((g[0], g[1]), (2, -2));
        assert!(features(&at("cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/5,0,0,0,0,0,0,0 white 0 20"), &rules).is_none());
    }

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
        let plain = evaluate_with(&fresh, &rules, &HAND);
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
