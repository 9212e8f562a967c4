//! The game engine: the theory, in folders as a book would put it.
//!
//! | folder | owns |
//! |---|---|
//! | [`short`] | canonical short partizan games: the hash-consing arena ([`Games`]), canonical construction, comparison, arithmetic, printing, thermographs, atomic weights, uptimals, subordinates |
//! | [`number`] | the numbers the engine computes with ([`Dyadic`]) |
//! | [`graph`] | graphs with labelled vertices and edges (CGSuite's `Graph`): notation, constructors, structural operations, canonical keys |
//! | [`impartial`] | nim values of game trees, take-and-break codes and periodicity, obligated sums |
//! | [`misere`] | misère canonical forms and genus |
//! | [`sumber`] | Kao's sumbers |
//! | [`loopy`] | canonical stoppers: survival test, simplest forms, sums, printing |
//!
//! Pure Rust with no knowledge of the interpreter: nothing in `game/` imports `interp/`, `ruleset/` or
//! `solve/` (the layering test in `tests/integration/layering.rs` checks it). The central type is
//! [`Games`], an arena in which every canonical game is hash-consed to a [`GameId`]: equal games have equal
//! ids. Operations are methods on `Games` and take `&mut self` where they may create games.

pub mod budget;
mod error;
pub mod graph;
pub mod impartial;
pub mod loopy;
pub mod misere;
pub mod number;
pub mod print_limit;
pub mod short;
pub mod sumber;

pub use error::GameError;
pub use number::Dyadic;
pub use short::store::{Cmp, GameId, Games, Outcome};
pub use short::thermograph::{ThermoCache, Thermograph};
pub use short::trajectory::Trajectory;
