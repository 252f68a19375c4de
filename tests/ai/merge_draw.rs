//! Cash in Hand's merge draw (issue 11, item 8), shown from set-up
//! positions: a side whose 64 stones stand in one stack can never lose, so
//! the levels must head for it when behind, stop the opponent's while they
//! still can when ahead, and score it as the draw it is. The set-ups for
//! heading for it and scoring it keep captures out of the decision: the
//! stacks that could be captured have an empty neighbour that no move can
//! reach this turn.

use sowboard::ai::analyse::{analyse, Strength};
use sowboard::ai::{choose, choose_move, merge_distance, Agent, Limits, NoClock, LEVELS};
use sowboard::{Game, Position, Rules, Side, Transition};

fn game(text: &str) -> Game {
    let pos: Position = text.parse().expect("a valid set-up");
    Game::from_position(pos, Rules::default())
}

/// `agent`'s reply (on 200 000 nodes) after `mv` is played in `g`.
fn reply_to(g: &Game, mv: &str, agent: Agent, seed: u64) -> Transition {
    let after = g.position().play_text(mv, g.rules()).expect("a legal move").position;
    let limits = Limits { nodes: Some(200_000), time_ms: None };
    choose(agent, &Game::from_position(after, *g.rules()), seed, limits, &NoClock).expect("a reply")
}

/// The score the level's analysis gives the side to move (hundredths of
/// a stone; a proven result as +-1 000 000).
fn analysed(g: &Game, level: u8) -> i32 {
    let strength = Strength { level, nodes: Some(400_000) };
    analyse(g, strength, &NoClock, &mut |_| true).expect("listable").expect("a move").score.value()
}

/// White h1:32 and g2:32 can merge in one move (either onto the other; the
/// gate g1 + h2 holds 32, not more than the 32 carried). Black's f2:30,
/// g1:2, g3:2, h2:30 already surround g2 (64 > 32: it falls at the end of
/// Black's next move) and Black threatens to add a stone to g1 or h2, after
/// which h1 falls too. Every other White move is one whole g2 walking off
/// (its gates f2+g1, f2+g3, g3+h2 hold 32; less than 32 cannot pass), after
/// which h1 is lost. No white move captures: White's only moves are the
/// two merges and g2 walking off whole, and after each of them every black
/// stack keeps an empty neighbour. Merged, the 64 can never be captured.
const MERGE_OR_LOSE: &str = "cash-in-hand 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,2,0/0,0,0,0,0,30,32,30/0,0,0,0,0,0,2,32 white 0 20";

#[test]
fn the_side_that_would_lose_stones_merges_into_the_fortress() {
    let g = game(MERGE_OR_LOSE);
    assert_eq!(merge_distance(g.position(), Side::First), Some(1));
    // What the merge saves: walking g2 away instead loses h1 at once.
    let reply = reply_to(&g, "g2:32 f3:32", Agent::Level(LEVELS), 1);
    assert!(reply.captured_stones >= 32, "Black takes h1: {}", reply.mv);
    for level in 2..=LEVELS {
        for seed in 0..3 {
            let limits = Limits { nodes: Some(200_000), time_ms: None };
            let t = choose_move(&g, level, seed, limits, &NoClock).expect("a move");
            assert_eq!(t.captured_stones, 0, "no capture decides it: {}", t.mv);
            assert_eq!(
                merge_distance(&t.position, Side::First),
                Some(0),
                "level {level} seed {seed} played {} instead of merging",
                t.mv
            );
        }
    }
}

/// White's 64 stones stand merged on d5; Black's 64 stand in eight stacks
/// of 8 on the first and last ranks, Black to move.
const MERGED: &str = "cash-in-hand 0,8,0,8,0,8,0,8/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,64,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/8,0,8,0,8,0,8,0 black 0 20";
/// The same with one black stone more (a1:9): 64 white stones no longer
/// outweigh Black's 65, so the stack is no fortress.
const NOT_QUITE: &str = "cash-in-hand 0,8,0,8,0,8,0,8/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,64,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/9,0,8,0,8,0,8,0 black 0 20";

