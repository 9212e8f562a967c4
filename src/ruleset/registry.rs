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
use crate::interp::env::Globals;
use crate::interp::registry::{rust_type, ClassDecl, Library};
use crate::interp::value::{Function, Value};
use std::rc::Rc;

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
pub static REGISTRY: Library = Library { upper: CLASSES, ..crate::library::LIBRARY };

/// Registers the global functions of the layer's classes (`Value`, `NativeValue`, `ByRules`).
pub fn register(globals: &mut Globals) {
    for f in CLASSES.iter().flat_map(|c| c.globals) {
        globals.natives.insert(f.name, Value::Function(Rc::new(Function::Native(f))));
    }
}

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

    /// The names `docs/CGSUITE-PARITY.md` marks ✔ that the class answers outside its declared tables (by an
    /// object's own dispatch, as an enum value, or through the standard library), as (qualified class, names,
    /// where they are answered). [`parity_names_are_declared`] fails on a name that is no longer needed here.
    const ANSWERED_OUTSIDE_TABLES: &[(&str, &[&str], &str)] = &[
        ("cgsuite.lang.Collection", &["Adjoin", "Concat", "Count", "Exists", "Filter", "Find", "Flattened", "ForAll", "ForEach", "Head", "IsEmpty", "Max", "Mex", "Min", "Size", "Sum", "Tail", "ToList", "ToSet"],
            "an abstract class: a collection is a List, a Set or a Map, whose tables declare these members"),
        ("cgsuite.lang.Coordinates", &["North", "Northeast", "East", "Southeast", "South", "Southwest", "West", "Northwest", "Orthogonal", "Diagonal", "Compass", "Hexagonal", "KnightsMove"],
            "static constants of the class value `Coordinates` (library/cgsuite/namespaces.rs)"),
        ("cgsuite.lang.Object", &["Class"], "the evaluator's own member of every value (interp/classes.rs)"),
        ("cgsuite.lang.System", &["ClearAll", "CopyrightYear", "Error", "Print", "Version"],
            "`System`'s own dispatch (Object::member of SystemValue; `Print` and `Error` call the globals `Print`, `error`)"),
        ("cgsuite.util.Icon", &["Blank", "BlackStone", "GrayStone", "WhiteStone", "BlackBishop", "BlackKing", "BlackKnight", "BlackPawn", "BlackQueen", "BlackRook", "WhiteBishop", "WhiteKing", "WhiteKnight", "WhitePawn", "WhiteQueen", "WhiteRook", "BlackDomino", "GrayDomino", "WhiteDomino", "BlackSquare", "BlueSquare", "GraySquare", "GreenSquare", "RedSquare", "Frog", "Toad", "PennyHeads", "PennyTails", "DownArrow", "LeftArrow", "RightArrow", "UpArrow"],
            "the icons, constants of the class value `Icon` (library/cgsuite/icon.rs)"),
        ("cgsuite.util.MutableList", &["Eval"], "the class value called as a constructor (library/base/mutable.rs)"),
        ("cgsuite.util.MutableMap", &["Eval"], "the class value called as a constructor (library/base/mutable.rs)"),
        ("cgsuite.util.MutableSet", &["Eval"], "the class value called as a constructor (library/base/mutable.rs)"),
        ("cgsuite.util.Symmetry", &["Identity", "Inversion", "HorizontalFlip", "VerticalFlip", "Transpose", "AntiTranspose", "ClockwiseRotation", "AnticlockwiseRotation", "Flip", "Rotational", "EightWay", "Literal"],
            "enum values and the enums' `Literal` (library/base/enums.rs)"),
        ("game.CanonicalStopper", &["Degree", "Downsum", "DownsumVariety", "IsStable", "LeftStop", "Miny", "Options", "RightStop", "Stop", "StrongStop", "Subordinate", "Tiny", "Upsum", "UpsumVariety", "Variety"],
            "a stopper is a loopy value (class `LoopyGame`'s tables) or a short game (`Game`'s); the declaration names no table of its own"),
        ("game.CompoundType", &["ConjunctiveSum", "ConwayProduct", "DisjunctiveSum", "OrdinalProduct", "OrdinalSum", "SelectiveSum", "Literal"],
            "enum values and the enums' `Literal` (library/base/enums.rs)"),
        ("game.Game", &["DicoticVariant", "ImpartialVariant", "TwistedVariant"],
            "class variants, the evaluator's fallbacks for classes extending `Game` (interp/eval/game_classes.rs)"),
        ("game.Integer", &["Parse"], "a static member of the class value `Integer` (library/cgsuite/namespaces.rs)"),
        ("game.OutcomeClass", &["P", "N", "L", "R", "D", "PHat", "PCheck", "NHat", "NCheck"],
            "enum values of the class value `OutcomeClass` (library/cgsuite/namespaces.rs)"),
        ("game.Player", &["Left", "Right"], "enum values of the class value `Player` (library/cgsuite/namespaces.rs)"),
        ("game.Ruleset", &["DicoticVariant", "ImpartialVariant", "TwistedVariant"],
            "ruleset variants of the standard library (ruleset/stdlib.rs)"),
        ("game.Side", &["Onside", "Offside", "Literal"], "enum values and the enums' `Literal` (library/base/enums.rs)"),
        ("game.StopperSidedValue", &["Offside", "Onside"], "the sides of a sided value, answered by the loopy value's own dispatch"),
        ("game.grid.GridRuleset", &["Eval", "Position", "CharMap", "Icons"],
            "members of the grid rulesets written in cgs (stdlib/, ruleset/objects.rs)"),
        ("game.grid.GridRuleset.GridGame", &["GridString"],
            "answered for an object of a user class extending `GridGame` (interp/eval/game_classes.rs, `library_answers`)"),
        ("game.strip.StripRuleset", &["Eval", "Position", "CharMap", "Icons"],
            "members of the strip rulesets written in cgs (stdlib/, ruleset/objects.rs)"),
        ("game.graph.GenHackenbush", &["Eval", "EdgeLabels"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.graph.GenCol", &["VertexLabels"],
            "a `Ruleset` value written in cgs (stdlib/graph_games.cgs, ruleset/objects.rs); its class names no table"),
        ("game.graph.GraphRuleset", &["Eval", "Position", "VertexLabels", "EdgeLabels", "VertexToString", "EdgeToString"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.grid.Amazons", &["CharMap", "Icons"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.grid.Domineering", &["CharMap", "Icons"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.grid.Fission", &["CharMap", "Icons"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.grid.GenClobber", &["CharMap", "Icons"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.grid.GenFoxAndGeese", &["Eval"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.heap.CoordinateRuleset", &["Eval", "CoordinateOptions", "NimValueTable"],
            "a `Ruleset` value written in cgs (stdlib/cutcake.cgs, coordinates.cgs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.heap.GenCutcake", &["Eval", "GameValueTable"],
            "a `Ruleset` value written in cgs (stdlib/cutcake.cgs, coordinates.cgs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.heap.GenMem", &["CoordinateOptions"],
            "a `Ruleset` value written in cgs (stdlib/cutcake.cgs, coordinates.cgs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.heap.GenWythoff", &["CoordinateOptions"],
            "a `Ruleset` value written in cgs (stdlib/cutcake.cgs, coordinates.cgs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.heap.HeapRuleset", &["Eval", "AcrosticProduct", "CakeProduct", "CheckPeriodicity", "DirectProduct", "HeapNimValue", "HeapOptions", "Join", "NimValueSequence", "PartizanJoin"],
            "a library ruleset is a `Ruleset` value: the take-and-break rows of `Ruleset` (library/impartial/members.rs) and stdlib/heap.cgs answer these; its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.heap.Spawning", &["HeapOptions"],
            "a library ruleset is a `Ruleset` value: the take-and-break rows of `Ruleset` (library/impartial/members.rs) and stdlib/heap.cgs answer these; its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.heap.TakeAndBreak", &["FromSubtractionSet", "HeapOptions"],
            "a library ruleset is a `Ruleset` value: the take-and-break rows of `Ruleset` (library/impartial/members.rs) and stdlib/heap.cgs answer these; its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.strip.GenToadsAndFrogs", &["CharMap", "Icons"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.strip.TopplingDominoes", &["CharMap", "Icons"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
        ("game.strip.Turning", &["Eval", "CharMap", "Icons"],
            "a `Ruleset` value written in cgs (stdlib/, ruleset/objects.rs); its class (library/cgsuite/rulesets.rs) names no table"),
    ];

    /// The rows of the generated table of `docs/CGSUITE-PARITY.md` (between `members:begin` and `members:end`):
    /// (qualified class or package, names marked ✔, names marked ✘), `(class)` and operators (`op+`) left out.
    fn parity_rows() -> Vec<(String, Vec<String>, Vec<String>)> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/CGSUITE-PARITY.md");
        let text = std::fs::read_to_string(path).expect("docs/CGSUITE-PARITY.md");
        let start = text.find("<!-- members:begin -->").expect("the generated table");
        let end = text.find("<!-- members:end -->").expect("the generated table's end");
        let names = |cell: &str| -> Vec<String> {
            cell.split('`').skip(1).step_by(2).filter(|n| !n.starts_with("op")).map(str::to_string).collect()
        };
        let mut rows = Vec::new();
        for line in text[start..end].lines().filter(|l| l.starts_with("| `")) {
            let cells: Vec<&str> = line.split(" | ").collect();
            if cells.len() < 3 {
                continue;
            }
            let class = cells[0].trim_start_matches("| ").split('`').nth(1).unwrap_or("").to_string();
            rows.push((class, names(cells[1]), names(cells[2].trim_end_matches(" |").trim_end_matches('|'))));
        }
        rows
    }

    /// Every member docs/CGSUITE-PARITY.md cites as answered (✔) for a class the registry declares is a row of
    /// that class's declared tables (its lookup tables, its static members, `Object`'s), or is listed in
    /// [`ANSWERED_OUTSIDE_TABLES`] with where it is answered, and no name it marks ✘ is declared; `cgsuite.lang`'s
    /// and `game`'s global functions are globals the registry declares.
    #[test]
    fn parity_names_are_declared() {
        let rows = parity_rows();
        assert!(rows.len() >= 60, "{} rows read", rows.len());
        let object: Vec<&str> =
            REGISTRY.lookup_tables("Object").iter().flat_map(|t| t.iter().map(|m| m.name)).collect();
        let globals: Vec<&str> = REGISTRY.globals().map(|f| f.name).collect();
        let (mut missing, mut stale_absent, mut used) = (Vec::new(), Vec::new(), Vec::new());
        let mut checked = 0;
        for (qualified, yes, no) in &rows {
            if qualified == "cgsuite.lang" {
                for n in yes {
                    assert!(globals.contains(&n.as_str()), "global {n} of cgsuite.lang is not declared");
                }
                continue;
            }
            let Some(class) = REGISTRY.classes().find(|c| c.qualified == qualified) else { continue };
            let mut answered: Vec<&str> = REGISTRY
                .lookup_tables(class.name)
                .into_iter()
                .chain(REGISTRY.declarations(class.name).flat_map(|d| d.statics.iter().copied()))
                .flat_map(|t| t.iter().map(|m| m.name))
                .collect();
            answered.extend(&object);
            for n in yes {
                checked += 1;
                if answered.contains(&n.as_str()) {
                    continue;
                }
                match ANSWERED_OUTSIDE_TABLES.iter().find(|(c, m, _)| c == qualified && m.contains(&n.as_str())) {
                    Some(_) => used.push(format!("{qualified}.{n}")),
                    None => missing.push(format!("{qualified}.{n}")),
                }
            }
            for n in no {
                if answered.contains(&n.as_str()) {
                    stale_absent.push(format!("{qualified}.{n}"));
                }
            }
        }
        for n in ["Tiny", "Miny"] {
            assert!(globals.contains(&n), "global {n} of game is not declared");
        }
        assert!(checked >= 300, "{checked} names checked");
        assert!(missing.is_empty(), "{} cited names no table declares: {missing:?}", missing.len());
        // ✔ iff declared: no name marked ✘ is declared by a table (the table is regenerated by
        // `tests/cgsuite/members.py`, which asks the built cgs).
        assert!(stale_absent.is_empty(), "marked ✘ but declared: {stale_absent:?}");
        let unused: Vec<String> = ANSWERED_OUTSIDE_TABLES
            .iter()
            .flat_map(|(c, names, _)| names.iter().map(move |n| format!("{c}.{n}")))
            .filter(|n| !used.contains(n))
            .collect();
        assert!(unused.is_empty(), "names of ANSWERED_OUTSIDE_TABLES no longer needed: {unused:?}");
    }
}
