//! Atomic weights (constructive, with the far-star test), companions and reduced canonical forms.

use super::{GameError, GameId, Games};

#[allow(unused_variables, missing_docs)]
impl Games {
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, GameError> { unimplemented!() }
    pub fn is_atomic(&mut self, g: GameId) -> bool { unimplemented!() }
    pub fn companion(&mut self, g: GameId) -> GameId { unimplemented!() }
    pub fn reduced_canonical_form(&mut self, g: GameId) -> GameId { unimplemented!() }
}
