// Service worker: keeps a copy of the whole app (wasm included) so that it
// loads at once and without a network. Cache first: a page is served from
// the copy of its version. The browser checks this file and pkg/precache.js
// (written by tools/precache.mjs at build time: the version, a hash of every
// file, and the file list) on each navigation; a new version is fetched into
// its own cache in the background and waits until the page, which offers "A
// new version is ready: reload" (app/update.js), says to switch over. Old
// versions' caches are deleted then.
// The list comes from the build (tools/precache.mjs walks www/), so a new
// file is kept without anyone remembering to name it here.
importScripts('pkg/precache.js');

/** @type {{version: string, files: string[]}} */
const BUILD = self.PRECACHE;
const PREFIX = 'sowboard-';
const CACHE = PREFIX + BUILD.version;
// './' is the page itself (the list names index.html).
const FILES = ['./', ...BUILD.files];

self.addEventListener('install', (event) => {
  // cache: 'reload': the copy comes from the server, not from the HTTP cache.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))));
});

// The page says when to switch to the waiting version (the player chose to reload).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
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
    })(),
  );
});
