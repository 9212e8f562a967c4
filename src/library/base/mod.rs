//! The basic classes: numbers, strings, collections and their mutable forms, ranges, players, outcome classes and thermographs, the global functions and the parameter names of native members.

// The files of this family name the rest of the library as `super::name` (the move from `interp/builtins/`
// kept their paths): every name of `library/mod.rs` is in scope here.
#[allow(unused_imports)]
use super::*;

pub(super) mod collections;
pub(super) mod globals;
pub(super) mod misc;
pub mod mutable;
pub(super) mod numbers;
pub mod params;
pub mod range;
pub(super) mod strings;
