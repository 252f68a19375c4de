// The <sowing-board> side of games by link: opening a link fragment into an
// engine game, and the link of the game on a board. The element only calls
// these two (see its loadLink and link methods).
import { linkFor, newId, parseLink, replayLink } from './codec.js';

/** @typedef {typeof import('../pkg/sowboard.js')} Engine */
/** @typedef {{id: string, names: [string, string], sender: 0 | 1, end: 'resign' | 'agree' | null, drawOffer: number | null}} LinkInfo */

/** @param {string} message */
function linkError(message) {
  const err = /** @type {Error & {code: string}} */ (new Error(message));
  err.code = 'bad-link';
  return err;
}

/**
 * A link fragment as an engine game (its moves replayed) and what else it says.
 * @param {Engine} engine @param {string} fragment
 */
export function openLink(engine, fragment) {
  const parsed = parseLink(fragment);
  if ('error' in parsed) throw linkError(`this link cannot be opened: ${parsed.error}`);
  const { link } = parsed;
  const replayed = replayLink(engine, link);
  if ('error' in replayed) throw linkError(`this link cannot be opened: ${replayed.error}`);
  const game = engine.Game.load(replayed.position, replayed.moves, link.rules);
  /** @type {LinkInfo} */
  const info = { id: link.id, names: link.names, sender: link.sender, end: link.end, drawOffer: link.drawOffer };
  return { game, rules: link.rules, info };
}

/**
 * The link of `game`, sent by the side that moved last (the second side
 * ahead of any move: the first moves first), keeping a loaded link's id and names.
 * @param {Engine} engine @param {import('../pkg/sowboard.js').Game} game
 * @param {LinkInfo | null} previous
 * @param {{names?: [string, string], end?: 'resign' | 'agree' | null, drawOffer?: boolean}} extra
 * @returns {{fragment: string, link: LinkInfo}}
 */
export function linkOf(engine, game, previous, extra) {
  const sides = game.sides();
  const sender = game.ply > 0 ? /** @type {0 | 1} */ (sides.indexOf(game.moveAt(game.ply).side)) : 1;
  /** @type {LinkInfo} */
  const link = {
    id: previous?.id ?? newId(),
    names: extra.names ?? previous?.names ?? ['', ''],
    sender,
    end: extra.end ?? null,
    drawOffer: extra.drawOffer ? game.ply : null,
  };
  const fragment = linkFor(engine, {
    ...link,
    game: game.gameName,
    position: game.startPosition(),
    moves: game.moves(),
    rules: game.rules(),
  });
  return { fragment, link };
}
