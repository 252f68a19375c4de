// The widget's hand-written types (www/types/widget.d.ts, for site owners)
// checked against the element itself (www/board/element.js): tsc fails here
// when an attribute, a property or method, or an event is in one and not the
// other. Nothing runs: `tsc -p tests/browser` (./test.sh) is the test.
import type { SowingBoard as Element, BoardEvent } from '../../www/board/element.js';
import type { RECORD_ATTRIBUTES, VIEW_ATTRIBUTES } from '../../www/board/options.js';
import type { SowingBoard as Declared, SowingBoardAttributes, SowingBoardEventMap } from '../../www/types/widget.js';

/** `true` when the two unions hold the same names; otherwise the names only
 * in the first and only in the second, which tsc prints in its error. */
type SameNames<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never]
  ? true
  : { onlyInElement: Exclude<A, B>; onlyInDeclaration: Exclude<B, A> };

/** What custom elements get from the platform, and the lifecycle callbacks it calls. */
type Platform = keyof HTMLElement | 'connectedCallback' | 'disconnectedCallback' | 'attributeChangedCallback';

// The attributes the element observes, and those the declaration lists.
type ElementAttributes = (typeof RECORD_ATTRIBUTES)[number] | (typeof VIEW_ATTRIBUTES)[number];
export const attributes: SameNames<ElementAttributes, keyof SowingBoardAttributes> = true;

// Properties and methods, and the static ones.
type ElementMembers = Exclude<keyof Element, Platform>;
export const members: SameNames<ElementMembers, Exclude<keyof Declared, Platform>> = true;
type Statics<C> = Exclude<keyof C, 'prototype' | 'observedAttributes'>;
export const statics: SameNames<Statics<typeof Element>, Statics<typeof Declared>> = true;

// The events the element sends (its `#emit` takes only these names).
type DeclaredEvents = Exclude<keyof SowingBoardEventMap, keyof Omit<HTMLElementEventMap, 'error' | 'change'>>;
export const events: SameNames<BoardEvent, DeclaredEvents> = true;

// The shared members have types a site can rely on: each of the element's is
// usable where the declaration promises it.
type Shared = ElementMembers & keyof Declared;
export const typed = (board: Element): Pick<Declared, Shared> => board;
