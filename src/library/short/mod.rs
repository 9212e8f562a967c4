//! Short games: the `Game` members, big numbers, explicit forms and compound sums, sensible options, game trees.

// The files of this family name the rest of the library as `super::name` (the move from `interp/builtins/`
// kept their paths): every name of `library/mod.rs` is in scope here.
#[allow(unused_imports)]
use super::*;

pub mod bignum;
pub mod explicit;
pub(super) mod game;
pub mod sensible;
pub mod tree;
