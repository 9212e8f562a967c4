//! Native functions and members.
//!
//! Each type has one table ([`Member`] entries: name, arity, function) in the file for its topic; the global
//! functions are the table in `globals.rs`. The tables are the documentation of what exists: member lookup,
//! arity checking and REPL completion ([`all_member_names`]) all read them, and nothing else lists members.
//!
//! Natives check their arguments through the helpers below ([`Site`], [`integer`], [`game`], …), so that every
//! arity or type error reads the same.

pub mod bignum;
pub mod cgscript;
mod collections;
pub mod doc_tables;
pub mod enums;
pub mod explicit;
mod game;
mod globals;
pub use globals::TableValue;
pub mod graph;
pub mod grid;
pub mod icon;
pub mod impartial;
pub mod infinity;
pub mod loopy;
mod misc;
pub mod mutable;
pub mod namespaces;
mod numbers;
pub mod numgrid;
pub mod params;
mod plots;
mod random;
pub mod range;
pub mod sensible;
mod strings;
pub mod strip;
pub mod sumber;
pub mod surreal;
pub mod transfinite;
pub mod tree;

use super::error::{Arity, ErrorKind, EvalError};
use super::eval::Machine;
use super::int::Int;
use super::value::{is_dyadic, to_dyadic, Function, Player, Value};
use crate::game::{Dyadic, GameId};
use crate::syntax::span::Span;
use imbl::Vector;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use std::borrow::Cow;
use std::rc::Rc;

pub use globals::{register_globals, GLOBALS};

/// A native global function.
#[derive(Debug)]
pub struct NativeFn {
    /// Its name.
    pub name: &'static str,
    /// How many arguments it takes (checked before `f` runs).
    pub arity: Arity,
    /// The implementation.
    pub f: NativeImpl,
    /// What `?name` shows.
    pub doc: Doc,
}

impl NativeFn {
    /// Shorthand for a table entry without documentation.
    pub const fn new(name: &'static str, arity: Arity, f: NativeImpl) -> NativeFn {
        NativeFn { name, arity, f, doc: Doc::NONE }
    }

    /// The entry with its documentation (see [`Doc`]).
    pub const fn doc(mut self, args: &'static str, text: &'static str, example: &'static str) -> NativeFn {
        self.doc = Doc { args, text, example };
        self
    }
}

/// What `?X` / `:doc X` shows for a native function or member: its arguments as written in a call (`"(t)"`, or
/// `""` for a property), one or two sentences, and an example expression (evaluated when shown, and by a test).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Doc {
    /// The argument list, e.g. `"(t)"`; empty for a property.
    pub args: &'static str,
    /// What it does.
    pub text: &'static str,
    /// An expression using it (empty when none).
    pub example: &'static str,
}

impl Doc {
    /// No documentation yet.
    pub const NONE: Doc = Doc { args: "", text: "", example: "" };
}

/// The implementation of a native function: the machine, the call site and the arguments.
pub type NativeImpl = fn(&mut Machine, &Site, &[Value]) -> Result<Value, EvalError>;

/// The implementation of a member: the machine, the call site, the object and the arguments.
pub type MemberImpl = fn(&mut Machine, &Site, &Value, &[Value]) -> Result<Value, EvalError>;

/// A native member of a type: a property (arity 0, no parentheses needed) or a method.
#[derive(Debug)]
pub struct Member {
    /// Its name.
    pub name: &'static str,
    /// How many arguments it takes.
    pub arity: Arity,
    /// The implementation.
    pub f: MemberImpl,
    /// What `?Type.name` shows.
    pub doc: Doc,
}

impl Member {
    /// The entry with its documentation (see [`Doc`]).
    pub const fn doc(mut self, args: &'static str, text: &'static str, example: &'static str) -> Member {
        self.doc = Doc { args, text, example };
        self
    }
}

/// Shorthand for table entries.
pub(crate) const fn member(name: &'static str, arity: usize, f: MemberImpl) -> Member {
    Member { name, arity: Arity::Exact(arity), f, doc: Doc::NONE }
}

/// Where a native was called: its name, the span of the call and of each argument.
pub struct Site<'s> {
    /// The function or member name.
    pub name: &'s str,
    /// The whole call.
    pub span: Span,
    /// Each argument.
    pub args: &'s [Span],
}

impl Site<'_> {
    /// An error at the call.
    pub fn err(&self, kind: ErrorKind) -> EvalError {
        EvalError::new(kind, self.span)
    }

    /// An error at argument `i` (0-based).
    pub fn arg_err(&self, i: usize, kind: ErrorKind) -> EvalError {
        EvalError::new(kind, self.args.get(i).copied().unwrap_or(self.span))
    }

    /// "Argument i of `f` must be of type `expected`".
    pub fn wrong_type(&self, i: usize, expected: &'static str, got: &Value) -> EvalError {
        self.arg_err(
            i,
            ErrorKind::ArgumentType {
                function: self.name.to_string(),
                position: i + 1,
                expected,
                got: got.type_name(),
            },
        )
    }

    /// An internal error: a table entry was called on the wrong type.
    pub fn bug(&self) -> EvalError {
        self.err(ErrorKind::Internal { what: format!("member `{}` called on the wrong type", self.name) })
    }
}

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

