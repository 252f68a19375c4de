// The localStorage key of the list of games by link (store.js): the app page
// reads it alone to know whether there is a list to show, without the store.
export const LINKS_KEY = 'sowboard.links';
