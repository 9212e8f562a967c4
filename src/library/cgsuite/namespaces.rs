//! CGSuite's names for things cgs has under shorter ones: class values (`Integer`, `3.Class`), enum access
//! (`Player.Left`, `OutcomeClass.P`), qualified names (`game.grid.Clobber`, `game.heap.Kayles`) and `System`.
//!
//! A package (`game`, `game.grid`, `cgsuite.lang`, …) is a value whose members are its subpackages and the
//! names CGSuite 2.2 declares in it (its classes and its `constants.cgs`). A member resolves to the class or
//! the global of the same name in cgs; a name CGSuite has there but cgs does not is an error saying so, a name
//! CGSuite does not have there is "not in package".

use super::{Arity, Member, NativeFn, Site};
use crate::game::Games;
use crate::interp::classes::qualified;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::{Declared, Param};
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::{Player, Value};
use std::cmp::Ordering;
use std::rc::Rc;

/// A class as a value: a global such as `Integer`, or what `x.Class` gives. Classes are equal when they are
/// the same class.
#[derive(Debug)]
pub struct ClassValue {
    /// The short name (`Integer`, `CanonicalShortGame`, or a cgs type name such as `Position`).
    pub name: String,
}

impl ClassValue {
    /// The class named `name` as a value.
    pub fn value(name: &str) -> Value {
        Value::Object(Rc::new(ClassValue { name: name.to_string() }))
    }
}

impl Object for ClassValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Class"
    }
    fn display(&self, _: &mut Games) -> String {
        format!("\u{27ea}{}\u{27eb}", qualified(&self.name))
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<ClassValue>(other).map(|o| self.name.cmp(&o.name))
    }
    fn members(&self) -> &'static [Member] {
        CLASS
    }
    fn declared(&self) -> Option<&'static Declared> {
        CONSTRUCTORS.iter().copied().find(|d| d.qualified.rsplit('.').next() == Some(&*self.name))
    }
    fn call(&self, m: &mut Machine, _: &Value, args: &[Value], site: &Site) -> Option<Result<Value, EvalError>> {
        // A constructor CGSuite declares: its errors for the count of arguments and their classes.
        if let Some(d) = self.declared() {
            if let Err(e) = d.check_arity(site, args.len()) {
                return Some(Err(e));
            }
            let r = match &*self.name {
                "Random" => super::random::construct(m, site, args),
                _ => crate::library::short::construct_compound(m, &self.name, args, site)?,
            };
            return Some(r.map_err(|e| crate::interp::native::declared_argument_error(m, e, site.name, d, args)));
        }
        crate::library::base::construct_mutable(m, &self.name, args, site)
    }
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        if let Some(r) = static_member(m, &self.name, name, args, site) {
            return Some(r);
        }
        if !args.is_empty() {
            return None;
        }
        // CGSuite's enums: `Player.Left`, `OutcomeClass.P`.
        match (&*self.name, name) {
            ("Player", "Left") => Some(Ok(Value::Player(Player::Left))),
            ("Player", "Right") => Some(Ok(Value::Player(Player::Right))),
            ("OutcomeClass", "L" | "R" | "N" | "P" | "D" | "PHat" | "PCheck" | "NHat" | "NCheck") => {
                m.globals.lookup(name).cloned().map(Ok)
            }
            ("Icon", _) => super::icon::IconValue::named(name).map(Ok),
            _ => None,
        }
    }
    fn constant_member(&self, name: &str) -> bool {
        // `Symmetry`'s lists and `Coordinates`' constants, each made once per thread (`base::static_member`,
        // `coordinate_constant`), and the values of `Player` and `Icon`, which hold no game.
        match &*self.name {
            "Symmetry" => matches!(name, "Flip" | "Rotational" | "EightWay"),
            "Coordinates" => COORDINATE_STATICS.iter().any(|(n, _)| *n == name),
            "Player" => matches!(name, "Left" | "Right"),
            "Icon" => super::icon::ICONS.contains(&name),
            _ => false,
        }
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        match &*self.name {
            "Player" => vec!["Left".into(), "Right".into()],
            "Icon" => super::icon::ICONS.iter().map(|s| s.to_string()).collect(),
            "Integer" => vec!["Parse".into()],
            "Coordinates" => COORDINATE_STATICS.iter().map(|(n, _)| n.to_string()).collect(),
            "OutcomeClass" => {
                ["L", "R", "N", "P", "D", "PHat", "PCheck", "NHat", "NCheck"].iter().map(|s| s.to_string()).collect()
            }
            "MutableList" | "MutableSet" | "MutableMap" => vec!["Eval".into()],
            other => crate::library::base::static_names(other),
        }
    }
}

