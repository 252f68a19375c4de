//! Capture threats: what the side NOT to move could capture if it were its
//! turn — every such move, the stacks it would take and whether it
//! would take the city. The analysis board draws them.
//!
//! Each game answers through its rules (`GameRules::capturing_moves`):
//! Intermedium asks its exact threat walk (`intermedium/threat.rs`) first,
//! so a position without a threat costs microseconds and is known complete,
//! and lists the moves (within `limit`) only when some target can fall.
//! Cash in Hand's moves in a middle game number in the millions, so it never
//! lists them (`cash/threats.rs`): an exact search per enemy stack finds
//! every stack some move captures, each with a move that takes it; then,
//! within what is left of `limit`, a search over the threatened stacks finds
//! one move per largest set of them captured together (`largest`); past the
//! limit the answer keeps the per-stack moves.

use crate::board::Cell;
use crate::game_rules::CapturingMoves;
use crate::moves::Move;
use crate::position::Position;
use crate::sorting;
use crate::transition::Transition;
use crate::variant::{EndReason, RuleOptions, Side};

/// One capturing move of the side not to move (in Cash in Hand its
/// redistribution is any legal one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    pub mv: Move,
    /// The stacks it would take, file-then-rank order.
    pub captured: Vec<Cell>,
    /// Stones on them.
    pub stones: u32,
    /// Whether it would capture the city (and so win).
    pub city: bool,
}

/// Every threat, city captures first, then by stones taken.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    pub threats: Vec<Threat>,
    /// Every stack (and city) that some move captures is taken by one of
    /// `threats`. False when that could not be settled within the limit:
    /// then `threats` is empty and says nothing.
    pub complete: bool,
    /// Every largest set of stacks captured together (one no other move's
    /// captures contain) has a move in `threats`. Intermedium lists every
    /// capturing move; Cash in Hand lists one move per largest set when that
    /// search finishes within the limit, and otherwise (false) one move per
    /// set taken by the moves found for each threatened stack.
    pub largest: bool,
}

impl Position {
    /// This position with the other side to move (the move number as it
    /// would be on that side's next move).
    fn other_to_move(&self) -> Position {
        let mut p = *self;
        if p.side_to_move == Side::Second {
            p.move_number += 1;
        }
        p.side_to_move = p.side_to_move.opponent();
        p
    }

    /// The capture threats of the side not to move (see the module).
    pub fn threats(&self, rules: &RuleOptions, limit: usize) -> Threats {
        let other = self.other_to_move();
        let listed = other.game.rules().capturing_moves(&other, rules, limit);
        let Ok(CapturingMoves { moves, largest }) = listed else {
            return Threats { threats: Vec::new(), complete: false, largest: false };
        };
        let mut threats: Vec<Threat> = moves
            .into_iter()
            .filter_map(|t| {
                let city = t.decisive.is_some_and(|o| o.reason == EndReason::CityCaptured);
                (city || !t.captured.is_empty()).then_some(Threat {
                    mv: t.mv,
                    captured: t.captured,
                    stones: t.captured_stones,
                    city,
                })
            })
            .collect();
        sorting::sort_by(&mut threats, |a, b| {
            b.city
                .cmp(&a.city)
                .then(b.stones.cmp(&a.stones))
                .then(a.mv.to_string().cmp(&b.mv.to_string()))
        });
        Threats { threats, complete: true, largest }
    }
}

/// What one move of the side to move can capture, in stones (the outcome
/// puzzles' targets, `capture_outcome`'s reply). The most stones are taken
/// by a largest set of stacks captured together (a bigger set holds more
/// stones), so the capturing moves' `largest` list decides them exactly;
/// the stacks some move captures are all taken by those moves either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BiggestCapture {
    /// The most stones one move captures.
    pub stones: u32,
    /// Whether `stones` is the most: false when the search did not finish
    /// within the limit (then it is the most a move found takes).
    pub exact: bool,
    /// The stones on every stack that some move captures (each stack
    /// counted once, whichever move takes it): the stones open to capture.
    pub open: u32,
    /// Whether `open` is settled: false when not even the search per stack
    /// finished within the limit (then `open` and `stones` are 0).
    pub complete: bool,
}

