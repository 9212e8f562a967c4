//! Native functions and members: the rows of the class library's tables ([`Member`], [`NativeFn`], [`Doc`]),
//! the call site a native receives ([`Site`]) and the argument helpers every native checks its arguments with
//! ([`integer`], [`game`], …), so that every arity or type error reads the same.
//!
//! The core owns these types; the families of the class library layer fill tables of them. They are declared in
//! the core's leaf of types (`model/types.rs`: a native takes the machine, which holds values holding natives;
//! `model/parts.rs`: [`Doc`], [`Param`], [`Site`]); their code is here, and this file re-exports them.

use super::error::{Arity, Callee, ErrorKind, EvalError};
use super::eval::Machine;
use super::int::Int;
pub use super::model::parts::{Doc, Param, Site};
pub use super::model::types::{Declared, Member, MemberImpl, NativeFn, NativeImpl};
use super::value::{is_dyadic, to_dyadic, Function, Player, Value};
use crate::game::{Dyadic, GameId};
use crate::syntax::ast::Ident;
use crate::syntax::span::Span;
use imbl::Vector;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use std::borrow::Cow;
use std::rc::Rc;

mod lists;
pub use lists::{Drain, Items};

impl Declared {
    /// CGSuite's declaration of a function of a package's constants (`cgsuite.lang.constants.Mex`) with one
    /// parameter of a declared class.
    pub const fn function(qualified: &'static str, params: &'static [Param]) -> Declared {
        Declared { qualified, constructor: false, params }
    }

    /// CGSuite's declaration of a class's constructor (`cgsuite.util.Random`, `seed as Integer`).
    pub const fn constructor(qualified: &'static str, params: &'static [Param]) -> Declared {
        Declared { qualified, constructor: true, params }
    }

    /// The call CGSuite names in this function's errors: its constructor, or its package's function.
    pub fn callee(&self) -> Callee<'static> {
        match self.qualified.rsplit_once('.') {
            _ if self.constructor => Callee::Constructor(self.qualified),
            Some((package, name)) => Callee::Method(package, name),
            None => Callee::Function,
        }
    }
}

impl NativeFn {
    /// Shorthand for a table entry without documentation.
    pub const fn new(name: &'static str, arity: Arity, f: NativeImpl) -> NativeFn {
        NativeFn { name, arity, f, doc: Doc::NONE, declared: None }
    }

    /// The entry with CGSuite's declaration of it (see [`Declared`]): its argument-type errors are CGSuite's.
    pub const fn declared(mut self, declared: &'static Declared) -> NativeFn {
        self.declared = Some(declared);
        self
    }

    /// The entry with its documentation (see [`Doc`]).
    pub const fn doc(mut self, args: &'static str, text: &'static str, example: &'static str) -> NativeFn {
        self.doc = Doc { args, text, example };
        self
    }

    /// Checks the number of positional arguments of a call: for a function CGSuite declares, CGSuite's error
    /// ("Missing required parameter (in call to `cgsuite.lang.constants.Mex`): `elements`", "Too many arguments
    /// (in call to `cgsuite.util.Random` constructor): 2 (expecting at most 1)"), else [`check_arity`]'s.
    #[inline(always)]
    pub fn check_arity(&self, site: &Site, got: usize) -> Result<(), EvalError> {
        if self.arity.accepts(got) {
            Ok(())
        } else {
            Err(native_arity_error(self, site, got))
        }
    }
}

impl Declared {
    /// Checks the number of positional arguments of a call against the declared parameters, with CGSuite's
    /// errors (as [`NativeFn::check_arity`]).
    pub fn check_arity(&self, site: &Site, got: usize) -> Result<(), EvalError> {
        let required = self.params.iter().filter(|p| !p.optional).count();
        if (required..=self.params.len()).contains(&got) {
            return Ok(());
        }
        Err(declared_arity_error(self, site, got)
            .unwrap_or_else(|| site.err(ErrorKind::ArgumentCount { expected: Param::arity(self.params), got })))
    }
}

/// [`NativeFn::check_arity`]'s error.
#[cold]
#[inline(never)]
fn native_arity_error(f: &NativeFn, site: &Site, got: usize) -> EvalError {
    let e = || site.err(ErrorKind::ArgumentCount { expected: f.arity, got });
    f.declared.and_then(|d| declared_arity_error(d, site, got)).unwrap_or_else(e)
}

