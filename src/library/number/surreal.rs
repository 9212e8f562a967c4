//! `omega`, generalized ordinals and surreal quotients of them as values (CGSuite's `GeneralizedOrdinal` and
//! `SurrealNumber`; LANGUAGE.md §10, "Ordinals and surreal numbers").
//!
//! A [`SurrealValue`] is never finite: a result whose numerator and denominator are both integers is an
//! ordinary cgs number (`omega - omega` is `0`, `omega/omega` is `1`), so equal values are equal `Value`s.
//! Arithmetic is the engine's ([`crate::game::number::ordinal`], [`crate::game::number::surreal`]); nim
//! arithmetic on ordinals is [`crate::game::number::ordinal_nim`].

use super::{boolean, member, Member, Site};
use crate::game::number::ordinal::GenOrd;
use crate::game::number::ordinal_nim::{self, NimError};
use crate::game::number::surreal::Surreal;
use crate::game::{Games, Outcome};
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::eval::Machine;
use crate::interp::native::Param;
use crate::interp::object::{downcast_ref, Object};
use crate::interp::value::Value;
use crate::syntax::ast::BinOp;
use crate::syntax::span::Span;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;
use std::cmp::Ordering;
use std::rc::Rc;

/// A surreal number that is not a rational: `ω`, `ω - 1`, `1/ω`, `(ω×2+1)/2`.
#[derive(Debug)]
pub struct SurrealValue(pub Surreal);

impl Object for SurrealValue {
    fn trace(&self, _: &mut crate::interp::gc::Tracer) -> bool {
        true
    }
    fn type_name(&self) -> &'static str {
        if self.0.as_gen().is_some() {
            "GeneralizedOrdinal"
        } else {
            "SurrealNumber"
        }
    }
    fn display(&self, _: &mut Games) -> String {
        let mut s = String::new();
        self.0.write(&mut s);
        s
    }
    fn cmp_object(&self, other: &dyn Object) -> Option<Ordering> {
        downcast_ref::<SurrealValue>(other).map(|o| self.0.cmp(&o.0))
    }
    fn members(&self) -> &'static [Member] {
        if self.0.as_gen().is_some() {
            GENERALIZED_ORDINAL
        } else {
            SURREAL
        }
    }
    fn binary(
        &self,
        m: &mut Machine,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            return None;
        }
        Some(binary(m, op, lhs, rhs).map_err(|k| EvalError::new(k, span)))
    }
    fn member(
        &self,
        m: &mut Machine,
        this: &Value,
        name: &str,
        args: &[Value],
        s: &Site,
    ) -> Option<Result<Value, EvalError>> {
        let f = COMMON.iter().find(|x| x.name == name)?;
        Some(super::check_arity(s, f.arity, args.len()).and_then(|()| (f.f)(m, s, this, args)))
    }
    fn dynamic_member_names(&self) -> Vec<String> {
        COMMON.iter().map(|x| x.name.to_string()).collect()
    }
    fn negate(&self, _: &mut Machine, _: &Value, _: Span) -> Option<Result<Value, EvalError>> {
        Some(Ok(make(self.0.neg())))
    }
}

/// The value of a surreal: a cgs number when it is rational, else a [`SurrealValue`].
pub fn make(s: Surreal) -> Value {
    match (s.numerator().as_integer(), s.denominator().as_integer()) {
        (Some(n), Some(d)) => Value::rational(BigRational::new(n, d)),
        _ => Value::Object(Rc::new(SurrealValue(s))),
    }
}

/// `ω`.
pub fn omega() -> Value {
    make(Surreal::from_gen(GenOrd::omega()))
}

/// A number or surreal as a [`Surreal`] (`None` for other values, `inf` included).
pub fn to_surreal(v: &Value) -> Option<Surreal> {
    match v {
        Value::Integer(n) => Some(Surreal::from_gen(GenOrd::int(n.to_big().into_owned()))),
        Value::Rational(r) => Surreal::new(GenOrd::int(r.numer().clone()), GenOrd::int(r.denom().clone()), &|| {}),
        Value::Object(o) => downcast_ref::<SurrealValue>(&**o).map(|s| s.0.clone()),
        _ => None,
    }
}

