//! Native functions and members.
//!
//! Each type has one table ([`Member`] entries: name, arity, function) in the file for its topic; the global
//! functions are the table in `globals.rs`. The tables are the documentation of what exists: member lookup,
//! arity checking and REPL completion ([`all_member_names`]) all read them, and nothing else lists members.
//!
//! Natives check their arguments through the helpers below ([`Site`], [`integer`], [`game`], …), so that every
//! arity or type error reads the same.

pub mod base;
pub mod board;
pub mod cgsuite;
pub mod doc_tables;
mod globals;
pub mod graph;
pub mod impartial;
pub mod loopy;
pub mod number;
pub mod short;
pub mod sumber;

// Every file module by its old name (`library::grid`), as `interp/builtins/` named them.
pub use base::TableValue;
use base::{collections, misc, numbers, strings};
pub use base::{mutable, params, range};
pub use board::{grid, numgrid, strip};
pub use cgsuite::{cgscript, enums, icon, namespaces};
pub use number::{infinity, surreal, transfinite};
use short::game;
pub use short::{bignum, explicit, sensible, tree};

pub use crate::interp::error::Arity;
pub use crate::interp::native::*;
use crate::interp::registry::Library;
use crate::interp::value::{is_dyadic, Value};
use crate::interp::Interpreter;

pub use base::globals::GLOBALS;
pub use globals::register_globals;

static INTEGER_TABLES: [&[Member]; 6] =
    [numbers::INTEGER, numbers::RATIONAL, bignum::NUMBER_GAME, game::GAME, loopy::SHORT, cgscript::GAME];
static DYADIC_TABLES: [&[Member]; 5] =
    [numbers::RATIONAL, bignum::NUMBER_GAME, game::GAME, loopy::SHORT, cgscript::GAME];
static RATIONAL_TABLES: [&[Member]; 2] = [numbers::RATIONAL, numbers::NON_DYADIC];
static INFINITY_TABLES: [&[Member]; 1] = [infinity::INFINITY];
static GAME_TABLES: [&[Member]; 3] = [game::GAME, loopy::SHORT, cgscript::GAME];
static STRING_TABLES: [&[Member]; 2] = [strings::STRING, cgscript::STRING];
static LIST_TABLES: [&[Member]; 2] = [collections::LIST, cgscript::LIST];
static SET_TABLES: [&[Member]; 1] = [collections::SET];
static MAP_TABLES: [&[Member]; 2] = [collections::MAP, cgscript::MAP];
static TUPLE_TABLES: [&[Member]; 2] = [collections::TUPLE, cgscript::COORDINATES];
static PLAYER_TABLES: [&[Member]; 1] = [misc::PLAYER];
static OUTCOME_TABLES: [&[Member]; 1] = [misc::OUTCOME];
static THERMOGRAPH_TABLES: [&[Member]; 1] = [misc::THERMOGRAPH];

/// The member tables that apply to a value, most specific first. Numbers answer game members.
pub fn tables_for(v: &Value) -> &'static [&'static [Member]] {
    match v {
        Value::Integer(_) => &INTEGER_TABLES,
        Value::Rational(r) if is_dyadic(r) => &DYADIC_TABLES,
        Value::Rational(_) => &RATIONAL_TABLES,
        Value::Infinity(_) => &INFINITY_TABLES,
        Value::Game(_) => &GAME_TABLES,
        Value::String(_) => &STRING_TABLES,
        Value::List(_) => &LIST_TABLES,
        Value::Set(_) => &SET_TABLES,
        Value::Map(_) => &MAP_TABLES,
        Value::Tuple(_) => &TUPLE_TABLES,
        Value::Player(_) => &PLAYER_TABLES,
        Value::Outcome(_) => &OUTCOME_TABLES,
        Value::Thermograph(_) => &THERMOGRAPH_TABLES,
        Value::Object(o) => sumber::tables_for_object(o).or_else(|| impartial::tables_for_object(o)).unwrap_or(&[]),
        _ => &[],
    }
}

/// The member `name` of `v`, if it has one.
pub fn find_member(v: &Value, name: &str) -> Option<&'static Member> {
    tables_for(v).iter().flat_map(|t| t.iter()).find(|m| m.name == name)
}

/// Every native member table of every type, including the impartial and ruleset ones.
fn all_tables() -> Vec<&'static [Member]> {
    let mut tables: Vec<&'static [Member]> = NAMED_TABLES.iter().map(|t| t.1).collect();
    tables.extend(impartial::all_tables());
    tables
}

