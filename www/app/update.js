// The service worker (sw.js) and new versions of the app. A new version is
// fetched in the background while the player plays on; once it is ready the
// page says so under the header, with a Reload button, and switches over
// only when the player presses it (the game is saved after every move, so the
// reload brings it back).

/**
 * Whether `worker`, installed and waiting, replaces a version the page runs:
 * only then is there something to offer. The first install has no page to
 * update, and whether the page has a controller does not tell the two apart:
 * the first worker claims the page as it activates, and on a first visit
 * WebKit under load can let the page see a controller ahead of its look, so the
 * page said "A new version is ready" and pushed the board down under the
 * player's clicks (seen in the cross-engine tests). A replacement always has
 * another worker active.
 * @param {{active: object | null}} registration @param {object | null} worker
 */
export const replacesActive = (registration, worker) => worker != null && registration.active != null && registration.active !== worker;

/** Registers sw.js (once the page has loaded) and offers the reload when a
 * new version is waiting. The page calls it once its board is playable: the
 * worker's copy of the whole site would share the network with the first load. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  loaded.then(async () => {
    let reg;
    try {
      reg = await navigator.serviceWorker.register('sw.js');
    } catch {
      return; // no offline copy; the app still works
    }
    if (!reg) return; // a browser set to keep no workers (an automated one) registers nothing
    if (replacesActive(reg, reg.waiting)) offer(/** @type {ServiceWorker} */ (reg.waiting));
    reg.addEventListener('updatefound', () => {
      const worker = reg.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && replacesActive(reg, worker)) offer(worker);
      });
    });
    // The browser looks for a new version on each navigation; a tab left
    // open for days looks again when the player comes back to it.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') reg.update().catch(() => {});
    });
  });
}

/** Shows "A new version is ready" with its Reload button. @param {ServiceWorker} worker */
function offer(worker) {
  const box = document.getElementById('update');
  const button = /** @type {HTMLButtonElement | null} */ (document.getElementById('update-reload'));
  if (!box || !button) return;
  box.hidden = false;
  button.onclick = () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    worker.postMessage({ type: 'skip-waiting' });
  };
}
