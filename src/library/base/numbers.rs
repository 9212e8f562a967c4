//! Members of integers and rationals (numbers also answer every game member, see `game.rs`).

use super::{boolean, integer, member, Member, Site};
use crate::game::number::nimfield;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::value::{is_dyadic, Value};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer as _;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::borrow::Cow;

/// Members of `Integer`.
pub static INTEGER: &[Member] = &[
    member("NimSum", 1, |m, s, this, args| {
        if let Some(r) = super::surreal::integer_nim(m, s, this, args, "NimSum") {
            return r;
        }
        // CGSuite's wording for either operand negative.
        let (a, b) = (natural(s, this, "NimSum")?, natural(s, &args[0], "NimSum")?);
        Ok(Value::int(BigInt::from(a ^ b)))
    }),
    // Nim arithmetic on naturals of any size (`game::number::nimfield`), with CGSuite's error wording.
    member("NimProduct", 1, |m, s, this, args| {
        if let Some(r) = super::surreal::integer_nim(m, s, this, args, "NimProduct") {
            return r;
        }
        let (a, b) = (natural(s, this, "NimProduct")?, natural(s, &args[0], "NimProduct")?);
        Ok(Value::int(BigInt::from(nimfield::nim_product(&a, &b))))
    }),
    member("NimInverse", 0, |_, s, this, _| {
        let a = positive(s, this, "NimInverse")?;
        Ok(Value::int(BigInt::from(nimfield::nim_inverse(&a).ok_or_else(|| s.bug())?)))
    }),
    member("NimDiv", 1, |_, s, this, args| {
        let a = natural(s, this, "NimDiv")?;
        let b = positive(s, &args[0], "NimInverse")?;
        let inv = nimfield::nim_inverse(&b).ok_or_else(|| s.bug())?;
        Ok(Value::int(BigInt::from(nimfield::nim_product(&a, &inv))))
    }),
    member("NimExp", 1, |_, s, this, args| {
        let a = natural(s, this, "NimProduct")?;
        let e = match match &args[0] {
            Value::Integer(e) => e.to_big().to_biguint(),
            _ => None,
        } {
            Some(e) => e,
            None => {
                let message = "Exponent for NimExp must be a nonnegative integer.".to_string();
                return Err(s.err(ErrorKind::InvalidArgument { message }));
            }
        };
        Ok(Value::int(BigInt::from(nimfield::nim_exp(&a, &e))))
    }),
    // CGSuite: `n.OmegaPower` is ω^n (`1/ω^2` for n = -2).
    member("OmegaPower", 0, |_, s, this, _| Ok(super::surreal::integer_omega_power(&*int(s, this)?))),
    // Large operands by a gcd that polls for Ctrl-C, after a look at the memory budget.
    member("Gcd", 1, |_, s, this, args| {
        let (a, b) = (int(s, this)?, integer(s, args, 0)?);
        crate::interp::eval::big_gcd(&a, &b, false).map(Value::int).map_err(|k| s.err(k))
    }),
    member("Lcm", 1, |_, s, this, args| {
        let (a, b) = (int(s, this)?, integer(s, args, 0)?);
        crate::interp::eval::big_gcd(&a, &b, true).map(Value::int).map_err(|k| s.err(k))
    }),
    // CGSuite's `Div` is Java's BigInteger division: the quotient truncated toward zero ((-7).Div(2) = -3).
    member("Div", 1, |_, s, this, args| {
        if let (Value::Integer(a), Value::Integer(b)) = (this, &args[0]) {
            if let Some((q, _)) = a.div_rem_trunc_small(b) {
                return Ok(Value::Integer(q));
            }
        }
        let d = nonzero(s, args)?;
        let (q, _) = crate::interp::eval::big_quotient(&*int(s, this)?, &d).map_err(|k| s.err(k))?;
        Ok(Value::int(q))
    }),
    member("Mod", 1, |_, s, this, args| {
        // The remainder of the divisor's sign (floor division).
        if let (Value::Integer(a), Value::Integer(b)) = (this, &args[0]) {
            if let Some((_, r)) = a.div_mod_floor_small(b) {
                return Ok(Value::Integer(r));
            }
        }
        let (n, d) = (int(s, this)?, nonzero(s, args)?);
        let (_, r) = crate::interp::eval::big_quotient(&n, &d).map_err(|k| s.err(k))?;
        Ok(Value::int(if !r.is_zero() && r.is_negative() != d.is_negative() { r + &*d } else { r }))
    }),
    member("Lb", 0, |_, s, this, _| {
        let n = int(s, this)?;
        if !n.is_positive() {
            let message = format!("Argument to Lb is not strictly positive: {n}");
            return Err(s.err(ErrorKind::InvalidArgument { message }));
        }
        Ok(Value::int(n.bits() - 1))
    }),
    member("IsTwoPower", 0, |_, s, this, _| {
        let n = int(s, this)?;
        Ok(boolean(n.is_positive() && (&*n & (&*n - BigInt::one())).is_zero()))
    }),
    member("Isqrt", 0, |m, s, this, _| {
        let n = int(s, this)?;
        if n.is_negative() {
            let message = format!("Argument to Isqrt is negative: {n}");
            return Err(s.err(ErrorKind::InvalidArgument { message }));
        }
        let games = &*m.games;
        let root = crate::game::number::isqrt::isqrt_polled(n.magnitude(), &mut || games.poll_interrupt());
        Ok(Value::int(BigInt::from(root)))
    }),
    member("IsEven", 0, |_, s, this, _| Ok(boolean(int(s, this)?.is_even()))),
    member("IsOdd", 0, |_, s, this, _| Ok(boolean(int(s, this)?.is_odd()))),
    // An even (evil) or odd (odious) number of ones in binary; negative integers count the bits of their
    // two's complement that differ from the sign bit, as Java's `BigInteger.bitCount` (CGSuite).
    member("IsEvil", 0, |_, s, this, _| Ok(boolean(bit_count(&*int(s, this)?).is_multiple_of(2)))),
    member("IsOdious", 0, |_, s, this, _| Ok(boolean(bit_count(&*int(s, this)?) % 2 == 1))),
    // -2^31 <= n < 2^31 (CGSuite's native integers; cgs integers are all exact).
    member("IsSmallInteger", 0, |_, s, this, _| {
        let n = int(s, this)?;
        Ok(boolean(n.to_i32().is_some()))
    }),
    member("UglyProduct", 1, |_, s, this, args| {
        let (a, b) = (natural(s, this, "UglyProduct")?, natural(s, &args[0], "UglyProduct")?);
        Ok(Value::int(ugly_product(&BigInt::from(a), &BigInt::from(b))))
    }),
];