/// What one move achieves in stones: the stones it captures, and what the
/// opponent can capture in reply (nothing when the move ends the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureOutcome {
    pub captured: u32,
    pub reply: BiggestCapture,
}

impl Position {
    /// The most stones one move of the side to move captures, from the
    /// rules' capturing moves within `limit` (0, exact, when the game is over).
    pub fn biggest_capture(&self, rules: &RuleOptions, limit: usize) -> BiggestCapture {
        if self.status(rules).is_some() {
            return BiggestCapture { stones: 0, exact: true, open: 0, complete: true };
        }
        let Ok(CapturingMoves { moves, largest }) =
            self.game.rules().capturing_moves(self, rules, limit)
        else {
            return BiggestCapture { stones: 0, exact: false, open: 0, complete: false };
        };
        let mut taken: Vec<Cell> = moves.iter().flat_map(|t| t.captured.iter().copied()).collect();
        sorting::sort_by_key(&mut taken, |c| c.file_major_key());
        taken.dedup();
        BiggestCapture {
            stones: moves.iter().map(|t| t.captured_stones).max().unwrap_or(0),
            exact: largest,
            open: taken.iter().map(|&c| u32::from(self.board.get(c))).sum(),
            complete: true,
        }
    }
}

/// The work limit for what a reply can capture in `capture_outcome`, as the
/// outcome puzzles judge it: the search per stack (which stacks can fall,
/// so the stones open to capture) settles real middle games within it in
/// hundredths of a second, where the search for the biggest set of them
/// could take seconds.
pub const REPLY_LIMIT: usize = 50_000;

