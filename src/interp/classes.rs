//! CGSuite's class names for cgs values: the class of a value (`x.Class`), the qualified names CGSuite prints
//! (`game.Integer`, `cgsuite.lang.List`) and class membership along CGSuite's hierarchy (`x is Nimber`,
//! `def f(x as Integer)`).
//!
//! The hierarchy is CGSuite 2.2's (`lib/core/src/main/resources/org/cgsuite/lang/resources/game/*.cgs`):
//! `Zero < Integer < DyadicRational < Rational`, `Zero < Nimber < Uptimal < CanonicalShortGame < Game`,
//! `DyadicRational < Uptimal`. cgs has no value of the intermediate classes (`CanonicalStopper`,
//! `SurrealNumber`, …) that is not already described by a class below, so only these are listed.

use super::eval::is_type;
use super::value::Value;
use crate::game::Games;

/// The qualified name CGSuite prints for a class (`Integer` → `game.Integer`), as the class library declares
/// it; a name no class declares is returned as it is.
pub fn qualified(short: &str) -> String {
    // A nested class of a library class (`HeapRuleset.Position`): the enclosing class qualified.
    if let Some((outer, inner)) = short.split_once('.') {
        if !outer.is_empty() && outer.starts_with(|c: char| c.is_ascii_uppercase()) {
            return format!("{}.{inner}", qualified(outer));
        }
    }
    match RULESET_CLASSES.iter().find(|(name, _, _, _)| *name == short) {
        Some((_, q, _, _)) => q.to_string(),
        // CGSuite's `cgsuite.util` classes whose values cgs's library gives these type names.
        None if matches!(short, "Grid" | "Vertex" | "Edge") => format!("cgsuite.util.{short}"),
        None => super::registry::qualified(short),
    }
}

/// CGSuite 2.2's classes of cgs's library rulesets (`game/{heap,grid,strip,graph}/*.cgs`): the short name, the
/// qualified name, the library classes it extends (nearest first) and the names cgs prints its rulesets with
/// (a name alone, or the family before `(`): `Nim` prints `TakeAndBreak("0.[3]")`, a `game.heap.TakeAndBreak`
/// that `is HeapRuleset`. The base classes come first, with no ruleset of their own.
const RULESET_CLASSES: &[(&str, &str, &[&str], &[&str])] = &[
    ("HeapRuleset", "game.heap.HeapRuleset", &["Ruleset"], &[]),
    ("CoordinateRuleset", "game.heap.CoordinateRuleset", &["Ruleset"], &[]),
    ("GridRuleset", "game.grid.GridRuleset", &["Ruleset"], &[]),
    ("StripRuleset", "game.strip.StripRuleset", &["Ruleset"], &[]),
    ("GraphRuleset", "game.graph.GraphRuleset", &["Ruleset"], &[]),
    ("TakeAndBreak", "game.heap.TakeAndBreak", &["HeapRuleset", "Ruleset"], &["TakeAndBreak"]),
    ("Spawning", "game.heap.Spawning", &["HeapRuleset", "Ruleset"], &["Spawning"]),
    ("Turning", "game.strip.Turning", &["StripRuleset", "Ruleset"], &["Turning"]),
    ("PartizanHeapRuleset", "game.heap.PartizanHeapRuleset", &["Ruleset"], &["PartizanHeapRuleset"]),
    ("GenWythoff", "game.heap.GenWythoff", &["CoordinateRuleset", "Ruleset"], &["GenWythoff", "Wythoff"]),
    ("GenMem", "game.heap.GenMem", &["CoordinateRuleset", "Ruleset"], &["GenMem"]),
    (
        "PartizanCoordinateRuleset",
        "game.heap.PartizanCoordinateRuleset",
        &["Ruleset"],
        &["PartizanCoordinateRuleset", "PartizanEuclid"],
    ),
    (
        "GenCutcake",
        "game.heap.GenCutcake",
        &["Ruleset"],
        &["GenCutcake", "Cutcake", "Eatcake", "MaundyCake", "TurnAndEatcake"],
    ),
    ("GenClobber", "game.grid.GenClobber", &["GridRuleset", "Ruleset"], &["GenClobber", "Clobber"]),
    ("Amazons", "game.grid.Amazons", &["GridRuleset", "Ruleset"], &["Amazons"]),
    ("Domineering", "game.grid.Domineering", &["GridRuleset", "Ruleset"], &["Domineering"]),
    ("Fission", "game.grid.Fission", &["GridRuleset", "Ruleset"], &["Fission"]),
    ("GenFoxAndGeese", "game.grid.GenFoxAndGeese", &["Ruleset"], &["GenFoxAndGeese"]),
    (
        "GenToadsAndFrogs",
        "game.strip.GenToadsAndFrogs",
        &["StripRuleset", "Ruleset"],
        &["GenToadsAndFrogs", "ToadsAndFrogs", "ElephantsAndRhinos", "BackslidingToadsAndFrogs"],
    ),
    ("TopplingDominoes", "game.strip.TopplingDominoes", &["StripRuleset", "Ruleset"], &["TopplingDominoes"]),
    (
        "GenArcKayles",
        "game.graph.GenArcKayles",
        &["GraphRuleset", "Ruleset"],
        &["GenArcKayles", "ArcKayles", "WeightedArcKayles"],
    ),
    (
        "GenHackenbush",
        "game.graph.GenHackenbush",
        &["GraphRuleset", "Ruleset"],
        &["GenHackenbush", "Hackenbush", "ChildishHackenbush"],
    ),
    ("GenCol", "game.graph.GenCol", &["GraphRuleset", "Ruleset"], &["GenCol", "Col", "Snort", "Fjords"]),
];

