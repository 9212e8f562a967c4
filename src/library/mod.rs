//! Native functions and members.
//!
//! Each family declares its classes (`CLASSES`, a [`crate::interp::registry::ClassDecl`] each) with their
//! member tables ([`Member`] rows: name, arity, function, doc) and its global functions (its constructors and
//! helpers, `ClassDecl::globals`, which `globals.rs` registers). The declarations are the one list of what
//! exists: member lookup ([`tables_for`]), `?` help, completion and the generated reference all read them
//! through [`LIBRARY`], and nothing else lists members or global functions.
//!
//! Natives check their arguments through the helpers below ([`Site`], [`integer`], [`game`], …), so that every
//! arity or type error reads the same.

pub mod base;
pub mod board;
pub mod cgsuite;
mod globals;
pub mod graph;
pub mod impartial;
pub mod loopy;
pub mod number;
pub mod short;
pub mod sumber;

// Every file module by its old name (`library::grid`), as `interp/builtins/` named them.
pub use base::plots::TableValue;
pub use base::{cgscript, enums, mutable, range};
#[cfg(test)]
use base::{collections, misc, numbers, strings};
pub use board::{grid, numgrid, strip};
pub use cgsuite::{icon, namespaces};
pub use number::{infinity, surreal, transfinite};
pub use short::{bignum, compound, explicit, sensible, tree};

pub use crate::interp::error::Arity;
pub use crate::interp::native::*;
use crate::interp::registry::Library;
use crate::interp::value::{is_dyadic, Value};
use crate::interp::Interpreter;
use std::sync::OnceLock;

/// The classes whose declared tables the values that are not objects answer, by kind of value: the most
/// specific class that has member tables (`0` answers `Integer`'s, `*` `CanonicalShortGame`'s, which are
/// `Game`'s). Objects name their class's tables themselves ([`crate::interp::object::Object::class_members`]).
const LOOKUP_CLASSES: [&str; 13] = [
    "Integer",
    "DyadicRational",
    "Rational",
    "Infinity",
    "CanonicalShortGame",
    "String",
    "List",
    "Set",
    "Map",
    "Tuple",
    "Player",
    "OutcomeClass",
    "Thermograph",
];

/// [`LOOKUP_CLASSES`]' tables, read from the declarations once.
static LOOKUP: [OnceLock<Vec<&'static [Member]>>; 13] = [const { OnceLock::new() }; 13];

/// The member tables that apply to a value, most specific first, as the class declarations say
/// ([`Library::lookup_tables`] of its class). Numbers answer game members.
pub fn tables_for(v: &Value) -> &'static [&'static [Member]] {
    let i = match v {
        Value::Integer(_) => 0,
        Value::Rational(r) if is_dyadic(r) => 1,
        Value::Rational(_) => 2,
        Value::Infinity(_) => 3,
        Value::Game(_) => 4,
        Value::String(_) => 5,
        Value::List(_) => 6,
        Value::Set(_, _) => 7,
        Value::Map(_, _) => 8,
        Value::Tuple(_) => 9,
        Value::Player(_) => 10,
        Value::Outcome(_) => 11,
        Value::Thermograph(_) => 12,
        Value::Object(o) => return o.class_members(),
        _ => return &[],
    };
    LOOKUP[i].get_or_init(|| LIBRARY.lookup_tables(LOOKUP_CLASSES[i]))
}

/// The member `name` of `v`, if it has one.
pub fn find_member(v: &Value, name: &str) -> Option<&'static Member> {
    tables_for(v).iter().flat_map(|t| t.iter()).find(|m| m.name == name)
}

/// Every native global function of the library: the globals of each class, in declaration order (the ruleset
/// layer's classes bring a few more).
pub fn native_functions() -> Vec<&'static NativeFn> {
    LIBRARY.globals().collect()
}

/// [`Library::tree_member`]: the compounds of a position (`P ConjunctiveSum H`, …: cgsuite's), then the misère
/// and obligated members answered from a position's game tree (impartial's).
fn tree_member(
    m: &mut crate::interp::eval::Machine,
    obj: &Value,
    name: &crate::syntax::ast::Ident,
    args: &[Value],
    arg_spans: &[crate::syntax::span::Span],
    span: crate::syntax::span::Span,
) -> Option<Result<Value, crate::interp::error::EvalError>> {
    if !matches!(obj, Value::Object(_)) {
        return None;
    }
    if matches!(&*name.name, "ConjunctiveSum" | "SelectiveSum" | "OrdinalProduct" | "ConwayProduct") {
        let site = Site { name: &name.name, span, args: arg_spans };
        return compound::position_compound(m, &site, obj, &name.name, args);
    }
    impartial::invoke_member(m, obj, name, args, arg_spans, span)
}

