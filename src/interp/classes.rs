//! CGSuite's class names for cgs values: the class of a value (`x.Class`), the qualified names CGSuite prints
//! (`game.Integer`, `cgsuite.lang.List`), and the hierarchy that class membership (`x is Nimber`,
//! `def f(x as Integer)`, answered by `eval/is_class.rs`) follows.
//!
//! The hierarchy is CGSuite 2.2's (`lib/core/src/main/resources/org/cgsuite/lang/resources/game/*.cgs`):
//! `Zero < Integer < DyadicRational < Rational`, `Zero < Nimber < Uptimal < CanonicalShortGame < Game`,
//! `DyadicRational < Uptimal`. cgs has no value of the intermediate classes (`CanonicalStopper`,
//! `SurrealNumber`, …) that is not already described by a class below, so only these are listed.

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
    match short {
        // The class of a Cram position, CGSuite's impartial variant of Domineering (ruleset/cgsuite_print.rs).
        "ImpartialVariantGame" => format!("game.variant.{short}"),
        _ => super::registry::qualified(short),
    }
}

/// The CGSuite class of a library ruleset value (one cgs prints as `printed`), as the registry declares it
/// ([`super::registry::Library::ruleset_class`]): `TakeAndBreak` for `Nim`, `GenClobber` for `Clobber`.
pub(crate) fn ruleset_class(printed: &str) -> Option<&'static str> {
    super::registry::installed().ruleset_class(printed).map(|c| c.name)
}

/// The short class name a type name after `as` or `is` stands for: a qualified name CGSuite prints
/// (`game.heap.HeapRuleset`, `game.Integer`, `cgsuite.lang.List`) is its short name; any other name is kept
/// (and is an unknown type unless a user class has it).
pub fn short_type(ty: &str) -> &str {
    // Most names have no dot (`String`, `Grid`): a byte loop answers them without the char searcher's set-up.
    if !ty.bytes().any(|b| b == b'.') {
        return ty;
    }
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
        Value::Function(f) if crate::interp::value::is_library_class(f) => "Class".into(),
        // A sided value whose sides are stoppers is CGSuite's `StopperSidedValue`; Bach's carousel and the
        // like are plain `SidedValue`s: the object says.
        Value::Object(o) if o.type_name() == "Ruleset" => {
            let printed = o.display(games);
            ruleset_class(&printed).map_or_else(|| o.class_name().to_string(), str::to_string)
        }
        Value::Object(o) => o.class_name().to_string(),
        other => other.type_name().to_string(),
    }
}

/// The qualified name of a value's class (`game.Uptimal` for `^`).
pub fn qualified_class_of(games: &mut Games, v: &Value) -> String {
    qualified(&class_of(games, v))
}

/// Whether `v` is a heap position or a sum of heaps: a value of CGSuite's class `HeapRuleset.Position` (a heap of
/// a take-and-break ruleset, or a position of a script heap ruleset such as `Spawning`) or
/// `CompoundImpartialGame` (a sum of heaps). Such a value is a game (its nimber) though no `is_game` object, and
/// keeps its game tree in sums and compounds (CGSuite 2.2: `Kayles(3) + on` is `TakeAndBreak.Position(3) + on`;
/// `(Kayles(3) + 1).LeftOptions` lists `TakeAndBreak.Position(2) + 1`, …). The one place the question is asked,
/// by class, so that the families beside the impartial one need not name it.
pub fn is_heap_position(v: &Value) -> bool {
    matches!(v, Value::Object(o) if matches!(o.class_name(), "HeapRuleset.Position" | "CompoundImpartialGame"))
}

#[cfg(test)]
mod tests {
    /// The natives that print as a library class (value.rs, which may not name this file) give the qualified
    /// names this file gives the same classes.
    #[test]
    fn library_class_natives_print_their_qualified_names() {
        let _installs_the_library = crate::core_interpreter();
        for (short, q) in crate::interp::class_functions::LIBRARY_CLASS_NATIVES {
            assert_eq!(super::qualified(short), *q);
        }
    }
}
