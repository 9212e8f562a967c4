//! The arena of canonical games (hash-consing), construction, arithmetic, comparison, options and classification.

use super::{Dyadic, GameError};

/// A canonical game: an index into [`Games`]. Equal games have equal ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

/// Outcome class under normal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins.
    L,
    /// Right wins.
    R,
    /// The first player wins.
    N,
    /// The second player wins.
    P,
}

/// The result of comparing two games in the partial order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// G < H.
    Less,
    /// G = H.
    Equal,
    /// G > H.
    Greater,
    /// G || H.
    Confused,
}

/// The arena of canonical games.
#[derive(Default)]
pub struct Games {}

#[allow(unused_variables, missing_docs)]
impl Games {
    pub fn new() -> Games { unimplemented!() }
    // construction
    pub fn zero(&self) -> GameId { unimplemented!() }
    pub fn integer(&mut self, n: i64) -> GameId { unimplemented!() }
    pub fn number(&mut self, d: Dyadic) -> GameId { unimplemented!() }
    pub fn nimber(&mut self, n: u64) -> GameId { unimplemented!() }
    /// number + ups·↑ + *nim
    pub fn uptimal(&mut self, number: Dyadic, ups: i64, nim: u64) -> GameId { unimplemented!() }
    /// The canonical form of `<left | right>`.
    pub fn new_game(&mut self, left: &[GameId], right: &[GameId]) -> GameId { unimplemented!() }
    /// ↑ⁿ (`^.Pow(n)`, printed `^<n>`).
    pub fn up_pow(&mut self, n: u32) -> GameId { unimplemented!() }
    /// ↑^[n] (`^.PowTo(n)`, printed `^[n]`).
    pub fn up_pow_to(&mut self, n: u32) -> GameId { unimplemented!() }
    /// `G.Pow(n)` for general G (CGSuite semantics).
    pub fn pow(&mut self, g: GameId, n: u32) -> Result<GameId, GameError> { unimplemented!() }
    /// `G.PowTo(n)` for general G (CGSuite semantics).
    pub fn pow_to(&mut self, g: GameId, n: u32) -> Result<GameId, GameError> { unimplemented!() }
    pub fn tiny(&mut self, g: GameId) -> GameId { unimplemented!() }
    pub fn miny(&mut self, g: GameId) -> GameId { unimplemented!() }
    // arithmetic
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId { unimplemented!() }
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId { unimplemented!() }
    pub fn neg(&mut self, g: GameId) -> GameId { unimplemented!() }
    /// n copies of g (negative n: copies of -g).
    pub fn mul_int(&mut self, n: i64, g: GameId) -> GameId { unimplemented!() }
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> GameId { unimplemented!() }
    /// `+-G` = `<G | -G>`.
    pub fn plus_minus(&mut self, g: GameId) -> GameId { unimplemented!() }
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId, GameError> { unimplemented!() }
    pub fn conway_product(&mut self, g: GameId, h: GameId) -> Result<GameId, GameError> { unimplemented!() }
    // comparison
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool { unimplemented!() }
    pub fn cmp(&mut self, g: GameId, h: GameId) -> Cmp { unimplemented!() }
    pub fn outcome(&mut self, g: GameId) -> Outcome { unimplemented!() }
    /// Misère outcome of the canonical form read as a game tree.
    pub fn misere_outcome(&mut self, g: GameId) -> Outcome { unimplemented!() }
    // structure
    pub fn left_options(&self, g: GameId) -> Vec<GameId> { unimplemented!() }
    pub fn right_options(&self, g: GameId) -> Vec<GameId> { unimplemented!() }
    pub fn birthday(&mut self, g: GameId) -> u32 { unimplemented!() }
    /// All followers of g including g, in CGSuite's order.
    pub fn followers(&mut self, g: GameId) -> Vec<GameId> { unimplemented!() }
    // classification
    pub fn number_value(&self, g: GameId) -> Option<Dyadic> { unimplemented!() }
    /// Some(n) iff g = *n.
    pub fn nimber_value(&self, g: GameId) -> Option<u64> { unimplemented!() }
    /// Some((number, ups, nim)) iff g = number + ups·↑ + *nim.
    pub fn number_up_star(&self, g: GameId) -> Option<(Dyadic, i64, u64)> { unimplemented!() }
    pub fn is_number(&self, g: GameId) -> bool { unimplemented!() }
    pub fn is_integer(&self, g: GameId) -> bool { unimplemented!() }
    pub fn is_nimber(&self, g: GameId) -> bool { unimplemented!() }
    pub fn is_infinitesimal(&mut self, g: GameId) -> bool { unimplemented!() }
    pub fn is_all_small(&mut self, g: GameId) -> bool { unimplemented!() }
    pub fn is_numberish(&mut self, g: GameId) -> bool { unimplemented!() }
    pub fn is_number_tiny(&mut self, g: GameId) -> bool { unimplemented!() }
    pub fn is_even(&mut self, g: GameId) -> bool { unimplemented!() }
    pub fn is_odd(&mut self, g: GameId) -> bool { unimplemented!() }
    pub fn is_even_tempered(&mut self, g: GameId) -> bool { unimplemented!() }
    pub fn is_odd_tempered(&mut self, g: GameId) -> bool { unimplemented!() }
    pub fn left_stop(&mut self, g: GameId) -> Dyadic { unimplemented!() }
    pub fn right_stop(&mut self, g: GameId) -> Dyadic { unimplemented!() }
    pub fn stop_count(&mut self, g: GameId) -> u128 { unimplemented!() }
    /// `Tiny`/`Miny`-style decomposition used by the printer and `G.Tiny`/`G.Miny` members: see print.rs.
    pub fn follower_count(&mut self, g: GameId) -> usize { unimplemented!() }
}
