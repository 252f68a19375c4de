// The position editor: stones and stacks cell by cell, the side
// to move and the counters, starting from the position on show. Every edit
// is written as a position string and checked by the engine (Game.load): a
// refused one changes nothing and its reason is shown; an accepted one is
// previewed on the board. The rule options (first-move rule, repetition
// draw, quiet-move limit) are edited too and checked the same way. The
// result can be analysed or played from, and shared as a link (rules
// included). The editor knows no rule: the engine decides.
import { loadEngine } from '../engine.js';
import { toFragment } from '../app/fragment.js';
import { sideLabel } from '../app/words.js';
import { readRules } from '../board/options.js';
import { $ } from '../dom.js';

/** @typedef {import('../board/element.js').SowingBoard} SowingBoard */
/** @typedef {import('../pkg/sowboard.js').RuleOptions} RuleOptions */

/** The fields of a position string (docs/RULES.md section 4); `cells[r][f]`
 * is rank r + 1 (the string lists the top rank first). */
function parse(text) {
  const [game, ranks, side, quiet, moveNo] = text.trim().split(/\s+/);
  return {
    game,
    cells: ranks
      .split('/')
      .map((r) => r.split(',').map(Number))
      .reverse(),
    side,
    quiet,
    moveNo,
  };
}

/** @param {{game: string, cells: number[][], side: string, quiet: string, moveNo: string}} p */
const write = (p) =>
  `${p.game} ${[...p.cells]
    .reverse()
    .map((r) => r.join(','))
    .join('/')} ${p.side} ${p.quiet} ${p.moveNo}`;

/**
 * @param {{board: SowingBoard, onLoad: (position: string, rules: RuleOptions) => void}} hooks
 *   onLoad: the edited position goes to the board (analyse or play it).
 */
