//! Thermography: stops, mean, temperature, thermographs, cooling, heating, overheating, freezing, incentives.

use super::{Dyadic, GameError, GameId, Games};

/// A thermograph: a left and a right wall, piecewise linear in the temperature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {}

#[allow(unused_variables, missing_docs)]
impl Games {
    pub fn mean(&mut self, g: GameId) -> Dyadic { unimplemented!() }
    pub fn temperature(&mut self, g: GameId) -> Dyadic { unimplemented!() }
    pub fn thermograph(&mut self, g: GameId) -> Thermograph { unimplemented!() }
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, GameError> { unimplemented!() }
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId { unimplemented!() }
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> GameId { unimplemented!() }
    pub fn freeze(&mut self, g: GameId) -> GameId { unimplemented!() }
    pub fn left_incentives(&mut self, g: GameId) -> Vec<GameId> { unimplemented!() }
    pub fn right_incentives(&mut self, g: GameId) -> Vec<GameId> { unimplemented!() }
    pub fn incentives(&mut self, g: GameId) -> Vec<GameId> { unimplemented!() }
}
