//! Products and powers of integers of any size that can be interrupted.
//!
//! num-bigint multiplies in one call that cannot be stopped: the last squaring of `3^(8*10^6)` alone takes
//! over a second. Here the large products are split (Karatsuba's three half-size products at the top levels,
//! blocks for a small factor times a large one) until each piece is a num-bigint product of some
//! milliseconds, and `poll` is called between the pieces; a power is computed by repeated squaring with these
//! products.

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};

/// Products whose smaller factor has at most this many bits go to num-bigint in one call (a few ms).
const DIRECT_BITS: u64 = 1 << 18;

/// Factors this small times anything are a linear pass: num-bigint does it in one call.
const TINY_BITS: u64 = 4096;

/// `a·b`, calling `poll` between the pieces (it may unwind to stop the computation).
pub fn mul_polled(a: &BigUint, b: &BigUint, poll: &mut dyn FnMut()) -> BigUint {
    let (small, large) = if a.bits() <= b.bits() { (a, b) } else { (b, a) };
    let (sb, lb) = (small.bits(), large.bits());
    if sb <= TINY_BITS || lb <= DIRECT_BITS {
        return small * large;
    }
    if lb > 2 * sb.max(DIRECT_BITS) {
        // Unbalanced: the large factor in blocks about the size of the small one, from the top.
        let width = digits_for(sb.max(DIRECT_BITS));
        let digits = large.to_u32_digits();
        let mut acc = BigUint::default();
        let mut hi = digits.len();
        while hi > 0 {
            let lo = hi.saturating_sub(width);
            let block = BigUint::from_slice(&digits[lo..hi]);
            let part = mul_polled(small, &block, poll);
            acc = (acc << (32 * (hi - lo))) + part;
            hi = lo;
            poll();
        }
        return acc;
    }
    if sb <= DIRECT_BITS {
        poll();
        return small * large;
    }
    // Balanced: a = a1·2^h + a0, b = b1·2^h + b0; a·b = z2·2^2h + (z1 − z2 − z0)·2^h + z0 with z2 = a1·b1,
    // z0 = a0·b0, z1 = (a1 + a0)(b1 + b0).
    let half = digits_for(lb) / 2;
    let (a1, a0) = split(a, half);
    let (b1, b0) = split(b, half);
    let z2 = mul_polled(&a1, &b1, poll);
    poll();
    let z0 = mul_polled(&a0, &b0, poll);
    poll();
    let z1 = mul_polled(&(a1 + a0), &(b1 + b0), poll) - &z2 - &z0;
    poll();
    let h = 32 * half as u64;
    (z2 << (2 * h)) + (z1 << h) + z0
}

/// `a·b` of signed integers by [`mul_polled`].
pub fn mul_int_polled(a: &BigInt, b: &BigInt, poll: &mut dyn FnMut()) -> BigInt {
    BigInt::from_biguint(a.sign() * b.sign(), mul_polled(a.magnitude(), b.magnitude(), poll))
}

/// `(q, r)` with `a = q·b + r`, the quotient truncated toward zero and the remainder of `a`'s sign (Rust's
/// and Java's `/` and `%`), by polled long division ([`super::isqrt::div_rem_polled`]); `b` is not zero.
pub fn div_rem_int_polled(a: &BigInt, b: &BigInt, poll: &mut dyn FnMut()) -> (BigInt, BigInt) {
    let (q, r) = super::isqrt::div_rem_polled(a.magnitude(), b.magnitude(), poll);
    (BigInt::from_biguint(a.sign() * b.sign(), q), BigInt::from_biguint(a.sign(), r))
}

/// `(q, r)` with `a = q·b + r`, the quotient rounded down and the remainder of `b`'s sign (floor division),
/// as [`div_rem_int_polled`] finds them; `b` is not zero.
pub fn div_mod_floor_polled(a: &BigInt, b: &BigInt, poll: &mut dyn FnMut()) -> (BigInt, BigInt) {
    let (q, r) = div_rem_int_polled(a, b, poll);
    if !r.is_zero() && (r.sign() == Sign::Minus) != (b.sign() == Sign::Minus) {
        (q - 1, r + b)
    } else {
        (q, r)
    }
}

/// 32-bit digits holding `bits` bits.
fn digits_for(bits: u64) -> usize {
    bits.div_ceil(32) as usize
}

