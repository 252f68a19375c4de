// Service worker: keeps a copy of the whole app (wasm included) so that it
// loads without a network. Network first, so an online reload always gets the
// current files (and refreshes the copy); the copy answers when offline.
const CACHE = 'sowboard-v2';
const APP = [
  './', 'index.html', 'app.css', 'icon.svg', 'embed.html', 'embed.css', 'embed.js',
  'app/main.js', 'app/save.js', 'app/fragment.js', 'app/ask.js', 'app/moves.js', 'app/words.js', 'app/ratings.js',
  'widget.js', 'engine.js', 'ai-worker.js',
  'board/element.js', 'board/render.js', 'board/layout.js', 'board/input.js',
  'board/animate.js', 'board/styles.js', 'board/ai-client.js', 'board/controls.js', 'board/marks.js',
  'board/flow.js', 'board/options.js', 'board/ai-turns.js', 'board/painter.js',
  'pkg/sowboard.js', 'pkg/sowboard_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(APP)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    } catch (err) {
      // ignoreSearch: the page may be opened as index.html?x or with a fragment.
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return cached;
      if (request.mode === 'navigate') return (await cache.match('index.html')) ?? Response.error();
      throw err;
    }
  })());
});
