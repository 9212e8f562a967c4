//! Run-time values.
//!
//! Invariants that the rest of the interpreter relies on:
//! - **Numbers are numeric values, never `Game`.** An `Integer` holds an [`Int`] (a machine integer in line
//!   when it fits in an `i64`, else a `BigInt` behind an `Rc`: one representation per integer); a `Rational` holds a
//!   `BigRational` whose denominator is greater than 1 (so `4/2` is the `Integer` 2). A rational whose
//!   denominator is a power of two is a dyadic rational and is also a game: it converts to the engine's
//!   [`Dyadic`] on demand ([`to_dyadic`]). Every game result goes back through [`game_value`], which turns a
//!   canonical number into the numeric value, so a `Value::Game` is never a number and structural equality is
//!   value equality.
//! - **Values are cheap to clone**: big numbers and strings are behind `Rc`, games are ids, collections are
//!   persistent `imbl` structures.
//! - **There is a total order on values** ([`Ord`]) so that they can live in sets and be map keys: first by
//!   kind (Nothing, Boolean, String, numbers, games, Player, OutcomeClass, Tuple, List, Set, Map, others),
//!   then by value; numbers compare numerically and games by id. Ids depend on creation order, so anything a
//!   user can *see* (printing a set, iterating over it, `Sorted`) uses [`display_cmp`] instead, which orders
//!   games as CGSuite prints options (the engine's `cmp_deterministic`: numbers, nimbers, other uptimals,
//!   general games).
//!
//! Extension point: values defined outside the core interpreter (rulesets, positions, grids) are
//! [`Value::Object`]s implementing [`Object`], the object protocol of [`super::object`].
//!
//! [`Value`], [`ValueList`], [`Function`], [`Closure`] and [`Player`] are declared in the core's leaf of types
//! (`model/types.rs`, `model/parts.rs`), as a value holds functions and objects that take the machine, which
//! holds values; their code is here, and this file re-exports them.

use super::class_functions::{library_class_native, library_function};
use super::error::ErrorKind;
pub use super::int::{Int, IntoInt};
pub use super::model::parts::Player;
pub use super::model::types::{Closure, Function, Object, Value, ValueList};
use crate::game::{Dyadic, GameId, Games, Outcome};
use imbl::{OrdMap, OrdSet, Vector};
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    /// +1 for Left, -1 for Right.
    pub fn sign(self) -> i64 {
        match self {
            Player::Left => 1,
            Player::Right => -1,
        }
    }
}

/// An engine value that the interpreter only shows: a sumber, a trajectory, an uptimal expansion.
#[derive(Debug)]
pub struct Shown {
    /// Its type name.
    pub type_name: &'static str,
    /// Its printed form.
    pub text: String,
}

impl Shown {
    /// Wraps a printable engine value.
    pub fn value(type_name: &'static str, x: impl fmt::Display) -> Value {
        Value::Object(Rc::new(Shown { type_name, text: x.to_string() }))
    }
}

impl Object for Shown {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        self.type_name
    }
    fn display(&self, _: &mut Games) -> String {
        self.text.clone()
    }
}

impl Function {
    /// The name shown in call stacks.
    pub fn name(&self) -> String {
        match self {
            Function::Closure(c) => {
                c.def.name.as_ref().map_or("anonymous function".to_string(), |n| n.name.to_string())
            }
            Function::Native(n) => n.name.to_string(),
            Function::Method { name, .. } => name.name.to_string(),
        }
    }
}

impl ValueList {
    /// The vector, unshared (cloned only if another value holds it).
    pub fn into_vector(self) -> Vector<Value> {
        Rc::try_unwrap(self.0).unwrap_or_else(|rc| (*rc).clone())
    }

    /// Whether both are the same vector (no element comparison).
    pub fn ptr_eq(&self, other: &ValueList) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || self.0.ptr_eq(&other.0)
    }
}

impl std::ops::Deref for ValueList {
    type Target = Vector<Value>;
    fn deref(&self) -> &Vector<Value> {
        &self.0
    }
}

impl std::ops::DerefMut for ValueList {
    fn deref_mut(&mut self) -> &mut Vector<Value> {
        Rc::make_mut(&mut self.0)
    }
}

