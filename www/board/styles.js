// The element's own styles, as a constructable stylesheet (allowed by a
// strict CSP, unlike inline style attributes). Every colour reads a public
// --sowing-* custom property first (docs/embedding-theme.md lists them); the
// `theme` attribute picks light, dark, or (auto, the default) the system's.

/** The light colours (the default); every one reads a public --sowing-* property first. */
const LIGHT = `
  --_text: var(--sowing-text, #1d232b);
  --_background: var(--sowing-background, #ffffff);
  --_flash-bg: var(--sowing-flash-bg, #fff1c2);
  --_flash-text: var(--sowing-flash-text, #5a4300);
  --_odd-cell: var(--sowing-blue-cell, #d3e1f7);
  --_even-cell: var(--sowing-red-cell, #f6d9d5);
  --_first-stone: var(--sowing-blue, #2360c4);
  --_second-stone: var(--sowing-red, #c4302a);
  --_first-text: var(--sowing-blue-text, #ffffff);
  --_second-text: var(--sowing-red-text, #ffffff);
  --_stone-edge: var(--sowing-stone-edge, rgba(0, 0, 0, 0.35));
  --_highlight: var(--sowing-highlight, #17924c);
  --_highlight-edge: var(--sowing-highlight-edge, );
  --_selected: var(--sowing-selected, #e0a100);
  --_last-move: var(--sowing-last-move, rgba(224, 161, 0, 0.55));
  --_capture: var(--sowing-capture, #d7261e);
  --_hint: var(--sowing-hint, #7c3aed);
  --_coordinates: var(--sowing-coordinates, #5b6573);
  --_focus: var(--sowing-focus, #0b63ce);
  --_border: var(--sowing-border, rgba(0, 0, 0, 0.35));
  --_button-border: var(--sowing-button-border, #8a929c);`;
/** Cash in Hand's cells and stones (light). */
const CASH_LIGHT = `
  --_odd-cell: var(--sowing-light-cell, #efe2c4);
  --_even-cell: var(--sowing-dark-cell, #9a7752);
  --_first-stone: var(--sowing-white, #f8f6f0);
  --_second-stone: var(--sowing-black, #26221e);
  --_first-text: var(--sowing-white-text, #1a1a1a);
  --_second-text: var(--sowing-black-text, #ffffff);`;
/** The dark colours: theme="dark", or theme="auto" (the default) on a dark system. */
const DARK = `
  --_text: var(--sowing-text, #e4e8ee);
  --_background: var(--sowing-background, #1f242b);
  --_flash-bg: var(--sowing-flash-bg, #4a3f14);
  --_flash-text: var(--sowing-flash-text, #ffe9a8);
  --_odd-cell: var(--sowing-blue-cell, #3c5378);
  --_even-cell: var(--sowing-red-cell, #6e4444);
  --_coordinates: var(--sowing-coordinates, #a3adbb);
  --_focus: var(--sowing-focus, #6cb2ff);
  --_border: var(--sowing-border, rgba(255, 255, 255, 0.3));
  --_button-border: var(--sowing-button-border, #7d8693);
  /* Legal choices: a light green on a dark outline (the outline keeps it
     visible on Cash in Hand's light cells, where no green would). */
  --_highlight: var(--sowing-highlight, #6ee7a0);
  --_highlight-edge: var(--sowing-highlight-edge, rgba(0, 0, 0, 0.8));`;
const CASH_DARK = `
  --_odd-cell: var(--sowing-light-cell, #b9a888);
  --_even-cell: var(--sowing-dark-cell, #6d553b);`;

