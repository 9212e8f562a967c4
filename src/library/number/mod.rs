//! Numbers beyond the dyadic rationals: surreal numbers, transfinite ordinals and nimbers, infinities.

// What the files of this family name as `super::name` from outside it (the move from `interp/builtins/` kept
// their paths): the core's natives and the other families they use.
use crate::interp::native::{boolean, check_arity, member, Member, Site};
use crate::interp::registry::{rust_type, ClassDecl};

pub mod infinity;
pub mod surreal;
pub mod transfinite;

// The face other families use (`crate::library::number::X`).
pub use infinity::extreme;
pub use surreal::{integer_nim, integer_omega_power, omega};

/// The classes of this family (see `crate::interp::registry`).
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("SurrealNumber", "game.SurrealNumber")
        .parents(&["NormalValue"])
        .members(&[surreal::COMMON, surreal::SURREAL])
        .types(&[rust_type::<surreal::SurrealValue>]),
    ClassDecl::new("GeneralizedOrdinal", "game.GeneralizedOrdinal")
        .parents(&["SurrealNumber"])
        .members(&[surreal::GENERALIZED_ORDINAL]),
    ClassDecl::new("TransfiniteNimber", "game.TransfiniteNimber")
        .parents(&["NormalValue"])
        .members(&[transfinite::TRANSFINITE_NIMBER])
        .types(&[rust_type::<transfinite::TransfiniteNimber>]),
    ClassDecl::new("Infinity", "Infinity").members(&[infinity::INFINITY]),
];
