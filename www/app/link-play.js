// "Play a friend by link": games with no server, each move sent as a link.
// This module holds the page's side of it: the new-game dialog, opening an
// incoming link against the copy kept here (www/link/store.js decides new,
// newer, older, same or contradicting), the link to send after each move,
// resign and draw offers, and the list of link games. The engine replays
// every link (www/link/codec.js); the board refuses input on the friend's
// turn (its `player` attribute).
import { loadEngine } from '../engine.js';
import { DEFAULT_RULES, cleanName, linkFor, newId, parseLink, replayLink } from '../link/codec.js';
import { LINKS_KEY, MAX_GAMES, MAX_PLIES, compareLink, linksFull, loadLinks, putLinkGame, removeLinkGame } from '../link/store.js';
import { $ } from '../dom.js';
import { setRuleAttributes } from '../board/options.js';
import { ask } from './ask.js';
import { endText, gameLabel, movesText, sideLabel } from './words.js';

/** @typedef {import('../link/store.js').LinkGame} LinkGame */
/** @typedef {import('../board/element.js').SowingBoard} SowingBoard */

/** A second new game by link within this time of the first is asked about. */
const QUICK_SUCCESSION_MS = 60_000;

export class LinkPlay {
  /** The link game on the board, or null. @type {LinkGame | null} */ active = null;
  /** Said once: the list could not be saved. */ #refusalSaid = false;
  /** When this page last opened a new game by link (ms). */ #lastNew = -Infinity;
  /** A question about a new link is on show. */ #asking = false;