/// CGSuite's error for `got` positional arguments to a function declared with `d`'s parameters: the first
/// required parameter missing, or too many; `None` when `got` arguments would leave only optional ones out.
fn declared_arity_error(d: &Declared, site: &Site, got: usize) -> Option<EvalError> {
    let kind = match d.params.get(got) {
        Some(p) if !p.optional => ErrorKind::MissingParameter { name: p.name.to_string() },
        Some(_) => return None,
        None => ErrorKind::TooManyArguments { got, most: d.params.len() },
    };
    Some(site.err(kind.in_call(d.callee())))
}

/// `f(args…, named…)` for a native function `f` or a class value whose constructor CGSuite declares
/// ([`crate::interp::object::Object::declared`]): the named arguments placed by [`place_named_native`], then the
/// call as a positional one. `None` for any other callee (a closure, a user class, a method value).
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub fn call_named(
    m: &mut Machine,
    f: &Value,
    name: &str,
    args: &[Value],
    spans: &[Span],
    named: &[crate::syntax::ast::NamedArg],
    given: &[(Ident, Value)],
    span: Span,
) -> Option<Result<Value, EvalError>> {
    let (function, declared) = match f {
        Value::Function(func) => match &**func {
            Function::Native(n) => (n.name, n.declared),
            _ => return None,
        },
        Value::Object(o) => (name, Some(o.declared()?)),
        _ => return None,
    };
    let named: Vec<_> = named.iter().zip(given).map(|(a, (id, v))| (id.clone(), v.clone(), a.value.span)).collect();
    Some(
        place_named_native(function, declared, args.to_vec(), spans.to_vec(), &named)
            .and_then(|(vals, spans)| m.call_value(f, &vals, &Site { name, span, args: &spans })),
    )
}

/// The positional arguments of a call `f(args…, named…)` of a native function: the named arguments placed by
/// CGSuite's names of its parameters ([`NativeFn::declared`], as [`place_named`] places a member's), with
/// CGSuite's errors naming the call ("Invalid parameter name (in call to `cgsuite.lang.constants.Max`): `x`").
/// A function CGSuite does not declare takes no named arguments: "Invalid parameter name (in call to `f`)".
#[cold]
#[inline(never)]
pub fn place_named_native(
    function: &str,
    declared: Option<&Declared>,
    args: Vec<Value>,
    spans: Vec<Span>,
    named: &[(Ident, Value, Span)],
) -> Result<(Vec<Value>, Vec<Span>), EvalError> {
    let Some(d) = declared else {
        let n = &named[0].0;
        let kind = ErrorKind::InvalidParameterName { function: Some(function.to_string()), name: n.name.to_string() };
        return Err(EvalError::new(kind, n.span));
    };
    place_named(function, &[d.params], args, spans, named)
        .map_err(|e| EvalError { kind: e.kind.in_call(d.callee()), ..e })
}

impl Doc {
    /// No documentation yet.
    pub const NONE: Doc = Doc { args: "", text: "", example: "" };
}

impl Member {
    /// The entry with its documentation (see [`Doc`]).
    pub const fn doc(mut self, args: &'static str, text: &'static str, example: &'static str) -> Member {
        self.doc = Doc { args, text, example };
        self
    }

    /// The entry with its parameters' signatures (see [`Member::params`]).
    pub const fn params(mut self, params: &'static [&'static [Param]]) -> Member {
        self.params = params;
        self
    }

    /// The argument list `?` shows: the declared parameters (`(that, twisted?)`, signatures joined by ` or `),
    /// else the documentation's own text.
    pub fn args_text(&self) -> String {
        if self.params.is_empty() {
            return self.doc.args.to_string();
        }
        let sig = |ps: &[Param]| {
            let names: Vec<String> =
                ps.iter().map(|p| format!("{}{}", p.name, if p.optional { "?" } else { "" })).collect();
            format!("({})", names.join(", "))
        };
        let mut sigs: Vec<String> = Vec::new();
        for s in self.params.iter().map(|ps| sig(ps)) {
            if !sigs.contains(&s) {
                sigs.push(s);
            }
        }
        sigs.join(" or ")
    }
}