/// A generalized ordinal (an integer or a [`SurrealValue`] with denominator 1).
fn to_gen(v: &Value) -> Option<GenOrd> {
    to_surreal(v).and_then(|s| s.as_gen().cloned())
}

fn is_surreal_object(v: &Value) -> bool {
    matches!(v, Value::Object(o) if downcast_ref::<SurrealValue>(&**o).is_some())
}

/// `a op b` where one operand is a [`SurrealValue`].
fn binary(m: &mut Machine, op: BinOp, a: &Value, b: &Value) -> Result<Value, ErrorKind> {
    let no_op = || ErrorKind::NoOperation { op: op.symbol(), types: vec![a.type_name().into(), b.type_name().into()] };
    let poll = || m.games.poll_interrupt();
    if let (Value::Infinity(_), _) | (_, Value::Infinity(_)) = (a, b) {
        return infinite(op, a, b).ok_or_else(no_op);
    }
    let (Some(x), Some(y)) = (to_surreal(a), to_surreal(b)) else { return Err(no_op()) };
    Ok(match op {
        BinOp::Add => make(x.add(&y, &poll)),
        BinOp::Sub => make(x.sub(&y, &poll)),
        BinOp::Mul => make(x.mul(&y, &poll)),
        // CGSuite: x/0 is `inf` or `-inf` for every nonzero surreal x.
        BinOp::Div => match x.div(&y, &poll) {
            Some(q) => make(q),
            None => Value::Infinity(if x.sign() > 0 { 1 } else { -1 }),
        },
        BinOp::Pow => return power(&x, &y, &poll).ok_or_else(no_op),
        BinOp::Lt | BinOp::LessOrConfused => Value::Boolean(x < y),
        BinOp::Le => Value::Boolean(x <= y),
        BinOp::Gt | BinOp::GreaterOrConfused => Value::Boolean(x > y),
        BinOp::Ge => Value::Boolean(x >= y),
        BinOp::Confused => Value::Boolean(false),
        _ => return Err(no_op()),
    })
}

/// Sums and comparisons with `inf`/`-inf`: every surreal here is finite, so it is absorbed by `±inf`.
fn infinite(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    let sign = |v: &Value| match v {
        Value::Infinity(s) => Some(*s),
        _ => None,
    };
    let (sa, sb) = (sign(a), sign(b));
    let cmp = match (sa, sb) {
        (Some(s), None) => (s as i32).cmp(&0),
        (None, Some(s)) => 0.cmp(&(s as i32)),
        _ => return None,
    };
    Some(match op {
        BinOp::Add => Value::Infinity(sa.or(sb)?),
        BinOp::Sub => Value::Infinity(sa.unwrap_or_else(|| -sb.unwrap_or(1))),
        BinOp::Lt | BinOp::LessOrConfused => Value::Boolean(cmp == Ordering::Less),
        BinOp::Le => Value::Boolean(cmp != Ordering::Greater),
        BinOp::Gt | BinOp::GreaterOrConfused => Value::Boolean(cmp == Ordering::Greater),
        BinOp::Ge => Value::Boolean(cmp != Ordering::Less),
        BinOp::Confused => Value::Boolean(false),
        _ => return None,
    })
}

/// `x^y`: `ω^g` for a generalized ordinal `g` (CGSuite's `OmegaPower`), else an integer power.
fn power(x: &Surreal, y: &Surreal, poll: &dyn Fn()) -> Option<Value> {
    let e = y.as_gen()?;
    if x.as_gen().is_some_and(|g| *g == GenOrd::omega()) {
        return Some(make(omega_power(e, poll)));
    }
    let n = e.as_integer()?;
    x.pow(&n, poll).map(make)
}

