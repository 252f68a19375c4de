//! The TypeScript types of the values the API takes and returns, added to
//! the generated `sowboard.d.ts`. Their JS shapes are built in `views.rs`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Rule options; every field is optional and defaults to docs/RULES.md's default. */
export interface RuleOptions {
  /** Intermedium: a player's first move must drop a stone on an empty cell (default true). */
  firstMoveRule?: boolean;
  /** Draw after this many plies without a capture; 0 turns it off (default 100). */
  quietLimit?: number;
  /** Draw when a position occurs for the third time (default true). */
  repetitionDraw?: boolean;
}
/** The result of a finished game. */
export interface Outcome {
  /** `blue`/`red`/`white`/`black`, or null for a draw. */
  winner: string | null;
  /** `city-captured` | `no-moves` | `eliminated` | `repetition` | `quiet-limit`. */
  reason: string;
  /** A sentence for people, e.g. "blue wins: the city was captured". */
  description: string;
}
/** A legal next cell while sowing, with exactly the drops after which the
 * move can still be finished (ascending; over 255 stones not always 1 up to
 * a maximum, e.g. 2 to 5). */
export interface StepChoice { cell: string; drops: number[]; }
/** Captured stones one stack may take now (stage `place`), `least` to `most`. */
export interface PlaceRange { cell: string; least: number; most: number; }
/** One drop of a sowing. */
export interface Drop { cell: string; count: number; }
/** The move under construction and the legal choices for its next part. */
export interface BuildState {
  /** `origin` | `count` | `step` | `place` | `done` | `over` (the game is finished). */
  stage: string;
  /** The side to move: `blue`/`red`/`white`/`black`. */
  side: string;
  origin: string | null;
  /** Stones still in hand. */
  cash: number;
  /** The drops made so far, in order. */
  path: Drop[];
  /** Stage `origin`: stacks a legal move starts from. */
  origins: string[];
  /** Stage `count` (Cash in Hand): legal pick-up counts. */
  counts: number[];
  /** Stage `step`: legal next cells and drops. */
  steps: StepChoice[];
  /** Stage `place` (Cash in Hand): stacks that may receive captured stones. */
  places: string[];
  /** Stage `place`: how many stones each of `places` may take now: 1 to
   * `toPlace`, unless the board holds more than 255 stones (then each
   * placement must leave room for the rest). */
  placeRanges: PlaceRange[];
  /** Stage `place`: captured stones still to put back. */
  toPlace: number;
  /** Stacks this move captures (known once the sowing is complete). */
  captured: string[];
  /** Stage `done`: the finished move in notation (call `commit`). */
  move: string | null;
}
/** A move of the record, for drawing it. */
export interface MoveInfo {
  /** 1-based ply number. */
  ply: number;
  move: string;
  /** The side that played it. */
  side: string;
  origin: string;
  /** Stones picked up. */
  count: number;
  path: Drop[];
  captured: string[];
  /** Cash in Hand: captured stones put back. */
  placements: Drop[];
  /** The position after the move. */
  position: string;
  outcome: Outcome | null;
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const TS_ANALYSIS: &'static str = r#"
/** A position's value for the side to move (or, in a review, the player who moved). */
export interface Score {
  /** `cp`: hundredths of a stone; `win` / `loss`: a proven result `value` plies away. */
  kind: 'cp' | 'win' | 'loss';
  value: number;
  /** As the command line prints it: `+250`, `-40`, `0`, `win:3`, `loss:2`. */
  text: string;
  /** One comparable number: estimates clamped to +-3000, a win 10000 less its distance, a loss below -9000. */
  rank: number;
  /** A result proven over every move of both sides (win:1, win:3, loss:1, loss:2, finished);
   * a longer one holds over the moves the search looked at. False for estimates. */
  exact: boolean;
  /** The chance (0-1) of winning that the score stands for, for the same side (a proven win 1, a loss 0). */
  chance: number;
}
/** What the engine sees in a position. */
export interface Analysis {
  best: string;
  score: Score;
  /** The same score from the first player's side. */
  first: Score;
  /** The expected line, starting with `best`. */
  pv: string[];
  depth: number;
  nodes: number;
}
/** `Game.evaluate`: the one search the analysis answers with, the review scores with and a hint plays. */
export interface Evaluation {
  best: string;
  score: Score;
  /** The same score from the first player's side. */
  first: Score;
  depth: number;
  nodes: number;
}
/** One move of a reviewed game. */
export interface ReviewedMove {
  ply: number;
  move: string;
  side: string;
  before: Score;
  after: Score;
  /** The engine's choice before the move. */
  best: string;
  /** `best` | `good` | `inaccuracy` | `mistake` | `blunder`. */
  class: string;
  /** `before` and `after` from the first player's side. */
  beforeFirst: Score;
  afterFirst: Score;
  /** The move's accuracy, 0-100, from the mover's win chance before and after it. */
  accuracy: number;
}
/** A capturing move of the side not to move. */
export interface Threat { move: string; captured: string[]; stones: number; city: boolean; }
/**
 * `complete`: every stack (and city) that can fall is taken by one of `threats`
 * (false, and the list empty, when not settled within the limit). `largest`:
 * every largest set of stacks captured together has a move in the list (else,
 * in Cash in Hand, one move per set the moves found for each stack take).
 */
export interface Threats { threats: Threat[]; complete: boolean; largest: boolean; }
/** What one move achieves in stones (`captureOutcome`): the stones it
 * captures; the most one reply of the opponent then captures (`replyExact`
 * false when the search did not settle it within its limit: then `reply` is
 * the most a reply found takes); the mover's stones on stacks some reply
 * captures (`open`; `openSettled` false when not settled within the limit). */
export interface CaptureOutcome { captured: number; reply: number; replyExact: boolean; open: number; openSettled: boolean; }
"#;