impl From<Vector<Value>> for ValueList {
    fn from(v: Vector<Value>) -> ValueList {
        ValueList(Rc::new(v))
    }
}

impl FromIterator<Value> for ValueList {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> ValueList {
        ValueList(Rc::new(iter.into_iter().collect()))
    }
}

impl<'a> IntoIterator for &'a ValueList {
    type Item = &'a Value;
    type IntoIter = imbl::vector::Iter<'a, Value, imbl::shared_ptr::DefaultSharedPtr>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl IntoIterator for ValueList {
    type Item = Value;
    type IntoIter = imbl::vector::ConsumingIter<Value, imbl::shared_ptr::DefaultSharedPtr>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_vector().into_iter()
    }
}

impl fmt::Debug for ValueList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Value {
    /// The integer `n` (a machine integer of any width, a `BigInt`, or an [`Int`]).
    #[inline]
    pub fn int(n: impl IntoInt) -> Value {
        Value::Integer(n.into_int())
    }

    /// The machine integer `k` (held in line, no allocation).
    #[inline]
    pub fn small_int(k: i64) -> Value {
        Value::Integer(Int::Small(k))
    }

    /// A string value.
    pub fn str(s: &str) -> Value {
        Value::String(Rc::from(s))
    }

    /// A string value, shared (no allocation) when it is empty or one ASCII character: the cells of boards
    /// (`"."`, `"#"`) and string literals compared against them in a ruleset's inner loops.
    #[inline]
    pub fn short_str(s: &str) -> Value {
        match s.as_bytes() {
            [] => Value::ascii_char(None),
            [b] if b.is_ascii() => Value::ascii_char(Some(*b)),
            _ => Value::String(Rc::from(s)),
        }
    }

    /// The shared one-character string of ASCII byte `b` (`None`: the empty string).
    #[inline]
    pub fn ascii_char(b: Option<u8>) -> Value {
        thread_local! {
            /// Index 0..128: the one-character strings; 128: the empty string.
            static SHORT: Vec<Rc<str>> =
                (0u8..128).map(|b| Rc::from((b as char).to_string())).chain([Rc::from("")]).collect();
        }
        let i = b.map_or(128, |b| usize::from(b & 0x7f));
        SHORT.with(|t| Value::String(t[i].clone()))
    }

    /// The integer of a literal: in line, no allocation, when it fits in an `i64`.
    #[inline]
    pub fn int_literal(n: &BigInt) -> Value {
        Value::Integer(Int::from_ref(n))
    }

    /// The number `r`, as an `Integer` if it is one.
    pub fn rational(r: BigRational) -> Value {
        if r.denom().is_one() {
            Value::Integer(Int::big(r.to_integer()))
        } else {
            Value::Rational(Rc::new(r))
        }
    }

