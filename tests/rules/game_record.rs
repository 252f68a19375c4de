//! The game record's undo and redo over many plies, both games. The
//! expected states are recorded while playing forward (never by undoing),
//! and a simple model (a cursor into the recorded line) says where each
//! undo, redo or new move must land.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sowboard::{Game, GameKind, Move, Outcome, Ply, Position, Rules, DEFAULT_MOVE_LIMIT};

/// What a game shows at one point of its line.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    position: Position,
    outcome: Option<Outcome>,
    plies: Vec<Ply>,
}

fn seen(game: &Game) -> Seen {
    Seen { position: *game.position(), outcome: game.outcome(), plies: game.plies().to_vec() }
}

/// A random legal move of the game's current position, if it goes on.
fn random_move(game: &Game, rng: &mut SmallRng) -> Option<Move> {
    if game.outcome().is_some() {
        return None;
    }
    let t = match game.game() {
        // Cash in Hand positions can have far too many moves to list.
        GameKind::CashInHand => sowboard::cash_random_move(game.position(), game.rules(), rng)?,
        GameKind::Intermedium => {
            let mut moves = game.legal_moves(DEFAULT_MOVE_LIMIT).ok()?;
            let i = rng.random_range(0..moves.len());
            moves.swap_remove(i)
        }
    };
    Some(t.mv)
}

/// A line of play: the states after 0, 1, 2... plies, recorded while playing.
struct Line {
    states: Vec<Seen>,
    /// How many plies of `states` the game is at.
    cursor: usize,
}

impl Line {
    fn play_forward(game: &mut Game, plies: usize, rng: &mut SmallRng) -> Line {
        let mut states = vec![seen(game)];
        for _ in 0..plies {
            let Some(mv) = random_move(game, rng) else { break };
            game.play(&mv).expect("a generated move is legal");
            states.push(seen(game));
        }
        let cursor = states.len() - 1;
        Line { states, cursor }
    }

    fn check(&self, game: &Game) -> Result<(), TestCaseError> {
        prop_assert_eq!(&seen(game), &self.states[self.cursor], "at ply {}", self.cursor);
        prop_assert_eq!(game.can_redo(), self.cursor + 1 < self.states.len());
        Ok(())
    }

    /// The move that leads from ply `i` to ply `i + 1`.
    fn move_at(&self, i: usize) -> Move {
        self.states[i + 1].plies[i].transition.mv.clone()
    }
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Undo,
    Redo,
    /// A new move (from this seed), which ends the line here.
    Play(u64),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![4 => Just(Op::Undo), 4 => Just(Op::Redo), 1 => any::<u64>().prop_map(Op::Play)]
}

fn undo_redo_follow_the_line(
    kind: GameKind,
    seed: u64,
    plies: usize,
    ops: &[Op],
) -> Result<(), TestCaseError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(kind, Rules::default());
    let mut line = Line::play_forward(&mut game, plies, &mut rng);
    line.check(&game)?;
    for &op in ops {
        match op {
            Op::Undo => {
                let expected = (line.cursor > 0).then(|| line.move_at(line.cursor - 1));
                prop_assert_eq!(game.undo(), expected, "undo at ply {}", line.cursor);
                line.cursor = line.cursor.saturating_sub(1);
            }
            Op::Redo => {
                let can = line.cursor + 1 < line.states.len();
                let expected = can.then(|| line.move_at(line.cursor));
                prop_assert_eq!(game.redo(), expected, "redo at ply {}", line.cursor);
                line.cursor += usize::from(can);
            }
            Op::Play(seed) => {
                let Some(mv) = random_move(&game, &mut SmallRng::seed_from_u64(seed)) else {
                    continue;
                };
                game.play(&mv).expect("a generated move is legal");
                line.states.truncate(line.cursor + 1);
                line.states.push(seen(&game));
                line.cursor += 1;
            }
        }
        line.check(&game)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn intermedium_undo_and_redo_follow_the_recorded_line(
        seed in any::<u64>(),
        plies in 0usize..30,
        ops in prop::collection::vec(op(), 0..60),
    ) {
        undo_redo_follow_the_line(GameKind::Intermedium, seed, plies, &ops)?;
    }

    #[test]
    fn cash_undo_and_redo_follow_the_recorded_line(
        seed in any::<u64>(),
        plies in 0usize..30,
        ops in prop::collection::vec(op(), 0..60),
    ) {
        undo_redo_follow_the_line(GameKind::CashInHand, seed, plies, &ops)?;
    }
}

/// Undo k plies, then redo j of them, for every k and j: each step lands on
/// the state recorded while playing forward.
#[test]
fn undo_k_then_redo_j_lands_on_the_recorded_states() {
    for kind in GameKind::ALL {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut forward = Game::new(kind, Rules::default());
        let line = Line::play_forward(&mut forward, 8, &mut rng);
        let n = line.states.len() - 1;
        assert_eq!(n, 8, "{kind}: the line is meant to be 8 plies long");
        for k in 0..=n {
            for j in 0..=k {
                let mut game = forward.clone();
                for i in 0..k {
                    assert_eq!(game.undo(), Some(line.move_at(n - 1 - i)), "{kind}");
                    assert_eq!(seen(&game), line.states[n - 1 - i], "{kind}: undo {}", i + 1);
                }
                for i in 0..j {
                    let at = n - k + i;
                    assert_eq!(game.redo(), Some(line.move_at(at)), "{kind}: redo {}", i + 1);
                    assert_eq!(
                        seen(&game),
                        line.states[at + 1],
                        "{kind}: undo {k}, redo {}",
                        i + 1
                    );
                }
                assert_eq!(game.can_redo(), j < k, "{kind}: undo {k}, redo {j}");
                if j == k {
                    assert_eq!(game.redo(), None, "{kind}: nothing left to redo");
                    assert_eq!(game, forward, "{kind}: undo {k} then redo {k} is the same record");
                }
            }
        }
    }
}

/// The record keeps the rules it was made with, its start and every
/// position on the way; a finished game lists no moves.
#[test]
fn the_record_keeps_its_rules_start_and_positions() {
    let rules = Rules { first_move_rule: false, quiet_ply_limit: 6, repetition_draw: false };
    let mut game = Game::new(GameKind::Intermedium, rules);
    assert_eq!(game.rules(), &rules);
    assert_eq!(game.game(), GameKind::Intermedium);
    let line = Line::play_forward(&mut game, 40, &mut SmallRng::seed_from_u64(3));
    assert_eq!(game.start(), &Position::start(GameKind::Intermedium));
    for (i, state) in line.states.iter().enumerate() {
        assert_eq!(game.position_at(i), Some(&state.position), "ply {i}");
    }
    assert_eq!(game.position_at(line.states.len()), None);
    assert!(game.outcome().is_some(), "a quiet limit of 6 ends the game within 40 plies");
    assert_eq!(game.legal_moves(DEFAULT_MOVE_LIMIT), Ok(Vec::new()));
    let texts: Vec<String> = game.plies().iter().map(|p| p.transition.mv.to_string()).collect();
    assert_eq!(game.move_texts(), texts);
}