/// `ω^g` for a generalized ordinal `g = α − β`: `ω^α / ω^β`.
fn omega_power(g: &GenOrd, poll: &dyn Fn()) -> Surreal {
    let pos = GenOrd::from_terms(g.terms().iter().filter(|t| t.coef.is_positive()).cloned().collect());
    let neg = GenOrd::from_terms(g.terms().iter().filter(|t| t.coef.is_negative()).cloned().collect()).neg();
    Surreal::new(GenOrd::omega_power(pos), GenOrd::omega_power(neg), poll).expect("a nonzero denominator")
}

fn this_surreal(s: &Site, this: &Value) -> Result<Surreal, EvalError> {
    to_surreal(this).ok_or_else(|| s.bug())
}

fn this_gen(s: &Site, this: &Value) -> Result<GenOrd, EvalError> {
    to_gen(this).ok_or_else(|| s.bug())
}

fn nim_error(s: &Site, e: NimError, op: &str) -> EvalError {
    let message = match e {
        NimError::NotOrdinal => format!("{op} applies only to ordinals."),
        NimError::OutOfRange => "NimProduct out of range.".to_string(),
    };
    s.err(ErrorKind::InvalidArgument { message })
}

/// A generalized-ordinal argument of a nim operation.
fn gen_arg(s: &Site, args: &[Value], i: usize) -> Result<GenOrd, EvalError> {
    to_gen(&args[i]).ok_or_else(|| s.wrong_type(i, "GeneralizedOrdinal", &args[i]))
}

fn nim_product(m: &mut Machine, s: &Site, a: &GenOrd, b: &GenOrd) -> Result<Value, EvalError> {
    let poll = || m.games.poll_interrupt();
    let r = ordinal_nim::nim_product(a, b, &poll).map_err(|e| nim_error(s, e, "NimProduct"))?;
    Ok(make(Surreal::from_gen(r)))
}

fn nim_sum(s: &Site, a: &GenOrd, b: &GenOrd) -> Result<Value, EvalError> {
    let r = ordinal_nim::nim_sum(a, b).map_err(|e| nim_error(s, e, "NimSum"))?;
    Ok(make(Surreal::from_gen(r)))
}

fn nim_exp(m: &mut Machine, s: &Site, a: &GenOrd, args: &[Value]) -> Result<Value, EvalError> {
    let e = match &args[0] {
        Value::Integer(n) => n.to_big().to_biguint().ok_or_else(|| {
            let message = "Exponent for NimExp must be a nonnegative integer.".to_string();
            s.err(ErrorKind::InvalidArgument { message })
        })?,
        other => return Err(s.wrong_type(0, "Integer", other)),
    };
    let poll = || m.games.poll_interrupt();
    let r = ordinal_nim::nim_exp(a, &e, &poll).map_err(|e| nim_error(s, e, "NimProduct"))?;
    Ok(make(Surreal::from_gen(r)))
}

/// `n.NimSum(x)`, `n.NimProduct(x)` for an integer `n` and a transfinite ordinal `x` (`None` when the
/// argument is not a [`SurrealValue`]; the integer members handle the rest).
pub fn integer_nim(
    m: &mut Machine,
    s: &Site,
    this: &Value,
    args: &[Value],
    op: &str,
) -> Option<Result<Value, EvalError>> {
    if !is_surreal_object(&args[0]) {
        return None;
    }
    let a = to_gen(this)?;
    Some(gen_arg(s, args, 0).and_then(|b| if op == "NimSum" { nim_sum(s, &a, &b) } else { nim_product(m, s, &a, &b) }))
}

/// `n.OmegaPower` for an integer `n`: `ω^n` (`1/ω^|n|` for `n < 0`).
pub fn integer_omega_power(n: &BigInt) -> Value {
    make(omega_power(&GenOrd::int(n.clone()), &|| {}))
}

fn outcome(x: &Surreal) -> Outcome {
    match x.sign() {
        1 => Outcome::L,
        -1 => Outcome::R,
        _ => Outcome::P,
    }
}

