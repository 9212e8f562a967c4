//! CGSuite's system enums that cgs had no value for — `cgsuite.util.Symmetry`, `game.CompoundType`,
//! `game.graph.Color` and `game.Side` (whose values are also the globals `Onside`, `Offside`) — and
//! the ordinals CGSuite gives its system classes (`Class.Ordinal`).
//!
//! An enum value prints as its name, answers `Literal` (the name as a string) and belongs to its enum's class
//! (`Symmetry.Transpose.Class` is ⟪cgsuite.util.Symmetry⟫); CGSuite 2.2 gives these enums no `Ordinal`.

use super::{Member, Site};
use crate::game::Games;
use crate::interp::classes::qualified;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::Value;
use std::cmp::Ordering;
use std::rc::Rc;

/// The values of each enum, in CGSuite's order (`Symmetry.cgs`, `CompoundType.cgs`).
const ENUMS: &[(&str, &[&str])] = &[
    (
        "Symmetry",
        &[
            "Identity",
            "Inversion",
            "HorizontalFlip",
            "VerticalFlip",
            "Transpose",
            "AntiTranspose",
            "ClockwiseRotation",
            "AnticlockwiseRotation",
        ],
    ),
    ("Side", &["Onside", "Offside"]),
    // `game.graph.Color` (CGSuite's `Color.cgs`): the labels of Hackenbush edges and Col vertices.
    ("Color", &["Blue", "Green", "Red"]),
    (
        "CompoundType",
        &["ConjunctiveSum", "ConwayProduct", "DisjunctiveSum", "OrdinalProduct", "OrdinalSum", "SelectiveSum"],
    ),
];

/// CGSuite's `Symmetry` lists (`Symmetry.cgs`): the symmetries of a rectangle that keep its shape, those of
/// a square that rotate it, and all eight of a square.
const SYMMETRY_LISTS: &[(&str, &[&str])] = &[
    ("Flip", &["Identity", "Inversion", "HorizontalFlip", "VerticalFlip"]),
    ("Rotational", &["Identity", "Inversion", "ClockwiseRotation", "AnticlockwiseRotation"]),
    (
        "EightWay",
        &[
            "Identity",
            "Inversion",
            "HorizontalFlip",
            "VerticalFlip",
            "ClockwiseRotation",
            "AnticlockwiseRotation",
            "Transpose",
            "AntiTranspose",
        ],
    ),
];

/// A value of one of [`ENUMS`].
#[derive(Debug)]
pub struct EnumValue {
    /// The enum's short name (`Symmetry`).
    pub class: &'static str,
    /// The value's name (`Transpose`).
    pub name: &'static str,
    ordinal: usize,
}

fn enum_value(class: &str, name: &str) -> Option<Value> {
    let (class, names) = ENUMS.iter().find(|(c, _)| *c == class)?;
    let ordinal = names.iter().position(|n| *n == name)?;
    Some(Value::Object(Rc::new(EnumValue { class, name: names[ordinal], ordinal })))
}

/// `Symmetry.Transpose`, `Symmetry.EightWay`, `CompoundType.OrdinalSum`: `None` when `class` has no such
/// static member here.
pub fn static_member(class: &str, name: &str) -> Option<Value> {
    // The lists first: their names are no `Symmetry` value's, and `Symmetry.Flip` is the common question.
    let list = if class == "Symmetry" { SYMMETRY_LISTS.iter().position(|(n, _)| *n == name) } else { None };
    if let Some(i) = list {
        // Made once per thread: `Symmetry.Flip` in a class's `Decomposition` is asked at every new position.
        thread_local! {
            static LISTS: [std::cell::OnceCell<Value>; SYMMETRY_LISTS.len()] = Default::default();
        }
        let names = SYMMETRY_LISTS[i].1;
        let make = || Value::List(names.iter().filter_map(|n| enum_value("Symmetry", n)).collect());
        return Some(LISTS.with(|lists| lists[i].get_or_init(make).clone()));
    }
    enum_value(class, name)
}

/// The names [`static_member`] answers for `class` (for completion).
pub fn static_names(class: &str) -> Vec<String> {
    let mut out: Vec<String> =
        ENUMS.iter().filter(|(c, _)| *c == class).flat_map(|(_, ns)| ns.iter().map(|n| n.to_string())).collect();
    if class == "Symmetry" {
        out.extend(SYMMETRY_LISTS.iter().map(|(n, _)| n.to_string()));
    }
    out
}

