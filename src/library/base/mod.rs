//! The basic classes: numbers, strings, collections and their mutable forms, ranges, players, outcome classes and thermographs, and their global functions.

// What the files of this family name as `super::name` from outside it (the move from `interp/builtins/` kept
// their paths): the core's natives and the other families they use.
use crate::interp::error::Arity;
use crate::interp::native::{
    boolean, check_arity, count, elements, function, index, integer, list, member, player, string, Doc, Member,
    NativeFn, Site,
};
use crate::interp::registry::{rust_type, ClassDecl};
// The number family through its face, under the names this family's files use (`super::surreal::omega`).
use crate::library::number as infinity;
use crate::library::number as surreal;

pub mod cgscript;
pub(super) mod collections;
pub mod enums;
pub(super) mod globals;
pub(super) mod map_collection;
pub(super) mod misc;
pub mod mutable;
pub(super) mod numbers;
pub mod plots;
pub mod range;
pub(super) mod strings;
pub(super) mod timsort;
pub(super) mod universal;

// The face other families use (`crate::library::base::X`): CGSuite's `Object` and `Coordinates` rows, enums,
// the mutable collections' constructor, ranges as lists, and plots written to a file.
pub use cgscript::{ident, COORDINATES, OBJECT};
pub use enums::{class_ordinal, static_member, static_names, EnumValue, ENUM};
pub use mutable::construct as construct_mutable;
pub use plots::plot_to_file;
pub use range::as_range;

/// The classes of this family (see `crate::interp::registry`).
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Zero", "game.Zero").parents(&["Integer", "Nimber"]),
    ClassDecl::new("Integer", "game.Integer")
        .parents(&["DyadicRational"])
        .also_is(&["GeneralizedOrdinal"])
        .members(&[numbers::INTEGER]),
    ClassDecl::new("DyadicRational", "game.DyadicRational")
        .parents(&["Rational", "NumberGame", "Uptimal"])
        .also_is(&["Pseudonumber"]),
    ClassDecl::new("Rational", "game.Rational")
        .also_is(&["SurrealNumber"])
        .members(&[numbers::RATIONAL])
        .representation(&[numbers::NON_DYADIC]),
    ClassDecl::new("Boolean", "cgsuite.lang.Boolean"),
    ClassDecl::new("String", "cgsuite.lang.String").members(&[strings::STRING, cgscript::STRING]),
    ClassDecl::new("Nothing", "cgsuite.lang.Nothing"),
    ClassDecl::new("Collection", "cgsuite.lang.Collection")
        .declares(&["Adjoin", "Concat", "Count", "Exists", "Filter", "Find", "ForAll", "ForEach"])
        .globals(globals::COLLECTION_GLOBALS),
    ClassDecl::new("List", "cgsuite.lang.List").parents(&["Collection"]).members(&[collections::LIST, cgscript::LIST]),
    ClassDecl::new("Set", "cgsuite.lang.Set").parents(&["Collection"]).members(&[collections::SET]),
    ClassDecl::new("Map", "cgsuite.lang.Map").also_is(&["Collection", "Function"]).members(&[
        collections::MAP,
        cgscript::MAP,
        map_collection::MAP_AS_COLLECTION,
    ]),
    ClassDecl::new("MapEntry", "cgsuite.lang.MapEntry")
        .members(&[collections::MAP_ENTRY])
        .types(&[rust_type::<collections::MapEntry>]),
    ClassDecl::new("Range", "cgsuite.lang.Range")
        .parents(&["List"])
        .members(&[range::RANGE])
        .types(&[rust_type::<range::RangeValue>]),
    ClassDecl::new("Function", "cgsuite.lang.Function"),
    ClassDecl::new("Tuple", "Tuple").parents(&["Coordinates"]).members(&[collections::TUPLE]),
    ClassDecl::new("Player", "game.Player").also_is(&["Enum"]).members(&[misc::PLAYER]),
    ClassDecl::new("OutcomeClass", "game.OutcomeClass")
        .also_is(&["Enum"])
        .members(&[misc::OUTCOME])
        .types(&[rust_type::<crate::library::loopy::DrawOutcome>]),
    ClassDecl::new("Thermograph", "cgsuite.util.Thermograph").members(&[misc::THERMOGRAPH]),
    ClassDecl::new("MutableList", "cgsuite.util.MutableList")
        .parents(&["Collection"])
        .members(&[mutable::MUTABLE_LIST])
        .types(&[rust_type::<mutable::MutableList>]),
    ClassDecl::new("MutableSet", "cgsuite.util.MutableSet")
        .parents(&["Collection"])
        .members(&[mutable::MUTABLE_SET])
        .types(&[rust_type::<mutable::MutableSet>]),
    ClassDecl::new("MutableMap", "cgsuite.util.MutableMap")
        .parents(&["Collection"])
        .members(&[mutable::MUTABLE_MAP])
        .types(&[rust_type::<mutable::MutableMap>]),
    ClassDecl::new("TextOutput", "cgsuite.util.output.TextOutput")
        .parents(&["Output"])
        .members(&[mutable::TEXT_OUTPUT])
        .types(&[rust_type::<mutable::TextOutputValue>]),
    ClassDecl::new("Table", "cgsuite.util.Table")
        .members(&[plots::TABLE])
        .globals(globals::TABLE_GLOBALS)
        .types(&[rust_type::<plots::TableValue>]),
];