impl Param {
    /// A required parameter.
    pub const fn required(name: &'static str, kind: &'static str) -> Param {
        Param { name, kind, optional: false }
    }

    /// An optional parameter.
    pub const fn optional(name: &'static str, kind: &'static str) -> Param {
        Param { name, kind, optional: true }
    }

    /// The arity a signature allows: every required parameter, up to every parameter.
    pub const fn arity(params: &[Param]) -> Arity {
        let mut required = 0;
        let mut i = 0;
        while i < params.len() {
            if !params[i].optional {
                required += 1;
            }
            i += 1;
        }
        if required == params.len() {
            Arity::Exact(required)
        } else {
            Arity::Range(required, params.len())
        }
    }
}

/// Shorthand for table entries.
pub(crate) const fn member(name: &'static str, arity: usize, f: MemberImpl) -> Member {
    Member { name, arity: Arity::Exact(arity), f, doc: Doc::NONE, params: &[] }
}

/// One row of a member table, declared whole: its name, its parameters (CGSuite's names, each with its kind
/// and `?` when optional), its description, an example, and its body; the arity follows from the parameters.
///
/// ```ignore
/// member!(Heat(t: Game) => "Heats the game by `t`.", "{1|-1}.Heat(1)", |m, s, this, args| …)
/// member!(Temperature => "The temperature.", "{2|-2}.Temperature", |m, s, this, _| …)
/// member!(CakeProduct(that: Game, twisted?: Boolean) => "…", "…", body)
/// ```
#[macro_export]
macro_rules! member {
    (@params [$($acc:tt)*]) => { &[$($acc)*] };
    (@params [$($acc:tt)*] $p:ident ? : $k:ident $(, $($rest:tt)*)?) => {
        $crate::member!(@params [$($acc)* $crate::interp::native::Param::optional(stringify!($p), stringify!($k)),] $($($rest)*)?)
    };
    (@params [$($acc:tt)*] $p:ident : $k:ident $(, $($rest:tt)*)?) => {
        $crate::member!(@params [$($acc)* $crate::interp::native::Param::required(stringify!($p), stringify!($k)),] $($($rest)*)?)
    };
    ($name:ident ( $($params:tt)* ) => $text:literal, $example:literal, $f:expr) => {{
        const PARAMS: &[$crate::interp::native::Param] = $crate::member!(@params [] $($params)*);
        $crate::interp::native::Member {
            name: stringify!($name),
            arity: $crate::interp::native::Param::arity(PARAMS),
            f: $f,
            doc: $crate::interp::native::Doc { args: "", text: $text, example: $example },
            params: &[PARAMS],
        }
    }};
    ($name:ident => $text:literal, $example:literal, $f:expr) => {
        $crate::interp::native::Member {
            name: stringify!($name),
            arity: $crate::interp::error::Arity::Exact(0),
            f: $f,
            doc: $crate::interp::native::Doc { args: "", text: $text, example: $example },
            params: &[],
        }
    };
}

/// A member table declared row by row with [`member!`]'s syntax: `members![Heat(t: Game) => "…", "…", body; …]`.
#[macro_export]
macro_rules! members {
    ($( $name:ident $(( $($params:tt)* ))? => $text:literal, $example:literal, $f:expr );* $(;)?) => {
        &[$( $crate::member!($name $(( $($params)* ))? => $text, $example, $f) ),*]
    };
}