// ---- argument helpers -------------------------------------------------------------------------------

/// Argument `i` as an integer.
pub fn int_arg<'v>(site: &Site, args: &'v [Value], i: usize) -> Result<&'v Int, EvalError> {
    match &args[i] {
        Value::Integer(n) => Ok(n),
        v => Err(site.wrong_type(i, "Integer", v)),
    }
}

/// Argument `i` as a big integer (borrowed when it is one, built when it is a machine integer).
pub fn integer<'v>(site: &Site, args: &'v [Value], i: usize) -> Result<Cow<'v, BigInt>, EvalError> {
    int_arg(site, args, i).map(Int::to_big)
}

/// Argument `i` as an integer that fits in an `i64`.
pub fn small_integer(site: &Site, args: &[Value], i: usize) -> Result<i64, EvalError> {
    int_arg(site, args, i)?.as_i64().ok_or_else(|| site.arg_err(i, ErrorKind::Overflow))
}

/// Argument `i` as a non-negative integer that fits in a `u32` (a count, an exponent).
pub fn count(site: &Site, args: &[Value], i: usize) -> Result<u32, EvalError> {
    let n = int_arg(site, args, i)?;
    if n.is_negative() {
        return Err(site.wrong_type(i, "non-negative Integer", &args[i]));
    }
    n.to_u32().ok_or_else(|| site.arg_err(i, ErrorKind::Overflow))
}

/// Argument `i` as an exact rational.
pub fn number(site: &Site, args: &[Value], i: usize) -> Result<BigRational, EvalError> {
    args[i].as_rational().ok_or_else(|| site.wrong_type(i, "Rational", &args[i]))
}

/// Argument `i` as a dyadic rational.
pub fn dyadic(site: &Site, args: &[Value], i: usize) -> Result<Dyadic, EvalError> {
    let r = args[i].as_rational().ok_or_else(|| site.wrong_type(i, "DyadicRational", &args[i]))?;
    to_dyadic(&r).map_err(|k| site.arg_err(i, k))
}

/// Argument `i` as a game (numbers convert).
pub fn game(m: &mut Machine, site: &Site, args: &[Value], i: usize) -> Result<GameId, EvalError> {
    match m.to_game(&args[i]) {
        Some(r) => r.map_err(|k| site.arg_err(i, k)),
        None => Err(site.wrong_type(i, "Game", &args[i])),
    }
}

/// Argument `i` as a player.
pub fn player(site: &Site, args: &[Value], i: usize) -> Result<Player, EvalError> {
    match &args[i] {
        Value::Player(p) => Ok(*p),
        v => Err(site.wrong_type(i, "Player", v)),
    }
}

/// Argument `i` as a function.
pub fn function(site: &Site, args: &[Value], i: usize) -> Result<Rc<Function>, EvalError> {
    match &args[i] {
        Value::Function(f) => Ok(f.clone()),
        v => Err(site.wrong_type(i, "Function", v)),
    }
}

/// Argument `i` as a string.
pub fn string<'v>(site: &Site, args: &'v [Value], i: usize) -> Result<&'v str, EvalError> {
    match &args[i] {
        Value::String(s) => Ok(s),
        v => Err(site.wrong_type(i, "String", v)),
    }
}

/// Argument `i` as the elements of a collection (List, Set in display order, Tuple).
pub fn elements(m: &mut Machine, site: &Site, args: &[Value], i: usize) -> Result<Vec<Value>, EvalError> {
    m.elements(&args[i]).ok_or_else(|| site.wrong_type(i, "Collection", &args[i]))
}

/// The game value of the object of a game member.
pub fn this_game(m: &mut Machine, site: &Site, this: &Value) -> Result<GameId, EvalError> {
    match m.to_game(this) {
        Some(r) => r.map_err(|k| site.err(k)),
        None => Err(site.bug()),
    }
}

/// A list value.
pub fn list(items: impl IntoIterator<Item = Value>) -> Value {
    Value::List(items.into_iter().collect::<Vector<Value>>().into())
}

/// A set value.
pub fn set(items: impl IntoIterator<Item = Value>) -> Value {
    Value::Set(items.into_iter().collect::<imbl::OrdSet<Value>>())
}

/// A boolean value.
pub fn boolean(b: bool) -> Value {
    Value::Boolean(b)
}

/// A 1-based index argument into a sequence of `len` elements, as a 0-based index.
pub fn index(site: &Site, args: &[Value], i: usize, len: usize) -> Result<usize, EvalError> {
    let n = integer(site, args, i)?;
    match n.to_usize() {
        Some(k) if (1..=len).contains(&k) => Ok(k - 1),
        _ => Err(site.arg_err(i, ErrorKind::IndexOutOfBounds { index: n.to_string() })),
    }
}

/// Checks the arity of a call.
pub fn check_arity(site: &Site, arity: Arity, got: usize) -> Result<(), EvalError> {
    if arity.accepts(got) {
        Ok(())
    } else {
        Err(site.err(ErrorKind::ArgumentCount { expected: arity, got }))
    }
}

/// Whether the value is a dyadic rational or integer.
pub fn is_dyadic_value(v: &Value) -> bool {
    match v {
        Value::Integer(_) => true,
        Value::Rational(r) => is_dyadic(r),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
