//! Printing canonical games exactly as CGSuite does, with `<>` for game braces.

use super::{GameId, Games};

impl Games {
    /// The printed form of `g` (LANGUAGE.md §8).
    pub fn display(&mut self, g: GameId) -> String {
        let _ = g;
        unimplemented!()
    }
}
