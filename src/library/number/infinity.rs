//! `inf` and `-inf`: CGSuite's rationals with denominator 0 (LANGUAGE.md §2).
//!
//! CGSuite computes with a rational as a pair (numerator, denominator) and normalises every result: a
//! zero denominator keeps only the numerator's sign (`x/0` is `inf` or `-inf`), and `0/0` is the error
//! "/ by zero". Doing the same arithmetic on the pairs gives CGSuite's answers for every operation with an
//! infinite operand: `inf + 1 = inf`, `inf - inf` and `inf * 0` are errors, `1/inf = 0`, `inf * -2 = -inf`.

use super::{boolean, member, Member, Site};
use crate::game::Outcome;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::native::Param;
use crate::interp::value::Value;
use crate::syntax::ast::BinOp;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// `(numerator, denominator)` of a number, infinities included (`inf` is `(1, 0)`).
fn pair(v: &Value) -> Option<(BigInt, BigInt)> {
    match v {
        Value::Infinity(s) => Some((BigInt::from(*s), BigInt::zero())),
        _ => v.as_rational().map(|r| (r.numer().clone(), r.denom().clone())),
    }
}

/// CGSuite's normalisation of `n / d` (its `RationalNumber.apply`).
fn normalise(n: BigInt, d: BigInt) -> Result<Value, ErrorKind> {
    if d.is_zero() {
        if n.is_zero() {
            return Err(ErrorKind::DivisionByZero);
        }
        return Ok(Value::Infinity(if n.is_positive() { 1 } else { -1 }));
    }
    Ok(Value::rational(BigRational::new(n, d)))
}

/// `x / 0` for a finite number `x`: `inf`, `-inf`, or the error for `0/0`.
pub fn divide_by_zero(x: &BigRational) -> Result<Value, ErrorKind> {
    normalise(x.numer().clone(), BigInt::zero())
}

/// `a op b` when one operand is infinite and both are numbers; `None` otherwise.
pub fn binary(op: BinOp, a: &Value, b: &Value) -> Option<Result<Value, ErrorKind>> {
    if !matches!(a, Value::Infinity(_)) && !matches!(b, Value::Infinity(_)) {
        return None;
    }
    if op == BinOp::Pow {
        return match b {
            Value::Integer(e) => pair(a).map(|(n, d)| power(n, d, &e.to_big())),
            _ => None,
        };
    }
    let ((n1, d1), (n2, d2)) = (pair(a)?, pair(b)?);
    let cmp = || {
        if d1.is_zero() && d2.is_zero() {
            n1.cmp(&n2)
        } else {
            (&n1 * &d2).cmp(&(&d1 * &n2))
        }
    };
    use std::cmp::Ordering::{Greater, Less};
    Some(match op {
        BinOp::Add => normalise(&n1 * &d2 + &d1 * &n2, &d1 * &d2),
        BinOp::Sub => normalise(&n1 * &d2 - &d1 * &n2, &d1 * &d2),
        BinOp::Mul => normalise(&n1 * &n2, &d1 * &d2),
        BinOp::Div => normalise(&n1 * &d2, &d1 * &n2),
        // (n1 d2) % (d1 n2) over d1 d2: with an infinite operand either the divisor or the result's
        // denominator is 0 and the numerator 0, so it is always "/ by zero" in CGSuite.
        BinOp::Mod => Err(ErrorKind::DivisionByZero),
        BinOp::Lt | BinOp::LessOrConfused => Ok(Value::Boolean(cmp() == Less)),
        BinOp::Le => Ok(Value::Boolean(cmp() != Greater)),
        BinOp::Gt | BinOp::GreaterOrConfused => Ok(Value::Boolean(cmp() == Greater)),
        BinOp::Ge => Ok(Value::Boolean(cmp() != Less)),
        BinOp::Confused => Ok(Value::Boolean(false)),
        _ => return None,
    })
}

/// `(n/d)^e` as CGSuite computes it (`(n^e, d^e)`, or `(d^-e, n^-e)` for `e < 0`), for an infinity
/// (`n = ±1`, `d = 0`), so that no large power is ever formed.
fn power(n: BigInt, d: BigInt, e: &BigInt) -> Result<Value, ErrorKind> {
    let pow = |x: &BigInt, k: &BigInt| -> BigInt {
        if k.is_zero() || x.is_one() {
            BigInt::one()
        } else if x.is_zero() {
            BigInt::zero()
        } else if k.bit(0) {
            x.clone() // x = -1, odd k
        } else {
            BigInt::one()
        }
    };
    let k = e.abs();
    if e.is_negative() {
        normalise(pow(&d, &k), pow(&n, &k))
    } else {
        normalise(pow(&n, &k), pow(&d, &k))
    }
}

