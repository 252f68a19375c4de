// The canvas of one board: its size in device pixels, the layout of the
// cells on screen, the colours read from the element's styles, and the
// drawing itself (render.js). It knows nothing of games or rules.
import { fitBoard, parseCell } from './layout.js';
import { drawBoard } from './render.js';

/**
 * @typedef {object} Picture  what to draw
 * @property {number} files
 * @property {number} ranks
 * @property {Uint8Array | number[]} board  stone counts, index rank * files + file
 * @property {string[]} sides
 * @property {{cell: string, side: string}[]} cities
 * @property {Record<string, any>} marks  see marks.js
 * @property {boolean} coordinates
 * @property {boolean} flipped
 */

export class Painter {
  /** @type {HTMLCanvasElement} */ #canvas;
  /** @type {CanvasRenderingContext2D} */ #ctx;
  /** The element whose styles hold the colours and the most height. @type {HTMLElement} */ #styled;
  /** The element whose width the board takes. @type {HTMLElement} */ #host;
  /** @type {ReturnType<typeof import('./layout.js').makeLayout> | null} */ #layout = null;

  /** @param {HTMLCanvasElement} canvas @param {HTMLElement} styled @param {HTMLElement} host */
  constructor(canvas, styled, host) {
    this.#canvas = canvas;
    this.#ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    this.#styled = styled;
    this.#host = host;
  }

  /** The cell under a point of the canvas (CSS pixels), or null.
   * @param {number} x @param {number} y @param {boolean} [inner] only a cell's middle */
  hit(x, y, inner = false) {
    return this.#layout?.hit(x, y, inner) ?? null;
  }

  /** Where a cell is on screen (viewport coordinates), or null.
   * @param {string} name */
  cellRect(name) {
    const c = parseCell(name),
      L = this.#layout;
    if (!c || !L || c.file >= L.files || c.rank >= L.ranks) return null;
    const box = this.#canvas.getBoundingClientRect();
    const o = L.origin(c.file, c.rank);
    return { x: box.left + o.x, y: box.top + o.y, width: L.cell, height: L.cell };
  }

  /** @param {Picture} picture */
  draw({ files, ranks, board, sides, cities, marks, coordinates, flipped }) {
    const canvas = this.#canvas;
    const width = this.#host.clientWidth || 320;
    // --sowing-max-height lands on .board's max-height; computed, it is in px.
    const styles = getComputedStyle(this.#styled);
    const maxHeight = Number.parseFloat(styles.maxHeight) || Infinity;
    const controls = styles.getPropertyValue('--_controls').trim();
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const { side, layout: L } = fitBoard({ files, ranks, width, maxHeight, controls, coordinates, flipped, rem });
    // The prompt and the buttons beside the board, or under it.
    this.#styled.parentElement?.classList.toggle('side', side);
    this.#layout = L;
    // Back the canvas with device pixels so lines and digits stay crisp.
    const dpr = window.devicePixelRatio || 1;
    const pw = Math.round(L.totalW * dpr),
      ph = Math.round(L.totalH * dpr);
    if (canvas.width !== pw || canvas.height !== ph) {
      canvas.width = pw;
      canvas.height = ph;
      canvas.style.width = `${L.totalW}px`; // CSSOM, not an inline style attribute in markup
      canvas.style.height = `${L.totalH}px`;
    }
    this.#ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawBoard(this.#ctx, { layout: L, theme: this.#theme(), board, sides, cities, marks });
  }

  /** The colours, from the element's custom properties (see styles.js). */
  #theme() {
    const cs = getComputedStyle(this.#styled);
    /** @param {string} name */
    const v = (name) => cs.getPropertyValue(name).trim();
    return {
      oddCell: v('--_odd-cell'),
      evenCell: v('--_even-cell'),
      firstStone: v('--_first-stone'),
      secondStone: v('--_second-stone'),
      firstText: v('--_first-text'),
      secondText: v('--_second-text'),
      stoneEdge: v('--_stone-edge'),
      highlight: v('--_highlight'),
      highlightEdge: v('--_highlight-edge'),
      selected: v('--_selected'),
      lastMove: v('--_last-move'),
      capture: v('--_capture'),
      hint: v('--_hint'),
      coordinates: v('--_coordinates'),
      focus: v('--_focus'),
      border: v('--_border'),
      font: getComputedStyle(this.#host).fontFamily || 'sans-serif',
    };
  }
}