/// CGSuite's `Coordinates` constants (`Coordinates.cgs`: row first, north is row −1).
const COORDINATE_STATICS: &[(&str, &[(i64, i64)])] = &[
    ("North", &[(-1, 0)]),
    ("Northeast", &[(-1, 1)]),
    ("East", &[(0, 1)]),
    ("Southeast", &[(1, 1)]),
    ("South", &[(1, 0)]),
    ("Southwest", &[(1, -1)]),
    ("West", &[(0, -1)]),
    ("Northwest", &[(-1, -1)]),
    ("Orthogonal", &[(-1, 0), (0, 1), (1, 0), (0, -1)]),
    ("Diagonal", &[(-1, 1), (1, 1), (1, -1), (-1, -1)]),
    ("Compass", &[(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]),
    ("Hexagonal", &[(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)]),
    ("KnightsMove", &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]),
];

fn coordinates(r: i64, c: i64) -> Value {
    Value::Tuple(Rc::from(vec![Value::int(r), Value::int(c)]))
}

/// `Coordinates.name`: a direction (a pair) or a list of them, each made once per thread and shared (values
/// are immutable; `Coordinates.Orthogonal` in a ruleset's `Options` is read at every position).
fn coordinate_constant(name: &str) -> Option<Value> {
    thread_local! {
        static MADE: [std::cell::OnceCell<Value>; COORDINATE_STATICS.len()] = Default::default();
    }
    let i = COORDINATE_STATICS.iter().position(|(n, _)| *n == name)?;
    let (name, cs) = COORDINATE_STATICS[i];
    let make = || {
        if cs.len() == 1 && !matches!(name, "Orthogonal" | "Diagonal" | "Compass") {
            coordinates(cs[0].0, cs[0].1)
        } else {
            Value::List(cs.iter().map(|&(r, c)| coordinates(r, c)).collect())
        }
    };
    Some(MADE.with(|made| made[i].get_or_init(make).clone()))
}

/// Static members of CGSuite's classes: `Integer.Parse(s)`, `Coordinates.North`, `Coordinates.Orthogonal`, ….
fn static_member(
    m: &mut Machine,
    class: &str,
    name: &str,
    args: &[Value],
    site: &Site,
) -> Option<Result<Value, EvalError>> {
    match (class, name) {
        ("Integer", "Parse") => Some((|| {
            super::check_arity(site, super::Arity::Exact(1), args.len())?;
            let s = super::string(site, args, 0)?;
            // Java's `BigInteger` reading: an optional sign, then digits, nothing around them.
            match s.strip_prefix('+').unwrap_or(s).parse::<num_bigint::BigInt>() {
                Ok(n) if !s.starts_with("+-") => Ok(Value::int(n)),
                _ => Err(site.err(ErrorKind::Script { message: format!("For input string: \"{s}\"") })),
            }
        })()),
        ("Coordinates", _) if args.is_empty() => coordinate_constant(name).map(Ok),
        // `MutableList.Eval(xs)` is `MutableList(xs)` (CGSuite's static `Eval`).
        ("MutableList" | "MutableSet" | "MutableMap", "Eval") => {
            if let Err(e) = super::check_arity(site, super::Arity::Exact(1), args.len()) {
                return Some(Err(e));
            }
            crate::library::base::construct_mutable(m, class, args, site)
        }
        _ if args.is_empty() => crate::library::base::static_member(class, name).map(Ok),
        _ => None,
    }
}

