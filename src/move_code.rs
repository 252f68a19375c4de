//! A game's moves as a short code for links (play a friend by link): each
//! move is written as the sequence of choices the move builder offers
//! (origin, pick-up count, each step with its drop, each placement), every
//! choice as its index among the options offered at that point, in the
//! fewest bits that hold the number of options (a forced choice costs
//! nothing). Decoding replays those choices through the builder, so a code
//! can only ever produce legal moves: a tampered code is refused, naming the
//! move, or decodes to other legal moves (which the page then compares with
//! its copy of the game).
//!
//! Text: URL-safe base64 characters (`A-Z a-z 0-9 - _`), six bits each. The
//! code starts with the number of moves (five bits per character, the sixth
//! saying another follows), then the choices; the last character is padded
//! with zero bits, and anything after it is refused.
//!
//! The order of the builder's options is part of this format: a change to
//! it changes what old links mean. `golden_codes_are_stable` (below) fails
//! on such a change; bump the link version in `www/link/codec.js` with it.

use crate::board::Cell;
use crate::builder::{MoveBuilder, Stage};
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::RuleOptions;
use std::fmt;

/// The longest code accepted (characters), far above any real game's.
pub const MAX_CODE_LEN: usize = 65_536;

/// The most moves a code may hold. Forced choices cost no bits, so a short
/// code could otherwise claim a million moves of a contrived position with
/// the draw rules off, and keep the page busy replaying them.
pub const MAX_CODE_PLIES: usize = 10_000;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a code is refused (or, never expected, a move could not be coded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveCodeError {
    TooLong(usize),
    BadChar {
        index: usize,
        found: char,
    },
    /// The code ends while move `ply` (1-based) is incomplete.
    Truncated {
        ply: usize,
    },
    /// Move `ply` makes a choice the position does not offer.
    NotLegal {
        ply: usize,
    },
    /// The code goes on after the game ended, at move `ply`.
    AfterEnd {
        ply: usize,
    },
    /// Characters or set bits after the last move.
    Trailing,
    /// The code claims more than `MAX_CODE_PLIES` moves.
    TooManyMoves(usize),
    /// Move `ply` of a game could not be rebuilt choice by choice (a bug).
    NotEncodable {
        ply: usize,
    },
}

impl MoveCodeError {
    /// The stable code the wasm API throws with.
    pub fn code(&self) -> &'static str {
        "move-code"
    }
}

impl fmt::Display for MoveCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveCodeError::TooLong(n) => {
                write!(f, "the moves are {n} characters long, more than {MAX_CODE_LEN}")
            }
            MoveCodeError::BadChar { index, found } => {
                write!(
                    f,
                    "character {} of the moves ('{found}') is not part of a move code",
                    index + 1
                )
            }
            MoveCodeError::Truncated { ply } => {
                write!(f, "the moves stop in the middle of move {ply}")
            }
            MoveCodeError::NotLegal { ply } => {
                write!(f, "move {ply} is not a legal move in its position")
            }
            MoveCodeError::AfterEnd { ply } => {
                write!(f, "move {ply} comes after the end of the game")
            }
            MoveCodeError::Trailing => f.write_str("there is more after the last move"),
            MoveCodeError::TooManyMoves(n) => {
                write!(f, "it claims {n} moves, more than {MAX_CODE_PLIES}")
            }
            MoveCodeError::NotEncodable { ply } => {
                write!(f, "move {ply} could not be written as a code")
            }
        }
    }
}

impl std::error::Error for MoveCodeError {}