fn sign(s: &Site, this: &Value) -> Result<i8, EvalError> {
    match this {
        Value::Infinity(x) => Ok(*x),
        _ => Err(s.bug()),
    }
}

/// Members of `inf` and `-inf` (CGSuite's `Rational` members that are defined for them).
pub static INFINITY: &[Member] = crate::member_table![
    crate::member!(Numerator => "The numerator of `inf` (1) or `-inf` (-1), as in CGSuite where inf is 1/0.", "inf.Numerator", |_, s, this, _| Ok(Value::int(sign(s, this)?))),
    crate::member!(Denominator => "The denominator of `inf` or `-inf`: 0.", "inf.Denominator", |_, _, _, _| Ok(Value::int(0))),
    crate::member!(Sign => "1 for `inf`, -1 for `-inf`.", "(-inf).Sign", |_, s, this, _| Ok(Value::int(sign(s, this)?))),
    crate::member!(Abs => "The absolute value: `inf`.", "(-inf).Abs", |_, _, _, _| Ok(Value::Infinity(1))),
    crate::member!(Reciprocal => "The reciprocal of an infinity: 0.", "inf.Reciprocal", |_, _, _, _| Ok(Value::int(0))),
    crate::member!(IsDyadic => "False: an infinity is not a dyadic rational.", "inf.IsDyadic", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsInteger => "False: an infinity is not an integer.", "inf.IsInteger", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsZero => "False.", "inf.IsZero", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsOrdinal => "False: `inf` is not an ordinal (`omega` is).", "inf.IsOrdinal", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsNumber => "True: an infinity is a (non-game) number.", "inf.IsNumber", |_, _, _, _| Ok(boolean(true))),
    // CGSuite 2.2: inf.OutcomeClass is L, (-inf).OutcomeClass is R (the sign of a surreal number).
    crate::member!(OutcomeClass => "The outcome class by sign, as for a surreal number: `L` for `inf`, `R` for `-inf`.", "(-inf).OutcomeClass", |_, s, this, _| {
        Ok(Value::Outcome(if sign(s, this)? > 0 { Outcome::L } else { Outcome::R }))
    }),
    crate::member!(Birthday => "Not defined: the error \"inf has no birthday\", as in CGSuite 2.2.", "inf.Birthday", |_, s, _, _| {
        Err(s.err(ErrorKind::InvalidArgument { message: "inf has no birthday".to_string() }))
    }),
    crate::member!(Floor => "Not defined: the error \"Division by zero.\" (CGSuite 2.2: \"/ by zero\").", "inf.Floor", |_, s, _, _| Err(s.err(ErrorKind::DivisionByZero))),
    crate::member!(Ceiling => "Not defined: the error \"Division by zero.\" (CGSuite 2.2: \"/ by zero\").", "(-inf).Ceiling", |_, s, _, _| Err(s.err(ErrorKind::DivisionByZero))),
    member("Max", 1, |_, s, this, args| extreme(s, this, args, std::cmp::Ordering::Greater))
        .params(&[&[Param::required("elements", "Collection")], &[Param::required("that", "Rational")]])
        .doc("", "The greater of the infinity and the number x.", "(-inf).Max(3)"),
    member("Min", 1, |_, s, this, args| extreme(s, this, args, std::cmp::Ordering::Less))
        .params(&[&[Param::required("elements", "Collection")], &[Param::required("that", "Rational")]])
        .doc("", "The lesser of the infinity and the number x.", "inf.Min(3)"),
];

/// `a.Max(b)` / `a.Min(b)` for numbers, infinities included: `b` if it is strictly beyond `a`, else `a`.
pub fn extreme(s: &Site, this: &Value, args: &[Value], beyond: std::cmp::Ordering) -> Result<Value, EvalError> {
    let b = &args[0];
    // A rational against a surreal number (`(3).Max(omega - 1)`): compared as surreals, as CGSuite 2.2 does.
    if let (Some(x), Some(y)) = (super::surreal::to_surreal(this), super::surreal::to_surreal(b)) {
        if !b.is_number() {
            return Ok(if y.cmp(&x) == beyond { b.clone() } else { this.clone() });
        }
    }
    if !b.is_number() && !matches!(b, Value::Infinity(_)) {
        return Err(s.wrong_type(0, "Rational", b));
    }
    Ok(if b.cmp(this) == beyond { b.clone() } else { this.clone() })
}
