//! The rules of both games: one test binary, a module per concern and game.
//! `*_support` modules hold shared helpers; `*_reference` modules are move
//! enumerators written from the rules alone, to check the engine against.

mod cash_builder;
mod cash_drops;
mod cash_moves;
mod cash_perft;
mod cash_properties;
mod cash_reference;
mod cash_rules;
mod cash_support;
mod game_record;
mod intermedium_builder;
mod intermedium_perft;
mod intermedium_properties;
mod intermedium_reference;
mod intermedium_rules;
mod intermedium_support;
mod move_code_cut;
mod notation_junk;
mod perft_golden;
mod perft_support;
mod playable;
mod reference_support;
