//! A move code cut short is refused, whatever the cut: for random games of
//! both games, every proper prefix of the code fails with `Truncated`, and
//! the whole code gives the game back (a second test, independent of the
//! unit test that cuts one code in half).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::move_code::{decode, encode, MoveCodeError};
use sowboard::{cash_random_move, Game, GameKind, Position, Rules, DEFAULT_MOVE_LIMIT};

fn random_game(kind: GameKind, seed: u64, plies: usize) -> Game {
    let rules = Rules::default();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(kind, rules);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let t = match kind {
            GameKind::Intermedium => {
                let moves = game.legal_moves(DEFAULT_MOVE_LIMIT).unwrap();
                let pick = rng.random_range(0..moves.len());
                moves.into_iter().nth(pick).unwrap()
            }
            GameKind::CashInHand => cash_random_move(game.position(), &rules, &mut rng).unwrap(),
        };
        game.push(t);
    }
    game
}

#[test]
fn every_cut_of_a_move_code_is_refused() {
    for kind in [GameKind::Intermedium, GameKind::CashInHand] {
        for seed in 0..6 {
            let game = random_game(kind, seed, 12);
            let code = encode(&game).unwrap();
            let start = Position::start(kind);
            let whole = decode(start, Rules::default(), &code).unwrap();
            assert_eq!(whole.move_texts(), game.move_texts());
            for cut in 1..code.len() {
                let got = decode(start, Rules::default(), &code[..cut]);
                assert!(
                    matches!(got, Err(MoveCodeError::Truncated { .. })),
                    "{kind} seed {seed}: {:?} of {:?} gave {:?}",
                    &code[..cut],
                    code,
                    got.map(|g| g.move_texts())
                );
            }
        }
    }
}
