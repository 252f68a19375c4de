//! Error types. Syntax errors (the text is not a move at all) and legality
//! errors (a well-formed move the rules forbid) are kept apart. Each variant
//! has one human message and one stable machine code (used at the JS boundary).

use crate::board::Cell;
use crate::variant::{GameKind, Outcome};
use std::fmt;

/// The text is not a move in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    Empty,
    /// A token that should name a cell does not.
    BadCell(String),
    /// A token of the wrong form; `expected` says what is wanted.
    BadToken {
        token: String,
        expected: &'static str,
    },
    /// Intermedium: only an origin, no path.
    MissingPath,
    /// The text is much longer than any move can be.
    TooLong(usize),
    /// Cash in Hand: a malformed capture list; says what is wrong.
    BadCaptureList(&'static str),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("empty move"),
            NotationError::BadCell(t) => {
                write!(
                    f,
                    "'{t}' is not a cell name (expected a file letter and a rank number, like c4)"
                )
            }
            NotationError::BadToken { token, expected } => {
                write!(f, "'{token}' is not {expected}")
            }
            NotationError::MissingPath => {
                f.write_str("a move needs the origin and the cells of its path, like a6-b5-c4-d5")
            }
            NotationError::TooLong(n) => {
                write!(f, "the move text is {n} characters long; no move is that long")
            }
            NotationError::BadCaptureList(why) => {
                write!(f, "bad capture list: {why} (expected it like (:d3 e4) after the steps)")
            }
        }
    }
}

impl std::error::Error for NotationError {}

impl NotationError {
    pub fn code(&self) -> &'static str {
        "notation"
    }
}

/// A well-formed move that the rules forbid in this position. `step` numbers
/// count from 1 in the order the move is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver(GameKind, Outcome),
    WrongGame {
        expected: GameKind,
    },
    OffBoard(Cell),
    NotYourStack {
        cell: Cell,
    },
    EmptyOrigin(Cell),
    /// Intermedium: a stack of fewer than 2 stones cannot be sown.
    StackTooSmall {
        cell: Cell,
        count: u8,
    },
    NotDiagonal {
        step: usize,
        from: Cell,
        to: Cell,
    },
    /// Intermedium: a step straight back the way the previous one came.
    Reversal {
        step: usize,
    },
    /// Intermedium: the path must have exactly one cell per stone.
    WrongPathLength {
        cells: usize,
        stones: u8,
    },
    /// Intermedium: the first move must drop a stone on a cell empty at the start of the move.
    FirstMoveRule,
    /// Move builder: a step while no stack is chosen.
    NoOriginYet,
    /// Intermedium: each step drops exactly one stone.
    WrongDrop {
        step: usize,
        drop: u32,
    },
    /// No legal move can be completed from this stack (or from the move so far).
    NoLegalMoveFrom(Cell),
    /// Any cell would hold more than 255 stones (the position format's limit).
    StackOverflow(Cell),
    /// Cash in Hand: picking up 0 stones.
    PickUpZero,
    /// Cash in Hand: picking up more stones than the stack holds.
    PickUpTooMany {
        count: u32,
        stack: u8,
    },
    /// Cash in Hand: no legal first step for the cash picked up.
    NoFirstStep {
        origin: Cell,
        cash: u8,
    },
    /// Cash in Hand: a step onto a cell already visited (the origin counts).
    Revisit {
        step: usize,
        cell: Cell,
    },
    /// Cash in Hand: the target stack is taller than the cash in hand.
    TargetTooTall {
        step: usize,
        cell: Cell,
        height: u8,
        cash: u8,
    },
    /// Cash in Hand: both gate cells occupied and together taller than the cash.
    GateBlocked {
        step: usize,
        a: Cell,
        b: Cell,
        height: u32,
        cash: u8,
    },
    /// Cash in Hand: a drop of 0 stones.
    ZeroDrop {
        step: usize,
        cell: Cell,
    },
    /// Cash in Hand: the drops do not add up to the stones picked up.
    DropsDontAddUp {
        dropped: u32,
        picked: u8,
    },
    /// Cash in Hand: cash is left but no step from here is legal.
    Stuck {
        cell: Cell,
        cash: u8,
    },
    /// Cash in Hand: the capture list written does not match the real captures.
    CaptureMismatch {
        written: Vec<Cell>,
        actual: Vec<Cell>,
    },
    /// Cash in Hand: the redistribution does not add up to the stones captured.
    RedistributionSum {
        placed: u32,
        captured: u32,
    },
    /// Cash in Hand: redistributing onto an empty cell.
    PlaceOnEmpty(Cell),
    /// Cash in Hand: a cell named twice in the redistribution.
    PlaceTwice(Cell),
    /// Cash in Hand: placing 0 stones.
    PlaceZero(Cell),
    /// Move builder: the action does not fit the stage the move is at.
    WrongStage {
        action: &'static str,
    },
}