/// The member tables of the core types with the type name `?` help shows for them (a number answers the
/// members of `Rational`, `NumberGame` and `Game` too: see [`tables_for`]).
pub static NAMED_TABLES: [(&str, &[Member]); 33] = [
    // `Game` first: `?Cool` lists `Game.Cool` before the same member of `NumberGame` (every row has a doc line).
    ("Game", game::GAME),
    ("Integer", numbers::INTEGER),
    ("Rational", numbers::RATIONAL),
    ("NumberGame", bignum::NUMBER_GAME),
    ("Game", bignum::BIG_GAME),
    ("Infinity", infinity::INFINITY),
    ("String", strings::STRING),
    ("List", collections::LIST),
    ("Set", collections::SET),
    ("Map", collections::MAP),
    ("Tuple", collections::TUPLE),
    ("Player", misc::PLAYER),
    ("OutcomeClass", misc::OUTCOME),
    ("Thermograph", misc::THERMOGRAPH),
    ("GameTree", tree::GAME_TREE),
    ("Graph", graph::GRAPH),
    ("Graph", graph::GRAPH_CLASS),
    ("DirectedGraph", graph::DIRECTED),
    ("DirectedGraph", graph::DIRECTED_CLASS),
    ("Vertex", graph::VERTEX),
    ("Edge", graph::EDGE),
    ("Grid", grid::GRID),
    ("Grid", grid::GRID_CLASS),
    ("Class", namespaces::CLASS),
    ("Sumber", sumber::SUMBER),
    ("LoopyGame", loopy::LOOPY),
    ("Game", loopy::SHORT),
    ("Object", cgscript::OBJECT),
    ("Coordinates", cgscript::COORDINATES),
    ("String", cgscript::STRING),
    ("List", cgscript::LIST),
    ("Map", cgscript::MAP),
    ("Game", cgscript::GAME),
];

