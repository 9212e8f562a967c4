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
    super::registry::qualified(short)
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
