//! `x is C` for the classes the evaluator's own list ([`is_type`]) does not name: CGSuite's intermediate game
//! classes, the library's ruleset classes and, for the rest, the registry's declared hierarchy.

use super::ops::is_type;
use crate::game::Games;
use crate::interp::classes::{class_of, ruleset_class, short_type, RULESET_CLASSES};
use crate::interp::value::Value;

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
            None => return crate::interp::registry::installed().is_a(&class_of(games, v), ty),
        },
    })
}
