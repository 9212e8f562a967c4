//! CGSuite's own classes: `Object` and `Coordinates`, namespaces and classes, enums, icons, random numbers, and
//! the classes of CGSuite's library rulesets.

// What the files of this family name as `super::name` from outside it (the move from `interp/builtins/` kept
// their paths): the core's natives and the other families they use.
use crate::interp::error::Arity;
use crate::interp::native::{check_arity, integer, string, Member, NativeFn, Site};
use crate::interp::registry::{rust_type, ClassDecl};
// The basic classes' family through its face (`base::OBJECT`): CGSuite's `Object`, `Coordinates` and `Enum`
// rows live with the basic classes, which answer them.
use crate::library::base;

pub mod icon;
pub mod namespaces;
pub(super) mod random;
mod rulesets;

// The face other families and the library root use: CGSuite's library ruleset classes.
pub use rulesets::RULESET_CLASSES;

/// The classes of this family (see `crate::interp::registry`). `Class` has one representation per family
/// whose classes are values (`Grid`, `Graph`, `Strip`, misère games) besides the general one.
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Object", "cgsuite.lang.Object").members(&[base::OBJECT]),
    ClassDecl::new("Coordinates", "cgsuite.lang.Coordinates").members(&[base::COORDINATES]),
    ClassDecl::new("Class", "cgsuite.lang.Class").members(&[namespaces::CLASS]).types(&[
        rust_type::<namespaces::ClassValue>,
        rust_type::<crate::library::board::GridClass>,
        rust_type::<crate::library::board::StripClass>,
        rust_type::<crate::library::graph::GraphClass>,
        rust_type::<crate::library::graph::DirectedGraphClass>,
        rust_type::<crate::library::impartial::MisereClass>,
    ]),
    ClassDecl::new("InstanceClass", "cgsuite.lang.InstanceClass"),
    ClassDecl::new("Enum", "cgsuite.lang.Enum").members(&[base::ENUM]).types(&[rust_type::<base::EnumValue>]),
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
