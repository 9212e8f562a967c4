//! Decimal text of integers of any size that can be interrupted, and the first digits alone.
//!
//! num-bigint writes decimal digits in one call that cannot be stopped and takes time quadratic in the size
//! (6 s for the 1.9 million digits of `3^(4*10^6)`, minutes for ten million). Here a large number is split
//! by the powers `10^(L·2^j)` into halves that are written one after the other, the divisions in polled
//! blocks ([`div_rem_polled`]) and the pieces below `10^L` by num-bigint, with `poll` called between them.
//!
//! When only the first `k` digits will be shown (the print limit), [`leading_digits_polled`] finds them
//! without writing the rest: `⌊n / 10^e⌋ = ⌊⌊n / 2^e⌋ / 5^e⌋`, the quotient taken from the top bits of both
//! numbers and checked exactly when the top bits do not decide it.

use super::bigpow::{mul_polled, pow_polled};
use super::isqrt::div_rem_polled;
use num_bigint::{BigInt, BigUint};
use num_traits::{Signed, Zero};

/// The decimal text of `n`, or with a print limit of `room` characters left, a prefix of it longer than `room`
/// when the whole is (the printer cuts it there), calling `poll` between the pieces. Unwinds with
/// [`crate::game::budget::OutOfBudget`] when the temporaries (about three times `n`'s size) would cross the
/// memory budget.
pub fn int_text(n: &BigInt, room: Option<usize>, poll: &mut dyn FnMut()) -> String {
    if n.bits() <= 2 * 13_600 {
        return n.to_string();
    }
    if crate::game::budget::would_exceed(usize::try_from(n.bits() / 8 * 3).unwrap_or(usize::MAX)) {
        std::panic::panic_any(crate::game::budget::OutOfBudget);
    }
    let digits = match room.and_then(|k| leading_digits_polled(n.magnitude(), k, poll)) {
        Some(prefix) => prefix,
        None => to_decimal_polled(n.magnitude(), poll),
    };
    if n.is_negative() {
        format!("-{digits}")
    } else {
        digits
    }
}

/// Decimal digits of the pieces num-bigint writes in one call (a few hundred microseconds each).
const LEAF_DIGITS: usize = 4096;

/// The decimal digits of `n`, calling `poll` between the pieces (it may unwind to stop the work).
pub fn to_decimal_polled(n: &BigUint, poll: &mut dyn FnMut()) -> String {
    // 10^4096 has 13,607 bits: below twice that, one num-bigint call.
    if n.bits() <= 2 * 13_600 {
        return n.to_string();
    }
    // pows[j] = 10^(L·2^j), up to the first whose square is above n.
    let mut pows = vec![BigUint::from(10u32).pow(LEAF_DIGITS as u32)];
    loop {
        let last = pows.last().unwrap_or_else(|| unreachable!());
        if 2 * (last.bits() - 1) >= n.bits() {
            break;
        }
        let next = mul_polled(last, last, poll);
        poll();
        pows.push(next);
    }
    // Now n < pows[len-1]^2 = 10^(L·2^len).
    let mut out = String::with_capacity((n.bits() as f64 * std::f64::consts::LOG10_2) as usize + 2);
    write(n, &pows, pows.len(), false, &mut out, poll);
    out
}

/// Writes `n < 10^(L·2^level)`, with exactly `L·2^level` digits when `pad` (leading zeros).
fn write(n: &BigUint, pows: &[BigUint], level: usize, pad: bool, out: &mut String, poll: &mut dyn FnMut()) {
    if level == 0 {
        let s = n.to_string();
        if pad {
            out.extend(std::iter::repeat_n('0', LEAF_DIGITS - s.len()));
        }
        out.push_str(&s);
        return;
    }
    let (hi, lo) = div_rem_polled(n, &pows[level - 1], poll);
    poll();
    if pad || !hi.is_zero() {
        write(&hi, pows, level - 1, pad, out, poll);
        write(&lo, pows, level - 1, true, out, poll);
    } else {
        write(&lo, pows, level - 1, false, out, poll);
    }
}

