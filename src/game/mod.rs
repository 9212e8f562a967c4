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
pub mod graph;
pub mod impartial;
pub mod loopy;
pub mod misere;
pub mod number;
pub mod print_limit;
pub mod short;
pub mod sumber;

pub use number::Dyadic;
pub use short::store::{Cmp, GameId, Games, Outcome};
pub use short::thermo::{ThermoCache, Thermograph};
pub use short::trajectory::Trajectory;

/// Errors an engine operation reports to its caller (the interpreter words and spans them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// `AtomicWeight` of a game that is not atomic (CGSuite: "That game is not atomic: G").
    NotAtomic(GameId),
    /// `Cool(t)` with t <= -1 (CGSuite: "Invalid cooling temperature (must be > -1): t").
    InvalidCoolingTemperature(Dyadic),
    /// An operation defined only on nimbers (e.g. `ConwayProduct`) got another game.
    NotANimber(GameId),
    /// An operation defined only on uptimals got another game.
    NotUptimal(GameId),
    /// `G.Pow(x)` with G not of the form `{0|H}`.
    InvalidPowBase(GameId),
    /// `G.PowTo(x)` with `x < 0` or `G.Pow(x)` with `x < 1`: the exponent and the least one allowed.
    InvalidExponent(Dyadic, Dyadic),
    /// `NortonProduct(U)` with U not positive.
    NotPositive(GameId),
    /// A number or count outside the engine's exact range.
    Overflow,
    /// An up multiple `n·↑` with `|n|` beyond [`short::store::MAX_UPS`].
    UpsTooLarge,
    /// A computation beyond one of the engine's bounds, with the sentence that says which.
    Limit(&'static str),
}
