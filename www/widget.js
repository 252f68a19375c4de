// Defines <sowing-board>. Load this one module (type="module") from any page,
// same origin or not; it defines nothing else globally. See docs/embedding.md.
import { SowingBoard } from './board/element.js';

if (!customElements.get('sowing-board')) customElements.define('sowing-board', SowingBoard);

export { SowingBoard };
