//! The game engine: canonical short partizan games, impartial and misère theory, sumbers.
//!
//! Pure Rust with no knowledge of the interpreter. The central type is [`Games`], an arena in which every
//! canonical game is hash-consed to a [`GameId`]: equal games have equal ids. All operations are methods on
//! `Games` (spread over the files of this folder by topic) and take `&mut self` where they may create games.

pub mod atomic;
pub mod impartial;
pub mod misere;
pub mod number;
pub mod obligated;
pub mod print;
pub mod store;
pub mod subordinate;
pub mod sumber;
pub mod takebreak;
#[cfg(test)]
mod tests_core;
pub mod thermo;
pub mod trajectory;
pub mod uptimal;

pub use number::Dyadic;
pub use store::{Cmp, GameId, Games, Outcome};
pub use thermo::ThermoCache;
pub use thermo::Thermograph;
pub use trajectory::Trajectory;

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
}