fn cell_list(cells: &[Cell]) -> String {
    if cells.is_empty() {
        "none".to_string()
    } else {
        cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalMove::*;
        match self {
            GameOver(game, outcome) => write!(f, "the game is already over ({})", outcome.describe(*game)),
            WrongGame { expected } => write!(f, "this is a move of the other game; the position is {expected}"),
            OffBoard(c) => write!(f, "{c} is not on the board"),
            NotYourStack { cell } => write!(f, "{cell} is not your stack (it is on your opponent's colour)"),
            EmptyOrigin(c) => write!(f, "{c} is empty; there is nothing to pick up"),
            StackTooSmall { cell, count } => write!(
                f,
                "{cell} holds {count} stone{}; only a stack of 2 or more can be sown",
                if *count == 1 { "" } else { "s" }
            ),
            NotDiagonal { step, from, to } => {
                let (df, dr) = (from.file.abs_diff(to.file), from.rank.abs_diff(to.rank));
                if df == dr && df > 1 {
                    write!(
                        f,
                        "step {step} ({from} to {to}) is too long: {to} is not next to {from} (each step goes one cell diagonally)"
                    )
                } else {
                    write!(f, "step {step} ({from} to {to}) is not diagonal (each step goes one cell diagonally)")
                }
            }
            Reversal { step } => write!(
                f,
                "step {step} reverses step {} (no 180-degree turn)",
                step - 1
            ),
            WrongPathLength { cells, stones } => write!(
                f,
                "the path has {cells} cell{} for a stack of {stones}; it needs exactly one cell per stone",
                if *cells == 1 { "" } else { "s" }
            ),
            FirstMoveRule => f.write_str(
                "first-move rule not met: a player's first move must drop a stone on a cell that was empty",
            ),
            NoOriginYet => f.write_str("choose a stack to sow from first"),
            WrongDrop { step, drop } => {
                write!(f, "step {step} drops {drop} stones; in Intermedium every step drops exactly one")
            }
            NoLegalMoveFrom(c) => write!(f, "no legal move can be completed from {c} this way"),
            StackOverflow(c) => write!(f, "{c} would hold more than 255 stones"),
            PickUpZero => f.write_str("you must pick up at least 1 stone"),
            PickUpTooMany { count, stack } => {
                write!(f, "cannot pick up {count} stones from a stack of {stack}")
            }
            NoFirstStep { origin, cash } => write!(
                f,
                "with {cash} stone{} in hand there is no legal first step from {origin}",
                if *cash == 1 { "" } else { "s" }
            ),
            Revisit { step, cell } => write!(
                f,
                "step {step} revisits {cell}; a sowing may not enter a cell twice (the origin counts as visited)"
            ),
            TargetTooTall { step, cell, height, cash } => write!(
                f,
                "step {step}: {cell} holds {height} stones, more than the {cash} in hand"
            ),
            GateBlocked { step, a, b, height, cash } => write!(
                f,
                "step {step}: the gate {a} and {b} holds {height} stones together, more than the {cash} in hand"
            ),
            ZeroDrop { step, cell } => write!(f, "step {step}: a drop on {cell} must be at least 1 stone"),
            DropsDontAddUp { dropped, picked } => write!(
                f,
                "the drops add up to {dropped} but {picked} stone{} were picked up",
                if *picked == 1 { "" } else { "s" }
            ),
            Stuck { cell, cash } => write!(
                f,
                "{cash} stone{} still in hand at {cell} but no step from there is legal",
                if *cash == 1 { "" } else { "s" }
            ),
            CaptureMismatch { written, actual } => write!(
                f,
                "the capture list says ({}) but this move captures ({})",
                cell_list(written),
                cell_list(actual)
            ),
            RedistributionSum { placed, captured } => write!(
                f,
                "the redistribution places {placed} stone{} but {captured} were captured",
                if *placed == 1 { "" } else { "s" }
            ),
            PlaceOnEmpty(c) => write!(f, "{c} is empty; captured stones go only onto existing stacks"),
            PlaceTwice(c) => write!(f, "{c} is named twice in the redistribution"),
            PlaceZero(c) => write!(f, "placing 0 stones on {c}; each chosen stack gets at least 1"),
            WrongStage { action } => write!(f, "cannot {action} now: the move is at another stage"),
        }
    }
}