fn this_class(this: &Value) -> &str {
    match this {
        Value::Object(o) => downcast_ref::<ClassValue>(&**o).map_or("", |c| &c.name),
        _ => "",
    }
}

/// The members of a class value.
pub static CLASS: &[Member] = crate::member_table![
    crate::member!(Name => "The class's short name.", "Integer.Name", |_, _, this, _| Ok(Value::String(Rc::from(this_class(this))))),
    crate::member!(QualifiedName => "The class's name with its package.", "Integer.QualifiedName", |_, _, this, _| Ok(Value::String(Rc::from(qualified(this_class(this)))))),
    crate::member!(Ordinal => "The number CGSuite gives a system class in the order it registers them (an error for other classes).", "List.Ordinal", |_, s, this, _| crate::library::base::class_ordinal(s, this_class(this))),
];

/// The classes that are globals (CGSuite's names of the classes of cgs values).
const CLASS_GLOBALS: &[&str] = &[
    "Integer",
    "DyadicRational",
    "Rational",
    "Nimber",
    "Uptimal",
    "CanonicalShortGame",
    "Game",
    "Player",
    "OutcomeClass",
    "Boolean",
    "String",
    "List",
    "Set",
    "Map",
    "Collection",
    "Coordinates",
    "Function",
    "Class",
    "Object",
    "Thermograph",
    "GeneralizedOrdinal",
    "SurrealNumber",
    "TransfiniteNimber",
    "ImpartialGame",
    "CompoundGame",
    "CompoundImpartialGame",
    "CompoundType",
    "ExplicitGame",
    "NegativeGame",
    "NormalValue",
    "CanonicalStopper",
    "Pseudonumber",
    "StopperSidedValue",
    "SidedValue",
    "Side",
    "Ruleset",
    "Enum",
    "Range",
    "MapEntry",
    "InstanceClass",
    "Output",
    "Script",
    "Trajectory",
    "UptimalExpansion",
    "MutableList",
    "MutableSet",
    "MutableMap",
    "Random",
    "Symmetry",
    "Icon",
    "Periodicity",
    "Vertex",
    "Edge",
];

/// Classes CGSuite has in a package but not as a global name (`cgsuite.util.output.TextOutput`).
const PACKAGE_ONLY_CLASSES: &[&str] =
    &["EmptyOutput", "GridOutput", "StripOutput", "TextOutput", "GridRuleset", "StripRuleset", "Color", "Genus"];

/// A package of CGSuite's library: `game`, `game.grid`, `cgsuite.lang`, …
#[derive(Debug)]
pub struct Package {
    /// Its qualified name.
    pub path: &'static str,
}

