//! CGSuite's own classes: `Object` and `Coordinates`, namespaces and classes, enums, icons, random numbers.

// The files of this family name the rest of the library as `super::name` (the move from `interp/builtins/`
// kept their paths): every name of `library/mod.rs` is in scope here.
#[allow(unused_imports)]
use super::*;

pub mod cgscript;
pub mod enums;
pub mod icon;
pub mod namespaces;
pub(super) mod random;