/// Members of `Rational` (and so of `DyadicRational` and `Integer`).
/// Members of a rational that is not dyadic (not a short game): CGSuite 2.2 answers its outcome class as a
/// surreal number's, by its sign (`(1/3).OutcomeClass` is `L`).
pub static NON_DYADIC: &[Member] = &[
    member("OutcomeClass", 0, |_, s, this, _| {
        Ok(Value::Outcome(if rat(s, this)?.is_positive() { crate::game::Outcome::L } else { crate::game::Outcome::R }))
    }),
    // A rational that is not dyadic is born on day ω (ONAG ch. 3; CGSuite 2.2: `(1/3).Birthday` is ω).
    member("Birthday", 0, |_, _, _, _| Ok(super::surreal::omega())),
];

pub static RATIONAL: &[Member] = &[
    member("Numerator", 0, |_, s, this, _| Ok(Value::int(rat(s, this)?.numer().clone()))),
    member("Denominator", 0, |_, s, this, _| Ok(Value::int(rat(s, this)?.denom().clone()))),
    member("Floor", 0, |_, s, this, _| Ok(Value::int(rat(s, this)?.floor().to_integer()))),
    member("Ceiling", 0, |_, s, this, _| Ok(Value::int(rat(s, this)?.ceil().to_integer()))),
    member("Abs", 0, |_, s, this, _| Ok(Value::rational(rat(s, this)?.abs()))),
    member("Sign", 0, |_, s, this, _| {
        let r = rat(s, this)?;
        Ok(Value::int(if r.is_positive() {
            1
        } else if r.is_negative() {
            -1
        } else {
            0
        }))
    }),
    member("IsDyadic", 0, |_, s, this, _| Ok(boolean(is_dyadic(&rat(s, this)?)))),
    member("IsInteger", 0, |_, s, this, _| Ok(boolean(rat(s, this)?.is_integer()))),
    member("IsZero", 0, |_, s, this, _| Ok(boolean(rat(s, this)?.is_zero()))),
    // A non-negative integer (CGSuite: `5.IsOrdinal`, `0.IsOrdinal` are true, `(-1).IsOrdinal` false).
    member("IsOrdinal", 0, |_, s, this, _| {
        let r = rat(s, this)?;
        Ok(boolean(r.is_integer() && !r.is_negative()))
    }),
    // CGSuite: the pair (denominator, numerator), so 0.Reciprocal is inf.
    member("Reciprocal", 0, |_, s, this, _| {
        let r = rat(s, this)?;
        if r.is_zero() {
            return Ok(Value::Infinity(1));
        }
        Ok(Value::rational(r.recip()))
    }),
    member("Max", 1, |_, s, this, args| super::infinity::extreme(s, this, args, std::cmp::Ordering::Greater)),
    member("Min", 1, |_, s, this, args| super::infinity::extreme(s, this, args, std::cmp::Ordering::Less)),
];