/// Every package: its path, its subpackages, and the names CGSuite 2.2 declares in it (classes and
/// constants, from `lib/core/src/main/resources/org/cgsuite/lang/resources/<path>/`).
const PACKAGES: &[(&str, &[&str], &[&str])] = &[
    (
        "game",
        &["grid", "heap", "strip", "graph", "misere", "variant"],
        &[
            "Left",
            "Right",
            "Onside",
            "Offside",
            "Miny",
            "Tiny",
            "CanonicalShortGame",
            "CanonicalStopper",
            "CompoundGame",
            "CompoundImpartialGame",
            "CompoundType",
            "DyadicRational",
            "ExplicitGame",
            "Game",
            "GeneralizedOrdinal",
            "ImpartialGame",
            "Integer",
            "NegativeGame",
            "Nimber",
            "NormalValue",
            "OutcomeClass",
            "Player",
            "Pseudonumber",
            "Rational",
            "Ruleset",
            "Side",
            "SidedValue",
            "StopperSidedValue",
            "SurrealNumber",
            "TransfiniteNimber",
            "Uptimal",
            "Zero",
        ],
    ),
    (
        "game.grid",
        &[],
        &[
            "Clobber",
            "AntiClobber",
            "CeyloneseFoxAndGeese",
            "Cram",
            "FoxAndGeese",
            "HotClobber",
            "Kings",
            "Knights",
            "Rooks",
            "Queens",
            "Amazons",
            "Domineering",
            "Fission",
            "GenClobber",
            "GenFoxAndGeese",
            "GridRuleset",
            // cgs's own grid rulesets, which CGSuite has elsewhere or not at all
            "Konane",
        ],
    ),
    (
        "game.heap",
        &[],
        &[
            "Cutcake",
            "DawsonsKayles",
            "Eatcake",
            "FibonacciNim",
            "GrundysGame",
            "Kayles",
            "MaundyCake",
            "Mem",
            "Nim",
            "PartizanEuclid",
            "PartizanSplittles",
            "PartizanSubtraction",
            "PartizanTakeAndBreak",
            "Splittles",
            "Subtraction",
            "TakeAway",
            "TurnAndEatcake",
            "Wythoff",
            "CoordinateRuleset",
            "FunctionalCoordinateRuleset",
            "FunctionalHeapRuleset",
            "GenCutcake",
            "GenMem",
            "GenWythoff",
            "HeapRuleset",
            "PartizanCoordinateRuleset",
            "PartizanHeapRuleset",
            "Periodicity",
            "Spawning",
            "TakeAndBreak",
        ],
    ),
    (
        "game.strip",
        &[],
        &[
            "ToadsAndFrogs",
            "ElephantsAndRhinos",
            "BackslidingToadsAndFrogs",
            "GenToadsAndFrogs",
            "StripRuleset",
            "TopplingDominoes",
            "Turning",
        ],
    ),
    (
        "game.graph",
        &[],
        &[
            "ArcKayles",
            "ChildishHackenbush",
            "Col",
            "Fjords",
            "Hackenbush",
            "Snort",
            "WeightedArcKayles",
            "Color",
            "GenArcKayles",
            "GenCol",
            "GenHackenbush",
            "GraphRuleset",
            "PartizanArcKayles",
        ],
    ),
    ("game.misere", &[], &["Genus", "MisereCanonicalGame"]),
    (
        "game.variant",
        &[],
        &[
            "DicoticVariantGame",
            "DicoticVariantRuleset",
            "ImpartialVariantGame",
            "ImpartialVariantRuleset",
            "TwistedVariantGame",
            "TwistedVariantRuleset",
        ],
    ),
    ("cgsuite", &["lang", "util"], &[]),
    ("cgsuite.util.output", &[], &["EmptyOutput", "GridOutput", "StripOutput", "TextOutput"]),
    (
        "cgsuite.lang",
        &[],
        &[
            "Boolean",
            "Class",
            "Collection",
            "Coordinates",
            "Enum",
            "Function",
            "InstanceClass",
            "List",
            "Map",
            "MapEntry",
            "Nothing",
            "Object",
            "Output",
            "Range",
            "Script",
            "Set",
            "String",
            "System",
        ],
    ),
    (
        "cgsuite.util",
        &["output"],
        &[
            "DirectedGraph",
            "Edge",
            "Graph",
            "Grid",
            "Icon",
            "MutableList",
            "MutableMap",
            "MutableSet",
            "Random",
            "Strip",
            "Symmetry",
            "Table",
            "Thermograph",
            "Trajectory",
            "UptimalExpansion",
            "Vertex",
        ],
    ),
];

/// The qualified name of a name CGSuite 2.2 declares in one of its packages (`Turning` → `game.strip.Turning`).
pub fn qualified_in_package(name: &str) -> Option<String> {
    PACKAGES.iter().find(|p| p.2.contains(&name)).map(|p| format!("{}.{name}", p.0))
}