/// A member table whose rows live in one named static: `pub static T: &[Member] = member_table![row, …];`.
/// A static that reads `T` (a class declaration's `members(&[T, …])`, an object's `static TABLES`) then holds a
/// pointer to that static, where a table written `&[row, …]` would be copied into every codegen unit that reads
/// it (docs/PERFORMANCE.md, "Start-up and short scripts against the pre-layer binary").
#[macro_export]
macro_rules! member_table {
    (@unit $row:expr) => { () };
    ($($row:expr),* $(,)?) => {{
        static ROWS: [$crate::interp::native::Member; <[()]>::len(&[$($crate::member_table!(@unit $row)),*])] =
            [$($row),*];
        &ROWS
    }};
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

/// The error a native member's call ended in, as CGSuite words an argument of the wrong class, from the member's
/// row: its parameters as CGSuite declares them ([`Member::params`]) and its class (the class whose declaration
/// holds the row). An [`ErrorKind::ArgumentType`] the member raised for an argument that is not of its parameter's
/// declared class becomes "Argument `t` (in call to `game.CanonicalShortGame.Heat`) has type …" (one signature), or
/// "Method `Max` in class `game.Integer` cannot be applied to argument types: …" (several: CGSuite's overloads, named
/// by the class of the object called). Any other error, or one for an argument of the declared class that a
/// narrower check refused (a negative count), or of a row without parameters, is returned as it is; the span
/// stays. Called only when a member failed (the successful call pays nothing).
#[cold]
#[inline(never)]
pub fn member_argument_error(
    m: &mut Machine,
    e: EvalError,
    member: &'static Member,
    this: &Value,
    args: &[Value],
) -> EvalError {
    let ErrorKind::ArgumentType { function, position, .. } = &e.kind else { return e };
    let i = position.wrapping_sub(1);
    let Some(arg) = args.get(i) else { return e };
    if function != member.name || member.params.is_empty() {
        return e;
    }
    let fits = |m: &mut Machine, ps: &[Param]| {
        ps.get(i).is_some_and(|p| p.kind == "Object" || super::eval::is_class(m.games, arg, p.kind) == Some(true))
    };
    if member.params.iter().any(|ps| fits(m, ps)) {
        return e;
    }
    let class_of = |m: &mut Machine, v: &Value| super::classes::qualified_class_of(m.games, v);
    let kind = match member.params {
        [params] => {
            let Some(p) = params.get(i) else { return e };
            let Some(owner) = member_owner(m, member, this) else { return e };
            let got = class_of(m, arg);
            ErrorKind::argument_class(
                p.name,
                got,
                super::classes::qualified(p.kind),
                Callee::Method(&owner, member.name),
            )
        }
        _ => ErrorKind::NotApplicable {
            method: member.name.to_string(),
            class: class_of(m, this),
            types: args.iter().map(|a| class_of(m, a)).collect(),
        },
    };
    EvalError { kind, ..e }
}

/// The class CGSuite declares the native member `member` of `this` in, qualified (`game.CanonicalShortGame` for
/// `Heat`), as its errors name the call: the class whose declaration holds the row, and a class cgs declares
/// without a qualified name of CGSuite's (`Position`, the positions of every ruleset) stands for the value's own
/// class (`game.grid.Domineering.Position`, whose `Options` CGSuite's class file declares).
fn member_owner(m: &mut Machine, member: &'static Member, this: &Value) -> Option<String> {
    let lib = m.globals.library;
    let this_class = super::classes::qualified_class_of(m.games, this);
    let class = lib.classes().find(|c| c.qualified == this_class).map_or("", |c| c.name);
    let owner = lib.declaring_class(class, member)?;
    Some(if owner.qualified.contains('.') { owner.qualified.to_string() } else { this_class })
}

/// A native member called with too many or too few arguments, as CGSuite words it from the row's one declared
/// signature: "Too many arguments (in call to `game.CanonicalShortGame.Heat`): 2 (expecting at most 1)", "Missing
/// required parameter (in call to `game.CanonicalShortGame.Heat`): `t`". A row with no declared signature, or with
/// several (CGSuite's overloads), keeps cgs's count error.
/// Called only with the error of the row's arity check (an error of the same kind from the member's own work,
/// such as a function argument called with the wrong count, is not the member's call).
#[cold]
pub fn member_count_error(m: &mut Machine, e: EvalError, member: &'static Member, this: &Value) -> EvalError {
    let (ErrorKind::ArgumentCount { got, .. }, [params]) = (&e.kind, member.params) else { return e };
    let got = *got;
    let kind = if got > params.len() {
        ErrorKind::TooManyArguments { got, most: params.len() }
    } else {
        match params.iter().skip(got).find(|p| !p.optional) {
            Some(p) => ErrorKind::MissingParameter { name: p.name.to_string() },
            None => return e,
        }
    };
    let Some(owner) = member_owner(m, member, this) else { return e };
    EvalError { kind: kind.in_call(Callee::Method(&owner, member.name)), ..e }
}

/// A native member's error for named arguments ([`place_named`]'s: an unknown name, too many arguments, a
/// missing parameter, a name given twice) naming the call as CGSuite does, by the member's declaring class
/// (`game.CanonicalShortGame.Heat`); any other error, or a member of no known class, is returned as it is.
#[cold]
pub fn member_named_error(m: &mut Machine, e: EvalError, member: &'static Member, this: &Value) -> EvalError {
    use ErrorKind::*;
    if !matches!(
        e.kind,
        InvalidParameterName { .. } | TooManyArguments { .. } | MissingParameter { .. } | NamedShadowsPositional { .. }
    ) {
        return e;
    }
    let Some(owner) = member_owner(m, member, this) else { return e };
    EvalError { kind: e.kind.in_call(Callee::Method(&owner, member.name)), ..e }
}

/// [`member_argument_error`] for a native global function that CGSuite declares (its [`NativeFn::declared`]):
/// "Argument `G` (in call to `game.NegativeGame` constructor) has type …", "… (in call to
/// `cgsuite.lang.constants.Mex`) …".
#[cold]
#[inline(never)]
pub fn function_argument_error(m: &mut Machine, e: EvalError, f: &NativeFn, args: &[Value]) -> EvalError {
    match f.declared {
        Some(d) => declared_argument_error(m, e, f.name, d, args),
        None => e,
    }
}

/// [`function_argument_error`] for a function `name` declared as `d` (a class value's constructor: `Random`,
/// `NegativeGame`).
#[cold]
#[inline(never)]
pub fn declared_argument_error(m: &mut Machine, e: EvalError, name: &str, d: &Declared, args: &[Value]) -> EvalError {
    let ErrorKind::ArgumentType { function, position, .. } = &e.kind else { return e };
    let i = position.wrapping_sub(1);
    let (Some(arg), Some(p)) = (args.get(i), d.params.get(i)) else { return e };
    if function != name || p.kind == "Object" || super::eval::is_class(m.games, arg, p.kind) == Some(true) {
        return e;
    }
    let got = super::classes::qualified_class_of(m.games, arg);
    EvalError { kind: ErrorKind::argument_class(p.name, got, super::classes::qualified(p.kind), d.callee()), ..e }
}

/// An error binding the arguments of a user class's constructor called with named arguments (or with a number
/// of arguments other than its parameters'), as CGSuite words it: naming the class, "Invalid parameter name (in
/// call to `C` constructor): `x`", "Argument `g` (in call to `C` constructor) has type …" (the binder reads "(in
/// function call)"). An error raised inside a default's expression (elsewhere than the call or a given name) is
/// returned as it is.
#[cold]
#[inline(never)]
pub fn constructor_binding_error(e: EvalError, class: &str, named: &[(Ident, Value)], span: Span) -> EvalError {
    if e.span != span && !named.iter().any(|(n, _)| n.span == e.span) {
        return e;
    }
    EvalError { kind: e.kind.in_call(Callee::Constructor(class)), ..e }
}

/// The error for an argument of a script function whose class is not its parameter's declared one (`def f(x as
/// Integer)`): "(in function call)", or for a standard-library function that stands for a class of CGSuite's
/// library (recorded by the stdlib loader) CGSuite's call: its constructor (`game.heap.GenCutcake`), or a function
/// of its package's constants when CGSuite has no class of that name (`game.heap.constants.Subtraction`).
#[cold]
#[inline(never)]
pub fn closure_argument_class(
    m: &mut Machine,
    def: &Rc<crate::syntax::ast::FunctionDef>,
    method: Option<(&str, &str)>,
    name: &str,
    v: &Value,
    ty: &str,
) -> ErrorKind {
    if let Some((class, method)) = method {
        return typed_argument_class(m, name, v, ty, Callee::Method(class, method));
    }
    let got = super::classes::qualified_class_of(m.games, v);
    let expected = super::classes::qualified(ty);
    let Some(q) = super::class_functions::library_function(def) else {
        return ErrorKind::argument_class(name, got, expected, Callee::Function);
    };
    if m.globals.library.classes().any(|c| c.qualified == &*q) {
        return ErrorKind::argument_class(name, got, expected, Callee::Constructor(&q));
    }
    match q.rsplit_once('.') {
        Some((package, short)) => {
            let constants = format!("{package}.constants");
            ErrorKind::argument_class(name, got, expected, Callee::Method(&constants, short))
        }
        None => ErrorKind::argument_class(name, got, expected, Callee::Function),
    }
}

/// CGSuite's error for an argument `v` of the parameter `name as ty` of `callee` (a user class's constructor or
/// method, a script function): the argument's class and the expected one, qualified as CGSuite names them.
#[cold]
pub fn typed_argument_class(m: &mut Machine, name: &str, v: &Value, ty: &str, callee: Callee) -> ErrorKind {
    let got = super::classes::qualified_class_of(m.games, v);
    ErrorKind::argument_class(name, got, super::classes::qualified(ty), callee)
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

/// A set value, iterating in display order (as a hash set of CGSuite: LANGUAGE.md §10, "Sets and maps:
/// iteration order").
pub fn set(items: impl IntoIterator<Item = Value>) -> Value {
    Value::Set(items.into_iter().collect::<imbl::OrdSet<Value>>(), crate::interp::order::SmallOrder::HASHED)
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

/// The positional arguments of a native member call `name(args…, named…)`: the named arguments placed at their
/// parameters' positions in the first of the member's `signatures` (its row's [`Member::params`]) that has
/// every given name (CGSuite's rules: a name used by a positional argument, an unknown name or a missing
/// required parameter is an error). `function` names the member in errors.
pub fn place_named(
    function: &str,
    signatures: &[&[Param]],
    args: Vec<Value>,
    spans: Vec<Span>,
    named: &[(Ident, Value, Span)],
) -> Result<(Vec<Value>, Vec<Span>), EvalError> {
    let invalid = |n: &Ident| {
        let kind = ErrorKind::InvalidParameterName { function: Some(function.to_string()), name: n.name.to_string() };
        EvalError::new(kind, n.span)
    };
    // Too many arguments for every signature is CGSuite's first error, before an unknown name (a row that declares
    // no parameters has only unknown names).
    let most = signatures.iter().map(|ps| ps.len()).max().unwrap_or(0);
    if !signatures.is_empty() && args.len() + named.len() > most {
        let kind = ErrorKind::TooManyArguments { got: args.len() + named.len(), most };
        return Err(EvalError::new(kind, named[0].0.span));
    }
    let Some(params) = signatures.iter().find(|ps| named.iter().all(|(n, _, _)| ps.iter().any(|p| p.name == &*n.name)))
    else {
        let first_bad = named
            .iter()
            .find(|(n, _, _)| !signatures.iter().any(|ps| ps.iter().any(|p| p.name == &*n.name)))
            .unwrap_or(&named[0]);
        return Err(invalid(&first_bad.0));
    };
    if args.len() + named.len() > params.len() {
        let kind = ErrorKind::TooManyArguments { got: args.len() + named.len(), most: params.len() };
        return Err(EvalError::new(kind, named[0].0.span));
    }
    let mut slots: Vec<Option<(Value, Span)>> = args.into_iter().zip(spans).map(Some).collect();
    slots.resize(params.len(), None);
    for (n, v, span) in named {
        let i = params.iter().position(|p| p.name == &*n.name).unwrap_or_else(|| unreachable!("checked above"));
        if slots[i].is_some() {
            let kind = ErrorKind::NamedShadowsPositional { name: n.name.to_string() };
            return Err(EvalError::new(kind, n.span));
        }
        slots[i] = Some((v.clone(), *span));
    }
    let last = slots.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
    let mut vals = Vec::with_capacity(last);
    let mut out_spans = Vec::with_capacity(last);
    for (p, s) in params.iter().zip(slots).take(last) {
        match s {
            Some((v, span)) => {
                vals.push(v);
                out_spans.push(span);
            }
            // A skipped optional parameter before a named one is `Nothing`, which the member reads as absent
            // (`Graph.Parse("lr", edgeLabels => m)`, as in CGSuite).
            None if p.optional => {
                vals.push(Value::Nothing);
                out_spans.push(named[0].0.span);
            }
            None => {
                let kind = ErrorKind::MissingParameter { name: p.name.to_string() };
                return Err(EvalError::new(kind, named[0].0.span));
            }
        }
    }
    // A required parameter after the last given one is left to the member's arity check.
    Ok((vals, out_spans))
}
