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
/** A legal next cell while sowing, with every drop allowed there (ascending). */
export interface StepChoice { cell: string; drops: number[]; }
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