/// What the move `t` achieves: its capture and what a reply can capture
/// (`Position::biggest_capture` after it, within `limit`).
pub fn capture_outcome(t: &Transition, rules: &RuleOptions, limit: usize) -> CaptureOutcome {
    let reply = if t.decisive.is_some() {
        BiggestCapture { stones: 0, exact: true, open: 0, complete: true }
    } else {
        t.position.biggest_capture(rules, limit)
    };
    CaptureOutcome { captured: t.captured_stones, reply }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::DEFAULT_MOVE_LIMIT;
    use crate::variant::GameKind;

    /// Blue could capture Red's city with e8-d9-c10 were it Blue's turn.
    const RED_TO_MOVE: &str = "intermedium 0,0,1,0,1,0,0/0,0,0,1,0,0,0/0,0,0,0,2,0,0/0,0,0,0,0,0,0/0,1,0,0,0,0,0/1,5,1,0,0,0,0/2,1,0,0,0,0,0/3,0,3,0,0,0,0/0,0,0,0,0,0,0/0,0,0,0,0,0,0 red 0 10";

    #[test]
    fn the_side_not_to_move_threatens_the_city() {
        let pos: Position = RED_TO_MOVE.parse().unwrap();
        let t = pos.threats(&RuleOptions::default(), DEFAULT_MOVE_LIMIT);
        assert!(t.complete);
        assert!(t.threats[0].city, "{t:?}");
        assert!(t.threats.iter().any(|x| x.mv.to_string() == "e8-d9-c10"));
        // Exactly the capturing moves of the other side.
        let mut blue = pos;
        blue.side_to_move = Side::First;
        blue.move_number += 1;
        let all = blue.legal_moves(&RuleOptions::default(), DEFAULT_MOVE_LIMIT).unwrap();
        let capturing = all.iter().filter(|m| m.decisive.is_some() || !m.captured.is_empty());
        assert_eq!(capturing.count(), t.threats.len());
    }

    /// The maximal capture sets of the full move list (those no other
    /// move's captures contain).
    fn sets_by_brute_force(pos: &Position, rules: &RuleOptions) -> Option<Vec<Vec<Cell>>> {
        let all = pos.successors(rules, 3_000_000).ok()?;
        let mut sets: Vec<Vec<Cell>> =
            all.into_iter().filter(|t| !t.captured.is_empty()).map(|t| t.captured).collect();
        sets.sort();
        sets.dedup();
        let within = |a: &Vec<Cell>, b: &Vec<Cell>| a != b && a.iter().all(|c| b.contains(c));
        Some(sets.iter().filter(|a| !sets.iter().any(|b| within(a, b))).cloned().collect())
    }

    fn sets_of(t: &Threats) -> Vec<Vec<Cell>> {
        let mut sets: Vec<Vec<Cell>> = t.threats.iter().map(|x| x.captured.clone()).collect();
        sets.sort();
        sets
    }

    /// Each threat's move is legal for the other side and captures exactly
    /// what the threat says.
    fn check_moves(pos: &Position, rules: &RuleOptions, t: &Threats) {
        let other = pos.other_to_move();
        for x in &t.threats {
            let played = other.play(&x.mv, rules).unwrap_or_else(|e| panic!("{}: {e}", x.mv));
            assert_eq!(played.captured, x.captured, "{}", x.mv);
            assert_eq!(played.captured_stones, x.stones, "{}", x.mv);
        }
    }

    /// White to move must save material (tests/tactics/cash-in-hand.txt):
    /// Black threatens captures, one entry per largest set of stacks.
    #[test]
    fn cash_in_hand_threats_are_the_capture_sets_of_the_other_side() {
        let text = "cash-in-hand 0,0,0,0,2,0,2,0/0,0,0,0,1,0,1,0/0,0,0,0,0,1,2,0/0,0,0,2,1,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 white 0 20";
        let pos: Position = text.parse().unwrap();
        let rules = RuleOptions::default();
        let t = pos.threats(&rules, DEFAULT_MOVE_LIMIT);
        assert!(t.complete && t.largest && !t.threats.is_empty(), "{t:?}");
        let brute = sets_by_brute_force(&pos.other_to_move(), &rules).unwrap();
        assert_eq!(sets_of(&t), brute);
        check_moves(&pos, &rules, &t);
        assert!(t.threats.windows(2).all(|w| w[0].stones >= w[1].stones), "most stones first");
    }

    /// Over 255 stones a redistribution could overflow, so the threats come
    /// from the full move list: the tactics board above with a 250-stone
    /// White stack on b1, far from the fight, gives the same capture sets.
    #[test]
    fn cash_in_hand_threats_over_255_stones_are_the_full_lists_sets() {
        let text = "cash-in-hand 0,0,0,0,2,0,2,0/0,0,0,0,1,0,1,0/0,0,0,0,0,1,2,0/0,0,0,2,1,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,250,0,0,0,0,0,0 white 0 20";
        let pos: Position = text.parse().unwrap();
        let rules = RuleOptions::default();
        let t = pos.threats(&rules, DEFAULT_MOVE_LIMIT);
        assert!(t.complete && t.largest, "{t:?}");
        let brute = sets_by_brute_force(&pos.other_to_move(), &rules).unwrap();
        assert!(brute.len() > 1, "{brute:?}");
        assert_eq!(sets_of(&t), brute);
        check_moves(&pos, &rules, &t);
    }

    /// Random Cash in Hand boards small enough to list every move: the
    /// search finds exactly the maximal capture sets of the full list.
    #[test]
    fn cash_in_hand_threats_match_the_full_move_list() {
        use rand::rngs::SmallRng;
        use rand::SeedableRng;
        let rules = RuleOptions::default();
        let mut rng = SmallRng::seed_from_u64(12);
        let (mut compared, mut with_threats) = (0, 0);
        for _ in 0..400 {
            let Some(pos) = crate::cash::clustered_position(&mut rng) else { continue };
            let Some(brute) = sets_by_brute_force(&pos.other_to_move(), &rules) else { continue };
            let t = pos.threats(&rules, DEFAULT_MOVE_LIMIT);
            assert!(t.complete && t.largest, "{pos}");
            assert_eq!(sets_of(&t), brute, "{pos}");
            check_moves(&pos, &rules, &t);
            compared += 1;
            with_threats += usize::from(!brute.is_empty());
        }
        assert!(
            compared > 300 && with_threats > 100,
            "{compared} compared, {with_threats} with threats"
        );
    }

    /// The outcome puzzles' counts agree with the full move list on boards
    /// small enough to list: the most stones one move captures, and the
    /// stones on every stack some move captures.
    #[test]
    fn the_biggest_capture_and_the_open_stones_match_the_full_move_list() {
        use rand::rngs::SmallRng;
        use rand::SeedableRng;
        let rules = RuleOptions::default();
        let mut rng = SmallRng::seed_from_u64(56);
        let (mut compared, mut capturing) = (0, 0);
        for _ in 0..300 {
            let Some(pos) = crate::cash::clustered_position(&mut rng) else { continue };
            let Ok(all) = pos.successors(&rules, 3_000_000) else { continue };
            let b = pos.biggest_capture(&rules, DEFAULT_MOVE_LIMIT);
            assert!(b.exact && b.complete, "{pos}");
            let most = all.iter().map(|t| t.captured_stones).max().unwrap_or(0);
            let mut open: Vec<Cell> = all.iter().flat_map(|t| t.captured.clone()).collect();
            open.sort_by_key(|c| c.file_major_key());
            open.dedup();
            let open: u32 = open.iter().map(|&c| u32::from(pos.board.get(c))).sum();
            assert_eq!((b.stones, b.open), (most, open), "{pos}");
            // A move's outcome: its capture, and the position after it judged alike.
            if let Some(t) = all.iter().max_by_key(|t| t.captured_stones) {
                let o = capture_outcome(t, &rules, DEFAULT_MOVE_LIMIT);
                assert_eq!(o.captured, t.captured_stones);
                if t.decisive.is_none() {
                    assert_eq!(o.reply, t.position.biggest_capture(&rules, DEFAULT_MOVE_LIMIT));
                }
            }
            compared += 1;
            capturing += usize::from(most > 0);
        }
        assert!(compared > 200 && capturing > 60, "{compared} compared, {capturing} with captures");
    }

    /// Middle-game boards with 32-stone corners split into tall stacks: far
    /// too many moves to list, yet the capture sets are found exactly.
    #[test]
    fn the_start_has_no_threats_and_cash_in_hand_middle_games_are_complete() {
        let rules = RuleOptions::default();
        let start = Position::start(GameKind::Intermedium);
        assert_eq!(
            start.threats(&rules, DEFAULT_MOVE_LIMIT),
            Threats { threats: vec![], complete: true, largest: true }
        );
        let cash = Position::start(GameKind::CashInHand);
        assert!(cash.other_to_move().successors(&rules, 10_000).is_err(), "too many to list");
        assert_eq!(
            cash.threats(&rules, DEFAULT_MOVE_LIMIT),
            Threats { threats: vec![], complete: true, largest: true }
        );
    }

    /// Boards of tall stacks everywhere (set-ups only): the threat walk is
    /// charged to the limit from its first state, so a small limit answers
    /// at once, incomplete, whatever the stacks.
    #[test]
    fn the_limit_holds_from_the_first_step_on_tall_stacks() {
        let rules = RuleOptions::default();
        for game in [GameKind::Intermedium, GameKind::CashInHand] {
            for n in [30u8, 50, 255] {
                let mut pos = Position::start(game);
                for c in game.geometry().cells() {
                    pos.board.set(c, n);
                }
                for limit in [0, 10, 1000] {
                    let before = crate::intermedium::walk_work();
                    let t = pos.threats(&rules, limit);
                    let walked = crate::intermedium::walk_work() - before;
                    assert!(
                        walked <= limit as u64,
                        "{game} {n}: {walked} walk states on limit {limit}"
                    );
                    if game == GameKind::Intermedium {
                        assert!(!t.complete, "{game} {n} {limit}: complete");
                    }
                    if !t.complete {
                        assert!(t.threats.is_empty());
                    }
                }
            }
        }
    }
}
