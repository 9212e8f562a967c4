//! CGSuite's own classes: `Object` and `Coordinates`, namespaces and classes, enums, icons, random numbers.

// What the files of this family name as `super::name` from outside it (the move from `interp/builtins/` kept
// their paths): the core's natives and the other families they use.
use crate::interp::error::Arity;
use crate::interp::native::{
    boolean, check_arity, function, game, integer, member, player, set, string, Member, NativeFn, Site,
};
use crate::interp::registry::{rust_type, ClassDecl};
use crate::library::base::mutable;
use crate::library::board::plots;

pub mod cgscript;
pub mod compound;
pub mod enums;
pub mod icon;
pub mod namespaces;
pub(super) mod random;

// The face other families use (`crate::library::cgsuite::X`): CGSuite's script-written rows of the basic
// classes, and `Random`'s constructor.
pub use cgscript::{LIST, MAP, STRING};
pub use compound::{CompoundGame, GAME};
pub use enums::EnumValue;
pub use random::construct;

/// The classes of this family (see `crate::interp::registry`). `Class` has one representation per family
/// whose classes are values (`Grid`, `Graph`, `Strip`, misère games) besides the general one.
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Object", "cgsuite.lang.Object").members(&[cgscript::OBJECT]),
    ClassDecl::new("Coordinates", "cgsuite.lang.Coordinates").members(&[cgscript::COORDINATES]),
    ClassDecl::new("Class", "cgsuite.lang.Class").members(&[namespaces::CLASS]).types(&[
        rust_type::<namespaces::ClassValue>,
        rust_type::<crate::library::grid::GridClass>,
        rust_type::<crate::library::strip::StripClass>,
        rust_type::<crate::library::graph::GraphClass>,
        rust_type::<crate::library::graph::DirectedGraphClass>,
        rust_type::<crate::library::impartial::MisereClass>,
    ]),
    ClassDecl::new("InstanceClass", "cgsuite.lang.InstanceClass"),
    ClassDecl::new("Enum", "cgsuite.lang.Enum").members(&[enums::ENUM]).types(&[rust_type::<enums::EnumValue>]),
    ClassDecl::new("Color", "game.graph.Color").parents(&["Enum"]),
    ClassDecl::new("Output", "cgsuite.lang.Output"),
    ClassDecl::new("EmptyOutput", "cgsuite.util.output.EmptyOutput").parents(&["Output"]),
    ClassDecl::new("Script", "cgsuite.lang.Script"),
    ClassDecl::new("System", "cgsuite.lang.System")
        .globals(namespaces::SYSTEM_GLOBALS)
        .types(&[rust_type::<namespaces::SystemValue>]),
    ClassDecl::new("Package", "Package").types(&[rust_type::<namespaces::Package>]),
    ClassDecl::new("Icon", "cgsuite.util.Icon")
        .also_is(&["Enum"])
        .members(&[icon::ICON])
        .types(&[rust_type::<icon::IconValue>]),
    ClassDecl::new("Random", "cgsuite.util.Random")
        .members(&[random::RANDOM])
        .globals(std::slice::from_ref(&random::RANDOM_FN))
        .types(&[rust_type::<random::RandomValue>]),
];