/// The packages whose classes the standard library writes in cgs (stdlib/variants.cgs: the `game.variant` classes).
const SCRIPT_CLASS_PACKAGES: &[&str] = &["game.variant"];

/// The registry's [`crate::interp::registry::Library::script_class_qualified`]: a class the standard library
/// writes in cgs, which has no package of its own, prints with the package CGSuite 2.2 declares it in
/// (`DicoticVariantGame` → `game.variant.DicoticVariantGame`), read from that package's row.
pub fn script_class_qualified(name: &str) -> Option<String> {
    SCRIPT_CLASS_PACKAGES
        .iter()
        .filter_map(|p| package(p))
        .find(|p| p.2.contains(&name))
        .map(|p| format!("{}.{name}", p.0))
}

fn package(path: &str) -> Option<&'static (&'static str, &'static [&'static str], &'static [&'static str])> {
    PACKAGES.iter().find(|p| p.0 == path)
}

impl Object for Package {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "Package"
    }
    fn display(&self, _: &mut Games) -> String {
        self.path.to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<Package>(other).map(|o| self.path.cmp(o.path))
    }
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let (path, subs, names) = package(self.path)?;
        if let Some(sub) = subs.iter().find(|s| **s == name) {
            let full = format!("{path}.{sub}");
            let p = PACKAGES.iter().find(|p| p.0 == full).map(|p| p.0)?;
            return Some(Ok(Value::Object(Rc::new(Package { path: p }))));
        }
        let qualified_name = format!("{path}.{name}");
        if !names.contains(&name) {
            return Some(Err(site.err(ErrorKind::NotInPackage { name: qualified_name })));
        }
        let v = match resolve(m, name) {
            Some(v) => v,
            None => return Some(Err(site.err(ErrorKind::NotInCgs { name: qualified_name }))),
        };
        if args.is_empty() {
            return Some(Ok(v));
        }
        Some(m.call_value(&v, args, site))
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        package(self.path)
            .map_or_else(Vec::new, |(_, subs, names)| subs.iter().chain(names.iter()).map(|s| s.to_string()).collect())
    }
}

/// What a name of CGSuite's library is in cgs: a class value, a player, or the global of that name.
fn resolve(m: &mut Machine, name: &str) -> Option<Value> {
    match name {
        "Left" => return Some(Value::Player(Player::Left)),
        "Right" => return Some(Value::Player(Player::Right)),
        // CGSuite's singleton classes name their one value: `cgsuite.lang.Nothing` is `Nothing`, `game.Zero`
        // is 0 (CGSuite 2.2).
        "Nothing" => return Some(Value::Nothing),
        "Zero" => return Some(Value::int(0)),
        _ => {}
    }
    if PACKAGE_ONLY_CLASSES.contains(&name) {
        return Some(ClassValue::value(name));
    }
    if let Some(v) = m.globals.lookup(name) {
        return Some(v.clone());
    }
    CLASS_GLOBALS.contains(&name).then(|| ClassValue::value(name))
}

/// The constructors of class values (`Random(3)`, `NegativeGame(^)`) as CGSuite 2.2 declares them
/// (cgsuite/util/Random.cgs, game/NegativeGame.cgs, game/CompoundGame.cgs): their parameters' names and classes.
/// (`Random`'s is declared beside it, in random.rs.)
pub(super) static CONSTRUCTORS: [&Declared; 3] = [&super::random::DECLARED, &NEGATIVE_GAME, &COMPOUND_GAME];

static NEGATIVE_GAME: Declared = Declared::constructor("game.NegativeGame", &[Param::required("G", "Game")]);

static COMPOUND_GAME: Declared = Declared::constructor(
    "game.CompoundGame",
    &[Param::required("CompoundType", "CompoundType"), Param::required("G", "Game"), Param::required("H", "Game")],
);