fn extreme(s: &Site, this: &Value, args: &[Value], want: Ordering) -> Result<Value, EvalError> {
    let x = this_surreal(s, this)?;
    let y = to_surreal(&args[0]).ok_or_else(|| s.wrong_type(0, "SurrealNumber", &args[0]))?;
    Ok(if y.cmp(&x) == want { args[0].clone() } else { this.clone() })
}

/// Members every surreal answers (CGSuite's `SurrealNumber` and the `Game` predicates it overrides); the
/// object's own table ([`GENERALIZED_ORDINAL`] or [`SURREAL`]) is searched first.
pub(crate) static COMMON: &[Member] = crate::member_table![
    crate::member!(Abs => "The absolute value of the surreal number.", "(1 - omega).Abs", |_, s, this, _| {
        let x = this_surreal(s, this)?;
        Ok(make(if x.sign() < 0 { x.neg() } else { x }))
    }),
    crate::member!(Sign => "-1, 0 or 1 as the surreal number is negative, zero or positive.", "(1 - omega).Sign", |_, s, this, _| Ok(Value::int(this_surreal(s, this)?.sign()))),
    crate::member!(Numerator => "The numerator of the surreal number written as a fraction of generalized ordinals.", "(omega/3).Numerator", |_, s, this, _| Ok(make(Surreal::from_gen(this_surreal(s, this)?.numerator().clone())))),
    crate::member!(Denominator => "The denominator of the surreal number written as a fraction of generalized ordinals.", "(omega/3).Denominator", |_, s, this, _| Ok(make(Surreal::from_gen(this_surreal(s, this)?.denominator().clone())))),
    crate::member!(Reciprocal => "1 divided by the surreal number.", "omega.Reciprocal", |m, s, this, _| {
        let x = this_surreal(s, this)?;
        let poll = || m.games.poll_interrupt();
        let one = Surreal::from_gen(GenOrd::one());
        Ok(one.div(&x, &poll).map(make).unwrap_or(Value::Infinity(1)))
    }),
    member("Max", 1, |_, s, this, args| extreme(s, this, args, Ordering::Greater))
        .params(&[&[Param::required("elements", "Collection")], &[Param::required("that", "Rational")]])
        .doc("", "The greater of the surreal number and x.", "omega.Max(5)"),
    member("Min", 1, |_, s, this, args| extreme(s, this, args, Ordering::Less))
        .params(&[&[Param::required("elements", "Collection")], &[Param::required("that", "Rational")]])
        .doc("", "The lesser of the surreal number and x.", "omega.Min(5)"),
    crate::member!(OutcomeClass => "The outcome class by sign: `L` when positive, `R` when negative, `P` for 0.", "(-omega).OutcomeClass", |_, s, this, _| Ok(Value::Outcome(outcome(&this_surreal(s, this)?)))),
    crate::member!(IsOrdinal => "Whether the surreal number is an ordinal (a non-negative generalized ordinal with no negative parts).", "(omega + 1).IsOrdinal", |_, s, this, _| {
        let x = this_surreal(s, this)?;
        Ok(boolean(x.as_gen().is_some_and(|g| g.is_ordinal())))
    }),
    crate::member!(IsInteger => "False for an infinite surreal number (integers are `Integer` values).", "omega.IsInteger", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsZero => "False (0 is an `Integer` value).", "omega.IsZero", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsNimber => "False: a surreal number is not a nimber.", "omega.IsNimber", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsInfinitesimal => "False: a surreal number is not a game infinitesimal.", "omega.Reciprocal.IsInfinitesimal", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsAllSmall => "False.", "omega.IsAllSmall", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsNumber => "True: a surreal number is a number.", "omega.IsNumber", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsNumberish => "True, as for every number.", "omega.IsNumberish", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsNumberTiny => "True, as in CGSuite (a number is number-tiny).", "omega.IsNumberTiny", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsLoopfree => "True: a surreal number has no cycles.", "omega.IsLoopfree", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsPlumtree => "True.", "omega.IsPlumtree", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsPseudonumber => "True: every number is a pseudonumber.", "omega.IsPseudonumber", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsStopper => "True.", "omega.IsStopper", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsStopperSided => "True.", "omega.IsStopperSided", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsUptimal => "True, as in CGSuite (a number is uptimal with no ups).", "omega.IsUptimal", |_, _, _, _| Ok(boolean(true))),
    // CGSuite 2.2: an infinite or infinitesimal surreal is not finite (its birthday is infinite), and x + x is not x.
    member("IsFinite", 0, |_, _, _, _| Ok(boolean(false))).doc(
        "",
        "False: its birthday is infinite (CGSuite 2.2).",
        "omega.IsFinite",
    ),
    member("IsIdempotent", 0, |_, _, _, _| Ok(boolean(false))).doc(
        "",
        "False: x + x is not x for a nonzero number.",
        "omega.IsIdempotent",
    ),
];