  /**
   * @param {{board: SowingBoard, notice: (text: string, kind?: 'problem' | 'info') => void, onEnter: () => void, onLeave: () => Promise<void> | void}} hooks
   *   onEnter: a link game is on the board (the page leaves its own game's mode);
   *   onLeave: back to the page's own game
   */
  constructor(hooks) {
    this.hooks = hooks;
    const { board } = hooks;
    board.addEventListener('change', (/** @type {any} */ e) => {
      if (e.detail.kind === 'move') this.#afterMove();
    });
    $('friend-new').addEventListener('click', () => this.#newGameDialog());
    $('friend-copy').addEventListener('click', () => this.#copy());
    $('friend-share').addEventListener('click', () => this.#share());
    $('friend-resign').addEventListener('click', () => this.#resign());
    $('friend-draw').addEventListener('click', () => this.#offerDraw());
    $('friend-accept').addEventListener('click', () => this.#acceptDraw());
    $('friend-leave').addEventListener('click', () => this.leave());
    // Taking back a move is possible until its link has left this device.
    const takeBack = document.createElement('button');
    takeBack.type = 'button';
    takeBack.id = 'friend-takeback';
    takeBack.textContent = 'Take back my move';
    takeBack.hidden = true;
    takeBack.addEventListener('click', () => this.#takeBack());
    $('friend-copy').parentElement.append(takeBack);
    // Copying the link by hand (select, then copy) sends it as the button does.
    $('friend-link').addEventListener('copy', () => this.#markSent());
    $('friend-list').addEventListener('click', (/** @type {any} */ e) => {
      const button = e.target.closest('button');
      if (button?.dataset.remove) return this.#remove(button.dataset.remove);
      const id = button?.dataset.id;
      const game = id && loadLinks().games.find((g) => g.id === id);
      if (game) this.#enter(game);
    });
    // Another tab of this browser moved in the game on show, or received a
    // link for it: this tab follows (a contradiction stays that tab's concern).
    window.addEventListener('storage', (e) => {
      if (e.key !== LINKS_KEY && e.key !== null) return;
      this.renderList();
      const game = this.active;
      const stored = game && loadLinks().games.find((g) => g.id === game.id);
      if (!game || !stored) return;
      const verdict = compareLink(game, stored).kind;
      if (verdict === 'newer' || (verdict === 'same' && JSON.stringify(stored) !== JSON.stringify(game)))
        this.#enter(stored, verdict === 'newer');
    });
    const { error } = loadLinks();
    if (error) hooks.notice(`Your list of games by link was damaged (${error}): it was kept aside, and a new list starts.`);
    this.renderList();
  }

  get #board() {
    return this.hooks.board;
  }

  /** The side name played here, or null outside a link game. */
  yourSide() {
    return this.active ? (this.#board.sides[this.active.you] ?? null) : null;
  }

  // ---- opening ------------------------------------------------------------------

  /** Opens a link (from the address or pasted): checked, compared with the copy here, then shown.
   * Nothing stored changes when it is refused. A link can only do what its
   * sender may do: the sender is the side that moved last in it (a resignation
   * or a draw accepted may come from either side), never the side played
   * here, and it brings no move of this side that the copy here lacks.
   * @param {string} hash */
  async open(hash) {
    const engine = await loadEngine();
    const parsed = parseLink(hash);
    if ('error' in parsed) return this.#refuse(`This link was not opened: ${parsed.error}. Nothing was changed.`);
    const { link } = parsed;
    const replayed = replayLink(engine, link);
    if ('error' in replayed) return this.#refuse(`This link was not opened: ${replayed.error}. Nothing was changed.`);
    if (replayed.moves.length > MAX_PLIES) {
      return this.#refuse(
        `This link was not opened: it holds ${movesText(replayed.moves.length)}, more than a game by link may (${MAX_PLIES}). Nothing was changed.`,
      );
    }
    const { games, error } = loadLinks();
    if (error) this.hooks.notice(`Your list of link games was damaged (${error}); it was set aside and starts afresh.`);
    const local = games.find((g) => g.id === link.id);
    const incoming = { game: link.game, position: replayed.position, rules: link.rules, moves: replayed.moves };
    const verdict = compareLink(local, incoming);
    const info = this.#facts(engine, incoming);
    const friend = (g) => g.names[1 - g.you] || 'your friend';
    const sides = info.sides;
    // With no move yet, the side not to move counts as the last mover (it sends the invitation).
    const lastMover = replayed.moves.length ? info.movers.at(-1) : 1 - info.toMove;
    if (!link.end && link.sender !== lastMover) {
      return this.#refuse(
        `This link was not opened: it says ${sideLabel(sides[link.sender])} sent it, but the last move in it is ${sideLabel(sides[/** @type {number} */ (lastMover)])}’s. Nothing was changed.`,
      );
    }
    if (verdict.kind === 'other-game') {
      return this.#refuse(
        `This link has the name of your game with ${friend(/** @type {LinkGame} */ (local))} but holds another game (other start or rules). It was not opened; your game is unchanged.`,
      );
    }
    if (local && link.sender === local.you) {
      // A link in this side's own name: only the link sent from here, again.
      if (verdict.kind === 'same' || verdict.kind === 'older') {
        this.#enter(local);
        return this.hooks.notice(
          `This link was sent from your side (${sideLabel(sides[local.you])}): nothing in it was taken. Links from ${friend(local)} move this game on.`,
        );
      }
      return this.#refuse(
        `This link says it comes from you (you play ${sideLabel(sides[local.you])} here), but it holds moves your copy does not have. It was not opened; your game is unchanged.`,
      );
    }
    if (verdict.kind === 'conflict') {
      const mine = /** @type {LinkGame} */ (local);
      mine.conflict = true;
      this.#store(mine);
      this.#enter(mine);
      return this.hooks.notice(
        `This link contradicts your copy of the game with ${friend(mine)} at move ${verdict.ply} ` +
          `(yours: ${mine.moves[verdict.ply - 1]}; the link’s: ${replayed.moves[verdict.ply - 1]}). Your copy is kept; the link was not merged.`,
      );
    }
    if (local && verdict.kind === 'newer') {
      // Only the friend's moves may arrive by link: the player's own are made here.
      const from = local.moves.length;
      const mine = info.movers.findIndex((side, i) => i >= from && side === local.you);
      if (mine >= 0) {
        return this.#refuse(
          `This link holds a move for your side that you did not play here (move ${mine + 1}: ${replayed.moves[mine]}). ` +
            'Only you play your moves. It was not opened; your game is unchanged.',
        );
      }
    }
    if (!local && !(await this.#roomForNew(link))) return;
    /** @type {LinkGame} */
    const game = local ?? {
      id: link.id,
      game: link.game,
      position: replayed.position,
      rules: link.rules,
      moves: [],
      you: link.sender === 0 ? 1 : 0,
      names: link.names,
      end: null,
      drawOffer: null,
      updated: Date.now(),
      toMove: 0,
      result: null,
    };
    if (verdict.kind === 'older') {
      this.#applyEnd(game, link);
      this.#store(game);
      this.#enter(game);
      return this.hooks.notice(
        `This link is older than your copy: it has ${movesText(replayed.moves.length)}, yours ${movesText(game.moves.length)}. Your newer copy is kept.`,
      );
    }
    // Opened: a notice about an earlier link would mislead.
    $('notice').hidden = true;
    const before = game.moves.length;
    const newer = verdict.kind === 'newer' || verdict.kind === 'new';
    if (newer) Object.assign(game, { moves: replayed.moves, drawOffer: null, sent: false, toMove: info.toMove, result: info.result });
    // The sender may give or change their own name; the name of the side
    // played here is this device's to choose (a new game takes both).
    const names = /** @type {[string, string]} */ ([...game.names]);
    names[link.sender] = link.names[link.sender] || names[link.sender];
    if (!local) names[1 - link.sender] = link.names[1 - link.sender];
    game.names = names;
    const changedEnd = this.#applyEnd(game, link);
    if (link.drawOffer != null && !game.end && !info.result) game.drawOffer = { ply: link.drawOffer, side: link.sender };
    game.updated = Date.now();
    if (this.#store(game).full) return; // never shown unkept: the player first makes room
    this.#enter(game, newer && replayed.moves.length > before);
    if (verdict.kind === 'same' && !changedEnd && link.drawOffer == null) {
      this.hooks.notice('You already have this move: nothing new in this link.');
    }
  }

  /**
   * Whether a new game by link may be opened: the list has room (nothing is
   * dropped to make it), and a second new game arriving soon after another
   * is opened only if the player says so (a page that opens links one after
   * another cannot fill the list). A link arriving while that is asked is refused.
   * @param {import('../link/codec.js').Link} link
   */
  async #roomForNew(link) {
    if (linksFull()) {
      this.#refuse(
        `This link was not opened: your list of games by link is full (${MAX_GAMES} games). Remove a game you no longer need from the list, then open the link again.`,
      );
      return false;
    }
    if (this.#asking) {
      this.#refuse('This link was not opened: it arrived while another link was waiting for your answer. Nothing was changed.');
      return false;
    }
    const now = Date.now();
    const soon = now - this.#lastNew < QUICK_SUCCESSION_MS;
    if (soon) {
      const from = link.names[link.sender] || 'someone';
      this.#asking = true;
      let yes;
      try {
        yes = await ask({
          text: `Another new game by link was opened moments ago. Open this one too (${gameLabel(link.game)}, from ${from})?`,
          yes: 'Open it',
          no: 'Do not open it',
        });
      } finally {
        this.#asking = false;
      }
      if (!yes) {
        this.hooks.notice('The link was not opened. Nothing was changed.');
        return false;
      }
    }
    this.#lastNew = Date.now();
    return true;
  }

  /** Takes a resignation or an agreed draw from a link; true if the game changed.
   * @param {LinkGame} game @param {import('../link/codec.js').Link} link */
  #applyEnd(game, link) {
    if (game.end || !link.end) return false;
    if (link.end === 'resign') {
      game.end = { kind: 'resign', side: link.sender };
      return true;
    }
    const offer = game.drawOffer;
    if (offer && offer.side !== link.sender && offer.ply === game.moves.length) {
      game.end = { kind: 'agree' };
      return true;
    }
    this.hooks.notice('This link accepts a draw that was never offered: that part was ignored.');
    return false;
  }

  /** @param {string} text */
  #refuse(text) {
    this.hooks.notice(text);
  }

  /** Whose turn and the result, from the engine; `sides` names the sides,
   * `movers` gives the side (0 or 1) that made each move. */
  #facts(engine, { position, moves, rules }) {
    const g = engine.Game.load(position, moves, rules);
    try {
      const sides = g.sides();
      const outcome = g.outcome();
      const movers = moves.map((_, i) => sides.indexOf(g.moveAt(i + 1).side));
      return {
        toMove: /** @type {0 | 1} */ (sides.indexOf(g.sideToMove())),
        result: outcome ? outcome.description : null,
        sides,
        movers,
      };
    } finally {
      g.free();
    }
  }

  // ---- on the board -----------------------------------------------------------------

  /** Shows a link game on the board; `animateLast` replays its last move. @param {LinkGame} game */
  #enter(game, animateLast = false) {
    const board = this.#board;
    this.active = game;
    this.hooks.onEnter();
    const { rules } = game;
    setRuleAttributes(board, rules);
    board.setAttribute('ai', 'none');
    const last = animateLast ? game.moves.at(-1) : undefined;
    try {
      board.load(game.position, last ? game.moves.slice(0, -1) : game.moves);
    } catch (err) {
      // A stored game this engine no longer accepts: said, kept in the list, not shown.
      this.hooks.notice(`This game by link could not be shown: ${/** @type {any} */ (err)?.message ?? err}`);
      this.leave();
      return;
    }
    const you = board.sides[game.you];
    board.setAttribute('player', you);
    board.setAttribute('orientation', you);
    if (last) board.play(last); // the board animates it; #afterMove sees nothing new
    this.render();
  }

