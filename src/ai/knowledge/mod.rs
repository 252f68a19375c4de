//! What the searches know of each game: the search domains
//! (`intermedium::IntermediumDomain` and `cash::CashDomain`, each a
//! `search::Domain` over the game's rules, which are `crate::Intermedium` and
//! `crate::CashInHand`), the static evaluations, Cash in Hand's candidate
//! moves (its full move list is astronomically long) and its merge draw.

pub(crate) mod candidates_cash;
pub(crate) mod cash;
pub mod eval_cash;
pub mod eval_intermedium;
pub(crate) mod intermedium;
pub(crate) mod merge_draw;
