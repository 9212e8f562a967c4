//! Exact dyadic rationals of any size ([`BigRational`] with a power-of-two denominator), for numbers
//! beyond the range of [`Dyadic`] and of the arena (`MAX_INT`): conversions and the number facts that
//! need no game tree (options, birthday, temperature).
//!
//! The arena keeps every number it stores as an explicit game (an integer `n` is a chain of `|n|`
//! nodes), so it only holds numbers of modest size; `Games::cmp_with_big` and the other methods of
//! `short::bignum` combine an arena game `G` with a big number `x` to answer questions about `x + G`.

use super::Dyadic;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// Whether `r`'s denominator is a power of two.
pub fn is_dyadic(r: &BigRational) -> bool {
    let d = r.denom();
    d.is_positive() && (d & (d - BigInt::one())).is_zero()
}

/// `k` where the denominator of the dyadic `r` is `2^k`.
pub fn dyadic_exp(r: &BigRational) -> u64 {
    r.denom().bits() - 1
}

/// The exact value of a [`Dyadic`].
pub fn dyadic_to_big(d: Dyadic) -> BigRational {
    d.to_big()
}

/// `r` as a [`Dyadic`], if it is dyadic.
pub fn big_to_dyadic(r: &BigRational) -> Option<Dyadic> {
    Dyadic::of(r)
}

/// The birthday of the dyadic `x` as a game: `|n|` for an integer, else `floor(|x|) + 1 + k` for a
/// denominator `2^k` (the same rule as [`Dyadic::birthday`]).
pub fn big_birthday(x: &BigRational) -> BigInt {
    let a = x.abs();
    if a.is_integer() {
        a.to_integer()
    } else {
        a.floor().to_integer() + BigInt::one() + BigInt::from(dyadic_exp(x))
    }
}

/// The Left and Right options of the dyadic `x` in canonical form: `n - 1` / none for an integer
/// `n > 0`, none / `n + 1` for `n < 0`, `x ∓ 2^-k` for a denominator `2^k > 1`.
pub fn big_options(x: &BigRational) -> (Vec<BigRational>, Vec<BigRational>) {
    if x.is_integer() {
        let one = BigRational::one();
        if x.is_positive() {
            (vec![x - one], vec![])
        } else if x.is_negative() {
            (vec![], vec![x + one])
        } else {
            (vec![], vec![])
        }
    } else {
        let step = BigRational::new(BigInt::one(), x.denom().clone());
        (vec![x - &step], vec![x + step])
    }
}

/// The temperature of the dyadic `x`: `-1` for an integer, `-2^-k` for a denominator `2^k > 1`.
pub fn big_temperature(x: &BigRational) -> BigRational {
    -BigRational::new(BigInt::one(), x.denom().clone())
}

/// `2^k` (`k` of either sign) as an exact rational.
pub fn two_power(k: i64) -> BigRational {
    let p = BigInt::one() << k.unsigned_abs();
    if k >= 0 {
        BigRational::from_integer(p)
    } else {
        BigRational::new(BigInt::one(), p)
    }
}