/// Bits needed to write an index below `n` (0 when there is one choice).
fn width(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

struct BitWriter {
    out: String,
    acc: u32,
    bits: u32,
}

impl BitWriter {
    fn new() -> BitWriter {
        BitWriter { out: String::new(), acc: 0, bits: 0 }
    }

    fn push(&mut self, value: usize, width: u32) {
        for i in (0..width).rev() {
            self.acc = (self.acc << 1) | ((value >> i) & 1) as u32;
            self.bits += 1;
            if self.bits == 6 {
                self.out.push(ALPHABET[self.acc as usize] as char);
                self.acc = 0;
                self.bits = 0;
            }
        }
    }

    /// A count, five bits per character with a "more follows" bit first.
    fn push_count(&mut self, mut n: usize) {
        loop {
            let more = n >= 32;
            self.push(usize::from(more), 1);
            self.push(n & 31, 5);
            n >>= 5;
            if !more {
                break;
            }
        }
    }

    fn finish(mut self) -> String {
        if self.bits > 0 {
            let pad = 6 - self.bits;
            self.push(0, pad);
        }
        self.out
    }
}

struct BitReader<'a> {
    text: &'a [u8],
    pos: usize,
    acc: u32,
    bits: u32,
}

impl<'a> BitReader<'a> {
    fn new(text: &'a str) -> Result<BitReader<'a>, MoveCodeError> {
        if text.len() > MAX_CODE_LEN {
            return Err(MoveCodeError::TooLong(text.len()));
        }
        if let Some((index, found)) = text.chars().enumerate().find(|(_, c)| sextet(*c).is_none()) {
            return Err(MoveCodeError::BadChar { index, found });
        }
        Ok(BitReader { text: text.as_bytes(), pos: 0, acc: 0, bits: 0 })
    }

    /// `width` bits, or `None` when the text ends first.
    fn take(&mut self, width: u32) -> Option<usize> {
        let mut value = 0usize;
        for _ in 0..width {
            if self.bits == 0 {
                let c = *self.text.get(self.pos)?;
                self.pos += 1;
                self.acc = sextet(c as char).expect("checked in new") as u32;
                self.bits = 6;
            }
            self.bits -= 1;
            value = (value << 1) | ((self.acc >> self.bits) & 1) as usize;
        }
        Some(value)
    }

    fn take_count(&mut self) -> Option<usize> {
        let mut n = 0usize;
        for shift in (0..).step_by(5).take(4) {
            let more = self.take(1)?;
            n |= self.take(5)? << shift;
            if more == 0 {
                return Some(n);
            }
        }
        None // more than 20 bits: no game has a million moves
    }

    fn at_end(&self) -> bool {
        let rest = self.acc & ((1 << self.bits) - 1);
        self.pos == self.text.len() && rest == 0
    }
}

fn sextet(c: char) -> Option<u8> {
    ALPHABET.iter().position(|&a| a as char == c).map(|i| i as u8)
}

/// The options at the builder's stage, each as what to do to choose it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Choice {
    Origin(Cell),
    Count(u32),
    Step(Cell, u32),
    Place(Cell, u32),
}

/// Every option the builder offers at this stage, in its order (part of the format).
fn options(b: &MoveBuilder) -> Vec<Choice> {
    match b.stage() {
        Stage::Origin => b.origins().into_iter().map(Choice::Origin).collect(),
        Stage::Count => b.count_options().into_iter().map(|n| Choice::Count(n.into())).collect(),
        Stage::Step => b
            .step_options()
            .into_iter()
            .flat_map(|o| o.drops().into_iter().map(move |d| Choice::Step(o.cell, d.into())))
            .collect(),
        Stage::Place => b
            .place_options()
            .into_iter()
            .flat_map(|c| {
                let (lo, hi) = b.place_range(c).unwrap_or((1, 0));
                (lo..=hi).map(move |n| Choice::Place(c, n))
            })
            .collect(),
        Stage::Done => Vec::new(),
    }
}

fn apply(b: &mut MoveBuilder, choice: Choice) -> bool {
    match choice {
        Choice::Origin(c) => b.select_origin(c),
        Choice::Count(n) => b.pick_up(n),
        Choice::Step(c, d) => b.step(c, d),
        Choice::Place(c, n) => b.place(c, n),
    }
    .is_ok()
}

/// The choices that build `mv`, in order.
fn choices_of(mv: &Move) -> Vec<Choice> {
    let mut v = vec![Choice::Origin(mv.origin())];
    if let Move::Cash(m) = mv {
        v.push(Choice::Count(m.count));
    }
    v.extend(mv.drops().into_iter().map(|(c, d)| Choice::Step(c, d)));
    v.extend(mv.placements().into_iter().map(|(c, n)| Choice::Place(c, n)));
    v
}