/// The number of ones in the binary form of `n >= 0`; for `n < 0`, of `-n - 1` (Java's `bitCount`).
fn bit_count(n: &BigInt) -> u64 {
    if n.is_negative() {
        (-n - BigInt::one()).magnitude().count_ones()
    } else {
        n.magnitude().count_ones()
    }
}

/// The ugly product of `a, b >= 0` (CGSuite's `UglyProduct`): the nim sum, over the bits `2^m` of `a` and
/// `2^n` of `b`, of `2^m ⊗ 2^n`, where `2^0 ⊗ 2^n = 2^n`, `2^m ⊗ 2^n = 2^max + 2^(min-1)` for `m != n >= 1`
/// and `2^m ⊗ 2^m = 2^(m-1)`.
fn ugly_product(a: &BigInt, b: &BigInt) -> BigInt {
    let pow2 = |k: u64| BigInt::one() << k;
    let bits = |x: &BigInt| (0..x.bits()).filter(|&k| x.bit(k)).collect::<Vec<u64>>();
    let (xs, ys) = (bits(a), bits(b));
    let mut result = BigInt::zero();
    for &x in &xs {
        for &y in &ys {
            let term = match (x, y) {
                (0, _) => pow2(y),
                (_, 0) => pow2(x),
                _ if x == y => pow2(x - 1),
                _ => pow2(x.max(y)) + pow2(x.min(y) - 1),
            };
            result ^= term;
        }
    }
    result
}

fn int<'v>(s: &Site, this: &'v Value) -> Result<Cow<'v, BigInt>, EvalError> {
    match this {
        Value::Integer(n) => Ok(n.to_big()),
        _ => Err(s.bug()),
    }
}

fn rat(s: &Site, this: &Value) -> Result<BigRational, EvalError> {
    this.as_rational().ok_or_else(|| s.bug())
}

/// A natural-number operand of a nim operation (`this` or an argument), with CGSuite's error.
fn natural(s: &Site, v: &Value, op: &str) -> Result<BigUint, EvalError> {
    match v {
        Value::Integer(n) => n.to_big().to_biguint().ok_or_else(|| {
            let message = format!("{op} applies only to nonnegative integers.");
            s.err(ErrorKind::InvalidArgument { message })
        }),
        _ => Err(s.wrong_type(0, "Integer", v)),
    }
}

/// A positive operand of `NimInverse` / `NimDiv`, with CGSuite's error.
fn positive(s: &Site, v: &Value, op: &str) -> Result<BigUint, EvalError> {
    match v {
        Value::Integer(n) if n.is_positive() => Ok(n.to_big().magnitude().clone()),
        Value::Integer(_) => {
            let message = format!("{op} applies only to positive integers.");
            Err(s.err(ErrorKind::InvalidArgument { message }))
        }
        _ => Err(s.wrong_type(0, "Integer", v)),
    }
}

fn nonzero<'v>(s: &Site, args: &'v [Value]) -> Result<Cow<'v, BigInt>, EvalError> {
    let d = integer(s, args, 0)?;
    if d.is_zero() {
        return Err(s.arg_err(0, ErrorKind::DivisionByZero));
    }
    Ok(d)
}

#[cfg(test)]
mod tests {
    use crate::game::impartial::nim_product;

    #[test]
    fn nim_products() {
        assert_eq!(nim_product(2, 2), 3);
        assert_eq!(nim_product(2, 3), 1);
        assert_eq!(nim_product(3, 3), 2);
        assert_eq!(nim_product(4, 4), 6);
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(5, 7), nim_product(7, 5));
        assert_eq!(nim_product(1, 123456789), 123456789);
        // distributivity over nim-sum
        for (a, b, c) in [(7u64, 11u64, 13u64), (300, 5000, 77), (1 << 40, 3, 1 << 33)] {
            assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
        }
    }
}
