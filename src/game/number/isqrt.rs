//! Integer square roots of numbers of any size that can be interrupted.
//!
//! num-bigint's `sqrt` runs Newton's iteration at full precision from a 52-bit guess: some fifteen full-size
//! divisions in one call that cannot be stopped (513 ms for `(10^(10^6)).Isqrt`, Ctrl-C waited for all of it).
//! Here the root of the top half of the bits is found first (recursively), then one Newton step at full size
//! and a small correction: about the cost of two full-size divisions, with `poll` called between the steps
//! and inside the division ([`div_polled`]).

use num_bigint::BigUint;
use num_traits::One;

/// Below this many bits num-bigint's own root is quick.
const DIRECT_BITS: u64 = 4096;

/// `⌊√n⌋`, calling `poll` between the big steps (it may unwind to stop the computation).
pub fn isqrt_polled(n: &BigUint, poll: &mut dyn FnMut()) -> BigUint {
    let bits = n.bits();
    if bits <= DIRECT_BITS {
        return n.sqrt();
    }
    // n = high·4^k + low: √n ≈ √high·2^k, accurate to about 2^(k+1), with k about a quarter of the bits.
    let k = bits / 4;
    let high = n >> (2 * k);
    let root_high = isqrt_polled(&high, poll);
    poll();
    let guess = (root_high << k) + BigUint::one();
    // One Newton step: the error e becomes about e²/(2√n) ≤ 2^(2k+2)/2^(2k) = a few units, never below ⌊√n⌋.
    let mut s = (&guess + div_polled(n, &guess, poll)) >> 1u32;
    poll();
    while &s * &s > *n {
        s -= 1u32;
    }
    // The Newton iterate is never below ⌊√n⌋ (AM–GM), so s is now exactly ⌊√n⌋; check in debug builds.
    debug_assert!({
        let t = &s + 1u32;
        &t * &t > *n
    });
    s
}

/// Limb operations (one 32-bit digit by one) in one step of [`div_polled`]: some milliseconds.
const STEP_WORK: usize = 1 << 24;

/// `⌊n / d⌋` by long division in blocks of the dividend's digits, calling `poll` after each block. num-bigint
/// divides in one schoolbook pass (quadratic: 0.3 s for 3.3 million bits by half as many); the blocks do the
/// same work in steps of about [`STEP_WORK`] digit operations.
pub fn div_polled(n: &BigUint, d: &BigUint, poll: &mut dyn FnMut()) -> BigUint {
    div_rem_polled(n, d, poll).0
}

/// `(⌊n / d⌋, n mod d)` as [`div_polled`] finds them.
pub fn div_rem_polled(n: &BigUint, d: &BigUint, poll: &mut dyn FnMut()) -> (BigUint, BigUint) {
    let nd = n.to_u32_digits();
    let dd = d.to_u32_digits().len().max(1);
    let step = (STEP_WORK / dd).max(64);
    if nd.len() <= dd + step {
        return num_integer::Integer::div_rem(n, d);
    }
    // Blocks from the top: r = r·B^len + block; q gets r / d; r keeps the remainder (below d). As r < d
    // before the block is added, each block's quotient is below B^len: its digits go to the block's place.
    let mut r = BigUint::default();
    let mut q = vec![0u32; nd.len()];
    let mut hi = nd.len();
    while hi > 0 {
        let lo = hi.saturating_sub(step);
        let block = BigUint::from_slice(&nd[lo..hi]);
        r = (r << (32 * (hi - lo))) + block;
        let (part, rest) = num_integer::Integer::div_rem(&r, d);
        for (i, digit) in part.iter_u32_digits().enumerate() {
            q[lo + i] = digit;
        }
        r = rest;
        hi = lo;
        poll();
    }
    let q = BigUint::new(q);
    (q, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    /// Cross-check against num-bigint's root (an independent algorithm) over sizes around the threshold, at
    /// perfect squares and their neighbours, where an off-by-one would show.
    #[test]
    fn agrees_with_num_bigint() {
        let mut poll = || {};
        let mut x = BigUint::from(0x9E37_79B9_7F4A_7C15u64);
        for bits in [4000u64, 4097, 5000, 9001, 20_000, 70_001] {
            while x.bits() < bits {
                x = &x * &x + 12345u32;
            }
            let n = &x >> (x.bits() - bits);
            for m in [n.clone(), &n + 1u32, &n * &n, &n * &n - 1u32, &n * &n + 1u32] {
                assert_eq!(isqrt_polled(&m, &mut poll), m.sqrt(), "bits {}", m.bits());
            }
        }
        assert!(isqrt_polled(&BigUint::zero(), &mut poll).is_zero());
    }

    /// Block division against num-bigint's one-pass division (an independent algorithm), over divisor sizes
    /// that make one block, a few and many.
    #[test]
    fn block_division_agrees_with_num_bigint() {
        let mut poll = || {};
        let n = BigUint::from(3u32).pow(700_000) + 17u32;
        for d in [BigUint::from(7u32), BigUint::from(5u32).pow(1000), BigUint::from(11u32).pow(200_000), n.clone()] {
            assert_eq!(div_polled(&n, &d, &mut poll), &n / &d, "divisor of {} bits", d.bits());
            assert_eq!(div_rem_polled(&n, &d, &mut poll).1, &n % &d, "divisor of {} bits", d.bits());
        }
    }

    #[test]
    fn polls_between_steps() {
        let mut calls = 0;
        let n = BigUint::from(7u32).pow(40_000);
        let r = isqrt_polled(&n, &mut || calls += 1);
        assert_eq!(r, n.sqrt());
        assert!(calls >= 4, "{calls} polls");
    }
}
