//! The engine's errors, a leaf: what an operation reports to its caller (the interpreter words and spans them).

use crate::game::{Dyadic, GameId};

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
    /// An up multiple `n·↑` with `|n|` beyond [`MAX_UPS`](crate::game::short::store::MAX_UPS).
    UpsTooLarge,
    /// A computation beyond one of the engine's bounds, with the sentence that says which.
    Limit(&'static str),
}
