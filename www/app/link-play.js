// "Play a friend by link": games with no server, each move sent as a link.
// This module holds the page's side of it: the new-game dialog, opening an
// incoming link against the copy kept here (www/link/store.js decides new,
// newer, older, same or contradicting), the link to send after each move,
// resign and draw offers, and the list of link games. The engine replays
// every link (www/link/codec.js); the board refuses input on the friend's
// turn (its `player` attribute).
import { loadEngine } from '../engine.js';
import { DEFAULT_RULES, linkFor, newId, parseLink, replayLink } from '../link/codec.js';
import { LINKS_KEY, compareLink, loadLinks, putLinkGame } from '../link/store.js';
import { $ } from '../dom.js';
import { setRuleAttributes } from '../board/options.js';
import { ask } from './ask.js';
import { endText, gameLabel, movesText, sideLabel } from './words.js';

/** @typedef {import('../link/store.js').LinkGame} LinkGame */
/** @typedef {import('../board/element.js').SowingBoard} SowingBoard */


export class LinkPlay {
  /** The link game on the board, or null. @type {LinkGame | null} */ active = null;
  /** Said once: the list could not be saved. */ #refusalSaid = false;

  /**
   * @param {{board: SowingBoard, notice: (text: string) => void, onEnter: () => void, onLeave: () => Promise<void> | void}} hooks
   *   onEnter: a link game is now on the board (the page leaves its own game's mode);
   *   onLeave: back to the page's own game
   */
  constructor(hooks) {
    this.hooks = hooks;
    const { board } = hooks;
    board.addEventListener('change', (/** @type {any} */ e) => { if (e.detail.kind === 'move') this.#afterMove(); });
    $('friend-new').addEventListener('click', () => this.#newGameDialog());
    $('friend-copy').addEventListener('click', () => this.#copy());
    $('friend-share').addEventListener('click', () => this.#share());
    $('friend-resign').addEventListener('click', () => this.#resign());
    $('friend-draw').addEventListener('click', () => this.#offerDraw());
    $('friend-accept').addEventListener('click', () => this.#acceptDraw());
    $('friend-leave').addEventListener('click', () => this.leave());
    $('friend-list').addEventListener('click', (/** @type {any} */ e) => {
      const id = e.target.closest('button')?.dataset.id;
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
      if (verdict === 'newer' || (verdict === 'same' && JSON.stringify(stored) !== JSON.stringify(game))) this.#enter(stored, verdict === 'newer');
    });
    const { error } = loadLinks();
    if (error) hooks.notice(`Your list of games by link was damaged (${error}): it was kept aside, and a new list starts.`);
    this.renderList();
  }

  get #board() { return this.hooks.board; }

  /** The side name played here, or null outside a link game. */
  yourSide() { return this.active ? this.#board.sides[this.active.you] ?? null : null; }

  // ---- opening ------------------------------------------------------------------

  /** A link was opened (or pasted): checked, compared with the copy here, then shown.
   * Nothing stored changes when it is refused. @param {string} hash */
  async open(hash) {
    const engine = await loadEngine();
    const parsed = parseLink(hash);
    if ('error' in parsed) return this.#refuse(`This link was not opened: ${parsed.error}. Nothing was changed.`);
    const { link } = parsed;
    const replayed = replayLink(engine, link);
    if ('error' in replayed) return this.#refuse(`This link was not opened: ${replayed.error}. Nothing was changed.`);
    const { games, error } = loadLinks();
    if (error) this.hooks.notice(`Your list of link games was damaged (${error}); it was set aside and starts afresh.`);
    const local = games.find((g) => g.id === link.id);
    const incoming = { game: link.game, position: replayed.position, rules: link.rules, moves: replayed.moves };
    const verdict = compareLink(local, incoming);
    const info = this.#facts(engine, incoming);
    const friend = (g) => g.names[1 - g.you] || 'your friend';
    if (verdict.kind === 'other-game') {
      return this.#refuse(`This link has the name of your game with ${friend(/** @type {LinkGame} */ (local))} but holds another game (other start or rules). It was not opened; your game is unchanged.`);
    }
    if (verdict.kind === 'conflict') {
      const mine = /** @type {LinkGame} */ (local);
      mine.conflict = true;
      this.#store(mine);
      this.#enter(mine);
      return this.hooks.notice(`This link contradicts your copy of the game with ${friend(mine)} at move ${verdict.ply} `
        + `(yours: ${mine.moves[verdict.ply - 1]}; the link’s: ${replayed.moves[verdict.ply - 1]}). Your copy is kept; the link was not merged.`);
    }
    /** @type {LinkGame} */
    const game = local ?? {
      id: link.id, game: link.game, position: replayed.position, rules: link.rules, moves: [],
      you: link.sender === 0 ? 1 : 0, names: link.names, end: null, drawOffer: null, updated: Date.now(), toMove: 0, result: null,
    };
    if (verdict.kind === 'older') {
      this.#applyEnd(game, link);
      this.#store(game);
      this.#enter(game);
      return this.hooks.notice(`This link is older than your copy: it has ${movesText(replayed.moves.length)}, yours ${movesText(game.moves.length)}. Your newer copy is kept.`);
    }
    // Opened: a notice about an earlier link would now mislead.
    $('notice').hidden = true;
    const before = game.moves.length;
    const newer = verdict.kind === 'newer' || verdict.kind === 'new';
    if (newer) Object.assign(game, { moves: replayed.moves, drawOffer: null, ...info });
    // The names given last win (either player may add theirs).
    game.names = [link.names[0] || game.names[0], link.names[1] || game.names[1]];
    const changedEnd = this.#applyEnd(game, link);
    if (link.drawOffer != null && !game.end && !info.result && link.sender !== game.you) game.drawOffer = { ply: link.drawOffer, side: link.sender };
    game.updated = Date.now();
    this.#store(game);
    this.#enter(game, newer && replayed.moves.length > before);
    if (verdict.kind === 'same' && !changedEnd && link.drawOffer == null) {
      this.hooks.notice(link.sender === game.you ? `This is the link you sent: it is ${friend(game)}’s turn.` : 'You already have this move: nothing new in this link.');
    }
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

  /** Whose turn and the result, from the engine. */
  #facts(engine, { position, moves, rules }) {
    const g = engine.Game.load(position, moves, rules);
    try {
      const sides = g.sides();
      const outcome = g.outcome();
      return { toMove: /** @type {0 | 1} */ (sides.indexOf(g.sideToMove())), result: outcome ? outcome.description : null };
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

  /** A move was played on the board: the player's own is recorded, and its link offered. */
  async #afterMove() {
    const game = this.active, board = this.#board;
    if (!game || board.moves.length !== game.moves.length + 1 || board.moves.slice(0, -1).some((m, i) => m !== game.moves[i])) return;
    if (board.sideAt(board.ply) !== board.sides[game.you]) return;
    game.moves = board.moves;
    // Moving declines the friend's offer; the player's own offer goes with the move.
    game.drawOffer = game.drawOffer?.side === game.you ? { ply: game.moves.length, side: game.you } : null;
    game.updated = Date.now();
    Object.assign(game, this.#facts(await loadEngine(), game));
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

  /** @param {LinkGame} game */
  #store(game) {
    const result = putLinkGame(game);
    if ('failed' in result && !this.#refusalSaid) {
      this.#refusalSaid = true;
      this.hooks.notice(`Link games cannot be kept in this browser: ${result.failed}. Keep the last link you received or sent: it holds the whole game.`);
    }
    this.renderList();
  }

  /** The link to send now: the game here, sent by this device's side. */
  async linkNow() {
    const game = this.active;
    if (!game) return '';
    const engine = await loadEngine();
    const offer = game.drawOffer?.side === game.you && game.drawOffer.ply === game.moves.length ? game.drawOffer.ply : null;
    const end = game.end?.kind === 'resign' ? (game.end.side === game.you ? 'resign' : null)
      : game.end?.kind === 'agree' && game.drawOffer?.side !== game.you ? 'agree' : null;
    const fragment = linkFor(engine, {
      id: game.id, game: game.game, position: game.position, rules: game.rules, moves: game.moves,
      sender: game.you, names: game.names, end, drawOffer: offer,
    });
    return new URL(fragment, location.href).href;
  }

  async #copy() {
    const url = await this.linkNow();
    try {
      await navigator.clipboard.writeText(url);
      this.hooks.notice('Link copied: send it to your friend.');
    } catch {
      $('friend-link').select(); // no clipboard: the link is selected for the user to copy
    }
  }

  async #share() {
    const url = await this.linkNow();
    try {
      await navigator.share({ title: 'sowboard: your move', text: 'Your move in our game:', url });
    } catch { /* cancelled or refused: the link stays on show */ }
  }

  // ---- drawing ------------------------------------------------------------------------

  /** The state of the game on the board in words, and the buttons that apply. */
  async render() {
    const game = this.active, board = this.#board;
    $('friend-game').hidden = !game;
    this.renderList();
    if (!game) return;
    const sides = board.sides;
    const you = sides[game.you];
    const friend = game.names[1 - game.you] || 'your friend';
    const Friend = friend[0].toUpperCase() + friend.slice(1);
    const outcome = board.outcome;
    let status, send = true;
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
    if (game.conflict) status += ' A link that contradicts this copy was seen (not merged).';
    $('friend-status').textContent = status;
    $('friend-send').hidden = !send;
    $('friend-share').hidden = typeof navigator.share !== 'function';
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
    list.replaceChildren(...games.map((g) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.id = g.id;
      const friend = g.names[1 - g.you] || 'A friend';
      const state = g.end?.kind === 'resign' ? (g.end.side === g.you ? 'you resigned' : 'they resigned')
        : g.end ? 'draw agreed' : g.result ? 'over' : g.toMove === g.you ? 'your turn' : 'their turn';
      const when = new Date(g.updated).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
      button.textContent = `${friend} · ${gameLabel(g.game)} · ${state} · ${movesText(g.moves.length)} · ${when}`;
      if (this.active?.id === g.id) button.setAttribute('aria-current', 'true');
      li.append(button);
      return li;
    }));
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
    names[you] = $('friend-you').value.trim().slice(0, 40);
    names[1 - you] = $('friend-them').value.trim().slice(0, 40);
    const id = newId();
    /** @type {LinkGame} */
    const game = {
      id, game: kind, position: engine.startPosition(kind), rules, moves: [], you, names,
      end: null, drawOffer: null, updated: Date.now(), toMove: 0, result: null,
    };
    this.#store(game);
    this.#enter(game);
  }
}
