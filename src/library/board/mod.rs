//! Boards: grids (of characters and of integers), strips and plots.

// The files of this family name the rest of the library as `super::name` (the move from `interp/builtins/`
// kept their paths): every name of `library/mod.rs` is in scope here.
#[allow(unused_imports)]
use super::*;

pub mod grid;
pub mod numgrid;
pub(super) mod plots;
pub mod strip;