export function initEditor({ board, onLoad }) {
  /** The last position the engine accepted. @type {string} */
  let accepted = '';
  /** The rule options accepted with it (all three, as the engine reports them). @type {Required<RuleOptions>} */
  let rules = { firstMoveRule: true, repetitionDraw: true, quietLimit: 100 };
  /** The engine's defaults, so that a link names only the options changed. @type {Required<RuleOptions>} */
  let defaults = rules;
  let sides = /** @type {string[]} */ ([]);

  async function open() {
    const engine = await loadEngine();
    const ply = board.viewPly ?? board.ply;
    const g = engine.Game.load(
      board.startPosition ?? '',
      board.moves.slice(0, ply),
      readRules((name) => board.getAttribute(name)),
    );
    accepted = g.position();
    sides = g.sides();
    rules = g.rules();
    g.free();
    const plain = engine.Game.load(accepted);
    defaults = plain.rules();
    plain.free();
    $('editor').hidden = false;
    $('editor-side').replaceChildren(
      ...sides.map((s) => Object.assign(document.createElement('option'), { value: s, textContent: sideLabel(s) })),
    );
    show('Tap a cell to change it with the tool chosen. The board shows the position.');
  }

  function close() {
    $('editor').hidden = true;
    board.preview(null);
  }

  /** Shows the accepted position in the grid, the fields and on the board. @param {string} message */
  function show(message, refused = false) {
    const p = parse(accepted);
    const files = p.cells[0].length;
    const grid = $('editor-grid');
    grid.style.gridTemplateColumns = `repeat(${files}, minmax(0, 1fr))`;
    const buttons = [];
    for (let rank = p.cells.length - 1; rank >= 0; rank--) {
      for (let file = 0; file < files; file++) {
        const name = `${String.fromCharCode(97 + file)}${rank + 1}`;
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.cell = name;
        // Cells of odd file + rank belong to the first player (as the board draws them).
        b.dataset.owner = (file + rank) % 2 ? 'first' : 'second';
        const n = p.cells[rank][file];
        b.textContent = n ? String(n) : '';
        b.setAttribute('aria-label', `${name}: ${n} stone${n === 1 ? '' : 's'}`);
        buttons.push(b);
      }
    }
    grid.replaceChildren(...buttons);
    $('editor-side').value = p.side;
    $('editor-quiet').value = p.quiet;
    $('editor-move').value = p.moveNo;
    $('editor-fmr').checked = rules.firstMoveRule;
    $('editor-rep').checked = rules.repetitionDraw;
    $('editor-qlimit').value = String(rules.quietLimit);
    // The first-move rule is Intermedium's only.
    $('editor-fmr-label').hidden = p.game !== 'intermedium';
    const note = $('editor-note');
    note.textContent = message;
    note.classList.toggle('refused', refused);
    try {
      board.preview(accepted);
    } catch {
      /* accepted positions always load */
    }
  }

  /**
   * Asks the engine about `candidate` under `options`; takes both if
   * accepted, else says why and changes nothing.
   * @param {string} candidate @param {RuleOptions} [options]
   */
  async function tryPosition(candidate, options = rules) {
    const engine = await loadEngine();
    try {
      const g = engine.Game.load(candidate, [], options);
      const outcome = g.outcome();
      const taken = g.rules();
      g.free();
      accepted = candidate;
      rules = taken;
      show(outcome ? `Accepted, but the game is over here: ${outcome.description}.` : 'Accepted.');
    } catch (err) {
      show(`Refused: ${/** @type {Error} */ (err).message}`, true);
    }
  }

  /** The new count of a cell under the chosen tool. @param {number} n */
  function apply(n) {
    const tool = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="editor-tool"]:checked'))?.value;
    if (tool === 'remove') return Math.max(0, n - 1);
    if (tool === 'empty') return 0;
    if (tool === 'set') return Number($('editor-count').value);
    return n + 1;
  }

  $('editor-grid').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('button');
    if (!b?.dataset.cell) return;
    const p = parse(accepted);
    const file = b.dataset.cell.charCodeAt(0) - 97;
    const rank = Number(b.dataset.cell.slice(1)) - 1;
    const next = apply(p.cells[rank][file]);
    if (!Number.isInteger(next) || next < 0) {
      show(`Refused: ${$('editor-count').value} is not a number of stones.`, true);
      return;
    }
    p.cells[rank][file] = next;
    tryPosition(write(p));
  });
  for (const [id, field] of [
    ['editor-side', 'side'],
    ['editor-quiet', 'quiet'],
    ['editor-move', 'moveNo'],
  ]) {
    $(id).addEventListener('change', () => {
      const p = /** @type {any} */ (parse(accepted));
      p[field] = String($(id).value).trim() || '?';
      tryPosition(write(p));
    });
  }
  // A rule option typed or ticked goes to the engine as given (a quiet
  // limit that is no number is refused there, with its message).
  for (const id of ['editor-fmr', 'editor-rep', 'editor-qlimit']) {
    $(id).addEventListener('change', () => {
      const text = String($('editor-qlimit').value).trim();
      tryPosition(accepted, {
        firstMoveRule: $('editor-fmr').checked,
        repetitionDraw: $('editor-rep').checked,
        quietLimit: /^\d+$/.test(text) ? Number(text) : Number.NaN,
      });
    });
  }
  /** The options that differ from the engine's defaults (all a link needs). */
  const changed = () =>
    /** @type {RuleOptions} */ (
      Object.fromEntries(Object.entries(rules).filter(([k, v]) => defaults[/** @type {keyof RuleOptions} */ (k)] !== v))
    );
  $('editor-open').addEventListener('click', open);
  $('editor-cancel').addEventListener('click', close);
  $('editor-load').addEventListener('click', () => {
    const position = accepted;
    close();
    onLoad(position, changed());
  });
  $('editor-share').addEventListener('click', () => {
    const link = `${location.origin}${location.pathname}${toFragment({ position: accepted, moves: [], rules: changed() })}`;
    $('editor-link').value = link;
    $('editor-link').hidden = false;
    $('editor-link').select();
    navigator.clipboard?.writeText(link).catch(() => {});
  });
  return {
    open,
    close,
    get position() {
      return accepted;
    },
  };
}