/// The class library as the core sees it: every family's classes and the hooks of `crate::interp::registry`.
/// The layer above adds its classes to it as `Library { upper: …, ..LIBRARY }` (the ruleset layer's registry),
/// which shares these declarations (a `const` would copy them, and with them the member rows whose addresses
/// help compares with the row evaluation calls).
pub static LIBRARY: Library = Library {
    upper: &[],
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
        cgsuite::RULESET_CLASSES,
    ],
    find_member,
    generic_member: |v, name| {
        sensible::generic_member(v, name).or_else(|| cgscript::OBJECT.iter().find(|m| m.name == name))
    },
    tree_member,
    call_object: impartial::call_object,
    infinite_binary: infinity::binary,
    divide_by_zero: infinity::divide_by_zero,
    big_binary: bignum::binary,
    sided: loopy::sided,
    game_literal: loopy::eval_literal,
    loopy_literal: loopy::loopy_literal,
    explicit: explicit::make,
    star: transfinite::star,
    range: range::range_op,
    class_value: namespaces::ClassValue::value,
    grid_updated: grid::updated_cells,
    grid_set: grid::set_cells,
    is_grid: grid::is_grid,
    surreal_cmp: |a, b| Some(surreal::to_surreal(a)?.cmp(&surreal::to_surreal(b)?)),
    cgsuite_set_order: |games, set, order| Some(base::universal::sorted_set(games, set, order)),
    cgsuite_map_order: |games, map, order, by_value| Some(base::universal::sorted_map(games, map, order, by_value)),
    as_grid: grid::as_grid,
    num_cells: numgrid::cells,
    num_grid_cell: numgrid::cell,
    num_grid_set: numgrid::set_cells,
    parse_grid: numgrid::parse,
    grid_text: numgrid::text,
    graph_text: graph::text_with_maps,
    set_interrupt: impartial::set_interrupt,
    sumber_value: sumber::SumberValue::value,
    map_entry: base::collections::MapEntry::value,
    misere_member: impartial::misere_member,
    misere_outcome: explicit::misere_outcome,
    script_class_qualified: namespaces::script_class_qualified,
};

