// The strengths the page asks the engine at (`Game.analyse`, `review`,
// `evaluate`): a level's search, optionally on a node budget of its own.
// The same strength gives the same best move and score for the same
// position in all three (the engine's evaluation contract).

/** The analysis board: the top level's search on its own budget. */
export const ANALYSIS_STRENGTH = Object.freeze({ level: 8 });

/** The review: level 4's search on 200 000 nodes a position (the engine's
 * default for `review` and `sowboard review`), so that a 60-ply game takes
 * seconds; the better line of a reviewed mistake is searched at the same
 * strength, so it starts with the review's better move. */
export const REVIEW_STRENGTH = Object.freeze({ level: 4, nodes: 200_000 });
