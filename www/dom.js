// The pages' one DOM helper: an element of the page by its id.

/** The element with this id (typed loosely: each page knows its markup).
 * @param {string} id @returns {any} */
export const $ = (id) => document.getElementById(id);
