//! Greatest common divisors and reduced fractions of integers of any size that can be interrupted.
//!
//! num-integer's gcd is one binary (Stein) gcd call that cannot be stopped: 43 s for the reduction of
//! `3^(10^6) / 7^(10^6)`. Here Lehmer's gcd runs step by step on num-bigint values (each step a few scalar
//! products of the operands), with `poll` called every few steps, and operands of very different sizes are
//! first brought together by a (polled) remainder. Below [`DIRECT_BITS`] num-integer's gcd is called directly.

use super::isqrt::div_rem_polled;
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// Operands of at most this many bits go to num-integer's gcd in one call (some milliseconds).
pub const DIRECT_BITS: u64 = 1 << 16;

/// Lehmer steps between two calls of `poll`: each is four scalar products of the operands.
const POLL_EVERY: u32 = 16;

/// `gcd(a, b)` (`gcd(0, 0) = 0`), calling `poll` between the steps (it may unwind to stop the computation).
pub fn gcd_polled(a: &BigUint, b: &BigUint, poll: &mut dyn FnMut()) -> BigUint {
    if a.bits().max(b.bits()) <= DIRECT_BITS {
        return a.gcd(b);
    }
    if a.is_zero() {
        return b.clone();
    }
    if b.is_zero() {
        return a.clone();
    }
    // Lehmer's algorithm: the quotients of Euclid's algorithm on the top 63 bits are those of the full
    // numbers while two estimates agree (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L); their product matrix is
    // then applied to the full numbers in one pass, some 30 bits of progress for four scalar products.
    let (mut x, mut y) = (a.clone(), b.clone());
    let mut count = 0u32;
    loop {
        if x < y {
            std::mem::swap(&mut x, &mut y);
        }
        if y.is_zero() {
            return x;
        }
        if x.bits() <= DIRECT_BITS {
            return x.gcd(&y);
        }
        count += 1;
        if count.is_multiple_of(POLL_EVERY) {
            poll();
        }
        if x.bits() > y.bits() + 32 {
            // Far apart: one (polled) remainder.
            x = div_rem_polled(&x, &y, poll).1;
            poll();
            continue;
        }
        let k = x.bits() - 63;
        let (mut xh, mut yh) = (top(&x, k), top(&y, k));
        let (mut a0, mut b0, mut c0, mut d0) = (1i128, 0i128, 0i128, 1i128);
        loop {
            if yh + c0 == 0 || yh + d0 == 0 {
                break;
            }
            let q = (xh + a0) / (yh + c0);
            if q != (xh + b0) / (yh + d0) {
                break;
            }
            (a0, c0) = (c0, a0 - q * c0);
            (b0, d0) = (d0, b0 - q * d0);
            (xh, yh) = (yh, xh - q * yh);
        }
        if b0 == 0 {
            // No quotient found: one remainder step of Euclid's algorithm.
            x = div_rem_polled(&x, &y, poll).1;
            continue;
        }
        let (xs, ys) = (BigInt::from(x), BigInt::from(y));
        let nx = &xs * a0 + &ys * b0;
        let ny = &xs * c0 + &ys * d0;
        x = nx.into_parts().1;
        y = ny.into_parts().1;
    }
}

/// `⌊x / 2^k⌋` as an `i128` (below 2^63 where used).
fn top(x: &BigUint, k: u64) -> i128 {
    i128::from((x >> k).iter_u64_digits().next().unwrap_or(0))
}

/// `gcd(a, b)` of signed integers, never negative, by [`gcd_polled`].
pub fn gcd_int_polled(a: &BigInt, b: &BigInt, poll: &mut dyn FnMut()) -> BigInt {
    BigInt::from(gcd_polled(a.magnitude(), b.magnitude(), poll))
}

/// `lcm(a, b)`, never negative (`0` if either is `0`), by [`gcd_polled`], polled division and product.
pub fn lcm_int_polled(a: &BigInt, b: &BigInt, poll: &mut dyn FnMut()) -> BigInt {
    if a.is_zero() || b.is_zero() {
        return BigInt::zero();
    }
    let g = gcd_polled(a.magnitude(), b.magnitude(), poll);
    let q = div_rem_polled(a.magnitude(), &g, poll).0;
    BigInt::from(super::bigpow::mul_polled(&q, b.magnitude(), poll))
}