/// Every member name of every type, those of `extra` tables too, sorted and deduplicated (for completion).
pub fn all_member_names(extra: &[&'static [Member]]) -> Vec<&'static str> {
    let mut names: Vec<&'static str> =
        all_tables().iter().chain(extra).flat_map(|t| t.iter().map(|m| m.name)).collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// The class library as the core sees it: every family's classes and the hooks of `crate::interp::registry`.
pub static LIBRARY: Library = Library {
    classes: &[
        base::CLASSES,
        short::CLASSES,
        number::CLASSES,
        loopy::CLASSES,
        impartial::CLASSES,
        sumber::CLASSES,
        graph::CLASSES,
        board::CLASSES,
        cgsuite::CLASSES,
    ],
    find_member,
    generic_member: |v, name| {
        sensible::generic_member(v, name).or_else(|| cgscript::OBJECT.iter().find(|m| m.name == name))
    },
    tree_member: impartial::invoke_member,
    call_object: impartial::call_object,
    to_game: |m, o| impartial::to_game(m, o).or_else(|| sumber::to_game(m, o)),
    object_binary: |m, op, a, b| impartial::binary(m, op, a, b).or_else(|| sumber::binary(m, op, a, b)),
    infinite_binary: infinity::binary,
    divide_by_zero: infinity::divide_by_zero,
    big_binary: bignum::binary,
    negate: sumber::negate,
    plus_minus: |m, v| loopy::is_loopy(v).then(|| loopy::plus_minus(m, v)),
    sidle: loopy::sidle,
    game_literal: loopy::eval_literal,
    explicit: explicit::make,
    star: transfinite::star,
    range: range::range_op,
    class_value: namespaces::ClassValue::value,
    place_named: params::place_named,
    grid_updated: grid::updated_cells,
    is_grid: grid::is_grid,
    surreal_cmp: |a, b| Some(surreal::to_surreal(a)?.cmp(&surreal::to_surreal(b)?)),
    as_grid: grid::as_grid,
    parse_grid: numgrid::parse,
    member_names: all_member_names,
    set_interrupt: impartial::set_interrupt,
};

/// Installs the class library in a workspace: the classes and hooks, then the families' globals and state
/// (one line per family that has any).
pub fn install(interp: &mut Interpreter) {
    interp.set_library(&LIBRARY);
    let (globals, games) = interp.workspace();
    register_globals(globals);
    loopy::register(globals, games);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Rust types named by `impl Object for T` in the files of the library.
    fn object_types() -> Vec<String> {
        fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
            for e in std::fs::read_dir(dir).expect("the library folder is readable").flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    let text = std::fs::read_to_string(&p).expect("a source file is readable");
                    for line in text.lines() {
                        let line = line.trim_start();
                        for prefix in ["impl Object for ", "impl crate::interp::object::Object for "] {
                            if let Some(rest) = line.strip_prefix(prefix) {
                                out.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
                            }
                        }
                    }
                }
            }
        }
        let mut out = Vec::new();
        walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/library"), &mut out);
        out.sort();
        out
    }

    /// Every object type of the library represents exactly one declared class, and every type a declaration
    /// names is an object type.
    #[test]
    fn every_object_type_belongs_to_one_class() {
        let mut declared: Vec<String> = LIBRARY
            .classes()
            .flat_map(|c| c.types.iter().map(|t| t().name.rsplit("::").next().unwrap_or("").to_string()))
            .collect();
        declared.sort();
        let impls = object_types();
        assert!(impls.len() >= 40, "only {} object types found", impls.len());
        assert_eq!(declared, impls, "declared types (left) against `impl Object` types (right)");
    }

    /// One declaration per class name and per qualified name.
    #[test]
    fn every_class_is_declared_once() {
        let mut names: Vec<&str> = LIBRARY.classes().map(|c| c.name).collect();
        let mut qualified: Vec<&str> = LIBRARY.classes().map(|c| c.qualified).collect();
        for v in [&mut names, &mut qualified] {
            let n = v.len();
            v.sort_unstable();
            v.dedup();
            assert_eq!(n, v.len(), "a name is declared twice: {v:?}");
        }
        // Every parent is a declared class.
        for c in LIBRARY.classes() {
            for p in c.parents {
                assert!(LIBRARY.class(p).is_some(), "{} extends undeclared {p}", c.name);
            }
        }
    }

    /// The tables `?` help lists by class name are the tables of that class's declaration.
    #[test]
    fn named_tables_are_the_declarations_tables() {
        for (name, table) in NAMED_TABLES.iter() {
            let decl = LIBRARY.class(name).unwrap_or_else(|| panic!("{name} is not declared"));
            assert!(
                decl.members.iter().any(|t| std::ptr::eq(*t, *table)),
                "a table of {name} is not in its declaration"
            );
        }
    }

    // CGSuite 2.2: `0.Class` is ⟪game.Zero⟫, `3.Class` ⟪game.Integer⟫, `[1].Class` ⟪cgsuite.lang.List⟫.
    #[test]
    fn classes_of_numbers_and_lists() {
        use crate::game::Games;
        use crate::interp::classes::{class_of, is_class, qualified_class_of};
        crate::interp::registry::set_installed(&LIBRARY);
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

    #[test]
    fn tables_have_unique_names() {
        for t in all_tables() {
            let mut names: Vec<_> = t.iter().map(|m| m.name).collect();
            let n = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(n, names.len(), "duplicate member in a table: {names:?}");
        }
        let mut g: Vec<_> = GLOBALS.iter().map(|f| f.name).collect();
        let n = g.len();
        g.sort_unstable();
        g.dedup();
        assert_eq!(n, g.len());
    }

    #[test]
    fn game_members_of_language_reference_exist() {
        for name in "CanonicalForm LeftOptions RightOptions Options Birthday OutcomeClass MisereOutcomeClass \
             LeftStop RightStop Mean Temperature Thermograph Cool Heat Overheat Freeze AtomicWeight IsAtomic \
             IsAllSmall IsInfinitesimal IsNumber IsInteger IsNimber IsUptimal IsNumberish IsNumberTiny IsEven \
             IsOdd IsEvenTempered IsOddTempered Incentives LeftIncentives RightIncentives Companion \
             ReducedCanonicalForm Followers FollowerCount StopCount UptimalExpansion NortonProduct \
             ConwayProduct Pow PowTo Tiny Miny NimValue"
            .split_whitespace()
        {
            assert!(game::GAME.iter().any(|m| m.name == name), "missing game member {name}");
        }
        assert!(all_member_names(&[]).contains(&"NimSum"));
    }

    #[test]
    fn cgsuite_members_of_the_audit_exist() {
        let has = |table: &[Member], name: &str| table.iter().any(|m| m.name == name);
        for name in "NortonMultiply ConwayMultiply Subordinate IsSwitch IsZero IsOrdinal Stop".split_whitespace() {
            assert!(has(game::GAME, name), "missing game member {name}");
        }
        for name in "IsEvil IsOdious IsSmallInteger UglyProduct".split_whitespace() {
            assert!(has(numbers::INTEGER, name), "missing integer member {name}");
        }
        for name in "Max Min Reciprocal IsZero IsOrdinal".split_whitespace() {
            assert!(has(numbers::RATIONAL, name), "missing number member {name}");
        }
        for name in "Apply Exists ForAll Find ForEach Mex Take Flattened".split_whitespace() {
            assert!(has(collections::LIST, name) && has(collections::SET, name), "missing collection member {name}");
        }
        assert!(has(collections::LIST, "Grouped") && has(collections::SET, "Replaced"));
        assert!(has(misc::PLAYER, "Ordinal") && has(misc::OUTCOME, "Literal"));
    }
}
