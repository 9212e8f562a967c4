//! Uptimal expansions (CGSuite's `Uptimal`): games of the form number + Σ aᵢ·↑ⁱ + *n.

use super::{GameError, GameId, Games};

/// An uptimal expansion `number.a1 a2 … an + *nim` (coefficients of ↑¹, ↑², …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UptimalExpansion {
    /// The number part.
    pub number: super::Dyadic,
    /// Coefficients of ↑¹, ↑², …
    pub coefficients: Vec<i64>,
    /// The nimber part.
    pub nim: u64,
}

impl Games {
    /// `G.UptimalExpansion`, or an error if G is not uptimal.
    pub fn uptimal_expansion(&mut self, g: GameId) -> Result<UptimalExpansion, GameError> {
        let _ = g;
        unimplemented!()
    }
    /// `G.IsUptimal`.
    pub fn is_uptimal(&mut self, g: GameId) -> bool {
        let _ = g;
        unimplemented!()
    }
}
