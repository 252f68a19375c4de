// Types for site owners: the <sowing-board> element of widget.js (the npm
// package's entry). docs/embedding.md documents each member.

/** The end of a game. */
export interface SowingOutcome {
  /** The winning side (`blue`/`red`/`white`/`black`), or null for a draw. */
  winner: string | null;
  reason: 'city-captured' | 'no-moves' | 'eliminated' | 'repetition' | 'quiet-limit';
  /** In words, e.g. "blue captured the enemy city". */
  description: string;
}

export interface SowingReadyDetail {
  position: string;
  moves: string[];
}
export interface SowingMoveDetail {
  move: string;
  position: string;
}
export interface SowingErrorDetail {
  /** Stable: `bad-attribute`, `engine-load`, `engine-version`, `ai-failed`, or an engine code. */
  code: string;
  message: string;
}
export interface SowingChangeDetail {
  kind: 'move' | 'undo' | 'redo' | 'load';
  position: string;
  moves: string[];
}
export interface SowingThinkingDetail {
  thinking: boolean;
}
/** The device's speed, measured by the AI the first time it plays a game on node budgets (no `ai-time`). */
export interface SowingDeviceDetail {
  /** `intermedium` or `cash-in-hand`. */
  game: string;
  /** The AI's search speed on this device, in nodes a millisecond, in the game's costliest ordinary positions (its search from the start runs two to three times faster). */
  nodesPerMs: number;
  /** The levels whose node budgets do not fit their safety deadlines here: they play on smaller budgets, weaker than elsewhere. */
  weakerLevels: number[];
}
export interface SowingViewDetail {
  ply: number | null;
}
/** A choice on the board the move builder refused (nothing changed). */
export interface SowingRefusedDetail {
  cell: string;
  /** The reason shown under the board. */
  reason: string;
  /** The engine's refusal code (`reversal`, `revisit`, `gate-blocked`, ...) and message, when it gave one. */
  code: string | null;
  message: string | null;
}

/** One choice of the move builder: `{cell}` the origin, `{count}` the pick-up (Cash in Hand), `{cell, count}` a drop, or captured stones put back. */
export interface SowingChoice {
  cell?: string;
  count?: number;
}
/** The move under way (the engine's build state, as in the wasm API's `BuildState`). */
export interface SowingBuildDetail {
  /** `origin` | `count` | `step` | `place` | `done` | `over`. */
  stage: string;
  side: string;
  origin: string | null;
  /** Stones still in hand. */
  cash: number;
  /** The drops made so far, in order. */
  path: { cell: string; count: number }[];
  /** Stage `origin`: stacks a legal move starts from. */
  origins: string[];
  /** Stage `count` (Cash in Hand): legal pick-up counts. */
  counts: number[];
  /** Stage `step`: legal next cells, each with the drops after which the move can still be finished. */
  steps: { cell: string; drops: number[] }[];
  /** Stage `place` (Cash in Hand): stacks that may receive captured stones, and how many each may take at this point. */
  places: string[];
  placeRanges: { cell: string; least: number; most: number }[];
  /** Stacks this move captures (known once the sowing is complete). */
  captured: string[];
  /** Captured stones still to put back. */
  toPlace: number;
  /** Stage `done`: the finished move in notation. */
  move: string | null;
}

/** A position's value for the side to move (the wasm API's `Score`). */
export interface SowingScore {
  /** `cp`: hundredths of a stone; `win` / `loss`: a proven result `value` plies away. */
  kind: 'cp' | 'win' | 'loss';
  value: number;
  /** `+250`, `-40`, `0`, `win:3`, `loss:2`. */
  text: string;
  /** One comparable number: estimates clamped to +-3000, a win 10000 less its distance, a loss below -9000. */
  rank: number;
  /** A proven result (false for estimates). */
  exact: boolean;
}
/** What the engine sees in the position on show (the wasm API's `Analysis`). */
export interface SowingAnalysis {
  best: string;
  score: SowingScore;
  /** The expected line, starting with `best`. */
  pv: string[];
  depth: number;
  nodes: number;
}

/** A game by link, as `loadLink` opened it. */
export interface SowingLinkInfo {
  /** The game's id, the same in every link of one game. */
  id: string;
  /** The two players' names, first side first (empty when not given). */
  names: [string, string];
  /** The side that sent the link: 0 the first, 1 the second. */
  sender: 0 | 1;
  end: 'resign' | 'agree' | null;
  /** The ply at which the sender offers a draw, or null. */
  drawOffer: number | null;
  /** The side the person at this board plays (the one that did not send it). */
  player: string;
}

/** The element's events (`CustomEvent`s, sent after the board has updated). */
export interface SowingBoardEventMap extends Omit<HTMLElementEventMap, 'error' | 'change'> {
  ready: CustomEvent<SowingReadyDetail>;
  move: CustomEvent<SowingMoveDetail>;
  gameover: CustomEvent<SowingOutcome>;
  error: CustomEvent<SowingErrorDetail>;
  change: CustomEvent<SowingChangeDetail>;
  thinking: CustomEvent<SowingThinkingDetail>;
  view: CustomEvent<SowingViewDetail>;
  refused: CustomEvent<SowingRefusedDetail>;
  /** A choice made on the board (or taken back) that did not finish the move. */
  build: CustomEvent<SowingBuildDetail>;
  /** The AI measured the device in a game, first or again with a change to `weakerLevels`. */
  device: CustomEvent<SowingDeviceDetail>;
}

