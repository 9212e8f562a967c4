//! The ruleset layer's classes in the registry: a script ruleset and its positions are representations of
//! CGSuite's `Ruleset` and `Position` (whose heap representations the library declares), a sum of positions is
//! a `CompoundGame` (CGSuite 2.2's `(G(2) + G(1)).Class`), and a position's constructor is a `Function`.
//! [`REGISTRY`] is the library with these declarations added ([`Library::upper`]); [`super::install`] puts it
//! in the workspace, so `?Position.Move`, completion, `docs/REFERENCE.md` and the globals read them as they
//! read the library's.

use super::members::{INSTANCE, POSITION, POSITION_SUM, RULESET_GLOBALS};
use super::position::{Position, PositionSum};
use super::script::{Instance, PositionCtor, Schema};
use super::shortcut::SHORTCUT_GLOBALS;
use crate::interp::registry::{rust_type, ClassDecl, Library};

/// The ruleset layer's declarations (each adds a representation to a class the library declares).
pub static CLASSES: &[ClassDecl] = &[
    ClassDecl::new("Ruleset", "game.Ruleset")
        .representation(&[INSTANCE])
        .globals(RULESET_GLOBALS)
        .types(&[rust_type::<Instance>, rust_type::<Schema>]),
    // `ByRules(position)` and `NativeValue(solver, state)` value a position another way.
    ClassDecl::new("Position", "Position")
        .representation(&[POSITION])
        .globals(SHORTCUT_GLOBALS)
        .types(&[rust_type::<Position>]),
    ClassDecl::new("CompoundGame", "game.CompoundGame")
        .representation(&[POSITION_SUM])
        .types(&[rust_type::<PositionSum>]),
    ClassDecl::new("Function", "cgsuite.lang.Function").types(&[rust_type::<PositionCtor>]),
];

/// The class library with the ruleset layer's classes.
pub static REGISTRY: Library = Library { upper: CLASSES, ..crate::library::LIBRARY_CONST };

#[cfg(test)]
mod tests {
    use super::*;

    /// Every declaration of this layer adds to a class the library declares, under the same qualified name,
    /// without parents of its own, once; and every `impl Object` type of the layer but the `Value(g)` option
    /// wrapper (a value of the `Options` hook, never of a class) belongs to one of them.
    #[test]
    fn the_ruleset_classes_extend_declared_classes() {
        for (i, c) in CLASSES.iter().enumerate() {
            let declared = crate::library::LIBRARY.class(c.name).expect("a class the library declares");
            assert_eq!(declared.qualified, c.qualified, "{}", c.name);
            assert!(c.parents.is_empty() && c.also_is.is_empty(), "{}", c.name);
            assert!(!CLASSES[..i].iter().any(|d| d.name == c.name), "{} twice", c.name);
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ruleset");
        let mut impls = Vec::new();
        for e in std::fs::read_dir(dir).expect("the ruleset folder").flatten() {
            let text = std::fs::read_to_string(e.path()).unwrap_or_default();
            for line in text.lines() {
                if let Some(rest) = line.trim_start().strip_prefix("impl Object for ") {
                    impls.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>());
                }
            }
        }
        impls.retain(|t| t != "GameOption");
        impls.sort();
        let mut declared: Vec<String> = CLASSES
            .iter()
            .flat_map(|c| c.types.iter().map(|t| t().name.rsplit("::").next().unwrap_or("").to_string()))
            .collect();
        declared.sort();
        assert_eq!(declared, impls);
    }

    /// `?Position.X` and member lookup read one table list: a script position's class `Position` answers its
    /// layer's rows after the heap rows the library declares; the sum rows sit under `CompoundGame`.
    #[test]
    fn positions_and_sums_answer_their_rows() {
        let names = |class: &str| -> Vec<&str> {
            REGISTRY.lookup_tables(class).iter().flat_map(|t| t.iter().map(|m| m.name)).collect()
        };
        let position = names("Position");
        assert!(POSITION.iter().all(|m| position.contains(&m.name)));
        assert!(POSITION_SUM.iter().all(|m| names("CompoundGame").contains(&m.name)));
        assert!(INSTANCE.iter().all(|m| names("Ruleset").contains(&m.name)));
        let globals: Vec<&str> = REGISTRY.globals().map(|f| f.name).collect();
        for g in ["Value", "NativeValue", "ByRules", "Max", "TakeAndBreak", "Random"] {
            assert!(globals.contains(&g), "{g}");
        }
    }
}
