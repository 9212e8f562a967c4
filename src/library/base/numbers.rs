//! Members of integers and rationals (numbers also answer every game member, see `game.rs`).

use super::{boolean, integer, member, Member, Site};
use crate::game::number::nimfield;
use crate::interp::error::{ErrorKind, EvalError};
use crate::interp::native::Param;
use crate::interp::value::{is_dyadic, Value};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer as _;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::borrow::Cow;

/// Members of `Integer`.
pub static INTEGER: &[Member] = crate::member_table![
    crate::member!(NimSum(that: GeneralizedOrdinal) => "The nim sum of two non-negative integers: binary addition without carries (bitwise exclusive or).", "5.NimSum(3)", |m, s, this, args| {
        if let Some(r) = super::surreal::integer_nim(m, s, this, args, "NimSum") {
            return r;
        }
        // CGSuite's wording for either operand negative.
        let (a, b) = (natural(s, this, "NimSum")?, natural(s, &args[0], "NimSum")?);
        Ok(Value::int(BigInt::from(a ^ b)))
    })
    // CGSuite 2.2 declares it twice (`Integer`'s `that as Integer`, `GeneralizedOrdinal`'s): an overload.
    .params(&[&[Param::required("that", "Integer")], &[Param::required("that", "GeneralizedOrdinal")]]),
    // Nim arithmetic on naturals of any size (`game::number::nimfield`), with CGSuite's error wording.
    crate::member!(NimProduct(that: GeneralizedOrdinal) => "The nim product of two non-negative integers, the multiplication of the nimber field.", "2.NimProduct(2)", |m, s, this, args| {
        if let Some(r) = super::surreal::integer_nim(m, s, this, args, "NimProduct") {
            return r;
        }
        let (a, b) = (natural(s, this, "NimProduct")?, natural(s, &args[0], "NimProduct")?);
        Ok(Value::int(BigInt::from(nimfield::nim_product(&a, &b))))
    })
    // CGSuite 2.2 declares it twice (`Integer`'s `that as Integer`, `GeneralizedOrdinal`'s): an overload.
    .params(&[&[Param::required("that", "Integer")], &[Param::required("that", "GeneralizedOrdinal")]]),
    crate::member!(NimInverse => "The inverse of a positive integer in nim multiplication.", "2.NimInverse", |_, s, this, _| {
        let a = positive(s, this, "NimInverse")?;
        Ok(Value::int(BigInt::from(nimfield::nim_inverse(&a).ok_or_else(|| s.bug())?)))
    }),
    crate::member!(NimDiv(that: Integer) => "Nim division: the nim product of the integer and the nim inverse of the positive integer `n`.", "3.NimDiv(2)", |_, s, this, args| {
        let a = natural(s, this, "NimDiv")?;
        let b = positive(s, &args[0], "NimInverse")?;
        let inv = nimfield::nim_inverse(&b).ok_or_else(|| s.bug())?;
        Ok(Value::int(BigInt::from(nimfield::nim_product(&a, &inv))))
    }),
    crate::member!(NimExp(that: Integer) => "The k-th nim power: the integer nim-multiplied by itself k times.", "2.NimExp(3)", |_, s, this, args| {
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
    crate::member!(OmegaPower => "The surreal number ω to the power of the integer (1/ω^2 for -2).", "2.OmegaPower", |_, s, this, _| Ok(super::surreal::integer_omega_power(&*int(s, this)?))),
    // Large operands by a gcd that polls for Ctrl-C, after a look at the memory budget.
    crate::member!(Gcd(that: Integer) => "The greatest common divisor of the two integers.", "12.Gcd(18)", |_, s, this, args| {
        let (a, b) = (int(s, this)?, integer(s, args, 0)?);
        crate::interp::eval::big_gcd(&a, &b, false).map(Value::int).map_err(|k| s.err(k))
    }),
    member("Lcm", 1, |_, s, this, args| {
        let (a, b) = (int(s, this)?, integer(s, args, 0)?);
        crate::interp::eval::big_gcd(&a, &b, true).map(Value::int).map_err(|k| s.err(k))
    })
    .doc("(n)", "The least common multiple of the two integers. Not in CGSuite.", "4.Lcm(6)"),
    // CGSuite's `Div` is Java's BigInteger division: the quotient truncated toward zero ((-7).Div(2) = -3).
    crate::member!(Div(that: Integer) => "The quotient of integer division, truncated toward zero.", "(-7).Div(2)", |_, s, this, args| {
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
    })
    .doc(
        "(n)",
        "The remainder of division by n, with the sign of n (so `a.Mod(n)` lies in 0..n-1 for positive n). Not in CGSuite.",
        "(-7).Mod(3)",
    ),
    crate::member!(Lb => "The base-2 logarithm of a positive integer, rounded down (the position of its highest one bit).", "40.Lb", |_, s, this, _| {
        let n = int(s, this)?;
        if !n.is_positive() {
            let message = format!("Argument to Lb is not strictly positive: {n}");
            return Err(s.err(ErrorKind::InvalidArgument { message }));
        }
        Ok(Value::int(n.bits() - 1))
    }),
    crate::member!(IsTwoPower => "Whether the integer is a power of two (1, 2, 4, ...).", "64.IsTwoPower", |_, s, this, _| {
        let n = int(s, this)?;
        Ok(boolean(n.is_positive() && (&*n & (&*n - BigInt::one())).is_zero()))
    }),
    crate::member!(Isqrt => "The integer square root of a non-negative integer: the greatest k with k*k <= n.", "50.Isqrt", |m, s, this, _| {
        let n = int(s, this)?;
        if n.is_negative() {
            let message = format!("Argument to Isqrt is negative: {n}");
            return Err(s.err(ErrorKind::InvalidArgument { message }));
        }
        let games = &*m.games;
        let root = crate::game::number::isqrt::isqrt_polled(n.magnitude(), &mut || games.poll_interrupt());
        Ok(Value::int(BigInt::from(root)))
    }),
    crate::member!(IsEven => "Whether the integer is divisible by 2.", "6.IsEven", |_, s, this, _| Ok(boolean(int(s, this)?.is_even()))),
    crate::member!(IsOdd => "Whether the integer is not divisible by 2.", "6.IsOdd", |_, s, this, _| Ok(boolean(int(s, this)?.is_odd()))),
    // An even (evil) or odd (odious) number of ones in binary; negative integers count the bits of their
    // two's complement that differ from the sign bit, as Java's `BigInteger.bitCount` (CGSuite).
    crate::member!(IsEvil => "Whether the binary form has an even number of ones (for n < 0, counted in two's complement as Java does).", "5.IsEvil", |_, s, this, _| Ok(boolean(bit_count(&*int(s, this)?).is_multiple_of(2)))),
    crate::member!(IsOdious => "Whether the binary form has an odd number of ones.", "7.IsOdious", |_, s, this, _| Ok(boolean(bit_count(&*int(s, this)?) % 2 == 1))),
    // -2^31 <= n < 2^31 (CGSuite's native integers; cgs integers are all exact).
    crate::member!(IsSmallInteger => "Whether the integer fits CGSuite's small (32-bit) integers: -2^31 <= n < 2^31.", "(2^31).IsSmallInteger", |_, s, this, _| {
        let n = int(s, this)?;
        Ok(boolean(n.to_i32().is_some()))
    }),
    crate::member!(UglyProduct(that: Integer) => "The ugly product of two non-negative integers (the product of Conway's ugly nimbers).", "3.UglyProduct(3)", |_, s, this, args| {
        let (a, b) = (natural(s, this, "UglyProduct")?, natural(s, &args[0], "UglyProduct")?);
        Ok(Value::int(ugly_product(&BigInt::from(a), &BigInt::from(b))))
    }),
];

/// Members of `Rational` (and so of `DyadicRational` and `Integer`).
/// Members of a rational that is not dyadic (not a short game): CGSuite 2.2 answers its outcome class as a
/// surreal number's, by its sign (`(1/3).OutcomeClass` is `L`).
pub static NON_DYADIC: &[Member] = crate::member_table![
    crate::member!(OutcomeClass => "The outcome class of a rational that is not dyadic, as a surreal number: `L` when positive, `R` when negative.", "(1/3).OutcomeClass", |_, s, this, _| {
        Ok(Value::Outcome(if rat(s, this)?.is_positive() { crate::game::Outcome::L } else { crate::game::Outcome::R }))
    }),
    // A rational that is not dyadic is born on day ω (ONAG ch. 3; CGSuite 2.2: `(1/3).Birthday` is ω).
    crate::member!(Birthday => "The birthday of a rational that is not dyadic: ω.", "(1/3).Birthday", |_, _, _, _| Ok(super::surreal::omega())),
    // CGSuite 2.2's `NormalValue` predicates on a rational that is not dyadic (a number, a stopper, not finite:
    // `(1/3).IsFinite` is false there, as its birthday is ω).
    crate::member!(IsNumber => "True: a rational is a number.", "(1/3).IsNumber", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsNumberish => "True, as for every number.", "(1/3).IsNumberish", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsNumberTiny => "True, as CGSuite answers for every number.", "(1/3).IsNumberTiny", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsPseudonumber => "True: a number is a pseudonumber.", "(1/3).IsPseudonumber", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsStopper => "True: a number is a stopper.", "(1/3).IsStopper", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsStopperSided => "True: a number is stopper-sided.", "(1/3).IsStopperSided", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsLoopfree => "True: a number has no cycles.", "(1/3).IsLoopfree", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsPlumtree => "True, as for every loopfree value.", "(1/3).IsPlumtree", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsUptimal => "True, as CGSuite answers for every number.", "(1/3).IsUptimal", |_, _, _, _| Ok(boolean(true))),
    crate::member!(IsInfinitesimal => "False: a nonzero number is not infinitesimal.", "(1/3).IsInfinitesimal", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsNimber => "False: a rational that is not dyadic is not a nimber.", "(1/3).IsNimber", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsIdempotent => "False: x + x is not x for a nonzero number.", "(1/3).IsIdempotent", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsFinite => "False: its birthday is ω (CGSuite 2.2).", "(1/3).IsFinite", |_, _, _, _| Ok(boolean(false))),
    crate::member!(IsAllSmall => "False: a nonzero number is not all-small.", "(1/3).IsAllSmall", |_, _, _, _| Ok(boolean(false))),
];

pub static RATIONAL: &[Member] = crate::member_table![
    crate::member!(Numerator => "The numerator of the number in lowest terms.", "(6/4).Numerator", |_, s, this, _| Ok(Value::int(rat(s, this)?.numer().clone()))),
    crate::member!(Denominator => "The denominator of the number in lowest terms (1 for an integer).", "(6/4).Denominator", |_, s, this, _| Ok(Value::int(rat(s, this)?.denom().clone()))),
    crate::member!(Floor => "The greatest integer not above the number.", "(-5/2).Floor", |_, s, this, _| Ok(Value::int(rat(s, this)?.floor().to_integer()))),
    crate::member!(Ceiling => "The least integer not below the number.", "(5/2).Ceiling", |_, s, this, _| Ok(Value::int(rat(s, this)?.ceil().to_integer()))),
    crate::member!(Abs => "The absolute value.", "(-3/4).Abs", |_, s, this, _| Ok(Value::rational(rat(s, this)?.abs()))),
    crate::member!(Sign => "-1, 0 or 1 as the number is negative, zero or positive.", "(-3/4).Sign", |_, s, this, _| {
        let r = rat(s, this)?;
        Ok(Value::int(if r.is_positive() {
            1
        } else if r.is_negative() {
            -1
        } else {
            0
        }))
    }),
    crate::member!(IsDyadic => "Whether the denominator is a power of two (the number is then a short game).", "(3/8).IsDyadic", |_, s, this, _| Ok(boolean(is_dyadic(&rat(s, this)?)))),
    crate::member!(IsInteger => "Whether the number is an integer.", "(4/2).IsInteger", |_, s, this, _| Ok(boolean(rat(s, this)?.is_integer()))),
    crate::member!(IsZero => "Whether the number is 0.", "(0/5).IsZero", |_, s, this, _| Ok(boolean(rat(s, this)?.is_zero()))),
    // A non-negative integer (CGSuite: `5.IsOrdinal`, `0.IsOrdinal` are true, `(-1).IsOrdinal` false).
    crate::member!(IsOrdinal => "Whether the number is a non-negative integer.", "(-1).IsOrdinal", |_, s, this, _| {
        let r = rat(s, this)?;
        Ok(boolean(r.is_integer() && !r.is_negative()))
    }),
    // CGSuite: the pair (denominator, numerator), so 0.Reciprocal is inf.
    crate::member!(Reciprocal => "1 divided by the number (the reciprocal of 0 is `inf`).", "(2/3).Reciprocal", |_, s, this, _| {
        let r = rat(s, this)?;
        if r.is_zero() {
            return Ok(Value::Infinity(1));
        }
        Ok(Value::rational(r.recip()))
    }),
    member("Max", 1, |_, s, this, args| super::infinity::extreme(s, this, args, std::cmp::Ordering::Greater))
        .params(&[&[Param::required("elements", "Collection")], &[Param::required("that", "Rational")]])
        .doc("", "The greater of the number and x.", "(1/3).Max(1/2)"),
    member("Min", 1, |_, s, this, args| super::infinity::extreme(s, this, args, std::cmp::Ordering::Less))
        .params(&[&[Param::required("elements", "Collection")], &[Param::required("that", "Rational")]])
        .doc("", "The lesser of the number and x.", "(1/3).Min(1/2)"),
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
