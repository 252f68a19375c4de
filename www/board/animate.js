// Turns a recorded move into animation frames: pick up, one frame per drop,
// the captures (shown crossed, then removed), then the stones put back. It
// replays what the engine recorded (MoveInfo); it decides nothing.
import { cellOf } from './layout.js';

/** Frames for `info` starting from `before` (the board at the start of the move). */
export function sowingFrames(before, info, files) {
  const board = Uint8Array.from(before);
  const at = (name) => {
    const c = cellOf(name);
    return c.rank * files + c.file;
  };
  const frames = [];
  const trail = [info.origin];
  board[at(info.origin)] -= info.count;
  frames.push({ board: board.slice(), hand: info.origin, path: trail.slice() });
  for (const drop of info.path) {
    board[at(drop.cell)] += drop.count;
    trail.push(drop.cell);
    frames.push({ board: board.slice(), hand: drop.cell, path: trail.slice() });
  }
  if (info.captured.length) {
    frames.push({ board: board.slice(), path: trail.slice(), captured: info.captured, hold: 2 });
    for (const cell of info.captured) board[at(cell)] = 0;
    frames.push({ board: board.slice(), path: trail.slice(), captured: info.captured });
  }
  for (const drop of info.placements) {
    board[at(drop.cell)] += drop.count;
    frames.push({ board: board.slice(), path: trail.slice(), hand: drop.cell, captured: info.captured });
  }
  return frames;
}

/** Plays frames, one every `msPerFrame` (a `hold` frame lasts longer);
 * `show(frame)` draws one and `done` runs after the last. Timers rather than
 * requestAnimationFrame: a hidden or throttled page still gets to the end of
 * the move instead of stalling mid-sowing (and leaving the board waiting).
 * Returns a function that stops it early (without calling `done`: whoever
 * stops it draws what comes next). */
export function playFrames(frames, { msPerFrame, show, done }) {
  let timer = 0;
  const step = (i) => {
    if (i >= frames.length) {
      done();
      return;
    }
    show(frames[i]);
    timer = setTimeout(() => step(i + 1), msPerFrame * (frames[i].hold ?? 1));
  };
  step(0);
  return () => clearTimeout(timer);
}