impl Object for EnumValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        self.class
    }
    fn display(&self, _: &mut Games) -> String {
        self.name.to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<EnumValue>(other).map(|o| (self.class, self.ordinal).cmp(&(o.class, o.ordinal)))
    }
    /// Two values of one enum are equal in CGSuite's `UniversalOrdering` (an enum value is an object without
    /// variables), so a printed set or map keeps them in its iteration order (`{Red => 1, Blue => 1}`).
    fn universal_cmp(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<EnumValue>(other).filter(|o| o.class == self.class).map(|_| Ordering::Equal)
    }
    fn members(&self) -> &'static [Member] {
        ENUM
    }
}

/// Members of an enum value.
pub static ENUM: &[Member] = crate::member_table![
    crate::member!(Literal => "The enum value's name as a string.", "Symmetry.Transpose.Literal", |_, s, this, _| match this {
        Value::Object(o) => downcast_ref::<EnumValue>(&**o).map(|e| Value::str(e.name)).ok_or_else(|| s.bug()),
        _ => Err(s.bug()),
    }),
];

/// CGSuite 2.2 numbers its system classes in the order it registers them (`SystemClassRegistry.scala`);
/// `Class.Ordinal` is that number (`Integer.Ordinal` is 38, `List.Ordinal` 11 in CGSuite 2.2).
const SYSTEM_CLASSES: &[&str] = &[
    "cgsuite.lang.Object",
    "cgsuite.lang.Enum",
    "cgsuite.lang.Class",
    "cgsuite.lang.Script",
    "cgsuite.util.MutableList",
    "cgsuite.util.MutableSet",
    "cgsuite.util.MutableMap",
    "cgsuite.lang.Boolean",
    "cgsuite.lang.String",
    "cgsuite.lang.Coordinates",
    "cgsuite.lang.Range",
    "cgsuite.lang.List",
    "cgsuite.lang.Set",
    "cgsuite.lang.Map",
    "cgsuite.lang.MapEntry",
    "cgsuite.lang.Collection",
    "cgsuite.lang.Function",
    "cgsuite.lang.System",
    "cgsuite.lang.InstanceClass",
    "cgsuite.util.Strip",
    "cgsuite.util.Grid",
    "cgsuite.util.Random",
    "cgsuite.util.Symmetry",
    "cgsuite.util.DirectedGraph",
    "cgsuite.util.Edge",
    "cgsuite.util.Graph",
    "cgsuite.util.Table",
    "cgsuite.util.Thermograph",
    "cgsuite.util.Trajectory",
    "cgsuite.util.UptimalExpansion",
    "cgsuite.util.Vertex",
    "cgsuite.ui.Explorer",
    "cgsuite.util.output.EmptyOutput",
    "cgsuite.util.output.GridOutput",
    "cgsuite.util.output.StripOutput",
    "cgsuite.util.output.TextOutput",
    "cgsuite.lang.Output",
    "game.Zero",
    "game.Integer",
    "game.GeneralizedOrdinal",
    "game.DyadicRational",
    "game.Rational",
    "game.SurrealNumber",
    "game.Nimber",
    "game.TransfiniteNimber",
    "game.Uptimal",
    "game.CanonicalShortGame",
    "game.Pseudonumber",
    "game.CanonicalStopper",
    "game.StopperSidedValue",
    "game.SidedValue",
    "game.NormalValue",
    "game.misere.Genus",
    "game.misere.MisereCanonicalGame",
    "game.CompoundImpartialGame",
    "game.CompoundGame",
    "game.ExplicitGame",
    "game.NegativeGame",
    "game.ImpartialGame",
    "game.Game",
    "game.CompoundType",
    "game.Player",
    "game.Side",
    "game.OutcomeClass",
    "game.heap.TakeAndBreak",
    "game.heap.Spawning",
    "game.heap.HeapRuleset",
    "game.heap.Periodicity",
];

/// `C.Ordinal` for the class with short name `class`: its place among CGSuite's system classes.
pub fn class_ordinal(site: &Site, class: &str) -> Result<Value, EvalError> {
    let q = qualified(class);
    match SYSTEM_CLASSES.iter().position(|c| *c == q) {
        Some(i) => Ok(Value::int(i)),
        None => Err(site.err(ErrorKind::Script {
            message: format!(
                "cgs numbers only CGSuite's system classes (`Ordinal`); `{q}` is numbered by the order in which \
                 CGSuite happens to load it."
            ),
        })),
    }
}