    /// The type name used in messages and by `is`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Nothing => "Nothing",
            Value::Boolean(_) => "Boolean",
            Value::Integer(_) => "Integer",
            Value::Rational(r) if is_dyadic(r) => "DyadicRational",
            Value::Rational(_) | Value::Infinity(_) => "Rational",
            Value::Game(_) => "Game",
            Value::String(_) => "String",
            Value::List(_) => "List",
            Value::Set(_, _) => "Set",
            Value::Map(_, _) => "Map",
            Value::Tuple(_) => "Tuple",
            Value::Function(_) => "Function",
            Value::Player(_) => "Player",
            Value::Outcome(_) => "OutcomeClass",
            Value::Thermograph(_) => "Thermograph",
            Value::Object(o) => o.type_name(),
        }
    }

    /// The value as an exact rational, if it is a number.
    pub fn as_rational(&self) -> Option<BigRational> {
        match self {
            Value::Integer(n) => Some(BigRational::from_integer(n.to_big().into_owned())),
            Value::Rational(r) => Some((**r).clone()),
            _ => None,
        }
    }

    /// Whether it is an `Integer` or a `Rational`.
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Integer(_) | Value::Rational(_))
    }

    /// The printed form as the REPL, scripts and `Print` show it: [`Value::display`] (or, with `quote` false,
    /// [`Value::display_plain`]) cut at the print limit (`game::print_limit`) with a note saying so.
    pub fn display_limited(&self, games: &mut Games, quote: bool) -> String {
        crate::game::print_limit::limited(crate::game::print_limit::setting(), || {
            let mut s = String::new();
            self.write(games, &mut s, quote);
            s
        })
    }

    /// The printed form (strings quoted), as at the top level of the REPL.
    pub fn display(&self, games: &mut Games) -> String {
        let mut s = String::new();
        self.write(games, &mut s, true);
        s
    }

    /// The printed form with a top-level string unquoted (as `Print` and string concatenation show it).
    pub fn display_plain(&self, games: &mut Games) -> String {
        let mut s = String::new();
        self.write(games, &mut s, false);
        s
    }

    /// Writes the printed form in order, charging the print limit for the text written here (games and other
    /// values charge their own) and skipping what comes after the limit; polls for Ctrl-C on every value,
    /// so a deeply nested collection can be interrupted.
    fn write(&self, games: &mut Games, out: &mut String, quote: bool) {
        if crate::game::print_limit::exhausted() {
            return;
        }
        games.poll_interrupt();
        let before = out.len();
        let charged = matches!(self, Value::Game(_) | Value::Object(_));
        self.write_unlimited(games, out, quote);
        if !charged && !matches!(self, Value::List(_) | Value::Tuple(_) | Value::Set(_, _) | Value::Map(_, _)) {
            crate::game::print_limit::charge(out.len() - before);
        }
    }

    fn write_unlimited(&self, games: &mut Games, out: &mut String, quote: bool) {
        match self {
            // Inside a map's entry CGSuite shows `Nothing` as nothing (`library/base/universal.rs`).
            Value::Nothing if plain() && crate::game::print_limit::cgsuite() => {}
            Value::Nothing => out.push_str("Nothing"),
            Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Integer(Int::Small(k)) => out.push_str(&k.to_string()),
            Value::Integer(Int::Big(n)) => push_int(games, out, n, crate::game::print_limit::room()),
            Value::Rational(r) => {
                let (room, before) = (crate::game::print_limit::room(), out.len());
                push_int(games, out, r.numer(), room);
                out.push('/');
                push_int(games, out, r.denom(), room.map(|k| k.saturating_sub(out.len() - before)));
            }
            Value::Infinity(s) => out.push_str(if *s > 0 { "inf" } else { "-inf" }),
            Value::Game(g) => out.push_str(&games.display_value(*g)),
            Value::String(s) if quote && crate::game::print_limit::cgsuite() => {
                crate::syntax::unparse::quoted_cgsuite(out, s)
            }
            Value::String(s) if quote => crate::syntax::unparse::quoted(out, s),
            Value::String(s) => out.push_str(s),
            Value::List(items) => {
                push(out, "[");
                write_joined(games, items.iter().cloned().collect(), out, ",");
                push(out, "]");
            }
            Value::Tuple(items) => {
                push(out, "(");
                write_joined(games, items.to_vec(), out, ",");
                push(out, ")");
            }
            Value::Set(items, order) => {
                push(out, "{");
                let cgsuite = crate::game::print_limit::cgsuite();
                let items =
                    match cgsuite.then(|| (super::registry::installed().cgsuite_set_order)(games, items, *order)) {
                        Some(Some(items)) => items,
                        _ => set_in_display_order(games, items),
                    };
                write_joined(games, items, out, ",");
                push(out, "}");
            }
            Value::Map(map, _) if map.is_empty() => push(out, "{=>}"),
            Value::Map(map, order) => {
                push(out, "{");
                let cgsuite = crate::game::print_limit::cgsuite();
                let by_value = !plain();
                let entries = match cgsuite
                    .then(|| (super::registry::installed().cgsuite_map_order)(games, map, *order, by_value))
                {
                    Some(Some(entries)) => entries,
                    _ => map_in_display_order(games, map),
                };
                for (i, (k, v)) in entries.into_iter().enumerate() {
                    if crate::game::print_limit::exhausted() {
                        break;
                    }
                    if i > 0 {
                        push(out, ", ");
                    }
                    // CGSuite 2.2 shows a `Nothing` in a map's key or value as nothing (`{"" => Nothing}` prints
                    // `{"" => }`, `{"a" => [Nothing]}` `{"a" => []}`); cgs's own output keeps the word.
                    with_plain(cgsuite, || k.write(games, out, true));
                    push(out, " => ");
                    with_plain(cgsuite, || v.write(games, out, true));
                }
                push(out, "}");
            }
            // a script function prints as its source, as in CGSuite (`x -> x + 3`)
            Value::Function(f) => match &**f {
                // A stdlib function that stands for a CGSuite class prints as the class (`⟪game.strip.Turning⟫`).
                Function::Closure(c) if library_function(&c.def).is_some() => {
                    out.push_str(&format!("\u{27ea}{}\u{27eb}", library_function(&c.def).unwrap_or_default()))
                }
                Function::Closure(c) if crate::game::print_limit::cgsuite() => {
                    out.push_str(&crate::syntax::unparse::function_source_cgsuite(&c.def))
                }
                Function::Closure(c) => out.push_str(&crate::syntax::unparse::function_source(&c.def)),
                Function::Native(n) if library_class_native(n.name).is_some() => {
                    out.push_str(&format!("\u{27ea}{}\u{27eb}", library_class_native(n.name).unwrap_or_default()))
                }
                Function::Native(n) => out.push_str(&format!("<function {}>", n.name)),
                Function::Method { name, .. } => out.push_str(&format!("<function {}>", name.name)),
            },
            Value::Player(Player::Left) => out.push_str("Left"),
            Value::Player(Player::Right) => out.push_str("Right"),
            Value::Outcome(o) => out.push_str(outcome_letter(*o)),
            Value::Thermograph(t) => out.push_str(&t.to_string()),
            // An object prints itself (CGSuite: its `ToOutput`), outside the plain builder of a map's entry.
            Value::Object(o) => out.push_str(&with_plain(false, || o.display(games))),
        }
    }

    /// The order of kinds in sets and maps (CGSuite's universal order where it has one: games, numbers
    /// included, before booleans, strings, lists and sets).
    fn rank(&self) -> u8 {
        match self {
            Value::Nothing => 0,
            Value::Integer(_) | Value::Rational(_) | Value::Infinity(_) => 1,
            Value::Game(_) => 2,
            Value::Boolean(_) => 3,
            Value::String(_) => 4,
            Value::Player(_) => 5,
            Value::Outcome(_) => 6,
            Value::Tuple(_) => 7,
            Value::List(_) => 8,
            // A `Range` is a `List` (CGSuite: `(1..3) == [1,2,3]`).
            Value::Object(o) if o.as_list_view().is_some() => 8,
            Value::Set(_, _) => 9,
            Value::Map(_, _) => 10,
            Value::Thermograph(_) => 11,
            Value::Function(_) => 12,
            Value::Object(_) => 13,
        }
    }
}