  /** Back to the page's own game. */
  async leave() {
    const board = this.#board;
    this.active = null;
    board.removeAttribute('player');
    setRuleAttributes(board, {}); // the page's own games start under the default rules
    await this.hooks.onLeave();
    this.render();
  }

  /** After a move on the board: the player's own is recorded, and its link offered. */
  async #afterMove() {
    const game = this.active,
      board = this.#board;
    if (!game || board.moves.length !== game.moves.length + 1 || board.moves.slice(0, -1).some((m, i) => m !== game.moves[i])) return;
    if (board.sideAt(board.ply) !== board.sides[game.you]) return;
    game.moves = board.moves;
    // Moving declines the friend's offer; the player's own offer goes with the move.
    game.drawOffer = game.drawOffer?.side === game.you ? { ply: game.moves.length, side: game.you } : null;
    game.updated = Date.now();
    const { toMove, result } = this.#facts(await loadEngine(), game);
    Object.assign(game, { toMove, result, sent: false });
    this.#store(game);
    await this.render();
    // The next thing to do is to send the link: on a phone it is below the
    // board, out of sight, so it is brought into view (nothing moves when it
    // is in view already, as on a desktop).
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    $('friend-send').scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }

  async #resign() {
    const game = this.active;
    if (!game || game.end || game.result) return;
    if (!(await ask({ text: 'Resign this game? Your friend wins.', yes: 'Resign', no: 'Keep playing' }))) return;
    game.end = { kind: 'resign', side: game.you };
    game.updated = Date.now();
    this.#store(game);
    this.render();
  }

  #offerDraw() {
    const game = this.active;
    if (!game || game.end || game.result) return;
    game.drawOffer = { ply: game.moves.length, side: game.you };
    game.updated = Date.now();
    this.#store(game);
    this.render();
  }

  #acceptDraw() {
    const game = this.active;
    if (!game?.drawOffer || game.drawOffer.side === game.you || game.end) return;
    game.end = { kind: 'agree' };
    game.updated = Date.now();
    this.#store(game);
    this.render();
  }

  /** Stores `game`; a refusal is said (`full`: the list has no room for it).
   * A full list is said every time (the player can act on it); other refusals once.
   * @param {LinkGame} game */
  #store(game) {
    const result = putLinkGame(game);
    if ('failed' in result && (result.full || !this.#refusalSaid)) {
      if (!result.full) this.#refusalSaid = true;
      this.hooks.notice(
        `Link games cannot be kept in this browser: ${result.failed}. Keep the last link you received or sent: it holds the whole game.`,
      );
    }
    this.renderList();
    return { full: 'full' in result };
  }

  /** The link to send: the game here, sent by this device's side. */
  async linkNow() {
    const game = this.active;
    if (!game) return '';
    const engine = await loadEngine();
    const offer = game.drawOffer?.side === game.you && game.drawOffer.ply === game.moves.length ? game.drawOffer.ply : null;
    const end =
      game.end?.kind === 'resign'
        ? game.end.side === game.you
          ? 'resign'
          : null
        : game.end?.kind === 'agree' && game.drawOffer?.side !== game.you
          ? 'agree'
          : null;
    const fragment = linkFor(engine, {
      id: game.id,
      game: game.game,
      position: game.position,
      rules: game.rules,
      moves: game.moves,
      sender: game.you,
      names: game.names,
      end,
      drawOffer: offer,
    });
    return new URL(fragment, location.href).href;
  }

  async #copy() {
    const url = await this.linkNow();
    try {
      await navigator.clipboard.writeText(url);
      this.#markSent();
      this.hooks.notice('Link copied: send it to your friend.', 'info');
    } catch {
      $('friend-link').select(); // no clipboard: the link is selected for the user to copy
    }
  }

  async #share() {
    const url = await this.linkNow();
    try {
      await navigator.share({ title: 'sowboard: your move', text: 'Your move in our game:', url });
      this.#markSent();
    } catch {
      /* cancelled or refused: the link stays on show */
    }
  }

  /** The link of the last move has left this device: that move is final. */
  #markSent() {
    const game = this.active;
    if (!game || game.sent) return;
    game.sent = true;
    this.#store(game);
    this.render();
  }

  /** Whether the player's last move may still be taken back: it is theirs,
   * no resignation or agreement ended the game, and its link is not yet copied or shared. */
  #canTakeBack() {
    const game = this.active,
      board = this.#board;
    return (
      !!game &&
      !game.sent &&
      !game.end &&
      game.moves.length > 0 &&
      board.ply === game.moves.length &&
      board.sideAt(board.ply) === board.sides[game.you]
    );
  }

  async #takeBack() {
    const game = this.active;
    if (!game || !this.#canTakeBack()) return;
    game.moves = game.moves.slice(0, -1);
    // The player's draw offer waits for their next move.
    if (game.drawOffer?.side === game.you) game.drawOffer = { ply: game.moves.length, side: game.you };
    const { toMove, result } = this.#facts(await loadEngine(), game);
    Object.assign(game, { toMove, result, updated: Date.now() });
    this.#store(game);
    this.#enter(game);
    this.hooks.notice('Your move was taken back: play another.');
  }

  /** The player removes a game from the list (the only way a game leaves it). @param {string} id */
  async #remove(id) {
    const game = loadLinks().games.find((g) => g.id === id);
    if (!game) return;
    const friend = game.names[1 - game.you] || 'a friend';
    if (
      !(await ask({
        text: `Remove the game with ${friend} from this list? The last link either of you sent still holds the whole game.`,
        yes: 'Remove it',
        no: 'Keep it',
      }))
    )
      return;
    removeLinkGame(id);
    if (this.active?.id === id) await this.leave();
    this.renderList();
  }

  // ---- drawing ------------------------------------------------------------------------

  /** The state of the game on the board in words, and the buttons that apply. */
  async render() {
    const game = this.active,
      board = this.#board;
    $('friend-game').hidden = !game;
    this.renderList();
    if (!game) return;
    const sides = board.sides;
    const you = sides[game.you];
    const friend = game.names[1 - game.you] || 'your friend';
    const Friend = friend[0].toUpperCase() + friend.slice(1);
    const outcome = board.outcome;
    let status,
      send = true;
    if (game.end?.kind === 'resign') {
      status = game.end.side === game.you ? `You resigned: ${friend} wins.` : `${Friend} resigned: you win!`;
      send = game.end.side === game.you;
    } else if (game.end?.kind === 'agree') {
      status = 'Draw agreed.';
      send = game.drawOffer?.side !== game.you;
    } else if (outcome) {
      const { headline, reason } = endText(outcome, { sides, you });
      status = `${headline.replace(/!$/, '')}: ${reason}`;
      send = board.sideAt(board.ply) === you;
    } else if (board.sideToMove === you) {
      status = `Your turn: you play ${sideLabel(you)}.`;
      send = false;
      if (game.drawOffer && game.drawOffer.side !== game.you) status += ` ${Friend} offers a draw: accept it, or play on to decline.`;
      if (game.drawOffer?.side === game.you) status += ' Your draw offer goes with your move.';
    } else {
      status = `${Friend}’s turn (${sideLabel(sides[1 - game.you])}): send ${game.names[1 - game.you] ? 'them' : 'your friend'} this link.`;
      if (game.drawOffer?.side === game.you) status += ' It offers a draw.';
    }
    if (send && game.moves.length && board.sideAt(board.ply) === you && !game.end) {
      status += game.sent ? ' The link was sent: your move is final.' : ' Until you copy or share the link, you can take your move back.';
    }
    if (game.conflict) status += ' A link that contradicts this copy was seen (not merged).';
    $('friend-status').textContent = status;
    $('friend-send').hidden = !send;
    $('friend-share').hidden = typeof navigator.share !== 'function';
    $('friend-takeback').hidden = !this.#canTakeBack();
    const running = !game.end && !outcome;
    $('friend-resign').hidden = !running;
    $('friend-draw').hidden = !running || game.drawOffer?.side === game.you;
    $('friend-accept').hidden = !running || !game.drawOffer || game.drawOffer.side === game.you || game.drawOffer.ply !== game.moves.length;
    if (send) {
      try {
        $('friend-link').value = await this.linkNow();
      } catch (err) {
        $('friend-link').value = '';
        this.hooks.notice(`The link could not be made: ${/** @type {any} */ (err)?.message ?? err}`);
      }
    }
  }

  /** The list of link games: opponent, whose turn, last move time. */
  renderList() {
    const { games } = loadLinks();
    const list = $('friend-list');
    $('friend-list-head').hidden = games.length === 0;
    list.replaceChildren(
      ...games.map((g) => {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.id = g.id;
        const friend = g.names[1 - g.you] || 'A friend';
        const state =
          g.end?.kind === 'resign'
            ? g.end.side === g.you
              ? 'you resigned'
              : 'they resigned'
            : g.end
              ? 'draw agreed'
              : g.result
                ? 'over'
                : g.toMove === g.you
                  ? 'your turn'
                  : 'their turn';
        const when = new Date(g.updated).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
        button.textContent = `${friend} · ${gameLabel(g.game)} · ${state} · ${movesText(g.moves.length)} · ${when}`;
        if (this.active?.id === g.id) button.setAttribute('aria-current', 'true');
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'friend-remove';
        remove.dataset.remove = g.id;
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', `Remove the game with ${friend}`);
        li.append(button, remove);
        return li;
      }),
    );
  }

  // ---- new game -------------------------------------------------------------------------

  async #newGameDialog() {
    const dialog = $('friend-dialog');
    const engine = await loadEngine();
    // The side menu names the sides of the game chosen (from the engine).
    const nameSides = () => {
      const g = new engine.Game($('friend-kind').value);
      const [first, second] = g.sides();
      g.free();
      $('friend-side').options[0].textContent = `${sideLabel(first)} (moves first)`;
      $('friend-side').options[1].textContent = sideLabel(second);
    };
    $('friend-kind').onchange = nameSides;
    nameSides();
    dialog.returnValue = '';
    dialog.showModal();
    await new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
    if (dialog.returnValue !== 'start') return;
    const kind = $('friend-kind').value;
    const quiet = Number($('friend-quiet').value);
    const rules = {
      firstMoveRule: $('friend-fmr').checked,
      repetitionDraw: $('friend-rep').checked,
      quietLimit: Number.isInteger(quiet) && quiet >= 0 && quiet <= 100_000 ? quiet : DEFAULT_RULES.quietLimit,
    };
    const you = /** @type {0 | 1} */ (Number($('friend-side').value));
    /** @type {[string, string]} */
    const names = ['', ''];
    names[you] = cleanName($('friend-you').value);
    names[1 - you] = cleanName($('friend-them').value);
    const id = newId();
    /** @type {LinkGame} */
    const game = {
      id,
      game: kind,
      position: engine.startPosition(kind),
      rules,
      moves: [],
      you,
      names,
      end: null,
      drawOffer: null,
      updated: Date.now(),
      toMove: 0,
      result: null,
    };
    this.#store(game);
    this.#enter(game);
  }
}
