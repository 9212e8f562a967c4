//! Unit and property tests of the short-game engine.

mod bignum;
mod cgsuite_table;
mod core;
mod thermo;
