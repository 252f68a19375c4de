//! The searches, knowing no game: a game reaches them through `search::Domain`
//! (`knowledge`), and every search is bounded by a `budget::Budget`.

pub(crate) mod budget;
pub(crate) mod mcts;
pub(crate) mod playout;
pub(crate) mod search;
pub(crate) mod uct;
pub(crate) mod zobrist;