/// The first digits of `n`'s decimal text when it has more than `k` digits: a prefix of that text of `k` to
/// `k + 4` digits (`None` when `n` has at most `k + 5` digits or is small enough to write whole quickly).
pub fn leading_digits_polled(n: &BigUint, k: usize, poll: &mut dyn FnMut()) -> Option<String> {
    let bits = n.bits();
    if bits < 1 << 16 {
        return None;
    }
    // n ≥ 2^(bits-1) has at least ⌊(bits-1)·log10 2⌋ + 1 digits, and at most 2 more (n < 2^bits): so at
    // least `at_least + 2` (one less than that allows for the rounding of f64) and at most `at_least + 3`.
    let at_least = ((bits - 1) as f64 * std::f64::consts::LOG10_2).floor() as u64 - 1;
    let k64 = k as u64;
    if at_least <= k64 + 2 {
        return None;
    }
    // q = ⌊n / 10^e⌋ has k + 2 or k + 3 digits (one more at most for the rounding), n's first ones.
    let e = at_least - k64;
    let shifted = n >> e;
    let five = pow_polled(&BigUint::from(5u32), e, poll);
    poll();
    // The quotient has at most k + 4 digits (n < 10^(at_least + 2)); keep 64 bits more than that of both.
    let q_bits = ((k64 + 4) as f64 / std::f64::consts::LOG10_2).ceil() as u64 + 1;
    let t = five.bits().saturating_sub(q_bits + 64);
    let a = &shifted >> t;
    let b = &five >> t;
    // shifted ∈ [a·2^t, (a+1)·2^t) and five ∈ [b·2^t, (b+1)·2^t): q lies between a/(b+1) and (a+1)/b.
    let lo = &a / (&b + 1u32);
    let mut q = (&a + 1u32) / &b;
    poll();
    while q > lo && mul_polled(&q, &five, poll) > shifted {
        q -= 1u32;
        poll();
    }
    Some(q.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::number::bigpow::pseudo_random;

    /// The pieces agree with num-bigint's one-call text (an independent algorithm) for random numbers of many
    /// sizes, powers of ten and their neighbours (where a piece of zeros or a missing pad would show).
    #[test]
    fn agrees_with_num_bigint() {
        let mut polls = 0;
        let mut values = Vec::new();
        for (i, bits) in [1u64, 64, 27_000, 27_300, 40_000, 100_001, 300_000, 1_000_003].into_iter().enumerate() {
            values.push(pseudo_random(bits, 7 + i as u64));
        }
        for d in [8191u32, 8192, 16_384, 50_000, 100_000] {
            let p = BigUint::from(10u32).pow(d);
            values.push(&p - 1u32);
            values.push(&p + 1u32);
            values.push(p.clone());
            values.push(&p * 7u32 + BigUint::from(10u32).pow(d / 2 - 3));
        }
        for v in values {
            assert_eq!(to_decimal_polled(&v, &mut || polls += 1), v.to_string(), "{} bits", v.bits());
        }
        assert!(polls > 50, "{polls} polls");
    }

    /// Signs, small numbers, and the prefix under a print limit.
    #[test]
    fn int_text_writes_signs_and_prefixes() {
        let mut poll = || {};
        let big = BigInt::from(pseudo_random(300_000, 99));
        for n in [BigInt::from(0), BigInt::from(-17), big.clone(), -big.clone()] {
            assert_eq!(int_text(&n, None, &mut poll), n.to_string());
        }
        let cut = int_text(&-big.clone(), Some(500), &mut poll);
        assert!(cut.len() > 500 && cut.len() < 510 && (-big).to_string().starts_with(&cut), "{cut}");
    }

    /// The leading digits are a prefix of num-bigint's text, of k to k + 3 digits, also at powers of ten
    /// and their neighbours (where ⌊n / 10^e⌋ is decided by the exact check).
    #[test]
    fn leading_digits_are_a_prefix() {
        let mut poll = || {};
        let mut values = vec![pseudo_random(200_000, 3), pseudo_random(70_000, 5), pseudo_random(1 << 20, 11)];
        for d in [30_000u32, 60_001] {
            let p = BigUint::from(10u32).pow(d);
            values.push(&p - 1u32);
            values.push(p.clone());
            values.push(&p + 1u32);
            values.push(&p * 3u32 - 1u32);
        }
        for v in values {
            let full = v.to_string();
            for k in [100usize, 1000, 19_000, full.len() - 3, full.len() - 2, full.len()] {
                match leading_digits_polled(&v, k, &mut poll) {
                    Some(s) => {
                        assert!(full.starts_with(&s), "{} bits, k = {k}", v.bits());
                        assert!(s.len() > k && s.len() <= k + 4, "{} digits for k = {k}", s.len());
                    }
                    None => assert!(v.bits() < 1 << 16 || full.len() <= k + 5, "{} digits, k = {k}", full.len()),
                }
            }
        }
    }
}