/** The attributes (all strings in HTML; a change later updates the board). */
export interface SowingBoardAttributes {
  game?: 'intermedium' | 'cash-in-hand';
  /** A start position string (docs/RULES.md section 4). */
  position?: string;
  /** Moves played from the position, separated by `;`. */
  moves?: string;
  /** The side the AI plays (`blue`/`red`, `white`/`black`), `both` or `none`. */
  ai?: string;
  level?: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
  /** The AI's thinking time per move in ms: a deadline on top of the level's node budget; where it runs out
   * first, the level searches less (docs/embedding.md). Without it, a level keeps its node budget, cut down
   * only on a device too slow for it (`weakerLevels`). */
  'ai-time'?: string;
  /** Present: a replay with no input. */
  readonly?: '' | 'readonly';
  /** The side shown at the bottom (`red`, `black` or `second` turn the board). */
  orientation?: string;
  coordinates?: 'on' | 'off';
  animation?: 'on' | 'off';
  'animation-speed'?: string;
  'first-move-rule'?: 'on' | 'off';
  'repetition-draw'?: 'on' | 'off';
  'quiet-limit'?: string;
  /** The side that may move at this board (a game by link). */
  player?: string;
  /** Present (not `off`): the evaluation bar and the threats of the side not to move. */
  analysis?: '' | 'on' | 'off';
  /** The level (1-8) the `analysis` bar searches at; default the `level` attribute (3 when absent). */
  'analysis-level'?: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
  /** The colours: `light`, `dark`, or `auto` (the default: the visitor's system setting). The host's
   * `--sowing-*` custom properties (docs/embedding-theme.md) win over either. */
  theme?: 'light' | 'dark' | 'auto';
}

export declare class SowingBoard extends HTMLElement {
  /** The widget's version; the engine files it loads must be the same. */
  static readonly version: string;
  readonly version: string;
  /** Plays a move in notation; throws an Error with `code` if it is illegal. Returns the move as recorded. */
  play(move: string): string;
  /** One ply back (against the AI, back to the player's turn); false if there is nothing to undo. */
  undo(): boolean;
  redo(): boolean;
  /** Back to the start position, no moves. */
  reset(): void;
  /** Loads a game at once; throws on bad input. */
  load(position: string, moves?: string[] | string): void;
  importText(text: string): void;
  exportText(): string;
  /** The AI's suggested move, drawn on the board, not played (null when the game is over). */
  hint(): Promise<string | null>;
  /** The engine's analysis of the position on show, as its search deepens (`onReport` gets each pass);
   * null once the game is over there or when a later call stopped this one. `level` 1-8 (default 8) or `nodes`. */
  analyse(options?: { level?: number; nodes?: number; onReport?: (analysis: SowingAnalysis) => void }): Promise<SowingAnalysis | null>;
  /** Shows `position` with `move` marked (as the hint is) instead of the game; `preview(null)` shows the game again.
   * Throws on a bad position or move. */
  preview(position: string | null, move?: string | null): void;
  /** Cells ringed as threatened (the `analysis` attribute sets them); [] for none. */
  threatened: string[];
  /** Opens a game by link (a fragment `#l=1&...`); throws an Error with code `bad-link` saying what is wrong, changing nothing. */
  loadLink(fragment: string): SowingLinkInfo;
  /** The fragment to send after a move: the game on the board, sent by the side that moved last. */
  link(extra?: { names?: [string, string]; end?: 'resign' | 'agree' | null; drawOffer?: boolean }): string;
  /** Where a cell (`c4`) is on screen, in viewport coordinates. */
  cellRect(cell: string): DOMRect | { x: number; y: number; width: number; height: number } | null;
  /** The move under way, or null when no one can move on the board. */
  readonly building: SowingBuildDetail | null;
  /** Makes these builder choices as the move under way (a move half made); throws, leaving none under way, if one is refused. */
  startBuild(choices: SowingChoice[]): void;
  /** Takes back the last choice of the move under way. */
  undoChoice(): void;
  /** The side that played move `ply` (1 = the first move). */
  sideAt(ply: number): string;
  readonly position: string | null;
  readonly startPosition: string | null;
  readonly moves: string[];
  readonly outcome: SowingOutcome | null;
  readonly ply: number;
  readonly sideToMove: string | null;
  readonly sides: string[];
  readonly thinking: boolean;
  /** The levels that play weaker on this device in this board's game (empty until the AI first played here without `ai-time`). */
  readonly weakerLevels: number[];
  readonly readonly: boolean;
  readonly canRedo: boolean;
  /** The ply on show (0 = start) for reviewing; null = the live game. */
  viewPly: number | null;

  addEventListener<K extends keyof SowingBoardEventMap>(
    type: K,
    listener: (this: SowingBoard, ev: SowingBoardEventMap[K]) => any,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof SowingBoardEventMap>(
    type: K,
    listener: (this: SowingBoard, ev: SowingBoardEventMap[K]) => any,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'sowing-board': SowingBoard;
  }
}
