//! The registry of games: the one place that maps a `GameKind` to its rules
//! (`GameRules`, `game_rules.rs`); `game.rs` is one game's record. Adding a
//! game adds an arm here (the compiler asks for it).

use crate::cash::CashInHand;
use crate::game_rules::GameRules;
use crate::intermedium::Intermedium;
use crate::variant::GameKind;

impl GameKind {
    /// The rules of this game.
    pub fn rules(self) -> &'static dyn GameRules {
        match self {
            GameKind::Intermedium => &Intermedium,
            GameKind::CashInHand => &CashInHand,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Cell;
    use crate::variant::{GameKind, Side};

    #[test]
    fn every_game_answers_for_its_own_kind() {
        for kind in GameKind::ALL {
            let rules = kind.rules();
            assert_eq!(rules.kind(), kind);
            assert_eq!(
                rules.side_names().map(|n| kind.side_from_name(n)),
                [Some(Side::First), Some(Side::Second)]
            );
            let start = rules.start_position_string();
            assert!(start.starts_with(kind.name()), "{start}");
            assert_eq!(rules.geometry(), kind.geometry());
        }
    }

    #[test]
    fn cities_are_intermediums_only() {
        let cell = |t: &str| t.parse::<Cell>().unwrap();
        assert_eq!(
            GameKind::Intermedium.rules().cities(),
            vec![(Side::First, cell("d1")), (Side::Second, cell("d10"))]
        );
        assert!(GameKind::CashInHand.rules().cities().is_empty());
    }

    #[test]
    fn a_move_of_the_other_game_is_refused_by_name() {
        let pos = crate::position::Position::start(GameKind::Intermedium);
        let other = GameKind::CashInHand.rules().parse("a1:4 b2:4").unwrap();
        let err =
            GameKind::Intermedium.rules().validate(&pos, &Default::default(), &other).unwrap_err();
        assert_eq!(err.code(), "wrong-game");
    }
}
