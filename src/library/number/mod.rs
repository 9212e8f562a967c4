//! Numbers beyond the dyadic rationals: surreal numbers, transfinite ordinals and nimbers, infinities.

// The files of this family name the rest of the library as `super::name` (the move from `interp/builtins/`
// kept their paths): every name of `library/mod.rs` is in scope here.
#[allow(unused_imports)]
use super::*;

pub mod infinity;
pub mod surreal;
pub mod transfinite;
