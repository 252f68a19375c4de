// A yes/no question in the page's own dialog (not window.confirm, which
// blocks the page and cannot be styled): resolves to true for yes.

/** @param {{text: string, yes: string, no: string}} q */
export function ask({ text, yes, no }) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById('ask-dialog'));
  /** @type {HTMLElement} */ (dialog.querySelector('.ask-text')).textContent = text;
  /** @type {HTMLElement} */ (dialog.querySelector('button[value="yes"]')).textContent = yes;
  /** @type {HTMLElement} */ (dialog.querySelector('button[value="no"]')).textContent = no;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'yes'), { once: true });
  });
}
