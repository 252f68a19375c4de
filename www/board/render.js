// Draws the board on a canvas from a plain view description. Knows nothing
// of the rules: what is legal, captured or sown arrives in `view`.
import { cellName, cellOf as parseCell } from './layout.js';

/**
 * view: {
 *   layout, board (Uint8Array, index = rank * files + file), theme (colours),
 *   sides: [firstName, secondName], cities: [{cell, side}],
 *   marks: { origins, targets, places: Set<cellName>, selected, pending, focus: cellName|null,
 *            path: [cellName], lastPath: [cellName], captured: [cellName], hint: [cellName], hand }
 * }
 */
export function drawBoard(ctx, view) {
  const { layout: L, theme: T } = view;
  ctx.clearRect(0, 0, L.totalW, L.totalH);
  drawCells(ctx, view);
  drawCities(ctx, view);
  drawPath(ctx, view, view.marks.lastPath, T.lastMove, 0.16, false);
  drawPath(ctx, view, view.marks.hint, T.hint, 0.12, true);
  drawPath(ctx, view, view.marks.path, T.selected, 0.12, false);
  drawStones(ctx, view);
  drawMarks(ctx, view);
  if (L.coordinates) drawCoordinates(ctx, view);
}

function forEachCell(L, fn) {
  for (let rank = 0; rank < L.ranks; rank++) {
    for (let file = 0; file < L.files; file++) fn(file, rank, cellName(file, rank));
  }
}

function drawCells(ctx, { layout: L, theme: T }) {
  forEachCell(L, (file, rank) => {
    const { x, y } = L.origin(file, rank);
    // Odd cells (file + rank odd) belong to the first player.
    ctx.fillStyle = (file + rank) % 2 ? T.oddCell : T.evenCell;
    ctx.fillRect(x, y, L.cell, L.cell);
  });
  ctx.strokeStyle = T.border;
  ctx.lineWidth = 1;
  ctx.strokeRect(L.left + 0.5, L.top + 0.5, L.boardW - 1, L.boardH - 1);
}

function drawCities(ctx, { layout: L, theme: T, cities, sides }) {
  // The label sits on a pill of the side's colour, in that side's text
  // colour: readable on any cell colour, light or dark theme.
  for (const city of cities) {
    const c = parseCell(city.cell);
    const { x, y } = L.origin(c.file, c.rank);
    const s = L.cell;
    const first = city.side === sides[0];
    const colour = first ? T.firstStone : T.secondStone;
    // A crenellated outline: a city, drawn under any stones on it.
    ctx.save();
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(2, s * 0.05);
    ctx.setLineDash([]);
    const inset = s * 0.1;
    ctx.strokeRect(x + inset, y + inset, s - 2 * inset, s - 2 * inset);
    ctx.fillStyle = colour;
    const tooth = (s - 2 * inset) / 5;
    for (let i = 0; i < 5; i += 2) {
      ctx.fillRect(x + inset + i * tooth, y + inset - tooth * 0.45, tooth, tooth * 0.45);
    }
    ctx.font = `700 ${Math.max(8, Math.round(s * 0.17))}px ${T.font}`;
    const tw = ctx.measureText('CITY').width + s * 0.08;
    const th = Math.max(10, s * 0.21);
    ctx.fillRect(x + (s - tw) / 2, y + s - inset - th, tw, th);
    ctx.fillStyle = first ? T.firstText : T.secondText;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('CITY', x + s / 2, y + s - inset - th / 2);
    ctx.restore();
  }
}