/// `n / d` in lowest terms with a positive denominator, reduced by [`gcd_polled`] and polled exact divisions;
/// `d` is not zero.
pub fn ratio_polled(n: BigInt, d: BigInt, poll: &mut dyn FnMut()) -> BigRational {
    let sign = if n.is_zero() {
        return BigRational::zero();
    } else if (n.sign() == Sign::Minus) != (d.sign() == Sign::Minus) {
        Sign::Minus
    } else {
        Sign::Plus
    };
    let g = gcd_polled(n.magnitude(), d.magnitude(), poll);
    let (n, d) = if g.is_one() {
        (n.into_parts().1, d.into_parts().1)
    } else {
        let n = div_rem_polled(n.magnitude(), &g, poll).0;
        poll();
        (n, div_rem_polled(d.magnitude(), &g, poll).0)
    };
    BigRational::new_raw(BigInt::from_biguint(sign, n), BigInt::from(d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::number::bigpow::pseudo_random;

    /// The polled gcd agrees with num-integer's (an independent implementation) on large values of every
    /// shape: random, with a large common factor, equal, one zero, powers of two, coprime powers, far apart.
    #[test]
    fn gcd_matches_num_integer() {
        let mut calls = 0u64;
        let mut poll = || calls += 1;
        let common = pseudo_random(70_000, 3);
        let p2 = |k: u64| BigUint::one() << k;
        let pow = |b: u32, k: u32| num_traits::Pow::pow(BigUint::from(b), k);
        let cases: Vec<(BigUint, BigUint)> = vec![
            (pseudo_random(100_000, 1), pseudo_random(90_000, 2)),
            (&common * pseudo_random(30_000, 4) * 6u32, &common * pseudo_random(20_000, 5) * 10u32),
            (common.clone(), common.clone()),
            (common.clone(), BigUint::zero()),
            (BigUint::zero(), common.clone()),
            (p2(100_000), p2(70_001)),
            (p2(80_000) * 3u32, p2(90_000) * 9u32),
            (pow(3, 50_000), pow(7, 30_000)),
            (pow(3, 50_000), BigUint::from(3u32 * 3 * 5)),
            (pseudo_random(200_000, 7), pseudo_random(60, 8)),
            (pseudo_random(1000, 9), pseudo_random(900, 10)),
        ];
        for (i, (a, b)) in cases.iter().enumerate() {
            assert_eq!(gcd_polled(a, b, &mut poll), a.gcd(b), "case {i}");
            assert_eq!(gcd_polled(b, a, &mut poll), a.gcd(b), "case {i} swapped");
            let (x, y) = (BigInt::from(a.clone()), -BigInt::from(b.clone()));
            assert_eq!(gcd_int_polled(&x, &y, &mut poll), x.gcd(&y), "case {i} signed");
            assert_eq!(lcm_int_polled(&y, &x, &mut poll), x.lcm(&y), "case {i} lcm");
        }
        assert!(calls > 100, "{calls} polls");
    }

    /// Reduced fractions equal num-rational's (which reduces with num-integer's gcd) for every sign.
    #[test]
    fn ratios_match_num_rational() {
        let mut poll = || {};
        let common = BigInt::from(pseudo_random(40_000, 11));
        let a = &common * BigInt::from(pseudo_random(50_000, 12));
        let b = &common * BigInt::from(pseudo_random(45_000, 13));
        let c = BigInt::from(pseudo_random(80_000, 14));
        for (n, d) in [(a.clone(), b.clone()), (-a.clone(), b.clone()), (a.clone(), -b.clone()), (-b, -a.clone())]
            .into_iter()
            .chain([(c.clone(), a.clone()), (BigInt::zero(), -c.clone()), (c.clone() * 4, BigInt::from(-6))])
        {
            let want = BigRational::new(n.clone(), d.clone());
            let got = ratio_polled(n, d, &mut poll);
            assert_eq!((got.numer(), got.denom()), (want.numer(), want.denom()));
        }
    }
}