/// Whether a function stands for one of CGSuite's library classes (a stdlib function such as `GenClobber`, or a
/// native class constructor such as `TakeAndBreak`): its class is `cgsuite.lang.Class`, as in CGSuite.
pub fn is_library_class(f: &Function) -> bool {
    match f {
        Function::Closure(c) => library_function(&c.def).is_some(),
        Function::Native(n) => library_class_native(n.name).is_some(),
        Function::Method { .. } => false,
    }
}

/// The letter CGSuite prints for an outcome class.
pub fn outcome_letter(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "L",
        Outcome::R => "R",
        Outcome::N => "N",
        Outcome::P => "P",
    }
}

fn outcome_index(o: Outcome) -> u8 {
    match o {
        Outcome::L => 0,
        Outcome::R => 1,
        Outcome::N => 2,
        Outcome::P => 3,
    }
}

fn write_joined(games: &mut Games, items: Vec<Value>, out: &mut String, sep: &str) {
    for (i, v) in items.iter().enumerate() {
        if crate::game::print_limit::exhausted() {
            break;
        }
        if i > 0 {
            push(out, sep);
        }
        v.write(games, out, true);
    }
}

thread_local! {
    /// Whether a map's entry is being written in CGSuite's output mode, where CGSuite's plain output builder shows
    /// a `Nothing` at any depth as nothing and sorts a nested map by key only (`library/base/universal.rs`).
    static PLAIN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn plain() -> bool {
    PLAIN.with(std::cell::Cell::get)
}

/// Runs `f` with the plain output builder on (`on`) or off, restoring the previous state.
fn with_plain<T>(on: bool, f: impl FnOnce() -> T) -> T {
    let before = PLAIN.with(|p| p.replace(on));
    let out = f();
    PLAIN.with(|p| p.set(before));
    out
}

/// Appends a piece of text, charging it to the print limit.
fn push(out: &mut String, text: &str) {
    out.push_str(text);
    crate::game::print_limit::charge(text.len());
}

/// The elements of a set in the order users see them (printing, iteration).
pub fn set_in_display_order(games: &mut Games, set: &OrdSet<Value>) -> Vec<Value> {
    let mut v: Vec<Value> = set.iter().cloned().collect();
    if v.iter().any(contains_game) {
        sort_for_display(games, &mut v);
    }
    v
}

/// The entries of a map in the order users see them.
pub fn map_in_display_order(games: &mut Games, map: &OrdMap<Value, Value>) -> Vec<(Value, Value)> {
    let mut v: Vec<(Value, Value)> = map.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    if v.iter().any(|(k, _)| contains_game(k)) {
        v.sort_by(|a, b| display_cmp(games, &a.0, &b.0));
    }
    v
}

/// Sorts values in display order.
pub fn sort_for_display(games: &mut Games, v: &mut [Value]) {
    v.sort_by(|a, b| display_cmp(games, a, b));
}

fn contains_game(v: &Value) -> bool {
    match v {
        Value::Game(_) => true,
        Value::List(l) => l.iter().any(contains_game),
        Value::Tuple(t) => t.iter().any(contains_game),
        _ => false,
    }
}

/// The order users see: like [`Ord`], except that games are ordered by the engine's deterministic order
/// (CGSuite's order of options: nimbers, then other uptimals, then general games) rather than by id.
pub fn display_cmp(games: &mut Games, a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Game(g), Value::Game(h)) => {
            if g == h {
                return Ordering::Equal;
            }
            game_display_cmp(games, *g, *h)
        }
        (Value::List(x), Value::List(y)) => lexicographic(games, x.iter(), y.iter(), display_cmp),
        (Value::Tuple(x), Value::Tuple(y)) => lexicographic(games, x.iter(), y.iter(), display_cmp),
        // A surreal number and a number (or another surreal) in numeric order, as CGSuite sorts them.
        (Value::Object(_), _) | (_, Value::Object(_)) => match (super::registry::installed().surreal_cmp)(a, b) {
            Some(c) => c.then_with(|| a.cmp(b)),
            None => a.cmp(b),
        },
        _ => a.cmp(b),
    }
}

