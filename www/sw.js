// Service worker: keeps a copy of the whole app (wasm included) so that it
// loads at once and without a network. Cache first: a page is served from
// the copy of its version. The browser checks this file and pkg/precache.js
// (written by tools/precache.mjs at build time: the version, a hash of every
// file, and the file list) on each navigation; a new version is fetched into
// its own cache in the background and waits until the page, which offers "A
// new version is ready: reload" (app/update.js), says to switch over. Old
// versions' caches are deleted then.
try {
  importScripts('pkg/precache.js');
} catch {
  // Not built by build.sh (no list): keep the files named below, unversioned.
}
const APP = [
  './', 'index.html', 'app.css', 'icon.svg', 'embed.html', 'embed.css', 'embed.js',
  'app/main.js', 'app/save.js', 'app/fragment.js', 'app/ask.js', 'app/moves.js', 'app/words.js', 'app/ratings.js',
  'widget.js', 'engine.js', 'ai-worker.js',
  'board/element.js', 'board/render.js', 'board/layout.js', 'board/input.js',
  'board/animate.js', 'board/styles.js', 'board/ai-client.js', 'board/controls.js', 'board/marks.js',
  'board/flow.js', 'board/options.js', 'board/ai-turns.js', 'board/painter.js',
  'board/describe.js', 'app/update.js', 'manifest.webmanifest', 'board/version.js',
  'pkg/sowboard.js', 'pkg/sowboard_bg.wasm',
  'app/link-play.js', 'link/codec.js', 'link/store.js', 'link/board-link.js',
  'analysis/analysis.js', 'analysis/analysis.css', 'analysis/client.js', 'analysis/graph.js', 'analysis/worker.js', 'analysis/editor.js', 'board/analysis-view.js',
  'learn.html', 'learn/learn.css', 'learn/app.js', 'learn/progress.js', 'learn/lessons.js', 'learn/lessons-ui.js',
  'learn/judge.js', 'learn/puzzle-judge.js', 'learn/puzzles-ui.js', 'puzzles/intermedium.json', 'puzzles/cash-in-hand.json',
];

/** @type {{version: string, files: string[]}} */
const BUILD = self.PRECACHE ?? { version: 'unbuilt', files: [] };
const PREFIX = 'sowboard-';
const CACHE = PREFIX + BUILD.version;
// The generated list and the names above (kept so that a branch adding a file
// to them merges easily); './' is the page itself.
const FILES = [...new Set(['./', ...APP, ...BUILD.files])];

self.addEventListener('install', (event) => {
  // cache: 'reload': the copy comes from the server, not from the HTTP cache.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))));
});

// The page says when to switch to the waiting version (the player chose to reload).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // ignoreSearch: the page may be opened as index.html?x (a fragment never reaches us).
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    try {
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    } catch (err) {
      if (request.mode === 'navigate') return (await cache.match('./')) ?? Response.error();
      throw err;
    }
  })());
});