/// Members of a `SurrealNumber` that is not a generalized ordinal (and [`COMMON`]).
pub(crate) static SURREAL: &[Member] = crate::member_table![
    crate::member!(Birthday => "Not yet defined for a surreal number that is neither rational nor a generalized ordinal: the error \"`Birthday` is not yet implemented for the general `SurrealNumber`\" (CGSuite 2.2's words).", "(omega/2).Birthday", |_, s, _, _| {
        let message =
            "`Birthday` is not yet implemented for the general `SurrealNumber` (only for `Rational` and `GeneralizedOrdinal`)."
                .to_string();
        Err(s.err(ErrorKind::InvalidArgument { message }))
    }),
];

/// Members of a `GeneralizedOrdinal` (`ω - 1`, `ω^ω`; and [`COMMON`]).
pub(crate) static GENERALIZED_ORDINAL: &[Member] = crate::member_table![
    crate::member!(Birthday => "The birthday of the generalized ordinal (ω + 1 for ω - 1).", "(omega - 1).Birthday", |_, s, this, _| Ok(make(Surreal::from_gen(this_gen(s, this)?.birthday())))),
    crate::member!(NimSum(that: GeneralizedOrdinal) => "The nim sum of two ordinals: Cantor normal forms added coefficient by coefficient without carries.", "(omega + 3).NimSum(omega + 1)", |_, s, this, args| nim_sum(s, &this_gen(s, this)?, &gen_arg(s, args, 0)?)),
    crate::member!(NimProduct(that: GeneralizedOrdinal) => "The nim product of two ordinals (the multiplication of Conway's nimber field On_2).", "omega.NimProduct(omega)", |m, s, this, args| {
        let (a, b) = (this_gen(s, this)?, gen_arg(s, args, 0)?);
        nim_product(m, s, &a, &b)
    }),
    crate::member!(NimExp(that: Integer) => "The ordinal nim-multiplied by itself k times.", "omega.NimExp(3)", |m, s, this, args| {
        let a = this_gen(s, this)?;
        nim_exp(m, s, &a, args)
    }),
    // cgs addition: the inverse in the field of ordinals below ω^(ω^ω).
    crate::member!(NimInverse => "The inverse in nim multiplication of a positive ordinal below ω^(ω^ω). Not in CGSuite.", "omega.NimInverse", |m, s, this, _| {
        let a = this_gen(s, this)?;
        let poll = || m.games.poll_interrupt();
        match ordinal_nim::nim_inverse(&a, &poll) {
            Ok(Some(r)) => Ok(make(Surreal::from_gen(r))),
            Ok(None) => Err(s.err(ErrorKind::InvalidArgument {
                message: "NimInverse applies only to positive integers.".to_string(),
            })),
            Err(e) => Err(nim_error(s, e, "NimInverse")),
        }
    }),
    crate::member!(OmegaPower => "ω raised to the power of the generalized ordinal.", "omega.OmegaPower", |m, s, this, _| {
        let a = this_gen(s, this)?;
        let poll = || m.games.poll_interrupt();
        Ok(make(omega_power(&a, &poll)))
    }),
];
