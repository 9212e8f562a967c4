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

/// CGSuite's qualified name of each class cgs knows by its short name.
const QUALIFIED: &[(&str, &str)] = &[
    ("Zero", "game.Zero"),
    ("Integer", "game.Integer"),
    ("DyadicRational", "game.DyadicRational"),
    ("Rational", "game.Rational"),
    ("GeneralizedOrdinal", "game.GeneralizedOrdinal"),
    ("SurrealNumber", "game.SurrealNumber"),
    ("Nimber", "game.Nimber"),
    ("Uptimal", "game.Uptimal"),
    ("CanonicalShortGame", "game.CanonicalShortGame"),
    ("Game", "game.Game"),
    ("Player", "game.Player"),
    ("OutcomeClass", "game.OutcomeClass"),
    ("Pseudonumber", "game.Pseudonumber"),
    ("CanonicalStopper", "game.CanonicalStopper"),
    ("StopperSidedValue", "game.StopperSidedValue"),
    ("SidedValue", "game.SidedValue"),
    ("Boolean", "cgsuite.lang.Boolean"),
    ("String", "cgsuite.lang.String"),
    ("Nothing", "cgsuite.lang.Nothing"),
    ("List", "cgsuite.lang.List"),
    ("Set", "cgsuite.lang.Set"),
    ("Map", "cgsuite.lang.Map"),
    ("Collection", "cgsuite.lang.Collection"),
    ("Coordinates", "cgsuite.lang.Coordinates"),
    ("Function", "cgsuite.lang.Function"),
    ("Class", "cgsuite.lang.Class"),
    ("Object", "cgsuite.lang.Object"),
    ("Thermograph", "cgsuite.util.Thermograph"),
    ("CompoundGame", "game.CompoundGame"),
    ("TextOutput", "cgsuite.util.output.TextOutput"),
    ("Graph", "cgsuite.util.Graph"),
    ("Strip", "cgsuite.util.Strip"),
    ("Icon", "cgsuite.util.Icon"),
    ("DirectedGraph", "cgsuite.util.DirectedGraph"),
    ("MisereCanonicalGame", "game.misere.MisereCanonicalGame"),
    ("Ruleset", "game.Ruleset"),
    ("TransfiniteNimber", "game.TransfiniteNimber"),
    ("ImpartialGame", "game.ImpartialGame"),
    ("CompoundImpartialGame", "game.CompoundImpartialGame"),
    ("CompoundType", "game.CompoundType"),
    ("ExplicitGame", "game.ExplicitGame"),
    ("NegativeGame", "game.NegativeGame"),
    ("NormalValue", "game.NormalValue"),
    ("Side", "game.Side"),
    ("Genus", "game.misere.Genus"),
    ("Enum", "cgsuite.lang.Enum"),
    ("Range", "cgsuite.lang.Range"),
    ("MapEntry", "cgsuite.lang.MapEntry"),
    ("InstanceClass", "cgsuite.lang.InstanceClass"),
    ("Output", "cgsuite.lang.Output"),
    ("Script", "cgsuite.lang.Script"),
    ("System", "cgsuite.lang.System"),
    ("Table", "cgsuite.util.Table"),
    ("Trajectory", "cgsuite.util.Trajectory"),
    ("UptimalExpansion", "cgsuite.util.UptimalExpansion"),
    ("MutableList", "cgsuite.util.MutableList"),
    ("MutableSet", "cgsuite.util.MutableSet"),
    ("MutableMap", "cgsuite.util.MutableMap"),
    ("Random", "cgsuite.util.Random"),
    ("Symmetry", "cgsuite.util.Symmetry"),
    ("EmptyOutput", "cgsuite.util.output.EmptyOutput"),
    ("GridOutput", "cgsuite.util.output.GridOutput"),
    ("StripOutput", "cgsuite.util.output.StripOutput"),
    ("Periodicity", "game.heap.Periodicity"),
    ("GridRuleset", "game.grid.GridRuleset"),
    ("StripRuleset", "game.strip.StripRuleset"),
];

/// The qualified name CGSuite prints for a class (`Integer` → `game.Integer`); a name cgs does not know
/// qualified is returned as it is.
pub fn qualified(short: &str) -> String {
    QUALIFIED.iter().find(|(s, _)| *s == short).map_or_else(|| short.to_string(), |(_, q)| q.to_string())
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
        // like are plain `SidedValue`s.
        Value::Object(o)
            if o.type_name() == "SidedValue"
                && crate::interp::object::downcast_ref::<crate::library::loopy::GeneralSided>(&**o).is_none() =>
        {
            "StopperSidedValue".into()
        }
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
        _ => return is_type(v, ty),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // CGSuite 2.2: `0.Class` is ⟪game.Zero⟫, `3.Class` ⟪game.Integer⟫, `[1].Class` ⟪cgsuite.lang.List⟫.
    #[test]
    fn classes_of_numbers_and_lists() {
        let mut g = Games::new();
        assert_eq!(qualified_class_of(&mut g, &Value::int(0)), "game.Zero");
        assert_eq!(qualified_class_of(&mut g, &Value::int(3)), "game.Integer");
        assert_eq!(qualified_class_of(&mut g, &Value::List(imbl::Vector::new().into())), "cgsuite.lang.List");
        let star = g.nimber(1);
        assert_eq!(class_of(&mut g, &Value::Game(star)), "Nimber");
        assert_eq!(is_class(&mut g, &Value::Game(star), "Uptimal"), Some(true));
        assert_eq!(is_class(&mut g, &Value::int(0), "Nimber"), Some(true));
        assert_eq!(is_class(&mut g, &Value::int(2), "Nimber"), Some(false));
        assert_eq!(is_class(&mut g, &Value::int(2), "Foo"), None);
    }
}