/// The moves of `game` (from its start) as a code.
pub fn encode(game: &Game) -> Result<String, MoveCodeError> {
    write(game, game.plies().len())
}

/// `encode` with the number of moves written as `count` (tests claim more).
fn write(game: &Game, count: usize) -> Result<String, MoveCodeError> {
    let mut w = BitWriter::new();
    w.push_count(count);
    for (i, ply) in game.plies().iter().enumerate() {
        let not_encodable = MoveCodeError::NotEncodable { ply: i + 1 };
        let before = game.position_at(i).expect("a position before every ply");
        let mut b = MoveBuilder::new(before, game.rules());
        for choice in choices_of(&ply.transition.mv) {
            let offered = options(&b);
            let index = offered.iter().position(|&o| o == choice).ok_or(not_encodable.clone())?;
            w.push(index, width(offered.len()));
            if !apply(&mut b, choice) {
                return Err(not_encodable);
            }
        }
        if b.stage() != Stage::Done {
            return Err(not_encodable);
        }
    }
    Ok(w.finish())
}

/// The game that `code` writes from `start` under `rules`; every move is
/// rebuilt through the move builder, so each is legal where it is played.
pub fn decode(start: Position, rules: RuleOptions, code: &str) -> Result<Game, MoveCodeError> {
    let mut r = BitReader::new(code)?;
    let plies = r.take_count().ok_or(MoveCodeError::Truncated { ply: 0 })?;
    if plies > MAX_CODE_PLIES {
        return Err(MoveCodeError::TooManyMoves(plies));
    }
    let mut game = Game::from_position(start, rules);
    for ply in 1..=plies {
        if game.outcome().is_some() {
            return Err(MoveCodeError::AfterEnd { ply });
        }
        let mut b = MoveBuilder::new(game.position(), game.rules());
        while b.stage() != Stage::Done {
            let offered = options(&b);
            if offered.is_empty() {
                return Err(MoveCodeError::NotLegal { ply });
            }
            let index = r.take(width(offered.len())).ok_or(MoveCodeError::Truncated { ply })?;
            let choice = *offered.get(index).ok_or(MoveCodeError::NotLegal { ply })?;
            if !apply(&mut b, choice) {
                return Err(MoveCodeError::NotLegal { ply });
            }
        }
        game.push(b.finish().ok_or(MoveCodeError::NotLegal { ply })?);
    }
    if !r.at_end() {
        return Err(MoveCodeError::Trailing);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::GameKind;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    fn start(kind: GameKind) -> Position {
        Position::start(kind)
    }

    /// A random game of `plies` plies (fewer if it ends), played by the builder.
    fn random_game(kind: GameKind, plies: usize, seed: u64) -> Game {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::new(kind, RuleOptions::default());
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let mut b = MoveBuilder::new(game.position(), game.rules());
            while b.stage() != Stage::Done {
                let offered = options(&b);
                assert!(apply(&mut b, offered[rng.random_range(0..offered.len())]));
            }
            game.push(b.finish().unwrap());
        }
        game
    }

    #[test]
    fn codes_round_trip_through_random_games() {
        for kind in GameKind::ALL {
            for seed in 0..6 {
                let game = random_game(kind, 100, seed);
                let code = encode(&game).unwrap();
                let back = decode(*game.start(), *game.rules(), &code).unwrap();
                assert_eq!(back.move_texts(), game.move_texts(), "{kind} seed {seed}");
                assert_eq!(back.outcome(), game.outcome());
            }
        }
    }

    #[test]
    fn moves_played_from_text_encode_too() {
        let mut game = Game::new(GameKind::Intermedium, RuleOptions::default());
        game.play_text("a4-b5-a6-b7-a8").unwrap();
        let code = encode(&game).unwrap();
        let back = decode(start(GameKind::Intermedium), RuleOptions::default(), &code).unwrap();
        assert_eq!(back.move_texts(), ["a4-b5-a6-b7-a8"]);
    }

    #[test]
    fn a_hundred_plies_are_short() {
        // Random choices at every step: longer moves than players make.
        for kind in GameKind::ALL {
            let mut longest = 0;
            for seed in 0..20 {
                let game = random_game(kind, 100, seed);
                let code = encode(&game).unwrap();
                if game.plies().len() == 100 {
                    longest = longest.max(code.len());
                }
            }
            eprintln!("{kind}: longest code of 100 random plies: {longest} characters");
            assert!(longest > 0 && longest < 1200, "{kind}: {longest} characters");
        }
    }

    #[test]
    fn golden_codes_are_stable() {
        // If this fails, the builder's option order changed and so did the
        // meaning of every link ever sent: bump the link version.
        let golden = [
            (
                GameKind::Intermedium,
                "c4-b3-a4-b5-c6;f8-g7-f6-e7-f8;g4-f5-g6-f7-g8;c7-b6-a5-b4-a3",
                "EiBsJAMo",
            ),
            (
                GameKind::CashInHand,
                "a8:24 b7:3 c6:6 d7:9 e6:1 f5:5;h8:4 g7:1 h6:3;c6:1 b5:1;a1:6 b2:4 a3:1 b4:1",
                "E3FeQ_RkIArQ",
            ),
        ];
        for (kind, moves, code) in golden {
            let game = crate::record::replay(start(kind), moves.split(';'), RuleOptions::default())
                .unwrap();
            assert_eq!(encode(&game).unwrap(), code, "{kind}");
            let back = decode(start(kind), RuleOptions::default(), code).unwrap();
            assert_eq!(back.move_texts().join(";"), moves);
        }
    }

    #[test]
    fn damaged_codes_are_refused_naming_the_move() {
        let rules = RuleOptions::default();
        let game = random_game(GameKind::CashInHand, 20, 3);
        let code = encode(&game).unwrap();
        let decode = |c: &str| decode(start(GameKind::CashInHand), rules, c);
        assert!(
            matches!(decode(&code[..code.len() / 2]).unwrap_err(), MoveCodeError::Truncated { ply } if ply > 1)
        );
        assert_eq!(decode(&format!("{code}A")).unwrap_err(), MoveCodeError::Trailing);
        assert!(matches!(
            decode("AB*").unwrap_err(),
            MoveCodeError::BadChar { index: 2, found: '*' }
        ));
        assert!(matches!(
            decode(&"A".repeat(MAX_CODE_LEN + 1)).unwrap_err(),
            MoveCodeError::TooLong(_)
        ));
        assert!(matches!(decode("").unwrap_err(), MoveCodeError::Truncated { ply: 0 }));
        assert_eq!(decode("A").unwrap().plies().len(), 0);
        let mut w = BitWriter::new();
        w.push_count(MAX_CODE_PLIES + 1);
        assert_eq!(
            decode(&w.finish()).unwrap_err(),
            MoveCodeError::TooManyMoves(MAX_CODE_PLIES + 1)
        );
        // Every one-character change is refused or decodes to legal moves.
        for i in 0..code.len() {
            for c in ['A', '_', 'z'] {
                let mut tampered = code.clone().into_bytes();
                tampered[i] = c as u8;
                if let Ok(g) = decode(std::str::from_utf8(&tampered).unwrap()) {
                    let replayed = crate::record::replay(
                        start(GameKind::CashInHand),
                        g.move_texts().iter().map(String::as_str),
                        rules,
                    );
                    assert!(replayed.is_ok());
                }
            }
        }
    }

    #[test]
    fn moves_after_the_end_are_refused() {
        let game = (0..)
            .map(|seed| random_game(GameKind::Intermedium, 400, seed))
            .find(|g| g.outcome().is_some())
            .unwrap();
        let n = game.plies().len();
        let claimed = write(&game, n + 1).unwrap();
        let e = decode(*game.start(), *game.rules(), &claimed).unwrap_err();
        assert_eq!(e, MoveCodeError::AfterEnd { ply: n + 1 });
    }
}