/// The CGSuite class of a library ruleset value (one cgs prints as `printed`), with the classes it extends.
fn ruleset_class(printed: &str) -> Option<(&'static str, &'static [&'static str])> {
    let family = printed.split_once('(').map_or(printed, |(f, _)| f);
    RULESET_CLASSES.iter().find(|(_, _, _, names)| names.contains(&family)).map(|(c, _, parents, _)| (*c, *parents))
}

/// The short class name a type name after `as` or `is` stands for: a qualified name CGSuite prints
/// (`game.heap.HeapRuleset`, `game.Integer`, `cgsuite.lang.List`) is its short name; any other name is kept
/// (and is an unknown type unless a user class has it).
pub fn short_type(ty: &str) -> &str {
    match ty.rsplit_once('.') {
        Some((_, short)) if qualified(short) == ty => short,
        _ => ty,
    }
}

/// The short name of a value's class, the most specific one as CGSuite's `x.Class` gives it: `0` is `Zero`,
/// `*3` `Nimber`, `^*` and `1*` `Uptimal`, `<1|-1>` `CanonicalShortGame`, a tuple `Coordinates`.
pub fn class_of(games: &mut Games, v: &Value) -> String {
    match v {
        Value::Integer(n) if n.sign() == num_bigint::Sign::NoSign => "Zero".into(),
        Value::Game(g) if games.is_nimber(*g) => "Nimber".into(),
        Value::Game(g) if games.is_uptimal(*g) => "Uptimal".into(),
        Value::Game(_) => "CanonicalShortGame".into(),
        Value::Tuple(_) => "Coordinates".into(),
        // A sided value whose sides are stoppers is CGSuite's `StopperSidedValue`; Bach's carousel and the
        // like are plain `SidedValue`s: the object says.
        Value::Object(o) if o.type_name() == "Ruleset" => {
            let printed = o.display(games);
            ruleset_class(&printed).map_or_else(|| o.class_name().to_string(), |(c, _)| c.to_string())
        }
        Value::Object(o) => o.class_name().to_string(),
        other => other.type_name().to_string(),
    }
}

/// The qualified name of a value's class (`game.Uptimal` for `^`).
pub fn qualified_class_of(games: &mut Games, v: &Value) -> String {
    qualified(&class_of(games, v))
}

/// Whether `v` belongs to the class `ty` (`None` when `ty` is not a class cgs knows): [`is_type`] for the
/// classes the evaluator always knew, plus `Nimber`, `Uptimal`, `CanonicalShortGame`, `Coordinates`, `Object`.
pub fn is_class(games: &mut Games, v: &Value, ty: &str) -> Option<bool> {
    let ty = short_type(ty);
    let zero = matches!(v, Value::Integer(n) if n.sign() == num_bigint::Sign::NoSign);
    let dyadic = is_type(v, "DyadicRational") == Some(true);
    Some(match ty {
        "Nimber" => zero || matches!(v, Value::Game(g) if games.is_nimber(*g)),
        "Uptimal" => dyadic || matches!(v, Value::Game(g) if games.is_uptimal(*g)),
        "CanonicalShortGame" => dyadic || matches!(v, Value::Game(_)),
        "Coordinates" => matches!(v, Value::Tuple(_)),
        "Object" => true,
        // Script rulesets and CGSuite's library rulesets (user ruleset classes are checked before this).
        "Ruleset" => matches!(v, Value::Object(o) if o.type_name() == "Ruleset"),
        // CGSuite's mutable collections are `Collection`s (but not `List`s, `Set`s or `Map`s).
        "Collection" => {
            is_type(v, ty) == Some(true)
                || matches!(v, Value::Object(o) if matches!(o.type_name(), "MutableList" | "MutableSet" | "MutableMap"))
        }
        // CGSuite's library ruleset classes (`Nim is HeapRuleset`, `Clobber is game.grid.GridRuleset`).
        _ if RULESET_CLASSES.iter().any(|(c, _, _, _)| *c == ty) => match v {
            Value::Object(o) if o.type_name() == "Ruleset" => {
                let printed = o.display(games);
                ruleset_class(&printed).is_some_and(|(c, parents)| c == ty || parents.contains(&ty))
            }
            _ => false,
        },
        // The classes the evaluator's own list does not name are answered by the registry: the value's class and
        // its declared ancestors (`3 is SurrealNumber` and `1/3 is SurrealNumber` are true, as in CGSuite 2.2); a
        // name no class declares stays an unknown type.
        _ => match is_type(v, ty) {
            Some(b) => b,
            None => return super::registry::installed().is_a(&class_of(games, v), ty),
        },
    })
}