/// Installs the class library in a workspace: the classes and hooks, then the families' globals and state
/// (one line per family that has any).
pub fn install(interp: &mut Interpreter) {
    interp.set_library(&LIBRARY);
    let (globals, games) = interp.workspace();
    globals::register_globals(globals, native_functions());
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
        // Every parent, and every class a class also is, is a declared class.
        for c in LIBRARY.classes() {
            for p in c.parents.iter().chain(c.also_is) {
                assert!(LIBRARY.class(p).is_some(), "{} extends undeclared {p}", c.name);
            }
        }
    }

    /// Every member row's declared parameters agree with its arity: each signature's count of arguments (its
    /// required parameters up to all of them) is one the member accepts, and parameter names are unique.
    #[test]
    fn every_parameter_row_agrees_with_its_arity() {
        let mut with_params = 0;
        for (c, t) in LIBRARY.tables() {
            for m in t {
                for sig in m.params {
                    with_params += 1;
                    let required = sig.iter().filter(|p| !p.optional).count();
                    assert!(
                        (required..=sig.len()).any(|n| m.arity.accepts(n)),
                        "{}.{}: {sig:?} against {:?}",
                        c.name,
                        m.name,
                        m.arity
                    );
                    for (i, p) in sig.iter().enumerate() {
                        assert!(!sig[..i].iter().any(|q| q.name == p.name), "{}.{}: {} twice", c.name, m.name, p.name);
                        assert!(!p.kind.is_empty(), "{}.{}: {} has no kind", c.name, m.name, p.name);
                    }
                }
            }
        }
        // Counted on this commit: 215 signatures (CGSuite's parameter names, read from its class files).
        assert!(with_params >= 180, "{with_params}");
    }

    /// `is` for the classes the evaluator's own list does not name reads the declarations: CGSuite 2.2 (via
    /// cgsuite-eval) says `3 is SurrealNumber` and `1/3 is SurrealNumber` are true; an undeclared name stays an
    /// unknown type.
    #[test]
    fn is_reads_the_declared_ancestors() {
        assert_eq!(LIBRARY.is_a("Integer", "SurrealNumber"), Some(true));
        assert_eq!(LIBRARY.is_a("Integer", "GeneralizedOrdinal"), Some(true));
        assert_eq!(LIBRARY.is_a("Rational", "SurrealNumber"), Some(true));
        assert_eq!(LIBRARY.is_a("Rational", "GeneralizedOrdinal"), Some(false));
        assert_eq!(LIBRARY.is_a("Nimber", "CanonicalShortGame"), Some(true));
        assert_eq!(LIBRARY.is_a("String", "Game"), Some(false));
        assert_eq!(LIBRARY.is_a("Integer", "Foo"), None);
    }

    /// The library classes a user class may extend, read from the declarations, with their chains of ancestors as
    /// CGSuite 2.2's class files declare them (`Game.cgs`: `system class Game`; `ImpartialGame.cgs`: `system class
    /// ImpartialGame extends Game`; `grid/GridRuleset.cgs`: `class GridRuleset extends Ruleset`, and nested in it
    /// `class GridGame(grid as Grid) extends Game`; `strip/Turning.cgs`: `class Turning(…) extends StripRuleset`,
    /// whose position class extends `StripGame, ImpartialGame`), the qualified names their members are overridden
    /// under, and the classes cgs refuses with a reason.
    #[test]
    fn user_bases_from_the_declarations() {
        let bases = LIBRARY.user_bases();
        let chain = |name: &str| bases.iter().find(|(n, _)| n == name).map(|(_, c)| c.clone());
        assert_eq!(chain("Game"), Some(vec!["Game"]));
        assert_eq!(chain("ImpartialGame"), Some(vec!["ImpartialGame", "Game"]));
        assert_eq!(chain("GridGame"), Some(vec!["GridGame", "Game"]));
        assert_eq!(chain("GridRuleset"), Some(vec!["GridRuleset", "Ruleset"]));
        assert_eq!(chain("PartizanCoordinateRuleset"), Some(vec!["PartizanCoordinateRuleset", "Ruleset"]));
        assert_eq!(chain("StripGame+ImpartialGame"), Some(vec!["StripGame", "ImpartialGame", "Game"]));
        assert_eq!(chain("GraphGame+ImpartialGame"), Some(vec!["GraphGame", "ImpartialGame", "Game"]));
        // No pair but the three game classes with `ImpartialGame`, and no class that is not a base.
        let mut names: Vec<&str> = bases.iter().map(|(n, _)| n.as_str()).collect();
        names.sort_unstable();
        assert_eq!(
            names,
            [
                "CoordinateRuleset",
                "Game",
                "GraphGame",
                "GraphGame+ImpartialGame",
                "GraphRuleset",
                "GridGame",
                "GridGame+ImpartialGame",
                "GridRuleset",
                "HeapRuleset",
                "ImpartialGame",
                "PartizanCoordinateRuleset",
                "PartizanHeapRuleset",
                "Ruleset",
                "StripGame",
                "StripGame+ImpartialGame",
                "StripRuleset",
            ]
        );
        // A nested class is extended by its own name and overridden under its qualified name.
        let grid_game = LIBRARY.user_base("GridGame").map(|c| c.qualified);
        assert_eq!(grid_game, Some("game.grid.GridRuleset.GridGame"));
        assert!(LIBRARY.user_base("Position").is_none(), "HeapRuleset.Position is not a base");
        let refused = LIBRARY.user_base("CompoundGame").map(|c| c.extensible);
        assert_eq!(refused, Some(crate::interp::registry::Extensible::Refused("it is not extensible")));
    }

    /// The variant classes the standard library writes in cgs print in CGSuite's package `game.variant`
    /// (CGSuite 2.2's `game/variant/*.cgs`); another name is no script class of a package.
    #[test]
    fn script_classes_print_in_their_package() {
        let q = LIBRARY.script_class_qualified;
        assert_eq!(q("TwistedVariantRuleset").as_deref(), Some("game.variant.TwistedVariantRuleset"));
        assert_eq!(q("DicoticVariantGame").as_deref(), Some("game.variant.DicoticVariantGame"));
        assert_eq!(q("Clobber"), None);
        assert_eq!(q("Position"), None);
    }

    /// The member lookup of each kind of value read from the declarations is the one the evaluator had when
    /// it listed the tables by hand (main 1bf453f's `tables_for`): the same tables in the same order.
    #[test]
    fn lookup_order_of_each_kind_of_value() {
        use crate::game::GameId;
        // Tables compare by their rows (the same static may sit at two addresses in two codegen units).
        let rows = |t: &[Member]| t.iter().map(|m| (m.name, m.doc.text)).collect::<Vec<_>>();
        let same = |v: Value, expected: &[&'static [Member]]| {
            let got = tables_for(&v);
            assert_eq!(got.len(), expected.len(), "{v:?}: {} tables", got.len());
            for (i, (a, b)) in got.iter().zip(expected).enumerate() {
                assert_eq!(rows(a), rows(b), "{v:?}: table {i} differs");
            }
        };
        let games: [&'static [Member]; 3] = [short::GAME, loopy::SHORT, compound::GAME];
        let half = Value::Rational(std::rc::Rc::new(num_rational::BigRational::new(1.into(), 2.into())));
        let third = Value::Rational(std::rc::Rc::new(num_rational::BigRational::new(1.into(), 3.into())));
        same(Value::int(3), &[&[numbers::INTEGER, numbers::RATIONAL, bignum::NUMBER_GAME][..], &games].concat());
        same(half, &[&[numbers::RATIONAL, bignum::NUMBER_GAME][..], &games].concat());
        same(third, &[numbers::RATIONAL, numbers::NON_DYADIC]);
        same(Value::Game(GameId(0)), &games);
        same(Value::str("a"), &[strings::STRING, cgscript::STRING]);
        same(Value::List(imbl::Vector::new().into()), &[collections::LIST, cgscript::LIST]);
        same(Value::Set(Default::default(), crate::interp::order::SmallOrder::EMPTY), &[collections::SET]);
        same(
            Value::Map(Default::default(), crate::interp::order::SmallOrder::EMPTY),
            &[collections::MAP, cgscript::MAP, base::map_collection::MAP_AS_COLLECTION],
        );
        same(Value::Tuple(Default::default()), &[collections::TUPLE, cgscript::COORDINATES]);
        same(Value::Player(crate::interp::value::Player::Left), &[misc::PLAYER]);
        same(Value::Outcome(crate::game::Outcome::L), &[misc::OUTCOME]);
        same(Value::Boolean(true), &[]);
    }

    /// Every member table of the library is declared by one class, once.
    #[test]
    fn every_table_is_declared_once() {
        let rows = |t: &[Member]| t.iter().map(|m| (m.name, m.doc.text)).collect::<Vec<_>>();
        let tables: Vec<(&str, &[Member])> = LIBRARY.tables().map(|(c, t)| (c.name, t)).collect();
        for (i, (c, t)) in tables.iter().enumerate() {
            for (d, u) in &tables[..i] {
                assert!(rows(t) != rows(u), "a table of {c} is declared by {d} too");
            }
        }
        assert!(tables.len() >= 60, "{} tables", tables.len());
    }

    // CGSuite 2.2: `0.Class` is ⟪game.Zero⟫, `3.Class` ⟪game.Integer⟫, `[1].Class` ⟪cgsuite.lang.List⟫.
    #[test]
    fn classes_of_numbers_and_lists() {
        use crate::game::Games;
        use crate::interp::classes::{class_of, qualified_class_of};
        use crate::interp::eval::is_class;
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
        for (_, t) in LIBRARY.tables() {
            let mut names: Vec<_> = t.iter().map(|m| m.name).collect();
            let n = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(n, names.len(), "duplicate member in a table: {names:?}");
        }
        let mut g: Vec<_> = native_functions().iter().map(|f| f.name).collect();
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
            assert!(short::GAME.iter().any(|m| m.name == name), "missing game member {name}");
        }
        assert!(LIBRARY.member_names().contains(&"NimSum"));
    }

    #[test]
    fn cgsuite_members_of_the_audit_exist() {
        let has = |table: &[Member], name: &str| table.iter().any(|m| m.name == name);
        for name in "NortonMultiply ConwayMultiply Subordinate IsSwitch IsZero IsOrdinal Stop".split_whitespace() {
            assert!(has(short::GAME, name), "missing game member {name}");
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
