//! Capture threats (issue 12): what the side NOT to move could capture if
//! it were its turn now — every such move, the stacks it would take and
//! whether it would take the city. The analysis board draws them.
//!
//! Intermedium asks its exact threat walk (`Position::attacker`) first, so
//! a position without a threat costs microseconds and is known complete;
//! only when some target can fall are the moves listed (within `limit`).
//! Cash in Hand has no such walk: its moves are listed when the list fits
//! in `limit`, and otherwise the answer says it is incomplete.

use crate::board::Cell;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::{EndReason, GameKind, RuleOptions, Side};

/// One capturing move of the side not to move.
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
    /// False when the moves were too many to list within the limit: then
    /// `threats` is empty and says nothing.
    pub complete: bool,
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
        if self.game == GameKind::Intermedium {
            let g = other.board.geometry();
            let attacker = other.attacker(rules);
            let mine = self.side_to_move;
            // The walk takes cells of the opponent's colour: stacks and the city.
            let any = g
                .cells()
                .filter(|&c| other.owner(c) == mine)
                .filter(|&c| other.board.is_occupied(c) || c == crate::city(mine))
                .any(|c| attacker.can_capture(c));
            if !any {
                return Threats { threats: Vec::new(), complete: true };
            }
        }
        let Ok(moves) = other.successors(rules, limit) else {
            return Threats { threats: Vec::new(), complete: false };
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
        threats.sort_by(|a, b| {
            b.city
                .cmp(&a.city)
                .then(b.stones.cmp(&a.stones))
                .then(a.mv.to_string().cmp(&b.mv.to_string()))
        });
        Threats { threats, complete: true }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::DEFAULT_MOVE_LIMIT;

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

    /// White to move must save material (tests/tactics/cash-in-hand.txt):
    /// Black threatens captures, and a small position lists every one.
    #[test]
    fn cash_in_hand_threats_are_the_capturing_moves_of_the_other_side() {
        let text = "cash-in-hand 0,0,0,0,2,0,2,0/0,0,0,0,1,0,1,0/0,0,0,0,0,1,2,0/0,0,0,2,1,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 white 0 20";
        let pos: Position = text.parse().unwrap();
        let rules = RuleOptions::default();
        let t = pos.threats(&rules, DEFAULT_MOVE_LIMIT);
        assert!(t.complete && !t.threats.is_empty(), "{t:?}");
        let mut black = pos;
        black.side_to_move = Side::Second;
        let all = black.legal_moves(&rules, DEFAULT_MOVE_LIMIT).unwrap();
        let capturing = all.iter().filter(|m| !m.captured.is_empty()).count();
        assert_eq!(capturing, t.threats.len());
        assert!(t.threats.windows(2).all(|w| w[0].stones >= w[1].stones), "most stones first");
    }

    #[test]
    fn the_start_has_no_threats_and_cash_in_hand_says_when_it_cannot_list() {
        let rules = RuleOptions::default();
        let start = Position::start(GameKind::Intermedium);
        assert_eq!(
            start.threats(&rules, DEFAULT_MOVE_LIMIT),
            Threats { threats: vec![], complete: true }
        );
        let cash = Position::start(GameKind::CashInHand);
        assert!(!cash.threats(&rules, 10_000).complete);
    }
}
