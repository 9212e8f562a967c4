//! Numbers beyond the dyadic rationals: surreal numbers, transfinite ordinals and nimbers, infinities.

// The files of this family name the rest of the library as `super::name` (the move from `interp/builtins/`
// kept their paths): every name of `library/mod.rs` is in scope here.
#[allow(unused_imports)]
use super::*;
use crate::interp::registry::{rust_type, ClassDecl};

pub mod infinity;
pub mod surreal;
pub mod transfinite;

/// The classes of this family (see `crate::interp::registry`).
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("SurrealNumber", "game.SurrealNumber").types(&[rust_type::<surreal::SurrealValue>]),
    ClassDecl::new("GeneralizedOrdinal", "game.GeneralizedOrdinal").parents(&["SurrealNumber"]),
    ClassDecl::new("TransfiniteNimber", "game.TransfiniteNimber").types(&[rust_type::<transfinite::TransfiniteNimber>]),
    ClassDecl::new("Infinity", "Infinity").members(&[infinity::INFINITY]),
];
