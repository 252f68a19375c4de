// The embedding demo: logs the events of both boards.
const log = /** @type {HTMLElement} */ (document.getElementById('log'));
for (const board of document.querySelectorAll('sowing-board')) {
  for (const type of ['ready', 'move', 'gameover', 'error']) {
    board.addEventListener(type, (e) => {
      const line = document.createElement('div');
      line.textContent = `${board.id}: ${type} ${JSON.stringify(/** @type {CustomEvent} */ (e).detail)}`;
      log.prepend(line);
    });
  }
}