/// `(x >> 32·k, x mod 2^(32·k))`.
fn split(x: &BigUint, k: usize) -> (BigUint, BigUint) {
    let digits = x.to_u32_digits();
    if digits.len() <= k {
        return (BigUint::default(), x.clone());
    }
    (BigUint::from_slice(&digits[k..]), BigUint::from_slice(&digits[..k]))
}

/// `base^k` by repeated squaring with [`mul_polled`], calling `poll` between the steps.
pub fn pow_polled(base: &BigUint, k: u64, poll: &mut dyn FnMut()) -> BigUint {
    if k == 0 {
        return BigUint::one();
    }
    let mut r = base.clone();
    for i in (0..63 - k.leading_zeros()).rev() {
        r = mul_polled(&r, &r, poll);
        poll();
        if k >> i & 1 == 1 {
            r = mul_polled(&r, base, poll);
            poll();
        }
    }
    r
}

/// A deterministic pseudo-random number of at most `bits` bits (xorshift limbs), for the tests of the
/// polled big-integer paths (`bigpow`, `decimal`, `gcd`).
#[cfg(test)]
pub(crate) fn pseudo_random(bits: u64, seed: u64) -> BigUint {
    let mut x = seed | 1;
    let digits: Vec<u32> = (0..bits.div_ceil(32))
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u32
        })
        .collect();
    BigUint::from_slice(&digits) >> (digits.len() as u64 * 32 - bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Pow;

    /// Products of every shape (tiny, unbalanced, balanced, odd sizes) agree with num-bigint's.
    #[test]
    fn products_match_num_bigint() {
        let mut poll = || {};
        for (i, &(x, y)) in [
            (10, 3_000_000),
            (5000, 3_000_000),
            (300_000, 2_500_000),
            (600_001, 600_000),
            (1_200_000, 900_000),
            (262_145, 1 << 20),
        ]
        .iter()
        .enumerate()
        {
            let a = pseudo_random(x, 17 + i as u64);
            let b = pseudo_random(y, 91 + i as u64);
            assert_eq!(mul_polled(&a, &b, &mut poll), &a * &b, "{x} × {y} bits");
            assert_eq!(mul_polled(&b, &b, &mut poll), &b * &b, "{y} bits squared");
        }
    }

    /// Signed products, truncated and floored quotients and remainders agree with num-bigint's and
    /// num-integer's direct results (independent algorithms) for every sign and for small and large sizes.
    #[test]
    fn signed_products_and_quotients_match() {
        use num_integer::Integer;
        let mut poll = || {};
        let sizes = [(7u64, 3u64), (100, 2_000_000), (1_500_000, 700_000), (2_000_000, 1_999_999), (40, 900_000)];
        for (i, &(x, y)) in sizes.iter().enumerate() {
            let a = BigInt::from(pseudo_random(x, 5 + i as u64) + 1u32);
            let b = BigInt::from(pseudo_random(y, 50 + i as u64) + 1u32);
            for (a, b) in [(a.clone(), b.clone()), (-a.clone(), b.clone()), (a.clone(), -b.clone()), (-a, -b)] {
                assert_eq!(mul_int_polled(&a, &b, &mut poll), &a * &b);
                assert_eq!(div_rem_int_polled(&a, &b, &mut poll), (&a / &b, &a % &b), "{x}/{y} bits");
                assert_eq!(div_mod_floor_polled(&a, &b, &mut poll), a.div_mod_floor(&b), "{x}/{y} bits");
                assert_eq!(div_rem_int_polled(&b, &a, &mut poll), (&b / &a, &b % &a));
            }
        }
        let z = BigInt::zero();
        assert_eq!(mul_int_polled(&z, &BigInt::from(-5), &mut poll), z);
    }

    #[test]
    fn powers_match_num_bigint_and_poll() {
        let mut calls = 0;
        for (b, k) in [(3u32, 0u64), (3, 1), (3, 2), (7, 12345), (3, 1_000_001), (1000, 200_000)] {
            let base = BigUint::from(b);
            assert_eq!(pow_polled(&base, k, &mut || calls += 1), Pow::pow(&base, k), "{b}^{k}");
        }
        assert!(calls > 40, "{calls} polls");
    }
}