function drawPath(ctx, { layout: L }, cells, colour, width, dashed) {
  if (!cells || cells.length < 2) return;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, L.cell * width);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (dashed) ctx.setLineDash([L.cell * 0.18, L.cell * 0.14]);
  ctx.beginPath();
  cells.forEach((name, i) => {
    const c = parseCell(name);
    const p = L.center(c.file, c.rank);
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
  ctx.stroke();
  // An arrow head at the end shows the direction of sowing.
  const a = parseCell(cells[cells.length - 2]),
    b = parseCell(cells[cells.length - 1]);
  const pa = L.center(a.file, a.rank),
    pb = L.center(b.file, b.rank);
  const angle = Math.atan2(pb.y - pa.y, pb.x - pa.x);
  const head = L.cell * 0.28;
  const tip = { x: pb.x - Math.cos(angle) * L.cell * 0.3, y: pb.y - Math.sin(angle) * L.cell * 0.3 };
  ctx.setLineDash([]);
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(tip.x, tip.y);
  ctx.lineTo(tip.x - head * Math.cos(angle - 0.5), tip.y - head * Math.sin(angle - 0.5));
  ctx.lineTo(tip.x - head * Math.cos(angle + 0.5), tip.y - head * Math.sin(angle + 0.5));
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

function drawStones(ctx, { layout: L, theme: T, board }) {
  const r = L.cell * 0.34;
  forEachCell(L, (file, rank) => {
    const n = board[rank * L.files + file];
    if (!n) return;
    const { x, y } = L.center(file, rank);
    const first = (file + rank) % 2 === 1;
    const fill = first ? T.firstStone : T.secondStone;
    const text = first ? T.firstText : T.secondText;
    // Up to three discs peek out below the top one: a taller stack looks taller.
    const layers = Math.min(n, 4);
    for (let i = layers - 1; i >= 0; i--) {
      const dy = i * r * 0.16;
      ctx.beginPath();
      ctx.arc(x, y + dy - (layers - 1) * r * 0.08, r, 0, Math.PI * 2);
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.lineWidth = Math.max(1, L.cell * 0.02);
      ctx.strokeStyle = T.stoneEdge;
      ctx.stroke();
    }
    ctx.fillStyle = text;
    const digits = String(n).length;
    ctx.font = `700 ${Math.round(r * (digits > 2 ? 0.8 : 1.0))}px ${T.font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(n), x, y - (layers - 1) * r * 0.08 + r * 0.04);
  });
}

function ring(ctx, L, name, colour, width, inset = 0.06) {
  const c = parseCell(name);
  if (!c) return;
  const { x, y } = L.origin(c.file, c.rank);
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  const i = L.cell * inset + width / 2;
  ctx.strokeRect(x + i, y + i, L.cell - 2 * i, L.cell - 2 * i);
}

function dot(ctx, L, name, colour) {
  const c = parseCell(name);
  const { x, y } = L.center(c.file, c.rank);
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(x, y, L.cell * 0.13, 0, Math.PI * 2);
  ctx.fill();
}

function cross(ctx, L, name, colour) {
  const c = parseCell(name);
  const { x, y } = L.center(c.file, c.rank);
  const d = L.cell * 0.3;
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, L.cell * 0.07);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x - d, y - d);
  ctx.lineTo(x + d, y + d);
  ctx.moveTo(x + d, y - d);
  ctx.lineTo(x - d, y + d);
  ctx.stroke();
}

/**
 * A small label in a corner of a cell: `tr` (top right) "+n" captured
 * stones put back, `bl` (bottom left) stones dropped, `tl` (top left) the
 * pick-up. Each kind has its corner, so that they never cover each other.
 */
function badge(ctx, L, name, text, colour, font, corner = 'tr') {
  const c = parseCell(name);
  if (!c) return;
  const { x, y } = L.origin(c.file, c.rank);
  const h = Math.max(11, L.cell * 0.28);
  ctx.font = `700 ${Math.round(h * 0.8)}px ${font}`;
  const w = ctx.measureText(text).width + h * 0.4;
  const bx = corner === 'tr' ? x + L.cell - w - 2 : x + 2;
  const by = corner === 'bl' ? y + L.cell - h - 2 : y + 2;
  ctx.fillStyle = colour;
  ctx.fillRect(bx, by, w, h);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, bx + w / 2, by + h / 2);
}

function drawMarks(ctx, { layout: L, theme: T, marks, board }) {
  ctx.save();
  const w = Math.max(2, L.cell * 0.06);
  if (marks.lostCity) {
    // A captured city: filled and ringed in the capture colour.
    const c = parseCell(marks.lostCity);
    const { x, y } = L.origin(c.file, c.rank);
    ctx.globalAlpha = 0.35;
    ctx.fillStyle = T.capture;
    ctx.fillRect(x, y, L.cell, L.cell);
    ctx.globalAlpha = 1;
    ring(ctx, L, marks.lostCity, T.capture, w * 1.6, 0.03);
  }
  // The movable-stack ring on a dark outline (the dark theme sets one), so
  // that it stands out on light and dark cells alike.
  const choice = (/** @type {string} */ name, inset = 0.06) => {
    if (T.highlightEdge) ring(ctx, L, name, T.highlightEdge, w * 2.2, inset - (0.6 * w) / L.cell);
    ring(ctx, L, name, T.highlight, w, inset);
  };
  for (const name of marks.origins ?? []) choice(name);
  for (const name of marks.targets ?? []) {
    const c = parseCell(name);
    if (board[c.rank * L.files + c.file]) choice(name);
    else dot(ctx, L, name, T.highlight);
  }
  if (marks.selected) ring(ctx, L, marks.selected, T.selected, w * 1.4);
  // Inside the origin's ring, so that a stack that is both (c3 in Browne's
  // example) shows both marks.
  for (const name of marks.places ?? []) choice(name, 0.2);
  if (marks.pending) ring(ctx, L, marks.pending, T.selected, w * 1.4, 0.14);
  if (marks.hand) ring(ctx, L, marks.hand, T.lastMove, w * 1.4);
  for (const name of marks.captured ?? []) cross(ctx, L, name, T.capture);
  for (const name of marks.hintCaptured ?? []) cross(ctx, L, name, T.hint);
  // Analysis: what the side not to move could capture next (dashed ring).
  if (marks.threatened?.length) {
    ctx.setLineDash([L.cell * 0.1, L.cell * 0.07]);
    for (const name of marks.threatened) ring(ctx, L, name, T.capture, w * 1.3, 0.06);
    ctx.setLineDash([]);
  }
  if (marks.lastPickUp) badge(ctx, L, marks.lastPickUp.cell, `−${marks.lastPickUp.count}`, T.selected, T.font, 'tl');
  for (const drop of marks.lastDrops ?? []) badge(ctx, L, drop.cell, String(drop.count), T.selected, T.font, 'bl');
  for (const drop of marks.pathDrops ?? []) badge(ctx, L, drop.cell, String(drop.count), T.selected, T.font, 'bl');
  if (marks.handCount) badge(ctx, L, marks.handCount.cell, `→${marks.handCount.count}`, T.selected, T.font);
  for (const drop of marks.placed ?? []) badge(ctx, L, drop.cell, `+${drop.count}`, T.capture, T.font);
  if (marks.hintPickUp) badge(ctx, L, marks.hintPickUp.cell, `−${marks.hintPickUp.count}`, T.hint, T.font, 'tl');
  for (const drop of marks.hintDrops ?? []) badge(ctx, L, drop.cell, String(drop.count), T.hint, T.font, 'bl');
  for (const drop of marks.hintPlaced ?? []) badge(ctx, L, drop.cell, `+${drop.count}`, T.hint, T.font);
  if (marks.focus) {
    ctx.setLineDash([L.cell * 0.12, L.cell * 0.08]);
    ring(ctx, L, marks.focus, T.focus, Math.max(2, L.cell * 0.04), 0.02);
  }
  ctx.restore();
}

function drawCoordinates(ctx, { layout: L, theme: T }) {
  ctx.save();
  ctx.fillStyle = T.coordinates;
  ctx.font = `600 ${Math.round(Math.min(16, Math.max(10, L.cell * 0.24)))}px ${T.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let file = 0; file < L.files; file++) {
    const { x } = L.center(file, 0);
    ctx.fillText(String.fromCharCode(97 + file), x, L.top + L.boardH + L.cell * 0.26);
  }
  for (let rank = 0; rank < L.ranks; rank++) {
    const { y } = L.center(0, rank);
    ctx.fillText(String(rank + 1), L.left / 2, y);
  }
  ctx.restore();
}