impl std::error::Error for IllegalMove {}

impl IllegalMove {
    /// A stable machine-readable code, e.g. for the JS `Error.code`.
    pub fn code(&self) -> &'static str {
        use IllegalMove::*;
        match self {
            GameOver(..) => "game-over",
            WrongGame { .. } => "wrong-game",
            OffBoard(_) => "off-board",
            NotYourStack { .. } => "not-your-stack",
            EmptyOrigin(_) => "empty-origin",
            StackTooSmall { .. } => "stack-too-small",
            NotDiagonal { .. } => "not-diagonal",
            Reversal { .. } => "reversal",
            WrongPathLength { .. } => "wrong-path-length",
            FirstMoveRule => "first-move-rule",
            NoOriginYet => "no-origin-yet",
            WrongDrop { .. } => "wrong-drop",
            NoLegalMoveFrom(_) => "no-legal-move-from",
            StackOverflow(_) => "stack-overflow",
            PickUpZero => "pick-up-zero",
            PickUpTooMany { .. } => "pick-up-too-many",
            NoFirstStep { .. } => "no-first-step",
            Revisit { .. } => "revisit",
            TargetTooTall { .. } => "target-too-tall",
            GateBlocked { .. } => "gate-blocked",
            ZeroDrop { .. } => "zero-drop",
            DropsDontAddUp { .. } => "drops-dont-add-up",
            Stuck { .. } => "stuck",
            CaptureMismatch { .. } => "capture-mismatch",
            RedistributionSum { .. } => "redistribution-sum",
            PlaceOnEmpty(_) => "place-on-empty",
            PlaceTwice(_) => "place-twice",
            PlaceZero(_) => "place-zero",
            WrongStage { .. } => "wrong-stage",
        }
    }
}

/// Either kind of failure when a move arrives as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Notation(NotationError),
    Illegal(IllegalMove),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Notation(e) => e.fmt(f),
            PlayError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

impl PlayError {
    pub fn code(&self) -> &'static str {
        match self {
            PlayError::Notation(e) => e.code(),
            PlayError::Illegal(e) => e.code(),
        }
    }
}

impl From<NotationError> for PlayError {
    fn from(e: NotationError) -> Self {
        PlayError::Notation(e)
    }
}

impl From<IllegalMove> for PlayError {
    fn from(e: IllegalMove) -> Self {
        PlayError::Illegal(e)
    }
}

/// Move enumeration stopped because it would exceed the work limit the caller gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitExceeded {
    pub limit: usize,
}

impl fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move enumeration stopped at the work limit of {}", self.limit)
    }
}

impl std::error::Error for LimitExceeded {}
