// The Learn page: lessons and puzzles on one board, judged by the engine.
import '../widget.js';
import { loadEngine } from '../engine.js';
import { loadProgress, saveProgress } from './progress.js';
import { Lessons } from './lessons-ui.js';
import { Puzzles } from './puzzles-ui.js';
import { $ } from '../dom.js';

const board = /** @type {import('../board/element.js').SowingBoard} */ ($('board'));
const notice = $('notice');

const { progress, problem } = loadProgress();
let warned = false;
function warn(/** @type {string} */ why) {
  if (warned) return;
  warned = true;
  notice.textContent = `Your progress cannot be saved in this browser (${why}); it is kept until you leave the page.`;
  notice.hidden = false;
}
if (problem) warn(problem);
const save = () => {
  const why = saveProgress(progress);
  if (why) warn(why);
};

const engine = await loadEngine();
const lessons = new Lessons(engine.Game, board, progress, save);
const puzzles = new Puzzles(engine.Game, board, progress, save);

/** Shows one tab; the board follows it. @param {'lessons' | 'puzzles'} which */
function show(which) {
  $('tab-lessons').setAttribute('aria-pressed', String(which === 'lessons'));
  $('tab-puzzles').setAttribute('aria-pressed', String(which === 'puzzles'));
  $('lessons').hidden = which !== 'lessons';
  $('puzzles').hidden = which !== 'puzzles';
  lessons.active = which === 'lessons';
  puzzles.active = which === 'puzzles';
  if (which === 'lessons') lessons.showStep();
  else puzzles.start();
  if (!location.hash.startsWith(`#${which}`)) history.replaceState(null, '', `#${which}`);
}
$('tab-lessons').addEventListener('click', () => show('lessons'));
$('tab-puzzles').addEventListener('click', () => show('puzzles'));
// `#puzzles/<id>` opens that puzzle.
const asked = /^#puzzles\/([\w-]+)$/.exec(location.hash);
if (asked) puzzles.wanted = asked[1];
const whenReady = () => show(location.hash.startsWith('#puzzles') ? 'puzzles' : 'lessons');
// The board loads a position only once it has its engine.
if (board.position) whenReady();
else board.addEventListener('ready', whenReady, { once: true });

// The offline copy (the same service worker as the game page; it lists these files too).
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch(() => {
    /* no offline copy; the page still works */
  });
}