#[test]
fn a_merged_position_is_scored_as_the_draw_it_is() {
    let merged = game(MERGED);
    assert_eq!(merge_distance(merged.position(), Side::First), Some(0));
    // Black has eight stacks to White's one and as many stones: the plain
    // evaluation would call it better for Black; it cannot win, so at most
    // a draw, at every level (deeper levels also see the stack's attacks).
    assert_eq!(analysed(&merged, 1), 0, "one ply: exactly the draw");
    for level in 2..=LEVELS {
        assert!(analysed(&merged, level) <= 0, "level {level}");
    }
    // One stone more for Black and the same picture is no draw: Black is
    // scored ahead, so the 0 above comes from the fortress, not the board.
    assert!(analysed(&game(NOT_QUITE), 1) > 0);
    // From White's side the fortress is at least a draw.
    let mut white = *merged.position();
    white.side_to_move = Side::First;
    assert!(analysed(&Game::from_position(white, Rules::default()), 1) >= 0);
}

/// White's b1:46 steps onto a2:18 next move (the gate a1 + b2 is open:
/// b2 is empty) and merges all 64 stones for a draw. Black, to move, can
/// stop it only now: g7's sowing ending on c1 surrounds b1 (a1 3 + b2 1 +
/// c1 43 > 46) and captures it, after which White has 18 stones against
/// 110. White then recaptures a7's 13 (`a2:18 ... a8:13`), and until round
/// 18 every level passed over the capture for a quiet move because of
/// that recapture: their guard against hanging 10 stones did not count
/// the 46 the move had won (`agents::hangs`), and White merged. Levels
/// 1-3 still do: they are timid by design (`agents::TIMID_LEVELS`).
const CAPTURE_OR_DRAW: &str = "cash-in-hand 0,0,0,0,0,0,0,0/13,0,0,0,0,0,48,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/18,0,0,0,0,0,0,0/3,46,0,0,0,0,0,0 black 0 20";

#[test]
fn the_better_side_stops_the_merge_while_it_still_can() {
    let g = game(CAPTURE_OR_DRAW);
    assert_eq!(merge_distance(g.position(), Side::First), Some(1));
    let limits = Limits { nodes: Some(200_000), time_ms: None };
    // What waiting costs: after the quiet move the levels played before
    // round 18, White, far behind on the board, merges into the fortress.
    let waited = "a7:13 b6:1 a5:1 b4:1 a3:1 b2:1 c3:1 d2:1 c1:6";
    let reply = reply_to(&g, waited, Agent::Level(LEVELS), 0);
    assert_eq!(merge_distance(&reply.position, Side::First), Some(0), "White merged: {}", reply.mv);
    assert!(analysed(&g, LEVELS) > 2000, "Black is far ahead");
    for level in 1..=LEVELS {
        for seed in 0..3 {
            let t = choose_move(&g, level, seed, limits, &NoClock).expect("a move");
            let stopped =
                t.captured_stones >= 46 && merge_distance(&t.position, Side::First).is_none();
            if level > 3 {
                assert!(
                    stopped,
                    "level {level} seed {seed} played {} and left White its merge",
                    t.mv
                );
            } else {
                assert!(!stopped, "level {level} seed {seed} is timid, yet played {}", t.mv);
            }
        }
    }
    // The capture does allow a recapture of 10 stones or more: the guard
    // must weigh it against the 46 won.
    let took = "g7:48 f6:1 e5:1 d4:1 c3:1 b2:1 c1:43 (:b1) c1:46";
    let back = reply_to(&g, took, Agent::Greedy, 1);
    assert!(back.captured_stones >= 10, "recapture {}: {}", back.mv, back.captured_stones);
}