export const sheet = new CSSStyleSheet();
sheet.replaceSync(`
:host {
  display: block;
  font-family: var(--sowing-font, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  color-scheme: light;
  color: var(--_text);
  /* The widget paints its own background, so that its text stays readable
     whatever the page behind it (a host may set it transparent). */
  background: var(--_background);
  border-radius: 6px;
  -webkit-tap-highlight-color: transparent;
  ${LIGHT}
  /* Where the prompt and the buttons go: under the board, or beside it. */
  --_controls: var(--sowing-controls, below);
  /* The most height the board may take: by default the board and one row
     of controls under it fit in the window (or the frame). */
  --_max-height: var(--sowing-max-height, max(12rem, calc(100dvh - 7rem)));
}
/* A short landscape window (a phone on its side): the board takes the
   height and the controls go beside it. */
@media (orientation: landscape) and (max-height: 32rem) {
  :host {
    --_controls: var(--sowing-controls, side);
    --_max-height: var(--sowing-max-height, max(12rem, calc(100dvh - 1rem)));
  }
}
:host([hidden]) { display: none; }
:host([game="cash-in-hand"]) { ${CASH_LIGHT} }
:host([theme="dark" i]) { color-scheme: dark; ${DARK} }
:host([theme="dark" i][game="cash-in-hand"]) { ${CASH_DARK} }
@media (prefers-color-scheme: dark) {
  :host(:not([theme="light" i])) { color-scheme: dark; ${DARK} }
  :host(:not([theme="light" i])[game="cash-in-hand"]) { ${CASH_DARK} }
}
.wrap { display: flex; flex-direction: column; gap: 0.4rem; }
/* Controls beside the board: the board in the first column, the rest in the second. */
.wrap.side {
  display: grid; grid-template-columns: auto minmax(0, 1fr); grid-auto-rows: min-content;
  column-gap: 0.8rem; row-gap: 0.4rem; align-items: start;
}
.wrap.side > .board { grid-column: 1; grid-row: 1 / span 8; }
.wrap.side > :not(.board) { grid-column: 2; }
.wrap.side .status { text-align: start; padding-top: 0.3rem; }
.wrap.side .row { justify-content: flex-start; }
.wrap.side .chooser .label { text-align: start; }
.wrap.side .stepper .label { width: 100%; }
.board {
  display: flex;
  justify-content: center;
  /* Read back by the script as the most height the board may take. */
  max-height: var(--_max-height);
}
/* none: a drag on the board sows, it never scrolls or zooms the page. */
canvas { display: block; touch-action: none; outline: none; cursor: pointer; border-radius: 4px; }
canvas:focus-visible { box-shadow: 0 0 0 3px var(--_focus); }
.status { min-height: 1.5em; text-align: center; font-size: 0.95rem; }
/* A refused click's reason, in place of the prompt for a moment. */
.flash { display: inline-block; padding: 0 0.5rem; border-radius: 4px; background: var(--_flash-bg); color: var(--_flash-text); font-weight: 600; }
.thinking { font-style: italic; opacity: 0.85; }
.row { display: flex; flex-wrap: wrap; gap: 0.35rem; justify-content: center; align-items: center; }
.chooser .label { width: 100%; text-align: center; font-size: 0.9rem; }
button {
  font: inherit;
  font-size: 0.9rem;
  min-width: 2.4rem;
  min-height: 2.2rem;
  padding: 0.2rem 0.6rem;
  border-radius: 6px;
  border: 1px solid var(--_button-border);
  background: var(--sowing-button-bg, transparent);
  color: inherit;
  cursor: pointer;
}
button:hover { border-color: var(--_highlight); }
/* Keyboard focus on every control: a 3 px ring in the focus colour. */
button:focus-visible, input:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
button.main { border-color: var(--_selected); font-weight: 700; }
.chooser { gap: 0.25rem; }
/* The pick-up stepper: one compact line, big enough for a thumb. */
.stepper { gap: 0.25rem; }
.stepper .label { font-size: 0.9rem; }
.stepper input {
  font: inherit; font-weight: 700; width: 3.2em; min-height: 2.2rem; text-align: center;
  border-radius: 6px; border: 1px solid var(--_selected); background: transparent; color: inherit;
}
@media (pointer: coarse) { .stepper input { min-height: 44px; } }
.chooser button { min-width: 2.2rem; padding: 0.2rem 0.3rem; }
/* Touch screens: every button at least 44 px square. */
@media (pointer: coarse) {
  button, .chooser button { min-width: 44px; min-height: 44px; }
}
button:disabled { opacity: 0.45; cursor: default; }
[hidden] { display: none !important; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`);
