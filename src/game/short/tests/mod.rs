//! Unit and property tests of the short-game engine.

mod bignum;
mod cgsuite_table;
mod collect;
mod compare;
mod core;
mod heated;
mod nimsum;
mod thermo;
