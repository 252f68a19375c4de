// The review's advantage graph: one point per position of the game (the
// first player's view, squashed so that a few stones already show and a
// proven result touches the edge), drawn as SVG. Clicking anywhere in a
// ply's column picks that ply. Drawing only: the numbers come from the engine.

const SVG = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 160;

/** The advantage `rank` (Score.rank) as -1..1: tanh over 6 stones, results at the edge. @param {number} rank */
export function squash(rank) {
  if (Math.abs(rank) >= 9000) return Math.sign(rank);
  return Math.tanh(rank / 600);
}

/** @param {string} name @param {Record<string, string | number>} attrs */
function el(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/**
 * @param {Element} container
 * @param {number[]} values the first player's advantage (-1..1) after each ply, index 0 the start
 * @param {string[]} marks a class per ply (index 0 the start: ''), mistakes and blunders are marked
 * @param {number | null} current the ply on show, highlighted
 * @param {(ply: number) => void} onPick
 */
export function drawGraph(container, values, marks, current, onPick) {
  const n = Math.max(1, values.length - 1);
  const x = (/** @type {number} */ i) => (i / n) * W;
  const y = (/** @type {number} */ v) => H / 2 - v * (H / 2 - 4);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'graph', role: 'img', 'aria-label': 'Advantage over the game: up is good for the first player' });
  svg.append(el('rect', { x: 0, y: 0, width: W, height: H, class: 'graph-bg' }));
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  // The first player's share from the bottom, as on the evaluation bar.
  svg.append(el('polygon', { points: `0,${H} ${points.join(' ')} ${x(values.length - 1)},${H}`, class: 'graph-area' }));
  svg.append(el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'graph-axis' }));
  svg.append(el('polyline', { points: points.join(' '), class: 'graph-line' }));
  if (current != null && current < values.length) {
    svg.append(el('line', { x1: x(current), y1: 0, x2: x(current), y2: H, class: 'graph-current' }));
  }
  values.forEach((v, i) => {
    const mark = marks[i];
    if (mark === 'mistake' || mark === 'blunder' || mark === 'inaccuracy') {
      svg.append(el('circle', { cx: x(i), cy: y(v), r: mark === 'inaccuracy' ? 3 : 5, class: `graph-${mark}` }));
    }
  });
  // Click targets: one column per ply, as wide as the spacing allows.
  const half = W / n / 2;
  values.forEach((_, i) => {
    const hit = el('rect', { x: Math.max(0, x(i) - half), y: 0, width: half * 2, height: H, class: 'graph-hit', 'data-ply': i });
    const title = el('title', {});
    title.textContent = i === 0 ? 'The start' : `After move ${i}${marks[i] ? ` (${marks[i]})` : ''}`;
    hit.append(title);
    hit.addEventListener('click', () => onPick(i));
    svg.append(hit);
  });
  container.replaceChildren(svg);
}