/// Two sequences compared element by element with `cmp`, the shorter first when one begins the other (lists and
/// tuples in [`display_cmp`] and in CGSuite's ordering, `library/base/universal.rs`).
pub fn lexicographic<'v>(
    games: &mut Games,
    x: impl ExactSizeIterator<Item = &'v Value>,
    y: impl ExactSizeIterator<Item = &'v Value>,
    mut cmp: impl FnMut(&mut Games, &Value, &Value) -> Ordering,
) -> Ordering {
    let lengths = x.len().cmp(&y.len());
    for (a, b) in x.zip(y) {
        let c = cmp(games, a, b);
        if c != Ordering::Equal {
            return c;
        }
    }
    lengths
}

fn game_display_cmp(games: &mut Games, g: GameId, h: GameId) -> Ordering {
    games.cmp_deterministic(g, h)
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        let (ra, rb) = (self.rank(), other.rank());
        if ra != rb {
            return ra.cmp(&rb);
        }
        match (self, other) {
            (Value::Nothing, Value::Nothing) => Ordering::Equal,
            (Value::Boolean(a), Value::Boolean(b)) => a.cmp(b),
            (Value::String(a), Value::String(b)) => a.cmp(b),
            (Value::Integer(a), Value::Integer(b)) => a.cmp(b),
            (Value::Rational(a), Value::Rational(b)) => a.cmp(b),
            (Value::Integer(a), Value::Rational(b)) => int_cmp_rational(a, b),
            (Value::Rational(a), Value::Integer(b)) => int_cmp_rational(b, a).reverse(),
            (Value::Infinity(a), Value::Infinity(b)) => a.cmp(b),
            (Value::Infinity(a), _) => 0.cmp(a).reverse(),
            (_, Value::Infinity(b)) => 0.cmp(b),
            (Value::Game(a), Value::Game(b)) => a.cmp(b),
            (Value::Player(a), Value::Player(b)) => a.cmp(b),
            (Value::Outcome(a), Value::Outcome(b)) => outcome_index(*a).cmp(&outcome_index(*b)),
            // A shared collection equals itself without a walk. This matters beyond speed: imbl's iterators
            // compare each element with the last one, so comparing nested sets without this shortcut costs 3×
            // per level of nesting (a set nested 20 deep took over 30 s to print or compare).
            (Value::Tuple(a), Value::Tuple(b)) if Rc::ptr_eq(a, b) => Ordering::Equal,
            (Value::List(a), Value::List(b)) if a.ptr_eq(b) => Ordering::Equal,
            (Value::Set(a, _), Value::Set(b, _)) if a.ptr_eq(b) => Ordering::Equal,
            (Value::Map(a, _), Value::Map(b, _)) if a.ptr_eq(b) => Ordering::Equal,
            (Value::Tuple(a), Value::Tuple(b)) => a.cmp(b),
            (Value::List(a), Value::List(b)) => a.cmp(b),
            (Value::Set(a, _), Value::Set(b, _)) => a.cmp(b),
            (Value::Map(a, _), Value::Map(b, _)) => a.cmp(b),
            (Value::Thermograph(a), Value::Thermograph(b)) => {
                if a == b {
                    Ordering::Equal
                } else {
                    Rc::as_ptr(a).cmp(&Rc::as_ptr(b))
                }
            }
            (Value::Function(a), Value::Function(b)) => (Rc::as_ptr(a) as *const u8).cmp(&(Rc::as_ptr(b) as *const u8)),
            (Value::List(l), r) | (r, Value::List(l)) if super::object::list_view(r).is_some() => {
                let c = super::object::list_view(r).unwrap_or_else(|| unreachable!()).cmp_with_list(l);
                if matches!(self, Value::List(_)) {
                    c.reverse()
                } else {
                    c
                }
            }
            // The left object's structural order, else the right one's (a type may order itself against
            // others that do not know it), else identity.
            (Value::Object(a), Value::Object(b)) => a
                .cmp_object(&**b)
                .or_else(|| b.cmp_object(&**a).map(Ordering::reverse))
                .unwrap_or_else(|| (Rc::as_ptr(a) as *const u8).cmp(&(Rc::as_ptr(b) as *const u8))),
            _ => Ordering::Equal,
        }
    }
}

