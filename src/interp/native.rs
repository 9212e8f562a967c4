//! Native functions and members: the rows of the class library's tables ([`Member`], [`NativeFn`], [`Doc`]),
//! the call site a native receives ([`Site`]) and the argument helpers every native checks its arguments with
//! ([`integer`], [`game`], …), so that every arity or type error reads the same.
//!
//! The core owns these types; the families of the class library layer fill tables of them.

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
