// The review's graph: the first player's chance to win after each ply (the
// engine's win chance: a proven result touches the edge), drawn as a smooth
// SVG curve as wide as its box, the first player's share filled from the
// bottom as on the evaluation bar. Inaccuracies, mistakes and blunders are
// dots on the curve; a dot, or anywhere in a ply's column, picks that ply.
// Drawing only: the numbers come from the engine.

const SVG = 'http://www.w3.org/2000/svg';
const H = 150;
/** Room above and below the curve for the dots. */
const PAD = 7;

/** @param {string} name @param {Record<string, string | number>} attrs */
function el(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/**
 * A smooth path through `points` (Catmull-Rom as cubic Béziers), the
 * control points kept within the chart so that it never overshoots 0 or 100%.
 * @param {[number, number][]} points @param {number} lo @param {number} hi
 */
function smoothPath(points, lo, hi) {
  if (points.length < 2) return points.length ? `M${points[0][0]},${points[0][1]}` : '';
  const clampY = (/** @type {number} */ y) => Math.min(hi, Math.max(lo, y));
  let d = `M${points[0][0].toFixed(1)},${points[0][1].toFixed(1)}`;
  for (let i = 0; i < points.length - 1; i++) {
    const [p0, p1, p2, p3] = [points[Math.max(0, i - 1)], points[i], points[i + 1], points[Math.min(points.length - 1, i + 2)]];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, clampY(p1[1] + (p2[1] - p0[1]) / 6)];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, clampY(p2[1] - (p3[1] - p1[1]) / 6)];
    d += ` C${c1[0].toFixed(1)},${c1[1].toFixed(1)} ${c2[0].toFixed(1)},${c2[1].toFixed(1)} ${p2[0].toFixed(1)},${p2[1].toFixed(1)}`;
  }
  return d;
}

const MARKED = ['inaccuracy', 'mistake', 'blunder'];

/**
 * @param {HTMLElement} container drawn at its own width
 * @param {{chances: number[], marks: string[], titles: string[], current: number | null, firstName: string, onPick: (ply: number) => void, onMark: (ply: number) => void}} graph
 *   chances: the first player's win chance (0-1) after each ply, index 0 the start;
 *   marks: a class per ply (index 0: ''); titles: what each ply's column says.
 */
export function drawGraph(container, { chances, marks, titles, current, firstName, onPick, onMark }) {
  const W = Math.max(240, Math.round(container.clientWidth || 600));
  const n = Math.max(1, chances.length - 1);
  const x = (/** @type {number} */ i) => PAD + (i / n) * (W - 2 * PAD);
  const y = (/** @type {number} */ c) => PAD + (1 - c) * (H - 2 * PAD);
  const svg = el('svg', {
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    class: 'graph',
    role: 'group',
    'aria-label': `Win chance over the game: up is good for ${firstName}`,
  });
  svg.append(el('rect', { x: 0, y: 0, width: W, height: H, class: 'graph-bg' }));
  const points = chances.map((c, i) => /** @type {[number, number]} */ ([x(i), y(c)]));
  // The curve runs flat to both edges past the first and last points, which
  // stand in from the sides so that their dots are whole.
  const inner = smoothPath(points, PAD, H - PAD);
  const y0 = points[0][1];
  const yn = points[points.length - 1][1];
  const curve = `M0,${y0.toFixed(1)} L${inner.slice(1)} L${W},${yn.toFixed(1)}`;
  svg.append(el('path', { d: `${curve} L${W},${H} L0,${H} Z`, class: 'graph-area' }));
  for (const c of [0.25, 0.75]) svg.append(el('line', { x1: 0, y1: y(c), x2: W, y2: y(c), class: 'graph-grid' }));
  svg.append(el('line', { x1: 0, y1: y(0.5), x2: W, y2: y(0.5), class: 'graph-axis' }));
  svg.append(el('path', { d: curve, class: 'graph-line' }));
  if (current != null && current < chances.length) {
    svg.append(el('line', { x1: x(current), y1: 0, x2: x(current), y2: H, class: 'graph-current' }));
  }
  // Click targets: one column per ply, as wide as the spacing allows.
  const half = W / n / 2;
  chances.forEach((_, i) => {
    const hit = el('rect', { x: Math.max(0, x(i) - half), y: 0, width: half * 2, height: H, class: 'graph-hit', 'data-ply': i });
    const title = el('title', {});
    title.textContent = titles[i] ?? '';
    hit.append(title);
    hit.addEventListener('click', () => onPick(i));
    svg.append(hit);
  });
  // The dots last, above the columns: each one opens its move.
  chances.forEach((c, i) => {
    const mark = marks[i];
    if (!MARKED.includes(mark)) return;
    const dot = el('circle', {
      cx: x(i),
      cy: y(c),
      r: mark === 'inaccuracy' ? 4 : 6,
      class: `graph-mark graph-${mark}`,
      'data-ply': i,
      tabindex: 0,
      role: 'button',
      'aria-label': titles[i] ?? '',
    });
    const title = el('title', {});
    title.textContent = titles[i] ?? '';
    dot.append(title);
    dot.addEventListener('click', (e) => {
      e.stopPropagation();
      onMark(i);
    });
    dot.addEventListener('keydown', (e) => {
      const key = /** @type {KeyboardEvent} */ (e).key;
      if (key === 'Enter' || key === ' ') {
        e.preventDefault();
        onMark(i);
      }
    });
    svg.append(dot);
  });
  container.replaceChildren(svg);
}