/// An integer against a rational that is not one (denominator above 1): `n` vs `p/q` is `n·q` vs `p`.
fn int_cmp_rational(n: &Int, r: &BigRational) -> Ordering {
    (&*n.to_big() * r.denom()).cmp(r.numer())
}

/// Whether a rational's denominator is a power of two.
pub fn is_dyadic(r: &BigRational) -> bool {
    let d = r.denom();
    d.is_positive() && (d & (d - BigInt::one())).is_zero()
}

/// The engine's form of a dyadic rational, or why it has none.
pub fn to_dyadic(r: &BigRational) -> Result<Dyadic, ErrorKind> {
    if !is_dyadic(r) {
        return Err(ErrorKind::NotDyadic { value: format!("{}/{}", r.numer(), r.denom()) });
    }
    Dyadic::of(r).ok_or_else(|| ErrorKind::NotDyadic { value: format!("{}/{}", r.numer(), r.denom()) })
}

/// The exact rational value of a dyadic.
pub fn dyadic_to_rational(d: Dyadic) -> BigRational {
    d.to_big()
}

/// The numeric value of a dyadic.
pub fn dyadic_value(d: Dyadic) -> Value {
    Value::rational(dyadic_to_rational(d))
}

/// The value of a canonical game: a number if it is one, else `Game`.
pub fn game_value(games: &Games, g: GameId) -> Value {
    match games.number_value(g) {
        Some(d) => dyadic_value(d),
        None => Value::Game(g),
    }
}

/// Floor division and modulo with the sign of the divisor (CGSuite's `Div`/`Mod`, and `%`).
pub fn div_mod_floor(a: &BigInt, b: &BigInt) -> (BigInt, BigInt) {
    a.div_mod_floor(b)
}