/// CGSuite 2.2's `System.Print(obj)` (cgsuite/lang/System.cgs): its parameter's name.
static PRINT: Declared = Declared::function("cgsuite.lang.System.Print", &[Param::required("obj", "Object")]);

/// The global functions declared on `System` (CGSuite's `System.Print` and `System.Error`; `error(…)` is
/// CGSuite's statement, a global function here).
pub static SYSTEM_GLOBALS: &[NativeFn] = &[
    NativeFn::new("Print", Arity::AtLeast(0), print).declared(&PRINT).doc(
        "(a, b, ...)",
        "Prints the arguments, separated by spaces, on one line (in Jupyter, as the cell runs).",
        "Print(\"value:\", ^ + *)",
    ),
    NativeFn::new("error", Arity::Exact(1), error).doc(
        "(message)",
        "Stops the evaluation with the error `message` (CGSuite's `error` statement): `error(\"That is not a heap\")` stops with the error \"That is not a heap\".",
        "error(\"That is not a heap\")",
    ),
];

fn print(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    // CGSuite prints a value as its output form, so a string keeps its quotes (`System.Print("a")` shows "a");
    // cgs's own mode prints strings bare.
    let quote = crate::game::print_limit::cgsuite();
    let text: Vec<String> = args.iter().map(|v| v.display_limited(m.games, quote)).collect();
    m.write_line(&text.join(" "), site.span)?;
    Ok(Value::Nothing)
}

fn error(m: &mut Machine, site: &Site, args: &[Value]) -> Result<Value, EvalError> {
    let message = args[0].display_plain(m.games);
    Err(site.err(ErrorKind::Script { message }))
}

/// `System`: `System.Print(x)` is `Print(x)`.
#[derive(Debug)]
pub struct SystemValue;

impl Object for SystemValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        "System"
    }
    fn display(&self, _: &mut Games) -> String {
        "\u{27ea}cgsuite.lang.System\u{27eb}".to_string()
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<SystemValue>(other).map(|_| Ordering::Equal)
    }
    fn member(
        &self,
        m: &mut Machine,
        _: &Value,
        name: &str,
        args: &[Value],
        site: &Site,
    ) -> Option<Result<Value, EvalError>> {
        match name {
            "Print" => {
                let f = m.globals.natives.get("Print")?.clone();
                Some(m.call_value(&f, args, site))
            }
            // cgs's own version (CGSuite prints its own, "2.2-beta2").
            "Version" if args.is_empty() => Some(Ok(Value::str(env!("CARGO_PKG_VERSION")))),
            "CopyrightYear" if args.is_empty() => Some(Ok(Value::int(2026))),
            // CGSuite's `ClearAll`: forgets the worksheet's variables and every cached result (cgs's `:clear`
            // and the engine's caches; the games themselves stay, values still held keep working).
            "ClearAll" if args.is_empty() => {
                m.globals.vars.clear();
                m.games.clear_caches();
                Some(Ok(Value::Nothing))
            }
            "Error" => {
                let f = m.globals.natives.get("error")?.clone();
                Some(m.call_value(&f, args, site))
            }
            _ => None,
        }
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        vec!["Print".into(), "Version".into(), "CopyrightYear".into(), "Error".into(), "ClearAll".into()]
    }
}

/// The global constants this module defines: the class values, the top-level packages and `System`.
pub fn constants() -> Vec<(&'static str, Value)> {
    let mut v: Vec<(&'static str, Value)> = CLASS_GLOBALS.iter().map(|n| (*n, ClassValue::value(n))).collect();
    for p in ["game", "cgsuite"] {
        v.push((p, Value::Object(Rc::new(Package { path: p }))));
    }
    v.push(("System", Value::Object(Rc::new(SystemValue))));
    // CGSuite's `game` constants `Onside`, `Offside`: the values of the enum `Side`.
    for side in ["Onside", "Offside"] {
        v.extend(crate::library::base::static_member("Side", side).map(|s| (side, s)));
    }
    v
}