/// Writes an integer's decimal text in pieces that poll for Ctrl-C; with `room` characters left under the
/// print limit, only a prefix longer than that when the whole is longer (see [`crate::game::number::decimal`]).
fn push_int(games: &Games, out: &mut String, n: &BigInt, room: Option<usize>) {
    out.push_str(&crate::game::number::decimal::int_text(n, room, &mut || games.poll_interrupt()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_three_words() {
        // Every evaluation step moves values; a `Value` of three words (a fat pointer and a tag) keeps that
        // cheap. A variant holding a wider type should box it, as `List` does.
        assert!(std::mem::size_of::<Value>() <= 24, "size_of::<Value>() = {}", std::mem::size_of::<Value>());
        assert!(std::mem::size_of::<super::super::eval::Eval<Value>>() <= 32);
    }

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn numbers_normalise_and_order() {
        assert!(matches!(Value::rational(q(4, 2)), Value::Integer(_)));
        assert!(matches!(Value::rational(q(1, 3)), Value::Rational(_)));
        assert!(Value::int(1) < Value::rational(q(3, 2)));
        assert!(Value::rational(q(-1, 2)) < Value::int(0));
        assert_eq!(Value::rational(q(2, 4)), Value::rational(q(1, 2)));
        // Numbers and games sort before strings (CGSuite: {3,*2,true,"bar"}).
        assert!(Value::int(0) < Value::str("a"));
        assert!(Value::int(0) < Value::Boolean(false));
        assert!(Value::Boolean(true) < Value::str("a"));
    }

    #[test]
    fn small_integers_are_in_line_and_exact() {
        for k in [-257, -256, -1, 0, 1, 1023, 1024, i64::MAX, i64::MIN] {
            assert_eq!(Value::small_int(k), Value::int(k));
            assert_eq!(Value::small_int(k), Value::int(BigInt::from(k)));
            assert!(matches!(Value::int(BigInt::from(k)), Value::Integer(Int::Small(j)) if j == k));
            assert_eq!(Value::small_int(k).display(&mut Games::new()), k.to_string());
        }
        // Just outside `i64`: big, printed exactly.
        let past: BigInt = BigInt::from(i64::MAX) + 1;
        assert!(matches!(Value::int(past.clone()), Value::Integer(Int::Big(_))));
        assert_eq!(Value::int(past).display(&mut Games::new()), "9223372036854775808");
    }

    #[test]
    fn integers_and_rationals_interleave() {
        // n against p/q by n·q vs p, on both sides of zero and beyond `i64`.
        let big: BigInt = BigInt::from(i64::MAX) * 4;
        let cases = [
            (Value::int(-1), Value::rational(q(-1, 2))),
            (Value::int(0), Value::rational(q(1, 3))),
            (Value::rational(q(-7, 2)), Value::int(-3)),
            (Value::int(i64::MAX), Value::rational(BigRational::new(BigInt::from(i64::MAX) * 2 + 1, 2.into()))),
            (Value::rational(BigRational::new(-big.clone() - 5, 4.into())), Value::int(i64::MIN)),
            (Value::int(-big.clone()), Value::rational(BigRational::new(-big.clone() * 3 + 1, 3.into()))),
        ];
        for (a, b) in cases {
            assert_eq!(a.cmp(&b), Ordering::Less, "{a:?} < {b:?}");
            assert_eq!(b.cmp(&a), Ordering::Greater, "{b:?} > {a:?}");
            assert_eq!(a.cmp(&b), a.as_rational().cmp(&b.as_rational()));
        }
    }

    #[test]
    fn dyadic_test() {
        assert!(is_dyadic(&q(3, 8)));
        assert!(is_dyadic(&q(3, 1)));
        assert!(!is_dyadic(&q(1, 3)));
        assert_eq!(Value::rational(q(3, 8)).type_name(), "DyadicRational");
        assert_eq!(Value::rational(q(1, 3)).type_name(), "Rational");
    }

    #[test]
    fn player() {
        assert_eq!(Player::Left.opponent(), Player::Right);
        assert_eq!(Player::Right.sign(), -1);
    }
}
